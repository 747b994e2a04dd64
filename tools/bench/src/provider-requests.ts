// The real provider requests of the seven converted APIs: every request payload the fixture reader
// (`@agent-transcript/fixtures/real-fixtures`) finds under the real fixtures root, which is the request body of every
// recorded interaction whose URL is a model call of Anthropic Messages, OpenAI Chat, OpenAI Responses, Gemini
// generateContent, Ollama /api/chat, Mistral chat completions or Bedrock Converse.
import { loadRealFixtures, type PayloadApi } from "@agent-transcript/fixtures/real-fixtures";
import { providerConverters, type ProviderFormatId } from "@agent-transcript/providers";
import { realFixturesRoot } from "./paths.js";

export type RequestApi = PayloadApi & ProviderFormatId;

export interface ProviderRequest {
  readonly api: RequestApi;
  /** Where the payload was recorded: `<file relative to the fixtures root>#interactions/<index>/request`. */
  readonly origin: string;
  readonly value: unknown;
  /** Messages of its canonical document (the conversation the request carries, system prompt included). */
  readonly messages: number;
  /** UTF-8 bytes of its compact JSON. */
  readonly bytes: number;
}

/**
 * Every real request of the seven APIs that converts native → canonical → native without error. A request that does
 * not is a converter regression, not benchmark input: this fails loudly rather than time an error path.
 */
export function loadProviderRequests(): ProviderRequest[] {
  const root = realFixturesRoot();
  const requests: ProviderRequest[] = [];
  for (const file of loadRealFixtures()) {
    for (const payload of file.payloads) {
      if (payload.kind !== "request") continue;
      const api = payload.api;
      const format = providerConverters[api];
      const canonical = format.requestToCanonical(payload.value);
      if (!canonical.ok)
        throw new Error(
          `${payload.origin}: ${api} request does not convert to canonical: ${JSON.stringify(canonical.errors.slice(0, 3))}`,
        );
      const back = format.requestFromCanonical(canonical.document);
      if (!back.ok)
        throw new Error(
          `${payload.origin}: ${api} request does not convert back: ${JSON.stringify(back.errors.slice(0, 3))}`,
        );
      requests.push({
        api,
        origin: payload.origin,
        value: payload.value,
        messages: canonical.document.messages.length,
        bytes: Buffer.byteLength(JSON.stringify(payload.value), "utf8"),
      });
    }
  }
  for (const api of Object.keys(providerConverters)) {
    if (!requests.some((request) => request.api === api)) throw new Error(`no real ${api} request found under ${root}`);
  }
  return requests;
}
