/**
 * The native fields the Bedrock Converse converter keeps, and the markers beside them.
 *
 * Provider key: the schema names the provider `amazon-bedrock`, and the other converters key `provider_fields` by
 * provider (`anthropic`, `openai`, `google`), so Bedrock's fields live under `amazon-bedrock`: everything a block's
 * union member, a message, a tool or a request has beyond the mapped fields, verbatim.
 */
import type { Part } from "@agent-transcript/core";
import { isJsonObject, keptFields, restOf, type JsonObject } from "../../conversion/index.js";
import { assign, takeField } from "../../families/content-blocks/index.js";

/** The key of Bedrock's fields in every `provider_fields`. */
export const providerKey = "amazon-bedrock";

/**
 * Part (and tool) marker: fields of the block object itself beside its one union member (`{ "type": "text", "text":
 * … }` in a recorded response), as opposed to fields inside the member, which are the part's other Bedrock fields.
 */
export const blockFieldsMarker = "block_fields";

/** Tool-result marker: the native result had no `status` (the API reads it as success). */
export const statusOmittedMarker = "status_omitted";

/** Message markers of a response: the fields beside `message` in `output`, and beside `role` and `content` in it. */
export const outputFieldsMarker = "output";
export const messageFieldsMarker = "message";

/** `{ "amazon-bedrock": rest }` for a canonical object's provider_fields, or undefined when there is no rest. */
export function providerFields(rest: JsonObject | undefined): { [providerKey]: JsonObject } | undefined {
  return keptFields(providerKey, rest);
}

/**
 * Sets a part's Bedrock fields: the union member's unmapped fields (and any `markers`), and the block's own fields
 * beside the member under `block_fields`.
 */
export function withFields<T extends Exclude<Part, { type: "native" }>>(
  part: T,
  inner: JsonObject | undefined,
  known: readonly string[],
  block: JsonObject,
  member: string,
  markers: JsonObject = {},
): T {
  const rest = { ...((inner === undefined ? undefined : restOf(inner, known)) ?? {}), ...markers };
  const outer = restOf(block, [member]);
  if (outer !== undefined) rest[blockFieldsMarker] = outer;
  const fields = providerFields(rest);
  if (fields !== undefined) part.provider_fields = fields;
  return part;
}

/** `{ [member]: inner }` with the block's own fields (kept under `block_fields` of `fields`) beside the member. */
export function wrap(member: string, inner: unknown, fields: JsonObject): JsonObject {
  const outer = takeField(fields, blockFieldsMarker);
  const block = isJsonObject(outer) ? assign({}, outer) : {};
  return assign(block, { [member]: inner });
}

/** The `block_fields` marker of `fields` taken out, as the `fields` argument `wrap` takes. */
export function outerOf(fields: JsonObject): JsonObject {
  const outer = takeField(fields, blockFieldsMarker);
  return isJsonObject(outer) ? { [blockFieldsMarker]: outer } : {};
}
