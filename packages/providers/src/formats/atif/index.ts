/**
 * The Agent Trajectory Interchange Format (ATIF, Harbor's RFC 0001, v1.0 to v1.7), import and export: a trajectory
 * is one JSON document (`trajectory.json`), Harbor writes it pretty-printed; a trajectory cut by a context
 * summarization goes on in a continuation file (`continued_trajectory_ref`, `trajectory.cont-1.json` beside it).
 *
 * Mapping (canonical ← ATIF):
 * - `id` ← session_id (else trajectory_id); `source.format_version` ← schema_version; `source.session_id` ←
 *   session_id; `producer` ← agent name and version; `created_at` / `updated_at` ← the first and last step timestamps.
 * - Each step → one message: source `user` → user, `agent` → assistant, `system` → system (any other value: a user
 *   message, the value kept); timestamp → created_at; model_name → model; reasoning_content → a reasoning part
 *   (issuer `atif`); message → a text part (v1.6 content parts: text and image parts, images by path); tool_calls →
 *   tool_call parts (tool_call_id → id, function_name → name, arguments → input); metrics → usage (prompt_tokens →
 *   input_tokens, cached included as ATIF counts them; completion_tokens → output_tokens; cached_tokens →
 *   cache_read_tokens; the token fields as written kept as `usage.raw`) and cost_usd → a reported cost in USD.
 * - A step's observation → a tool message right after it, each result a tool_result part (source_call_id → call_id,
 *   content → output, status `ok`: ATIF has no status), with no time (ATIF records none for a result: the step's
 *   timestamp is when the agent acted, and a result given it would make every call take 0 ms). A result tied to no
 *   call (Terminus's terminal output) gets the call id `atif-step-<step>-result-<n>` and `provider_fields.atif.unlinked`.
 * - What our export carries under `extra.agent_transcript` (below) is read back: a result's status, error, name,
 *   duration_ms, truncated and the time it arrived (results of one observation that arrived at different times are
 *   tool messages of their own), a metrics object's cache_write_tokens and reasoning_tokens.
 * - final_metrics → the document's `usage` and `cost` (the totals as ATIF wrote them; they are not recomputed).
 * - subagent_trajectories (v1.7) → child runs (`run.children[].transcript`), linked to the call whose observation's
 *   subagent_trajectory_ref names them; a continuation file → a child run titled `continuation <n>`, located at its
 *   file name (written back beside the trajectory as written, `<written name>.cont-<n>.json`, where an import finds
 *   it again). References to trajectories in other files stay as written, on the result.
 * - Kept by rule, with a `kept-as-metadata` loss naming the JSON pointer and line: a step's reasoning_effort,
 *   is_copied_context, llm_call_count, extra, the metrics' token ids, logprobs and extra (`provider_fields.atif` of
 *   the message); the trajectory's agent model_name, tool_definitions and extra, trajectory_id, notes,
 *   continued_trajectory_ref, extra and final_metrics' total_steps and extra (`metadata.atif`); fields ATIF does not
 *   define, and values of a mistyped field, the same way (an `invalid-field` loss).
 *
 * Export (ATIF ← canonical) is the inverse; it writes the version the document was imported from, else ATIF-v1.7.
 * What a tool result or a usage records and ATIF has no field for goes in the `extra` object ATIF gives every result
 * and metrics object for a producer's own fields, under `agent_transcript`: a result's status (when not `ok`), error,
 * name, duration_ms, truncated and its message's time; cache_write_tokens and reasoning_tokens. So a round trip keeps
 * failed calls, call durations and the cost of cache writes. It warns, by JSON pointer, for what ATIF cannot carry
 * (from-canonical.ts): message ids, names, timings, finish reasons, errors, issuers and other providers' fields;
 * reasoning signatures, encrypted and redacted reasoning and summaries; raw tool input; inline images; parts other
 * than text, image, reasoning, tool calls and results; costs not in USD; the run's status, times, error and steps;
 * the title, tool choice and artifacts. A developer message is written as a system step.
 */
import type { SessionExporter, SessionImporter } from "../../conversion/index.js";
import { splitPath } from "../../conversion/index.js";
import { fromCanonical } from "./from-canonical.js";
import { AtifFold } from "./to-canonical.js";

export type * from "./types.js";
export { atifWrittenVersion } from "./from-canonical.js";

const atifVersionPattern = /"schema_version"\s*:\s*"ATIF-v\d/;

/** A trajectory declares its ATIF version near its top: Harbor writes schema_version first. */
function detectAtif(head: readonly string[]): boolean {
  const first = head.find((line) => line.trim() !== "");
  if (first === undefined || !first.trimStart().startsWith("{")) return false;
  return head.some((line) => atifVersionPattern.test(line));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A trajectory's continuations sit beside it: `<name>.json` → `<name>.cont-<n>.json`. */
function atifRelatedFiles(path: string) {
  const { folder, name } = splitPath(path);
  const stem = name.endsWith(".json") ? name.slice(0, -5) : name;
  return [{ folder, names: new RegExp(`^${escapeRegExp(stem)}\\.cont-\\d{1,6}\\.json$`) }];
}

/** ATIF's importer: detection by content, where continuations are, and the fold that reads a trajectory. */
export const atifImporter: SessionImporter = {
  id: "atif",
  detect: detectAtif,
  relatedFiles: atifRelatedFiles,
  begin: (options) => new AtifFold(options),
};

/** ATIF's exporter: a document → its trajectory file and its continuation files. */
export const atifExporter: SessionExporter = { id: "atif", fromCanonical };
