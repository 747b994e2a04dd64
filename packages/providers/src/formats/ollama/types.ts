/**
 * The native side of Ollama's chat API: the `ollama` package's types (types only: the converters never load the
 * package).
 *
 * The package types `created_at` as a Date, but the client never revives it: on the wire and in what the client
 * returns it is an RFC 3339 string, which is what these converters read and write. Its types also lag behind the
 * server, which reads a tool message's `tool_call_id` and returns ids on its calls.
 */
export type { ChatRequest, ChatResponse } from "ollama";
