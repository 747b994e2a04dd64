// The entry point `@agent-transcript/core/vocabularies`: every list the schemas name (`partTypes`, `eventTypes`,
// `sourceFormats`, …), generated as `as const` constants typed by their generated types. Code that lists the members
// of a vocabulary imports them from here, so a member added to the schema reaches it with `pnpm generate`.
export * from "./generated/v1/vocabularies.js";
