import type { Recorder } from "../writer/recorder-types.js";
import { instrumentClient } from "./client-proxy.js";
import { ModelCall, requestMessages } from "./model-call.js";
import { instrumentContext, type InstrumentContext, type InstrumentOptions } from "./options.js";
import { recordStainlessCall } from "./stainless.js";

/**
 * Records every `chat.completions.create` and `responses.create` call of an OpenAI client (streamed or not) into the
 * recorder: the request's new messages, then the reply with its usage and timings. Returns a client that behaves
 * exactly like `client` (same results, same stream chunks, same errors); `client` itself is left as it was.
 */
export function wrapOpenAI<
  // What the wrapper reaches into, not the SDK's class: this entry's declarations name no SDK, so a program that
  // uses another SDK's wrapper compiles without `openai` installed. `OpenAI` and `AzureOpenAI` (openai >= 6) have it;
  // wrappers.types.test.ts checks that, and that the other SDKs' clients do not.
  Client extends {
    chat: { completions: { create: (...args: never[]) => unknown } };
    responses: { create: (...args: never[]) => unknown };
  },
>(client: Client, recorder: Recorder, options?: InstrumentOptions): Client {
  const context = instrumentContext(recorder, options);
  return instrumentClient(client, {
    "chat.completions.create": (create, owner) =>
      function (body: unknown, ...rest: unknown[]) {
        const operation = "openai.chat.completions.create";
        const call = new ModelCall(context, operation, () => {
          const messages = requestMessages(context, operation, "openai-chat", body);
          return messages && { messages };
        });
        return recordStainlessCall(call, "openai-chat", () => Reflect.apply(create, owner, [body, ...rest]));
      },
    "responses.create": (create, owner) =>
      function (body: unknown, ...rest: unknown[]) {
        const operation = "openai.responses.create";
        const call = new ModelCall(context, operation, () => responsesRequest(context, operation, body));
        return recordStainlessCall(
          call,
          "openai-responses",
          () => Reflect.apply(create, owner, [body, ...rest]),
          wireResponse,
        );
      },
  });
}

/**
 * A Responses request that names `previous_response_id` or `conversation` continues a conversation OpenAI stores: its
 * input is only what is new, so it is matched from where that response or conversation got to in this recorder (or
 * from a fresh start when the recorder never saw it), never from the beginning of a history.
 */
function responsesRequest(context: InstrumentContext, operation: string, body: unknown) {
  const messages = requestMessages(context, operation, "openai-responses", body);
  if (messages === undefined) return undefined;
  const { previous_response_id: previous, conversation } =
    typeof body === "object" && body !== null
      ? (body as { previous_response_id?: unknown; conversation?: unknown })
      : {};
  if (typeof previous === "string") {
    const tracker = ModelCall.tracker(context);
    return { messages, start: tracker.afterResponse(previous) ?? tracker.freshStart() };
  }
  const conversationId =
    typeof conversation === "string" ? conversation : (conversation as { id?: unknown } | null | undefined)?.id;
  return typeof conversationId === "string" ? { messages, storedConversation: conversationId } : { messages };
}

/** The SDK adds `output_text` (the text outputs joined) to a Responses response; the wire response has none. */
function wireResponse(response: unknown): unknown {
  if (typeof response !== "object" || response === null || !("output_text" in response)) return response;
  const { output_text: _outputText, ...wire } = response as Record<string, unknown>;
  return wire;
}
