import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { TailCommandOptions } from "./run.js";

export const tail: CommandDefinition = {
  name: "tail",
  description:
    "the last events of an event log, one line each; with -f, every event as it is written, until the run completes",
  examples: [
    "agent-transcript tail -f storage/transcripts/<run-id>.jsonl",
    "agent-transcript tail -n 0 -f --json storage/transcripts/<run-id>.jsonl | jq -r 'select(.type == \"tool.call\") | .payload.name'",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument("<log>", "an event log (.jsonl, .jsonl.gz); - reads standard input (not with -f)")
      .option("-f, --follow", "keep reading as the log grows, until run.completed, --idle, or Ctrl-C")
      .option("-n, --lines <count>", "how many of the last events to print first (default 10; 0 for none)")
      .option("--idle <seconds>", "with -f: stop once the log has not grown for this long")
      .option("--json", "print each event as one JSON line, as the log holds it");
    withCommonOptions(command).action(async (input: string, options: TailCommandOptions) => {
      const { runTail } = await import("./run.js");
      setExitCode(await runTail(input, options, io));
    });
  },
};
