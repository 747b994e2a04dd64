import type { FormatId } from "./format-ids.js";
import type { ProviderConverter } from "./conversion/index.js";
import { anthropicConverter } from "./formats/anthropic/index.js";
import { bedrockConverseConverter } from "./formats/bedrock-converse/index.js";
import { geminiConverter } from "./formats/gemini/index.js";
import { mistralConverter } from "./formats/mistral/index.js";
import { ollamaConverter } from "./formats/ollama/index.js";
import { openaiChatConverter } from "./formats/openai-chat/index.js";
import { openaiResponsesConverter } from "./formats/openai-responses/index.js";

/** The format ids that name a provider API (every id but `portable`, which has its own import and export). */
export type ProviderFormatId = Exclude<FormatId, "portable">;

/** A provider format with its native types erased, for code that picks the format at run time. */
export type AnyProviderConverter = ProviderConverter<unknown, unknown, unknown>;

/** Every provider API's converter by its format id: what `--from` / `--to` and generic tooling look up. */
export const providerConverters: Readonly<Record<ProviderFormatId, AnyProviderConverter>> = {
  anthropic: anthropicConverter as AnyProviderConverter,
  "openai-chat": openaiChatConverter as AnyProviderConverter,
  "openai-responses": openaiResponsesConverter as AnyProviderConverter,
  gemini: geminiConverter as AnyProviderConverter,
  ollama: ollamaConverter as AnyProviderConverter,
  "bedrock-converse": bedrockConverseConverter as AnyProviderConverter,
  mistral: mistralConverter as AnyProviderConverter,
};

export function isProviderFormatId(value: string): value is ProviderFormatId {
  return Object.hasOwn(providerConverters, value);
}
