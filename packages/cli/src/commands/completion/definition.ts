import { Argument } from "commander";
import type { CommandDefinition } from "../../command-definition.js";
import type { CompletionShell } from "./run.js";

export const completion: CommandDefinition = {
  name: "completion",
  description: "print a shell completion script (commands, options, format ids), generated from this command line",
  examples: [
    "agent-transcript completion bash > ~/.local/share/bash-completion/completions/agent-transcript",
    'agent-transcript completion zsh > "${fpath[1]}/_agent-transcript"',
    "agent-transcript completion fish > ~/.config/fish/completions/agent-transcript.fish",
  ],
  namesFormats: true,
  define(command, { io, setExitCode, program }) {
    command
      .addArgument(new Argument("<shell>", "the shell").choices(["bash", "zsh", "fish"]))
      .action(async (shell: CompletionShell) => {
        const { runCompletion } = await import("./run.js");
        setExitCode(runCompletion(shell, program, io));
      });
  },
};
