// Looking up a schema definition's validator by its name at run time (the CLI's `validate --definition`, the examples
// test). Named for what it is: the providers' registry is the toolkit's only "registry".
import { validators, type DefinitionName } from "./generated/v1/validate.js";
import type { ValidationMode, Validator } from "./validation.js";

export function isDefinitionName(name: string): name is DefinitionName {
  return Object.hasOwn(validators, name);
}

/** The validator of a definition chosen at run time (`"Event"`, `"SnapshotDeclaration"`, …); undefined for unknown names. */
export function validatorFor(definition: string, mode: ValidationMode): Validator<unknown> | undefined {
  return isDefinitionName(definition) ? validators[definition][mode] : undefined;
}
