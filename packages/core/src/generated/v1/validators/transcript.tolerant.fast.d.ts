// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/transcript.schema.json
// Regenerate: pnpm generate
// Variant: tolerant (specialised yes/no checks; ajv's validator is the reference)
/** Whether a value is a valid `Transcript` (tolerant); no errors: ask the ajv validator for those. */
export declare function Transcript(value: unknown): boolean;
