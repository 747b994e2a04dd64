/**
 * The conversion toolkit: everything the converters under `formats/` share. A converter imports from here and
 * from `@agent-transcript/core`, never from another converter's folder.
 */
export * from "./result.js";
export * from "./contracts.js";
export * from "./json.js";
export * from "./field-reader.js";
export * from "./finish.js";
export * from "./document-reader.js";
export * from "./document-writer.js";
export * from "./payload-frame.js";
export type * from "./converter-functions.js";
export { fingerprint } from "./fingerprint.js";
export * from "./tool-call-ids.js";
export * from "./turn-call-ids.js";
export * from "./reasoning.js";
export * from "./native-fields.js";
export * from "./data-url.js";
export * from "./response-message.js";
export * from "./part-fields.js";
export * from "./provider-fields.js";
export { withDocumentNestingLimit, withNestingLimit } from "./limits.js";
export * from "./request-settings.js";
export * from "./request-settings-table.js";
export * from "./server-tool-results.js";
export * from "./session.js";
export * from "./session-fold.js";
export * from "./session-document.js";
