import type { Message, MessageCreateParams, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { describe, expectTypeOf, it } from "vitest";
import type { ProviderConverter } from "../../conversion/index.js";
import { anthropicConverter } from "./index.js";
import type { AnthropicRequest, AnthropicResponse, AnthropicStreamEvent } from "./types.js";

describe("Anthropic native types", () => {
  it("are the official SDK's request, response and stream event types", () => {
    expectTypeOf<AnthropicRequest>().toEqualTypeOf<MessageCreateParams>();
    expectTypeOf<AnthropicResponse>().toEqualTypeOf<Message>();
    expectTypeOf<AnthropicStreamEvent>().toEqualTypeOf<RawMessageStreamEvent>();
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
