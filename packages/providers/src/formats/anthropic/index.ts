/**
 * The Anthropic Messages API (`anthropic`): requests (`MessageCreateParams`), responses (`Message`) and streams
 * (`RawMessageStreamEvent`s), both directions, typed with the official SDK's types.
 */
import type { Message, MessageCreateParams, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import type { ProviderConverter } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical } from "./request-from-canonical.js";
import { requestToCanonical } from "./request-to-canonical.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";

export const anthropicConverter: ProviderConverter<MessageCreateParams, Message, RawMessageStreamEvent> = {
  id: "anthropic",
  requestToCanonical,
  requestFromCanonical,
  responseToCanonical,
  responseFromCanonical,
  streamToCanonical,
  streamFromCanonical,
  checkRequest,
};

export {
  checkRequest,
  requestFromCanonical,
  requestToCanonical,
  responseFromCanonical,
  responseToCanonical,
  streamFromCanonical,
  streamToCanonical,
};
export { defaultMaxTokens, defaultModel } from "./request-from-canonical.js";
