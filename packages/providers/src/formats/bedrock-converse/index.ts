/**
 * Amazon Bedrock Converse (`bedrock-converse`): request bodies of `converse` / `converse-stream`, responses and
 * stream events, both directions, typed with our own declarations of the wire form of the official
 * `@aws-sdk/client-bedrock-runtime` types (types.ts).
 * A member of the content-blocks family (`families/content-blocks/`): this folder holds only how Bedrock differs.
 */
import type { ProviderConverter } from "../../conversion/index.js";
import { withNestingLimit } from "../../conversion/index.js";
import { checkRequest } from "./check.js";
import { requestFromCanonical, requestToCanonical } from "./request.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";
import type { BedrockConverseRequest, BedrockConverseResponse, BedrockConverseStreamEvent } from "./types.js";

// The nesting limit at the converter's edge (conversion/limits.ts): a value nested deeper than 512 levels is refused
// by pointer instead of overflowing a walk.
export const bedrockConverseConverter: ProviderConverter<
  BedrockConverseRequest,
  BedrockConverseResponse,
  BedrockConverseStreamEvent
> = withNestingLimit({
  id: "bedrock-converse",
  requestToCanonical,
  requestFromCanonical,
  responseToCanonical,
  responseFromCanonical,
  streamToCanonical,
  streamFromCanonical,
  checkRequest,
});

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
  BedrockConverseTypes,
  Wire,
} from "./types.js";
