/**
 * The native side of OpenAI Responses: our own declarations of a request, a response and a stream event
 * (`generated/native/openai-responses.ts`, written from the types of the `openai` SDK 6.49.0 by tools/native-types
 * and checked against them in both directions in openai-responses.types.test.ts). Nothing here imports the SDK. The
 * converters build plain JSON objects and type them at the converter's boundary (index.ts).
 */
import type * as OpenAIResponsesTypes from "../../generated/native/openai-responses.js";

/** The body of `POST /v1/responses`: the SDK's `ResponseCreateParams`, streamed or not. */
export type OpenAIResponsesRequest = OpenAIResponsesTypes.ResponseCreateParams;

/** A response (`object: "response"`): the SDK's `Response`. */
export type OpenAIResponsesResponse = OpenAIResponsesTypes.Response;

/** One server-sent event of a streamed response (`type: "response.*"`, `error`): the SDK's `ResponseStreamEvent`. */
export type OpenAIResponsesStreamEvent = OpenAIResponsesTypes.ResponseStreamEvent;

export type { OpenAIResponsesTypes };
