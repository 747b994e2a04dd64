/**
 * Amazon Bedrock Converse (`bedrock-converse`): request bodies of `converse` / `converse-stream`, responses and
 * stream events, both directions, typed with the wire form of the official `@aws-sdk/client-bedrock-runtime` types.
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical } from "./request-from-canonical.js";
import { requestToCanonical } from "./request-to-canonical.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { BedrockConverseRequest, BedrockConverseResponse, BedrockConverseStreamEvent } from "./types.js";

export const bedrockConverseConverter: ProviderConverter<
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent
> = {
  id: "bedrock-converse",
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
export type {
  BedrockContentBlock,
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent,
  BedrockMessage,
  BedrockSystemContentBlock,
  BedrockTool,
  BedrockToolConfiguration,
  BedrockToolUseBlock,
  Wire,
} from "./types.js";
