// The entry point `@agent-transcript/core/redact` (and what the rest of core imports): the redaction engine, its
// built-in rules and the types of user rules and reports. Redacting a whole document is `redactTranscript` (or
// `prepareExport`) at the root, which takes a `Redactor` made here.
export { createRedactor, defaultSensitiveKeys } from "./redactor.js";
export type { RedactionReport, Redactor, RedactorOptions } from "./redactor.js";
export { builtInRules, redactionPlaceholder, RedactionRuleError, sensitiveFieldRuleId } from "./rules.js";
export type { RedactionRule, UserRule } from "./rules.js";
