import type { CommandDefinition } from "../../command-definition.js";
import { withCommonOptions } from "../../command-definition.js";
import type { ValidateOptions } from "./run.js";

export const validate: CommandDefinition = {
  name: "validate",
  description:
    "check event logs and snapshot declarations against the schema; every problem names its file, line and JSON pointer",
  examples: [
    "agent-transcript validate run.json storage/transcripts/*.jsonl",
    "agent-transcript validate run.json --json | jq '.files[].problems'",
    "cat run.json | agent-transcript validate -",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument("<inputs...>", "files to check; - reads standard input")
      .option(
        "--tolerant",
        "accept what a newer minor version may write (unknown fields and event types) instead of only what this version writes",
      )
      .option("--json", "print a JSON report on stdout");
    withCommonOptions(command).action(async (inputs: string[], options: ValidateOptions) => {
      const { runValidate } = await import("./run.js");
      setExitCode(await runValidate(inputs, options, io));
    });
  },
};
