/**
 * The native side of the Anthropic Messages format: the official `@anthropic-ai/sdk` types of a request
 * (`MessageCreateParams`), a response (`Message`) and a stream event (`RawMessageStreamEvent`). The converter builds
 * plain JSON objects (real payloads carry fields newer than any one SDK release) and names these types only at its
 * boundary.
 */
import type { Message, MessageCreateParams, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";

/** The body of `POST /v1/messages`. */
export type AnthropicRequest = MessageCreateParams;

/** A response of `POST /v1/messages`. */
export type AnthropicResponse = Message;

/** One server-sent event of a streamed `POST /v1/messages`. */
export type AnthropicStreamEvent = RawMessageStreamEvent;
