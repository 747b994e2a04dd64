import { canonicalize, type Message } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { bedrockConverseConverter } from "../../converters.js";
import { isJsonObject, type JsonObject } from "../../conversion/index.js";

const payloads = loadRealFixtures().flatMap((file) =>
  file.payloads.filter((payload) => payload.api === "bedrock-converse"),
);
const ofKind = <K extends Payload["kind"]>(kind: K) =>
  payloads.filter((payload): payload is Extract<Payload, { kind: K }> => payload.kind === kind);
const requests = ofKind("request");
const responses = ofKind("response");
const streams = ofKind("stream");
const errors = ofKind("error");

/**
 * What a recorded payload's round trip may not reproduce, each with why (the README's normalisations table). Requests
 * and responses need none: every one comes back deep-equal, with no warning. Streams are checked document to
 * document (chunk boundaries are not kept), and their import may warn only about these.
 */
const normalisations: ReadonlyArray<{ origin: RegExp; warning: { code: string; path: RegExp }; reason: string }> = [
  {
    origin: /^pydantic-ai\/tests\/models\/cassettes\/test_bedrock\/.*#interactions\/\d+\/response$/,
    warning: { code: "field-dropped", path: /^\/0\/messageStart\/p$/ },
    reason:
      "the service pads every stream event with a random `p` string against length side channels; it is not content and is left out (one warning per stream)",
  },
];

const usedNormalisations = new Set<RegExp>();

describe("real Bedrock Converse fixtures", () => {
  it("are all classified: requests, responses, streams and the one error body", () => {
    expect(payloads.length).toBe(119);
    expect([requests.length, responses.length, streams.length, errors.length]).toEqual([53, 51, 14, 1]);
  });

  it.each(requests.map((payload) => [payload.origin, payload] as const))(
    "request %s round-trips exactly",
    (_origin, payload) => {
      const canonical = bedrockConverseConverter.requestToCanonical(payload.value);
      if (!canonical.ok) throw new Error(JSON.stringify(canonical.errors));
      expect(validateTranscript(canonical.document).ok).toBe(true);
      expect(canonical.warnings).toEqual([]);
      const back = bedrockConverseConverter.requestFromCanonical(canonical.document, { strict: true });
      if (!back.ok) throw new Error(JSON.stringify(back.errors));
      expect(back.value).toEqual(payload.value);
      expect(canonicalize(back.value)).toBe(canonicalize(payload.value));
      expect(back.warnings).toEqual([]);
    },
  );

  it.each(responses.map((payload) => [payload.origin, payload] as const))(
    "response %s round-trips exactly",
    (_origin, payload) => {
      const canonical = bedrockConverseConverter.responseToCanonical(payload.value);
      if (!canonical.ok) throw new Error(JSON.stringify(canonical.errors));
      expect(validateTranscript(canonical.document).ok).toBe(true);
      expect(canonical.warnings).toEqual([]);
      expect(canonical.document.messages).toHaveLength(1);
      const message = canonical.document.messages[0] as Message;
      const value = payload.value as JsonObject;
      expect(message).toMatchObject({ role: "assistant", native_finish_reason: value.stopReason });
      expect(message.usage?.raw).toEqual({ provider: "bedrock-converse", usage: value.usage });
      const back = bedrockConverseConverter.responseFromCanonical(canonical.document, { strict: true });
      if (!back.ok) throw new Error(JSON.stringify(back.errors));
      expect(back.value).toEqual(payload.value);
      expect(canonicalize(back.value)).toBe(canonicalize(payload.value));
      expect(back.warnings).toEqual([]);
    },
  );

  it("refuses the recorded error body with the service's message", () => {
    for (const payload of errors) {
      const result = bedrockConverseConverter.responseToCanonical(payload.value);
      expect(result).toEqual({
        ok: false,
        errors: [{ path: "/message", message: expect.stringContaining("The provided model identifier is invalid") }],
        warnings: [],
      });
    }
  });

  it.each(streams.map((payload) => [payload.origin, payload] as const))(
    "stream %s aggregates what its events carried, and folds back to the same document",
    (origin, payload) => {
      const canonical = bedrockConverseConverter.streamToCanonical(payload.chunks);
      if (!canonical.ok) throw new Error(JSON.stringify(canonical.errors));
      expect(validateTranscript(canonical.document).ok).toBe(true);
      const allowed = normalisations.filter((entry) => entry.origin.test(origin));
      for (const warning of canonical.warnings) {
        const entry = allowed.find(
          (candidate) => candidate.warning.code === warning.code && candidate.warning.path.test(warning.path),
        );
        expect(entry, `${warning.code} at ${warning.path}`).toBeDefined();
        if (entry !== undefined) usedNormalisations.add(entry.origin);
      }
      expect(summarise(canonical.document.messages)).toEqual([expectedSummary(payload.chunks)]);
      const events = bedrockConverseConverter.streamFromCanonical(canonical.document, { strict: true });
      if (!events.ok) throw new Error(JSON.stringify(events.errors));
      const again = bedrockConverseConverter.streamToCanonical(events.value);
      if (!again.ok) throw new Error(JSON.stringify(again.errors));
      expect(again.warnings).toEqual([]);
      expect(again.document).toStrictEqual(canonical.document);
    },
  );

  it("needs every normalisation it lists", () => {
    expect([...usedNormalisations]).toEqual(normalisations.map((entry) => entry.origin));
  });
});

