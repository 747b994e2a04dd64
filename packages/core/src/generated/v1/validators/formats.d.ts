// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate
/** RFC 3339 date-time with a time zone, exactly as ajv-formats' full mode accepts it. */
export declare function dateTime(text: string): boolean;
/** ajv-formats' full formats with the fast date-time check. */
export declare const formats: Record<string, unknown>;
