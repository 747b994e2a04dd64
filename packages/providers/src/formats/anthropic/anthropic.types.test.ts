import type {
  ContentBlockParam,
  Message,
  MessageCreateParams,
  RawMessageStreamEvent,
} from "@anthropic-ai/sdk/resources/messages";
import { describe, expectTypeOf, it } from "vitest";
import type { ProviderConverter } from "../../conversion/index.js";
import { anthropicConverter } from "../../converters.js";
import type { AnthropicRequest, AnthropicResponse, AnthropicStreamEvent, AnthropicTypes } from "./types.js";

describe("Anthropic native types", () => {
  it("are our own, and the SDK's request, response and stream event types are assignable to them and back", () => {
    expectTypeOf<AnthropicRequest>().not.toBeAny();
    expectTypeOf<AnthropicResponse>().not.toBeAny();
    expectTypeOf<AnthropicStreamEvent>().not.toBeAny();
    // What a converter writes can be handed to the SDK's client…
    expectTypeOf<AnthropicRequest>().toExtend<MessageCreateParams>();
    expectTypeOf<AnthropicResponse>().toExtend<Message>();
    expectTypeOf<AnthropicStreamEvent>().toExtend<RawMessageStreamEvent>();
    // …and what the SDK's client holds is one of ours.
    expectTypeOf<MessageCreateParams>().toExtend<AnthropicRequest>();
    expectTypeOf<Message>().toExtend<AnthropicResponse>();
    expectTypeOf<RawMessageStreamEvent>().toExtend<AnthropicStreamEvent>();
    // The parts a user names through the namespace are the SDK's too.
    expectTypeOf<AnthropicTypes.ContentBlockParam>().toExtend<ContentBlockParam>();
    expectTypeOf<ContentBlockParam>().toExtend<AnthropicTypes.ContentBlockParam>();
    expectTypeOf(anthropicConverter).toEqualTypeOf<
      ProviderConverter<AnthropicRequest, AnthropicResponse, AnthropicStreamEvent>
    >();
  });

  it("accept recorded wire payloads as they are", () => {
    const request = {
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }],
      messages: [
        { role: "user", content: "What is the weather?" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "Look it up.", signature: "EqQB" },
            { type: "tool_use", id: "toolu_01", name: "weather", input: { city: "Paris" } },
          ],
        },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "sunny" }] },
      ],
      tools: [{ name: "weather", input_schema: { type: "object" } }],
      tool_choice: { type: "auto" },
    } satisfies AnthropicRequest;
    const event = {
      type: "content_block_delta",
      index: 0,
      delta: { type: "signature_delta", signature: "EqQB" },
    } satisfies AnthropicStreamEvent;
    expectTypeOf(request).toMatchTypeOf<AnthropicRequest>();
    expectTypeOf(event).toMatchTypeOf<AnthropicStreamEvent>();
  });
});
