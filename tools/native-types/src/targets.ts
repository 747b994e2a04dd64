/**
 * What is mirrored, and where it is written: for each provider API, the SDK types its converter's native types were
 * (request, response, stream event, and the parts the public types name); for the recorder, the AI SDK's middleware
 * interface. The public names and the wire's differences are stated in each package's `types.ts` over these files.
 */
import type { MirrorTarget } from "./mirror.js";

export interface OutputTarget extends MirrorTarget {
  /** The file written, from the repository root. */
  output: string;
}

const providers = "packages/providers";

function roots(module: string, names: readonly string[]) {
  return names.map((name) => ({ module, name }));
}

export const targets: readonly OutputTarget[] = [
  {
    output: `${providers}/src/generated/native/anthropic.ts`,
    title: "The Anthropic Messages API (POST /v1/messages): request, response and stream event",
    sdk: "@anthropic-ai/sdk",
    resolveFrom: providers,
    roots: roots("@anthropic-ai/sdk/resources/messages", ["MessageCreateParams", "Message", "RawMessageStreamEvent"]),
  },
  {
    output: `${providers}/src/generated/native/openai-chat.ts`,
    title: "OpenAI Chat Completions (POST /v1/chat/completions): request, completion and stream chunk",
    sdk: "openai",
    resolveFrom: providers,
    roots: roots("openai/resources/chat/completions", [
      "ChatCompletionCreateParams",
      "ChatCompletion",
      "ChatCompletionChunk",
    ]),
  },
  {
    output: `${providers}/src/generated/native/openai-responses.ts`,
    title: "OpenAI Responses (POST /v1/responses): request, response and stream event",
    sdk: "openai",
    resolveFrom: providers,
    roots: roots("openai/resources/responses/responses", ["ResponseCreateParams", "Response", "ResponseStreamEvent"]),
  },
  {
    output: `${providers}/src/generated/native/gemini.ts`,
    title:
      "The Gemini API (models/{model}:generateContent and :streamGenerateContent): the request's parts and the response",
    sdk: "@google/genai",
    resolveFrom: providers,
    roots: [
      ...roots("@google/genai", ["Content", "Tool", "ToolConfig", "GenerationConfig", "SafetySetting"]),
      {
        module: "@google/genai",
        name: "GenerateContentResponse",
        // The class's fields that come over the wire; its getters (`text`, `functionCalls`, …) and what the client
        // adds (`sdkHttpResponse`, `automaticFunctionCallingHistory`) do not.
        pick: [
          "candidates",
          "createTime",
          "modelVersion",
          "promptFeedback",
          "responseId",
          "usageMetadata",
          "modelStatus",
        ],
      },
    ],
    // `Blob_2` is how the SDK's bundle names its `Blob` beside the global one.
    rename: { Blob_2: "Blob" },
  },
  {
    output: `${providers}/src/generated/native/bedrock-converse.ts`,
    title:
      "Amazon Bedrock Converse (POST /model/{modelId}/converse and /converse-stream): JSON bodies and stream events",
    sdk: "@aws-sdk/client-bedrock-runtime",
    resolveFrom: providers,
    roots: roots("@aws-sdk/client-bedrock-runtime", [
      "ConverseRequest",
      "ConverseResponse",
      "ConverseStreamOutput",
      "Message",
      "ContentBlock",
      "SystemContentBlock",
      "Tool",
      "ToolConfiguration",
      "ToolUseBlock",
      "ToolUseBlockStart",
    ]),
    // The service's JSON protocol writes blobs as base64 text and timestamps as text.
    replaceTypes: { Uint8Array: "string", Date: "string" },
    // A tagged union's member for members newer than the SDK, `{ $unknown: [name, value] }`, is the client's: on the
    // wire an unknown member is just another key.
    dropDeclarations: (name) => name.endsWith("$UnknownMember"),
    dropProperties: { "*": ["$unknown"], ConverseRequest: ["modelId"] },
    // A stream's exception event carries the exception's JSON body: `message` and the exception's own fields.
    errorBody: { message: "string" },
  },
  {
    output: `${providers}/src/generated/native/mistral.ts`,
    title: "Mistral Chat Completions (POST /v1/chat/completions): the request as the SDK's serialiser writes it",
    sdk: "@mistralai/mistralai",
    resolveFrom: providers,
    roots: roots("@mistralai/mistralai/models/components", [
      "ChatCompletionRequest$Outbound",
      "AssistantMessage$Outbound",
      "ContentChunk$Outbound",
      "SystemMessage$Outbound",
      "Tool$Outbound",
      "ToolCall$Outbound",
      "ToolMessage$Outbound",
      "UsageInfo$Outbound",
      "UserMessage$Outbound",
    ]),
  },
  {
    output: `${providers}/src/generated/native/ollama.ts`,
    title: "Ollama's chat API (POST /api/chat): request and response (each stream line is a response)",
    sdk: "ollama",
    resolveFrom: providers,
    roots: roots("ollama", ["ChatRequest", "ChatResponse"]),
    // The client types `created_at` as a Date but never revives it: it is RFC 3339 text on the wire and in what the
    // client returns.
    replaceTypes: { Date: "string" },
  },
  {
    output: "packages/recorder/src/generated/ai-sdk.ts",
    title: "The Vercel AI SDK's language-model middleware (specification v3), as `wrapLanguageModel` calls it",
    sdk: "@ai-sdk/provider",
    resolveFrom: "sdk:packages/recorder>ai",
    roots: roots("@ai-sdk/provider", ["LanguageModelV3Middleware"]),
    globals: ["ReadableStream", "AbortSignal", "URL", "Headers"],
  },
];
