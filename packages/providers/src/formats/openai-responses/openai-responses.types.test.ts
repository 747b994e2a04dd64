import type {
  Response,
  ResponseCreateParams,
  ResponseInputItem,
  ResponseOutputItem,
  ResponseStreamEvent,
} from "openai/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { FromCanonicalResult, ProviderConverter } from "../../conversion/index.js";
import { openaiResponsesConverter } from "../../converters.js";
import type {
  OpenAIResponsesRequest,
  OpenAIResponsesResponse,
  OpenAIResponsesStreamEvent,
  OpenAIResponsesTypes,
} from "./types.js";

describe("openaiResponsesConverter types", () => {
  it("are our own, and the official openai SDK's request, response and stream event are assignable to them and back", () => {
    expectTypeOf<OpenAIResponsesRequest>().not.toBeAny();
    expectTypeOf<OpenAIResponsesResponse>().not.toBeAny();
    expectTypeOf<OpenAIResponsesStreamEvent>().not.toBeAny();
    // What a converter writes can be handed to the SDK's client…
    expectTypeOf<OpenAIResponsesRequest>().toExtend<ResponseCreateParams>();
    expectTypeOf<OpenAIResponsesResponse>().toExtend<Response>();
    expectTypeOf<OpenAIResponsesStreamEvent>().toExtend<ResponseStreamEvent>();
    // …and what the SDK's client holds is one of ours.
    expectTypeOf<ResponseCreateParams>().toExtend<OpenAIResponsesRequest>();
    expectTypeOf<Response>().toExtend<OpenAIResponsesResponse>();
    expectTypeOf<ResponseStreamEvent>().toExtend<OpenAIResponsesStreamEvent>();
    // Field for field the same, optional and nullable alike.
    expectTypeOf<OpenAIResponsesRequest>().toEqualTypeOf<ResponseCreateParams>();
    expectTypeOf<OpenAIResponsesResponse>().toEqualTypeOf<Response>();
    expectTypeOf<OpenAIResponsesStreamEvent>().toEqualTypeOf<ResponseStreamEvent>();
    expectTypeOf<OpenAIResponsesTypes.ResponseInputItem>().toEqualTypeOf<ResponseInputItem>();
    expectTypeOf<OpenAIResponsesTypes.ResponseOutputItem>().toEqualTypeOf<ResponseOutputItem>();
  });

  it("are what the converter reads and writes", () => {
    expectTypeOf(openaiResponsesConverter).toEqualTypeOf<
      ProviderConverter<OpenAIResponsesRequest, OpenAIResponsesResponse, OpenAIResponsesStreamEvent>
    >();
    expectTypeOf(openaiResponsesConverter.requestFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<OpenAIResponsesRequest>
    >();
    expectTypeOf(openaiResponsesConverter.streamFromCanonical).returns.toEqualTypeOf<
      FromCanonicalResult<OpenAIResponsesStreamEvent[]>
    >();
    expect(openaiResponsesConverter.id).toBe("openai-responses");
  });
});
