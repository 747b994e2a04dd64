import { canonicalize, type Message } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { anthropicConverter } from "../../converters.js";
import { isJsonObject, type JsonObject } from "../../conversion/index.js";

const payloads = loadRealFixtures().flatMap((file) => file.payloads.filter((payload) => payload.api === "anthropic"));
const ofKind = <K extends Payload["kind"]>(kind: K) =>
  payloads.filter((payload): payload is Extract<Payload, { kind: K }> => payload.kind === kind);
const requests = ofKind("request");
const responses = ofKind("response");
const streams = ofKind("stream");
const errors = ofKind("error");

/** A deliberately broken recording: a second message_start cuts the first message off mid tool call. */
const splicedStream = "spliced-message-start";

describe("real Anthropic fixtures", () => {
  it("are all classified: requests, responses and streams (and no error bodies are recorded)", () => {
    expect(requests.length).toBe(92);
    expect(responses.length).toBeGreaterThanOrEqual(100);
    expect(streams.length).toBeGreaterThanOrEqual(30);
    expect(payloads.length).toBe(requests.length + responses.length + streams.length + errors.length);
    expect(errors).toEqual([]);
  });

  it.each(requests.map((payload) => [payload.origin, payload] as const))(
    "request %s round-trips",
    (_origin, payload) => {
      const canonical = anthropicConverter.requestToCanonical(payload.value);
      if (!canonical.ok) throw new Error(JSON.stringify(canonical.errors));
      expect(validateTranscript(canonical.document).ok).toBe(true);
      expect(canonical.warnings).toEqual([]);
      // Every recorded request comes back exactly (consecutive messages of one role included), with no warning.
      const back = anthropicConverter.requestFromCanonical(canonical.document, { strict: true });
      if (!back.ok) throw new Error(JSON.stringify(back.errors));
      expect(back.value).toStrictEqual(payload.value);
      expect(canonicalize(back.value)).toBe(canonicalize(payload.value));
      expect(back.warnings).toEqual([]);
    },
  );

  it.each(responses.map((payload) => [payload.origin, payload] as const))(
    "response %s round-trips",
    (_origin, payload) => {
      const canonical = anthropicConverter.responseToCanonical(payload.value);
      if (!canonical.ok) throw new Error(JSON.stringify(canonical.errors));
      expect(validateTranscript(canonical.document).ok).toBe(true);
      expect(canonical.warnings).toEqual([]);
      expect(canonical.document.messages).toHaveLength(1);
      const message = canonical.document.messages[0] as Message;
      expect(message).toMatchObject({
        role: "assistant",
        response_id: (payload.value as JsonObject).id,
        model: (payload.value as JsonObject).model,
      });
      expect(message.usage?.raw).toEqual({ provider: "anthropic", usage: (payload.value as JsonObject).usage });
      const back = anthropicConverter.responseFromCanonical(canonical.document, { strict: true });
      if (!back.ok) throw new Error(JSON.stringify(back.errors));
      expect(back.value).toStrictEqual(payload.value);
      expect(canonicalize(back.value)).toBe(canonicalize(payload.value));
      expect(back.warnings).toEqual([]);
    },
  );

  it("keeps the tool call a second message_start cuts off mid stream, as raw input with its error", () => {
    const spliced = streams.filter((payload) => payload.origin.includes(splicedStream));
    expect(spliced).toHaveLength(1);
    const canonical = anthropicConverter.streamToCanonical(spliced[0]?.chunks ?? []);
    if (!canonical.ok) throw new Error(JSON.stringify(canonical.errors));
    expect(canonical.warnings.map((warning) => warning.code)).toEqual(["input-normalized", "input-normalized"]);
    expect(canonical.document.messages[0]?.parts[1]).toMatchObject({
      type: "tool_call",
      id: "toolu_first",
      raw_input: expect.any(String),
      input_error: expect.any(String),
    });
  });

  it.each(streams.map((payload) => [payload.origin, payload] as const))(
    "stream %s aggregates what its events carried, and rewrites idempotently",
    (origin, payload) => {
      const canonical = anthropicConverter.streamToCanonical(payload.chunks);
      if (!canonical.ok) throw new Error(JSON.stringify(canonical.errors));
      expect(validateTranscript(canonical.document).ok).toBe(true);
      // Only the deliberately broken stream (next test) converts with warnings.
      expect(canonical.warnings.map((warning) => warning.code)).toEqual(
        origin.includes(splicedStream) ? ["input-normalized", "input-normalized"] : [],
      );
      const summary = expectedSummary(payload.chunks);
      expect(summary.length).toBeGreaterThan(0);
      expect(summarise(canonical.document.messages)).toEqual(summary);
      const events = anthropicConverter.streamFromCanonical(canonical.document);
      if (!events.ok) throw new Error(JSON.stringify(events.errors));
      expect(events.warnings).toEqual([]);
      const again = anthropicConverter.streamToCanonical(events.value);
      if (!again.ok) throw new Error(JSON.stringify(again.errors));
      expect(again.document).toStrictEqual(canonical.document);
    },
  );
});

