/**
 * Codex's files, told by their content and found by their place: which lines open a rollout, and where the rollouts
 * of a session's sub-agents and forks may be (pure path arithmetic; the file layer lists the folder).
 */
import { headRecords, isJsonObject, splitPath, type RelatedFileLocation } from "../../conversion/index.js";

/** The record types of a rollout line `{ timestamp, type, payload }`. */
const rolloutTypes = new Set(["session_meta", "turn_context", "response_item", "event_msg", "compacted"]);

/** The start of a long rollout line, judged without parsing it. */
const rolloutStart =
  /^\{"timestamp":"[^"]*","type":"(?:session_meta|turn_context|response_item|event_msg|compacted)","payload":\{/;

/**
 * Whether these first lines are a Codex rollout: one of them is `{ timestamp, type, payload }` with a rollout record
 * type and an object payload. Claude Code's records have no `payload`, our event log has `seq` and `run_id`, Gemini
 * CLI's have no `type` of these.
 */
export function detectCodex(head: readonly string[]): boolean {
  for (const line of headRecords(head)) {
    if ("start" in line ? rolloutStart.test(line.start) : isRolloutRecord(line.record)) return true;
  }
  return false;
}

function isRolloutRecord(record: unknown): boolean {
  return (
    isJsonObject(record) &&
    typeof record.type === "string" &&
    rolloutTypes.has(record.type) &&
    isJsonObject(record.payload) &&
    !("seq" in record) &&
    !("run_id" in record)
  );
}

/** A rollout's name: `rollout-<time>-<thread id>.jsonl`, compressed as `.jsonl.zst` (newer) or `.jsonl.gz`. */
export const rolloutNames = /^rollout-.+\.jsonl(?:\.zst|\.gz)?$/;

/**
 * Codex writes every thread's rollout under the day it started, `~/.codex/sessions/YYYY/MM/DD/`: a sub-agent's or a
 * fork's rollout sits beside its parent's, or, started after midnight, in the next day's folder. The importer keeps
 * only the rollouts whose `session_meta` names this session (or one of its children) as their parent.
 */
export function codexRelatedFiles(path: string): RelatedFileLocation[] {
  const { folder, separator } = splitPath(path);
  const locations: RelatedFileLocation[] = [{ folder, names: rolloutNames }];
  const next = nextDayFolder(folder, separator);
  if (next !== undefined) locations.push({ folder: next, names: rolloutNames });
  return locations;
}

/** `…/YYYY/MM/DD` → the folder of the day after (across months and years); undefined for any other folder. */
function nextDayFolder(folder: string, separator: string): string | undefined {
  const match = /^(.*)[\\/](\d{4})[\\/](\d{2})[\\/](\d{2})$/.exec(folder);
  if (match === null) return undefined;
  const [, base, year, month, day] = match as unknown as [string, string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  // A folder that names no real day (2026/02/30) is not one Codex wrote.
  if (date.getUTCDate() !== Number(day) || date.getUTCMonth() !== Number(month) - 1) return undefined;
  date.setUTCDate(date.getUTCDate() + 1);
  const two = (value: number): string => String(value).padStart(2, "0");
  return [base, String(date.getUTCFullYear()), two(date.getUTCMonth() + 1), two(date.getUTCDate())].join(separator);
}
