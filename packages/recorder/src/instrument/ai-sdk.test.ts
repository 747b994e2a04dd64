import { createOpenAI } from "@ai-sdk/openai";
import type { MessagePayload, ToolPayload } from "@agent-transcript/core";
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel, type LanguageModel } from "ai";
import { describe, expect, it } from "vitest";
import type { Recorder } from "../writer/recorder-types.js";
import { recordingMiddleware } from "./ai-sdk.js";
import {
  blocksText,
  body,
  chunks,
  errorShape,
  jsonReply,
  newRecorder,
  only,
  payloads,
  recorded,
  streamReply,
  throwingRecorder,
  types,
  type Reply,
  useReplayServer,
} from "./instrument.test.helpers.js";
import type { RecordingError } from "./options.js";

const roundTrip =
  "pydantic-ai/tests/cassettes/test_cache_prefix_stability/test_openai_tool_call_roundtrip_wire_stable[vercel].yaml#interactions";
const longTextStream = "vercel-ai/packages/openai/src/chat/__fixtures__/openai-text.chunks.txt";
const quotaError = "vercel-ai/packages/openai/src/responses/__fixtures__/openai-error.1.json";

const server = useReplayServer();

const model = () => createOpenAI({ apiKey: "sk-test", baseURL: `${server.origin}/v1` }).chat("gpt-4o");

const weather = tool({
  description: "The weather in a city.",
  inputSchema: jsonSchema<{ city: string }>({
    type: "object",
    properties: { city: { type: "string" } },
    required: ["city"],
    additionalProperties: false,
  }),
  execute: ({ city }) => `sunny in ${city}`,
});

/** Runs the same calls against the same replies with the plain model, then with the model wrapped for recording. */
async function plainAndWrapped<T>(
  replies: Reply[],
  run: (languageModel: LanguageModel) => Promise<T>,
  recorder: Recorder = newRecorder(),
  onError?: (error: RecordingError) => void,
): Promise<{ plain: T; wrapped: T; recorder: Recorder }> {
  server.reply(...replies);
  const plain = await run(model());
  server.reply(...replies);
  const wrapped = await run(
    wrapLanguageModel({ model: model(), middleware: recordingMiddleware(recorder, onError && { onError }) }),
  );
  return { plain, wrapped, recorder };
}

/** What generateText returned, as plain data (its result object computes some fields with getters). */
function generated(result: {
  text: string;
  finishReason: unknown;
  usage: unknown;
  toolCalls: unknown;
  toolResults: unknown;
  steps: ReadonlyArray<{ content: unknown; response: unknown; usage: unknown }>;
}) {
  return JSON.parse(
    JSON.stringify({
      text: result.text,
      finishReason: result.finishReason,
      usage: result.usage,
      toolCalls: result.toolCalls,
      toolResults: result.toolResults,
      steps: result.steps.map((step) => ({ content: step.content, response: step.response, usage: step.usage })),
    }),
  ) as unknown;
}

/** Every part of a streamText full stream, and the error that ended it, if any. */
async function streamedParts(result: ReturnType<typeof streamText>) {
  const parts: unknown[] = [];
  let error: unknown;
  try {
    for await (const part of result.fullStream) parts.push(JSON.parse(JSON.stringify(part)) as unknown);
  } catch (thrown) {
    error = errorShape(thrown);
  }
  return { parts, error };
}

describe("recordingMiddleware with generateText", () => {
  it("records a tool loop: the call, the result in the next step's prompt, paired by id; results unchanged", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped(
      [jsonReply(`${roundTrip}/0/response`), jsonReply(`${roundTrip}/1/response`)],
      async (languageModel) =>
        generated(
          await generateText({
            model: languageModel,
            system: "You answer questions about the weather.",
            prompt: "What is the weather in Paris? Use the tool.",
            tools: { get_weather: weather },
            stopWhen: stepCountIs(2),
          }),
        ),
    );
    expect(wrapped).toEqual(plain);

    const events = await recorded(recorder);
    expect(types(events)).toEqual([
      "message.system",
      "message.user",
      "message.assistant",
      "tool.call",
      "tool.result",
      "message.assistant",
    ]);
    const call = only<ToolPayload>(events, "tool.call");
    expect(call).toEqual({
      name: "get_weather",
      call_id: "call_i8bNJ8oVFq9EVr3dZvYC0tiJ",
      input: { city: "Paris" },
      fidelity: "agent_emitted",
    });
    expect(only<ToolPayload>(events, "tool.result")).toMatchObject({
      name: "get_weather",
      call_id: call.call_id,
      status: "ok",
      output: "sunny in Paris",
    });
    const [first, second] = payloads<MessagePayload>(events, "message.assistant");
    expect(first).toMatchObject({
      model: "gpt-4o-2024-08-06",
      response_id: "chatcmpl-Dyln6nXFb07wOIPj5NWCmPOcd3GOs",
      finish_reason: "tool_calls",
      native_finish_reason: "tool_calls",
      usage: { input_tokens: 48, output_tokens: 14, raw: { provider: "openai-chat" } },
    });
    expect((first?.usage?.raw?.usage as { prompt_tokens?: number }).prompt_tokens).toBe(48);
    expect(blocksText(second as MessagePayload)).toBe("The weather in Paris is sunny.");
  });

  it("records a call the server fails with HTTP 500, and the caller gets the same error", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped([jsonReply(quotaError, 500)], async (languageModel) => {
      try {
        await generateText({ model: languageModel, prompt: "Hello?", maxRetries: 0 });
        return { error: undefined };
      } catch (error) {
        return { error: errorShape(error) };
      }
    });
    expect(wrapped).toEqual(plain);
    expect(wrapped.error).toMatchObject({ class: "APICallError" });
    const events = await recorded(recorder);
    expect(types(events)).toEqual(["message.user", "message.assistant"]);
    expect(only<MessagePayload>(events, "message.assistant")).toMatchObject({
      blocks: [],
      finish_reason: "error",
      error: expect.stringContaining("You exceeded your current quota"),
    });
  });
});

