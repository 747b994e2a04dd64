/**
 * Gemini CLI's chat recording, `~/.gemini/tmp/<project hash>/chats/`: before v0.40 one JSON document per session,
 * `session-<time>-<id>.json`, rewritten on every change; from v0.40 on an append-only JSONL file,
 * `session-<time>-<id>.jsonl`: a header record (`sessionId`, `projectHash`, `startTime`, `lastUpdated`, `kind`), then
 * message records as they are written and updated, `{ "$set": {…} }` records updating the session's fields and
 * `{ "$rewindTo": id }` records taking back a message and everything after it. Import only.
 *
 * Mapping (canonical ← Gemini CLI):
 * - `id`, `source.session_id` ← sessionId; `title` ← summary; `created_at` / `run.started_at` ← startTime and
 *   `updated_at` / `run.ended_at` ← lastUpdated (else the first and last message times); `producer` ← gemini-cli;
 *   `run.status` is `completed`. The session's fields, `$set` applied in order (the latest value of each kept), are in
 *   `metadata["gemini-cli"].session` (projectHash, kind, directories, …), with the file's `layout` (`json`, `jsonl`).
 * - A message record with an id that was seen already replaces it in its place (Gemini CLI rewrites a message as its
 *   tool calls finish and its tokens arrive): the earlier record gets a `duplicate-line` loss, and each message's
 *   tokens are counted once, from its last record. A rewind moves the messages it takes back, converted, to
 *   `metadata["gemini-cli"].branches` (`[{ rewound_at, messages }]`), each with a `branch-kept` loss.
 * - `user` → a user message, except the `<session_context>` block Gemini CLI injects before the first prompt: a
 *   `system` message with `provider_fields["gemini-cli"].injected: "session_context"`, not the user's prompt; `gemini` (and `model`, Gemini's own role name, whose `parts` are read as its content) →
 *   an assistant message: `thoughts` → reasoning parts (the description as text, subject and timestamp beside it),
 *   `content` → text parts (a part with `thought: true` → reasoning; any other Gemini part kept as a native part,
 *   `kept-as-native`), `toolCalls` → tool_call parts (args as input), `model` → the message's model (so a model
 *   switch shows per message), `tokens` → usage read as Gemini's `usageMetadata` (input includes cached and the
 *   tool-use prompt, output includes thoughts; the raw figures kept with provider `gemini-cli`).
 * - The calls' results, recorded on the same record, follow as a `tool` message (`<id>/tool-results`, with no time of
 *   its own: Gemini CLI records when each call was last written, not when it ran, so no duration is implied) of
 *   tool_result parts paired by call id: status `ok`, `error` or `interrupted` from success / error / cancelled; the output (or
 *   error) of a single `functionResponse` as it is, any other result as stored. A call that had not ended has no
 *   result. displayName, description, resultDisplay, renderOutputAsMarkdown, agentId and the native status stay on
 *   the call, the result's timestamp on the result, under `provider_fields["gemini-cli"]`.
 * - Each message keeps its line and every field not mapped (displayContent, …) in `provider_fields["gemini-cli"]`.
 * - `info`, `error` and `warning` messages are Gemini CLI's notices, not turns: kept verbatim in
 *   `metadata["gemini-cli"].records` (`[{ line, after, record }]`, `after` the id of the message they followed) with a
 *   `kept-as-metadata` loss; types not known yet the same with `unknown-line-type`.
 * - Sub-agents: Gemini CLI writes a sub-agent's chat as a session of its own, `chats/<parent session id>/<its id>.jsonl`,
 *   its header of kind `subagent`. Those beside a main session are read with it, each a child run in `run.children`
 *   (`call_id` the call whose `agentId` names it, `location` its path from the main file, its document with
 *   `run.parent`), its tokens rolled up into `run.usage_including_children`.
 * - A line that is not JSON, or not a record, costs that line (`unparsable-line`, `invalid-line`); a field that cannot
 *   be mapped is kept beside its message (`invalid-field`). A single-file session that is not valid JSON is one
 *   `unparsable-line` loss naming the line and column, and no record is read.
 */
import type { SessionImporter } from "../../conversion/index.js";
import { GeminiCliFold } from "./to-canonical.js";
import { detectGeminiCli, geminiCliRelatedFiles } from "./to-canonical-files.js";

export type * from "./types.js";

/** Gemini CLI's importer: detection by content, the sub-agents' chats as related files, and the fold that reads them. */
export const geminiCliImporter: SessionImporter = {
  id: "gemini-cli",
  detect: detectGeminiCli,
  relatedFiles: geminiCliRelatedFiles,
  begin: (options) => new GeminiCliFold(options),
};