interface Summary {
  texts: string[];
  reasoning: string[];
  signatures: string[];
  calls: Array<{ id: string; name: string; input: unknown }>;
  stopReason: unknown;
  usage: unknown;
}

/** What the canonical message says: its text, reasoning, signatures, tool calls, stop reason and raw usage. */
function summarise(messages: readonly Message[]): Summary[] {
  return messages.map((message) => ({
    texts: message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])),
    reasoning: message.parts.flatMap((part) =>
      part.type === "reasoning" && part.text !== undefined ? [part.text] : [],
    ),
    signatures: message.parts.flatMap((part) =>
      part.type === "reasoning" && part.signature !== undefined ? [part.signature] : [],
    ),
    calls: message.parts.flatMap((part) =>
      part.type === "tool_call" ? [{ id: part.id, name: part.name, input: part.input }] : [],
    ),
    stopReason: message.native_finish_reason,
    usage: message.usage?.raw?.usage,
  }));
}

/** The same, computed straight from the events, independently of the converter. */
function expectedSummary(chunks: readonly unknown[]): Summary {
  const texts = new Map<number, string>();
  const reasoning = new Map<number, string>();
  const signatures: string[] = [];
  const calls = new Map<number, { id: string; name: string; json: string }>();
  let stopReason: unknown;
  let usage: unknown;
  for (const chunk of chunks) {
    if (!isJsonObject(chunk)) continue;
    const start = isJsonObject(chunk.contentBlockStart) ? chunk.contentBlockStart : undefined;
    const delta = isJsonObject(chunk.contentBlockDelta) ? chunk.contentBlockDelta : undefined;
    if (start !== undefined && isJsonObject(start.start) && isJsonObject(start.start.toolUse)) {
      calls.set(Number(start.contentBlockIndex), {
        id: String(start.start.toolUse.toolUseId),
        name: String(start.start.toolUse.name),
        json: "",
      });
    }
    if (delta !== undefined && isJsonObject(delta.delta)) {
      const index = Number(delta.contentBlockIndex);
      const body = delta.delta;
      if (typeof body.text === "string") texts.set(index, `${texts.get(index) ?? ""}${body.text}`);
      if (isJsonObject(body.reasoningContent) && typeof body.reasoningContent.text === "string")
        reasoning.set(index, `${reasoning.get(index) ?? ""}${body.reasoningContent.text}`);
      if (isJsonObject(body.reasoningContent) && typeof body.reasoningContent.signature === "string")
        signatures.push(body.reasoningContent.signature);
      const call = calls.get(index);
      if (isJsonObject(body.toolUse) && call !== undefined) call.json += String(body.toolUse.input);
    }
    if (isJsonObject(chunk.messageStop)) stopReason = chunk.messageStop.stopReason;
    if (isJsonObject(chunk.metadata)) usage = chunk.metadata.usage;
  }
  const inOrder = <T>(map: Map<number, T>): T[] =>
    [...map.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);
  return {
    texts: inOrder(texts),
    reasoning: inOrder(reasoning),
    signatures,
    calls: inOrder(calls).map((call) => ({
      id: call.id,
      name: call.name,
      input: call.json === "" ? {} : (JSON.parse(call.json) as unknown),
    })),
    stopReason,
    usage,
  };
}
