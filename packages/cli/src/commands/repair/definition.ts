import type { CommandDefinition } from "../../command-definition.js";
import type { RepairCommandOptions } from "./run.js";

export const repair: CommandDefinition = {
  name: "repair",
  description:
    "after a crash, move an event log's damaged tail (a line cut short, NUL bytes, garbage) to a sibling quarantine file and truncate the log to its last complete line, so a recorder continues its seq; nothing is destroyed",
  help: "A log a live recorder is writing is refused (its lock is held). Lines before the damage are never read or changed.",
  examples: [
    "agent-transcript repair storage/transcripts/<run-id>.jsonl",
    "agent-transcript repair storage/transcripts/*.jsonl --json",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument("<logs...>", "event logs (.jsonl) to repair in place")
      .option("--json", "print a JSON report of what was found and done on stdout")
      .option("-q, --quiet", "print only errors on stderr")
      .option("--verbose", "(accepted for symmetry; repair says one line per log)")
      .action(async (files: string[], options: RepairCommandOptions) => {
        const { runRepair } = await import("./run.js");
        setExitCode(await runRepair(files, options, io));
      });
  },
};
