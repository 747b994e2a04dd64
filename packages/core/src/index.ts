export * from "./generated/v1/validate.js";
export type * from "./generated/v1/types.js";
export type * as Tolerant from "./generated/v1/tolerant-types.js";
export { createValidator, escapePointerToken } from "./validation.js";
export type { ValidationError, ValidationMode, ValidationResult, Validator } from "./validation.js";
export type { StandaloneValidator, StandaloneValidatorError } from "./standalone-validator.js";
export { isDefinitionName, validatorFor } from "./registry.js";
