/**
 * Claude Code's files, told by their content and found by their place: which lines open a Claude Code session, and
 * where a session's sub-agents are written (pure path arithmetic; the file layer lists the folders).
 */
import { isJsonObject, splitPath, type RelatedFileLocation } from "../../conversion/index.js";

/**
 * Whether these first lines are Claude Code's: one of them is a record only Claude Code writes. A `user` or
 * `assistant` record holds an API message with its role; the records without one (progress, file-history-snapshot,
 * summary, queue-operation, …) carry the session's id, or (a summary) the uuid of the leaf they name. Codex's lines
 * (`{ timestamp, type, payload }`), Gemini CLI's (`sessionId` without `type`, messages without a `message` object)
 * and our own event log (`seq`, `run_id`) have none of these. The claude.ai web export, `{ "loglines": [...] }`
 * pretty-printed, opens with a lone `{` and its `loglines`.
 */
export function detectClaudeCode(head: readonly string[]): boolean {
  // The claude.ai web export: one pretty-printed document that opens with its `loglines`.
  const opening = head.map((text) => text.trim()).filter((text) => text !== "");
  if (opening[0] === "{" && opening[1]?.startsWith('"loglines"') === true) return true;
  for (const text of head) {
    if (text.length > largestParsedLine) {
      // Detection runs on every input a command reads, and the first line of a compact document is the whole document:
      // a long line is judged by its start, where Claude Code writes a record's parent link and session id.
      const start = text.slice(0, 4096);
      if (start.startsWith('{"parentUuid":') && start.includes('"sessionId":"') && !start.includes('"schema_version"'))
        return true;
      continue;
    }
    const trimmed = text.trim();
    if (!trimmed.startsWith("{")) continue;
    let record: unknown;
    try {
      record = JSON.parse(trimmed);
    } catch {
      continue;
    }
    if (isClaudeCodeRecord(record)) return true;
  }
  return false;
}

/** Lines longer than this are not parsed to detect the format. */
const largestParsedLine = 256 * 1024;

function isClaudeCodeRecord(record: unknown): boolean {
  if (!isJsonObject(record) || typeof record.type !== "string") return false;
  if ("run_id" in record || "seq" in record || "payload" in record) return false;
  if ((record.type === "user" || record.type === "assistant") && isJsonObject(record.message))
    return typeof record.message.role === "string";
  if (record.type === "summary") return typeof record.leafUuid === "string";
  if (record.type === "file-history-snapshot") return isJsonObject(record.snapshot);
  return typeof record.sessionId === "string" && (typeof record.uuid === "string" || record.type === "queue-operation");
}

const agentFiles = /^agent-.+\.jsonl(?:\.gz)?$/;
/** A sub-agent's file, or the sidecar Claude Code writes beside it (`agent-<id>.meta.json`: who started it, and why). */
const agentFilesAndSidecars = /^agent-.+\.(?:jsonl(?:\.gz)?|meta\.json)$/;
/** The sidecar's name: the agent id it describes. */
export const sidecarName = /^agent-(.+)\.meta\.json$/;

/**
 * A session `<folder>/<session>.jsonl` has its sub-agents in `<folder>/<session>/subagents/agent-*.jsonl`, each with
 * its sidecar `agent-*.meta.json`, and the agents of its workflows in `subagents/workflows/wf_<id>/`; older versions wrote
 * them beside the sessions, `<folder>/agent-*.jsonl`, for every session of the project alike (the importer keeps those
 * whose records name this session).
 */
export function claudeCodeRelatedFiles(path: string): RelatedFileLocation[] {
  const { folder, name, separator } = splitPath(path);
  const stem = name.replace(/\.jsonl(?:\.gz)?$/, "");
  // A sub-agent's own file has no sub-agents of its own.
  if (agentFiles.test(name) || stem === name) return [];
  const subagents = `${folder}${separator}${stem}${separator}subagents`;
  return [
    { folder: subagents, names: agentFilesAndSidecars },
    { folder: `${subagents}${separator}workflows`, folders: /^wf_/, names: agentFilesAndSidecars },
    { folder, names: agentFiles },
  ];
}
