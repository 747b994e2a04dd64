/**
 * The acceptance test of the compatibility gate: a copy of the schemas, released as they are, then changed in each
 * way the rules know, with the gate's verdict and message checked for each, in both directions.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type EditableSchema,
  addChangeset,
  copyCheckout,
  copyReleasedCheckout,
  editJson,
  readJson,
  setFormatVersion,
  nextVersions,
  releasedVersion,
} from "./checkout.test.helpers.js";
import { runGate } from "./gate.js";
import type { ChangeKind, ChangeRule, Direction } from "./schema-diff.js";

type Schema = EditableSchema;

interface Case {
  name: string;
  file: string;
  edit: (schema: Schema) => void;
  rule: ChangeRule;
  kind: ChangeKind;
  pointer: string;
  breaks?: Direction[];
  /** Words the reason must hold: what the change does to whom. */
  says: string;
}

const oldDocuments: Direction[] = ["old-documents-new-readers"];
const newDocuments: Direction[] = ["new-documents-old-readers"];
const both: Direction[] = [...oldDocuments, ...newDocuments];

const cases: Case[] = [
  // Breaking, old documents / new readers.
  {
    name: "a removed property",
    file: "usage.schema.json",
    edit: (schema) => delete schema.properties.total_tokens,
    rule: "property-removed",
    kind: "major",
    pointer: "/properties/total_tokens",
    breaks: oldDocuments,
    says: "the property total_tokens is gone",
  },
  {
    name: "a removed required property",
    file: "usage.schema.json",
    edit: (schema) => {
      delete schema.properties.output_tokens;
      schema.required = ["input_tokens"];
    },
    rule: "property-removed",
    kind: "major",
    pointer: "/properties/output_tokens",
    breaks: both,
    says: "old readers refuse new documents without it",
  },
  {
    name: "a removed type (a definition)",
    file: "usage.schema.json",
    edit: (schema) => {
      delete schema.properties.raw;
      delete schema.$defs.RawUsage;
    },
    rule: "definition-removed",
    kind: "major",
    pointer: "/$defs/RawUsage",
    breaks: both,
    says: "the definition RawUsage is gone",
  },
  {
    name: "a new required property",
    file: "usage.schema.json",
    edit: (schema) => {
      schema.properties.audio_tokens = { description: "Audio tokens.", type: "integer", minimum: 0 };
      schema.required.push("audio_tokens");
    },
    rule: "required-property-added",
    kind: "major",
    pointer: "/properties/audio_tokens",
    breaks: oldDocuments,
    says: "every old document lacks it",
  },
  {
    name: "an optional property made required",
    file: "usage.schema.json",
    edit: (schema) => schema.required.push("total_tokens"),
    rule: "property-became-required",
    kind: "major",
    pointer: "/properties/total_tokens",
    breaks: oldDocuments,
    says: "total_tokens is now required",
  },
  {
    name: "a narrowed type",
    file: "cost.schema.json",
    edit: (schema) => (schema.$defs.ReportedCost.properties.amount.type = "integer"),
    rule: "type-narrowed",
    kind: "major",
    pointer: "/$defs/ReportedCost/properties/amount/type",
    breaks: oldDocuments,
    says: "no longer admits number",
  },
  {
    name: "a type losing a member",
    file: "part.schema.json",
    edit: (schema) => (schema.$defs.PlanItem.properties.description.type = "string"),
    rule: "type-narrowed",
    kind: "major",
    pointer: "/$defs/PlanItem/properties/description/type",
    breaks: oldDocuments,
    says: "no longer admits null",
  },
  {
    name: "a narrowed enum",
    file: "message.schema.json",
    edit: (schema) => (schema.$defs.Role.enum = schema.$defs.Role.enum.filter((role: string) => role !== "developer")),
    rule: "enum-member-removed",
    kind: "major",
    pointer: "/$defs/Role/enum",
    breaks: oldDocuments,
    says: '"developer" is no longer a member',
  },
  {
    name: "a narrowed const",
    file: "snapshot-declaration.schema.json",
    edit: (schema) => (schema.properties.version.const = 2),
    rule: "const-changed",
    kind: "major",
    pointer: "/properties/version/const",
    breaks: both,
    says: "must now be 2, not 1",
  },
  {
    name: "an added pattern",
    file: "transcript.schema.json",
    edit: (schema) => (schema.properties.id.pattern = "^[a-z0-9-]+$"),
    rule: "pattern-added",
    kind: "major",
    pointer: "/properties/id/pattern",
    breaks: oldDocuments,
    says: "an old document's value may not match it",
  },
  {
    name: "a changed pattern",
    file: "cost.schema.json",
    edit: (schema) => (schema.$defs.ReportedCost.properties.currency.pattern = "^[A-Z]{3,4}$"),
    rule: "pattern-changed",
    kind: "major",
    pointer: "/$defs/ReportedCost/properties/currency/pattern",
    breaks: both,
    says: "no rule proves either admits all the other does",
  },
  {
    name: "an added format",
    file: "transcript.schema.json",
    edit: (schema) => (schema.properties.id.format = "uuid"),
    rule: "format-added",
    kind: "major",
    pointer: "/properties/id/format",
    breaks: oldDocuments,
    says: 'the format "uuid" was added',
  },
  {
    name: "a raised minimum",
    file: "usage.schema.json",
    edit: (schema) => (schema.properties.input_tokens.minimum = 1),
    rule: "bound-narrowed",
    kind: "major",
    pointer: "/properties/input_tokens/minimum",
    breaks: oldDocuments,
    says: "minimum went from 0 to 1",
  },
  {
    name: "an added maximum length",
    file: "transcript.schema.json",
    edit: (schema) => (schema.properties.id.maxLength = 128),
    rule: "bound-narrowed",
    kind: "major",
    pointer: "/properties/id/maxLength",
    breaks: oldDocuments,
    says: "maxLength went from none to 128",
  },
  {
    name: "a closed x-extensible vocabulary",
    file: "transcript.schema.json",
    edit: (schema) => delete schema.$defs.SourceFormat["x-extensible"],
    rule: "vocabulary-closed",
    kind: "major",
    pointer: "/$defs/SourceFormat/x-extensible",
    breaks: oldDocuments,
    says: "an x-extensible vocabulary was closed",
  },
  {
    name: "a removed union member",
    file: "part.schema.json",
    edit: (schema) => (schema.oneOf = schema.oneOf.filter((member: Schema) => member.$ref !== "#/$defs/RefusalPart")),
    rule: "union-member-removed",
    kind: "major",
    pointer: expect.stringMatching(/^\/oneOf\/\d+$/) as unknown as string,
    breaks: oldDocuments,
    says: 'the union\'s type "refusal" is gone',
  },
  {
    name: "a closed object (provider fields)",
    file: "part.schema.json",
    edit: (schema) => (schema.$defs.ProviderFields.additionalProperties.additionalProperties = false),
    rule: "object-closed",
    kind: "major",
    pointer: "/$defs/ProviderFields/additionalProperties/additionalProperties",
    breaks: oldDocuments,
    says: "no longer admits other properties",
  },
  {
    name: "a typed property added to an open object",
    file: "message.schema.json",
    edit: (schema) =>
      (schema.properties.metadata.properties = { origin: { description: "Where it came from.", type: "string" } }),
    rule: "property-added-to-open-object",
    kind: "major",
    pointer: "/properties/metadata/properties/origin",
    breaks: oldDocuments,
    says: "an old document may hold origin with another value",
  },
  {
    name: "a changed condition",
    file: "transcript.schema.json",
    edit: (schema) => (schema.$defs.ToolChoice.if.properties.mode.const = "required"),
    rule: "condition-changed",
    kind: "major",
    pointer: "/$defs/ToolChoice/if",
    breaks: both,
    says: "cannot tell which documents it now admits or refuses",
  },
  {
    name: "a removed tolerant alternative",
    file: "event.schema.json",
    edit: (schema) => delete schema.$defs.MessagePayload.properties.blocks.items["x-tolerant-also"],
    rule: "tolerant-alternative-removed",
    kind: "major",
    pointer: "/$defs/MessagePayload/properties/blocks/items/x-tolerant-also/0",
    breaks: oldDocuments,
    says: "refused by new readers",
  },
  {
    name: "a keyword the gate has no rule for",
    file: "usage.schema.json",
    edit: (schema) => (schema.properties.input_tokens.$anchor = "input"),
    rule: "unknown-keyword-changed",
    kind: "major",
    pointer: "/properties/input_tokens/$anchor",
    breaks: both,
    says: "the gate has no rule for it",
  },
  // Breaking, new documents / old readers.
  {
    name: "a widened type",
    file: "usage.schema.json",
    edit: (schema) => (schema.properties.input_tokens.type = "number"),
    rule: "type-widened",
    kind: "major",
    pointer: "/properties/input_tokens/type",
    breaks: newDocuments,
    says: "now admits number, which old readers refuse",
  },
  {
    name: "a new member of a closed vocabulary",
    file: "message.schema.json",
    edit: (schema) => schema.$defs.Role.enum.push("narrator"),
    rule: "enum-member-added",
    kind: "major",
    pointer: "/$defs/Role/enum",
    breaks: newDocuments,
    says: '"narrator" joined a closed vocabulary: old readers refuse it',
  },
  {
    name: "a new member of a closed union",
    file: "cost.schema.json",
    edit: (schema) => {
      schema.$defs.EstimatedCost = {
        title: "EstimatedCost",
        description: "An estimate.",
        type: "object",
        properties: { status: { description: "Always `estimated`.", const: "estimated" } },
        required: ["status"],
        additionalProperties: false,
      };
      schema.oneOf.push({ $ref: "#/$defs/EstimatedCost" });
    },
    rule: "union-member-added",
    kind: "major",
    pointer: "/oneOf/3",
    breaks: newDocuments,
    says: 'the closed union gained status "estimated": old readers refuse it',
  },
  {
    name: "a required property made optional",
    file: "usage.schema.json",
    edit: (schema) => (schema.required = ["input_tokens"]),
    rule: "property-became-optional",
    kind: "major",
    pointer: "/properties/output_tokens",
    breaks: newDocuments,
    says: "old readers refuse a new document without it",
  },
  {
    name: "a lowered minimum",
    file: "usage.schema.json",
    edit: (schema) => (schema.properties.input_tokens.minimum = -1),
    rule: "bound-widened",
    kind: "major",
    pointer: "/properties/input_tokens/minimum",
    breaks: newDocuments,
    says: "old readers refuse values outside the old bound",
  },
  {
    name: "a removed pattern",
    file: "cost.schema.json",
    edit: (schema) => delete schema.$defs.ReportedCost.properties.currency.pattern,
    rule: "pattern-removed",
    kind: "major",
    pointer: "/$defs/ReportedCost/properties/currency/pattern",
    breaks: newDocuments,
    says: "old readers still refuse values that do not match it",
  },
  // Minor.
  {
    name: "a new optional property",
    file: "usage.schema.json",
    edit: (schema) => (schema.properties.audio_tokens = { description: "Audio tokens.", type: "integer", minimum: 0 }),
    rule: "property-added",
    kind: "minor",
    pointer: "/properties/audio_tokens",
    says: "old readers accept it as an unknown property",
  },
  {
    name: "a new member of an x-extensible union",
    file: "part.schema.json",
    edit: (schema) => {
      schema.$defs.NotePart = {
        title: "NotePart",
        description: "A note.",
        type: "object",
        properties: {
          type: { description: "Always `note`.", const: "note" },
          text: { description: "The note.", type: "string" },
        },
        required: ["type", "text"],
        additionalProperties: false,
      };
      schema.oneOf.push({ $ref: "#/$defs/NotePart" });
    },
    rule: "extensible-union-member-added",
    kind: "minor",
    pointer: expect.stringMatching(/^\/oneOf\/\d+$/) as unknown as string,
    says: 'gained type "note", which old readers accept as an unknown member',
  },
  {
    name: "a widened x-extensible vocabulary",
    file: "transcript.schema.json",
    edit: (schema) => schema.$defs.SourceFormat.enum.push("new-agent"),
    rule: "extensible-enum-member-added",
    kind: "minor",
    pointer: "/$defs/SourceFormat/enum",
    says: '"new-agent" joined an x-extensible vocabulary',
  },
  {
    name: "a new definition",
    file: "usage.schema.json",
    edit: (schema) => (schema.$defs.AudioUsage = { title: "AudioUsage", description: "Audio.", type: "object" }),
    rule: "definition-added",
    kind: "minor",
    pointer: "/$defs/AudioUsage",
    says: "a new definition AudioUsage",
  },
  {
    name: "a vocabulary made x-extensible",
    file: "message.schema.json",
    edit: (schema) => (schema.$defs.Role["x-extensible"] = true),
    rule: "vocabulary-opened",
    kind: "minor",
    pointer: "/$defs/Role/x-extensible",
    says: "readers of this version accept members a later minor adds",
  },
  {
    name: "a new tolerant alternative",
    file: "event.schema.json",
    edit: (schema) => schema.$defs.MessagePayload.properties.blocks.items["x-tolerant-also"].push({ type: "string" }),
    rule: "tolerant-alternative-added",
    kind: "minor",
    pointer: "/$defs/MessagePayload/properties/blocks/items/x-tolerant-also/1",
    says: "readers accept one more shape",
  },
  // Patch.
  {
    name: "a changed description",
    file: "usage.schema.json",
    edit: (schema) => (schema.properties.input_tokens.description = "Every input token."),
    rule: "annotation-changed",
    kind: "patch",
    pointer: "/properties/input_tokens/description",
    says: "no document is read differently",
  },
  {
    name: "new examples",
    file: "usage.schema.json",
    edit: (schema) => (schema.properties.input_tokens.examples = [12]),
    rule: "annotation-changed",
    kind: "patch",
    pointer: "/properties/input_tokens/examples",
    says: "no document is read differently",
  },
];

