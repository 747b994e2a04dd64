import { Option } from "commander";
import { examples, withCommonOptions, type CommandDefinition } from "../../command-definition.js";
import type { OtelPushOptions } from "./run.js";

export const otel: CommandDefinition = {
  name: "otel",
  description:
    "OpenTelemetry: push runs to a collector or backend as OTLP traces that follow the GenAI semantic conventions (the traces `export --format otlp-json` writes)",
  examples: [
    "agent-transcript otel push ~/.claude/projects/-home-me-app/*.jsonl --endpoint http://collector.internal:4318",
    'agent-transcript otel push run.jsonl --endpoint https://cloud.langfuse.com/api/public/otel --header "Authorization=Basic $LANGFUSE_AUTH" --content attributes',
  ],
  define(command, { io, setExitCode }) {
    const push = command
      .command("push")
      .description(
        "send each input (a recorded log, an agent's session, a document or a provider payload) as one trace over OTLP/HTTP: batched, with the exporter's retries and backoff; the ids come from the run's, so a second push does not double it where the backend keeps one span per id",
      )
      .argument("<inputs...>", "the runs to send: files as `export` reads them")
      .option(
        "--endpoint <url>",
        "the OTLP/HTTP endpoint: a base URL (/v1/traces is added) or the traces URL itself; default $OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else $OTEL_EXPORTER_OTLP_ENDPOINT",
      )
      .addOption(
        new Option("--protocol <protocol>", "the OTLP/HTTP encoding")
          .choices(["http/protobuf", "http/json"])
          .default("http/protobuf"),
      )
      .option(
        "--header <name=value>",
        "a header every request carries (authorization, a tenant): repeat for more",
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .addOption(
        new Option(
          "--content <mode>",
          "what of the conversation the spans carry: none (the default: names, models, tokens, times), attributes (messages, tool arguments and results as JSON, redacted) or reference (the file and JSON pointer of each message)",
        )
          .choices(["none", "attributes", "reference"])
          .default("none"),
      )
      .option(
        "--max-attribute-size <size>",
        "the largest content attribute, in bytes: 65536, 64KiB, 1MiB (default 64KiB); a longer one is cut and marked",
      )
      .option(
        "--batch-size <spans>",
        "the most spans one request carries (default 512; a request also stays under 4 MiB)",
      )
      .option("--timeout <seconds>", "how long one request may take, retries aside (default 10)")
      .option("--no-redact", "do not redact secrets")
      .option("--json", "print a JSON report on stdout: each input, its spans and requests, and what failed")
      .addHelpText(
        "after",
        examples([
          "agent-transcript otel push storage/transcripts/*.jsonl --endpoint http://127.0.0.1:4318",
          "OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 agent-transcript otel push session.jsonl --protocol http/json",
        ]),
      );
    withCommonOptions(push).action(async (inputs: string[], options: OtelPushOptions) => {
      const { runOtelPush } = await import("./run.js");
      setExitCode(await runOtelPush(inputs, options, io));
    });
  },
};
