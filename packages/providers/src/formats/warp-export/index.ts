/**
 * The Warp export: Warp's machine-readable JSON export of an agent conversation (`warp export-conversation <id>
 * --format json`, file `<title-or-id>-<timestamp>.warp-export.json`, spec GH10112).
 *
 * The spec defines the content blocks and never shows the whole document. What this module reads and writes,
 * with what was inferred marked as such:
 *
 * ```
 * {
 *   "schema_version": "1.0.0",                 // spec: semver; major 1 accepted, other majors rejected
 *   "conversation_id": "c7a3…",                // inferred: the conversation id (the file name falls back to it)
 *   "title": "Fix flaky retry test" | null,     // inferred: the conversation title, null when it has none
 *   "created_at": "<RFC 3339>",                 // inferred: when the conversation began (optional)
 *   "updated_at": "<RFC 3339>",                 // inferred: its last activity (optional)
 *   "exported_at": "<RFC 3339>",                // inferred: when the export ran (optional)
 *   "messages": [{
 *     "id": "8d1f…",                            // inferred: non-empty, unique
 *     "role": "user" | "assistant",             // inferred: Warp shows no system or tool turns
 *     "created_at": "<RFC 3339>",               // inferred (optional)
 *     "model": "claude-sonnet-4-5",             // inferred: the model that answered (optional)
 *     "content": [ <content block>, … ]         // spec: the typed blocks below, in order
 *   }]
 * }
 * ```
 *
 * Content blocks (spec B2.1, with the review rounds' refinements):
 * - `{ type: "text", text }` and `{ type: "reasoning", text, duration_ms }`.
 * - `{ type: "tool_call", tool, input: TypedValue, output: TypedValue, duration_ms, status: "ok" | "error",
 *   truncated, original_size_bytes, truncation_strategy }`. Reading: `tool` and `input` are required; `status`
 *   is present once the call has a result and is required when any result field is; the truncation fields
 *   appear only on a truncated output (B5). The block has no call id.
 * - TypedValue, the "discriminated wrapper accepting object/array/string/number/boolean/null variants" of the
 *   round-1 fix: `{ "type": "object" | "array" | "string" | "number" | "boolean" | "null", "value": <JSON of
 *   that type> }`, `value` always present (`null` for the null variant).
 * - `{ type: "plan_step", id, title, status: pending | in_progress | complete | blocked | cancelled,
 *   blocked_reason, description, subitems }`: the nullable optional fields are present as null, `subitems` is
 *   a (possibly empty) list of items of the same shape without `type`, recursively; `blocked` requires a
 *   non-empty blocked_reason.
 * - `{ type: "code_diff", files: [{ path, old_path (renames and copies only), change: added | modified |
 *   deleted | renamed | copied, binary, hunks: [{ old_start, old_lines, new_start, new_lines, header?, lines:
 *   [{ kind: context | added | removed | no_newline, text }] }] }] }` (`old_mode` / `new_mode` accepted).
 *   Binary files and pure renames have no hunks. The file shape is inferred from B2.1.3's summary.
 * - `{ type: "image", data_uri: "data:<media type>;base64,<data>", alt? }` (T10 names the block by its data
 *   URI; `alt` is inferred).
 * - `[REDACTED]` placeholders are ordinary text and are kept verbatim; truncated outputs keep their flags.
 *
 * Mapping: a Warp message becomes one canonical message with the same id, role, created_at and model, its
 * blocks becoming parts one for one. A tool_call block becomes a tool_call part (id `<message id>:<block
 * index>`, name ← tool, input ← the unwrapped input) and, when it has a status, a tool_result part (status,
 * output unwrapped, duration_ms, truncation fields). The results go where canonical readers expect them: a
 * `tool` message right after the tool calls, the message continuing after it when more blocks follow. Those
 * extra messages have ids `<message id>#<n>` and `metadata.warp_message_id` naming the Warp message, which is
 * how from canonical joins them back. Unknown block types become `native` parts (issuer `warp`); fields the spec does
 * not define are kept in `provider_fields.warp` (messages, blocks) or `metadata.warp` (the document), and merged
 * back from canonical.
 */
export type * from "./types.js";
export { fromCanonical } from "./from-canonical.js";
export { toCanonical } from "./to-canonical.js";
