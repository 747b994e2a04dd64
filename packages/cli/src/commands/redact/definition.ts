import { withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { RedactCommandOptions } from "./run.js";

export const redact: CommandDefinition = {
  name: "redact",
  description:
    "replace the secrets in a file, keeping its format (JSON stays JSON, an event log or session stays JSON lines), and report what was replaced by rule",
  examples: [
    "agent-transcript redact storage/transcripts/<run-id>.jsonl --output shared.jsonl",
    "agent-transcript redact request.json --json --output request.redacted.json | jq .redaction",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument("<input>", "any JSON or JSON lines file (.gz too); - reads standard input")
      .option("--output <path>", "where to write the redacted file; - for standard output (the default)")
      .option("--json", "print a JSON report on stdout (the redacted file then goes to --output)");
    withCommonOptions(command).action(async (input: string, options: RedactCommandOptions) => {
      const { runRedact } = await import("./run.js");
      setExitCode(await runRedact(input, options, io));
    });
  },
};
