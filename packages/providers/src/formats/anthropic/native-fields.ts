/**
 * The native fields the Anthropic converter keeps: everything a block, message, tool or request has beyond the
 * mapped fields goes to `provider_fields.anthropic` of the canonical object, verbatim, and comes back from there;
 * beside them, the markers that say how the native value was written.
 */
import { keptFields, type JsonObject } from "../../conversion/index.js";

/** The key of Anthropic's fields in every `provider_fields`. */
export const providerKey = "anthropic";

/** Message marker: the native content was a string, not a list of blocks. */
export const stringContentMarker = "string_content";

/** Message marker: a system message that sat inside `messages` rather than in the top-level `system`. */
export const placementMarker = "placement";

/** `{ anthropic: rest }` for a canonical object's provider_fields, or undefined when there is no rest. */
export function providerFields(rest: JsonObject | undefined): { [providerKey]: JsonObject } | undefined {
  return keptFields(providerKey, rest);
}
