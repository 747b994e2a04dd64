/**
 * Claude Code's session log, `~/.claude/projects/<project>/<session>.jsonl`: one JSON record per line, appended as
 * the session runs, with its sub-agents in `<session>/subagents/agent-<id>.jsonl` (older versions: `agent-<id>.jsonl`
 * beside the session; `agent-acompact-*` is the agent that wrote a compaction's summary). Import only.
 *
 * Mapping (canonical ← Claude Code):
 * - `id`, `source.session_id` ← sessionId; `producer` ← Claude Code and its version; `created_at` / `updated_at`,
 *   `run.started_at` / `ended_at` ← the first and last timestamps; `title` ← the latest custom-title, else ai-title,
 *   else summary record. `run.status` is `completed`: a session file records what happened and has no state.
 * - The tree: records link by `uuid` / `parentUuid`. `messages` is the main chain, walked from the latest message back
 *   to the root through `logicalParentUuid` across compactions (to-canonical-tree.ts); messages off it (rewinds) are
 *   kept, converted, in `metadata["claude-code"].branches` (`[{ from, messages }]`), each with a `branch-kept` loss.
 * - `user` records → user messages: string content → a text part; blocks → parts (to-canonical-content.ts), tool
 *   results included (status `error` for `is_error`, `denied` for a call the user refused, `interrupted` for an
 *   interrupted command), with `toolUseResult` in the result's `provider_fields["claude-code"]` and a tool output
 *   Claude Code stored in a file of its own named there as `persistedOutput: { path, size }`.
 * - `assistant` records → assistant messages, one per API response: its records (one per content block, each under
 *   its `message.id` and `requestId`, repeating the usage so far), written one after another with at most the results
 *   of its own tool calls and Claude Code's own records between, are merged (a missing `requestId`, as gateways
 *   write, matches any). The usage is the figures that hold every record's (the final ones), counted once; records
 *   whose figures disagree (none holding the others') count the largest, keep the others beside their records and
 *   name the lines (`invalid-field`). A record under an id seen before that does not continue that response (a user
 *   turn, another response or a compaction came between, or another `requestId`) is a message of its own where it
 *   was written, its usage counted, with an `invalid-field` loss naming both lines. `model`, `response_id`,
 *   `finish_reason` with the native
 *   stop reason; thinking → reasoning with its signature, issued by the API the message id names (Anthropic, or
 *   Bedrock / Vertex AI for `msg_bdrk_` / `msg_vrtx_` ids).
 * - Compaction: the `system` record with subtype `compact_boundary` and the `isCompactSummary` user record after it
 *   become one user message holding a compaction part (`strategy: "summary"`, the summary text, `tokens_before` from
 *   `compactMetadata.preTokens`): the summary is marked as what it is, not as something the user typed, and the
 *   history before it stays on the chain.
 * - Sub-agents: each sub-agent file (`subagents/agent-*.jsonl`, a workflow's `subagents/workflows/wf_<id>/agent-*.jsonl`,
 *   and each group of `isSidechain` records of an older main file) becomes a child run, `run.children[]` with its own
 *   document in `transcript` (its own `usage`), linked to the call that started it (`Agent`, once `Task`, or a
 *   workflow's call): `call_id` from the sidecar Claude Code writes beside the file (`agent-<id>.meta.json`:
 *   `toolUseId`), else the result's `toolUseResult.agentId` or the agent's progress records; its title the sidecar's
 *   `description`, else the call's description or agent type, else the sidecar's `agentType`; the sidecar kept in
 *   the child's `metadata["claude-code"].agent`; naming the parent in `run.parent`. An agent whose call is in another
 *   sub-agent's file (`spawnDepth` 2 and deeper) is that sub-agent's child. A response written again in another file
 *   of the session (the same `message.id`, the same or no `requestId`) is counted where it was read first; the copy
 *   is a message without usage, its figures kept on its lines, with a `duplicate-line` loss. The parent's `run.usage_including_children` rolls every child's usage up. A sum past
 *   2^53 − 1 (the document's `usage`, the roll-up) is clamped to it with a `clamped-total` loss naming its pointer.
 * - Each message keeps its records' own fields in `provider_fields["claude-code"].lines` (one entry per record, with
 *   its line number, uuid, parentUuid, timestamp, requestId, …); the fields every record repeats (sessionId, version,
 *   cwd, gitBranch, …) are said once in `metadata["claude-code"].session` and beside a record only where it differs.
 *   The API message's own fields with no canonical place go to `provider_fields.anthropic`.
 * - Every other record (progress, file-history-snapshot, queue-operation, attachment, the other system subtypes,
 *   titles, and types not known yet) is kept verbatim in `metadata["claude-code"].records` (`[{ line, record }]`),
 *   with a `kept-as-metadata` or `unknown-line-type` loss (the title records map to the title and need none).
 * - A line that is not JSON, or not a record, costs that line (`unparsable-line`, `invalid-line`), never the file; a
 *   record written twice (the same uuid) is read once (`duplicate-line`).
 */
import type { SessionImporter } from "../../conversion/index.js";
import { ClaudeCodeFold } from "./to-canonical.js";
import { claudeCodeRelatedFiles, detectClaudeCode } from "./to-canonical-files.js";

export type * from "./types.js";

/** Claude Code's importer: detection by content, where its sub-agents are, and the fold that reads a session. */
export const claudeCodeImporter: SessionImporter = {
  id: "claude-code",
  detect: detectClaudeCode,
  relatedFiles: claudeCodeRelatedFiles,
  begin: (options) => new ClaudeCodeFold(options),
};
