// `agent-transcript snapshot create|show|apply`: the end-of-run workspace snapshot (Oz snapshot declarations) from
// the shell, with the recorder's own calls, so a snapshot taken here is the one a run would take.
import { describeCount } from "@agent-transcript/core/text";
import {
  applySnapshotBundle,
  defaultMaxFileBytes,
  defaultScriptTimeoutMs,
  describeSecrets,
  resolveSnapshotDeclarations,
  summarizeSnapshotBundle,
  takeSnapshot,
  type ApplySnapshotResult,
  type SnapshotBundleSummary,
} from "@agent-transcript/recorder/snapshot";
import { describeSize, parseByteSize } from "../../input/limits.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../../io.js";
import { planFileIn, planOutput, writeOutput } from "../../output.js";
import { verbosityOf, type VerbosityOptions } from "../../warning-summary.js";

export interface SnapshotCreateOptions extends VerbosityOptions {
  output?: string;
  /** False with `--no-snapshot`. */
  snapshot?: boolean;
  redact?: boolean;
  timeout?: string;
  maxFileSize?: string;
  runId?: string;
  json?: boolean;
}

/** What `snapshot create --json` prints: what was declared and taken, and where the bundle went. */
export interface SnapshotCreateReport {
  ok: boolean;
  status: "created" | "disabled" | "not-configured" | "failed";
  output: string | null;
  repositories: number;
  files: number;
  secrets: { total: number; counts: Record<string, number>; redacted: boolean } | null;
  /** Every warning and the INFO line, as printed on stderr. */
  messages: Array<{ level: "info" | "warning"; message: string }>;
}

function parseTimeout(text: string | undefined): number {
  if (text === undefined) return defaultScriptTimeoutMs;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UserError(`--timeout must be a positive number of seconds, got ${JSON.stringify(text)}`, exitCodes.usage);
  return Math.round(seconds * 1000);
}

export async function runSnapshotCreate(options: SnapshotCreateOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const timeoutMs = parseTimeout(options.timeout);
  const maxFileBytes =
    options.maxFileSize === undefined ? defaultMaxFileBytes : parseByteSize(options.maxFileSize, "--max-file-size", 0);
  if (options.json && (options.output === undefined || options.output === "-"))
    throw new UserError("--json prints the report on stdout: give the bundle an --output file", exitCodes.usage);
  const report: SnapshotCreateReport = {
    ok: false,
    status: "failed",
    output: null,
    repositories: 0,
    files: 0,
    secrets: null,
    messages: [],
  };
  const say = (level: "info" | "warning", message: string): void => {
    report.messages.push({ level, message });
    if (verbosity !== "quiet") io.stderr(messageLine(`agent-transcript: ${level}: ${message}`));
  };
  const finish = (code: number): number => {
    if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
    return code;
  };

  // Decided before anything runs: a refused --output never costs a script run.
  const plan = await planOutput({ output: options.output, inputs: [], directory: "generated-name" });
  const outcome = await resolveSnapshotDeclarations({
    disabled: options.snapshot === false,
    timeoutMs,
    ...(options.runId === undefined ? {} : { runId: options.runId }),
  });
  if (outcome.status === "disabled") {
    report.ok = true;
    report.status = "disabled";
    return finish(exitCodes.success);
  }
  if (outcome.status === "not-configured") {
    say("info", outcome.info);
    report.ok = true;
    report.status = "not-configured";
    return finish(exitCodes.success);
  }
  for (const problem of outcome.report?.problems ?? [])
    say("warning", `snapshot declarations line ${problem.line}: skipped: ${problem.message}`);
  if (outcome.status === "failed") {
    io.stderr(messageLine(`agent-transcript: no snapshot: ${outcome.problem.message}`));
    return finish(exitCodes.failure);
  }
  const staged = await takeSnapshot(outcome.report.declarations, {
    redundant: outcome.report.redundant,
    maxFileBytes,
    redact: options.redact ?? false,
    ...(options.runId === undefined ? {} : { runId: options.runId }),
  });
  try {
    for (const problem of staged.header.problems) say("warning", `left out: ${problem.message}`);
    if (staged.header.secrets.total > 0) say("warning", describeSecrets(staged.header));
    const target =
      plan.kind === "directory"
        ? await planFileIn(
            plan,
            `${(options.runId ?? staged.header.created_at.replace(/[:.]/g, "-")).replace(/[^\w.-]/g, "_")}.snapshot.jsonl`,
            [],
          )
        : plan;
    const written = await writeOutput(target, io, staged.lines());
    report.ok = true;
    report.status = "created";
    report.output = written ?? null;
    report.repositories = staged.header.repositories;
    report.files = staged.header.files;
    const { total, counts, redacted } = staged.header.secrets;
    report.secrets = { total, counts, redacted };
    if (written !== undefined && verbosity !== "quiet" && !options.json)
      io.stderr(
        messageLine(
          `agent-transcript: snapshot of ${describeCount(staged.header.repositories, "repository", "repositories")} and ${describeCount(staged.header.files, "file")} written to ${written}`,
        ),
      );
    return finish(exitCodes.success);
  } finally {
    await staged.dispose();
  }
}

