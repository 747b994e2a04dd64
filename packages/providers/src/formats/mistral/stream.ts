/**
 * Mistral chat completion streams ⇄ a canonical document: the chunks fold into the completion they stand for
 * (families/chat-completions/stream.ts), which converts like a response. What Mistral's chunks carry: content deltas
 * as strings or lists of content chunks (joined chunk by chunk, consecutive thinking and text chunks merged); tool
 * calls whole, with or without an `index` (kept as the call's); the usage in the finish chunk. Written back: a role
 * chunk, one chunk per content chunk (or the string content in the first), one per tool call, then the finish chunk
 * with the usage.
 */
import { streamConverters, type StreamDialect } from "../../families/chat-completions/index.js";
import { mistralDialect } from "./request.js";
import { mistralCompletion } from "./response.js";
import type { MistralChatChunk } from "./types.js";

export const mistralStream: StreamDialect = {
  toolCalls: "indexed-or-whole",
  joinedFields: [],
  listContent: true,
  concatenatedFields: [],
  ownChunkFields: [],
  obfuscation: false,
  logprobs: false,
  usage: "finish-chunk",
};

export const { streamToCanonical, streamFromCanonical } = streamConverters<MistralChatChunk>(
  mistralDialect,
  mistralCompletion,
  mistralStream,
);
