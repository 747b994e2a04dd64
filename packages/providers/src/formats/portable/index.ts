/**
 * The OpenAF portable format: the portable, provider-neutral message list (OpenAF `exportConversation` / `importConversation`):
 *
 * ```json
 * [
 *   { "role": "system" | "user" | "assistant", "content": "string or null" },
 *   { "role": "assistant", "content": null, "toolCalls": [{ "id": "…", "name": "fn", "arguments": { … } }] },
 *   { "role": "user", "content": null, "toolResults": [{ "id": "…", "name": "fn", "result": "string or object" }] }
 * ]
 * ```
 *
 * Rules kept exactly: roles are `system`, `user` and `assistant` only; `arguments` is always a parsed object;
 * `toolCalls` appear only on assistant turns and `toolResults` only on user turns; ids may be empty strings for
 * providers that track none.
 *
 * To canonical, message for message (portable index i is canonical index i):
 * - `content` → one text part first (null → no text part); `toolCalls[j]` → tool_call parts; `toolResults[k]`
 *   → tool_result parts with status `ok`, in the same user message (as the format places them).
 * - A call id that is absent or empty is replaced by `portable-call-<i>-<j>`. A result with no usable id is paired
 *   with the first unanswered id-less call of the latest assistant turn (same name first), or else given
 *   `portable-result-<i>-<k>`. An empty id, and a real id that happens to start with one of those prefixes, is
 *   kept in the part's `provider_fields.portable.id` so from canonical writes it back; an unmarked id with a synthetic
 *   prefix is one the source did not have, and from canonical leaves it out.
 * - Fields the format does not define are kept in `provider_fields.portable` (of the message, call or result) and
 *   merged back from canonical, as are empty `toolCalls` / `toolResults` arrays.
 * - The transcript id is `portable-<fingerprint of the list>` unless the caller gives one.
 *
 * From canonical: developer → system and tool → a user turn with toolResults (consecutive tool messages batched into
 * one turn); text parts joined into `content`; result names looked up from the call ids when the result has none;
 * everything without a portable equivalent reported as a warning.
 */
export type * from "./types.js";
export { fromCanonical } from "./from-canonical.js";
export { toCanonical } from "./to-canonical.js";
