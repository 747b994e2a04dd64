import { Option } from "commander";
import { withChoices, withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { ImportCommandOptions } from "./run.js";

export const importCommand: CommandDefinition = {
  name: "import",
  description:
    "import an agent's session (a Claude Code log, a Codex rollout, a Gemini CLI session, with its sub-agents; a folder of them), an ATIF trajectory, an AWF transcript log or OpenTelemetry traces (OTLP/JSON) as a transcript document; what has no canonical place is kept and named, line by line, as warnings",
  examples: [
    "agent-transcript import ~/.claude/projects/-home-me-app/4d5611e5.jsonl --output session.json",
    "agent-transcript import session.jsonl --json --output session.json --quiet",
    "agent-transcript import ~/.gemini/tmp/fb8e24…/chats --output imported/",
    "agent-transcript import trace.otlp.json --output run.json",
  ],
  namesFormats: true,
  define(command, { io, setExitCode, formats }) {
    command
      .argument(
        "<path>",
        "the session file (Claude Code: ~/.claude/projects/<project>/<session>.jsonl; Codex: ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl or .jsonl.zst; Gemini CLI: ~/.gemini/tmp/<project-hash>/chats/session-*.json or .jsonl; gzip too); its sub-agent files are found beside it; a folder imports every session in it (--output DIR/); - reads standard input",
      )
      .addOption(
        withChoices(
          new Option("--format <format-id>", "the session's format, instead of detecting it from its first lines"),
          formats?.sessionFormatIds,
        ),
      )
      .option(
        "--output <path>",
        "where to write the document: a file, a directory (a safe file name is generated), or - for standard output (the default)",
      )
      .option(
        "--json",
        "print a JSON report of what was read, written and lost on stdout (the document then goes to --output)",
      );
    withCommonOptions(command).action(async (input: string, options: ImportCommandOptions) => {
      const { runImport } = await import("./run.js");
      setExitCode(await runImport(input, options, io));
    });
  },
};
