import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { SearchCommandOptions } from "./run.js";

export const search: CommandDefinition = {
  name: "search",
  description:
    "search every indexed run's messages and tool calls (see index): ranked hits with highlighted snippets, each naming its run, its message and the command that opens it in the viewer",
  help: [
    'A message matches when it holds every word and "quoted phrase" of the query (OR between two terms takes',
    "either; a trailing * matches the beginning of a word); case and accents do not matter. Tool calls are searched",
    "by their name and their most telling argument (command, path, pattern, URL). It reads the index as the last",
    "index left it: run agent-transcript index to bring it up to date. Exits 1 when nothing matches, as grep does.",
  ].join("\n"),
  examples: [
    'agent-transcript search "auth.go" --tool Edit',
    "agent-transcript search migration OR schema --agent codex --since 2026-12-01",
    "agent-transcript search 'npm test' --project api --json | jq '.hits[].file'",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument("<query...>", 'words and "quoted phrases" a message must hold')
      .option("--database <file>", "the index's database file")
      .option("--agent <id>", "only runs of this agent (claude-code, codex, gemini-cli, event-log, …)")
      .option("--model <text>", "only messages of runs in which a model whose name contains this text answered")
      .option("--tool <name>", "only messages that called this tool")
      .option("--project <text>", "only runs whose project or folder contains this text")
      .option("--status <status>", "only runs with this status")
      .option("--role <role>", "only messages of this role (user, assistant, tool, system)")
      .option("--since <day>", "only messages on this day or later (YYYY-MM-DD or YYYYMMDD)")
      .option("--until <day>", "only messages on this day or earlier")
      .option("--timezone <zone>", "count days in this IANA time zone; default the system's")
      .option("--limit <count>", "at most this many hits, best first; default 20")
      .option("--json", "print the hits as JSON on stdout");
    withCommonOptions(command).action(async (query: string[], options: SearchCommandOptions) => {
      const { runSearch } = await import("./run.js");
      setExitCode(await runSearch(query, options, io));
    });
  },
};
