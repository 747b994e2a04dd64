import type { Event, MessagePayload, ToolPayload } from "@agent-transcript/core";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import {
  blocksText,
  body,
  chunks,
  drain,
  errorShape,
  jsonReply,
  newRecorder,
  only,
  outcome,
  plainAndWrappedWith,
  recorded,
  streamReply,
  throwingRecorder,
  types,
  type Reply,
  useReplayServer,
} from "./instrument.test.helpers.js";
import { wrapOpenAI } from "./openai.js";
import type { RecordingError } from "./options.js";
import { awfJqRecipes } from "@agent-transcript/fixtures/jq-recipes";
import { runJq } from "../jq-recipes.test.helpers.js";

const roundTrip =
  "pydantic-ai/tests/cassettes/test_cache_prefix_stability/test_openai_tool_call_roundtrip_wire_stable[vercel].yaml#interactions";
const streamedAgent = "pydantic-ai/tests/cassettes/test_temporal/test_complex_agent_run.yaml#interactions";
const longTextStream = "vercel-ai/packages/openai/src/chat/__fixtures__/openai-text.chunks.txt";
const responsesRoundTrip =
  "pydantic-ai/tests/models/cassettes/test_openai_responses/test_openai_responses_requires_function_call_status_none.yaml#interactions";
const responsesStream =
  "pydantic-ai/tests/models/cassettes/test_openai_responses/test_openai_responses_stream.yaml#interactions";
const quotaError = "vercel-ai/packages/openai/src/responses/__fixtures__/openai-error.1.json";

const storyRequest: OpenAI.Chat.ChatCompletionCreateParamsStreaming = {
  model: "gpt-4o-mini",
  stream: true,
  messages: [{ role: "user", content: "Write a story." }],
};

const server = useReplayServer();

const client = () => new OpenAI({ apiKey: "sk-test", baseURL: `${server.origin}/v1`, maxRetries: 0 });

const plainAndWrapped = plainAndWrappedWith(server, client, wrapOpenAI);

const json = (origin: string): Reply => jsonReply(origin);
const stream = (origin: string, more: { cutAfter?: number; then?: "hang" | "reset" } = {}): Reply =>
  streamReply(origin, "sse-done", more);