describe("recordingMiddleware with streamText", () => {
  it("records a streamed call when the stream ends, and hands on the same parts", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped(
      [streamReply(longTextStream, "sse-done")],
      async (languageModel) => streamedParts(streamText({ model: languageModel, prompt: "Tell me a story." })),
    );
    expect(wrapped).toEqual(plain);
    expect(wrapped.parts.length).toBeGreaterThan(10);

    const events = await recorded(recorder);
    expect(types(events)).toEqual(["message.user", "message.assistant"]);
    const reply = only<MessagePayload>(events, "message.assistant");
    const text = chunks(longTextStream)
      .map((chunk) => (chunk as { choices: Array<{ delta: { content?: string } }> }).choices[0]?.delta.content ?? "")
      .join("");
    expect(blocksText(reply)).toBe(text);
    expect(reply).toMatchObject({ finish_reason: "stop", usage: { raw: { provider: "openai-chat" } } });
    expect(reply.time_to_first_token_ms).toBeGreaterThanOrEqual(0);
    expect(reply.duration_ms).toBeGreaterThanOrEqual(reply.time_to_first_token_ms ?? Infinity);
  });

  it("records a stream the caller aborts, with what arrived", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped(
      [streamReply(longTextStream, "sse-done", { cutAfter: 50, then: "hang" })],
      async (languageModel) => {
        const controller = new AbortController();
        const result = streamText({ model: languageModel, prompt: "Tell me a story.", abortSignal: controller.signal });
        const parts: string[] = [];
        for await (const part of result.fullStream) {
          parts.push(part.type);
          if (parts.filter((type) => type === "text-delta").length === 49) controller.abort();
        }
        return parts;
      },
    );
    expect(wrapped).toEqual(plain);
    expect(wrapped.at(-1)).toBe("abort");

    const events = await recorded(recorder);
    const reply = only<MessagePayload>(events, "message.assistant");
    expect(blocksText(reply).length).toBeGreaterThan(0);
    expect(reply.error).toMatch(/^aborted/);
    expect(reply).not.toHaveProperty("finish_reason");
  });

  it("records a stream cut by a connection reset, with what arrived and its error", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped(
      [streamReply(longTextStream, "sse-done", { cutAfter: 30, then: "reset" })],
      async (languageModel) => streamedParts(streamText({ model: languageModel, prompt: "Tell me a story." })),
    );
    expect(wrapped).toEqual(plain);
    const events = await recorded(recorder);
    const reply = only<MessagePayload>(events, "message.assistant");
    // The AI SDK hands on the network failure as its own APICallError, with the failure as its cause.
    expect(reply).toMatchObject({
      finish_reason: "error",
      error: expect.stringMatching(/^AI_APICallError: .*terminated/),
    });
    expect(blocksText(reply).length).toBeGreaterThan(0);
  });

  it("never disturbs the caller when the recorder throws", async () => {
    const failures: RecordingError[] = [];
    const { plain, wrapped } = await plainAndWrapped(
      [streamReply(longTextStream, "sse-done")],
      async (languageModel) => streamedParts(streamText({ model: languageModel, prompt: "Tell me a story." })),
      throwingRecorder(),
      (error) => failures.push(error),
    );
    expect(wrapped).toEqual(plain);
    expect(failures.map((failure) => failure.operation)).toEqual(["ai-sdk.doStream", "ai-sdk.doStream"]);
  });
});

it("maps every prompt part the AI SDK sends", async () => {
  const recorder = newRecorder();
  server.reply(jsonReply(`${roundTrip}/1/response`));
  await generateText({
    model: wrapLanguageModel({ model: model(), middleware: recordingMiddleware(recorder) }),
    messages: [
      { role: "system", content: "Be brief." },
      {
        role: "user",
        content: [
          { type: "text", text: "What is in this picture?" },
          { type: "image", image: new Uint8Array([137, 80, 78, 71]), mediaType: "image/png" },
        ],
      },
      {
        role: "assistant",
        content: [{ type: "tool-call", toolCallId: "c1", toolName: "look", input: { at: "picture" } }],
      },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "c1", toolName: "look", output: { type: "error-text", value: "blurry" } },
        ],
      },
    ],
  });
  const events = await recorded(recorder);
  expect(types(events)).toEqual([
    "message.system",
    "message.user",
    "message.assistant",
    "tool.call",
    "tool.result",
    "message.assistant",
  ]);
  expect(only<MessagePayload>(events, "message.user").blocks).toEqual([
    { type: "text", text: "What is in this picture?" },
    { type: "image", media_type: "image/png", data: "iVBORw==" },
  ]);
  expect(only<ToolPayload>(events, "tool.result")).toMatchObject({
    call_id: "c1",
    name: "look",
    status: "error",
    error: "blurry",
  });
  expect(body(`${roundTrip}/1/response`)).toHaveProperty("id");
});
