/**
 * The Vercel AI SDK (`ai` 6): a language-model middleware for `wrapLanguageModel`. The AI SDK hands every model the
 * same standard prompt and reads the same standard content and stream parts back, whatever the provider, so this
 * module maps those (LanguageModelV3: prompt, content, stream parts, usage, finish reason) onto canonical messages
 * itself; no provider converter is involved.
 */
import type { FinishReason, Message, Part, ToolResultPart, Usage } from "@agent-transcript/core";
import type * as AiSdkTypes from "../generated/ai-sdk.js";
import type { Recorder } from "../writer/recorder-types.js";
import { failureOf, ModelCall } from "./model-call.js";
import { instrumentContext, type InstrumentOptions } from "./options.js";
import { watchReadableStream, type StreamWatcher } from "./stream-watch.js";

/**
 * Our own declaration of the AI SDK's middleware interface and what it reaches (`generated/ai-sdk.ts`, written from
 * the types of `@ai-sdk/provider`, which `ai` 6 re-exports as `LanguageModelMiddleware`, and checked against them in
 * both directions in wrappers.types.test.ts): this entry's declarations then name no SDK, and a program that records
 * with another SDK's wrapper compiles without `ai` installed.
 */
type LanguageModelMiddleware = AiSdkTypes.LanguageModelV3Middleware;
type WrapGenerate = NonNullable<LanguageModelMiddleware["wrapGenerate"]>;
type WrapStream = NonNullable<LanguageModelMiddleware["wrapStream"]>;
type CallOptions = Parameters<WrapGenerate>[0]["params"];
type LanguageModel = Parameters<WrapGenerate>[0]["model"];
type Prompt = CallOptions["prompt"];
type PromptMessage = Prompt[number];
type GenerateResult = Awaited<ReturnType<Parameters<WrapGenerate>[0]["doGenerate"]>>;
type Content = GenerateResult["content"][number];
type StreamResult = Awaited<ReturnType<Parameters<WrapStream>[0]["doStream"]>>;
type StreamPart = StreamResult["stream"] extends ReadableStream<infer Part> ? Part : never;
type ModelUsage = GenerateResult["usage"];
type ModelFinishReason = GenerateResult["finishReason"];
type ToolOutput = Extract<PromptMessage, { role: "tool" }>["content"][number] extends infer P
  ? P extends { type: "tool-result"; output: infer O }
    ? O
    : never
  : never;

/**
 * A language-model middleware (`ai` 6, specification `v3`) that records every call of the model it wraps into the
 * recorder: the prompt's new messages, then the reply with its usage and timings, for `generateText`,
 * `streamText` and everything else built on them. The model's results and stream parts pass through unchanged.
 *
 * ```ts
 * const model = wrapLanguageModel({ model: openai("gpt-4o-mini"), middleware: recordingMiddleware(recorder) });
 * ```
 */
