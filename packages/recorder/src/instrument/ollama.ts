import type { Message } from "@agent-transcript/core";
import type { Recorder } from "../writer/recorder-types.js";
import { instrumentClient } from "./client-proxy.js";
import { ModelCall, recordPromiseCall, requestMessages, responseMessages, streamMessages } from "./model-call.js";
import { instrumentContext, type InstrumentOptions } from "./options.js";
import { StreamRecording, watchFirstIterator } from "./stream-watch.js";

/**
 * Records every `chat` call of an Ollama client (streamed or not) into the recorder: the request's new messages,
 * then the reply with its usage and timings. Returns a client that behaves exactly like `client` (for the default
 * export, `wrapOllama(ollama, recorder)`); `client` itself is left as it was.
 */
export function wrapOllama<
  // What the wrapper reaches into, not the package's class (see wrapOpenAI): `Ollama` (ollama >= 0.6) has it.
  Client extends { chat: (...args: never[]) => unknown },
>(client: Client, recorder: Recorder, options?: InstrumentOptions): Client {
  const context = instrumentContext(recorder, options);
  return instrumentClient(client, {
    chat: (chat, owner) =>
      function (request: unknown, ...rest: unknown[]) {
        const operation = "ollama.chat";
        const call = new ModelCall(context, operation, () => {
          const messages = requestMessages(context, operation, "ollama", wireRequest(request));
          return messages && { messages };
        });
        return recordPromiseCall(
          call,
          () => Reflect.apply(chat, owner, [request, ...rest]),
          (response) => {
            if (isStreamIterator(response)) watchStream(call, response);
            else call.succeed(() => responseMessages(call, "ollama", response));
          },
        );
      },
  });
}

/** The SDK's AbortableAsyncIterator: an async iterable with the controller of its request. */
interface StreamIterator {
  abortController: AbortController;
  [Symbol.asyncIterator](): AsyncIterator<unknown>;
}

function isStreamIterator(value: unknown): value is StreamIterator {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as StreamIterator)[Symbol.asyncIterator] === "function" &&
    (value as StreamIterator).abortController instanceof AbortController
  );
}

/** Watches the stream in place: the first iteration of the caller's own iterator object goes through the watcher. */
function watchStream(call: ModelCall, stream: StreamIterator): void {
  const toMessages = (chunks: readonly unknown[]): Message[] | undefined => streamMessages(call, "ollama", chunks);
  const recording = new StreamRecording(call, toMessages, () => stream.abortController.signal);
  Object.defineProperty(stream, Symbol.asyncIterator, {
    value: watchFirstIterator(stream[Symbol.asyncIterator], recording),
    configurable: true,
    writable: true,
  });
}

/** Images given as bytes are sent base64-encoded (the SDK encodes them itself, later): recorded the same way. */
function wireRequest(request: unknown): unknown {
  if (typeof request !== "object" || request === null) return request;
  const messages = (request as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return request;
  return {
    ...request,
    messages: messages.map((message: unknown) => {
      const images = (message as { images?: unknown } | null)?.images;
      if (!Array.isArray(images)) return message;
      return {
        ...(message as object),
        images: images.map((image: unknown) =>
          image instanceof Uint8Array ? Buffer.from(image).toString("base64") : image,
        ),
      };
    }),
  };
}
