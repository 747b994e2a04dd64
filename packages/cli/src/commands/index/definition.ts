import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { IndexCommandOptions } from "./run.js";

export const indexCommand: CommandDefinition = {
  name: "index",
  description:
    "keep a run index of every session and event log: a SQLite database that search, usage --index and runs --index read; each indexing reads only the files that changed since the last",
  help: [
    "With no path it brings up to date every folder indexed before and each agent's own session folder (Claude Code's",
    "projects, Codex's sessions, Gemini CLI's chats, as usage finds them); a path named is remembered for the next time.",
    "A file is read again only when its size, time and SHA-256 say it changed; a run whose files are gone is removed.",
    "The database is ${XDG_DATA_HOME:-~/.local/share}/agent-transcript/index.sqlite unless --database names another; it",
    "is a cache of what the files say, safe to delete. Each run is written in a transaction of its own: an indexing",
    "that is stopped keeps every run it finished, and two at once take turns.",
  ].join("\n"),
  examples: [
    "agent-transcript index",
    "agent-transcript index storage/transcripts ~/.claude/projects",
    "agent-transcript index --json | jq .read",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument(
        "[paths...]",
        "folders or files of sessions and event logs; with none, the folders indexed before and every agent's own",
      )
      .option("--database <file>", "the index's database file")
      .option("--json", "print what the indexing did as JSON on stdout");
    withCommonOptions(command).action(async (paths: string[], options: IndexCommandOptions) => {
      const { runIndex } = await import("./run.js");
      setExitCode(await runIndex(paths, options, io));
    });
  },
};