export function recordingMiddleware(
  recorder: Recorder,
  options?: InstrumentOptions,
): AiSdkTypes.LanguageModelV3Middleware {
  const context = instrumentContext(recorder, options);
  const start = (operation: string, prompt: Prompt): ModelCall =>
    new ModelCall(context, operation, () => ({ messages: promptMessages(prompt) }));
  return {
    specificationVersion: "v3",
    async wrapGenerate({ doGenerate, params, model }) {
      const call = start("ai-sdk.doGenerate", params.prompt);
      let result: GenerateResult;
      try {
        result = await doGenerate();
      } catch (error) {
        call.fail(failureOf(error, params.abortSignal));
        throw error;
      }
      call.succeed(() => [generatedMessage(result, model)]);
      return result;
    },
    async wrapStream({ doStream, params, model }) {
      const call = start("ai-sdk.doStream", params.prompt);
      let result: StreamResult;
      try {
        result = await doStream();
      } catch (error) {
        call.fail(failureOf(error, params.abortSignal));
        throw error;
      }
      const watcher = new StreamPartsRecording(call, model, params.abortSignal);
      return { ...result, stream: watchReadableStream(result.stream, watcher) };
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The prompt

/** The standard prompt as canonical messages. */
export function promptMessages(prompt: Prompt): Message[] {
  return prompt.map((message): Message => {
    switch (message.role) {
      case "system":
        return { role: "system", parts: [{ type: "text", text: message.content }] };
      case "user":
        return { role: "user", parts: message.content.flatMap((part) => promptPart(part)) };
      case "assistant":
        return { role: "assistant", parts: message.content.flatMap((part) => promptPart(part)) };
      case "tool":
        return { role: "tool", parts: message.content.flatMap((part) => promptPart(part)) };
    }
  });
}

type PromptPart = Exclude<PromptMessage["content"], string>[number];

function promptPart(part: PromptPart): Part[] {
  switch (part.type) {
    case "text":
      return [{ type: "text", text: part.text }];
    case "reasoning":
      return [{ type: "reasoning", text: part.text }];
    case "file":
      return [filePart(part.mediaType, part.data, part.filename)];
    case "tool-call":
      return [
        {
          type: "tool_call",
          id: part.toolCallId,
          name: part.toolName,
          input: part.input ?? null,
          ...(part.providerExecuted === undefined ? {} : { provider_executed: part.providerExecuted }),
        },
      ];
    case "tool-result":
      return [toolResult(part.toolCallId, part.toolName, part.output)];
    default:
      // A tool approval response: a decision about a call, with no canonical part of its own.
      return [];
  }
}

function base64(data: Uint8Array | string): string {
  return typeof data === "string" ? data : Buffer.from(data).toString("base64");
}

function filePart(mediaType: string, data: unknown, filename?: string): Part {
  const source =
    data instanceof URL
      ? { url: data.href }
      : typeof data === "string" && /^(?:https?|data):/i.test(data)
        ? { url: data }
        : data instanceof Uint8Array || typeof data === "string"
          ? { data: base64(data) }
          : { url: String(data) };
  if (mediaType.startsWith("image/")) return { type: "image", media_type: mediaType, ...source };
  if (mediaType.startsWith("audio/")) return { type: "audio", media_type: mediaType, ...source };
  return { type: "file", media_type: mediaType, ...source, ...(filename === undefined ? {} : { filename }) };
}

function toolResult(callId: string, name: string, output: ToolOutput): ToolResultPart {
  const base = { type: "tool_result", call_id: callId, name } as const;
  switch (output.type) {
    case "text":
    case "json":
      return { ...base, status: "ok", output: output.value };
    case "error-text":
      return { ...base, status: "error", output: output.value, error: output.value };
    case "error-json":
      return { ...base, status: "error", output: output.value };
    case "execution-denied":
      return {
        ...base,
        status: "denied",
        output: null,
        ...(output.reason === undefined ? {} : { error: output.reason }),
      };
    case "content": {
      const content: Part[] = [];
      for (const item of output.value) {
        if (item.type === "text") content.push({ type: "text", text: item.text });
        else if (item.type === "image-data" || item.type === "file-data")
          content.push(filePart(item.mediaType, item.data, "filename" in item ? item.filename : undefined));
        else if (item.type === "image-url") content.push({ type: "image", url: item.url });
        else if (item.type === "file-url")
          content.push(filePart(item.mediaType ?? "application/octet-stream", new URL(item.url)));
      }
      return { ...base, status: "ok", output: null, content };
    }
    default:
      return { ...base, status: "ok", output: null };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The reply

const finishReasons: Record<ModelFinishReason["unified"], FinishReason> = {
  stop: "stop",
  length: "length",
  "content-filter": "content_filter",
  "tool-calls": "tool_calls",
  error: "error",
  other: "other",
};

/** Whose usage shape `usage.raw` is, from the model's provider name (`openai.chat`, `anthropic.messages`, …). */
function usageProvider(provider: string): string {
  const known: Array<[string, string]> = [
    ["openai.chat", "openai-chat"],
    ["openai.responses", "openai-responses"],
    ["anthropic", "anthropic"],
    ["google", "gemini"],
    ["ollama", "ollama"],
    ["mistral", "mistral"],
    ["amazon-bedrock", "bedrock-converse"],
  ];
  return known.find(([prefix]) => provider.startsWith(prefix))?.[1] ?? provider;
}

function usageOf(usage: ModelUsage | undefined, model: LanguageModel): Usage | undefined {
  if (usage === undefined) return undefined;
  const input = usage.inputTokens;
  const output = usage.outputTokens;
  if (input.total === undefined && output.total === undefined) return undefined;
  const result: Usage = { input_tokens: input.total ?? 0, output_tokens: output.total ?? 0 };
  if (input.cacheRead !== undefined) result.cache_read_tokens = input.cacheRead;
  if (input.cacheWrite !== undefined) result.cache_write_tokens = input.cacheWrite;
  if (output.reasoning !== undefined) result.reasoning_tokens = output.reasoning;
  result.raw = { provider: usageProvider(model.provider), usage: usage.raw ?? usage };
  return result;
}

interface ReplyMetadata {
  id?: string;
  modelId?: string;
}

function replyMessage(
  parts: Part[],
  model: LanguageModel,
  metadata: ReplyMetadata | undefined,
  finishReason: ModelFinishReason | undefined,
  usage: ModelUsage | undefined,
): Message {
  const message: Message = { role: "assistant", parts, model: metadata?.modelId ?? model.modelId };
  if (metadata?.id !== undefined) message.response_id = metadata.id;
  if (finishReason !== undefined) {
    message.finish_reason = finishReasons[finishReason.unified] ?? "other";
    if (finishReason.raw !== undefined) message.native_finish_reason = finishReason.raw;
  }
  const normalised = usageOf(usage, model);
  if (normalised !== undefined) message.usage = normalised;
  return message;
}

function contentPart(content: Content): Part[] {
  switch (content.type) {
    case "text":
      return content.text === "" ? [] : [{ type: "text", text: content.text }];
    case "reasoning":
      return [{ type: "reasoning", text: content.text }];
    case "file":
      return [filePart(content.mediaType, content.data)];
    case "tool-call":
      return [toolCallPart(content.toolCallId, content.toolName, content.input, content.providerExecuted)];
    case "tool-result":
      return [
        {
          type: "tool_result",
          call_id: content.toolCallId,
          name: content.toolName,
          status: content.isError === true ? "error" : "ok",
          output: content.result,
          provider_executed: true,
        },
      ];
    default:
      // Sources and tool approval requests have no part of their own.
      return [];
  }
}

/** A tool call whose input the model wrote as JSON text: the parsed input, or the text kept when it does not parse. */
function toolCallPart(id: string, name: string, inputText: string, providerExecuted: boolean | undefined): Part {
  let input: unknown = null;
  let raw: string | undefined;
  try {
    input = inputText.trim() === "" ? {} : (JSON.parse(inputText) as unknown);
  } catch {
    raw = inputText;
  }
  return {
    type: "tool_call",
    id,
    name,
    input,
    ...(raw === undefined ? {} : { raw_input: raw, input_error: "the input is not valid JSON" }),
    ...(providerExecuted === undefined ? {} : { provider_executed: providerExecuted }),
  };
}

function generatedMessage(result: GenerateResult, model: LanguageModel): Message {
  return replyMessage(
    result.content.flatMap((content) => contentPart(content)),
    model,
    result.response,
    result.finishReason,
    result.usage,
  );
}

/** Assembles the stream parts into the reply, in the order their parts started, and records the call at its end. */
class StreamPartsRecording implements StreamWatcher {
  private readonly parts: Array<{ part: Part; open?: { kind: "text" | "reasoning" | "tool"; id: string } }> = [];
  private metadata: ReplyMetadata = {};
  private finish: { usage: ModelUsage; finishReason: ModelFinishReason } | undefined;
  private streamError: { error: unknown } | undefined;

  constructor(
    private readonly call: ModelCall,
    private readonly model: LanguageModel,
    private readonly signal: AbortSignal | undefined,
  ) {}

  chunk(value: unknown): void {
    const part = value as StreamPart;
    switch (part.type) {
      case "stream-start":
      case "raw":
        return;
      case "response-metadata":
        this.call.chunk();
        if (part.id !== undefined) this.metadata.id = part.id;
        if (part.modelId !== undefined) this.metadata.modelId = part.modelId;
        return;
      case "text-start":
        this.call.chunk();
        this.parts.push({ part: { type: "text", text: "" }, open: { kind: "text", id: part.id } });
        return;
      case "reasoning-start":
        this.call.chunk();
        this.parts.push({ part: { type: "reasoning", text: "" }, open: { kind: "reasoning", id: part.id } });
        return;
      case "text-delta":
      case "reasoning-delta": {
        this.call.chunk();
        const open = this.open(part.type === "text-delta" ? "text" : "reasoning", part.id);
        if (open !== undefined) (open.part as { text: string }).text += part.delta;
        return;
      }
      case "tool-input-start":
        this.call.chunk();
        this.parts.push({
          part: { type: "tool_call", id: part.id, name: part.toolName, input: null, raw_input: "" },
          open: { kind: "tool", id: part.id },
        });
        return;
      case "tool-input-delta": {
        const open = this.open("tool", part.id);
        if (open !== undefined) (open.part as { raw_input: string }).raw_input += part.delta;
        return;
      }
      case "tool-call": {
        this.call.chunk();
        const complete = toolCallPart(part.toolCallId, part.toolName, part.input, part.providerExecuted);
        const open = this.open("tool", part.toolCallId);
        if (open !== undefined) {
          open.part = complete;
          delete open.open;
        } else this.parts.push({ part: complete });
        return;
      }
      case "error":
        this.streamError = { error: part.error };
        return;
      case "finish":
        this.finish = { usage: part.usage, finishReason: part.finishReason };
        return;
      default:
        this.call.chunk();
        for (const converted of contentPart(part as Content)) this.parts.push({ part: converted });
    }
  }

  end(): void {
    if (this.streamError !== undefined)
      this.call.fail(failureOf(this.streamError.error, this.signal), () => this.reply());
    else this.call.succeed(() => this.reply());
  }

  error(error: unknown): void {
    this.call.fail(failureOf(error, this.signal), () => this.reply());
  }

  stop(reason?: unknown): void {
    this.call.fail({ kind: "aborted", error: reason ?? this.signal?.reason }, () => this.reply());
  }

  private open(kind: "text" | "reasoning" | "tool", id: string) {
    return this.parts.findLast((entry) => entry.open?.kind === kind && entry.open.id === id);
  }

  private reply(): Message[] {
    const parts: Part[] = [];
    for (const { part, open } of this.parts) {
      if ((part.type === "text" || part.type === "reasoning") && (part as { text: string }).text === "") continue;
      // A tool call cut short (no tool-call part came for it): its input as far as it arrived.
      if (open?.kind === "tool" && part.type === "tool_call")
        parts.push({ ...part, input_error: "the stream ended before the input was complete" });
      else parts.push(part);
    }
    return [replyMessage(parts, this.model, this.metadata, this.finish?.finishReason, this.finish?.usage)];
  }
}

export type { AiSdkTypes };
