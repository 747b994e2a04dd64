/**
 * Files a command found and passed over (no run, unreadable, a special file, a link out of the folder, a sub-agent
 * without its session), and how it reports them: counted by kind in one line, named one by one with `--verbose`.
 */
import { describeCount } from "@agent-transcript/core/text";
import { messageLine } from "./io.js";
import type { Verbosity } from "./warning-summary.js";

/** Why a file was passed over, as the summary line counts them. */
export type SkipKind =
  "not a run" | "unreadable" | "special file" | "link out of the folder" | "too deep" | "sub-agent without its session";

export interface SkippedFile {
  path: string;
  kind: SkipKind;
  /** The reason in full, for `--verbose`. */
  reason: string;
}

/**
 * The lines that report files passed over: one summary line counting them by kind (`skipped 3 files: 2 not a run,
 * 1 unreadable`) unless `quiet`, and with `verbose` each file with its reason before it.
 */
export function skippedLines(skipped: readonly SkippedFile[], verbosity: Verbosity): string[] {
  if (verbosity === "quiet" || skipped.length === 0) return [];
  const lines =
    verbosity === "verbose" ? skipped.map((file) => messageLine(`${file.path}: skipped: ${file.reason}`)) : [];
  const byKind = new Map<SkipKind, number>();
  for (const file of skipped) byKind.set(file.kind, (byKind.get(file.kind) ?? 0) + 1);
  const kinds = [...byKind]
    .map(([kind, count]) =>
      count > 1 && kind === "sub-agent without its session"
        ? `${count} sub-agents without their session`
        : `${count} ${kind}`,
    )
    .join(", ");
  lines.push(
    messageLine(
      `agent-transcript: skipped ${describeCount(skipped.length, "file")}: ${kinds}${verbosity === "verbose" ? "" : "; --verbose names each"}`,
    ),
  );
  return lines;
}
