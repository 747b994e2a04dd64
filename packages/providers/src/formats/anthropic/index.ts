/**
 * The Anthropic Messages API (`anthropic`): requests, responses and streams, both directions, typed with our own
 * declarations of the official SDK's types (types.ts). A member of the content-blocks family (`families/content-blocks/`): this folder holds only how
 * Anthropic differs.
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { withNestingLimit } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { AnthropicRequest, AnthropicResponse, AnthropicStreamEvent } from "./types.js";

// The nesting limit at the converter's edge (conversion/limits.ts): a value nested deeper than 512 levels is refused
// by pointer instead of overflowing a walk.
export const anthropicConverter: ProviderConverter<AnthropicRequest, AnthropicResponse, AnthropicStreamEvent> =
  withNestingLimit({
    id: "anthropic",
    requestToCanonical,
    requestFromCanonical,
    responseToCanonical,
    responseFromCanonical,
    streamToCanonical,
    streamFromCanonical,
    checkRequest,
  });

export type { AnthropicRequest, AnthropicResponse, AnthropicStreamEvent, AnthropicTypes } from "./types.js";
