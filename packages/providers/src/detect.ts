/**
 * Tells a payload's format and kind from its content alone, for the CLI's `convert` when no `--from` is given.
 *
 * Rules, in the order they are tried (the first that matches wins):
 *
 * Objects
 * 1. Documents. A string `schema_version` with a string `conversation_id` and no `id` → a Warp export
 *    (`warp-export`); otherwise a string `schema_version` → the canonical document (`agent-transcript`); a string
 *    `runId` with a `turns` array → a devflow run (`devflow`). All of kind `document`.
 * 2. Responses, by their discriminator: `object: "response"` → OpenAI Responses; `object: "chat.completion"` → OpenAI
 *    Chat; `type: "message"` with `role: "assistant"` and a `content` array → Anthropic; a `candidates` (or only
 *    `promptFeedback`) field → Gemini; a boolean `done` with a `message` object → Ollama.
 * 3. One stream event on its own (a stream of one chunk): `object: "chat.completion.chunk"`, `type: "response.*"`, an
 *    Anthropic event type (`message_start`, `content_block_*`, `message_delta`, `message_stop`, `ping`).
 * 4. Requests: `contents` → Gemini; `input` or `instructions` without `messages` → OpenAI Responses; a `messages`
 *    array → Ollama, Anthropic or OpenAI Chat, decided by {@link messagesRequestFormat}.
 *
 * Arrays
 * 5. Every element a `{ role, content }` message with role `system`, `user` or `assistant`, content a string or null,
 *    and tool use only in camelCase `toolCalls` / `toolResults` → portable (kind `document`).
 * 6. Otherwise a stream: the first chunk that names its API decides (`chat.completion.chunk`, `response.*` events,
 *    Anthropic event types, Gemini `candidates`, Ollama `done`). Chunks that are not objects (a line of a capture that
 *    was not JSON) and events both APIs send (`type: "error"`) are passed over.
 *
 * A `messages` request: all three APIs take `{ model, messages, tools, stream }`, so the fields only one of them
 * defines decide, in this order:
 * - Ollama when any Ollama-only field is present: top-level `options`, `keep_alive`, `think`, or `format`; a message
 *   with `images`, `tool_name` or a `thinking` string; a tool call whose `function.arguments` is an object (OpenAI
 *   sends JSON text); or an empty `tools` array (OpenAI's API refuses one; Ollama's Python client sends it, as five of the
 *   seven recorded Ollama requests show). Rules that would need a guess (a `name:tag` model) are not used.
 * - Anthropic when any Anthropic-only field is present: top-level `system`, `thinking`, `stop_sequences`, `top_k`,
 *   `mcp_servers`, `context_management`, `output_config`, `container`, `cache_control`; a content block of an
 *   Anthropic-only type (`tool_use`, `tool_result`, `document`, an `image` with a `source`, …, and `thinking` only
 *   with a string `thinking`: Mistral's `thinking` block holds an array and counts as OpenAI-Chat-shaped); a tool with
 *   `input_schema` or a typed server tool; an object `tool_choice` with `type` `auto`/`any`/`tool`/`none`.
 * - Anthropic too when `max_tokens` is present (Anthropic requires it), every role is `user` or `assistant`, and no
 *   OpenAI-only field is present (`max_completion_tokens`, `response_format`, `stream_options`, `n`, a `system`,
 *   `developer` or `tool` role, `tool_calls`, `image_url` parts, …).
 * - OpenAI Chat otherwise.
 * - Bedrock Converse, before all of these, when the request carries a field only Converse defines
 *   (`inferenceConfig`, `toolConfig`, `additionalModelRequestFields`, `guardrailConfig`, `promptVariables`), or when
 *   every message is a `user` or `assistant` message whose content blocks have no `type` and each hold a Converse
 *   member (`{ "text": … }`, `{ "toolUse": … }`, `{ "cachePoint": … }`, …). Its responses have an `output` object
 *   holding a `message`; its stream events are objects with one key, the event type (`messageStart`,
 *   `contentBlockDelta`, `metadata`, …), holding an object.
 *
 * Mistral's chat API is OpenAI Chat's shape; a payload is read as `mistral` when it carries what only Mistral's API
 * defines: a request's `safe_prompt`, `random_seed`, `prompt_mode` or `guardrails`, `tool_choice: "any"`, an
 * assistant message's `prefix`, a tool call with `index` in a request, a `thinking` chunk holding a list, a
 * `document_url`, `reference` or `tool_reference` chunk, an `image_url` given as a string; a completion or chunk whose
 * message or delta content is a chunk list, or whose delta has its own `index`; or a model of Mistral's families
 * (`mistral-…`, `magistral-…`, `pixtral-…`, `ministral-…`, `codestral-…`, `devstral-…`, …, not a gateway's
 * `mistralai/…` nor an Ollama `name:tag`).
 *
 * Known ambiguities: a Mistral payload with none of those markers (another model name, plain string contents) is
 * read as `openai-chat`, and an OpenAI-compatible server serving a model under Mistral's own model name is read as
 * `mistral`; `--from` settles either. A bare
 * `{ model, messages }` with string contents and none of the fields above is valid for OpenAI Chat, Ollama and (with
 * `max_tokens`) Anthropic alike; it is read as OpenAI Chat (as Anthropic with `max_tokens`). `--from` settles any of
 * these.
 */
