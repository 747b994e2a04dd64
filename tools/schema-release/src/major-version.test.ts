/**
 * A simulated 2.0: after a 1.x is released, a breaking change (the document's required `id` renamed
 * `transcript_id`) is made in a new major folder, schemas/v2, with a migration from 1.x registered through core's
 * own mechanism (packages/core/src/migrations.ts). The gate refuses the change in v1 and accepts it in v2 only with
 * the version, changeset and migration it needs; every 1.x document of the release reads as 2.0 once migrated.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type EditableSchema,
  addChangeset,
  copyReleasedCheckout,
  editJson,
  releasedMinor,
  releasedVersion,
  repositoryRoot,
  setFormatVersion,
} from "./checkout.test.helpers.js";
import { runGate } from "./gate.js";
import { releasedVersions } from "./releases.js";
import { consumerAjv } from "./schema-validators.test.helpers.js";

type Schema = EditableSchema;

const renameId = (schema: Schema): void => {
  schema.properties.transcript_id = { ...schema.properties.id, description: "The transcript's id (1.x: `id`)." };
  delete schema.properties.id;
  schema.required = schema.required.map((name: string) => (name === "id" ? "transcript_id" : name));
};

/** schemas/v2: the v1 sources with their `$id`s moved to v2, the rename made and the version pattern at 2. */
function makeMajorTwo(root: string): void {
  const v2 = path.join(root, "schemas/v2");
  mkdirSync(v2);
  for (const name of readdirSync(path.join(root, "schemas/v1")).filter((file) => file.endsWith(".schema.json")))
    writeFileSync(
      path.join(v2, name),
      readFileSync(path.join(root, "schemas/v1", name), "utf8").replaceAll("/schemas/v1/", "/schemas/v2/"),
    );
  editJson(root, "schemas/v2/transcript.schema.json", (schema) => {
    renameId(schema);
    schema.properties.schema_version.pattern = "^2\\.(?:0|[1-9]\\d*)\\.(?:0|[1-9]\\d*)$";
  });
  writeFileSync(path.join(v2, "CHANGELOG.md"), "# Format v2 changelog\n\n## 2.0.0\n\n- `id` is `transcript_id`.\n");
  writeFileSync(
    path.join(root, "packages/core/src/format-version.ts"),
    readFileSync(path.join(root, "packages/core/src/format-version.ts"), "utf8").replace(
      `export const formatVersion = "${releasedVersion}";`,
      'export const formatVersion = "2.0.0";',
    ),
  );
}

/** Registers the step from the released 1.x minor to 2.0 in the copy's packages/core/src/migrations.ts, as the v2 change would. */
function registerMigration(root: string): string {
  const file = path.join(root, "packages/core/src/migrations.ts");
  const source = readFileSync(file, "utf8");
  const registered = source.replace(
    "export const migrations: readonly Migration[] = [];",
    `export const migrations: readonly Migration[] = [
  {
    from: "${releasedMinor}",
    to: "2.0",
    description: "id becomes transcript_id",
    migrate: ({ id, ...rest }) => ({ ...rest, transcript_id: id }),
  },
];`,
  );
  expect(registered).not.toBe(source);
  writeFileSync(file, registered);
  return file;
}

describe("a simulated 2.0", () => {
  it("is refused in the released major folder, however the versions are bumped", async () => {
    const root = await copyReleasedCheckout();
    editJson(root, "schemas/v1/transcript.schema.json", renameId);
    setFormatVersion(root, "2.0.0");
    addChangeset(root, "rename-id", "major");
    const report = await runGate(root);
    expect(report.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: "property-removed", pointer: "/properties/id" }),
        expect.objectContaining({ rule: "required-property-added", pointer: "/properties/transcript_id" }),
      ]),
    );
    expect(report.problems).toEqual(
      expect.arrayContaining([expect.stringContaining("the breaking changes need a new major folder")]),
    );
  });

  it("in schemas/v2 needs the major version, a major changeset and a migration from 1.x", async () => {
    const root = await copyReleasedCheckout();
    makeMajorTwo(root);
    const report = await runGate(root);
    expect(report).toMatchObject({ working: "schemas/v2", release: releasedVersion, required: "major" });
    expect(report.problems).toEqual([
      expect.stringContaining("@agent-transcript/core carries the schema, and its pending changesets bump it none"),
      `no migration from 1.x to 2.0 is registered in packages/core/src/migrations.ts: documents of the released ${releasedVersion} must read as 2.0`,
    ]);
  });

  it("passes with all three, and a 1.x document of the release reads as 2.0 after the registered migration", async () => {
    const root = await copyReleasedCheckout();
    makeMajorTwo(root);
    addChangeset(root, "rename-id", "major");
    const migrations = registerMigration(root);
    expect((await runGate(root)).problems).toEqual([]);

    // Core's mechanism as the copy holds it: its registry, and 2.0.0 as the version it writes.
    const { migrate } = (await import(pathToFileURL(migrations).href)) as {
      migrate: (
        document: Record<string, unknown>,
      ) => { ok: true; document: Record<string, unknown>; applied: string[] } | { ok: false; message: string };
    };
    const v2 = readdirSync(path.join(root, "schemas/v2"))
      .filter((name) => name.endsWith(".schema.json"))
      .map((name) => JSON.parse(readFileSync(path.join(root, "schemas/v2", name), "utf8")) as object);
    const validate = consumerAjv(v2).getSchema("https://agent-transcript.dev/schemas/v2/transcript.schema.json");
    if (!validate) throw new Error("the v2 transcript schema does not compile");
    // The released 1.x documents: the version's valid examples and its golden corpus, as frozen.
    const latest = releasedVersions(repositoryRoot)
      .versions.filter((version) => version.startsWith("1."))
      .at(-1);
    expect(latest).toBeDefined();
    const release = path.join(repositoryRoot, "schemas/released", latest ?? "");
    const documents = ["examples/Transcript/valid", "corpus"].flatMap((folder) =>
      readdirSync(path.join(release, folder)).map(
        (name) => JSON.parse(readFileSync(path.join(release, folder, name), "utf8")) as Record<string, unknown>,
      ),
    );
    expect(documents.length).toBeGreaterThan(10);
    for (const document of documents) {
      expect(validate(document)).toBe(false);
      const migrated = migrate(document);
      expect(migrated).toMatchObject({ ok: true, applied: [`${releasedMinor} -> 2.0: id becomes transcript_id`] });
      if (!migrated.ok) continue;
      expect(validate(migrated.document), JSON.stringify(validate.errors)).toBe(true);
      expect(migrated.document).toMatchObject({ schema_version: "2.0.0", transcript_id: document.id });
      expect(migrated.document).not.toHaveProperty("id");
    }
  });
});
