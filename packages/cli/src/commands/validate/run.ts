import type { ValidationMode } from "@agent-transcript/core/validators";
import { detectSessionFormat, importSessionText, isExpectedSessionLoss } from "@agent-transcript/providers";
import { checkEventLog, parseJsonLines } from "@agent-transcript/recorder";
import { readSnapshotDeclarations } from "@agent-transcript/recorder/snapshot";
import { capProblems, describeOmitted, formatProblem, inputName, type InputProblem } from "../../input/problems.js";
import { isJsonLines } from "../../input/lines.js";
import { decodeWithLines } from "../../input/document.js";
import { defaultInputLimits, inputLimits, type InputLimits, type InputOptions } from "../../input/limits.js";
import { readInput } from "../../input/read.js";
import { describeCount } from "@agent-transcript/core/text";
import { exitCodes, messageLine, paint, shown, writeData, type CommandIo } from "../../io.js";
import { verbosityOf, warningLines, type ReportedWarning, type VerbosityOptions } from "../../warning-summary.js";

export type InputKind = "transcript" | "event-log" | "snapshot-declarations" | "session";

export type FileProblem = InputProblem;

export interface FileReport {
  file: string;
  /** What the file was found to be; `unknown` when its content is none of them, `unreadable` when it could not be read. */
  kind: InputKind | "unknown" | "unreadable";
  valid: boolean;
  /** Records read (messages, event log lines, declarations). */
  records: number;
  /** The first 100 problems, each naming its line (and column, for a syntax or limit error) and pointer. */
  problems: FileProblem[];
  /** Problems beyond the first 100, counted and not listed; present only when there are any. */
  omittedProblems?: number;
  warnings: ReportedWarning[];
}

