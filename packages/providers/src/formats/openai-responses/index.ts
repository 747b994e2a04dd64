/**
 * OpenAI Responses (`POST /v1/responses`): requests, `Response` objects and `ResponseStreamEvent` streams, both
 * directions. The mapping is documented where it is done: request.ts, response.ts, stream.ts,
 * content-items-to-canonical.ts, content-items-from-canonical.ts and content.ts; the structural rules in check.ts.
 *
 * The native side is typed with our own declarations of the official `openai` SDK's types (types.ts). The converters build plain JSON objects and type
 * them at this boundary: a document carries what a recorded payload carried, including item types and fields newer
 * than the SDK's unions, and writes it back unchanged.
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { withNestingLimit } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { OpenAIResponsesRequest, OpenAIResponsesResponse, OpenAIResponsesStreamEvent } from "./types.js";

// The nesting limit at the converter's edge (conversion/limits.ts): a value nested deeper than 512 levels is refused
// by pointer instead of overflowing a walk.
export const openaiResponsesConverter: ProviderConverter<
  OpenAIResponsesRequest,
  OpenAIResponsesResponse,
  OpenAIResponsesStreamEvent
> = withNestingLimit<OpenAIResponsesRequest, OpenAIResponsesResponse, OpenAIResponsesStreamEvent>({
  id: "openai-responses",
  requestToCanonical,
  requestFromCanonical: (document, options) =>
    requestFromCanonical(document, options) as ReturnType<
      ProviderConverter<
        OpenAIResponsesRequest,
        OpenAIResponsesResponse,
        OpenAIResponsesStreamEvent
      >["requestFromCanonical"]
    >,
  responseToCanonical,
  responseFromCanonical: (document, options) =>
    responseFromCanonical(document, options) as ReturnType<
      ProviderConverter<
        OpenAIResponsesRequest,
        OpenAIResponsesResponse,
        OpenAIResponsesStreamEvent
      >["responseFromCanonical"]
    >,
  streamToCanonical,
  streamFromCanonical: (document, options) =>
    streamFromCanonical(document, options) as ReturnType<
      ProviderConverter<
        OpenAIResponsesRequest,
        OpenAIResponsesResponse,
        OpenAIResponsesStreamEvent
      >["streamFromCanonical"]
    >,
  checkRequest,
});

export type {
  OpenAIResponsesRequest,
  OpenAIResponsesResponse,
  OpenAIResponsesStreamEvent,
  OpenAIResponsesTypes,
} from "./types.js";
