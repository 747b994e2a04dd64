import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { UsageCommandOptions } from "./run.js";

export const usage: CommandDefinition = {
  name: "usage",
  description:
    "tokens and cost across every agent's sessions and your event logs: daily, weekly, monthly, per session (sub-agents rolled up, own and with children) or per 5-hour block, broken down by model, project or agent",
  help: [
    "The report is the first argument (daily when none is named): daily, weekly, monthly, session or blocks. With no",
    "input it reads every agent's own folder: Claude Code's projects (CLAUDE_CONFIG_DIR, else ~/.config/claude and",
    "~/.claude), Codex's sessions (CODEX_HOME, else ~/.codex), Gemini CLI's chats (GEMINI_CLI_HOME, else ~).",
    "Each model call is counted once, in the run that made it, priced as stats prices it (its own reported cost, else",
    "the price table's price on the call's day); a call without a price makes its total unknown, shown as the priced",
    "part + ?, never as zero. Input is fresh input: cache writes and reads have their own columns. Days are counted in",
    "--timezone (the system's by default); --since and --until are inclusive. Blocks start at a call's hour (UTC)",
    "and last five hours, as the subscriptions' usage limits count them.",
  ].join("\n"),
  examples: [
    "agent-transcript usage",
    "agent-transcript usage monthly --by model",
    "agent-transcript usage session --since 2026-12-01 --json | jq '.rows[] | {runId, cost: .includingChildren.cost}'",
    "agent-transcript usage blocks --timezone Europe/Berlin",
    "agent-transcript usage weekly storage/transcripts ~/.claude/projects/-home-me-app --by project",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument("[report]", "daily (the default), weekly, monthly, session or blocks")
      .argument(
        "[inputs...]",
        "event logs, documents, sessions, or folders of them; with none, every agent's own session folder",
      )
      .option("--since <day>", "only calls on this day or later (YYYY-MM-DD or YYYYMMDD, in --timezone)")
      .option("--until <day>", "only calls on this day or earlier")
      .option("--timezone <zone>", "count days in this IANA time zone (e.g. UTC, Europe/Berlin); default the system's")
      .option("--by <breakdown>", "break each day, week or month down by model, project or agent")
      .option("--week-starts <day>", "the day weeks start on in the weekly report; default monday")
      .option(
        "--index",
        "read the run index (brought up to date first: only changed files are read) instead of every file",
      )
      .option("--database <file>", "with --index, the index's database file")
      .option("--json", "print the report as JSON on stdout");
    withCommonOptions(command).action(
      async (first: string | undefined, rest: string[], options: UsageCommandOptions) => {
        const { runUsage } = await import("./run.js");
        setExitCode(await runUsage(first, rest, options, io));
      },
    );
  },
};
