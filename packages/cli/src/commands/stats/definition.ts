import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { StatsCommandOptions } from "./run.js";

export const stats: CommandDefinition = {
  name: "stats",
  description:
    "what a run did, in numbers: messages by role, tool calls by name with errors and durations, tokens (cache, reasoning), cost with its pricing date, duration, models; per child run and rolled up; a folder gives one row per run and the totals",
  examples: [
    "agent-transcript stats storage/transcripts/<run-id>.jsonl",
    "agent-transcript stats storage/transcripts --json | jq .totals",
    "agent-transcript stats ~/.claude/projects/-home-me-app/4d5611e5.jsonl",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument(
        "<inputs...>",
        "event logs (streamed, child logs beside them followed), documents, sessions, or folders of them; - reads standard input",
      )
      .option("--json", "print the statistics as JSON on stdout");
    withCommonOptions(command).action(async (inputs: string[], options: StatsCommandOptions) => {
      const { runStats } = await import("./run.js");
      setExitCode(await runStats(inputs, options, io));
    });
  },
};
