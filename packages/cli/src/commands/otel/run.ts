/**
 * `otel push`: each input read as `export` reads it, redacted as it redacts, written as OTLP traces that follow the
 * GenAI conventions (the providers' `toOtlpTraces`, as `export --format otlp-json`), and sent by the OpenTelemetry JS
 * exporter of the protocol asked for (OTLP/HTTP protobuf or JSON), in batches that stay within a span count and a size,
 * each with the exporter's own timeout and retries with backoff (429, 502, 503, 504). One input that cannot be read or
 * sent is said and the others are still sent; the exit code is 1 when any was not.
 */
import { describeCount, prepareExport } from "@agent-transcript/core";
import { createTraceSender, otlpTracesUrl } from "@agent-transcript/recorder/otel";
import { formatProblem, inputName } from "../../input/problems.js";
import { inputLimits, parseByteSize, type InputOptions } from "../../input/limits.js";
import { loadDocument } from "../../input/document.js";
import { otlpTracesOf } from "../../otlp-traces.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../../io.js";
import { redactionSummary } from "../../redaction-summary.js";
import { verbosityOf, warningLines, type VerbosityOptions } from "../../warning-summary.js";

export interface OtelPushOptions extends InputOptions, VerbosityOptions {
  endpoint?: string;
  protocol: "http/protobuf" | "http/json";
  header?: string[];
  content: "none" | "attributes" | "reference";
  maxAttributeSize?: string;
  batchSize?: string;
  timeout?: string;
  redact: boolean;
  json?: boolean;
}

/** What `otel push --json` prints: where the traces went, and each input's spans, requests and outcome. */
export interface OtelPushReport {
  ok: boolean;
  endpoint: string;
  protocol: OtelPushOptions["protocol"];
  inputs: Array<{
    input: string;
    ok: boolean;
    /** The trace's id; null when the input could not be read. */
    traceId: string | null;
    spans: number;
    requests: number;
    /** Why it was not read or not sent; null when it was. */
    error: string | null;
  }>;
}

/** The most a request carries, whatever the span count: collectors' receivers take some tens of MiB by default. */
const maximumRequestCharacters = 4 * 1024 * 1024;

/** Where the traces go: `--endpoint`, else the OpenTelemetry variables, a base URL getting the signal's path. */
export function tracesUrl(endpoint: string | undefined, environment: NodeJS.ProcessEnv): string {
  try {
    return otlpTracesUrl(endpoint, environment, "needs an endpoint: --endpoint URL");
  } catch (error) {
    throw new UserError(`otel push ${error instanceof Error ? error.message : String(error)}`, exitCodes.usage);
  }
}

/** `name=value` headers; a name of token characters, a value without line breaks. */
export function parseHeaders(list: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const entry of list) {
    const equals = entry.indexOf("=");
    const name = equals === -1 ? "" : entry.slice(0, equals).trim();
    const value = equals === -1 ? "" : entry.slice(equals + 1).trim();
    if (!/^[!#$%&'*+.^`|~\w-]+$/.test(name) || /[\r\n\0]/.test(value))
      throw new UserError(
        `--header takes name=value (a header name, a value on one line), not ${JSON.stringify(entry)}`,
        exitCodes.usage,
      );
    headers[name] = value;
  }
  return headers;
}

function parseCount(text: string | undefined, flag: string, fallback: number, maximum: number): number {
  if (text === undefined) return fallback;
  const value = /^\d{1,6}$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= maximum))
    throw new UserError(
      `${flag} takes a whole number from 1 to ${maximum}, not ${JSON.stringify(text)}`,
      exitCodes.usage,
    );
  return value;
}

export async function runOtelPush(inputs: readonly string[], options: OtelPushOptions, io: CommandIo): Promise<number> {
  const url = tracesUrl(options.endpoint, process.env);
  const headers = parseHeaders(options.header ?? []);
  const batchSize = parseCount(options.batchSize, "--batch-size", 512, 100_000);
  const timeoutMillis = parseCount(options.timeout, "--timeout", 10, 600) * 1000;
  const maxAttributeBytes =
    options.maxAttributeSize === undefined
      ? undefined
      : parseByteSize(options.maxAttributeSize, "--max-attribute-size", 256);
  if (inputs.filter((input) => input === "-").length > 1)
    throw new UserError("standard input can be read once: name it (-) once", exitCodes.usage);
  const verbosity = verbosityOf(options);
  const limits = inputLimits(options);
  const sender = createTraceSender({ url, protocol: options.protocol, headers, timeoutMillis });
  const report: OtelPushReport = { ok: true, endpoint: url, protocol: options.protocol, inputs: [] };
  try {
    for (const input of inputs) {
      const name = inputName(input);
      const entry: OtelPushReport["inputs"][number] = {
        input: name,
        ok: false,
        traceId: null,
        spans: 0,
        requests: 0,
        error: null,
      };
      report.inputs.push(entry);
      const loaded = await loadDocument(input, io, limits);
      if (!loaded.ok) {
        entry.error = loaded.problems.map((problem) => formatProblem(name, problem)).join("; ");
        if (!options.json) for (const problem of loaded.problems) io.stderr(messageLine(formatProblem(name, problem)));
        continue;
      }
      if (!options.json) for (const line of warningLines(name, loaded.warnings, verbosity)) io.stderr(line);
      const prepared = prepareExport(loaded.document, { redact: options.redact ? {} : false });
      if (!options.json && verbosity !== "quiet") {
        const redaction = redactionSummary(prepared.redaction);
        if (redaction !== undefined) io.stderr(redaction);
      }
      const traces = await otlpTracesOf(prepared.document, input, options.content, maxAttributeBytes);
      entry.traceId = traces.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId ?? null;
      const sent = await sender.send(traces, { batchSize, maxRequestCharacters: maximumRequestCharacters });
      entry.requests = sent.requests;
      entry.spans = sent.spans;
      entry.error = sent.error ?? null;
      entry.ok = entry.error === null;
      if (options.json) continue;
      if (!entry.ok) io.stderr(messageLine(`agent-transcript: ${name}: not sent: ${entry.error}`));
      else if (verbosity !== "quiet")
        io.stderr(
          messageLine(
            `agent-transcript: pushed ${name}: ${describeCount(entry.spans, "span")} in ${describeCount(entry.requests, "request")} to ${url}`,
          ),
        );
    }
  } finally {
    await sender.shutdown();
  }
  report.ok = report.inputs.every((entry) => entry.ok);
  if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
  return report.ok ? exitCodes.success : exitCodes.failure;
}
