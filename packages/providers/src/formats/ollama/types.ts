/**
 * The native side of Ollama's chat API: our own declarations of a request and a response, which is also what each
 * line of a stream is (`generated/native/ollama.ts`, written from the types of the `ollama` package 0.6.4 by
 * tools/native-types and checked against them in both directions in ollama.types.test.ts). Nothing here imports the
 * package.
 *
 * One difference from the package's types: `created_at` is text. The package types it as a Date, but the client never
 * revives it: on the wire and in what the client returns it is an RFC 3339 string, which is what these converters read
 * and write. The package's types also lag behind the server, which reads a tool message's `tool_call_id` and returns
 * ids on its calls; the converters keep those as native fields.
 */
import type * as OllamaTypes from "../../generated/native/ollama.js";

/** The body of `POST /api/chat`. */
export type OllamaChatRequest = OllamaTypes.ChatRequest;

/** A response of `POST /api/chat`, and each NDJSON line of a streamed one. */
export type OllamaChatResponse = OllamaTypes.ChatResponse;

export type { OllamaTypes };
