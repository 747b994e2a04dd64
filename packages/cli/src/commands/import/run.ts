import { describeCount, exportFileName, type Transcript, type Usage } from "@agent-transcript/core";
import { stat } from "node:fs/promises";
import type { SessionFormatId, SessionLoss } from "@agent-transcript/providers";
import { findSessionFiles } from "@agent-transcript/providers/node";
import { formatProblem, inputName, reportUnloaded, type InputProblem } from "../../input/problems.js";
import { inputLimits, type InputOptions } from "../../input/limits.js";
import { loadSession, unexplainedLosses, type LoadedSession } from "../../input/session.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { jsonFileChunks } from "../../json-text.js";
import { planFileIn, planOutput, writeOutput, requireOutputBesideJson } from "../../output.js";
import { sessionLossCounts, sessionLossSummary } from "../../session-loss-summary.js";
import { verbosityOf, warningLines, type VerbosityOptions } from "../../warning-summary.js";

export interface ImportCommandOptions extends InputOptions, VerbosityOptions {
  /** The session's format; detected from its first lines when absent. */
  format?: SessionFormatId;
  output?: string;
  json?: boolean;
}

/** What `import --json` prints on stdout: what was read, what was written, and everything the import did not map. */
export interface ImportReport {
  ok: boolean;
  /** The input as given (`<stdin>` for standard input). */
  input: string;
  /** The session format it was read as; null when it could not be read as any. */
  format: SessionFormatId | null;
  /** The file written; null when nothing was. */
  output: string | null;
  /** Every file read: the session and its related files (sub-agents). */
  files: string[];
  /** Messages on the main chain, and child runs (sub-agents) embedded. */
  messages: number;
  childRuns: number;
  /** Every loss, by file and line, in the order found (stderr shows them summarised by code). */
  losses: SessionLoss[];
  /** How many losses are not of an expected, named kind (a line that could not be read, a field that could not be mapped). */
  unexplainedLosses: number;
  /** The session's own usage, and with every child run's rolled up; null when the session records none. */
  usage: { session: Usage | null; includingChildren: Usage | null };
  /** Why the input could not be imported (the first 100); empty on success. */
  problems: InputProblem[];
  /** Problems beyond the first 100, counted and not listed; present only when there are any. */
  omittedProblems?: number;
}

/** What `import <folder> --json` prints: one report per main session file, and the files passed over. */
export interface ImportFolderReport {
  ok: boolean;
  input: string;
  sessions: ImportReport[];
  /** Files of the folder that are no session of a known agent, unreadable, or links out of it, with why. */
  skipped: Array<{ path: string; reason: string }>;
}

/** A report for `input` before it is read: nothing found, nothing written. */
function emptyReport(input: string, format: SessionFormatId | null): ImportReport {
  return {
    ok: false,
    input,
    format,
    output: null,
    files: [],
    messages: 0,
    childRuns: 0,
    losses: [],
    unexplainedLosses: 0,
    usage: { session: null, includingChildren: null },
    problems: [],
  };
}

/** Fills `report` with what an imported session holds: its files, counts, losses and usage. */
function recordImported(report: ImportReport, loaded: Extract<LoadedSession, { ok: true }>): void {
  const { document, children, losses } = loaded.result;
  report.files = loaded.files;
  report.messages = document.messages.length;
  report.childRuns = children.length;
  report.losses = losses;
  report.unexplainedLosses = unexplainedLosses(losses);
  report.usage = {
    session: document.usage ?? null,
    includingChildren: document.run?.usage_including_children ?? document.usage ?? null,
  };
}

/** The generated name of a document written into an `--output` folder. */
function documentFileName(document: Transcript): string {
  return exportFileName({
    title: document.title,
    id: document.id,
    timestamp: document.created_at ?? new Date(),
    extension: "json",
  });
}

async function isFolder(input: string): Promise<boolean> {
  if (input === "-") return false;
  try {
    return (await stat(input)).isDirectory();
  } catch {
    return false;
  }
}

export async function runImport(input: string, options: ImportCommandOptions, io: CommandIo): Promise<number> {
  // A progress bar for a large input, on a terminal only (progress.ts).
  return withProgress(io, options, (watched) => importWatched(input, options, watched));
}

