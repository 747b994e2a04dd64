import { canonicalize } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { ollamaConverter } from "../../converters.js";

/** Differences a round trip cannot avoid, each with why. Empty: every real payload round-trips exactly. */
const normalisations: ReadonlyArray<{ file: RegExp; path: RegExp; reason: string }> = [];

const payloads = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter((payload) => payload.api === "ollama");

function byKind<K extends Payload["kind"]>(kind: K): Array<Extract<Payload, { kind: K }>> {
  return payloads.filter((payload): payload is Extract<Payload, { kind: K }> => payload.kind === kind);
}

describe("ollama real fixtures", () => {
  it("finds every recorded Ollama payload", () => {
    expect(byKind("request").length).toBe(7);
    expect(byKind("response").length).toBe(5);
    expect(byKind("stream").length).toBe(1);
    expect(byKind("error").length).toBe(1);
    expect(normalisations).toEqual([]);
  });

  it.each(byKind("request").map((payload) => [payload.origin, payload] as const))(
    "request %s round-trips",
    (_origin, payload) => {
      const imported = ollamaConverter.requestToCanonical(payload.value);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings).toEqual([]);
      const exported = ollamaConverter.requestFromCanonical(imported.document, { strict: true });
      if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
      expect(exported.value).toEqual(payload.value);
      expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
      expect(ollamaConverter.checkRequest(exported.value)).toEqual([]);
    },
  );

  it.each(byKind("response").map((payload) => [payload.origin, payload] as const))(
    "response %s round-trips",
    (_origin, payload) => {
      const imported = ollamaConverter.responseToCanonical(payload.value);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings).toEqual([]);
      const exported = ollamaConverter.responseFromCanonical(imported.document, { strict: true });
      if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
      expect(exported.value).toEqual(payload.value);
      expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
    },
  );

  it.each(byKind("stream").map((payload) => [payload.origin, payload] as const))(
    "stream %s folds into a document and back",
    (_origin, payload) => {
      const imported = ollamaConverter.streamToCanonical(payload.chunks);
      expect(imported.ok ? [] : imported.errors).toEqual([]);
      if (!imported.ok) return;
      expect(validateTranscript(imported.document).ok).toBe(true);
      expect(imported.warnings.map((warning) => warning.path)).toEqual(["/0/created_at"]);
      const chunks = ollamaConverter.streamFromCanonical(imported.document, { strict: true });
      expect(chunks.ok ? [] : chunks.errors).toEqual([]);
      if (!chunks.ok) return;
      const again = ollamaConverter.streamToCanonical(chunks.value);
      expect(again.ok && again.document).toEqual(imported.document);
      // What the chunks carried: the joined content and thinking, and the final chunk's counts and reason.
      type Chunk = {
        message?: { content?: string; thinking?: string };
        done?: boolean;
        eval_count?: number;
        done_reason?: string;
      };
      const typed = payload.chunks as Chunk[];
      const message = imported.document.messages[0];
      const text = (kind: string): string =>
        (message?.parts ?? [])
          .map((part) => (part.type === kind && "text" in part && typeof part.text === "string" ? part.text : ""))
          .join("");
      expect(text("text")).toBe(typed.map((chunk) => chunk.message?.content ?? "").join(""));
      expect(text("reasoning")).toBe(typed.map((chunk) => chunk.message?.thinking ?? "").join(""));
      // The comparisons above and below would hold for a stream that carried nothing.
      expect(text("text") + text("reasoning")).not.toBe("");
      const final = typed.at(-1);
      expect(final).toMatchObject({ done: true, done_reason: expect.any(String), eval_count: expect.any(Number) });
      expect(message?.native_finish_reason).toBe(final?.done_reason);
      expect(message?.usage?.output_tokens).toBe(final?.eval_count);
    },
  );

  it.each(byKind("error").map((payload) => [payload.origin, payload] as const))(
    "error body %s is refused with its message",
    (_origin, payload) => {
      const imported = ollamaConverter.responseToCanonical(payload.value);
      expect(imported).toEqual({
        ok: false,
        errors: [
          { path: "/error", message: `an error body, not a response: ${(payload.value as { error: string }).error}` },
        ],
        warnings: [],
      });
    },
  );
});