/** Tells the inputs apart by content, not name: one JSON object with schema_version, or JSONL by its first line. */
export function detectKind(text: string): InputKind | undefined {
  if (!isJsonLines(text) && /^\s*\{/.test(text) && text.slice(0, 65_536).includes('"schema_version"'))
    return "transcript";
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

/** The problems to list and, when some were left out, how many. */
function listed(problems: readonly FileProblem[]): Pick<FileReport, "problems" | "omittedProblems"> {
  const capped = capProblems(problems);
  return capped.omitted > 0
    ? { problems: capped.problems, omittedProblems: capped.omitted }
    : { problems: capped.problems };
}

export function validateText(
  file: string,
  text: string,
  mode: ValidationMode,
  limits: InputLimits = defaultInputLimits,
): FileReport {
  const detected = detectKind(text);
  const jsonLimits = { maxDepth: limits.maxDepth };
  // A trajectory (ATIF) is one JSON object with a schema_version too: its importer, not the transcript schema, judges
  // it. Valid strictly when nothing of it was lost by any but a documented rule; tolerantly when it could be read.
  const session = detected === "transcript" ? detectSessionFormat(text) : undefined;
  if (session !== undefined) {
    const outcome = importSessionText(text, { format: session, path: file });
    const losses = outcome.ok ? outcome.losses : [];
    const unexpected = losses.filter((loss) => !isExpectedSessionLoss(loss));
    const asProblem = (loss: (typeof losses)[number]): FileProblem => {
      const at = /^(\/[^:\s]*|\(root\)):/.exec(loss.message);
      return {
        ...(loss.line === undefined ? {} : { line: loss.line }),
        pointer: at === null || at[1] === "(root)" ? "" : (at[1] ?? ""),
        message: `${session}: ${loss.code}: ${loss.message}`,
      };
    };
    const readable = outcome.ok && outcome.records > 0;
    const problems = !readable || mode === "strict" ? unexpected.map(asProblem) : [];
    if (!outcome.ok) problems.push({ pointer: "", message: outcome.message });
    return {
      file,
      kind: "session",
      valid: readable && problems.length === 0,
      records: outcome.ok ? outcome.document.messages.length : 0,
      ...listed(problems),
      warnings: losses
        .filter((loss) => mode === "tolerant" || isExpectedSessionLoss(loss))
        .map((loss) => ({
          code: loss.code,
          pointer: asProblem(loss).pointer,
          message: loss.message.replace(/^(\/[^:\s]*|\(root\)): /, ""),
        })),
    };
  }
  const kind = detected;
  if (kind === "transcript") {
    const loaded = decodeWithLines(text, mode, limits);
    return loaded.ok
      ? { file, kind, valid: true, records: loaded.document.messages.length, problems: [], warnings: loaded.warnings }
      : {
          file,
          kind,
          valid: false,
          records: 0,
          problems: loaded.problems,
          ...(loaded.omitted > 0 ? { omittedProblems: loaded.omitted } : {}),
          warnings: [],
        };
  }
  if (kind === "event-log") {
    const report = checkEventLog(text, mode, jsonLimits);
    return {
      file,
      kind,
      valid: report.problems.length === 0,
      records: report.events.length,
      ...listed(report.problems),
      warnings: report.unknownEventTypes.map((type) => ({
        code: "unknown-event-type",
        pointer: "",
        message: `unknown event type ${type} (written by a newer minor version; kept as is)`,
      })),
    };
  }
  if (kind === "snapshot-declarations") {
    const report = readSnapshotDeclarations(text, mode, jsonLimits);
    return {
      file,
      kind,
      valid: report.problems.length === 0,
      records: report.declarations.length + report.redundant.length,
      ...listed(report.problems),
      warnings: report.redundant.map((entry) => ({
        code: "redundant-declaration",
        pointer: "",
        message: `line ${entry.line}: ${entry.declaration.path} is redundant (${entry.reason})`,
      })),
    };
  }
  // An agent's session is another system's format: say what it is and how to get a document from it.
  const sessionFormat = detectSessionFormat(text);
  return {
    file,
    kind: "unknown",
    valid: false,
    records: 0,
    problems: [
      {
        pointer: "",
        message:
          sessionFormat === undefined
            ? "not a recognised input: expected a transcript document (a JSON object with schema_version), an event log (JSONL lines with seq and run_id) or snapshot declarations (JSONL lines with version, kind and path)"
            : `a ${sessionFormat} session, not a transcript: import it with \`agent-transcript import\` and validate the document it writes`,
      },
    ],
    warnings: [],
  };
}

export interface ValidateOptions extends InputOptions, VerbosityOptions {
  tolerant?: boolean;
  json?: boolean;
}

/** `valid transcript (12 records, strict)`, `invalid event-log (3 problems, strict)`: the verdict on one file. */
function verdict(report: FileReport, mode: ValidationMode, io: CommandIo): string {
  if (report.valid)
    return `${paint(io, "green", "valid")} ${report.kind} (${describeCount(report.records, "record")}, ${mode})`;
  // Its one problem says what it is not; "invalid unknown" would say nothing.
  if (report.kind === "unknown") return `${paint(io, "red", "invalid")}: not a recognised input`;
  const problems = report.problems.length + (report.omittedProblems ?? 0);
  return `${paint(io, "red", "invalid")} ${report.kind} (${describeCount(problems, "problem")}, ${mode})`;
}

/**
 * Checks each input and reports on it. The problem list is validate's report, so it goes to stdout, one line per
 * problem, as a linter's does (`validate *.json | grep /messages`); the verdicts, warnings and inputs that could not be
 * read at all go to stderr. `--json` puts all of it in one report on stdout instead.
 */
export async function runValidate(inputs: string[], options: ValidateOptions, io: CommandIo): Promise<number> {
  const mode: ValidationMode = options.tolerant ? "tolerant" : "strict";
  const verbosity = verbosityOf(options);
  const limits = inputLimits(options);
  const reports: FileReport[] = [];
  for (const input of inputs) {
    const name = inputName(input);
    const read = await readInput(input, io, limits);
    if (!read.ok) {
      reports.push({
        file: name,
        kind: "unreadable",
        valid: false,
        records: 0,
        problems: [read.problem],
        warnings: [],
      });
      continue;
    }
    reports.push(validateText(name, read.text, mode, limits));
  }
  const valid = reports.every((report) => report.valid);
  if (options.json) {
    writeData(io, `${JSON.stringify({ valid, mode, files: reports }, null, 2)}\n`);
    return valid ? exitCodes.success : exitCodes.failure;
  }
  for (const report of reports) {
    if (report.kind === "unreadable") {
      // Not checked at all: the cause is the whole story, and an error, not a finding about the content.
      for (const problem of report.problems) io.stderr(messageLine(formatProblem(report.file, problem)));
      continue;
    }
    // The problem list is a report for people, one line per problem, so it is escaped like a message.
    for (const problem of report.problems) io.stdout(messageLine(formatProblem(report.file, problem)));
    if (report.omittedProblems) io.stdout(messageLine(describeOmitted(report.file, report.omittedProblems)));
    for (const line of warningLines(report.file, report.warnings, verbosity)) io.stderr(line);
    if (verbosity !== "quiet") io.stderr(`${shown(report.file)}: ${verdict(report, mode, io)}\n`);
  }
  return valid ? exitCodes.success : exitCodes.failure;
}
