/**
 * The native side of the Mistral format: the JSON bodies of `POST /v1/chat/completions`, as our own declarations
 * (`generated/native/mistral.ts`, written from the wire types of `@mistralai/mistralai` 2.7.0 by tools/native-types and
 * checked against them in mistral.types.test.ts). Nothing here imports the SDK.
 *
 * The SDK's `…$Outbound` types are what its serialiser writes, with every default filled in (`prefix: false`, a
 * tool call's `type` and `index`, `stream`). The API takes those fields as optional, and real clients leave them out
 * (pydantic-ai sends tools without `type`; Mistral's own responses carry tool calls without `type`), so the request
 * types here are the outbound ones with the defaulted fields optional. Responses and stream chunks exist in the SDK
 * only as inbound (camelCase) types, parsed by zod schemas whose input type is `unknown`; their wire (snake_case)
 * shapes are written out here and proved against the SDK's in mistral.types.test.ts.
 */
import type * as MistralTypes from "../../generated/native/mistral.js";

/** `T` with the fields `K` optional: the SDK fills them with a default the API would assume anyway. */
export type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type MistralContentChunk = MistralTypes.ContentChunk$Outbound;

export type MistralToolCall = Defaulted<MistralTypes.ToolCall$Outbound, "id" | "type" | "index">;

export type MistralAssistantMessage = Omit<
  Defaulted<MistralTypes.AssistantMessage$Outbound, "prefix">,
  "tool_calls"
> & {
  tool_calls?: MistralToolCall[] | null | undefined;
};

export type MistralMessage =
  | MistralAssistantMessage
  | MistralTypes.SystemMessage$Outbound
  | MistralTypes.UserMessage$Outbound
  | MistralTypes.ToolMessage$Outbound;

/** A function tool may leave out `type`; the built-in tools (web search, code interpreter, …) name theirs. */
export type MistralTool =
  | Defaulted<MistralTypes.Tool$Outbound, "type">
  | Exclude<
      NonNullable<MistralTypes.ChatCompletionRequest$Outbound["tools"]>[number],
      MistralTypes.Tool$Outbound & { type: "function" }
    >;

export type MistralChatRequest = Omit<
  Defaulted<MistralTypes.ChatCompletionRequest$Outbound, "stream">,
  "messages" | "tools"
> & {
  messages: MistralMessage[];
  tools?: MistralTool[] | null | undefined;
};

/** `usage` of a completion: the SDK's wire usage (it has an outbound type), counters optional as the inbound is. */
export type MistralUsage = Defaulted<
  MistralTypes.UsageInfo$Outbound,
  "prompt_tokens" | "completion_tokens" | "total_tokens"
>;

export interface MistralChoice {
  index: number;
  message?: MistralAssistantMessage | undefined;
  finish_reason: string;
}

/** A completion (`object: "chat.completion"`), the wire spelling of the SDK's `ChatCompletionResponse`. */
export interface MistralChatResponse {
  id: string;
  object: string;
  model: string;
  usage: MistralUsage;
  created: number;
  choices: MistralChoice[];
}

/** What a stream chunk's choice adds to the message (`DeltaMessage`). */
export interface MistralDelta {
  role?: string | null | undefined;
  content?: string | MistralContentChunk[] | null | undefined;
  tool_calls?: MistralToolCall[] | null | undefined;
  tool_call_id?: string | null | undefined;
  index?: number | null | undefined;
  metadata?: Record<string, unknown> | null | undefined;
}

export interface MistralStreamChoice {
  index: number;
  delta: MistralDelta;
  finish_reason: string | null;
}

/** One server-sent event of a streamed completion (`object: "chat.completion.chunk"`), the SDK's `CompletionChunk`. */
export interface MistralChatChunk {
  id: string;
  object?: string | undefined;
  created?: number | undefined;
  model: string;
  usage?: MistralUsage | undefined;
  choices: MistralStreamChoice[];
}

export type { MistralTypes };
