import { canonicalize } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { mistralConverter } from "../../converters.js";

/**
 * Differences between a real payload and its round trip that the format cannot avoid, each with why. A payload
 * whose origin matches `file` has the value at each JSON pointer matching `path` removed from both sides before
 * comparing. Empty: every real payload round-trips exactly.
 */
const normalisations: ReadonlyArray<{ file: RegExp; path: RegExp; reason: string }> = [];

const payloads = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter((payload) => payload.api === "mistral");

function byKind<K extends Payload["kind"]>(kind: K): Array<Extract<Payload, { kind: K }>> {
  return payloads.filter((payload): payload is Extract<Payload, { kind: K }> => payload.kind === kind);
}

type Chunk = {
  choices?: Array<{ delta?: { content?: unknown; tool_calls?: Array<{ function?: { arguments?: unknown } }> } }>;
};

/** Every text a stream's deltas carry, content strings and text chunks alike (thinking apart). */
function streamedText(chunks: readonly unknown[], kind: "text" | "thinking"): string {
  const out: string[] = [];
  for (const chunk of chunks as Chunk[]) {
    for (const choice of chunk.choices ?? []) {
      const content = choice.delta?.content;
      if (typeof content === "string" && kind === "text") out.push(content);
      if (!Array.isArray(content)) continue;
      for (const item of content as Array<{ type?: string; text?: string; thinking?: Array<{ text?: string }> }>) {
        if (kind === "text" && item.type === "text") out.push(item.text ?? "");
        if (kind === "thinking" && item.type === "thinking")
          out.push(...(item.thinking ?? []).map((piece) => piece.text ?? ""));
      }
    }
  }
  return out.join("");
}

describe("mistral real fixtures", () => {
  it("finds every recorded Mistral payload", () => {
    expect(payloads.length).toBe(27);
    expect(byKind("request").length).toBe(11);
    expect(byKind("response").length).toBe(12);
    expect(byKind("stream").length).toBe(4);
    expect(byKind("error").length).toBe(0);
    expect(normalisations).toEqual([]);
  });

  it.each(byKind("request").map((payload) => [payload.origin, payload] as const))(
    "request %s round-trips",
    (_origin, payload) => {
      const imported = mistralConverter.requestToCanonical(payload.value);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings).toEqual([]);
      const exported = mistralConverter.requestFromCanonical(imported.document, { strict: true });
      expect(exported.ok ? [] : exported.errors).toEqual([]);
      if (!exported.ok) return;
      expect(exported.value).toEqual(payload.value);
      expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
      expect(mistralConverter.checkRequest(exported.value)).toEqual([]);
    },
  );

  it.each(byKind("response").map((payload) => [payload.origin, payload] as const))(
    "response %s round-trips",
    (_origin, payload) => {
      const imported = mistralConverter.responseToCanonical(payload.value);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings).toEqual([]);
      const exported = mistralConverter.responseFromCanonical(imported.document, { strict: true });
      if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
      expect(exported.value).toEqual(payload.value);
      expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
    },
  );

  it.each(byKind("stream").map((payload) => [payload.origin, payload] as const))(
    "stream %s folds into a document and back",
    (_origin, payload) => {
      const imported = mistralConverter.streamToCanonical(payload.chunks);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings).toEqual([]);
      const chunks = mistralConverter.streamFromCanonical(imported.document, { strict: true });
      expect(chunks.ok ? [] : chunks.errors).toEqual([]);
      if (!chunks.ok) return;
      const again = mistralConverter.streamToCanonical(chunks.value);
      expect(again.ok && again.document).toEqual(imported.document);
      // What the chunks carried: the text, the thinking, the tool calls' arguments, the finish reason and the usage.
      const message = imported.document.messages[0];
      const parts = message?.parts ?? [];
      expect(
        parts
          .filter((part) => part.type === "text")
          .map((part) => (part.type === "text" ? part.text : ""))
          .join(""),
      ).toBe(streamedText(payload.chunks, "text"));
      expect(
        parts
          .filter((part) => part.type === "reasoning")
          .map((part) => (part.type === "reasoning" ? part.text : ""))
          .join(""),
      ).toBe(streamedText(payload.chunks, "thinking"));
      const args = (payload.chunks as Chunk[])
        .flatMap((chunk) =>
          (chunk.choices ?? []).flatMap((choice) =>
            (choice.delta?.tool_calls ?? []).map((call) => call.function?.arguments ?? ""),
          ),
        )
        .join("");
      expect(
        parts.map((part) => (part.type === "tool_call" ? (part.raw_input ?? JSON.stringify(part.input)) : "")).join(""),
      ).toBe(args);
      expect(message?.finish_reason).toBeDefined();
      expect(message?.usage?.raw?.provider).toBe("mistral");
    },
  );

  it("folds a stream into exactly the document its unstreamed response gives", () => {
    const stream = byKind("stream").find((payload) => payload.origin.endsWith("mistral-reasoning.chunks.txt"));
    const response = byKind("response").find((payload) => payload.origin.endsWith("mistral-reasoning.json"));
    if (stream === undefined || response === undefined) throw new Error("the vercel-ai reasoning pair is missing");
    const streamed = mistralConverter.streamToCanonical(stream.chunks);
    const whole = mistralConverter.responseToCanonical(response.value);
    if (!streamed.ok) throw new Error(JSON.stringify(streamed.errors));
    if (!whole.ok) throw new Error(JSON.stringify(whole.errors));
    expect(streamed.document).toEqual(whole.document);
  });
});