const lowerBump: Record<ChangeKind, string> = { major: "minor", minor: "patch", patch: "none" };
const nextVersion: Record<ChangeKind, string> = nextVersions;

describe("pnpm schema:compat on a released copy of the schemas", () => {
  it("passes an unchanged copy with no change listed and no release needed", async () => {
    const root = await copyReleasedCheckout();
    const report = await runGate(root);
    expect(report).toMatchObject({
      release: releasedVersion,
      working: "schemas/v1",
      changes: [],
      required: "none",
      problems: [],
    });
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))("classifies %s", async (_name, entry) => {
    const root = await copyReleasedCheckout();
    editJson(root, `schemas/v1/${entry.file}`, entry.edit);
    const report = await runGate(root);
    const change = report.changes.find((candidate) => candidate.rule === entry.rule);
    expect(change, JSON.stringify(report.changes, null, 2)).toMatchObject({
      kind: entry.kind,
      file: `schemas/v1/${entry.file}`,
      pointer: entry.pointer,
      breaks: entry.breaks ?? [],
    });
    expect(change?.reason).toContain(entry.says);
    expect(report.required).toBe(entry.kind);
    // With no version bump and no changeset, every change fails the gate, named by its file and pointer.
    expect(report.problems.join("\n")).toContain(
      entry.kind === "major" ? "need a new major folder" : `must be at least ${nextVersion[entry.kind]}`,
    );
  });

  it.each(cases.filter((entry) => entry.kind !== "major").map((entry) => [entry.name, entry] as const))(
    "passes %s with the bump it needs, and fails it with one less",
    async (_name, entry) => {
      const root = await copyReleasedCheckout();
      editJson(root, `schemas/v1/${entry.file}`, entry.edit);
      setFormatVersion(root, nextVersion[entry.kind]);
      const lower = lowerBump[entry.kind];
      if (lower !== "none") addChangeset(root, "lower", lower as "minor" | "patch");
      const failing = await runGate(root);
      expect(failing.problems).toEqual([
        expect.stringContaining(
          `@agent-transcript/core carries the schema, and its pending changesets bump it ${lower}`,
        ),
      ]);
      addChangeset(root, "enough", entry.kind as "minor" | "patch");
      expect((await runGate(root)).problems).toEqual([]);
    },
  );

  it("fails a breaking change in the released major whatever the versions say, asking for a new major folder", async () => {
    const root = await copyReleasedCheckout();
    editJson(root, "schemas/v1/usage.schema.json", (schema) => schema.required.push("total_tokens"));
    setFormatVersion(root, nextVersions.major);
    addChangeset(root, "major", "major");
    const report = await runGate(root);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          `the breaking changes need a new major folder: schemas/v1 is released as ${releasedVersion}`,
        ),
        expect.stringContaining("is not of major 1, the folder schemas/v1"),
      ]),
    );
  });

  it("applies changesets' fixed groups: a minor changeset for the CLI bumps core too", async () => {
    const root = await copyReleasedCheckout();
    editJson(
      root,
      "schemas/v1/usage.schema.json",
      (schema) => (schema.properties.audio_tokens = { description: "A.", type: "integer" }),
    );
    setFormatVersion(root, nextVersions.minor);
    addChangeset(root, "cli", "minor", "@agent-transcript/cli");
    expect((await runGate(root)).problems).toEqual([]);
  });

  it("fails when formatVersion and the CHANGELOG disagree, or the version goes back", async () => {
    const root = await copyReleasedCheckout();
    const file = path.join(root, "packages/core/src/format-version.ts");
    writeFileSync(file, 'export const formatVersion = "0.9.0";\n');
    const report = await runGate(root);
    expect(report.problems).toEqual([
      expect.stringContaining(
        `CHANGELOG.md's newest heading is ${releasedVersion}, and formatVersion (packages/core/src/format-version.ts) is 0.9.0`,
      ),
      expect.stringContaining(
        `formatVersion 0.9.0 (packages/core/src/format-version.ts) is older than the released ${releasedVersion}`,
      ),
    ]);
  });

  it("names a changeset it cannot parse", async () => {
    const root = await copyReleasedCheckout();
    writeFileSync(path.join(root, ".changeset/broken.md"), "---\n@agent-transcript/core: sideways\n---\n\nx\n");
    expect((await runGate(root)).problems).toEqual([
      expect.stringContaining(".changeset/broken.md is not a changeset"),
    ]);
  });

  it("compares nothing while no version is released", async () => {
    const root = copyCheckout();
    rmSync(path.join(root, "schemas/released"), { recursive: true, force: true });
    editJson(root, "schemas/v1/usage.schema.json", (schema) => schema.required.push("total_tokens"));
    const report = await runGate(root);
    expect(report).toMatchObject({ changes: [], problems: [] });
    expect(report.release).toBeUndefined();
    expect(report.notes).toEqual([expect.stringContaining("no format version is released yet")]);
  });

  it("reads the released schemas as they were frozen, not the working ones", async () => {
    const root = await copyReleasedCheckout();
    expect(readJson(root, `schemas/released/${releasedVersion}/strict/usage.schema.json`)).toEqual(
      readJson(root, "schemas/v1/usage.schema.json"),
    );
  });
});
