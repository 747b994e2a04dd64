// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
export const ucs2length = require("ajv/dist/runtime/ucs2length").default;
export const equal = require("ajv/dist/runtime/equal").default;
export const uri = require("ajv/dist/runtime/uri").default;
