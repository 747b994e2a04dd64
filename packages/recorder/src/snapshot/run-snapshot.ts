// The end-of-run snapshot as one call, for the recorder to make when a run closes: find the declarations, take the
// snapshot, write the bundle, and return the artifact that references it. It never throws: a snapshot that fails
// is a result with problems, and the run closes all the same.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { SnapshotArtifact, SnapshotFinding, SnapshotHeader } from "@agent-transcript/core";
import { describeCount } from "@agent-transcript/core";
import { snapshotArtifact } from "./read-declarations.js";
import { writeSnapshotBundle } from "./bundle.js";
import { takeSnapshot, type TakeSnapshotOptions } from "./create.js";
import { resolveSnapshotDeclarations, type DeclarationsSourceOptions } from "./declarations-source.js";
import { secretFileNameRule } from "./secret-file-names.js";

export interface RunSnapshotOptions extends Omit<TakeSnapshotOptions, "now"> {
  /** The run: names the bundle (`<runId>.snapshot.jsonl`) and is recorded in it. */
  runId: string;
  /** Where the bundle is written (created if missing), typically beside the run's event log. */
  directory: string;
  /** The run's environment: which of the snapshot variables are set. Default `process.env`. */
  env?: DeclarationsSourceOptions["env"];
  /** The declarations script's working directory (the run's workspace). Default `process.cwd()`. */
  root?: string;
  /** How long the declarations script may run. Default 60 s. */
  timeoutMs?: number;
  /** `--no-snapshot`: take none, say nothing. */
  disabled?: boolean;
}

/** One thing to tell the person running: an INFO line when no snapshot is configured, a WARNING otherwise. */
export interface RunSnapshotMessage {
  level: "info" | "warning";
  message: string;
}

export interface RunSnapshotResult {
  /**
   * `created`: the bundle is written (maybe with problems: declarations left out). `disabled`, `not-configured`: no
   * snapshot, as asked. `failed`: no snapshot; `messages` say why.
   */
  status: "created" | "disabled" | "not-configured" | "failed";
  /** The bundle written: its absolute path, size and SHA-256. */
  bundle?: { path: string; size: number; sha256: string };
  /**
   * The transcript artifact that references the bundle (its `location` is the bundle's file name, relative to the
   * event log beside it): the recorder writes it as an `artifact.created` event before `run.completed`.
   */
  artifact?: SnapshotArtifact;
  header?: SnapshotHeader;
  messages: RunSnapshotMessage[];
}

/**
 * Takes the end-of-run snapshot the run's environment asks for (see the README's "Snapshots"). The recorder calls
 * it as a run closes, then writes `artifact` as an `artifact.created` event; `messages` go to its log.
 */
export async function createRunSnapshot(options: RunSnapshotOptions): Promise<RunSnapshotResult> {
  const messages: RunSnapshotMessage[] = [];
  try {
    const outcome = await resolveSnapshotDeclarations({
      ...(options.env === undefined ? {} : { env: options.env }),
      ...(options.root === undefined ? {} : { cwd: options.root }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.disabled === undefined ? {} : { disabled: options.disabled }),
      runId: options.runId,
    });
    if (outcome.status === "disabled") return { status: "disabled", messages };
    if (outcome.status === "not-configured")
      return { status: "not-configured", messages: [{ level: "info", message: outcome.info }] };
    for (const problem of (outcome.status === "declared" ? outcome.report.problems : outcome.report?.problems) ?? [])
      messages.push({
        level: "warning",
        message: `snapshot declarations line ${problem.line}: skipped: ${problem.message}`,
      });
    if (outcome.status === "failed") {
      messages.push({ level: "warning", message: `no workspace snapshot: ${outcome.problem.message}` });
      return { status: "failed", messages };
    }
    const staged = await takeSnapshot(outcome.report.declarations, {
      ...options,
      redundant: outcome.report.redundant,
      now: new Date(),
    });
    try {
      for (const problem of staged.header.problems)
        messages.push({ level: "warning", message: `snapshot: left out: ${problem.message}` });
      if (staged.header.secrets.total > 0) messages.push({ level: "warning", message: describeSecrets(staged.header) });
      await mkdir(options.directory, { recursive: true });
      const file = path.join(options.directory, `${options.runId.replace(/[^\w.-]/g, "_")}.snapshot.jsonl`);
      const bundle = await writeSnapshotBundle(staged, path.resolve(file));
      const artifact = snapshotArtifact(outcome.report, staged.header.created_at);
      return {
        status: "created",
        bundle,
        header: staged.header,
        ...(artifact ? { artifact: { ...artifact, location: path.basename(file), sha256: bundle.sha256 } } : {}),
        messages,
      };
    } finally {
      await staged.dispose();
    }
  } catch (error) {
    messages.push({
      level: "warning",
      message: `no workspace snapshot: ${error instanceof Error ? error.message : String(error)}`,
    });
    return { status: "failed", messages };
  }
}

/**
 * `snapshot: 3 secrets found (github-token ×2, jwt ×1) in src/deploy.env, notes.txt; kept (pass --redact …)`, then
 * the files found by their name alone (`; 2 files named like secrets (.env, keys/id_rsa): carried as they are …`).
 */
export function describeSecrets(header: SnapshotHeader): string {
  const { counts, findings, redacted } = header.secrets;
  const nameOf = (finding: SnapshotFinding): string =>
    finding.repository === undefined || finding.repository === "."
      ? finding.path
      : `${finding.repository}/${finding.path}`;
  const contentRules = Object.entries(counts).filter(([rule]) => rule !== secretFileNameRule);
  const parts: string[] = [];
  if (contentRules.length > 0) {
    const total = contentRules.reduce((sum, [, count]) => sum + count, 0);
    const rules = contentRules.map(([rule, count]) => `${rule} ×${count}`).join(", ");
    const names = findings
      .filter((finding) => Object.keys(finding.counts).some((rule) => rule !== secretFileNameRule))
      .map(nameOf);
    parts.push(
      `${describeCount(total, "secret")} found (${rules}) in ${listed(names)}; ${redacted ? "redacted" : "kept as found (redacting replaces them with placeholders)"}`,
    );
  }
  const named = findings.filter((finding) => finding.counts[secretFileNameRule] !== undefined).map(nameOf);
  if (named.length > 0) {
    const one = named.length === 1;
    parts.push(
      `${describeCount(named.length, "file")} named like ${one ? "a secret" : "secrets"} (${listed(named)}): carried as ${one ? "it is" : "they are"}, whatever redacting does: check ${one ? "it" : "them"} before sharing the bundle`,
    );
  }
  return `snapshot: ${parts.join("; ")}`;
}

function listed(names: readonly string[]): string {
  return names.length > 5 ? `${names.slice(0, 5).join(", ")} and ${names.length - 5} more` : names.join(", ");
}
