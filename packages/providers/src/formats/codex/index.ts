/**
 * Codex CLI's rollouts, `~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl` (newer versions compress
 * them, `.jsonl.zst`; the Node entry decompresses): one `{ timestamp, type, payload }` record per line, appended as
 * the thread runs. Import only.
 *
 * Mapping (canonical ← Codex):
 * - `id`, `source.session_id` ← the first `session_meta`'s id; `producer` ← codex and `cli_version`; `created_at` /
 *   `updated_at`, `run.started_at` / `ended_at` ← the first and last timestamps; the `session_meta` payload is kept
 *   whole in `metadata["codex"].session`. `run.status` is `completed`: a rollout records what happened.
 * - `response_item`s are OpenAI Responses items, mapped as the Responses converter maps them: a `message` of the
 *   user, developer or system is a message of that role (texts → text parts, other blocks → native parts with a
 *   `kept-as-native` loss), except the context Codex sends as a user turn (`<environment_context>`,
 *   `<user_instructions>`, `# AGENTS.md instructions for …`): a `system` message with
 *   `provider_fields["codex"].injected` naming it, never the user's prompt and never matched with an echo; the assistant's items of a turn (`message`, `reasoning`, `function_call`,
 *   `custom_tool_call`, `local_shell_call`, `tool_search_call`, `web_search_call` and the other provider-run calls)
 *   form one assistant message until a result or another role's message comes; reasoning keeps `encrypted_content`,
 *   its id and summary with issuer `{ openai, responses, model }`, so it can be sent back to the Responses API. The
 *   `*_output` items are tool results (paired with their call by `call_id`) in a `tool` message. The model is the
 *   latest `turn_context`'s.
 * - `event_msg` `user_message`, `agent_message`, `agent_reasoning`, `agent_reasoning_raw_content` repeat what the
 *   items say: one whose text an item of the same file holds, or (the text no help: a redacted rollout, whose every
 *   copy of a text was replaced apart) written right beside an item of its kind in the same turn, is read once, from
 *   the item (`duplicate-line`); one that stands alone (older rollouts wrote only the event) is the message. Newer
 *   Codex (the desktop app among them) writes the prompt as an `item_completed` event whose `item` is a
 *   `UserMessage`, alone or beside a `user_message` event: read as that event is, and once when both are there.
 * - Usage: `token_count.info.total_token_usage` is cumulative over the thread and re-emitted unchanged, so it is never
 *   summed. A turn (opened by `turn_context` or `task_started`) costs its last cumulative count minus the previous
 *   turn's (counters that went down start a new count), put on the turn's last assistant message; the document's
 *   `usage` is the sum of the turns (the final cumulative count). `cached_input_tokens` is part of input and
 *   `reasoning_output_tokens` of output, as in the Responses API; the counters are kept in `usage.raw`. A
 *   `token_count` with `info: null` is rate limits alone, kept (`kept-as-metadata`); one whose counters cannot be read
 *   (not non-negative integers below 2^53, input or output missing) is kept with an `invalid-field` loss naming the
 *   counter, not counted. Within a turn Codex's counters only grow: a fall there is an `invalid-field`, read as a new
 *   count after what the turn counted so far. A sum past 2^53 − 1 is clamped with a `clamped-total` loss.
 * - `compacted` → a user message holding a compaction part (`strategy: "summary"`, the summary text when Codex wrote
 *   one, `replaced_messages`, the `replacement_history` in its `provider_fields["codex"]`, encrypted content when the
 *   history holds a `compaction` item): the summary is marked as what it is, and the history before it stays.
 * - Children: a rollout beside this one whose `session_meta` names this thread (or one of its children) as the parent
 *   (`source.subagent.thread_spawn.parent_thread_id`, `parent_thread_id`, `forked_from_id`), or a review sub-agent
 *   whose `session_meta.timestamp` is that of an `entered_review_mode` event of this session, becomes a child run:
 *   `run.children[]` with its own document (its own usage), its `run.parent` naming this thread; the parent's
 *   `run.usage_including_children` rolls them up. A rollout read on its own names its parent in `run.parent`.
 * - A forked or sub-agent rollout that replays its parent's history (a second `session_meta`, the parent's, and its
 *   records) keeps those lines in `metadata["codex"].inherited` (`inherited-line`), not as its own messages, and its
 *   usage starts from the cumulative count they end with. The replay ends at the first `task_started` or
 *   `turn_context` not earlier than the rollout's own `session_meta.timestamp`.
 * - Every other record (`turn_context`, the other `event_msg`s, `ghost_snapshot`, `world_state`, …) is kept verbatim
 *   in `metadata["codex"].records` (`[{ line, record }]`) with a `kept-as-metadata` loss, or `unknown-line-type` for
 *   a type not known yet. Each message keeps its records' line numbers and own fields in
 *   `provider_fields["codex"].lines`.
 * - A line that is not JSON, or not a record, costs that line (`unparsable-line`, `invalid-line`), never the file.
 */
import type { SessionImporter } from "../../conversion/index.js";
import { CodexFold } from "./to-canonical.js";
import { codexRelatedFiles, detectCodex } from "./to-canonical-files.js";

export type * from "./types.js";

/** Codex's importer: detection by content, where its child rollouts are, and the fold that reads a session. */
export const codexImporter: SessionImporter = {
  id: "codex",
  detect: detectCodex,
  relatedFiles: codexRelatedFiles,
  begin: (options) => new CodexFold(options),
};
