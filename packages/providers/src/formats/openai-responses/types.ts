/**
 * The native wire types: the official `openai` SDK's Responses types. The converters build plain JSON objects and
 * type them at the converter's boundary (index.ts).
 */
export type {
  Response as ResponsesResponse,
  ResponseCreateParams as ResponsesRequest,
  ResponseStreamEvent as ResponsesStreamEvent,
} from "openai/resources/responses/responses";
