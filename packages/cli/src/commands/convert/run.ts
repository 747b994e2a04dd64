import path from "node:path";
import { describeCount, redactTranscript, withIndefiniteArticle, type Tolerant } from "@agent-transcript/core";
import { abbreviatePointer } from "@agent-transcript/core/json";
import { createRedactor, type RedactionReport } from "@agent-transcript/core/redact";
import {
  detectFormat,
  detectKind,
  formatIds,
  isDocumentFormatId,
  isExpectedSessionLoss,
  isProviderFormatId,
  isSessionFormatId,
  payloadFromCanonical,
  payloadToCanonical,
  providerConverters,
  type AnyProviderConverter,
  type ConversionError,
  type ConversionWarning,
  type DetectedFormat,
  type ForeignReasoningPolicy,
  type PayloadKind,
  type RequestSettings,
  type SessionExportFile,
  type SessionFormatId,
} from "@agent-transcript/providers";
import { decodeWithLines } from "../../input/document.js";
import { inputLimits, type InputLimits, type InputOptions } from "../../input/limits.js";
import { inputName, maximumListedProblems, type InputProblem } from "../../input/problems.js";
import { detectInput } from "../../input/detect.js";
import { parsePayload, type ReadPayload } from "../../input/payload.js";
import { loadSessionBytes } from "../../input/session.js";
import { readInputBytes } from "../../input/read.js";
import { convertFormatIds } from "../../format-choices.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { jsonFileChunks, jsonLinesChunks } from "../../json-text.js";
import { planOutput, writeOutput, requireOutputBesideJson } from "../../output.js";
import { redactionSummary } from "../../redaction-summary.js";
import { plainRelatedFiles, writeRelatedFiles, writtenOnlyBesideFileMessage } from "../../related-files.js";
import { verbosityOf, warningLines, type ReportedWarning, type VerbosityOptions } from "../../warning-summary.js";
import { sessionLossCounts, sessionLossSummary, type SessionLossCounts } from "../../session-loss-summary.js";

export { convertFormatIds, convertTargetFormatIds } from "../../format-choices.js";

export type ProviderKind = "request" | "response" | "stream";

export interface ConvertCommandOptions extends InputOptions, VerbosityOptions {
  to: DetectedFormat;
  from?: DetectedFormat;
  output?: string;
  strict?: boolean;
  foreignReasoning?: ForeignReasoningPolicy;
  /** What to write when the source is a document (canonical or another system's) and the target a provider; default request. */
  kind?: ProviderKind;
  json?: boolean;
  /**
   * Redact secrets in what is written, with export's default redactor (`--redact`); off by default and with
   * `--no-redact`: a conversion changes the format, not the content.
   */
  redact?: boolean;
  /** The model a written request names (`--model`), overriding the one carried from the input. */
  model?: string;
  /** The output token limit a written request sets (`--max-tokens`): a positive integer, as given on the command line. */
  maxTokens?: string | number;
}

/** `--model` and `--max-tokens` as the request settings they set; a usage error for a value that is none. */
export function requestSettingsOf(options: ConvertCommandOptions): RequestSettings | undefined {
  const settings: RequestSettings = {};
  if (options.model !== undefined) {
    if (options.model.trim() === "") throw new UserError("--model needs a model name", exitCodes.usage);
    settings.model = options.model;
  }
  if (options.maxTokens !== undefined) {
    const text = String(options.maxTokens);
    const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(count) || count < 1)
      throw new UserError(
        `--max-tokens needs a positive whole number of tokens, not ${JSON.stringify(text)}`,
        exitCodes.usage,
      );
    settings.max_output_tokens = count;
  }
  return Object.keys(settings).length === 0 ? undefined : settings;
}

/** One warning, from reading the source into the canonical document (`import`) or writing the target (`export`). */
export interface ConvertWarning {
  stage: "import" | "export" | "check";
  code: string;
  /** JSON pointer: into the input for `import`, into the canonical document for `export`, into the output for `check`. */
  pointer: string;
  message: string;
}

/** One error: where (a JSON pointer, "" for the whole value), spelled `pointer` as in every command's report, and what. */
export interface ConvertError {
  pointer: string;
  message: string;
}

/** The providers' errors as the report spells them. */
function reportedErrors(errors: readonly ConversionError[]): ConvertError[] {
  return errors.map((error) => ({ pointer: error.path, message: error.message }));
}

