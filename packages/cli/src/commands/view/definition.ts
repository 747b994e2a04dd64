import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { ViewCommandOptions } from "./run.js";

export const view: CommandDefinition = {
  name: "view",
  description:
    "show a transcript in the browser: serves the viewer and this one input, with secrets redacted (on by default), on 127.0.0.1 (a free port, read-only) to whoever has the printed URL, which carries a random access token; Ctrl-C stops",
  examples: [
    "agent-transcript view storage/transcripts/<run-id>.jsonl --open",
    "agent-transcript view ~/.claude/projects/-work-app/<session>.jsonl --port 8080",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument(
        "<input>",
        "a transcript document, an event log (with its child runs beside it), an agent's session or a provider payload; - reads standard input",
      )
      .option("--open", "open the URL in the default browser (when none can be opened, the URL is still printed)")
      .option("--port <port>", "serve on this port instead of a free one")
      .option("--at <place>", "open at this run and message: a permalink's r=<run>&m=<message> (search prints them)")
      .option("--no-redact", "do not redact secrets");
    withCommonOptions(command).action(async (input: string, options: ViewCommandOptions) => {
      const { runView } = await import("./run.js");
      setExitCode(await runView(input, options, io));
    });
  },
};