import type { PayloadKind } from "./conversion/index.js";
import { isDocumentFormatId, type FormatId } from "./registry.js";

export type DetectedFormat = FormatId | "agent-transcript";

export interface Detection {
  format: DetectedFormat;
  kind: PayloadKind;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const anthropicEventTypes = new Set([
  "message_start",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
  "ping",
]);

/** The API one stream chunk names, or undefined when the chunk is shared by several (or by none). */
function chunkFormat(chunk: unknown): FormatId | undefined {
  if (!isObject(chunk)) return undefined;
  if (isBedrockEvent(chunk)) return "bedrock-converse";
  if (chunk.object === "chat.completion.chunk") return isMistralCompletion(chunk) ? "mistral" : "openai-chat";
  if (typeof chunk.type === "string") {
    if (chunk.type.startsWith("response.")) return "openai-responses";
    if (anthropicEventTypes.has(chunk.type)) return "anthropic";
  }
  if (Array.isArray(chunk.candidates) || (isObject(chunk.promptFeedback) && chunk.contents === undefined))
    return "gemini";
  if (typeof chunk.done === "boolean" && (isObject(chunk.message) || typeof chunk.model === "string")) return "ollama";
  return undefined;
}

// Mistral's model families; a name with `:` (an Ollama tag) or `/` (a gateway's `mistralai/…`) is not Mistral's API.
const mistralModelPattern =
  /^(?:mistral|magistral|pixtral|ministral|codestral|devstral|voxtral|mathstral|open-mistral|open-mixtral|open-codestral)-[^:/]*$/;
const mistralTopLevel = ["safe_prompt", "random_seed", "prompt_mode", "guardrails"];
const mistralChunkTypes = new Set(["document_url", "reference", "tool_reference"]);

/** Content chunks only Mistral sends: a `thinking` chunk holding a list, `document_url`, `reference`, a string `image_url`. */
function hasMistralChunk(content: unknown): boolean {
  if (!Array.isArray(content)) return false;
  return content.some(
    (chunk) =>
      isObject(chunk) &&
      ((chunk.type === "thinking" && Array.isArray(chunk.thinking)) ||
        (typeof chunk.type === "string" && mistralChunkTypes.has(chunk.type)) ||
        (chunk.type === "image_url" && typeof chunk.image_url === "string")),
  );
}

/** A chat completion or chunk of Mistral's API: its model family, a content chunk list, or a delta's own `index`. */
function isMistralCompletion(value: JsonObject): boolean {
  if (typeof value.model === "string" && mistralModelPattern.test(value.model)) return true;
  if (!Array.isArray(value.choices)) return false;
  return value.choices.some(
    (choice) =>
      isObject(choice) &&
      ((isObject(choice.message) && Array.isArray(choice.message.content)) ||
        (isObject(choice.delta) && (Array.isArray(choice.delta.content) || choice.delta.index !== undefined))),
  );
}

/** A `messages` request carrying a field, value or chunk only Mistral's API defines, or naming a Mistral model. */
function isMistralRequest(request: JsonObject, messages: readonly unknown[]): boolean {
  if (mistralTopLevel.some((key) => request[key] !== undefined) || request.tool_choice === "any") return true;
  if (typeof request.model === "string" && mistralModelPattern.test(request.model)) return true;
  return messages.some(
    (message) =>
      isObject(message) &&
      (typeof message.prefix === "boolean" ||
        hasMistralChunk(message.content) ||
        (Array.isArray(message.tool_calls) &&
          message.tool_calls.some((call) => isObject(call) && typeof call.index === "number"))),
  );
}

/** A response object's API, by its discriminator. */
function responseFormat(value: JsonObject): FormatId | undefined {
  if (value.object === "response") return "openai-responses";
  if (isObject(value.output) && isObject(value.output.message)) return "bedrock-converse";
  if (value.object === "chat.completion") return isMistralCompletion(value) ? "mistral" : "openai-chat";
  if (value.type === "message" && value.role === "assistant" && Array.isArray(value.content)) return "anthropic";
  if (Array.isArray(value.candidates) || (isObject(value.promptFeedback) && value.contents === undefined))
    return "gemini";
  if (typeof value.done === "boolean" && isObject(value.message)) return "ollama";
  return undefined;
}

const ollamaTopLevel = ["options", "keep_alive", "think", "format"];
const anthropicTopLevel = [
  "system",
  "thinking",
  "stop_sequences",
  "top_k",
  "mcp_servers",
  "context_management",
  "output_config",
  "container",
  "cache_control",
  "anthropic_version",
  "anthropic_beta",
];
const openaiChatTopLevel = [
  "max_completion_tokens",
  "response_format",
  "stream_options",
  "n",
  "reasoning_effort",
  "logprobs",
  "top_logprobs",
  "logit_bias",
  "frequency_penalty",
  "presence_penalty",
  "seed",
  "modalities",
  "audio",
  "prediction",
  "parallel_tool_calls",
  "web_search_options",
  "store",
  "service_tier",
  "user",
  "functions",
  "function_call",
  "prompt_cache_key",
  "safety_identifier",
  "verbosity",
];
const bedrockTopLevel = [
  "inferenceConfig",
  "toolConfig",
  "additionalModelRequestFields",
  "guardrailConfig",
  "promptVariables",
];
const bedrockEventTypes = new Set([
  "messageStart",
  "contentBlockStart",
  "contentBlockDelta",
  "contentBlockStop",
  "messageStop",
  "metadata",
  "internalServerException",
  "modelStreamErrorException",
  "serviceUnavailableException",
  "throttlingException",
  "validationException",
]);
const bedrockBlockMembers = [
  "text",
  "image",
  "document",
  "video",
  "audio",
  "toolUse",
  "toolResult",
  "guardContent",
  "cachePoint",
  "reasoningContent",
  "citationsContent",
  "searchResult",
];

/** A Converse stream event: one key, the event type, holding an object. */
function isBedrockEvent(chunk: JsonObject): boolean {
  const keys = Object.keys(chunk);
  return keys.length === 1 && bedrockEventTypes.has(keys[0] as string) && isObject(chunk[keys[0] as string]);
}

/** Converse messages: user and assistant turns of untyped blocks, each holding a Converse member. */
function isBedrockMessages(messages: readonly unknown[]): boolean {
  if (messages.length === 0) return false;
  return messages.every(
    (message) =>
      isObject(message) &&
      (message.role === "user" || message.role === "assistant") &&
      Array.isArray(message.content) &&
      message.content.every(
        (block) =>
          isObject(block) && block.type === undefined && bedrockBlockMembers.some((key) => Object.hasOwn(block, key)),
      ),
  );
}
const anthropicBlockTypes = new Set([
  "tool_use",
  "tool_result",
  "thinking",
  "redacted_thinking",
  "document",
  "search_result",
  "server_tool_use",
  "mcp_tool_use",
  "mcp_tool_result",
  "container_upload",
  "web_search_tool_result",
  "web_fetch_tool_result",
  "code_execution_tool_result",
  "bash_code_execution_tool_result",
  "text_editor_code_execution_tool_result",
  "tool_search_tool_result",
  "tool_reference",
]);
const openaiChatBlockTypes = new Set(["image_url", "input_audio", "file", "refusal"]);

interface Evidence {
  ollama: boolean;
  anthropic: boolean;
  openaiChat: boolean;
  /** A content block without `type`, or Bedrock's fields: none of the three APIs. */
  foreign: boolean;
  onlyUserAndAssistant: boolean;
}

function messageEvidence(messages: readonly unknown[], evidence: Evidence): void {
  for (const message of messages) {
    if (!isObject(message)) {
      evidence.foreign = true;
      continue;
    }
    if (message.role !== "user" && message.role !== "assistant") evidence.onlyUserAndAssistant = false;
    if (
      message.role === "system" ||
      message.role === "developer" ||
      message.role === "tool" ||
      message.role === "function"
    )
      evidence.openaiChat = true;
    if (Array.isArray(message.images) || typeof message.tool_name === "string" || typeof message.thinking === "string")
      evidence.ollama = true;
    if (
      message.tool_call_id !== undefined ||
      message.refusal !== undefined ||
      message.audio !== undefined ||
      message.name !== undefined
    )
      evidence.openaiChat = true;
    if (Array.isArray(message.tool_calls)) {
      evidence.openaiChat = true;
      for (const call of message.tool_calls)
        if (isObject(call) && isObject(call.function) && isObject(call.function.arguments)) evidence.ollama = true;
    }
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (!isObject(block) || typeof block.type !== "string") {
        evidence.foreign = true;
        continue;
      }
      // Mistral sends `thinking` blocks too, with an array of chunks where Anthropic has a string.
      if (block.type === "thinking") {
        if (typeof block.thinking === "string") evidence.anthropic = true;
        else evidence.openaiChat = true;
      } else if (anthropicBlockTypes.has(block.type) || (block.type === "image" && isObject(block.source)))
        evidence.anthropic = true;
      if (openaiChatBlockTypes.has(block.type)) evidence.openaiChat = true;
      if (block.cache_control !== undefined || block.citations !== undefined) evidence.anthropic = true;
    }
  }
}

