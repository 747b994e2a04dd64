import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import { exitCodes, UserError } from "../../io.js";
import type { ViewCommandOptions } from "./run.js";

export const view: CommandDefinition = {
  name: "view",
  description:
    "show a transcript in the browser: serves the viewer and this one input (with two, the two runs compared side by side; with none, every run of the run index, with search across them), with secrets redacted (on by default), on 127.0.0.1 (a free port, read-only) to whoever has the printed URL, which carries a random access token; Ctrl-C stops",
  help: [
    "With no input it brings the run index up to date first (as runs --index does: every folder indexed before and each",
    "agent's own session folder) and serves the list of runs, newest first, with search over every message; a run is",
    "read from its file when it is opened. With two inputs (two runs of the same task, say) it shows them side by side,",
    "turn by turn: what differs in their messages, tool calls and arguments, outcome, tokens, cost and duration.",
  ].join("\n"),
  examples: [
    "agent-transcript view storage/transcripts/<run-id>.jsonl --open",
    "agent-transcript view ~/.claude/projects/-work-app/<session>.jsonl --port 8080",
    "agent-transcript view --open",
    "agent-transcript view runs/attempt-1.jsonl runs/attempt-2.jsonl --open",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument(
        "[inputs...]",
        "a transcript document, an event log (with its child runs beside it), an agent's session or a provider payload; - reads standard input; two to compare; with none, the run index",
      )
      .option("--open", "open the URL in the default browser (when none can be opened, the URL is still printed)")
      .option("--port <port>", "serve on this port instead of a free one")
      .option("--at <place>", "open at this run and message: a permalink's r=<run>&m=<message> (search prints them)")
      .option("--no-redact", "do not redact secrets")
      .option("--database <file>", "with no input, the run index's database (a file, or a postgres:// URL)");
    withCommonOptions(command).action(async (inputs: string[], options: ViewCommandOptions) => {
      if (inputs.length > 2)
        throw new UserError(`view shows one input, or compares two: ${inputs.length} were named`, exitCodes.usage);
      const { runView } = await import("./run.js");
      const [input, compareWith] = inputs;
      setExitCode(await runView(input, compareWith === undefined ? options : { ...options, compareWith }, io));
    });
  },
};
