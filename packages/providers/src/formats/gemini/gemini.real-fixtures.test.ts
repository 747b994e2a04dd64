import { canonicalize } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import type { Transcript } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { isJsonObject } from "../../conversion/index.js";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { geminiConverter } from "../../converters.js";
import type { GeminiRequest } from "./types.js";

const payloads = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter((payload) => payload.api === "gemini");

/**
 * Differences a round trip may show, each justified. A payload not named here must come back deep-equal (key
 * order aside). Empty: every real Gemini request and response round-trips exactly, snake_case spellings,
 * URL-safe base64, missing ids and missing args included.
 */
const normalisations: ReadonlyArray<{ origin: RegExp; path: string; reason: string }> = [];

function origins(kind: Payload["kind"]): Payload[] {
  return payloads.filter((payload) => payload.kind === kind);
}

function strictlyValid(document: Transcript): void {
  const result = validateTranscript(document);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

describe("Gemini real fixtures", () => {
  it("has the expected corpus and no unused normalisation", () => {
    expect(origins("request").length).toBe(82);
    expect(origins("response").length).toBeGreaterThanOrEqual(70);
    expect(origins("stream").length).toBeGreaterThanOrEqual(15);
    expect(origins("error").length).toBe(1);
    for (const entry of normalisations)
      expect(
        payloads.some((payload) => entry.origin.test(payload.origin)),
        entry.reason,
      ).toBe(true);
  });

  describe.each(origins("request").map((payload) => [payload.origin, payload] as const))(
    "request %s",
    (_origin, payload) => {
      it("round-trips native → canonical → native, and passes the checker", () => {
        if (payload.kind !== "request") throw new Error("not a request");
        const imported = geminiConverter.requestToCanonical(payload.value);
        if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
        strictlyValid(imported.document);
        const exported = geminiConverter.requestFromCanonical(imported.document, { strict: true });
        if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
        expect(exported.value).toEqual(payload.value);
        expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
        expect(geminiConverter.checkRequest(payload.value as GeminiRequest)).toEqual([]);
      });
    },
  );

  describe.each(origins("response").map((payload) => [payload.origin, payload] as const))(
    "response %s",
    (_origin, payload) => {
      it("round-trips native → canonical → native", () => {
        if (payload.kind !== "response") throw new Error("not a response");
        const imported = geminiConverter.responseToCanonical(payload.value);
        if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
        strictlyValid(imported.document);
        const message = imported.document.messages[0];
        expect(message?.role).toBe("assistant");
        const exported = geminiConverter.responseFromCanonical(imported.document, { strict: true });
        if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
        expect(exported.value).toEqual(payload.value);
        expect(canonicalize(exported.value)).toBe(canonicalize(payload.value));
      });
    },
  );

  describe.each(origins("stream").map((payload) => [payload.origin, payload] as const))(
    "stream %s",
    (_origin, payload) => {
      it("aggregates into what the chunks carried, and streams back idempotently", () => {
        if (payload.kind !== "stream") throw new Error("not a stream");
        const imported = geminiConverter.streamToCanonical(payload.chunks);
        if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
        strictlyValid(imported.document);
        const document = imported.document;
        const message = document.messages[0];
        if (message === undefined) throw new Error("no message");

        // What the chunks carried, counted straight from them.
        const nativeParts = payload.chunks.flatMap((chunk) => {
          if (!isJsonObject(chunk) || !Array.isArray(chunk.candidates)) return [];
          const content = isJsonObject(chunk.candidates[0]) ? chunk.candidates[0].content : undefined;
          return isJsonObject(content) && Array.isArray(content.parts) ? content.parts.filter(isJsonObject) : [];
        });
        const text = nativeParts
          .filter((part) => typeof part.text === "string" && part.thought !== true)
          .map((part) => part.text)
          .join("");
        const thought = nativeParts
          .filter((part) => typeof part.text === "string" && part.thought === true)
          .map((part) => part.text)
          .join("");
        const signatures = nativeParts
          .map((part) => part.thoughtSignature)
          .filter((value) => typeof value === "string");
        const calls = nativeParts
          .filter((part) => isJsonObject(part.functionCall) && typeof part.functionCall.name === "string")
          .map((part) => (part.functionCall as { name: string }).name);
        const usages = payload.chunks
          .map((chunk) => (isJsonObject(chunk) ? chunk.usageMetadata : undefined))
          .filter((usage) => isJsonObject(usage) && typeof usage.totalTokenCount === "number");

        const canonicalText = message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
        const canonicalThought = message.parts
          .flatMap((part) => (part.type === "reasoning" && part.text !== undefined ? [part.text] : []))
          .join("");
        // A signature on a server tool result (toolResponse) has no canonical field and stays in provider_fields.
        const canonicalSignatures = message.parts.flatMap((part) => {
          if ("signature" in part && typeof part.signature === "string") return [part.signature];
          const kept = "provider_fields" in part ? part.provider_fields?.google?.thoughtSignature : undefined;
          return typeof kept === "string" ? [kept] : [];
        });
        const canonicalCalls = message.parts.flatMap((part) =>
          part.type === "tool_call" && part.native_type === undefined ? [part.name] : [],
        );
        expect(canonicalText).toBe(text);
        expect(canonicalThought).toBe(thought);
        expect(canonicalSignatures).toEqual(signatures);
        expect(canonicalCalls).toEqual(calls);
        // The last usage the chunks reported, or none when they reported none.
        expect(message.usage?.raw?.usage).toEqual(usages.at(-1));

        const streamed = geminiConverter.streamFromCanonical(document);
        if (!streamed.ok) throw new Error(JSON.stringify(streamed.errors));
        const again = geminiConverter.streamToCanonical(streamed.value);
        if (!again.ok) throw new Error(JSON.stringify(again.errors));
        expect(again.document).toEqual(document);
        // The unstreamed form of the same document round-trips too.
        const response = geminiConverter.responseFromCanonical(document);
        expect(response.ok && geminiConverter.responseToCanonical(response.value)).toMatchObject({
          ok: true,
          document,
        });
      });
    },
  );

  it("rebuilds streamed function-call arguments (partialArgs) into args", () => {
    const stream = payloads.find((payload) => payload.kind === "stream" && payload.origin.includes("arguments-nested"));
    if (stream?.kind !== "stream") throw new Error("fixture missing");
    const result = geminiConverter.streamToCanonical(stream.chunks);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const call = result.document.messages[0]?.parts.find((part) => part.type === "tool_call");
    expect(call).toMatchObject({
      name: "cookRecipe",
      input: { recipe: { ingredients: expect.arrayContaining([{ amount: "16 oz", name: "Lasagna noodles" }]) } },
    });
    const steps = (call as { input: { recipe: { steps: string[] } } }).input.recipe.steps;
    expect(steps[1]).toBe("Cook lasagna noodles according to package directions, drain and set aside.");
  });

  it("turns the error body into a failed conversion naming code, status and message", () => {
    const [error] = origins("error");
    if (error?.kind !== "error") throw new Error("fixture missing");
    const result = geminiConverter.responseToCanonical(error.value);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.path).toBe("/error");
    expect(result.errors[0]?.message).toMatch(/^Gemini returned an error 429 RESOURCE_EXHAUSTED: /);
    expect(geminiConverter.streamToCanonical([error.value]).ok).toBe(false);
  });
});
