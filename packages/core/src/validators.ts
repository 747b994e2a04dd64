// The entry point `@agent-transcript/core/validators`: one strict and one tolerant validator per definition of the
// schemas (`validateEvent`, `validateEventTolerant`, …, generated), the table of all of them and the lookup by name.
// Most users need none of them: `decodeTranscript` (the root) validates documents with the version policy.
export * from "./generated/v1/validate.js";
export { isDefinitionName, validatorFor } from "./validator-lookup.js";
export type { ValidationError, ValidationMode, ValidationResult, Validator } from "./validation.js";
