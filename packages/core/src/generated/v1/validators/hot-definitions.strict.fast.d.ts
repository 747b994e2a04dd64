// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/transcript.schema.json
// Regenerate: pnpm generate
// Variant: strict (specialised yes/no checks; ajv's validator is the reference)
/** Whether a value is a valid `Event` (strict); no errors: ask the ajv validator for those. */
export declare function Event(value: unknown): boolean;

/** Whether a value is a valid `MessagePayload` (strict); no errors: ask the ajv validator for those. */
export declare function MessagePayload(value: unknown): boolean;

/** Whether a value is a valid `ToolPayload` (strict); no errors: ask the ajv validator for those. */
export declare function ToolPayload(value: unknown): boolean;

/** Whether a value is a valid `Message` (strict); no errors: ask the ajv validator for those. */
export declare function Message(value: unknown): boolean;

/** Whether a value is a valid `Part` (strict); no errors: ask the ajv validator for those. */
export declare function Part(value: unknown): boolean;

/** Whether a value is a valid `Transcript` (strict); no errors: ask the ajv validator for those. */
export declare function Transcript(value: unknown): boolean;