function toolEvidence(request: JsonObject, evidence: Evidence): void {
  if (Array.isArray(request.tools)) {
    if (request.tools.length === 0) evidence.ollama = true;
    for (const tool of request.tools) {
      if (!isObject(tool)) continue;
      if (
        tool.input_schema !== undefined ||
        (typeof tool.type === "string" &&
          tool.type !== "function" &&
          tool.function === undefined &&
          tool.custom === undefined)
      )
        evidence.anthropic = true;
      if (isObject(tool.function)) evidence.openaiChat = true;
    }
  }
  const choice = request.tool_choice;
  if (isObject(choice) && typeof choice.type === "string" && ["auto", "any", "tool", "none"].includes(choice.type))
    evidence.anthropic = true;
  if (isObject(choice) && choice.type === "function") evidence.openaiChat = true;
  if (typeof choice === "string") evidence.openaiChat = true;
}

/** Which of Ollama, Anthropic and OpenAI Chat a `messages` request is; undefined when it is none of them. */
function messagesRequestFormat(request: JsonObject, messages: readonly unknown[]): FormatId | undefined {
  const evidence: Evidence = {
    ollama: false,
    anthropic: false,
    openaiChat: false,
    foreign: false,
    onlyUserAndAssistant: true,
  };
  if (bedrockTopLevel.some((key) => request[key] !== undefined)) return "bedrock-converse";
  messageEvidence(messages, evidence);
  if (evidence.foreign) return isBedrockMessages(messages) ? "bedrock-converse" : undefined;
  toolEvidence(request, evidence);
  if (ollamaTopLevel.some((key) => request[key] !== undefined)) evidence.ollama = true;
  if (anthropicTopLevel.some((key) => request[key] !== undefined)) evidence.anthropic = true;
  if (openaiChatTopLevel.some((key) => request[key] !== undefined)) evidence.openaiChat = true;
  if (evidence.ollama) return "ollama";
  if (evidence.anthropic) return "anthropic";
  if (request.max_tokens !== undefined && evidence.onlyUserAndAssistant && !evidence.openaiChat) return "anthropic";
  if (isMistralRequest(request, messages)) return "mistral";
  return "openai-chat";
}

