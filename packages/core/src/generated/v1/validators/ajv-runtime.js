// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";

/** A CommonJS module's `exports.default`, from what Node (`module.exports`) or a bundler (the default) hands over. */
function commonJsDefault(imported) {
  const isModuleObject =
    typeof imported === "object" && imported !== null && imported.__esModule === true && "default" in imported;
  const helper = isModuleObject ? imported.default : imported;
  if (typeof helper !== "function") throw new Error("unexpected shape of an ajv run-time helper module");
  return helper;
}

export const ucs2length = /* @__PURE__ */ commonJsDefault(ucs2lengthModule);
