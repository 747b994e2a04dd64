import type { FormatId } from "./format-ids.js";
import type { ProviderConverter } from "./conversion/index.js";
import { anthropicFormat } from "./formats/anthropic/index.js";
import { bedrockConverseFormat } from "./formats/bedrock-converse/index.js";
import { geminiFormat } from "./formats/gemini/index.js";
import { mistralFormat } from "./formats/mistral/index.js";
import { ollamaFormat } from "./formats/ollama/index.js";
import { openaiChatFormat } from "./formats/openai-chat/index.js";
import { openaiResponsesFormat } from "./formats/openai-responses/index.js";

/** The format ids that name a provider API (every id but `portable`, which has its own import and export). */
export type ProviderFormatId = Exclude<FormatId, "portable">;

/** A provider format with its native types erased, for code that picks the format at run time. */
export type AnyProviderConverter = ProviderConverter<unknown, unknown, unknown>;

/** Every provider API's converter by its format id: what `--from` / `--to` and generic tooling look up. */
export const providerFormats: Readonly<Record<ProviderFormatId, AnyProviderConverter>> = {
  anthropic: anthropicFormat as AnyProviderConverter,
  "openai-chat": openaiChatFormat as AnyProviderConverter,
  "openai-responses": openaiResponsesFormat as AnyProviderConverter,
  gemini: geminiFormat as AnyProviderConverter,
  ollama: ollamaFormat as AnyProviderConverter,
  "bedrock-converse": bedrockConverseFormat as AnyProviderConverter,
  mistral: mistralFormat as AnyProviderConverter,
};

export function isProviderFormatId(value: string): value is ProviderFormatId {
  return Object.hasOwn(providerFormats, value);
}
