/**
 * The content-blocks family (Anthropic Messages, Amazon Bedrock Converse): the folds its members share, each
 * parameterised by the member's dialect. A member's folder imports from here and from `conversion/`, never from
 * another member's folder.
 */
export type * from "./dialect.js";
export * from "./native-fields.js";
export * from "./content-to-canonical.js";
export * from "./content-from-canonical.js";
export { requestToCanonical } from "./request-to-canonical.js";
export { requestFromCanonical } from "./request-from-canonical.js";
export * from "./response.js";
export * from "./stream.js";
export { checkEachMessage } from "./check.js";
export { requestConverters, responseConverters, streamConverters } from "./member.js";
