/**
 * Mistral chat completion streams ⇄ a canonical document: the chunks fold into the completion they stand for
 * (families/chat-completions/stream.ts), which converts like a response. What Mistral's chunks carry: content deltas
 * as strings or lists of content chunks (joined chunk by chunk, consecutive thinking and text chunks merged); tool
 * calls whole, with or without an `index` (kept as the call's); the usage in the finish chunk. Written back: a role
 * chunk, one chunk per content chunk (or the string content in the first), one per tool call, then the finish chunk
 * with the usage.
 */
import type { Tolerant } from "@agent-transcript/core";
import type { FromCanonicalOptions, FromCanonicalResult, ToCanonicalResult } from "../../conversion/index.js";
import {
  streamFromCanonical as writeStream,
  streamToCanonical as readStream,
  type StreamDialect,
} from "../../families/chat-completions/index.js";
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

export function streamToCanonical(chunks: readonly unknown[]): ToCanonicalResult {
  return readStream(mistralDialect, mistralCompletion, mistralStream, chunks);
}

export function streamFromCanonical(
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<MistralChatChunk[]> {
  return writeStream<MistralChatChunk>(mistralDialect, mistralCompletion, mistralStream, document, options);
}
