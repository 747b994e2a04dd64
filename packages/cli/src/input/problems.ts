/** How every command names where its input is wrong: a line and column, a JSON pointer, and what is wrong there. */
import { describeCount } from "@agent-transcript/core/text";
import { abbreviatePointer } from "@agent-transcript/core/json";
import { exitCodes, messageLine, writeData, type CommandIo } from "../io.js";

export interface InputProblem {
  line?: number;
  column?: number;
  pointer: string;
  message: string;
}

/** At most this many problems of one input are listed; the rest are counted ("and N more"). */
export const maximumListedProblems = 100;

/** An input as messages and reports name it: the path as given, `<stdin>` for standard input (`-`). */
export function inputName(input: string): string {
  return input === "-" ? "<stdin>" : input;
}

/** The first problems to list, and the count of the rest. */
export function capProblems(problems: readonly InputProblem[]): { problems: InputProblem[]; omitted: number } {
  return {
    problems: problems.slice(0, maximumListedProblems),
    omitted: Math.max(0, problems.length - maximumListedProblems),
  };
}

/**
 * `file:line:column: /pointer: message`, the shape editors and CI annotations understand. A pointer hundreds of levels
 * deep is shortened to its ends (`--json` reports carry it whole).
 */
export function formatProblem(file: string, problem: InputProblem): string {
  const where =
    problem.line === undefined
      ? file
      : problem.column === undefined
        ? `${file}:${problem.line}`
        : `${file}:${problem.line}:${problem.column}`;
  return `${where}:${problem.pointer === "" ? "" : ` ${abbreviatePointer(problem.pointer)}:`} ${problem.message}`;
}

/** A problem without its file, for a report that names the file beside it: `line 3:7: /messages/0: …`. */
export function describeProblem(problem: InputProblem): string {
  const where =
    problem.line === undefined
      ? ""
      : `line ${problem.line}${problem.column === undefined ? "" : `:${problem.column}`}: `;
  return `${where}${problem.pointer === "" ? "" : `${abbreviatePointer(problem.pointer)}: `}${problem.message}`;
}

/** The line that follows a capped list of problems. */
export function describeOmitted(file: string, omitted: number): string {
  return `${file}: and ${describeCount(omitted, "more problem", "more problems")} (only the first ${maximumListedProblems} are listed)`;
}

/** An input no loader could read: its first problems, how many more, and whether it could not be read at all. */
export interface Unloaded {
  problems: InputProblem[];
  omitted: number;
  unreadable?: boolean;
}

/**
 * Says why `name` could not be loaded, as every command says it, and returns the failure exit code: with `report`
 * (the command's `--json` report, given when `--json` is on) the problems go into it and it is printed on stdout;
 * otherwise each problem is a line on stderr, and `verdict` follows for an input read but found wanting (one that could
 * not be read at all says so itself).
 */
export function reportUnloaded(
  io: CommandIo,
  name: string,
  unloaded: Unloaded,
  verdict: string,
  report?: { problems: InputProblem[]; omittedProblems?: number },
): number {
  if (report !== undefined) {
    report.problems = unloaded.problems;
    if (unloaded.omitted > 0) report.omittedProblems = unloaded.omitted;
    writeData(io, `${JSON.stringify(report, null, 2)}\n`);
    return exitCodes.failure;
  }
  // stdout carries only data: every problem goes to stderr, one escaped line each.
  for (const problem of unloaded.problems) io.stderr(messageLine(formatProblem(name, problem)));
  if (unloaded.omitted > 0) io.stderr(messageLine(describeOmitted(name, unloaded.omitted)));
  if (!unloaded.unreadable) io.stderr(messageLine(`agent-transcript: ${verdict}`));
  return exitCodes.failure;
}
