/**
 * Amazon Bedrock Converse (`bedrock-converse`): request bodies of `converse` / `converse-stream`, responses and
 * stream events, both directions, typed with our own declarations of the wire form of the official
 * `@aws-sdk/client-bedrock-runtime` types (types.ts).
 * A member of the content-blocks family (`families/content-blocks/`): this folder holds only how Bedrock differs.
 */
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
export { checkRequest } from "./check.js";
export { requestFromCanonical, requestToCanonical } from "./request.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { streamFromCanonical, streamToCanonical } from "./stream.js";
