/**
 * `index`: brings the run index up to date with the paths named (remembered for next time), or with every folder
 * indexed before and each agent's own session folder, and says what it did.
 */
import { groupDigits } from "@agent-transcript/core/text";
import type { InputOptions } from "../../input/limits.js";
import { exitCodes, messageLine, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { openStore } from "../../run-index/open-store.js";
import { databaseFile, refreshIndex, type IndexedOptions } from "../../run-index/indexed-runs.js";
import type { IndexSummary } from "../../run-index/indexer.js";
import { skippedLines } from "../../skipped-files.js";
import { verbosityOf, type VerbosityOptions } from "../../warning-summary.js";

export interface IndexCommandOptions extends IndexedOptions, InputOptions, VerbosityOptions {
  json?: boolean;
}

/** What `index --json` prints. */
export interface IndexReport extends IndexSummary {
  ok: boolean;
  database: string;
  /** The roots brought up to date. */
  paths: string[];
  /** The database was of an older layout and was laid out again (every run read anew). */
  rebuilt: boolean;
}

function count(value: number, noun: string): string {
  return `${groupDigits(value)} ${noun}${value === 1 ? "" : "s"}`;
}

export async function runIndex(paths: string[], options: IndexCommandOptions, io: CommandIo): Promise<number> {
  const file = databaseFile(options);
  const store = await openStore(file, { create: true });
  const rebuilt = store.rebuilt;
  try {
    return await withProgress(io, options, async (watched) => {
      const { roots, summary, missingNamed } = await refreshIndex(store, paths, options, watched);
      const report: IndexReport = {
        ok: missingNamed.length === 0,
        database: store.location,
        paths: roots,
        rebuilt,
        ...summary,
      };
      if (!options.quiet) {
        for (const root of missingNamed) watched.stderr(messageLine(`${root}: no such file or folder`));
        // Counted by kind in one line (unreadable files among them); --verbose names each with why.
        for (const line of skippedLines(summary.passedOver, verbosityOf(options))) watched.stderr(line);
      }
      if (options.json) writeData(watched, `${JSON.stringify(report, null, 2)}\n`);
      else
        writeData(
          watched,
          `${[
            `indexed ${count(summary.roots, "path")} into ${store.location}${rebuilt ? " (laid out anew)" : ""}`,
            `${count(summary.read, "run")} read${summary.appended > 0 ? ` (${groupDigits(summary.appended)} from where ${summary.appended === 1 ? "its log" : "their logs"} stopped)` : ""}, ${groupDigits(summary.unchanged)} unchanged, ${groupDigits(summary.removed)} removed, ${count(summary.skipped, "file")} passed over, ${groupDigits(summary.unreadable.length)} unreadable`,
            `the index holds ${count(summary.runs, "run")} (sub-agents counted)`,
          ].join("\n")}\n`,
        );
      return report.ok ? exitCodes.success : exitCodes.failure;
    });
  } finally {
    await store.close();
  }
}
