import type { Recorder } from "../writer/recorder-types.js";
import { instrumentClient } from "./client-proxy.js";
import { ModelCall, requestMessages } from "./model-call.js";
import { instrumentContext, type InstrumentOptions } from "./options.js";
import { recordStainlessCall } from "./stainless.js";

/**
 * Records every `messages.create` call of an Anthropic client (streamed or not), and the `messages.stream` and
 * `messages.parse` helpers built on it, into the recorder: the request's new messages, then the reply with its usage
 * and timings. Returns a client that behaves exactly like `client`; `client` itself is left as it was.
 */
export function wrapAnthropic<
  // What the wrapper reaches into, not the SDK's class (see wrapOpenAI): `Anthropic` (@anthropic-ai/sdk >= 1) has it.
  Client extends { messages: { create: (...args: never[]) => unknown } },
>(client: Client, recorder: Recorder, options?: InstrumentOptions): Client {
  const context = instrumentContext(recorder, options);
  return instrumentClient(client, {
    "messages.create": (create, owner) =>
      function (body: unknown, ...rest: unknown[]) {
        const operation = "anthropic.messages.create";
        const call = new ModelCall(context, operation, () => {
          const messages = requestMessages(context, operation, "anthropic", body);
          return messages && { messages };
        });
        return recordStainlessCall(call, "anthropic", () => Reflect.apply(create, owner, [body, ...rest]));
      },
    // The helpers build on `this.create(…)` (`stream` reads it with `stream: true`, `parse` parses its message):
    // called on the wrapped resource, their request goes through the wrapped `create` above and is recorded there,
    // once.
    "messages.stream": (stream, _owner, proxy) =>
      function (...args: unknown[]) {
        return Reflect.apply(stream, proxy, args);
      },
    "messages.parse": (parse, _owner, proxy) =>
      function (...args: unknown[]) {
        return Reflect.apply(parse, proxy, args);
      },
  });
}
