import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { decodeTranscript, lineAndColumn, locatePointers, type ValidationMode } from "@agent-transcript/core";
import { checkEventLog, parseJsonLines, readSnapshotDeclarations } from "@agent-transcript/recorder";
import { exitCodes, paint, type CommandIo } from "../io.js";

export type InputKind = "transcript" | "event-log" | "snapshot-declarations";

export interface FileProblem {
  /** 1-based line, where the input is line-oriented. */
  line?: number;
  /** JSON pointer within the line's (or document's) value; "" is its root. */
  pointer: string;
  message: string;
}

export interface FileReport {
  file: string;
  kind: InputKind | "unknown";
  valid: boolean;
  /** Records read (event log lines, declarations). */
  records: number;
  problems: FileProblem[];
  warnings: string[];
}

/** Tells the inputs apart by content, not name: a JSON object with schema_version, or the first line that parses. */
export function detectKind(text: string): InputKind | undefined {
  const start = text.trimStart();
  if (start.startsWith("{") && /"schema_version"\s*:/.test(start.slice(0, 4096)) && !isJsonLines(start)) return "transcript";
  for (const line of parseJsonLines(text)) {
    if (!line.ok) continue;
    const value = line.value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    if ("seq" in value && "run_id" in value) return "event-log";
    if ("kind" in value && "path" in value && "version" in value) return "snapshot-declarations";
    return undefined;
  }
  return undefined;
}

/** A file whose first line is a complete JSON object followed by more lines is JSONL, not one document. */
function isJsonLines(text: string): boolean {
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? text.length : text.indexOf("\n"));
  try {
    return typeof JSON.parse(firstLine) === "object" && text.slice(firstLine.length).trim() !== "";
  } catch {
    return false;
  }
}

function validateTranscriptText(file: string, text: string, mode: ValidationMode): FileReport {
  const result = decodeTranscript(text, { mode });
  if (result.ok) {
    return {
      file,
      kind: "transcript",
      valid: true,
      records: result.document.messages.length,
      problems: [],
      warnings: result.warnings.map((warning) => `${warning.pointer}: ${warning.message}`),
    };
  }
  const { error } = result;
  const errors = error.errors ?? [{ pointer: error.pointer ?? "", message: error.message }];
  // Name a line for each pointer; a missing property is reported at its nearest existing ancestor.
  const candidates = errors.flatMap((entry) => ancestors(entry.pointer));
  const offsets = error.line === undefined ? locatePointers(text, candidates) : new Map<string, number>();
  return {
    file,
    kind: "transcript",
    valid: false,
    records: 0,
    problems: errors.map((entry) => {
      const offset = ancestors(entry.pointer).map((pointer) => offsets.get(pointer)).find((found) => found !== undefined);
      const line = error.line ?? (offset === undefined ? undefined : lineAndColumn(text, offset).line);
      return { ...(line === undefined ? {} : { line }), pointer: entry.pointer, message: error.errors ? entry.message : error.message };
    }),
    warnings: [],
  };
}

function ancestors(pointer: string): string[] {
  const tokens = pointer.split("/").slice(1);
  return tokens.map((_token, index) => `/${tokens.slice(0, tokens.length - index).join("/")}`).concat("");
}

export function validateText(file: string, text: string, mode: ValidationMode): FileReport {
  const kind = detectKind(text);
  if (kind === "transcript") return validateTranscriptText(file, text, mode);
  if (kind === "event-log") {
    const report = checkEventLog(text, mode);
    return {
      file,
      kind,
      valid: report.problems.length === 0,
      records: report.events.length,
      problems: report.problems,
      warnings: report.unknownEventTypes.map((type) => `unknown event type ${type} (written by a newer minor version; kept as is)`),
    };
  }
  if (kind === "snapshot-declarations") {
    const report = readSnapshotDeclarations(text, mode);
    return {
      file,
      kind,
      valid: report.problems.length === 0,
      records: report.declarations.length + report.redundant.length,
      problems: report.problems,
      warnings: report.redundant.map((entry) => `line ${entry.line}: ${entry.declaration.path} is redundant (${entry.reason})`),
    };
  }
  return {
    file,
    kind: "unknown",
    valid: false,
    records: 0,
    problems: [
      {
        pointer: "",
        message: "not a recognised input: expected a transcript document (a JSON object with schema_version), an event log (JSONL lines with seq and run_id) or snapshot declarations (JSONL lines with version, kind and path)",
      },
    ],
    warnings: [],
  };
}

/** gzip (a `.json.gz` transcript, a compressed log) is recognised by its magic bytes, not its name. */
function decodeBytes(bytes: Buffer): string {
  const plain = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes, { maxOutputLength: 1024 * 1024 * 1024 }) : bytes;
  return plain.toString("utf8");
}

const readErrors: Record<string, string> = {
  ENOENT: "no such file",
  EISDIR: "is a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

function describeReadError(error: unknown): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : undefined;
  return code && readErrors[code] ? `${readErrors[code]} (${code})` : error instanceof Error ? error.message : String(error);
}

export interface ValidateOptions {
  tolerant?: boolean;
  json?: boolean;
}

export async function runValidate(inputs: string[], options: ValidateOptions, io: CommandIo): Promise<number> {
  const mode: ValidationMode = options.tolerant ? "tolerant" : "strict";
  const reports: FileReport[] = [];
  for (const input of inputs) {
    const name = input === "-" ? "<stdin>" : input;
    let text: string;
    try {
      text = input === "-" ? await io.readStdin() : decodeBytes(await readFile(input));
    } catch (error) {
      const reason = describeReadError(error);
      reports.push({ file: name, kind: "unknown", valid: false, records: 0, problems: [{ pointer: "", message: `cannot read: ${reason}` }], warnings: [] });
      continue;
    }
    reports.push(validateText(name, text, mode));
  }
  const valid = reports.every((report) => report.valid);
  if (options.json) {
    io.stdout(`${JSON.stringify({ valid, mode, files: reports }, null, 2)}\n`);
  } else {
    for (const report of reports) {
      for (const problem of report.problems) {
        const where = problem.line === undefined ? report.file : `${report.file}:${problem.line}`;
        const pointer = problem.pointer === "" ? "" : ` ${problem.pointer}`;
        io.stdout(`${where}:${pointer} ${problem.message}\n`);
      }
      for (const warning of report.warnings) io.stderr(`${report.file}: warning: ${warning}\n`);
      const verdict = report.valid ? paint(io, "green", "valid") : paint(io, "red", "invalid");
      io.stderr(`${report.file}: ${verdict} ${report.kind} (${report.records} records, ${mode})\n`);
    }
  }
  return valid ? exitCodes.success : exitCodes.failure;
}