export interface ConvertReport {
  ok: boolean;
  from: DetectedFormat | null;
  to: DetectedFormat;
  /** The source's kind; null when it could not be read or told. */
  kind: PayloadKind | null;
  /** The kind written; null when nothing was. */
  outputKind: PayloadKind | null;
  /** Where the result was written; null when nothing was. */
  output: string | null;
  warnings: ConvertWarning[];
  /** The first 100 errors. */
  errors: ConvertError[];
  /** With --redact: how many secrets each rule replaced (rules that replaced nothing are absent); otherwise null. */
  redaction: RedactionReport | null;
  /** Errors beyond the first 100, counted and not listed; present only when there are any. */
  omittedErrors?: number;
}

function providerFormat(format: DetectedFormat): AnyProviderConverter | undefined {
  return isProviderFormatId(format) ? providerConverters[format] : undefined;
}

function importWarnings(warnings: readonly ConversionWarning[], stage: ConvertWarning["stage"]): ConvertWarning[] {
  return warnings.map((warning) => ({ stage, code: warning.code, pointer: warning.path, message: warning.message }));
}

type Canonical =
  | { ok: true; document: Tolerant.Transcript; warnings: ConvertWarning[] }
  | {
      ok: false;
      errors: ConvertError[];
      /** Errors found beyond those listed (a document's schema errors are located for the first 100 only). */
      omitted?: number;
      warnings: ConvertWarning[];
    };

function toCanonical(
  format: DetectedFormat,
  kind: PayloadKind,
  payload: Extract<ReadPayload, { ok: true }>,
  input: string,
  limits: InputLimits,
): Canonical {
  if (format === "agent-transcript") {
    if (payload.framing !== "json")
      return {
        ok: false,
        errors: [{ pointer: "", message: "an Agent Transcript document is one JSON object, not a stream of lines" }],
        warnings: [],
      };
    const loaded = decodeWithLines(payload.text, "auto", limits);
    if (!loaded.ok) {
      const errors = loaded.problems.map((problem) => ({
        pointer: problem.pointer,
        message: problem.line === undefined ? problem.message : `line ${problem.line}: ${problem.message}`,
      }));
      return { ok: false, errors, omitted: loaded.omitted, warnings: [] };
    }
    return {
      ok: true,
      document: loaded.document,
      warnings: loaded.warnings.map((warning) => ({
        stage: "import",
        code: warning.code,
        pointer: warning.pointer,
        message: warning.message,
      })),
    };
  }
  // Sessions never get here: runConvert hands them to their importer before parsing anything.
  if (!isDocumentFormatId(format) && !isProviderFormatId(format))
    return { ok: false, errors: [{ pointer: "", message: `${format} is read by its session importer` }], warnings: [] };
  const result = payloadToCanonical(format, kind, payload.value, input === "-" ? {} : { path: input });
  return result.ok
    ? { ok: true, document: result.document, warnings: importWarnings(result.warnings, "import") }
    : { ok: false, errors: reportedErrors(result.errors), warnings: importWarnings(result.warnings, "import") };
}

type Converted =
  | {
      ok: true;
      value: unknown;
      kind: PayloadKind;
      warnings: ConvertWarning[];
      /** An interchange format's files beyond the main one (child runs, continuations), written beside it. */
      related?: SessionExportFile[];
    }
  | { ok: false; errors: ConvertError[]; warnings: ConvertWarning[] };

function fromCanonical(
  document: Tolerant.Transcript,
  target: DetectedFormat,
  kind: ProviderKind,
  options: ConvertCommandOptions,
): Converted {
  if (target === "agent-transcript") return { ok: true, value: document, kind: "document", warnings: [] };
  const settings = requestSettingsOf(options);
  // An interchange format's main file is named after the output; its other files go beside it.
  const name = options.output === undefined || options.output === "-" ? undefined : path.basename(options.output);
  const result = payloadFromCanonical(target, kind, document, {
    strict: options.strict === true,
    ...(options.foreignReasoning === undefined ? {} : { foreignReasoning: options.foreignReasoning }),
    ...(settings === undefined ? {} : { settings }),
    ...(name === undefined ? {} : { name }),
    // A request needs a model: the one the input records, else --model; never an empty name sent on.
    requireModel: true,
  });
  const warnings = importWarnings(result.warnings, "export");
  if (!result.ok) return { ok: false, errors: reportedErrors(result.errors), warnings };
  // The target's structural rules (tool-result adjacency, id charsets): a request breaking them would be refused.
  for (const problem of result.problems)
    warnings.push({ stage: "check", code: "target-rule-broken", pointer: problem.path, message: problem.message });
  return {
    ok: true,
    value: result.value,
    kind: result.kind,
    warnings,
    ...(result.related.length === 0 ? {} : { related: result.related }),
  };
}

