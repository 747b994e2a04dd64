/**
 * devflow's run transcript (ADR-011), `.devflow/runs/<runId>/transcript.json`, gzip-compressed as
 * `transcript.json.gz` from 100 KiB:
 *
 * ```
 * { runId, metadata: { flowId, nodeId, input, startedAt, endedAt, status, totalTokensIn, totalTokensOut,
 *   totalCost, error }, turns: [{ id (integer), role (system | user | assistant | tool_result), content,
 *   tokensIn, tokensOut, timestamp, durationMs, toolCalls: [{ id, name, input, output, error }] }] }
 * ```
 *
 * Mapping (canonical ← devflow):
 * - `id`, `source.session_id` ← runId; `created_at`, `run.started_at` ← startedAt; `updated_at`, `run.ended_at`
 *   ← endedAt; `run.duration_ms` ← endedAt − startedAt; `run.status` ← status; `run.error` ← error;
 *   `run.metadata` ← flowId, nodeId, input and any metadata field ADR-011 does not name, verbatim.
 * - `usage` ← totalTokensIn / totalTokensOut (total_tokens their sum, `raw` the devflow fields as written);
 *   `cost` ← totalCost as a `reported` cost in USD.
 * - Each turn → a message: id as a decimal string, `tool_result` → role `tool`, content → one text part,
 *   timestamp → created_at, durationMs → duration_ms, tokensIn / tokensOut → usage (`raw` records which of the
 *   two the turn carried, so from canonical writes exactly those).
 * - Each tool call → a tool_call part (id `<turn id>-<index>` when devflow has none); its output or error → a
 *   tool_result part in a `tool` message `<call id>-result` right after the turn (status `error` when error is
 *   set). A `tool_result` turn's content is the output of a tool_result part answering the first call of the
 *   latest assistant turn that has neither output nor error (else a call id `devflow-turn-<id>`).
 * - Fields ADR-011 does not define are kept in `provider_fields.devflow` (turns and tool calls) or
 *   `metadata.devflow` (the top level) and merged back from canonical.
 */
export type * from "./types.js";
export { devflowGzipThresholdBytes, encodeDevflowTranscript, fromCanonical } from "./from-canonical.js";
export { toCanonical } from "./to-canonical.js";