describe("wrapOpenAI: chat.completions.create", () => {
  it("records a tool call round trip once per message, whatever each request resends, and changes no result", async () => {
    const calls = [0, 1, 2, 3].map((index) => `${roundTrip}/${index}`);
    const { plain, wrapped, recorder } = await plainAndWrapped(
      calls.map((call) => json(`${call}/response`)),
      async (openai) => {
        const results = [];
        for (const call of calls) results.push(await openai.chat.completions.create(body(`${call}/request`) as never));
        return results;
      },
    );
    expect(wrapped).toEqual(plain);

    const events = await recorded(recorder);
    // Calls 3 and 4 send the same request: the second records only its reply.
    expect(types(events)).toEqual([
      "message.user",
      "message.assistant",
      "tool.call",
      "tool.result",
      "message.assistant",
      "message.user",
      "message.assistant",
      "message.assistant",
    ]);
    const [user, firstReply, call, result, secondReply, followUp, ok, okAgain] = events.map(
      (event) => event.payload,
    ) as [
      MessagePayload,
      MessagePayload,
      ToolPayload,
      ToolPayload,
      MessagePayload,
      MessagePayload,
      MessagePayload,
      MessagePayload,
    ];
    expect(blocksText(user)).toBe("What is the weather in Paris? Use the tool.");
    expect(call).toEqual({
      name: "get_weather",
      call_id: "call_i8bNJ8oVFq9EVr3dZvYC0tiJ",
      input: { city: "Paris" },
      fidelity: "agent_emitted",
    });
    expect(result).toMatchObject({ name: "get_weather", call_id: call.call_id, output: "sunny in Paris" });
    expect(firstReply).toMatchObject({
      role: "assistant",
      model: "gpt-4o-2024-08-06",
      response_id: "chatcmpl-Dyln6nXFb07wOIPj5NWCmPOcd3GOs",
      finish_reason: "tool_calls",
      usage: { input_tokens: 48, output_tokens: 14, raw: { provider: "openai-chat", usage: plain[0]?.usage } },
    });
    expect(firstReply.duration_ms).toBeGreaterThanOrEqual(0);
    expect(firstReply).not.toHaveProperty("time_to_first_token_ms");
    expect(blocksText(secondReply)).toBe("The weather in Paris is sunny.");
    expect(blocksText(followUp)).toBe("Reply with exactly: OK");
    expect([blocksText(ok), blocksText(okAgain)]).toEqual(["OK", "OK"]);
    expect(okAgain.response_id).toBe("chatcmpl-Dyln7eWP9e8BUZZ7d7BabGc6C9GeY");
  });

  it("writes a file the AWF transcript format's jq recipes read: tool calls paired with results, assistant text", async () => {
    const recorder = newRecorder();
    const openai = wrapOpenAI(client(), recorder);
    const calls = [0, 1].map((index) => `${roundTrip}/${index}`);
    server.reply(...calls.map((call) => json(`${call}/response`)));
    for (const call of calls) await openai.chat.completions.create(body(`${call}/request`) as never);
    await recorded(recorder);
    expect(JSON.parse(runJq(["-s", awfJqRecipes.toolPairs], recorder.file))).toEqual([
      {
        call_id: "call_i8bNJ8oVFq9EVr3dZvYC0tiJ",
        name: "get_weather",
        input: { city: "Paris" },
        output: "sunny in Paris",
      },
    ]);
    expect(runJq(["-r", awfJqRecipes.assistantText], recorder.file)).toBe("The weather in Paris is sunny.\n");
  });

  it("records streamed calls when each stream ends, and hands on the same chunks", async () => {
    const calls = [0, 1, 2].map((index) => `${streamedAgent}/${index}`);
    const { plain, wrapped, recorder } = await plainAndWrapped(
      calls.map((call) => stream(`${call}/response`)),
      async (openai) => {
        const results = [];
        for (const call of calls) {
          const response = await openai.chat.completions.create(body(`${call}/request`) as never);
          results.push(await drain(response as unknown as AsyncIterable<unknown>));
        }
        return results;
      },
    );
    expect(wrapped).toEqual(plain);
    expect(wrapped.map((result) => result.items.length)).toEqual(
      calls.map((call) => chunks(`${call}/response`).length),
    );

    const events = await recorded(recorder);
    expect(types(events)).toEqual([
      "message.user",
      "message.assistant",
      "tool.call",
      "tool.call",
      "tool.result",
      "tool.result",
      "message.assistant",
      "tool.call",
      "tool.result",
      "message.assistant",
      "tool.call",
    ]);
    const calledIds = events
      .filter((event) => event.type === "tool.call")
      .map((event) => (event.payload as ToolPayload).call_id);
    const answered = events
      .filter((event) => event.type === "tool.result")
      .map((event) => event.payload as ToolPayload);
    expect(answered.map((result) => [result.call_id, result.name, result.output])).toEqual([
      [calledIds[0], "get_country", "Mexico"],
      [calledIds[1], "get_product_name", "Pydantic AI"],
      [calledIds[2], "get_weather", "sunny"],
    ]);
    const replies = events
      .filter((event) => event.type === "message.assistant")
      .map((event) => event.payload as MessagePayload);
    for (const reply of replies) {
      expect(reply.time_to_first_token_ms).toBeGreaterThanOrEqual(0);
      expect(reply.duration_ms).toBeGreaterThanOrEqual(reply.time_to_first_token_ms ?? Infinity);
      expect(reply.usage?.raw?.provider).toBe("openai-chat");
      expect(reply).not.toHaveProperty("error");
    }
    expect(replies[1]?.blocks).toEqual([
      { type: "tool_call", id: calledIds[2], name: "get_weather", input: { city: "Mexico City" } },
    ]);
  });

  it("records an aborted stream with what arrived, and the caller sees the same end", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped(
      [stream(longTextStream, { cutAfter: 40, then: "hang" })],
      async (openai) => {
        const controller = new AbortController();
        const response = await openai.chat.completions.create(storyRequest, { signal: controller.signal });
        return drain(response, { count: 40, action: () => controller.abort() });
      },
    );
    expect(wrapped).toEqual(plain);
    expect(wrapped.items).toHaveLength(40);

    const events = await recorded(recorder);
    expect(types(events)).toEqual(["message.user", "message.assistant"]);
    const reply = only<MessagePayload>(events, "message.assistant");
    const arrived = wrapped.items.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("");
    expect(arrived.length).toBeGreaterThan(0);
    expect(blocksText(reply)).toBe(arrived);
    expect(reply.error).toMatch(/^aborted/);
    expect(reply).not.toHaveProperty("finish_reason");
    expect(reply.time_to_first_token_ms).toBeGreaterThanOrEqual(0);
  });

  it("records a stream cut by a connection reset, with what arrived and the error the caller sees", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped(
      [stream(longTextStream, { cutAfter: 25, then: "reset" })],
      async (openai) => drain(await openai.chat.completions.create(storyRequest)),
    );
    expect({ ...wrapped, error: errorShape(wrapped.error) }).toEqual({ ...plain, error: errorShape(plain.error) });
    expect(wrapped.items).toHaveLength(25);
    expect(wrapped.error).toBeInstanceOf(Error);

    const events = await recorded(recorder);
    const reply = only<MessagePayload>(events, "message.assistant");
    expect(blocksText(reply)).toBe(wrapped.items.map((chunk) => chunk.choices[0]?.delta.content ?? "").join(""));
    expect(reply).toMatchObject({
      finish_reason: "error",
      error: expect.stringContaining((wrapped.error as Error).message),
    });
  });

  it("records a call the server fails with HTTP 500, and the caller gets the same error", async () => {
    const { plain, wrapped, recorder } = await plainAndWrapped(
      [{ kind: "json", status: 500, body: body(quotaError) }],
      (openai) => outcome(() => openai.chat.completions.create(body(`${roundTrip}/0/request`) as never)),
    );
    expect(wrapped).toEqual(plain);
    expect(wrapped).toMatchObject({ error: { class: "InternalServerError", status: 500 } });

    const events = await recorded(recorder);
    expect(types(events)).toEqual(["message.user", "message.assistant"]);
    expect(only<MessagePayload>(events, "message.assistant")).toMatchObject({
      role: "assistant",
      blocks: [],
      finish_reason: "error",
      error: expect.stringContaining("You exceeded your current quota"),
    });
  });

  it("keeps the promise the SDK returns: withResponse() and asResponse() work, and one call is recorded once", async () => {
    const recorder = newRecorder();
    const openai = wrapOpenAI(client(), recorder);
    server.reply(json(`${roundTrip}/0/response`), json(`${roundTrip}/1/response`));
    const promise = openai.chat.completions.create(body(`${roundTrip}/0/request`) as never);
    const { data, response } = await promise.withResponse();
    expect(await promise).toBe(data);
    expect(response.status).toBe(200);
    const raw = await openai.chat.completions.create(body(`${roundTrip}/1/request`) as never).asResponse();
    expect(await raw.json()).toEqual(body(`${roundTrip}/1/response`));

    const events = await recorded(recorder);
    // The second reply was read raw, never by the SDK: its request is recorded, its reply is not.
    expect(types(events)).toEqual(["message.user", "message.assistant", "tool.call", "tool.result"]);
  });

  it("never disturbs the caller when the recorder throws, and reports each failure", async () => {
    const failures: RecordingError[] = [];
    const calls = [0, 1].map((index) => `${roundTrip}/${index}`);
    const { plain, wrapped } = await plainAndWrapped(
      [json(`${calls[0]}/response`), stream(longTextStream)],
      async (openai) => [
        await openai.chat.completions.create(body(`${calls[0]}/request`) as never),
        await drain(
          await openai.chat.completions.create({
            model: "m",
            stream: true,
            messages: [{ role: "user", content: "hi" }],
          }),
        ),
      ],
      throwingRecorder(),
      (error) => failures.push(error),
    );
    expect(wrapped).toEqual(plain);
    expect(failures.map((failure) => failure.operation)).toEqual(Array(5).fill("openai.chat.completions.create"));
    expect(failures[0]?.message).toContain("the recorder refused the message.user event");
    expect((failures[0]?.cause as Error).message).toBe("the disk is on fire");
  });

  it("places the events at the step path and iteration the options give, fixed or asked for at each call", async () => {
    const recorder = newRecorder();
    let iteration = 0;
    const openai = wrapOpenAI(client(), recorder, {
      placement: () => ({ path: "agent.loop", iteration: iteration++ }),
    });
    const fixed = wrapOpenAI(client(), recorder, { placement: { path: "summary" } });
    server.reply(json(`${roundTrip}/0/response`), json(`${roundTrip}/1/response`), json(`${roundTrip}/2/response`));
    await openai.chat.completions.create(body(`${roundTrip}/0/request`) as never);
    await openai.chat.completions.create(body(`${roundTrip}/1/request`) as never);
    await fixed.chat.completions.create(body(`${roundTrip}/2/request`) as never);
    const events = await recorded(recorder);
    expect(events.map((event) => [event.type, event.path, event.iteration])).toEqual([
      ["message.user", "agent.loop", 0],
      ["message.assistant", "agent.loop", 0],
      ["tool.call", "agent.loop", 0],
      ["tool.result", "agent.loop", 1],
      ["message.assistant", "agent.loop", 1],
      ["message.user", "summary", 0],
      ["message.assistant", "summary", 0],
    ]);
  });

  it("warns through the process when no onError is given", async () => {
    const recorder = newRecorder();
    await recorder.close();
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on("warning", listen);
    try {
      server.reply(json(`${roundTrip}/0/response`));
      const completion = await wrapOpenAI(client(), recorder).chat.completions.create(
        body(`${roundTrip}/0/request`) as never,
      );
      expect(completion.id).toBe("chatcmpl-Dyln6nXFb07wOIPj5NWCmPOcd3GOs");
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", listen);
    }
    expect(warnings.map((warning) => (warning as Error & { code?: string }).code)).toEqual(
      Array(3).fill("AGENT_TRANSCRIPT_RECORDING_FAILED"),
    );
    expect(warnings[0]?.message).toMatch(
      /^openai\.chat\.completions\.create: the recorder refused the message\.user event/,
    );
  });

  it("leaves the client it wraps as it was", async () => {
    const recorder = newRecorder();
    const plain = client();
    const wrapped = wrapOpenAI(plain, recorder);
    expect(wrapped).toBeInstanceOf(OpenAI);
    expect(wrapped.chat.completions).toBe(wrapped.chat.completions);
    expect(wrapped.baseURL).toBe(plain.baseURL);
    server.reply(json(`${roundTrip}/0/response`));
    await plain.chat.completions.create(body(`${roundTrip}/0/request`) as never);
    server.reply(json(`${roundTrip}/0/response`));
    await wrapped.chat.completions.create(body(`${roundTrip}/0/request`) as never);
    const events = await recorded(recorder);
    expect(types(events)).toEqual(["message.user", "message.assistant", "tool.call"]);
  });
});