async function importWatched(input: string, options: ImportCommandOptions, io: CommandIo): Promise<number> {
  if (await isFolder(input)) return runImportFolder(input, options, io);
  requireOutputBesideJson(options, "the document");
  const verbosity = verbosityOf(options);
  const limits = inputLimits(options);
  const name = inputName(input);
  const inputs = input === "-" ? [] : [input];
  // The output is looked at before anything is read: a refused target costs no time and names itself first.
  const plan = await planOutput({ output: options.output, inputs, directory: "generated-name" });
  const report = emptyReport(name, options.format ?? null);

  const loaded = await loadSession(input, io, limits, options.format);
  if (!loaded.ok)
    return reportUnloaded(
      io,
      name,
      loaded,
      `${name} could not be imported as a session; nothing was written`,
      options.json ? report : undefined,
    );
  const { document, children, losses } = loaded.result;
  report.format = loaded.format;
  recordImported(report, loaded);

  // Said before writing, so that a write that fails leaves them said.
  if (!options.json) for (const line of warningLines(name, loaded.warnings, verbosity)) io.stderr(line);
  const target = plan.kind === "directory" ? await planFileIn(plan, documentFileName(document), loaded.files) : plan;
  const written = await writeOutput(target, io, jsonFileChunks(document), loaded.files);
  report.output = written ?? null;
  report.ok = true;

  if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
  else if (verbosity !== "quiet") {
    const parts = [
      describeCount(report.messages, "message"),
      ...(children.length > 0 ? [describeCount(children.length, "child run")] : []),
    ];
    const unreadable = report.unexplainedLosses;
    io.stderr(
      messageLine(
        `agent-transcript: imported ${name} (${loaded.format} session): ${parts.join(", ")}; ${sessionLossSummary(sessionLossCounts(losses, unreadable))}${written === undefined ? "" : `; wrote ${written}`}`,
      ),
    );
  }
  return exitCodes.success;
}

/**
 * `import <folder>`: every main session file under the folder (README, "Sessions"), each imported with its related
 * files as `import <file>` imports it and written as its own document into the `--output` folder.
 */
async function runImportFolder(input: string, options: ImportCommandOptions, io: CommandIo): Promise<number> {
  const plan = await planOutput({ output: options.output, inputs: [], directory: "generated-name" });
  if (plan.kind !== "directory")
    throw new UserError(
      `${input} is a folder: each session in it is written as a document of its own, so --output must name a folder (DIR/)`,
      exitCodes.usage,
    );
  const verbosity = verbosityOf(options);
  const limits = inputLimits(options);
  const found = await findSessionFiles(input);
  const sessions = found.sessions.filter(
    (session) => options.format === undefined || session.format === options.format,
  );
  const folderReport: ImportFolderReport = { ok: false, input, sessions: [], skipped: found.skipped };
  if (!options.json) {
    const notSessions = found.skipped.length;
    if (notSessions > 0 && verbosity !== "verbose")
      io.stderr(
        messageLine(
          `agent-transcript: passed over ${describeCount(notSessions, "file")} of ${input} that ${notSessions === 1 ? "is" : "are"} no session; --verbose lists them`,
        ),
      );
    if (verbosity === "verbose")
      for (const entry of found.skipped) io.stderr(messageLine(`${entry.path}: passed over: ${entry.reason}`));
  }
  let failed = 0;
  for (const session of sessions) {
    const report = emptyReport(session.path, session.format);
    folderReport.sessions.push(report);
    const loaded = await loadSession(session.path, io, limits, session.format);
    if (!loaded.ok) {
      failed += 1;
      report.problems = loaded.problems;
      if (!options.json)
        for (const problem of loaded.problems) io.stderr(messageLine(formatProblem(session.path, problem)));
      continue;
    }
    const { document, losses } = loaded.result;
    recordImported(report, loaded);
    if (!options.json) for (const line of warningLines(session.path, loaded.warnings, verbosity)) io.stderr(line);
    const target = await planFileIn(plan, documentFileName(document), loaded.files);
    const written = await writeOutput(target, io, jsonFileChunks(document), loaded.files);
    report.output = written ?? null;
    report.ok = true;
    if (!options.json && verbosity !== "quiet")
      io.stderr(
        messageLine(
          `agent-transcript: imported ${session.path} (${session.format} session): ${describeCount(report.messages, "message")}; ${sessionLossSummary(sessionLossCounts(losses, report.unexplainedLosses))}${written === undefined ? "" : `; wrote ${written}`}`,
        ),
      );
  }
  folderReport.ok = sessions.length > 0 && failed === 0;
  if (options.json) writeData(io, `${JSON.stringify(folderReport, null, 2)}\n`);
  else if (sessions.length === 0)
    io.stderr(messageLine(`agent-transcript: ${input} holds no session of a known agent; nothing was written`));
  else if (verbosity !== "quiet")
    io.stderr(
      messageLine(
        `agent-transcript: imported ${describeCount(sessions.length - failed, "session")} of ${input}${failed > 0 ? `; ${describeCount(failed, "session")} could not be imported` : ""}`,
      ),
    );
  return folderReport.ok ? exitCodes.success : exitCodes.failure;
}
