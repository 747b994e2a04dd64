// Compiled by the consumer test under `tsc --strict` (no skipLibCheck) in a project where @agent-transcript/providers
// (and what it depends on) is installed alone, without the optional provider SDKs: every entry point imported, and
// the native payload types checked to be types of their own, not an `any` left by an SDK that is not there.
import { anthropicConverter, detectFormat } from "@agent-transcript/providers";
import type { AnthropicRequest } from "@agent-transcript/providers/anthropic";
import type { BedrockConverseRequest } from "@agent-transcript/providers/bedrock-converse";
import type { GeminiRequest } from "@agent-transcript/providers/gemini";
import type { MistralChatRequest } from "@agent-transcript/providers/mistral";
import { findSessionFiles } from "@agent-transcript/providers/node";

/** True only for `any`: a declaration that lost its type reads as `any`, which assignability never catches. */
type IsAny<Value> = 0 extends 1 & Value ? true : false;
const anthropicIsTyped: IsAny<AnthropicRequest> = false;
const geminiIsTyped: IsAny<GeminiRequest> = false;
const mistralIsTyped: IsAny<MistralChatRequest> = false;
const bedrockIsTyped: IsAny<BedrockConverseRequest> = false;

const request: AnthropicRequest = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: "Why is the sky blue?" }],
};
const detected = detectFormat(request);
const canonical = anthropicConverter.requestToCanonical(request);
const messageCount: number = canonical.ok ? canonical.document.messages.length : 0;
export const uses = [
  anthropicIsTyped,
  geminiIsTyped,
  mistralIsTyped,
  bedrockIsTyped,
  detected?.format,
  messageCount,
  findSessionFiles,
];
