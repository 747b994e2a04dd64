import { canonicalize } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { openaiChatConverter } from "../../converters.js";

/**
 * Differences between a real payload and its round trip that the format cannot avoid, each with why. A payload
 * whose origin matches `file` has the value at each JSON pointer matching `path` removed from both sides before
 * comparing. Empty: every real payload round-trips exactly.
 */
const normalisations: ReadonlyArray<{ file: RegExp; path: RegExp; reason: string }> = [];

const payloads = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter((payload) => payload.api === "openai-chat");

function byKind<K extends Payload["kind"]>(kind: K): Array<Extract<Payload, { kind: K }>> {
  return payloads.filter((payload): payload is Extract<Payload, { kind: K }> => payload.kind === kind);
}

describe("openai-chat real fixtures", () => {
  it("finds every recorded Chat payload", () => {
    expect(byKind("request").length).toBe(57);
    expect(byKind("response").length).toBeGreaterThanOrEqual(50);
    expect(byKind("stream").length).toBe(5);
    expect(byKind("error").length).toBe(2);
    expect(normalisations).toEqual([]);
  });

  it.each(byKind("request").map((payload) => [payload.origin, payload] as const))(
    "request %s round-trips",
    (_origin, payload) => {
      const imported = openaiChatConverter.requestToCanonical(payload.value);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings).toEqual([]);
      const exported = openaiChatConverter.requestFromCanonical(imported.document, { strict: true });
      if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
      expect(exported.value).toEqual(payload.value);
      expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
      expect(openaiChatConverter.checkRequest(exported.value)).toEqual([]);
    },
  );

  it.each(byKind("response").map((payload) => [payload.origin, payload] as const))(
    "response %s round-trips",
    (_origin, payload) => {
      const imported = openaiChatConverter.responseToCanonical(payload.value);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings).toEqual([]);
      const exported = openaiChatConverter.responseFromCanonical(imported.document, { strict: true });
      if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
      expect(exported.value).toEqual(payload.value);
      expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
    },
  );

  it.each(byKind("stream").map((payload) => [payload.origin, payload] as const))(
    "stream %s folds into a document and back",
    (_origin, payload) => {
      const imported = openaiChatConverter.streamToCanonical(payload.chunks);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      // The only warning a real stream gives: the obfuscation padding is left out.
      for (const warning of imported.warnings) expect(warning.path).toBe("/0/obfuscation");
      const chunks = openaiChatConverter.streamFromCanonical(imported.document, { strict: true });
      expect(chunks.ok ? [] : chunks.errors).toEqual([]);
      if (!chunks.ok) return;
      const again = openaiChatConverter.streamToCanonical(chunks.value);
      expect(again.ok && again.document).toEqual(imported.document);
      // What the chunks carried: the text, the tool calls' arguments, the finish reason and the usage.
      const message = imported.document.messages[0];
      const text = payload.chunks
        .flatMap((chunk) =>
          ((chunk as { choices?: Array<{ delta?: { content?: unknown } }> }).choices ?? []).map(
            (choice) => choice.delta?.content,
          ),
        )
        .filter((item): item is string => typeof item === "string")
        .join("");
      const args = payload.chunks
        .flatMap((chunk) =>
          (
            (chunk as { choices?: Array<{ delta?: { tool_calls?: Array<{ function?: { arguments?: string } }> } }> })
              .choices ?? []
          ).flatMap((choice) => (choice.delta?.tool_calls ?? []).map((call) => call.function?.arguments ?? "")),
        )
        .join("");
      const parts = message?.parts ?? [];
      expect(
        parts
          .filter((part) => part.type === "text")
          .map((part) => (part.type === "text" ? part.text : ""))
          .join(""),
      ).toBe(text);
      expect(
        parts.map((part) => (part.type === "tool_call" ? (part.raw_input ?? JSON.stringify(part.input)) : "")).join(""),
      ).toBe(args);
      expect(message?.finish_reason).toBeDefined();
      expect(message?.usage?.raw?.provider).toBe("openai-chat");
    },
  );

  it.each(byKind("error").map((payload) => [payload.origin, payload] as const))(
    "error body %s is refused with the provider's message",
    (_origin, payload) => {
      const imported = openaiChatConverter.responseToCanonical(payload.value);
      expect(imported.ok).toBe(false);
      if (imported.ok) return;
      const error = (payload.value as { error: { message: string } }).error;
      expect(imported.errors).toEqual([
        { path: "/error", message: `an error body, not a completion: ${error.message}` },
      ]);
    },
  );
});
