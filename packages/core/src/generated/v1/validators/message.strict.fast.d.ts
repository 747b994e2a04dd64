// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/message.schema.json
// Regenerate: pnpm generate
// Variant: strict (specialised yes/no checks; ajv's validator is the reference)
/** Whether a value is a valid `Message` (strict); no errors: ask the ajv validator for those. */
export declare function Message(value: unknown): boolean;
