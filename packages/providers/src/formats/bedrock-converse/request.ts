/**
 * Bedrock Converse request body ⇄ canonical transcript: the content-blocks family's request folds with Bedrock's
 * request dialect.
 *
 * How Bedrock's requests differ from the family's other member:
 * - content and `system` are always lists of blocks; `system` holds text, `cachePoint` and `guardContent` blocks
 *   (the latter two native parts in place), and an empty `system` list stays verbatim in the document's
 *   provider_fields;
 * - messages are `user` or `assistant` only, and consecutive messages of one role are merged because Converse
 *   requires the roles to alternate;
 * - a text block must not be blank (one is left out of a request, `part-dropped`);
 * - tool names that break `^[a-zA-Z0-9_-]{1,64}$` are renamed, definitions and calls alike (`value-converted`), and
 *   `toolConfig` defines every tool the messages call (request-tools.ts);
 * - ids in a document read from Bedrock are kept, as the service issued them (Kimi K2's
 *   `functions.get_temperature:0`); others that break `[a-zA-Z0-9_.:-]{1,64}` are renamed (`id-remapped`).
 */
import { requestConverters, type RequestDialect } from "../../families/content-blocks/index.js";
import { bedrockContent } from "./content.js";
import { fieldsFromCanonical, fieldsToCanonical, renameTools } from "./request-tools.js";
import type { BedrockConverseRequest } from "./types.js";

const requestDialect: RequestDialect = {
  content: bedrockContent,
  roles: ["user", "assistant"],
  roleError: 'must be "user" or "assistant"',
  stringContent: undefined,
  placementMarker: undefined,
  emptySystem: false,
  mergeReason: "Bedrock requires the roles to alternate",
  fieldsToCanonical,
  prepare: renameTools,
  fieldsFromCanonical,
  requiredFields: undefined,
};

export const { requestToCanonical, requestFromCanonical } = requestConverters<BedrockConverseRequest>(requestDialect);
