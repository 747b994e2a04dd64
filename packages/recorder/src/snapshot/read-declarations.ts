import path from "node:path";
import type { SnapshotArtifact, SnapshotDeclaration } from "@agent-transcript/core";
import type { JsonLimits } from "@agent-transcript/core/json";
import {
  validateSnapshotDeclaration,
  validateSnapshotDeclarationTolerant,
  type ValidationMode,
} from "@agent-transcript/core/validators";
import { validJsonLines, type LineProblem } from "../json-lines.js";

export type DeclarationProblem = LineProblem;

export interface DeclarationsReport {
  /** What to snapshot, in file order, with redundant entries removed. */
  declarations: SnapshotDeclaration[];
  /** Every valid declaration exactly as read (redundant ones included), in file order. */
  read: SnapshotDeclaration[];
  /** Malformed lines: skipped, never fatal (Oz snapshot declarations). */
  problems: DeclarationProblem[];
  /** Entries dropped because a declared repository already covers them, or because they repeat an earlier one. */
  redundant: Array<{ line: number; declaration: SnapshotDeclaration; reason: string }>;
}

/**
 * Reads an end-of-run snapshot declarations file (Oz snapshot declarations): one declaration per line. Malformed lines are reported
 * and skipped; a `file` inside a declared `repo` is redundant (the repo's diff carries it) and is dropped, as is any
 * exact repeat. Each line is parsed under `limits` (core's `parseJson`: nesting depth, exact numbers).
 */
export function readSnapshotDeclarations(
  text: string,
  mode: ValidationMode = "strict",
  limits: JsonLimits = {},
): DeclarationsReport {
  const validate = mode === "strict" ? validateSnapshotDeclaration : validateSnapshotDeclarationTolerant;
  const accepted: Array<{ line: number; declaration: SnapshotDeclaration }> = [];
  const report: DeclarationsReport = { declarations: [], read: [], problems: [], redundant: [] };
  for (const parsed of validJsonLines<SnapshotDeclaration>(text, validate, report.problems, limits)) {
    if (!parsed.ok) continue;
    // Only the three defined fields are carried: a tolerant read ignores what a newer writer added.
    const { version, kind, path: declaredPath } = parsed.value;
    report.read.push({ version, kind, path: declaredPath });
    accepted.push({ line: parsed.line, declaration: { version, kind, path: normalizeAbsolute(declaredPath) } });
  }
  const repositories = accepted
    .filter((entry) => entry.declaration.kind === "repo")
    .map((entry) => entry.declaration.path);
  const seen = new Set<string>();
  for (const entry of accepted) {
    const key = `${entry.declaration.kind}:${entry.declaration.path}`;
    const coveringRepository =
      entry.declaration.kind === "file"
        ? repositories.find((repository) => isInside(entry.declaration.path, repository))
        : undefined;
    if (coveringRepository) {
      report.redundant.push({ ...entry, reason: `inside declared repo ${coveringRepository}` });
    } else if (seen.has(key)) {
      report.redundant.push({ ...entry, reason: "declared earlier" });
    } else {
      seen.add(key);
      report.declarations.push(entry.declaration);
    }
  }
  return report;
}

/** `/a/./b/` and `/a/b` name one place; comparing them needs one spelling. */
function normalizeAbsolute(declared: string): string {
  const normalized = path.posix.normalize(declared);
  return normalized.length > 1 && normalized.endsWith("/") ? normalized.slice(0, -1) : normalized;
}

function isInside(file: string, directory: string): boolean {
  const relative = path.posix.relative(directory, file);
  return relative !== "" && !relative.startsWith("..") && !path.posix.isAbsolute(relative);
}

/**
 * The transcript artifact recording a snapshot (Oz snapshot declarations): every valid declaration as read, so the document keeps
 * what the run declared; deduplication is what taking the snapshot does, not what recording it does.
 */
export function snapshotArtifact(report: DeclarationsReport, createdAt?: string): SnapshotArtifact | undefined {
  if (report.read.length === 0) return undefined;
  return { type: "snapshot", declarations: report.read, ...(createdAt ? { created_at: createdAt } : {}) };
}