/** `pointer: message`, a pointer hundreds of levels deep shortened to its ends (`--json` reports carry it whole). */
function formatError(error: ConvertError): string {
  return `${error.pointer === "" ? "(root)" : abbreviatePointer(error.pointer)}: ${error.message}`;
}

/**
 * A stream is written as JSON lines (one chunk per line), everything else as one pretty-printed JSON value; piece by
 * piece, so that no output is ever held whole as one string.
 */
export function* serialisedPieces(value: unknown, kind: PayloadKind): Generator<string> {
  // An interchange format's file is text already, in the exact form the format writes it.
  if (typeof value === "string") {
    yield value;
    return;
  }
  if (kind === "stream" && Array.isArray(value)) {
    yield* jsonLinesChunks(value);
    return;
  }
  yield* jsonFileChunks(value);
}

/** A conversion's warnings as every command prints them (the `--json` report keeps the stage each arose in). */
function reportedWarnings(warnings: readonly ConvertWarning[]): ReportedWarning[] {
  return warnings.map((warning) => ({
    code: warning.code,
    pointer: warning.pointer,
    message: warning.message,
  }));
}

const describeKind = (format: DetectedFormat, kind: PayloadKind): string =>
  format === "agent-transcript"
    ? "Agent Transcript document"
    : format === "portable"
      ? "portable message list"
      : isSessionFormatId(format)
        ? `${format} session`
        : `${format} ${kind}`;

export async function runConvert(input: string, options: ConvertCommandOptions, io: CommandIo): Promise<number> {
  // A progress bar for a large input, on a terminal only (progress.ts).
  return withProgress(io, options, (watched) => convertWatched(input, options, watched));
}

