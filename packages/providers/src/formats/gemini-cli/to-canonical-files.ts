/**
 * Gemini CLI's files, told by their content and found by their place: which first lines open a Gemini CLI session, and
 * where a session's sub-agents' chats are (`chats/<parent session id>/<id>.jsonl`).
 */
import { headRecords, isJsonObject, splitPath, type RelatedFileLocation } from "../../conversion/index.js";

/**
 * Whether these first lines are Gemini CLI's. The JSONL session opens with a header record that carries the session id
 * and the project hash and nothing of Claude Code's (`type`, `uuid`) or Codex's (`payload`); the single-file session is
 * one object holding both and its `messages`, on one line or pretty-printed (a lone `{`, then the fields two spaces in).
 */
export function detectGeminiCli(head: readonly string[]): boolean {
  const opening = head.map((text) => text.trim()).filter((text) => text !== "");
  if (opening[0] === "{") {
    const fields = head.filter((text) => /^ {2}"/.test(text));
    return (
      fields.some((text) => /^ {2}"sessionId": "/.test(text)) &&
      fields.some((text) => /^ {2}"projectHash": "/.test(text))
    );
  }
  for (const line of headRecords(head)) {
    if (!("start" in line)) return isGeminiHeader(line.record);
    if (
      /^\{"(?:sessionId|projectHash)":"/.test(line.start) &&
      line.start.includes('"projectHash":"') &&
      line.start.includes('"sessionId":"')
    )
      return true;
  }
  return false;
}

function isGeminiHeader(record: unknown): boolean {
  return (
    isJsonObject(record) &&
    typeof record.sessionId === "string" &&
    typeof record.projectHash === "string" &&
    !("type" in record) &&
    !("uuid" in record) &&
    !("payload" in record)
  );
}

/**
 * A main session, `chats/session-<time>-<first 8 characters of its id>.jsonl`, has its sub-agents' chats in
 * `chats/<its whole id>/<sub-agent id>.jsonl`: the folders whose names start with those 8 characters (the importer
 * keeps the chats whose folder is the session's whole id and whose header says `kind: "subagent"`). A sub-agent's
 * own chat has none (its sub-agents, if any, sit under `chats/<its id>/`, a folder of the main chats').
 */
export function geminiCliRelatedFiles(path: string): RelatedFileLocation[] {
  const { folder, name } = splitPath(path);
  const prefix = /^session-.+-([^-./\\]+)\.jsonl?(?:\.gz)?$/.exec(name)?.[1];
  if (prefix === undefined) return [];
  return [{ folder, folders: new RegExp(`^${prefix.replace(/\W/g, "\\$&")}`), names: /\.jsonl(?:\.gz)?$/ }];
}
