// Generated lines, mostly of no shape an importer knows, read the way the importers' own properties are about: by the
// importer's fold, which always gives a document and names each line. The entry points a user calls refuse such a
// session instead (session-shape-check.ts); that refusal is checked here on the same input, so every generated case
// still goes through them, and they never throw either.
import { expect } from "vitest";
import { importSessionTextWith, type SessionImportResult } from "./conversion/index.js";
import { sessionImporters, type SessionFormatId } from "./registry.js";
import { importSessionText } from "./sessions.js";

export function importByFold(
  format: SessionFormatId,
  text: string,
  path: string,
  related: ReadonlyArray<{ path: string; text: string }> = [],
): SessionImportResult {
  const outcome = importSessionText(text, { format, path, related });
  if (!outcome.ok)
    expect(outcome.message).toMatch(
      / (?:lines are of a shape|lines gave no message).*; shapes seen(?: in the first \d+ lines)?: /,
    );
  return importSessionTextWith(
    sessionImporters[format],
    { main: { path, lines: text }, related: related.map((file) => ({ path: file.path, lines: file.text })) },
    {},
  );
}
