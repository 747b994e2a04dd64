import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeTranscript, foldEventLog, lineAndColumn, locatePointers, type Tolerant } from "@agent-transcript/core";
import type { ValidationMode } from "@agent-transcript/core/validators";
import { checkEventLog } from "@agent-transcript/recorder";
import type { CommandIo } from "./io.js";

export interface InputProblem {
  line?: number;
  pointer: string;
  message: string;
}

export type LoadedDocument =
  | { ok: true; document: Tolerant.Transcript; kind: "transcript" | "event-log"; warnings: string[] }
  | { ok: false; problems: InputProblem[] };

const maximumBytes = 1024 * 1024 * 1024;

/** Reads a file or standard input (`-`), gunzipping when the bytes say gzip, whatever the name. */
export async function readInputText(input: string, io: CommandIo): Promise<string> {
  if (input === "-") return io.readStdin();
  const bytes = await readFile(input);
  const plain =
    bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b
      ? gunzipSync(bytes, { maxOutputLength: maximumBytes })
      : bytes;
  return plain.toString("utf8");
}

const readErrors: Record<string, string> = {
  ENOENT: "no such file",
  EISDIR: "is a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

export function describeReadError(error: unknown): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : undefined;
  return code && readErrors[code]
    ? `${readErrors[code]} (${code})`
    : error instanceof Error
      ? error.message
      : String(error);
}

/** A file whose first line is a complete JSON object followed by more lines is JSONL, not one document. */
export function isJsonLines(text: string): boolean {
  const end = text.indexOf("\n");
  if (end === -1) return false;
  try {
    return typeof JSON.parse(text.slice(0, end)) === "object" && text.slice(end).trim() !== "";
  } catch {
    return false;
  }
}

/** Decodes a transcript document, turning errors into problems that name a line as well as a pointer. */
export function decodeWithLines(text: string, mode: ValidationMode | "auto"): LoadedDocument {
  const result = decodeTranscript(text, { mode });
  if (result.ok)
    return {
      ok: true,
      document: result.document,
      kind: "transcript",
      warnings: result.warnings.map((warning) => `${warning.pointer}: ${warning.message}`),
    };
  const { error } = result;
  const errors = error.errors ?? [{ pointer: error.pointer ?? "", message: error.message }];
  // A missing property has no line of its own: report it at its nearest existing ancestor.
  const offsets =
    error.line === undefined
      ? locatePointers(
          text,
          errors.flatMap((entry) => ancestors(entry.pointer)),
        )
      : new Map<string, number>();
  return {
    ok: false,
    problems: errors.map((entry) => {
      const offset = ancestors(entry.pointer)
        .map((pointer) => offsets.get(pointer))
        .find((found) => found !== undefined);
      const line = error.line ?? (offset === undefined ? undefined : lineAndColumn(text, offset).line);
      return {
        ...(line === undefined ? {} : { line }),
        pointer: entry.pointer,
        message: error.errors ? entry.message : error.message,
      };
    }),
  };
}

function ancestors(pointer: string): string[] {
  const tokens = pointer.split("/").slice(1);
  return tokens.map((_token, index) => `/${tokens.slice(0, tokens.length - index).join("/")}`).concat("");
}

/**
 * Loads what `export` and similar commands work on: a transcript document, or an event log folded into one.
 * Child runs of an event log are read from `<child_run_id>.jsonl` beside it; the id is a UUID (the schema checks),
 * so the name can never leave that directory.
 */
export async function loadDocument(input: string, io: CommandIo): Promise<LoadedDocument> {
  let text: string;
  try {
    text = await readInputText(input, io);
  } catch (error) {
    return { ok: false, problems: [{ pointer: "", message: `cannot read: ${describeReadError(error)}` }] };
  }
  if (!isJsonLines(text)) return decodeWithLines(text, "auto");
  const log = checkEventLog(text, "tolerant");
  if (log.problems.length > 0) return { ok: false, problems: log.problems };
  const runs = new Map<string, readonly Tolerant.Event[]>();
  const warnings: string[] = log.unknownEventTypes.map((type) => `unknown event type ${type}`);
  if (input !== "-") {
    // Breadth-first through grandchildren too, each read once; the fold bounds the depth and refuses cycles.
    const pending = childRunIds(log.events);
    for (let index = 0; index < pending.length && index < 1000; index += 1) {
      const runId = pending[index] as string;
      if (runs.has(runId)) continue;
      const sibling = path.join(path.dirname(input), `${path.basename(runId)}.jsonl`);
      try {
        const childLog = checkEventLog(await readInputText(sibling, io), "tolerant");
        if (childLog.problems.length > 0) {
          warnings.push(`child run ${runId}: ${childLog.problems.length} problem(s) in ${sibling}; not embedded`);
          continue;
        }
        runs.set(runId, childLog.events);
        pending.push(...childRunIds(childLog.events).filter((id) => !pending.includes(id)));
      } catch {
        // A child log that is not beside its parent stays a link without a transcript.
      }
    }
  }
  const folded = foldEventLog(log.events, { runs });
  return {
    ok: true,
    document: folded.document,
    kind: "event-log",
    warnings: [
      ...warnings,
      ...folded.warnings.map((warning) =>
        warning.seq === undefined ? warning.message : `seq ${warning.seq}: ${warning.message}`,
      ),
    ],
  };
}

function childRunIds(events: readonly Tolerant.Event[]): string[] {
  return [...new Set(events.flatMap((event) => (event.child_run_id ? [event.child_run_id] : [])))];
}

/** `file:line: /pointer message`, the shape editors and CI annotations understand. */
export function formatProblem(file: string, problem: InputProblem): string {
  const where = problem.line === undefined ? file : `${file}:${problem.line}`;
  return `${where}:${problem.pointer === "" ? "" : ` ${problem.pointer}`} ${problem.message}`;
}
