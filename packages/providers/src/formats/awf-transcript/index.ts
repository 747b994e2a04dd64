/**
 * AWF transcript logs, `storage/transcripts/<run-id>.jsonl`, import and export, exactly as AWF's "Transcript Schema"
 * reference defines them: one event per line (`seq`, `run_id`, `parent_run_id`, `child_run_id`, `type`, `path`,
 * `iteration`, `timestamp`, `payload`), a child run (a `call_workflow` step) in a file of its own named by its run id,
 * beside the parent's. Our own event log (the recorder's) is the same envelope with stricter rules (run.started
 * declares `schema_version`, message blocks are canonical parts, `message.system` exists); this format is what AWF
 * itself writes, which our event-log reader refuses in places (a null run.started payload, AWF's block shapes).
 *
 * Mapping (canonical ← AWF):
 * - `id`, `source.session_id` ← the file's run_id; `run.parent` ← parent_run_id; `title` ← run.started's payload
 *   name; `run.started_at` / `ended_at` ← run.started / run.completed timestamps; `run.status` ← `failed` when
 *   run.completed carries an error, `completed` otherwise, `running` without run.completed; `run.steps` ← step.started
 *   / step.completed pairs (by path and iteration: name, kind, times, error, result); `run.children` ←
 *   step.call_workflow.started (child_run_id, status from .completed), each with its document when its file is beside.
 * - message.user / message.assistant → user / assistant messages (created_at, path, iteration from the envelope),
 *   blocks → parts with their fidelity: text → text, thinking → reasoning, tool_use → tool_call (tool_id, tool_name,
 *   tool_input), tool_result → tool_result (tool_id, tool_content → output, status `ok`), command → command, stream →
 *   stream_chunk; a block of another type → a native part (a `kept-as-native` loss).
 * - tool.call → an assistant message with one tool_call part; tool.result → a tool message with one tool_result part
 *   (status `error` with the payload's error); both keep their fidelity.
 * - Each message keeps its envelope's `seq` (and anything not derivable: another run_id, a timestamp that is not RFC
 *   3339, unknown fields) in `provider_fields["awf-transcript"]`; the run and step events themselves, and events of a
 *   type AWF's vocabulary does not have (an `unknown-line-type` loss), are kept verbatim in
 *   `metadata["awf-transcript"].events` (`[{ line, event }]`), so the export writes every line back byte for byte.
 * - A line that is not JSON or not an envelope costs that line (`unparsable-line`, `invalid-line`), never the file.
 *
 * Export (AWF ← canonical) is the inverse (from-canonical.ts), written as Go's encoding/json writes it. A document
 * from elsewhere: run.started (its title as the payload name), its messages (a system or developer message as
 * message.user, tool messages as one tool.result per result), call_workflow events and a file per child run, and
 * run.completed; warnings for ids, models, usage, cost, finish reasons, reasoning signatures, media and other parts
 * AWF has no block for, run steps not recorded as events, tools and artifacts.
 */
import type { SessionExporter, SessionImporter } from "../../conversion/index.js";
import { isJsonObject, splitPath } from "../../conversion/index.js";
import { fromCanonical } from "./from-canonical.js";
import { AwfFold, envelopeProblem } from "./to-canonical.js";

export type * from "./types.js";

/**
 * A file whose first line is AWF's `run.started` (AWF opens every file with it), and not our own event log: the
 * recorder declares `schema_version` in run.started's payload, AWF never does (its payload is null or a StepPayload).
 * A file that opens otherwise (cut at its start, or an event log of ours) is read as AWF's only when named so.
 */
function detectAwfTranscript(head: readonly string[]): boolean {
  const first = head.find((line) => line.trim() !== "");
  if (first === undefined || !first.trimStart().startsWith("{")) return false;
  // Detection runs on every input a command reads, and the first line of a compact document is the whole document:
  // parsing it here held a second copy of a large one beside the one its reader parses (validate's and export's peak
  // memory). AWF writes the envelope before the payload, so a long line that does not name run.started near its start
  // is not AWF's; only one that does is parsed, to tell it from our own event log by its payload.
  if (first.length > largestParsedLine && !runStartedType.test(first.slice(0, 4096))) return false;
  let value: unknown;
  try {
    value = JSON.parse(first);
  } catch {
    return false;
  }
  if (envelopeProblem(value) !== undefined || !isJsonObject(value) || value.type !== "run.started") return false;
  return value.payload === null || (isJsonObject(value.payload) && !("schema_version" in value.payload));
}

/** Opening lines longer than this are parsed only when their start names run.started (as the other detectors do). */
const largestParsedLine = 256 * 1024;
const runStartedType = /"type"\s*:\s*"run\.started"/;

/** Child runs' files sit beside the parent's, named by their run id (a UUID). */
function awfRelatedFiles(path: string) {
  const { folder } = splitPath(path);
  return [{ folder, names: /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\.jsonl$/ }];
}

/** AWF transcript logs' importer: detection by content, where child runs' files are, and the fold. */
export const awfTranscriptImporter: SessionImporter = {
  id: "awf-transcript",
  detect: detectAwfTranscript,
  relatedFiles: awfRelatedFiles,
  begin: (options) => new AwfFold(options),
};

/** AWF transcript logs' exporter: a document → its run's file and its child runs' files. */
export const awfTranscriptExporter: SessionExporter = { id: "awf-transcript", fromCanonical };