export interface SnapshotShowOptions {
  json?: boolean;
}

export async function runSnapshotShow(bundle: string, options: SnapshotShowOptions, io: CommandIo): Promise<number> {
  let summary: SnapshotBundleSummary;
  try {
    summary = await summarizeSnapshotBundle(bundle);
  } catch (error) {
    throw new UserError(error instanceof Error ? error.message : String(error));
  }
  const refused = (): number => {
    io.stderr(
      messageLine(
        `agent-transcript: ${bundle}: snapshot apply would refuse this bundle: ${summary.refusals.join("; ")}`,
      ),
    );
    return exitCodes.failure;
  };
  if (options.json) {
    writeData(io, `${JSON.stringify(summary, null, 2)}\n`);
    return summary.refusals.length > 0 ? refused() : exitCodes.success;
  }
  const { header } = summary;
  const lines: string[] = [
    `snapshot taken ${header.created_at}${header.run_id ? ` at the end of run ${header.run_id}` : ""}, root ${header.root}`,
    `${describeCount(summary.repositories.length, "repository", "repositories")}, ${describeCount(summary.files.length, "file")}, ${describeSize(summary.content_bytes)} of content`,
  ];
  for (const repository of summary.repositories) {
    const changes = Object.entries(repository.changes)
      .map(([status, count]) => `${count} ${status}`)
      .join(", ");
    lines.push(
      `  repository ${repository.path} (${repository.source_path}): ${repository.head ?? "no commit"}${repository.branch ? ` on ${repository.branch}` : ""}${repository.remote ? `, remote ${repository.remote}` : ""}`,
      `    ${changes === "" ? "no change" : changes}; patch ${describeSize(repository.patch_bytes)}`,
    );
    for (const touched of summary.paths)
      if (touched.repository === repository.path && !isRenameSource(touched, summary.paths))
        lines.push(`      ${describeTouch(touched)}`);
  }
  for (const file of summary.files)
    lines.push(
      `  file ${file.path} (${file.source_path}): ${describeSize(file.size)}${file.redacted ? ", redacted" : ""}`,
    );
  lines.push(
    header.secrets.total === 0 ? "secrets: none found" : describeSecrets(header).replace(/^snapshot: /, "secrets: "),
  );
  for (const problem of header.problems) lines.push(`left out: ${problem.message}`);
  for (const refusal of summary.refusals) lines.push(`refused on apply: ${refusal}`);
  for (const line of lines) writeData(io, messageLine(line));
  return summary.refusals.length > 0 ? refused() : exitCodes.success;
}

/** One path a repository's patch touches, as `show` lists it (relative to the bundle's root). */
function describeTouch(touched: SnapshotBundleSummary["paths"][number]): string {
  const what =
    touched.status === "renamed"
      ? `renamed ${touched.from ?? ""} → ${touched.path}`
      : `${touched.status} ${touched.path}`;
  return touched.linkTarget === undefined ? what : `${what} (symbolic link to ${touched.linkTarget})`;
}

/** A rename's old path is listed with the rename, not on a line of its own. */
function isRenameSource(
  touched: SnapshotBundleSummary["paths"][number],
  paths: SnapshotBundleSummary["paths"],
): boolean {
  return touched.becomes === "nothing" && paths.some((other) => other.from === touched.path);
}

export interface SnapshotApplyOptions {
  target?: string;
  force?: boolean;
  json?: boolean;
}

export async function runSnapshotApply(bundle: string, options: SnapshotApplyOptions, io: CommandIo): Promise<number> {
  const result: ApplySnapshotResult = await applySnapshotBundle(bundle, {
    ...(options.target === undefined ? {} : { target: options.target }),
    force: options.force ?? false,
  });
  if (options.json) writeData(io, `${JSON.stringify(result, null, 2)}\n`);
  // Said first, whatever follows: the target was changed back (or an apply's end finished) before this one was checked.
  for (const recovered of result.recovered ?? [])
    io.stderr(
      messageLine(
        recovered.outcome === "undone"
          ? `agent-transcript: an apply into this target was killed midway; it was undone from its journal (${recovered.folder}) before this one`
          : `agent-transcript: an apply into this target was killed after it had applied everything; its work folder (${recovered.folder}) was removed`,
      ),
    );
  for (const problem of result.problems)
    io.stderr(messageLine(`agent-transcript: ${problem.code}: ${problem.message}`));
  if (!result.ok) return exitCodes.failure;
  if (!options.json)
    io.stderr(
      messageLine(
        `agent-transcript: applied ${describeCount(result.applied.repositories.length, "repository", "repositories")} and ${describeCount(result.applied.files.length, "file")}; every path checked against the snapshot`,
      ),
    );
  return exitCodes.success;
}
