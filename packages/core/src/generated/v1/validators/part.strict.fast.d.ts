// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/part.schema.json
// Regenerate: pnpm generate
// Variant: strict (specialised yes/no checks; ajv's validator is the reference)
/** Whether a value is a valid `Part` (strict); no errors: ask the ajv validator for those. */
export declare function Part(value: unknown): boolean;