async function convertWatched(input: string, options: ConvertCommandOptions, io: CommandIo): Promise<number> {
  requireOutputBesideJson(options, "the converted payload");
  const verbosity = verbosityOf(options);
  const name = inputName(input);
  // A bad --model or --max-tokens is a usage error before anything is read.
  requestSettingsOf(options);
  // The output is looked at before anything is read: a refused target costs no time and names itself first.
  const plan = await planOutput({ output: options.output, inputs: input === "-" ? [] : [input], directory: "refuse" });
  const report: ConvertReport = {
    ok: false,
    from: options.from ?? null,
    to: options.to,
    kind: null,
    outputKind: null,
    output: null,
    warnings: [],
    errors: [],
    redaction: null,
  };
  // An agent's session's losses (records kept whole, lines that could not be read) come first, summarised apart from
  // what writing the target lost or changed: one count of both read as if the session's metadata were lost.
  const session: SessionLossCounts = { kept: 0, notCarried: 0, leftOut: 0, unreadable: 0 };
  const sayWarnings = (): void => {
    const imported = session.kept + session.notCarried + session.leftOut + session.unreadable;
    const groups = [report.warnings.slice(0, imported), report.warnings.slice(imported)];
    for (const group of groups)
      for (const line of warningLines(name, reportedWarnings(group), verbosity)) io.stderr(line);
  };

  const fail = (errors: ConvertError[], summary: string, omitted = 0): number => {
    report.errors = errors.slice(0, maximumListedProblems);
    const omittedErrors = omitted + errors.length - report.errors.length;
    if (omittedErrors > 0) report.omittedErrors = omittedErrors;
    if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
    else {
      // Under --strict every warning is repeated as an error.
      if (!options.strict) sayWarnings();
      for (const error of report.errors) io.stderr(messageLine(`${name}: error: ${formatError(error)}`));
      if (omittedErrors > 0)
        io.stderr(
          messageLine(
            `${name}: and ${describeCount(omittedErrors, "more error", "more errors")} (only the first ${maximumListedProblems} are listed)`,
          ),
        );
      io.stderr(messageLine(`agent-transcript: ${summary}; nothing was written`));
    }
    return exitCodes.failure;
  };

  const limits = inputLimits(options);
  const cannotRead = ({ line, column, message }: InputProblem): number =>
    fail(
      [{ pointer: "", message: line === undefined ? message : `line ${line}, column ${column}: ${message}` }],
      `cannot read ${name}`,
    );
  const read = await readInputBytes(input, io, limits);
  if (!read.ok) return cannotRead(read.problem);
  // The one detection order (input/detect.ts): an agent's session is read line by line by its importer, a bad line
  // costing only itself, never decoded or parsed whole here.
  const detected = detectInput(input, read.bytes, options.from);
  if (!detected.ok) return cannotRead(detected.problem);
  if (detected.shape === "session")
    return convertSession(
      input,
      read,
      detected.format,
      options,
      { report, plan, fail, sayWarnings, verbosity, session },
      io,
    );
  const payload = parsePayload(input, detected.text, limits, detected.shape);
  if (!payload.ok) return fail([{ pointer: payload.pointer, message: payload.message }], `cannot read ${name}`);

  let from = options.from;
  let kind: PayloadKind;
  if (from === undefined) {
    const detected = detectFormat(payload.value);
    if (detected === undefined) {
      return fail(
        [
          {
            pointer: "",
            message: `cannot tell which format this is: expected a provider request, response or stream (${formatIds.filter(isProviderFormatId).join(", ")}), a portable message list or an Agent Transcript document`,
          },
        ],
        `cannot convert ${name}: name its format with --from <format-id> (one of ${convertFormatIds.join(", ")})`,
      );
    }
    from = detected.format;
    kind = detected.kind;
  } else {
    kind = detectKind(from, payload.value);
  }
  // Lines and events are always a stream, whatever a single one looks like.
  if (payload.framing !== "json" && providerFormat(from) !== undefined) kind = "stream";
  report.from = from;
  report.kind = kind;

  const canonical = toCanonical(from, kind, payload, input, limits);
  // One by one: a large input can carry more warnings than a call takes arguments (push(...warnings) overflowed).
  for (const warning of canonical.warnings) report.warnings.push(warning);
  if (!canonical.ok)
    return fail(
      canonical.errors,
      `cannot read ${name} as ${withIndefiniteArticle(describeKind(from, kind))}`,
      canonical.omitted,
    );

  return writeConverted(
    input,
    canonical.document,
    from,
    kind,
    options,
    { report, plan, fail, sayWarnings, verbosity, session },
    io,
  );
}

interface ConvertContext {
  report: ConvertReport;
  plan: Awaited<ReturnType<typeof planOutput>>;
  fail: (errors: ConvertError[], summary: string, omitted?: number) => number;
  sayWarnings: () => void;
  verbosity: ReturnType<typeof verbosityOf>;
  /** An agent's session's losses, the first of the report's warnings: kept by a documented rule, or not readable. */
  session: SessionLossCounts;
}

/** `convert` of an agent's session: imported with its related files, then written like any canonical document. */
async function convertSession(
  input: string,
  read: { bytes: Buffer; compressed: boolean },
  format: SessionFormatId,
  options: ConvertCommandOptions,
  context: ConvertContext,
  io: CommandIo,
): Promise<number> {
  const { report } = context;
  const name = inputName(input);
  report.from = format;
  report.kind = "document";
  const loaded = await loadSessionBytes(input, read, format, io, inputLimits(options));
  if (!loaded.ok)
    return context.fail(
      loaded.problems.map((problem) => ({
        pointer: problem.pointer,
        message: problem.line === undefined ? problem.message : `line ${problem.line}: ${problem.message}`,
      })),
      `cannot read ${name} as ${withIndefiniteArticle(describeKind(format, "document"))}`,
      loaded.omitted,
    );
  // Every warning of the load is a loss of the session's, or a related file that could not be read.
  Object.assign(
    context.session,
    sessionLossCounts(
      loaded.result.losses,
      loaded.warnings.length - loaded.result.losses.filter(isExpectedSessionLoss).length,
    ),
  );
  for (const warning of loaded.warnings)
    report.warnings.push({
      stage: "import",
      code: warning.code,
      pointer: warning.pointer,
      message: warning.at === undefined ? warning.message : `${warning.at}: ${warning.message}`,
    });
  return writeConverted(input, loaded.result.document, format, "document", options, context, io);
}

