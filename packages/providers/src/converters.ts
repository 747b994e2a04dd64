/**
 * Every provider API's and document format's converter, made here from the conversions its folder under `formats/`
 * exports, with the nesting limit (conversion/limits.ts) applied at its edge: a value nested deeper than 512 levels,
 * handed in or built, is refused by JSON pointer instead of overflowing a walk. This file is the one place a format's
 * conversions become a converter, so the limit is applied once for every format and a new one cannot go without it.
 * The registry (registry.ts) lists these converters by format id; the root entry exports them typed.
 */
import type { SourceFormat } from "@agent-transcript/core";
import {
  withDocumentNestingLimit,
  withNestingLimit,
  type DocumentConverter,
  type ProviderConverter,
  type ToCanonicalOptions,
} from "./conversion/index.js";
import type { AnthropicRequest, AnthropicResponse, AnthropicStreamEvent } from "./formats/anthropic/index.js";
import type {
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
} from "./formats/bedrock-converse/index.js";
import type { DevflowTranscript } from "./formats/devflow/index.js";
import type { GeminiRequest, GeminiResponse, GeminiStreamChunk } from "./formats/gemini/index.js";
import type { MistralChatChunk, MistralChatRequest, MistralChatResponse } from "./formats/mistral/index.js";
import type { OllamaChatRequest, OllamaChatResponse } from "./formats/ollama/index.js";
import type { OpenAIChatChunk, OpenAIChatRequest, OpenAIChatResponse } from "./formats/openai-chat/index.js";
import type {
  OpenAIResponsesRequest,
  OpenAIResponsesResponse,
  OpenAIResponsesStreamEvent,
} from "./formats/openai-responses/index.js";
import type { PortableMessage, PortableToCanonicalOptions } from "./formats/portable/index.js";
import type { WarpExport } from "./formats/warp-export/index.js";
import * as anthropic from "./formats/anthropic/index.js";
import * as bedrockConverse from "./formats/bedrock-converse/index.js";
import * as devflow from "./formats/devflow/index.js";
import * as gemini from "./formats/gemini/index.js";
import * as mistral from "./formats/mistral/index.js";
import * as ollama from "./formats/ollama/index.js";
import * as openaiChat from "./formats/openai-chat/index.js";
import * as openaiResponses from "./formats/openai-responses/index.js";
import * as portable from "./formats/portable/index.js";
import * as warpExport from "./formats/warp-export/index.js";

/** What a provider format's folder exports: its conversions both ways and its request check. */
type ProviderConversions<Request, Response, Chunk> = Omit<ProviderConverter<Request, Response, Chunk>, "id">;
/** What a document format's folder exports: its conversions both ways. */
type DocumentConversions<Native, Options extends ToCanonicalOptions> = Omit<DocumentConverter<Native, Options>, "id">;

function provider<Request, Response, Chunk>(
  id: SourceFormat,
  conversions: ProviderConversions<Request, Response, Chunk>,
): ProviderConverter<Request, Response, Chunk> {
  return withNestingLimit({ ...conversions, id });
}

function document<Native, Options extends ToCanonicalOptions = ToCanonicalOptions>(
  id: SourceFormat,
  conversions: DocumentConversions<Native, Options>,
): DocumentConverter<Native, Options> {
  return withDocumentNestingLimit({ ...conversions, id });
}

/** Anthropic Messages: requests, responses and streams, both ways. */
export const anthropicConverter: ProviderConverter<AnthropicRequest, AnthropicResponse, AnthropicStreamEvent> =
  provider("anthropic", anthropic);
/** Amazon Bedrock Converse: requests, responses and streams, both ways. */
export const bedrockConverseConverter: ProviderConverter<
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent
> = provider("bedrock-converse", bedrockConverse);
/** Google Gemini generateContent: requests, responses and streams, both ways. */
export const geminiConverter: ProviderConverter<GeminiRequest, GeminiResponse, GeminiStreamChunk> = provider(
  "gemini",
  gemini,
);
/** Mistral chat completions: requests, responses and streams, both ways. */
export const mistralConverter: ProviderConverter<MistralChatRequest, MistralChatResponse, MistralChatChunk> = provider(
  "mistral",
  mistral,
);
/** Ollama /api/chat: requests, responses and NDJSON streams, both ways. */
export const ollamaConverter: ProviderConverter<OllamaChatRequest, OllamaChatResponse, OllamaChatResponse> = provider(
  "ollama",
  ollama,
);
/** OpenAI Chat Completions (and what OpenAI-compatible servers add): requests, responses and streams, both ways. */
export const openaiChatConverter: ProviderConverter<OpenAIChatRequest, OpenAIChatResponse, OpenAIChatChunk> = provider(
  "openai-chat",
  openaiChat,
);
// The Responses conversions build plain JSON objects (a recorded payload's item types and fields may be newer than the
// SDK's unions, and are written back unchanged): they are given the wire types here, at the converter's edge.
/** OpenAI Responses: requests, `Response` objects and their event streams, both ways. */
export const openaiResponsesConverter: ProviderConverter<
  OpenAIResponsesRequest,
  OpenAIResponsesResponse,
  OpenAIResponsesStreamEvent
> = provider(
  "openai-responses",
  openaiResponses as unknown as ProviderConversions<
    OpenAIResponsesRequest,
    OpenAIResponsesResponse,
    OpenAIResponsesStreamEvent
  >,
);

/** A devflow run transcript ⇄ a canonical document. */
export const devflowConverter: DocumentConverter<DevflowTranscript> = document("devflow", devflow);
/** The OpenAF portable format: a portable message list ⇄ a canonical document. */
export const portableConverter: DocumentConverter<PortableMessage[], PortableToCanonicalOptions> = document(
  "portable",
  portable,
);
/** The Warp export: a Warp JSON conversation export ⇄ a canonical document. */
export const warpExportConverter: DocumentConverter<WarpExport> = document("warp-export", warpExport);