const portableRoles = new Set(["system", "user", "assistant"]);

/** A portable message list (OpenAF portable format): `{ role, content }` turns with camelCase `toolCalls` / `toolResults`. */
function isPortable(value: readonly unknown[]): boolean {
  if (value.length === 0) return false;
  return value.every((item) => {
    if (!isObject(item) || typeof item.role !== "string" || !portableRoles.has(item.role)) return false;
    if (
      item.tool_calls !== undefined ||
      item.tool_call_id !== undefined ||
      item.parts !== undefined ||
      item.type !== undefined
    )
      return false;
    const content = item.content;
    const hasTools = Array.isArray(item.toolCalls) || Array.isArray(item.toolResults);
    return typeof content === "string" || content === null || (content === undefined && hasTools);
  });
}

function streamFormat(chunks: readonly unknown[]): FormatId | undefined {
  for (const chunk of chunks) {
    const format = chunkFormat(chunk);
    if (format !== undefined) return format;
  }
  return undefined;
}

/**
 * The format and kind of a parsed payload, or undefined when it is none this package converts. Never throws.
 * See the module comment for the rules and their known ambiguities.
 */
export function detectFormat(value: unknown): Detection | undefined {
  if (Array.isArray(value)) {
    if (isPortable(value)) return { format: "portable", kind: "document" };
    const format = streamFormat(value);
    return format === undefined ? undefined : { format, kind: "stream" };
  }
  if (!isObject(value)) return undefined;
  if (typeof value.schema_version === "string") {
    // Warp's export carries a schema_version of its own; its conversation id and the absence of our `id` tell it.
    const isWarp = typeof value.conversation_id === "string" && value.id === undefined;
    return { format: isWarp ? "warp-export" : "agent-transcript", kind: "document" };
  }
  if (typeof value.runId === "string" && Array.isArray(value.turns)) return { format: "devflow", kind: "document" };
  const response = responseFormat(value);
  if (response !== undefined) return { format: response, kind: "response" };
  const chunk = chunkFormat(value);
  if (chunk !== undefined) return { format: chunk, kind: "stream" };
  if (Array.isArray(value.contents)) return { format: "gemini", kind: "request" };
  if (value.messages === undefined && (value.input !== undefined || typeof value.instructions === "string"))
    return { format: "openai-responses", kind: "request" };
  if (Array.isArray(value.messages)) {
    const format = messagesRequestFormat(value, value.messages);
    return format === undefined ? undefined : { format, kind: "request" };
  }
  return undefined;
}

/**
 * The kind of a payload already known (or declared, with `--from`) to be of `format`: the value of a document format
 * (portable, Warp export, devflow) or a canonical document is a document; otherwise an array is a stream, an object a
 * response when it has its format's response shape, a single stream event when it is one, else a request.
 */
export function detectKind(format: DetectedFormat, value: unknown): PayloadKind {
  if (format === "agent-transcript" || isDocumentFormatId(format)) return "document";
  if (Array.isArray(value)) return "stream";
  if (!isObject(value)) return "request";
  if (responseFormat(value) === format) return "response";
  if (chunkFormat(value) === format) return "stream";
  // Shapes the discriminators above do not cover, by the field each format's responses always have.
  if ((format === "openai-chat" || format === "mistral") && Array.isArray(value.choices)) return "response";
  if (format === "mistral" && value.object === "chat.completion.chunk") return "stream";
  if (format === "openai-responses" && Array.isArray(value.output)) return "response";
  if (format === "anthropic" && value.type === "message") return "response";
  if (format === "ollama" && value.done !== undefined) return "response";
  return "request";
}
