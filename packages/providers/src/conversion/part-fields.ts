/**
 * The fields of a canonical tool call and tool result that every writer of one maps: what was called with what, and
 * what came back. A writer reports every present field outside these and the ones its API has a place for
 * (`reportUnmapped`), so a field added to the schema is reported as dropped by every writer at once until each maps it.
 */
export const toolCallFields: readonly string[] = [
  "type",
  "id",
  "name",
  "input",
  "raw_input",
  "input_error",
  "provider_executed",
  "native_type",
  "provider_fields",
];

export const toolResultFields: readonly string[] = [
  "type",
  "call_id",
  "status",
  "output",
  "content",
  "error",
  "provider_executed",
  "native_type",
  "provider_fields",
];
