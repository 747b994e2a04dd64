import { Option } from "commander";
import { withChoices, type CommandDefinition } from "../../command-definition.js";
import type { SessionsCommandOptions } from "./run.js";

export const sessions: CommandDefinition = {
  name: "sessions",
  description:
    "list the sessions coding agents keep on this machine (Claude Code, Codex CLI, Gemini CLI): project, start time, messages, tokens and models per session, read through the session importers",
  examples: [
    "agent-transcript sessions",
    "agent-transcript sessions --agent gemini-cli --json",
    "agent-transcript sessions --root ~/backup/laptop-home",
  ],
  namesFormats: true,
  define(command, { io, setExitCode, formats }) {
    command
      .addOption(withChoices(new Option("--agent <format-id>", "only this agent's sessions"), formats?.listedAgentIds))
      .option(
        "--root <dir>",
        "look here instead of where the agents keep their sessions (CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, else the home directory): a folder holding the agents' folders (.claude, .codex, .gemini), or one agent's folder",
      )
      .option(
        "--json",
        "print the sessions as JSON on stdout (newest first), with the files that could not be read and those skipped",
      )
      .option("--verbose", "name each file skipped (a sub-agent whose session is not beside it), not only count them")
      .action(async (options: SessionsCommandOptions) => {
        const { runSessions } = await import("./run.js");
        setExitCode(await runSessions(options, io));
      });
  },
};
