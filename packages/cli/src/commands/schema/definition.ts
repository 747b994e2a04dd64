import type { CommandDefinition } from "../../command-definition.js";
import type { SchemaCommandOptions } from "./run.js";

export const schema: CommandDefinition = {
  name: "schema",
  description: "print one of the format's JSON Schemas (as this package ships them) on stdout, or list them",
  examples: [
    "agent-transcript schema transcript > transcript.schema.json",
    "agent-transcript schema event --version v1 | jq '.properties | keys'",
    "agent-transcript schema --list",
  ],
  define(command, { io, setExitCode }) {
    command
      .argument(
        "[name]",
        "the schema: transcript, event, message, part, usage, cost, snapshot-declaration, snapshot-bundle",
      )
      .option("--version <version>", "the format's major version (v1); default the newest shipped")
      .option("--list", "list the schemas' names instead")
      .option("--json", "with --list: the list as JSON")
      .action(async (name: string | undefined, options: SchemaCommandOptions) => {
        const { runSchema } = await import("./run.js");
        setExitCode(await runSchema(name, options, io));
      });
  },
};
