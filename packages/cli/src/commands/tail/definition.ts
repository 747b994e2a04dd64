import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { TailCommandOptions } from "./run.js";

export const tail: CommandDefinition = {
  name: "tail",
  description:
    "the last events of an event log or an agent's session (Claude Code, Codex, Gemini CLI), one line each; with -f, every event as it is written",
  examples: [
    "agent-transcript tail -f storage/transcripts/<run-id>.jsonl",
    "agent-transcript tail -f ~/.claude/projects/<project>/<session>.jsonl",
    "agent-transcript tail -n 0 -f --json storage/transcripts/<run-id>.jsonl | jq -r 'select(.type == \"tool.call\") | .payload.name'",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument(
        "<log>",
        "an event log (.jsonl, .jsonl.gz) or an agent's JSONL session; - reads standard input (not with -f)",
      )
      .option(
        "-f, --follow",
        "keep reading as the file grows, until run.completed, --idle, or Ctrl-C; a truncated or replaced file is read from its start, a deleted one waited for 5 s (or --idle) then exit 1; a session's item that changes after it was printed is printed again marked (updated)",
      )
      .option("-n, --lines <count>", "how many of the last events to print first (default 10; 0 for none)")
      .option("--idle <seconds>", "with -f: stop once the log has not grown for this long")
      .option("--json", "print each event as one JSON line, as the log holds it");
    withCommonOptions(command).action(async (input: string, options: TailCommandOptions) => {
      const { runTail } = await import("./run.js");
      setExitCode(await runTail(input, options, io));
    });
  },
};
