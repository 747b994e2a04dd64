/**
 * `repair`: the recorder's crash recovery as a command. After a crash, an event log may end in a line cut short, NUL
 * bytes or garbage; `repair` moves that tail to a sibling quarantine file (never destroying it) and truncates the
 * log to its last complete line, so a writer can continue its seq. Lines before the damage are never read or
 * touched. It takes the log's writer lock, so it refuses a log a live recorder is writing. A repair that fails (a
 * full disk) removes its partial copy; what a killed one left, the next repair removes (a partial copy) or uses (a
 * whole copy of the same damage), and says so.
 */
import { RecorderError, repairEventLog, type RepairReport } from "@agent-transcript/recorder";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../../io.js";
import { verbosityOf, type VerbosityOptions } from "../../warning-summary.js";

export interface RepairCommandOptions extends VerbosityOptions {
  json?: boolean;
}

/** What `repair --json` prints: one entry per log, in the order given. */
export interface RepairCommandReport {
  ok: boolean;
  logs: Array<(RepairReport & { error?: undefined }) | { file: string; error: string }>;
}

function describe(report: RepairReport): string {
  switch (report.outcome) {
    case "missing":
      return "no such file";
    case "empty":
      return "empty, nothing to repair";
    case "intact":
      return `intact: ends with a complete line (seq ${report.lastSeq})`;
    case "repaired":
      return report.quarantineFile === undefined
        ? `repaired: the last line (seq ${report.lastSeq}) lacked its newline, which was added`
        : `repaired: ${report.quarantinedBytes} damaged byte${report.quarantinedBytes === 1 ? "" : "s"} moved to ${report.quarantineFile}${report.quarantineReused ? " (the copy a repair that did not finish had made)" : ""}; the log ends at seq ${report.lastSeq}`;
  }
}

export async function runRepair(files: string[], options: RepairCommandOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  if (files.includes("-")) throw new UserError("repair changes a file in place: give its path, not -", exitCodes.usage);
  const report: RepairCommandReport = { ok: true, logs: [] };
  for (const file of files) {
    try {
      const repaired = repairEventLog(file);
      report.logs.push(repaired);
      if (repaired.outcome === "missing") report.ok = false;
      if (!options.json && verbosity !== "quiet")
        for (const leftover of repaired.leftoversRemoved)
          io.stderr(messageLine(`${file}: removed ${leftover}, the partial copy of a repair that did not finish`));
      if (!options.json && (verbosity !== "quiet" || repaired.outcome === "missing"))
        io.stderr(messageLine(`${file}: ${describe(repaired)}`));
    } catch (error) {
      // A lock held by a live writer, a folder, a file we may not write: named, and the other logs still repaired.
      // A RecorderError's message starts with the file it names (resolved); say it once, as the user gave it.
      const message =
        error instanceof RecorderError
          ? error.message.slice(error.file.length + 2)
          : error instanceof Error
            ? error.message
            : String(error);
      report.ok = false;
      report.logs.push({ file, error: message });
      if (!options.json) io.stderr(messageLine(`${file}: cannot repair: ${message}`));
    }
  }
  if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
  return report.ok ? exitCodes.success : exitCodes.failure;
}
