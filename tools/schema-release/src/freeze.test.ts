import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  addChangeset,
  copyCheckout,
  copyReleasedCheckout,
  editJson,
  nextVersions,
  releasedVersion,
  setFormatVersion,
} from "./checkout.test.helpers.js";
import { FreezeError, freezeRelease } from "./freeze.js";
import { runGate } from "./gate.js";
import { verifyRelease } from "./manifest.js";

const noChecks = {
  corpus: async () => [{ name: "one.json", origin: "made up", document: { schema_version: "1.0.0" } }],
  checkGenerated: async () => [],
};

describe("freezeRelease (pnpm schema:release)", () => {
  it("freezes the working schemas as the stated version: strict, tolerant, bundled, examples, corpus and a manifest", async () => {
    const root = copyCheckout();
    const released = path.join(root, "schemas/released");
    for (const version of existsSync(released) ? readdirSync(released) : [])
      // Start from no release at all, as before the first one.
      rmSync(path.join(released, version), { recursive: true });
    const result = await freezeRelease(root, noChecks);
    expect(result).toEqual({ version: releasedVersion, folder: `schemas/released/${releasedVersion}` });
    const folder = path.join(root, `schemas/released/${releasedVersion}`);
    expect(readdirSync(folder).sort()).toEqual([
      "SHA256SUMS",
      "bundled",
      "corpus",
      "corpus-origins.json",
      "examples",
      "strict",
      "tolerant",
    ]);
    const same = (frozen: string, source: string): void =>
      expect(readFileSync(path.join(folder, frozen), "utf8"), frozen).toBe(
        readFileSync(path.join(root, source), "utf8"),
      );
    same("strict/transcript.schema.json", "schemas/v1/transcript.schema.json");
    same("tolerant/part.schema.json", "schemas/generated/v1/tolerant/part.schema.json");
    same("bundled/event.schema.json", "schemas/generated/v1/bundled/event.schema.json");
    same("bundled/tolerant/message.schema.json", "schemas/generated/v1/bundled/tolerant/message.schema.json");
    same("examples/Usage/valid/minimal.json", "schemas/v1/examples/Usage/valid/minimal.json");
    expect(JSON.parse(readFileSync(path.join(folder, "corpus/one.json"), "utf8"))).toEqual({ schema_version: "1.0.0" });
    expect(verifyRelease(folder, `schemas/released/${releasedVersion}`)).toEqual([]);
    expect(readdirSync(path.join(root, "schemas/released"))).toEqual([releasedVersion]);
  });

  it("refuses, writing nothing, when the CHANGELOG names another version than formatVersion", async () => {
    const root = await copyReleasedCheckout();
    editJson(
      root,
      "schemas/v1/usage.schema.json",
      (schema) => (schema.properties.audio_tokens = { description: "A.", type: "integer" }),
    );
    setFormatVersion(root, nextVersions.minor);
    writeFileSync(
      path.join(root, "packages/core/src/format-version.ts"),
      `export const formatVersion = "${nextVersions.laterMinor}";\n`,
    );
    await expect(freezeRelease(root, noChecks)).rejects.toThrow(
      `CHANGELOG.md's newest heading is ${nextVersions.minor}, not ${nextVersions.laterMinor}`,
    );
    expect(readdirSync(path.join(root, "schemas/released"))).toEqual([releasedVersion]);
  });

  it("refuses when the compatibility gate fails or generated files are out of date", async () => {
    const root = await copyReleasedCheckout();
    editJson(
      root,
      "schemas/v1/usage.schema.json",
      (schema) => (schema.properties.audio_tokens = { description: "A.", type: "integer" }),
    );
    setFormatVersion(root, nextVersions.minor);
    // No changeset: the gate fails, naming the change.
    await expect(freezeRelease(root, noChecks)).rejects.toThrow(
      /usage\.schema\.json#\/properties\/audio_tokens property-added/,
    );
    addChangeset(root, "audio", "minor");
    await expect(
      freezeRelease(root, {
        ...noChecks,
        checkGenerated: async () => ["schemas/generated/v1/tolerant/usage.schema.json"],
      }),
    ).rejects.toThrow(FreezeError);
    expect(readdirSync(path.join(root, "schemas/released"))).toEqual([releasedVersion]);
    // With both in order, the next minor is frozen beside the release and becomes the baseline.
    await freezeRelease(root, noChecks);
    expect(readdirSync(path.join(root, "schemas/released")).sort()).toEqual([releasedVersion, nextVersions.minor]);
    expect(await runGate(root)).toMatchObject({ release: nextVersions.minor, changes: [], problems: [] });
  });
});

describe("schemas/catalog.json", () => {
  it("lists every released version of this repository, the latest as its url, each a released bundled document", async () => {
    const { catalogFor, catalogBaseUrl, releasedVersions } = await import("./releases.js");
    const { repositoryRoot } = await import("./checkout.test.helpers.js");
    const catalog = JSON.parse(readFileSync(path.join(repositoryRoot, "schemas/catalog.json"), "utf8")) as {
      schemas: Array<{ url: string; fileMatch: string[]; versions: Record<string, string> }>;
    };
    const { versions } = releasedVersions(repositoryRoot);
    expect(versions.length).toBeGreaterThan(0);
    expect(catalog).toEqual(catalogFor(versions));
    const [entry] = catalog.schemas;
    expect(entry?.fileMatch).toEqual(["*.transcript.json"]);
    expect(entry?.url).toBe(entry?.versions[versions.at(-1) ?? ""]);
    for (const url of Object.values(entry?.versions ?? {}))
      expect(existsSync(path.join(repositoryRoot, "schemas/released", url.slice(catalogBaseUrl.length))), url).toBe(
        true,
      );
  });
});
