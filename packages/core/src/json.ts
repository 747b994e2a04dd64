// The entry point `@agent-transcript/core/json`: reading JSON text under the toolkit's limits. The one parser (exact
// numbers, nesting depth), strict UTF-8, and locating errors by line, column and JSON pointer: what the CLI and the
// recorder build their input on, for tools that read transcripts and payloads themselves. `decodeTranscript` (the
// root) already uses all of it for documents.
export {
  describeJsonParseError,
  lineAndColumn,
  linesAndColumns,
  locateJsonSyntaxError,
  locatePointers,
  pointerAtOffset,
  type LocatePointersOptions,
} from "./json-syntax.js";
export {
  inexactNumberReason,
  parseJson,
  type JsonTextError,
  type JsonTextErrorCode,
  type ParseJsonResult,
} from "./parse-json.js";
export {
  abbreviatePointer,
  assertWithinDepth,
  checkJsonValue,
  defaultMaxDepth,
  defaultMaxInputBytes,
  describeTooDeep,
  JsonDepthError,
  type JsonLimits,
  type JsonValueCheckOptions,
  type JsonValueProblem,
} from "./json-limits.js";
export { decodeUtf8, locateInvalidUtf8, type DecodeUtf8Result, type Utf8Error } from "./utf8.js";
// Quoting input in a message (a parse error's excerpt, a file name) so that it cannot act on a terminal: what every
// tool that reports on JSON text needs, and light enough for a command line to load before any command runs.
export { escapeControlCharacters, isControlCharacter } from "./control-characters.js";
// Provider streams recorded as server-sent events, each event's data read as JSON under the same limits.
export {
  parseServerSentEvents,
  type ServerSentEventPayload,
  type ServerSentEventsError,
  type ServerSentEventsResult,
} from "./server-sent-events.js";
