/**
 * How every command reports warnings on stderr, the same for validate, export and convert (README, "Warnings"):
 * summarised by code by default, every one with `--verbose`, none with `--quiet` (errors always print). A conversion
 * with 120,000 warnings prints a line per kind of loss, not 120,000 lines; the `--json` report always lists them all.
 */
import { describeCount } from "@agent-transcript/core/text";
import { abbreviatePointer } from "@agent-transcript/core/json";
import { exitCodes, messageLine, UserError } from "./io.js";

/** One warning as a command prints it: what kind (a code), where (a JSON pointer, "" for the whole value), what. */
export interface ReportedWarning {
  code: string;
  pointer: string;
  /** Where, when a line of a file says it better than a pointer (an imported session's `line 12`, `agent-a1.jsonl:3`). */
  at?: string;
  message: string;
}

/** How much a command says on stderr besides its errors. */
export type Verbosity = "quiet" | "normal" | "verbose";

/** The options every command that reports takes for how much it says, as commander hands them over. */
export interface VerbosityOptions {
  quiet?: boolean;
  verbose?: boolean;
}

export function verbosityOf(options: VerbosityOptions): Verbosity {
  if (options.quiet && options.verbose)
    throw new UserError("--quiet and --verbose contradict each other: give one", exitCodes.usage);
  return options.quiet ? "quiet" : options.verbose ? "verbose" : "normal";
}

const where = (warning: ReportedWarning): string =>
  warning.at ?? (warning.pointer === "" ? "(root)" : abbreviatePointer(warning.pointer));

/** `run.json: warning: /messages/1/parts/0: reasoning-dropped: …`: one warning in full. */
export function fullWarningLine(source: string, warning: ReportedWarning): string {
  return messageLine(`${source}: warning: ${where(warning)}: ${warning.code}: ${warning.message}`);
}

/**
 * The lines (each ending in a line feed) that report `warnings` of `source`:
 *
 * - `verbose`: every warning in full, in order;
 * - `normal`: a code seen once in full, as above; a code seen more often as one line with its count and its first
 *   occurrence (`run.json: warning: field-dropped ×119990, first at /messages/3/…: …`), after one line that counts
 *   them all when there are several codes (`run.json: 120000 warnings: field-dropped ×119990, id-remapped ×10;
 *   --verbose lists each`); of one code, its line alone says so (`warning: field-dropped ×378 (--verbose lists
 *   each), first at …`), not a count line saying the same above it;
 * - `quiet`: nothing.
 */
export function warningLines(source: string, warnings: readonly ReportedWarning[], verbosity: Verbosity): string[] {
  if (verbosity === "quiet" || warnings.length === 0) return [];
  if (verbosity === "verbose") return warnings.map((warning) => fullWarningLine(source, warning));
  const byCode = new Map<string, { first: ReportedWarning; count: number }>();
  for (const warning of warnings) {
    const seen = byCode.get(warning.code);
    if (seen) seen.count += 1;
    else byCode.set(warning.code, { first: warning, count: 1 });
  }
  const groups = [...byCode.entries()];
  const lines: string[] = [];
  if (groups.length > 1 && groups.some(([, group]) => group.count > 1)) {
    const counts = groups.map(([code, group]) => `${code} ×${group.count}`).join(", ");
    lines.push(messageLine(`${source}: ${describeCount(warnings.length, "warning")}: ${counts}; --verbose lists each`));
  }
  for (const [code, { first, count }] of groups)
    lines.push(
      count === 1
        ? fullWarningLine(source, first)
        : messageLine(
            `${source}: warning: ${code} ×${count}${groups.length === 1 ? " (--verbose lists each)" : ""}, first at ${where(first)}: ${first.message}`,
          ),
    );
  return lines;
}

/**
 * Warnings gathered across many files, for a report over a whole folder of sessions (`usage`): one line per kind, with
 * how many files had it and the first place it was met, where a file-by-file summary would print thousands of lines.
 */
export class WarningsAcrossFiles {
  private readonly byCode = new Map<string, { count: number; files: Set<string>; first: string }>();

  add(source: string, warnings: readonly ReportedWarning[]): void {
    for (const warning of warnings) {
      const seen = this.byCode.get(warning.code);
      if (seen !== undefined) {
        seen.count += 1;
        seen.files.add(source);
      } else
        this.byCode.set(warning.code, {
          count: 1,
          files: new Set([source]),
          first: `${source}: ${where(warning)}: ${warning.message}`,
        });
    }
  }

  lines(): string[] {
    return [...this.byCode.entries()].map(([code, { count, files, first }]) =>
      messageLine(
        `agent-transcript: warning: ${code} ×${count} in ${describeCount(files.size, "file")} (--verbose lists each), first at ${first}`,
      ),
    );
  }
}
