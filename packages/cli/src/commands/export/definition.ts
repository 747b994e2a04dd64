import { Option } from "commander";
import { withChoices, withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { ExportCommandOptions } from "./options.js";

export const exportCommand: CommandDefinition = {
  name: "export",
  description:
    "export a transcript document or an event log as JSON or Markdown, with secrets redacted (on by default), reasoning included or omitted, and large tool outputs optionally truncated",
  examples: [
    "agent-transcript export storage/transcripts/<run-id>.jsonl --format markdown --output exports/",
    "agent-transcript export run.json --reasoning omit --truncate --limit 16KiB > shared.json",
    "agent-transcript export storage/transcripts/<run-id>.jsonl --format jsonl --output shared.jsonl",
    "agent-transcript export storage/transcripts/<run-id>.jsonl --format html --output run.html",
    "agent-transcript export session.jsonl --format atif --output out/trajectory.json --json",
    "agent-transcript export session.jsonl --format otlp-json --content attributes --output trace.json",
  ],
  namesFormats: true,
  define(command, { io, setExitCode, formats }) {
    command
      .argument(
        "<input>",
        "a transcript document (.json, .json.gz), an event log (.jsonl) or an agent's session (imported as `import` does); - reads standard input",
      )
      .addOption(
        withChoices(
          new Option(
            "--format <format>",
            "output format: JSON, Markdown, HTML (one self-contained page with the viewer, opens offline), an event log (jsonl; an event log input is streamed), OpenTelemetry traces (otlp-json: OTLP/JSON spans that follow the GenAI semantic conventions), or an interchange format (atif, awf-transcript)",
          ),
          formats === undefined
            ? undefined
            : ["json", "markdown", "html", "jsonl", "otlp-json", ...formats.sessionExportFormatIds],
        ).default("json"),
      )
      .option(
        "--output <path>",
        "where to write: a file, a directory (a safe file name is generated), or - for standard output (the default); a new file gets mode 600 (only you can read it: transcripts hold conversations), a replaced file keeps its mode",
      )
      .option(
        "--mode <octal>",
        "permissions of a new file, in octal as chmod takes them (644 for the usual readable-by-all); the umask still applies",
      )
      .addOption(
        new Option("--reasoning <policy>", "include or omit reasoning parts")
          .choices(["include", "omit"])
          .default("include"),
      )
      .option("--truncate", "truncate tool outputs larger than the limit")
      .option("--limit <size>", "truncation limit in bytes of canonical JSON: 65536, 64KiB, 1MiB (default 64KiB)")
      .option("--no-redact", "do not redact secrets")
      .addOption(
        new Option(
          "--content <mode>",
          "otlp-json: what of the conversation the spans carry: none (the default: names, models, tokens, times), attributes (messages, tool arguments and results as JSON on the spans, redacted) or reference (the file and JSON pointer of each message)",
        )
          .choices(["none", "attributes", "reference"])
          .default("none"),
      )
      .option(
        "--max-attribute-size <size>",
        "otlp-json: the largest content attribute, in bytes: 65536, 64KiB, 1MiB (default 64KiB); a longer one is cut and marked, the oldest input messages left out first",
      )
      .option(
        "--json",
        "print a JSON report of what was read and written on stdout (the export then goes to --output)",
      );
    withCommonOptions(command).action(async (input: string, options: ExportCommandOptions) => {
      const { runExport } = await import("./run.js");
      setExitCode(await runExport(input, options, io));
    });
  },
};
