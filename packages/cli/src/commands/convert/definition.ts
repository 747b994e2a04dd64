import { Option } from "commander";
import { withChoices, withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { ConvertCommandOptions } from "./run.js";

export const convert: CommandDefinition = {
  name: "convert",
  description:
    "convert a provider request, response or stream, another system's document (portable message list, Warp export, devflow run), an agent's session (Claude Code, Gemini CLI) or a transcript document to another format; losses are reported as warnings (or, with --strict, refused)",
  examples: [
    "agent-transcript convert request.json --to gemini --output gemini-request.json",
    "agent-transcript convert gemini-request.json --to anthropic --model claude-sonnet-4-5 --max-tokens 2048",
    "agent-transcript convert rollout.jsonl --from codex --to openai-responses --output request.json",
    "agent-transcript convert session.json --to awf-transcript --output storage/transcripts/run.jsonl",
  ],
  namesFormats: true,
  define(command, { io, setExitCode, formats }) {
    command
      .argument(
        "<input>",
        "a JSON file (.json, .json.gz), a stream as JSON lines (.jsonl, .chunks.txt), server-sent events or an agent's session, told apart by content; - reads standard input",
      )
      .addOption(
        withChoices(
          new Option("--to <format-id>", "the format to write"),
          formats?.convertTargetFormatIds,
        ).makeOptionMandatory(),
      )
      .addOption(
        withChoices(
          new Option("--from <format-id>", "the input's format, instead of detecting it"),
          formats?.convertFormatIds,
        ),
      )
      .option("--output <path>", "where to write the converted payload; - for standard output (the default)")
      .option("--strict", "fail, writing nothing, when anything would be lost or changed")
      .addOption(
        new Option(
          "--foreign-reasoning <policy>",
          "reasoning another provider produced: drop it, send it as text, or keep it without its opaque data",
        ).choices(["drop", "text", "keep"]),
      )
      .addOption(
        new Option(
          "--kind <kind>",
          "what to write when the input is a document (a transcript or another system's) and the target a provider",
        )
          .choices(["request", "response", "stream"])
          .default("request"),
      )
      .option(
        "--model <name>",
        "the model a request names, whatever the input says (otherwise the one its settings or its latest response name; an input naming none needs it)",
      )
      .option(
        "--max-tokens <count>",
        "the output token limit a request sets, in the target's field (max_tokens, max_output_tokens, maxOutputTokens, …)",
      )
      .option("--json", "print a JSON report on stdout (the payload then goes to --output, which is required)")
      .option(
        "--redact",
        "redact secrets in the converted payload with export's default redactor, for payloads sent elsewhere; the counts per rule go to stderr (or the --json report)",
      )
      .option("--no-redact", "do not redact secrets (the default; cancels an earlier --redact)");
    withCommonOptions(command).action(async (input: string, options: ConvertCommandOptions) => {
      const { runConvert } = await import("./run.js");
      setExitCode(await runConvert(input, options, io));
    });
  },
};
