/**
 * What the session importers' real-fixture tests share: a file imported with no unexplained loss into a strictly
 * valid document, and every non-blank line of every file it read accounted for.
 */
import { readFileSync } from "node:fs";
import type { Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { expect } from "vitest";
import type { ImportSessionOutcome } from "../sessions.js";
import { isExpectedSessionLoss } from "./index.js";

type Imported = Extract<ImportSessionOutcome, { ok: true }>;

/** Expects the import to be of `format`, with no unexplained loss, into a strictly valid document with messages. */
export function expectCleanImport(result: ImportSessionOutcome, format: string): Imported | undefined {
  expect(result.ok && result.format).toBe(format);
  const outcome = result.ok ? result : undefined;
  expect(outcome?.losses.filter((loss) => !isExpectedSessionLoss(loss)) ?? ["not imported"]).toEqual([]);
  const validation = validateTranscript(outcome?.document);
  expect(validation.ok ? [] : validation.errors).toEqual([]);
  expect(outcome?.document.messages.length).toBeGreaterThan(0);
  return outcome;
}

/** Lines accounted for by their loss alone: not JSON, or a record written a second time (a Codex event that repeats an item). */
const notKept: readonly string[] = ["unparsable-line", "duplicate-line"];

function nonBlankLines(absolute: string): number[] {
  return readFileSync(absolute, "utf8")
    .split("\n")
    .flatMap((line, index) => (line.trim() === "" ? [] : [index + 1]));
}

/**
 * Expects every non-blank line of the main file (at `absolute`) and of each child's file to be accounted for: by
 * `accountedLines` of its document, or by a loss that keeps nothing.
 */
export function expectEveryLineAccounted(
  result: ImportSessionOutcome,
  absolute: string,
  accountedLines: (document: Transcript) => Set<number>,
): void {
  const outcome = result.ok ? result : undefined;
  const documents = [
    { path: absolute, document: outcome?.document },
    ...(outcome?.children ?? []).map((child) => ({ path: child.path, document: child.document })),
  ];
  for (const { path: source, document } of documents) {
    const accounted = document === undefined ? new Set<number>() : accountedLines(document);
    for (const loss of outcome?.losses ?? [])
      if (loss.file === source && loss.line !== undefined && notKept.includes(loss.code)) accounted.add(loss.line);
    const missing = nonBlankLines(source).filter((line) => !accounted.has(line));
    expect(missing, source).toEqual([]);
  }
}
