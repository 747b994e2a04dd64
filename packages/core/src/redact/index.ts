export { createRedactor, defaultSensitiveKeys } from "./redactor.js";
export type { RedactionReport, Redactor, RedactorOptions } from "./redactor.js";
export { builtInRules, redactionPlaceholder, RedactionRuleError, sensitiveFieldRuleId } from "./rules.js";
export type { RedactionRule, UserRule } from "./rules.js";
