import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { exportFileName, prepareExport, renderMarkdown, type ReasoningPolicy } from "@agent-transcript/core";
import {
  describeOmitted,
  formatProblem,
  inputLimits,
  loadDocument,
  parseByteSize,
  type InputOptions,
} from "../input.js";
import { writeAtomically } from "../output.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../io.js";
import { redactionSummary } from "../redaction-summary.js";

export interface ExportCommandOptions extends InputOptions {
  format: "json" | "markdown";
  output?: string;
  reasoning: ReasoningPolicy;
  truncate?: boolean;
  limit?: string;
  redact: boolean;
}

/** `65536`, `64KiB`, `64 KiB`, `1MB`: bytes, at least 2 (the size of `""`, `[]` or `{}`). */
export function parseSize(text: string): number {
  return parseByteSize(text, "--limit", 2);
}

export async function runExport(input: string, options: ExportCommandOptions, io: CommandIo): Promise<number> {
  if (options.limit !== undefined && !options.truncate)
    throw new UserError("--limit needs --truncate", exitCodes.usage);
  const limitBytes = options.limit === undefined ? undefined : parseSize(options.limit);
  const limits = inputLimits(options);
  const name = input === "-" ? "<stdin>" : input;
  const loaded = await loadDocument(input, io, limits);
  if (!loaded.ok) {
    // stdout carries only the export: every problem goes to stderr, one escaped line each.
    for (const problem of loaded.problems) io.stderr(messageLine(formatProblem(name, problem)));
    if (loaded.omitted > 0) io.stderr(messageLine(describeOmitted(name, loaded.omitted)));
    io.stderr(messageLine(`agent-transcript: ${name} is not a valid transcript or event log; nothing was written`));
    return exitCodes.failure;
  }
  for (const warning of loaded.warnings) io.stderr(messageLine(`${name}: warning: ${warning}`));

  const now = new Date();
  const prepared = prepareExport(loaded.document, {
    reasoning: options.reasoning,
    truncate: options.truncate ? { ...(limitBytes === undefined ? {} : { limitBytes }) } : false,
    redact: options.redact ? {} : false,
    now,
  });
  const body =
    options.format === "json"
      ? `${JSON.stringify(prepared.document, null, 2)}\n`
      : renderMarkdown(prepared.document, { reasoning: options.reasoning });

  const summary = redactionSummary(prepared.redaction);
  if (summary !== undefined) io.stderr(summary);
  if (options.reasoning === "include" && prepared.reasoningParts > 0) {
    io.stderr(
      messageLine(
        `agent-transcript: this export includes ${prepared.reasoningParts} reasoning part${prepared.reasoningParts === 1 ? "" : "s"} (the model's thinking); use --reasoning omit to leave them out`,
      ),
    );
  }
  if (options.truncate)
    io.stderr(
      messageLine(
        `agent-transcript: truncated ${prepared.truncatedCount} tool output${prepared.truncatedCount === 1 ? "" : "s"} to ${prepared.document.export?.truncation?.limit_bytes} bytes`,
      ),
    );

  if (options.output === undefined || options.output === "-") {
    writeData(io, body);
    return exitCodes.success;
  }
  const target = await resolveTarget(options.output, {
    title: prepared.document.title,
    id: prepared.document.id,
    timestamp: prepared.document.created_at ?? now,
    extension: options.format === "json" ? "json" : "md",
  });
  await writeAtomically(target, target.endsWith(".gz") ? gzipSync(body) : Buffer.from(body));
  io.stderr(messageLine(`agent-transcript: wrote ${target}`));
  return exitCodes.success;
}

/** A directory (existing, or named with a trailing slash) gets a safe generated file name inside it. */
async function resolveTarget(output: string, naming: Parameters<typeof exportFileName>[0]): Promise<string> {
  const isDirectory =
    output.endsWith("/") ||
    output.endsWith(path.sep) ||
    (await stat(output).then(
      (stats) => stats.isDirectory(),
      () => false,
    ));
  if (!isDirectory) return output;
  await mkdir(output, { recursive: true });
  return path.join(output, exportFileName(naming));
}