/** The rest of every conversion, once the input is a canonical document: redaction, the target, the checks, the output. */
async function writeConverted(
  input: string,
  source: Tolerant.Transcript,
  from: DetectedFormat,
  kind: PayloadKind,
  options: ConvertCommandOptions,
  context: ConvertContext,
  io: CommandIo,
): Promise<number> {
  const { report, plan, fail, sayWarnings, verbosity } = context;
  const name = inputName(input);
  const settings = requestSettingsOf(options);
  // Redacting the canonical document, as export does, redacts every target alike and leaves alone what only looks
  // like text: signatures, encrypted reasoning and inline media, which redaction would corrupt.
  let document = source;
  if (options.redact === true) {
    const redacted = redactTranscript(document, createRedactor());
    document = redacted.document;
    report.redaction = redacted.report;
  }
  const targetKind: ProviderKind = kind === "document" ? (options.kind ?? "request") : kind;
  // The settings are a request's: anything else written would leave them out without a word.
  if (settings !== undefined && (!isProviderFormatId(options.to) || targetKind !== "request"))
    throw new UserError(
      `--model and --max-tokens set what a provider request sends; this conversion writes ${withIndefiniteArticle(describeKind(options.to, isProviderFormatId(options.to) ? targetKind : "document"))}`,
      exitCodes.usage,
    );
  const converted = fromCanonical(document, options.to, targetKind, options);
  for (const warning of converted.warnings) report.warnings.push(warning);
  if (options.strict && report.warnings.length > 0) {
    // Every warning (of reading, writing or checking) is a loss; the converter's own strict errors repeat its warnings.
    const errors = report.warnings.map((warning) => ({
      pointer: warning.pointer,
      message: `${warning.stage}: ${warning.code}: ${warning.message}`,
    }));
    return fail(
      errors,
      `converting ${name} to ${withIndefiniteArticle(describeKind(options.to, targetKind))} would lose or change something (--strict)`,
    );
  }
  if (!converted.ok)
    return fail(
      converted.errors,
      `cannot convert ${name} to ${withIndefiniteArticle(describeKind(options.to, targetKind))}`,
    );

  report.outputKind = converted.kind;
  // A related file's name comes from the document (a run id, a continuation's file name): only a plain name is
  // written, never a path that would leave the output's folder.
  const related = plainRelatedFiles(converted.related ?? [], (message) =>
    report.warnings.push({ stage: "export", code: "field-dropped", pointer: "/run/children", message }),
  );
  if (related.length > 0 && plan.kind !== "file")
    report.warnings.push({
      stage: "export",
      code: "field-dropped",
      pointer: "/run/children",
      message: writtenOnlyBesideFileMessage(related),
    });
  // Said before writing, so that a write that fails leaves them said.
  if (!options.json) {
    sayWarnings();
    const redaction = redactionSummary(report.redaction ?? undefined);
    if (redaction !== undefined && verbosity !== "quiet") io.stderr(redaction);
  }
  const written = await writeOutput(
    plan,
    io,
    serialisedPieces(converted.value, converted.kind),
    input === "-" ? [] : [input],
  );
  report.output = written ?? null;
  if (plan.kind === "file") {
    const inputs = input === "-" ? [] : [input];
    await writeRelatedFiles(plan.path, related, io, inputs, inputs);
  }
  report.ok = true;
  if (options.json) {
    writeData(io, `${JSON.stringify(report, null, 2)}\n`);
    return exitCodes.success;
  }
  if (verbosity !== "quiet") {
    const { kept, notCarried, leftOut, unreadable } = context.session;
    const converting = report.warnings.length - kept - notCarried - leftOut - unreadable;
    const warned = converting > 0 ? ` with ${describeCount(converting, "warning")}` : "";
    const imported = isSessionFormatId(from) ? `; of the session, ${sessionLossSummary(context.session)}` : "";
    const summary = `converted ${name} (${describeKind(from, kind)}) to ${describeKind(options.to, converted.kind)}${warned}${imported}`;
    io.stderr(messageLine(`agent-transcript: ${summary}${written === undefined ? "" : `; wrote ${written}`}`));
  }
  return exitCodes.success;
}
