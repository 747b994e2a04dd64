/**
 * The native side of the Bedrock Converse format: the JSON bodies of `POST /model/{modelId}/converse` and
 * `/converse-stream`, as our own declarations (`generated/native/bedrock-converse.ts`, written from the types of
 * `@aws-sdk/client-bedrock-runtime` 3.1164.0 by tools/native-types and checked against them in
 * bedrock-converse.types.test.ts). Nothing here imports the SDK. The SDK describes the client's objects, not the wire,
 * and the declarations differ from its types in exactly these ways:
 * - bytes (`image.source.bytes`, `document.source.bytes`, `reasoningContent.redactedContent`, …) are `Uint8Array`s in
 *   the SDK and base64 strings on the wire (the service's JSON protocol encodes blobs as base64);
 * - timestamps are `Date`s in the SDK and strings on the wire;
 * - `modelId` is a member of the SDK's `ConverseRequest` but travels in the URL path, not in the body;
 * - the SDK's tagged unions carry a `$UnknownMember` (`{ $unknown: [name, value] }`) for members newer than the SDK;
 *   on the wire an unknown member is just another key, so it is not part of the wire type;
 * - a stream's exception event (`internalServerException`, `throttlingException`, …) carries the exception's JSON
 *   body, `message` and the exception's own fields, where the SDK has the error object it builds from it;
 * - enums are the unions of their values, as in the SDK (its enums are `const` objects);
 * - `toolUse.type` is `"server_tool_use"` only in the SDK's enum, and the service also sends `"tool_use"` for a
 *   client tool in a response that mixes both (recorded in the code-interpreter fixtures): `BedrockToolUseBlock`.
 */
import type * as BedrockConverseTypes from "../../generated/native/bedrock-converse.js";

/**
 * A value of the SDK's types as it is written in the JSON body: bytes as base64 text, dates as text, no SDK-only
 * union members (the SDK's unknown member `{ $unknown: [name, value] }` of a tagged union, and the `$unknown?: never`
 * key it adds to every other member). For a program that holds the SDK's objects (`BedrockWire<ConverseRequest>`);
 * the types test uses it to check the declarations above against the SDK. Written out in one type, since it is public
 * (`BedrockWire`) and helpers would be too.
 */
export type Wire<T> = T extends Uint8Array
  ? string
  : T extends Date
    ? string
    : T extends { $unknown: [string, unknown] }
      ? never
      : T extends ReadonlyArray<infer Item>
        ? Array<Wire<Item>>
        : T extends object
          ? { [Key in keyof T as Key extends "$unknown" ? never : Key]: Wire<T[Key]> }
          : T;

/** The wire `toolUse` block: the SDK's, with the `type` the service also sends for client tools. */
export type BedrockToolUseBlock = Omit<BedrockConverseTypes.ToolUseBlock, "type"> & {
  type?: BedrockConverseTypes.ToolUseBlock["type"] | "tool_use";
};

/** The body of `converse` and `converse-stream`: the SDK's request without `modelId`, which is in the URL. */
export type BedrockConverseRequest = BedrockConverseTypes.ConverseRequest;

/** The JSON body of a `converse` response. */
export type BedrockConverseResponse = BedrockConverseTypes.ConverseResponse;

/**
 * One event of `converse-stream`, as `{ "<event type>": payload }` (the event type is the frame's `:event-type`
 * header; the payload is the frame's JSON body).
 */
export type BedrockConverseStreamEvent = BedrockConverseTypes.ConverseStreamOutput;

export type BedrockMessage = BedrockConverseTypes.Message;
export type BedrockContentBlock = BedrockConverseTypes.ContentBlock;
export type BedrockSystemContentBlock = BedrockConverseTypes.SystemContentBlock;
export type BedrockTool = BedrockConverseTypes.Tool;
export type BedrockToolConfiguration = BedrockConverseTypes.ToolConfiguration;
export type BedrockToolUseBlockStart = Omit<BedrockConverseTypes.ToolUseBlockStart, "type"> & {
  type?: BedrockConverseTypes.ToolUseBlockStart["type"] | "tool_use";
};

export type { BedrockConverseTypes };
