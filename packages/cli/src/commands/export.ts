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
import { exitCodes, UserError, type CommandIo } from "../io.js";

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
    for (const problem of loaded.problems) io.stdout(`${formatProblem(name, problem)}\n`);
    if (loaded.omitted > 0) io.stdout(`${describeOmitted(name, loaded.omitted)}\n`);
    io.stderr(`agent-transcript: ${name} is not a valid transcript or event log; nothing was written\n`);
    return exitCodes.failure;
  }
  for (const warning of loaded.warnings) io.stderr(`${name}: warning: ${warning}\n`);

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

  if (prepared.redaction) {
    const rules = Object.entries(prepared.redaction.counts).map(([rule, count]) => `${rule} ×${count}`);
    io.stderr(
      `agent-transcript: redacted ${prepared.redaction.total} secret${prepared.redaction.total === 1 ? "" : "s"}${rules.length > 0 ? ` (${rules.join(", ")})` : ""}\n`,
    );
  }
  if (options.reasoning === "include" && prepared.reasoningParts > 0) {
    io.stderr(
      `agent-transcript: this export includes ${prepared.reasoningParts} reasoning part${prepared.reasoningParts === 1 ? "" : "s"} (the model's thinking); use --reasoning omit to leave them out\n`,
    );
  }
  if (options.truncate)
    io.stderr(
      `agent-transcript: truncated ${prepared.truncatedCount} tool output${prepared.truncatedCount === 1 ? "" : "s"} to ${prepared.document.export?.truncation?.limit_bytes} bytes\n`,
    );

  if (options.output === undefined || options.output === "-") {
    io.stdout(body);
    return exitCodes.success;
  }
  const target = await resolveTarget(options.output, {
    title: prepared.document.title,
    id: prepared.document.id,
    timestamp: prepared.document.created_at ?? now,
    extension: options.format === "json" ? "json" : "md",
  });
  await writeAtomically(target, target.endsWith(".gz") ? gzipSync(body) : Buffer.from(body));
  io.stderr(`agent-transcript: wrote ${target}\n`);
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
