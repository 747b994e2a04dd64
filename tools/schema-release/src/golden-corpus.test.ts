/**
 * Every released version's golden corpus (its examples and the documents converted at release from the real
 * fixtures) is read by the current version, and still validates against that version's own strict schema, bundled,
 * loaded alone: a document that declares version X validates against X's strict schema forever.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeTranscript, formatVersion } from "@agent-transcript/core";
import { isDefinitionName, validatorFor } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./checkout.test.helpers.js";
import { releasedFolder, releasedVersions, releaseParts } from "./releases.js";
import { consumerAjv } from "./schema-validators.test.helpers.js";

const { versions } = releasedVersions(repositoryRoot);

interface Golden {
  label: string;
  definition: string;
  group: "valid" | "newer-minor" | "corpus";
  value: unknown;
}

function goldenDocuments(version: string): Golden[] {
  const release = path.join(repositoryRoot, releasedFolder, version);
  const read = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));
  const documents: Golden[] = [];
  const examples = path.join(release, releaseParts.examples);
  for (const definition of readdirSync(examples).sort())
    for (const group of ["valid", "newer-minor"] as const) {
      const folder = path.join(examples, definition, group);
      if (!existsSync(folder)) continue;
      for (const name of readdirSync(folder).sort())
        documents.push({
          label: `${definition}/${group}/${name}`,
          definition,
          group,
          value: read(path.join(folder, name)),
        });
    }
  const corpus = path.join(release, releaseParts.corpus);
  for (const name of readdirSync(corpus).sort())
    documents.push({
      label: `corpus/${name}`,
      definition: "Transcript",
      group: "corpus",
      value: read(path.join(corpus, name)),
    });
  return documents;
}

/** A semantic version's major and minor. */
function parseVersion(text: string): { major: number; minor: number } | undefined {
  const match = /^(\d+)\.(\d+)\.\d+/.exec(text);
  return match === null ? undefined : { major: Number(match[1]), minor: Number(match[2]) };
}

const current = parseVersion(formatVersion);

/** A newer-minor example whose imagined minor this version has reached (or passed). */
function isImagined(document: Golden): boolean {
  const declared = (document.value as { schema_version?: unknown }).schema_version;
  const version = typeof declared === "string" ? parseVersion(declared) : undefined;
  return (
    document.group === "newer-minor" &&
    version !== undefined &&
    current !== undefined &&
    version.major === current.major &&
    version.minor <= current.minor
  );
}

describe("the released versions' golden corpora", () => {
  it("exist: at least one version is released, with examples and a corpus", () => {
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions) {
      const documents = goldenDocuments(version);
      expect(documents.filter((document) => document.group === "corpus").length, version).toBeGreaterThan(5);
      expect(documents.filter((document) => document.group === "valid").length, version).toBeGreaterThan(50);
    }
  });

  describe.each(versions)("%s", (version) => {
    const documents = goldenDocuments(version);
    const bundled = (entity: string): ReturnType<typeof consumerAjv> =>
      consumerAjv([
        JSON.parse(
          readFileSync(
            path.join(repositoryRoot, releasedFolder, version, releaseParts.bundled, `${entity}.schema.json`),
            "utf8",
          ),
        ) as object,
      ]);
    const transcript = bundled("transcript");

    it.each(
      documents
        .filter((document) => document.definition === "Transcript")
        .map((document) => [document.label, document] as const),
    )("%s decodes under the current version", (_label, document) => {
      // A release's newer-minor examples imagine a later minor. Once that minor is released for real, a document that
      // claims it and holds what it never defined is no document of it, so auto mode rightly reads it strictly: such
      // examples are what a reader that opts into tolerance must still accept.
      const decoded = decodeTranscript(document.value, isImagined(document) ? { mode: "tolerant" } : {});
      expect(decoded.ok, JSON.stringify(decoded)).toBe(true);
    });

    it.each(
      documents
        .filter((document) => document.definition !== "Transcript")
        .map((document) => [document.label, document] as const),
    )("%s is accepted by the current tolerant validator", (_label, document) => {
      expect(isDefinitionName(document.definition)).toBe(true);
      const result = validatorFor(document.definition, "tolerant")?.(document.value);
      expect(result?.ok, JSON.stringify(result)).toBe(true);
    });

    it.each(
      documents
        .filter((document) => document.definition === "Transcript" && document.group !== "newer-minor")
        .map((document) => [document.label, document] as const),
    )("%s validates against its own version's strict bundled schema", (_label, document) => {
      const major = version.split(".")[0];
      const validate = transcript.getSchema(`https://agent-transcript.dev/schemas/v${major}/transcript.schema.json`);
      expect(validate?.(document.value), JSON.stringify(validate?.errors)).toBe(true);
    });
  });
});
