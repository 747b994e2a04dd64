/**
 * The native side of the Anthropic Messages format: our own declarations of a request, a response and a stream event
 * (`generated/native/anthropic.ts`, written from the types of `@anthropic-ai/sdk` 1.12.0 by tools/native-types and
 * checked against them in both directions in anthropic.types.test.ts). Nothing here imports the SDK, so a project
 * without it compiles these types. The converter builds plain JSON objects (real payloads carry fields newer than any
 * one SDK release) and names these types only at its boundary.
 */
import type * as AnthropicTypes from "../../generated/native/anthropic.js";

/** The body of `POST /v1/messages`: the SDK's `MessageCreateParams`, streamed or not. */
export type AnthropicRequest = AnthropicTypes.MessageCreateParams;

/** A response of `POST /v1/messages`: the SDK's `Message`. */
export type AnthropicResponse = AnthropicTypes.Message;

/** One server-sent event of a streamed `POST /v1/messages`: the SDK's `RawMessageStreamEvent`. */
export type AnthropicStreamEvent = AnthropicTypes.RawMessageStreamEvent;

export type { AnthropicTypes };