interface Summary {
  id: unknown;
  texts: string[];
  thinking: string[];
  signatures: string[];
  calls: Array<{ id: string; name: string; input: unknown }>;
}

/** What the canonical messages say: their text, reasoning, signatures and tool calls. */
function summarise(messages: readonly Message[]): Summary[] {
  return messages.map((message) => ({
    id: message.response_id,
    texts: message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])),
    thinking: message.parts.flatMap((part) =>
      part.type === "reasoning" && part.text !== undefined ? [part.text] : [],
    ),
    signatures: message.parts.flatMap((part) =>
      part.type === "reasoning" && part.signature !== undefined ? [part.signature] : [],
    ),
    calls: message.parts.flatMap((part) =>
      part.type === "tool_call" ? [{ id: part.id, name: part.name, input: part.input ?? part.raw_input }] : [],
    ),
  }));
}

/** The same, computed straight from the events, independently of the converter. */
function expectedSummary(chunks: readonly unknown[]): Summary[] {
  const summaries: Summary[] = [];
  let blocks: JsonObject[] = [];
  let json: string[] = [];
  let id: unknown;
  const flush = (): void => {
    if (id === undefined) return;
    summaries.push({
      id,
      texts: blocks.flatMap((block) => (block.type === "text" ? [String(block.text)] : [])),
      thinking: blocks.flatMap((block) => (block.type === "thinking" ? [String(block.thinking)] : [])),
      signatures: blocks.flatMap((block) =>
        block.type === "thinking" && typeof block.signature === "string" ? [block.signature] : [],
      ),
      calls: blocks.flatMap((block, index) => {
        if (!["tool_use", "server_tool_use", "mcp_tool_use"].includes(String(block.type))) return [];
        const text = json[index] ?? "";
        let input: unknown = block.input;
        if (text !== "") {
          try {
            input = JSON.parse(text);
          } catch {
            input = text;
          }
        }
        return [{ id: String(block.id), name: String(block.name), input }];
      }),
    });
    id = undefined;
  };
  for (const chunk of chunks) {
    if (!isJsonObject(chunk)) continue;
    const index = typeof chunk.index === "number" ? chunk.index : -1;
    const delta = isJsonObject(chunk.delta) ? chunk.delta : {};
    if (chunk.type === "message_start" && isJsonObject(chunk.message)) {
      flush();
      id = chunk.message.id;
      blocks = Array.isArray(chunk.message.content)
        ? chunk.message.content.filter(isJsonObject).map((block) => ({ ...block }))
        : [];
      json = [];
    } else if (chunk.type === "content_block_start" && isJsonObject(chunk.content_block))
      blocks[index] = { ...chunk.content_block };
    else if (chunk.type === "content_block_delta" && blocks[index] !== undefined) {
      const block = blocks[index] as JsonObject;
      if (delta.type === "text_delta") block.text = `${String(block.text)}${String(delta.text)}`;
      if (delta.type === "thinking_delta") block.thinking = `${String(block.thinking)}${String(delta.thinking)}`;
      if (delta.type === "signature_delta") block.signature = delta.signature;
      if (delta.type === "input_json_delta") json[index] = `${json[index] ?? ""}${String(delta.partial_json)}`;
    } else if (chunk.type === "message_stop") flush();
  }
  flush();
  return summaries;
}
