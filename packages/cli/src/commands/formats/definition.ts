import type { CommandDefinition } from "../../command-definition.js";
import type { FormatsCommandOptions } from "./run.js";

export const formats: CommandDefinition = {
  name: "formats",
  description:
    "every format id: what reads and writes it, what it is detected by, the files it comes in (from the providers' registry)",
  examples: ["agent-transcript formats", "agent-transcript formats --json | jq -r '.[] | select(.write != []) | .id'"],
  define(command, { io, setExitCode }) {
    command.option("--json", "print the formats as JSON").action(async (options: FormatsCommandOptions) => {
      const { runFormats } = await import("./run.js");
      setExitCode(runFormats(options, io));
    });
  },
};
