import type { Message } from "@agent-transcript/core";
import type { Recorder } from "../writer/recorder-types.js";
import { instrumentClient } from "./client-proxy.js";
import { ModelCall, recordPromiseCall, requestMessages, responseMessages, streamMessages } from "./model-call.js";
import { instrumentContext, type InstrumentContext, type InstrumentOptions } from "./options.js";
import { StreamRecording, watchGeneratorInPlace } from "./stream-watch.js";

/**
 * Records every `models.generateContent` and `models.generateContentStream` call of a Google Gen AI client into the
 * recorder: the request's new messages, then the reply with its usage and timings. Returns a client that behaves
 * exactly like `client`; `client` itself is left as it was.
 *
 * With automatic function calling (callable tools), one SDK call makes several model calls: the history the SDK
 * returns (`automaticFunctionCallingHistory`) is recorded before the final reply, so the intermediate tool calls and
 * results are in the file too, without their own timings.
 */
export function wrapGoogleGenAI<
  // What the wrapper reaches into, not the SDK's class (see wrapOpenAI): `GoogleGenAI` (@google/genai >= 2) has it.
  Client extends {
    models: {
      generateContent: (...args: never[]) => unknown;
      generateContentStream: (...args: never[]) => unknown;
    };
  },
>(client: Client, recorder: Recorder, options?: InstrumentOptions): Client {
  const context = instrumentContext(recorder, options);
  return instrumentClient(client, {
    "models.generateContent": (generate, owner) =>
      function (params: unknown, ...rest: unknown[]) {
        const call = startCall(context, "google-genai.models.generateContent", params);
        return recordPromiseCall(
          call,
          () => Reflect.apply(generate, owner, [params, ...rest]),
          (response) =>
            call.succeed(() => {
              const { wire, history } = wireResponse(response);
              if (history !== undefined)
                call.recordHistory(requestMessagesOf(context, call.operation, params, history));
              return responseMessages(call, "gemini", wire);
            }),
          () => abortSignalOf(params),
        );
      },
    "models.generateContentStream": (generate, owner) =>
      function (params: unknown, ...rest: unknown[]) {
        const call = startCall(context, "google-genai.models.generateContentStream", params);
        return recordPromiseCall(
          call,
          () => Reflect.apply(generate, owner, [params, ...rest]),
          (generator) => {
            const toMessages = (chunks: readonly unknown[]): Message[] | undefined =>
              streamMessages(
                call,
                "gemini",
                chunks.map((chunk) => wireResponse(chunk).wire),
              );
            if (isAsyncGenerator(generator))
              watchGeneratorInPlace(generator, new StreamRecording(call, toMessages, () => abortSignalOf(params)));
            else call.report("the SDK returned no async generator; the reply is not recorded");
          },
          () => abortSignalOf(params),
        );
      },
  });
}

function startCall(context: InstrumentContext, operation: string, params: unknown): ModelCall {
  return new ModelCall(context, operation, () => {
    const messages = requestMessagesOf(context, operation, params);
    return messages && { messages };
  });
}

interface Params {
  contents?: unknown;
  config?: { systemInstruction?: unknown; abortSignal?: unknown };
}

function abortSignalOf(params: unknown): AbortSignal | undefined {
  const signal = (params as Params | undefined)?.config?.abortSignal;
  return signal instanceof AbortSignal ? signal : undefined;
}

/**
 * The SDK's parameters as the request the API receives, as far as the messages go: `contents` in every shape the SDK
 * accepts (a string, a part, a list of parts, a content, a list of contents) becomes the list of contents it sends,
 * and `config.systemInstruction` the system instruction. Tools and settings are left out: they are not recorded.
 */
function requestMessagesOf(
  context: InstrumentContext,
  operation: string,
  params: unknown,
  contents: unknown = (params as Params | undefined)?.contents,
): Message[] | undefined {
  const system = (params as Params | undefined)?.config?.systemInstruction;
  const request: Record<string, unknown> = { contents: toContents(contents) };
  if (system !== undefined && system !== null) request.systemInstruction = toContent(system);
  return requestMessages(context, operation, "gemini", request);
}

function isContent(value: unknown): boolean {
  return typeof value === "object" && value !== null && Array.isArray((value as { parts?: unknown }).parts);
}

function toPart(value: unknown): unknown {
  return typeof value === "string" ? { text: value } : value;
}

function toContent(value: unknown): unknown {
  if (isContent(value)) return value;
  return { role: "user", parts: (Array.isArray(value) ? value : [value]).map(toPart) };
}

function toContents(value: unknown): unknown[] {
  if (!Array.isArray(value)) return [toContent(value)];
  if (value.length > 0 && value.every(isContent)) return value;
  return [{ role: "user", parts: value.map(toPart) }];
}

/**
 * The SDK returns a class instance with the response's fields and two of its own: `sdkHttpResponse` (the HTTP
 * headers) and `automaticFunctionCallingHistory`.
 */
function wireResponse(response: unknown): { wire: unknown; history: unknown[] | undefined } {
  if (typeof response !== "object" || response === null) return { wire: response, history: undefined };
  const {
    sdkHttpResponse: _http,
    automaticFunctionCallingHistory: history,
    ...wire
  } = response as Record<string, unknown>;
  return { wire, history: Array.isArray(history) && history.length > 0 ? history : undefined };
}

function isAsyncGenerator(value: unknown): value is AsyncGenerator<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AsyncGenerator).next === "function" &&
    typeof (value as AsyncGenerator).return === "function" &&
    typeof (value as AsyncGenerator).throw === "function"
  );
}
