/**
 * The provider formats the converters speak, by the ids the CLI's `--from` and `--to` take.
 * `portable` is the OpenAF portable format's provider-neutral message list.
 */
export const formatIds = [
  "openai-chat",
  "openai-responses",
  "anthropic",
  "gemini",
  "ollama",
  "bedrock-converse",
  "mistral",
  "portable",
] as const;

export type FormatId = (typeof formatIds)[number];

const descriptions: Record<FormatId, string> = {
  "openai-chat": "OpenAI Chat Completions (messages, tool_calls, role tool)",
  "openai-responses": "OpenAI Responses (input and output items, reasoning items)",
  anthropic: "Anthropic Messages (content blocks, tool_use and tool_result, thinking)",
  gemini: "Google Gemini generateContent (contents with parts, functionCall and functionResponse)",
  ollama: "Ollama /api/chat (messages with thinking and object tool arguments)",
  "bedrock-converse": "Amazon Bedrock Converse (content blocks, toolUse and toolResult, reasoningContent)",
  mistral: "Mistral chat completions (content chunks with thinking, nine-character tool-call ids)",
  portable:
    "Portable messages (OpenAF portable format): system, user and assistant turns with toolCalls and toolResults",
};

export function isFormatId(value: string): value is FormatId {
  return (formatIds as readonly string[]).includes(value);
}

export function describeFormat(id: FormatId): string {
  return descriptions[id];
}
