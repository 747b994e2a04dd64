import type { RedactionReport } from "@agent-transcript/core/redact";

/**
 * The one line a command prints on stderr after redacting (`redacted 3 secrets (github-token ×2, jwt ×1)`), or
 * undefined when nothing was redacted: "redacted 0 secrets" on every run only teaches people to skip the line.
 */
export function redactionSummary(report: RedactionReport | undefined): string | undefined {
  if (report === undefined || report.total === 0) return undefined;
  const rules = Object.entries(report.counts).map(([rule, count]) => `${rule} ×${count}`);
  return `agent-transcript: redacted ${report.total} secret${report.total === 1 ? "" : "s"} (${rules.join(", ")})\n`;
}

/** A running total of redactions, none yet (a null-prototype map: a rule's name is never an inherited key). */
export function noRedactions(): RedactionReport {
  return { counts: Object.create(null) as Record<string, number>, total: 0 };
}

/** Adds one redaction's counts, rule by rule, into a running total. */
export function addRedactionCounts(total: RedactionReport, counts: Readonly<Record<string, number>>): void {
  for (const [rule, count] of Object.entries(counts)) {
    total.counts[rule] = (total.counts[rule] ?? 0) + count;
    total.total += count;
  }
}
