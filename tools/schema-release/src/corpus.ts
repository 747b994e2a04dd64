import { readFileSync } from "node:fs";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { importSessionText, payloadToCanonical } from "@agent-transcript/providers";

/** One generated document of a release's golden corpus. */
export interface CorpusDocument {
  /** File name under the release's `corpus/`: its source kind and number (`anthropic-stream-2.json`). */
  name: string;
  /** The real fixture it was converted from (a file of tools/fixtures/real, and the payload's place in it). */
  origin: string;
  document: unknown;
}

/** Enough documents per source kind to hold every shape the converters write, few enough to keep a release small. */
const perKind = 2;
const maxDocumentBytes = 64 * 1024;

/**
 * The documents a release freezes beside its examples: the real recorded payloads and agent sessions
 * (`tools/fixtures/real`), converted by this version's converters. Each later version must still read them: they are
 * what real writers of this version produced, which the hand-written examples only sample. Deterministic: the
 * fixtures in sorted order, the first `perKind` of each API and kind or session format that convert.
 */
export function buildCorpus(): CorpusDocument[] {
  const taken = new Map<string, number>();
  const documents: CorpusDocument[] = [];
  const take = (kind: string, origin: string, document: unknown): void => {
    const count = taken.get(kind) ?? 0;
    if (count >= perKind) return;
    if (JSON.stringify(document).length > maxDocumentBytes) return;
    taken.set(kind, count + 1);
    documents.push({ name: `${kind.replaceAll("/", "-")}-${count + 1}.json`, origin, document });
  };
  const root = realFixturesRoot();
  for (const fixture of loadRealFixtures(root)) {
    for (const [index, payload] of fixture.payloads.entries()) {
      if (payload.kind === "error") continue;
      const kind = `${payload.api}/${payload.kind}`;
      if ((taken.get(kind) ?? 0) >= perKind) continue;
      const value = payload.kind === "stream" ? payload.chunks : payload.value;
      const result = payloadToCanonical(payload.api, payload.kind, value);
      if (result.ok) take(kind, `${fixture.file} (payload ${index})`, result.document);
    }
    const classification = fixture.classification;
    if (classification.category === "agent-session" && classification.role === "session") {
      const kind = `session/${classification.format}`;
      if ((taken.get(kind) ?? 0) >= perKind) continue;
      const text = readFileSync(path.join(root, fixture.file), "utf8");
      const outcome = importSessionText(text, { format: classification.format, path: fixture.file });
      if (outcome.ok) take(kind, fixture.file, outcome.document);
    }
  }
  return documents;
}