describe("wrapOpenAI: responses.create", () => {
  it("records a function call round trip and hands on the same results", async () => {
    const calls = [0, 1].map((index) => `${responsesRoundTrip}/${index}`);
    const { plain, wrapped, recorder } = await plainAndWrapped(
      calls.map((call) => json(`${call}/response`)),
      async (openai) => {
        const results = [];
        for (const call of calls) results.push(await openai.responses.create(body(`${call}/request`) as never));
        return results;
      },
    );
    expect(wrapped).toEqual(plain);
    const events = await recorded(recorder);
    const call = events.find((event) => event.type === "tool.call")?.payload as ToolPayload;
    const result = only<ToolPayload>(events, "tool.result");
    expect(result.call_id).toBe(call.call_id);
    expect(result.name).toBe(call.name);
    expect(events.filter((event) => event.type === "message.user")).toHaveLength(1);
    expect(events.at(-1)?.type).toBe("message.assistant");
  });

  it("continues a conversation OpenAI stores from where it got to: the same input twice is recorded twice", async () => {
    const recorder = newRecorder();
    const openai = wrapOpenAI(client(), recorder);
    const reply = `${responsesRoundTrip}/1/response`;
    server.reply(json(reply), json(reply), json(reply), json(reply));
    const first = await openai.responses.create({ model: "gpt-5", input: "continue" });
    await openai.responses.create({ model: "gpt-5", input: "continue", previous_response_id: first.id });
    await openai.responses.create({ model: "gpt-5", input: "continue", conversation: "conv_1" });
    await openai.responses.create({ model: "gpt-5", input: "continue", conversation: { id: "conv_1" } });
    const events = await recorded(recorder);
    expect(types(events)).toEqual(Array(4).fill(["message.user", "message.assistant"]).flat());
  });

  it("records streamed responses when each stream ends, and hands on the same events", async () => {
    const calls = [0, 1].map((index) => `${responsesStream}/${index}`);
    const { plain, wrapped, recorder } = await plainAndWrapped(
      calls.map((call) => streamReply(`${call}/response`, "sse-typed")),
      async (openai) => {
        const results = [];
        for (const call of calls)
          results.push(
            await drain(
              (await openai.responses.create(body(`${call}/request`) as never)) as unknown as AsyncIterable<unknown>,
            ),
          );
        return results;
      },
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
    const replies = events
      .filter((event: Event) => event.type === "message.assistant")
      .map((event) => event.payload as MessagePayload);
    expect(replies.map((reply) => reply.usage?.raw?.provider)).toEqual(["openai-responses", "openai-responses"]);
    expect(replies.every((reply) => (reply.time_to_first_token_ms ?? -1) >= 0)).toBe(true);
  });
});
