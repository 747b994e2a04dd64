/**
 * OpenAI Chat Completions streams ⇄ a canonical document: the chunks fold into the completion they stand for
 * (families/chat-completions/stream.ts), which converts like a response. What OpenAI Chat's chunks carry: content,
 * refusal and reasoning deltas joined; tool-call deltas joined by index, every delta with one; logprobs per chunk,
 * joined; the per-chunk `obfuscation` padding (random text against length side channels), not content, left out
 * with a warning; the usage in a last chunk with no choices. Written back: one chunk for the message's fields, one
 * per reasoning field, a head and an arguments chunk per tool call, the finish chunk, then the usage chunk.
 */
import { streamConverters, type StreamDialect } from "../../families/chat-completions/index.js";
import { chatDialect } from "./request.js";
import { chatCompletion } from "./response.js";
import type { OpenAIChatChunk } from "./types.js";

export const chatStream: StreamDialect = {
  toolCalls: "indexed",
  joinedFields: ["content", "refusal", ...chatDialect.messages.reasoningFields],
  listContent: false,
  concatenatedFields: ["annotations"],
  ownChunkFields: chatDialect.messages.reasoningFields,
  obfuscation: true,
  logprobs: true,
  usage: "own-chunk",
};

export const { streamToCanonical, streamFromCanonical } = streamConverters<OpenAIChatChunk>(
  chatDialect,
  chatCompletion,
  chatStream,
);
