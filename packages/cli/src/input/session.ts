/**
 * The session loader: an agent's session (README, "Sessions") read as lines from its bytes, its related files found
 * beside it, all imported into one document with the losses named line by line.
 */
import {
  detectSessionFormat,
  formatIds,
  importSessionLines,
  isExpectedSessionLoss,
  isSessionFormatId,
  type ImportSessionOutcome,
  type SessionFile,
  type SessionFormatId,
  type SessionImportResult,
  type SessionLoss,
} from "@agent-transcript/providers";
import { findRelatedSessionFiles } from "@agent-transcript/providers/node";
import type { CommandIo } from "../io.js";
import type { ReportedWarning } from "../warning-summary.js";
import type { InputLimits } from "./limits.js";
import { capProblems, type InputProblem } from "./problems.js";
import { headOf } from "./detect.js";
import { linesPastLimit, readInputBytes, sessionLines } from "./read.js";

/** An agent's session imported, with its losses as warnings; or why nothing of it could be. */
export type LoadedSession =
  | {
      ok: true;
      format: SessionFormatId;
      result: SessionImportResult;
      /** Every file read: the input and the related files (sub-agents) that belong to the session. */
      files: string[];
      /** The importer's losses, and related files that could not be read, as every command reports warnings. */
      warnings: ReportedWarning[];
    }
  | { ok: false; problems: InputProblem[]; omitted: number; unreadable?: boolean };

/** Where a loss is, as a warning says it: `line 12` in the input, `<file>:12` in a related file. */
function lossWarning(loss: SessionLoss, main: string): ReportedWarning {
  const file = loss.file === main ? "" : loss.file;
  const place = loss.line === undefined ? file : file === "" ? `line ${loss.line}` : `${file}:${loss.line}`;
  return { code: loss.code, pointer: "", ...(place === "" ? {} : { at: place }), message: loss.message };
}

/**
 * Loads an agent's session (README, "Sessions"): the input through the one input layer, its format named or detected
 * from its first lines, its related files (a Claude Code session's sub-agents) found beside it and read under the same
 * limits, all imported into one document. A session read from standard input has no related files.
 */
export async function loadSession(
  input: string,
  io: CommandIo,
  limits: InputLimits,
  format?: SessionFormatId,
): Promise<LoadedSession> {
  const read = await readInputBytes(input, io, limits);
  if (!read.ok) return { ok: false, problems: [read.problem], omitted: 0, unreadable: true };
  const detected = format ?? detectSessionFormat(headOf(read.bytes, 64));
  if (detected === undefined) {
    const tooManyLines = linesPastLimit(read.bytes, limits, read.compressed);
    if (tooManyLines) return { ok: false, problems: [tooManyLines], omitted: 0, unreadable: true };
    const known = formatIds.filter(isSessionFormatId).join(", ");
    return {
      ok: false,
      problems: [{ pointer: "", message: `not a session of a known agent (${known}); name its format with --format` }],
      omitted: 0,
    };
  }
  return loadSessionBytes(input, read, detected, io, limits);
}

/**
 * The related files of a session (its sub-agents), each read under the same limits when the importer comes to it, so
 * one file's bytes are held at a time (a Codex rollout's candidates are every rollout of its day); one that cannot be
 * read is a warning, added to `warnings` as it is met.
 */
function relatedFiles(
  input: string,
  format: SessionFormatId,
  io: CommandIo,
  limits: InputLimits,
): { related: AsyncIterable<SessionFile>; warnings: ReportedWarning[] } {
  const warnings: ReportedWarning[] = [];
  async function* files(): AsyncGenerator<SessionFile> {
    if (input === "-") return;
    for (const file of await findRelatedSessionFiles(input, format)) {
      // Found beside the session, not named: only a regular file is read, never through a link, never waited on.
      const read = await readInputBytes(file, io, limits, "found");
      const unread = read.ok ? linesPastLimit(read.bytes, limits, read.compressed) : read.problem;
      if (read.ok && unread === undefined) yield { path: file, lines: sessionLines(read.bytes) };
      else
        warnings.push({
          code: "related-file-unreadable",
          pointer: "",
          at: file,
          message: `not imported: ${unread?.message ?? ""}`,
        });
    }
  }
  return { related: files(), warnings };
}

/**
 * {@link loadSession} for a session whose bytes were read already (standard input cannot be read twice): always as
 * lines from the bytes, each decoded on its own, so a line that is not UTF-8 is lost alone, with a warning naming it.
 * `compressed` says which limit its lines count toward (see {@link linesPastLimit}).
 */
export async function loadSessionBytes(
  input: string,
  read: { bytes: Buffer; compressed?: boolean },
  format: SessionFormatId,
  io: CommandIo,
  limits: InputLimits,
): Promise<LoadedSession> {
  const tooManyLines = linesPastLimit(read.bytes, limits, read.compressed);
  if (tooManyLines) return { ok: false, problems: [tooManyLines], omitted: 0, unreadable: true };
  const main = input === "-" ? "" : input;
  const { related, warnings } = relatedFiles(input, format, io, limits);
  const lines = sessionLines(read.bytes);
  const imported = await importSessionLines({ main: { path: main, lines }, related }, { format, path: main });
  return loaded(input, format, imported, warnings);
}

function loaded(
  input: string,
  format: SessionFormatId,
  imported: ImportSessionOutcome,
  warnings: ReportedWarning[],
): LoadedSession {
  const main = input === "-" ? "" : input;
  if (!imported.ok) return { ok: false, problems: [{ pointer: "", message: imported.message }], omitted: 0 };
  const { format: _format, ok: _ok, ...result } = imported;
  if (result.records === 0) {
    // Nothing in it was a record of the format: a wrong file, not a session with a few bad lines.
    const problems: InputProblem[] = result.losses
      .filter((loss) => loss.file === main)
      .map((loss) => ({
        ...(loss.line === undefined ? {} : { line: loss.line }),
        pointer: "",
        message: `${loss.code}: ${loss.message}`,
      }));
    problems.push({ pointer: "", message: `no line is a ${format} record` });
    return { ok: false, ...capProblems(problems) };
  }
  for (const loss of result.losses) warnings.push(lossWarning(loss, main));
  return { ok: true, format, result, files: input === "-" ? [] : result.files, warnings };
}

/** How many of a session's losses are not of an expected, named kind. */
export function unexplainedLosses(losses: readonly SessionLoss[]): number {
  return losses.filter((loss) => !isExpectedSessionLoss(loss)).length;
}
