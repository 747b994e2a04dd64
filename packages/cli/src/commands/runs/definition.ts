import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { RunsCommandOptions } from "./run.js";

export const runs: CommandDefinition = {
  name: "runs",
  description:
    "list runs newest first, across every agent's sessions and your event logs, filtered by agent, project, model, status and day; --tree shows each run's sub-agents with their own and rolled-up tokens and cost",
  help: [
    "With no input it reads every agent's own folder, as usage does. Tokens and cost are each run's with its sub-agents",
    "(with --tree, each sub-agent's own too); a cost that cannot be known shows as the priced part + ?. --since and",
    "--until pick runs by the day they started, in --timezone.",
  ].join("\n"),
  examples: [
    "agent-transcript runs",
    "agent-transcript runs --tree --since 2026-12-01",
    "agent-transcript runs --agent codex --model gpt-5 --limit 10",
    "agent-transcript runs storage/transcripts --status failed --json | jq '.runs[].runId'",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument(
        "[inputs...]",
        "event logs, documents, sessions, or folders of them; with none, every agent's own session folder",
      )
      .option("--agent <id>", "only runs of this agent (claude-code, codex, gemini-cli, event-log, …)")
      .option("--project <text>", "only runs whose project or folder contains this text")
      .option("--model <text>", "only runs in which a model whose name contains this text answered (sub-agents too)")
      .option("--status <status>", "only runs with this status (completed, failed, cancelled, running, …)")
      .option("--since <day>", "only runs that started on this day or later (YYYY-MM-DD or YYYYMMDD)")
      .option("--until <day>", "only runs that started on this day or earlier")
      .option("--timezone <zone>", "count days in this IANA time zone; default the system's")
      .option("--limit <count>", "only the newest this many runs")
      .option("--tree", "list each run's sub-agents under it, at any depth")
      .option(
        "--index",
        "read the run index (brought up to date first: only changed files are read) instead of every file",
      )
      .option("--database <file>", "with --index, the index's database file")
      .option("--json", "print the runs as JSON on stdout (stats' shape: sub-agents nested in children)");
    withCommonOptions(command).action(async (inputs: string[], options: RunsCommandOptions) => {
      const { runRuns } = await import("./run.js");
      setExitCode(await runRuns(inputs, options, io));
    });
  },
};
