/**
 * The native side of the Bedrock Converse format: the JSON bodies of `POST /model/{modelId}/converse` and
 * `/converse-stream`, derived from the official `@aws-sdk/client-bedrock-runtime` types (types only: the converters
 * never load the SDK). The SDK describes the client's objects, not the wire, and they differ in exactly these ways:
 * - bytes (`image.source.bytes`, `document.source.bytes`, `reasoningContent.redactedContent`, …) are `Uint8Array`s in
 *   the SDK and base64 strings on the wire (the service's JSON protocol encodes blobs as base64);
 * - timestamps are `Date`s in the SDK and strings on the wire;
 * - `modelId` is a member of the SDK's `ConverseRequest` but travels in the URL path, not in the body;
 * - the SDK's tagged unions carry a `$UnknownMember` (`{ $unknown: [name, value] }`) for members newer than the SDK;
 *   on the wire an unknown member is just another key, so it is not part of the wire type;
 * - `toolUse.type` is `"server_tool_use"` only in the SDK's enum, and the service also sends `"tool_use"` for a
 *   client tool in a response that mixes both (recorded in the code-interpreter fixtures).
 */
import type {
  ContentBlock,
  ConverseRequest,
  ConverseResponse,
  ConverseStreamOutput,
  Message,
  SystemContentBlock,
  Tool,
  ToolConfiguration,
  ToolUseBlock,
  ToolUseBlockStart,
} from "@aws-sdk/client-bedrock-runtime";

/**
 * A value as it is written in the JSON body: bytes as base64 text, dates as text, no SDK-only union members (the
 * SDK's unknown member `{ $unknown: [name, value] }` of a tagged union, and the `$unknown?: never` key it adds to
 * every other member). Written out in one type, since it is public (`BedrockWire`) and helpers would be too.
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
export type BedrockToolUseBlock = Omit<Wire<ToolUseBlock>, "type"> & { type?: Wire<ToolUseBlock>["type"] | "tool_use" };

/** The body of `converse` and `converse-stream`: the SDK's request without `modelId`, which is in the URL. */
export type BedrockConverseRequest = Wire<Omit<ConverseRequest, "modelId">>;

/** The JSON body of a `converse` response. */
export type BedrockConverseResponse = Wire<ConverseResponse>;

/**
 * One event of `converse-stream`, as `{ "<event type>": payload }` (the event type is the frame's `:event-type`
 * header; the payload is the frame's JSON body).
 */
export type BedrockConverseStreamEvent = Wire<ConverseStreamOutput>;

export type BedrockMessage = Wire<Message>;
export type BedrockContentBlock = Wire<ContentBlock>;
export type BedrockSystemContentBlock = Wire<SystemContentBlock>;
export type BedrockTool = Wire<Tool>;
export type BedrockToolConfiguration = Wire<ToolConfiguration>;
export type BedrockToolUseBlockStart = Omit<Wire<ToolUseBlockStart>, "type"> & {
  type?: Wire<ToolUseBlockStart>["type"] | "tool_use";
};
