import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { generateAll } from "./generate.js";
import { repositoryRoot } from "./paths.js";
import { lintSchemaSet, loadSchemaSet, type JsonSchema, type SchemaFile } from "./schema-set.js";
import { collectVocabularies, pluralName, type Vocabulary } from "./vocabularies.js";

const vocabulariesPath = "packages/core/src/generated/v1/vocabularies.ts";
const typesPath = "packages/core/src/generated/v1/types.ts";

function fileOf(files: SchemaFile[], slug: string): SchemaFile {
  const file = files.find((candidate) => candidate.slug === slug && candidate.version === "v1");
  if (!file) throw new Error(`no schemas/v1/${slug}.schema.json`);
  return file;
}

/** The repository's schemas with one new source format and one new part type, as a newer minor version adds them. */
function grownSchemaSet(): SchemaFile[] {
  const files = structuredClone(loadSchemaSet());
  const transcript = fileOf(files, "transcript");
  const sourceFormat = (transcript.schema.$defs as Record<string, JsonSchema>).SourceFormat as { enum: string[] };
  sourceFormat.enum.push("example-agent");
  const part = fileOf(files, "part");
  const definitions = part.schema.$defs as Record<string, JsonSchema>;
  definitions.SketchPart = {
    title: "SketchPart",
    description: "A hand-drawn sketch.",
    type: "object",
    properties: {
      type: { description: "Always `sketch`.", const: "sketch" },
      strokes: { description: "The strokes, in drawing order.", type: "array", items: { type: "string" } },
    },
    required: ["type", "strokes"],
    additionalProperties: false,
  };
  part.definitionNames.push("SketchPart");
  (part.schema.oneOf as JsonSchema[]).push({ $ref: "#/$defs/SketchPart" });
  return files;
}

describe("vocabulary names", () => {
  it.each([
    ["SourceFormat", "sourceFormats"],
    ["Status", "statuses"],
    ["Fidelity", "fidelities"],
    ["TruncationStrategy", "truncationStrategies"],
    ["Box", "boxes"],
    ["Key", "keys"],
  ])("%s becomes %s", (name, plural) => {
    expect(pluralName(name.charAt(0).toLowerCase() + name.slice(1))).toBe(plural);
  });

  it("are the camelCase plural of the definition's title, and of its tag for a union", () => {
    const files = loadSchemaSet().filter((file) => file.version === "v1");
    const names = Object.fromEntries(
      collectVocabularies(files, files).map((vocabulary) => [vocabulary.name, vocabulary.definition]),
    );
    expect(names).toMatchObject({
      partTypes: "Part",
      eventTypes: "EventType",
      sourceFormats: "SourceFormat",
      artifactTypes: "Artifact",
      costStatuses: "Cost",
      toolResultStatuses: "ToolResultStatus",
    });
  });
});

describe("a member added to the schema", () => {
  it("reaches the generated constants and types with nothing else to change", async () => {
    const files = grownSchemaSet();
    expect(lintSchemaSet(files)).toEqual([]);
    const output = await generateAll(files);
    const vocabularies = output.get(vocabulariesPath) ?? "";
    expect(vocabularies).toMatch(
      /^export const sourceFormats = \[[^\]]*, "example-agent"\] as const satisfies readonly Types\.SourceFormat\[\];$/m,
    );
    expect(vocabularies).toMatch(
      /^export const partTypes = \[[^\]]*"native", "sketch"\] as const satisfies readonly Types\.Part\["type"\]\[\];$/m,
    );
    const types = output.get(typesPath) ?? "";
    expect(types).toMatch(/export type SourceFormat =[^;\n]*"example-agent"/);
    expect(types).toMatch(/type: "sketch"/);
    // Only the grown vocabularies changed: every other constant is the committed one.
    const committed = readFileSync(path.join(repositoryRoot, vocabulariesPath), "utf8");
    const changed = vocabularies.split("\n").filter((line) => !committed.split("\n").includes(line));
    expect(changed).toEqual([
      expect.stringMatching(/^export const partTypes = /),
      expect.stringMatching(/^export const sourceFormats = /),
    ]);
  });

  it("the committed module is what the repository's schemas generate (the drift check's view)", async () => {
    const output = await generateAll(loadSchemaSet());
    expect(output.get(vocabulariesPath)).toBe(readFileSync(path.join(repositoryRoot, vocabulariesPath), "utf8"));
    expect(output.get(vocabulariesPath)).toMatch(/^\/\/ AUTO-GENERATED FILE\. DO NOT EDIT\./);
  });
});

/**
 * Lists of string literals in a source file (array literals and union types) that copy a vocabulary: all of its
 * members, or, for a vocabulary of five or more, all but one and nothing else (a copy that fell behind the schema).
 */
function vocabularyCopies(
  fileName: string,
  text: string,
  vocabularies: readonly Vocabulary[],
): Array<{ line: number; vocabulary: string }> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const copies: Array<{ line: number; vocabulary: string }> = [];
  const visit = (node: ts.Node): void => {
    let literals: string[] | undefined;
    if (ts.isArrayLiteralExpression(node) && node.elements.every((element) => ts.isStringLiteral(element)))
      literals = node.elements.map((element) => (element as ts.StringLiteral).text);
    if (
      ts.isUnionTypeNode(node) &&
      node.types.every((type) => ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal))
    )
      literals = node.types.map((type) => ((type as ts.LiteralTypeNode).literal as ts.StringLiteral).text);
    const distinct = new Set(literals ?? []);
    for (const vocabulary of vocabularies) {
      if (distinct.size < 2 || ![...distinct].every((literal) => vocabulary.members.includes(literal))) continue;
      const size = vocabulary.members.length;
      if (distinct.size === size || (size >= 5 && distinct.size === size - 1))
        copies.push({
          line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
          vocabulary: vocabulary.name,
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return copies;
}

/** Hand-written TypeScript sources of every workspace package: no generated code, no tests (which spell out expectations). */
function handWrittenSources(): string[] {
  const sources: string[] = [];
  const visit = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const absolute = path.join(folder, name);
      if (statSync(absolute).isDirectory()) {
        if (name !== "generated" && name !== "node_modules" && name !== "fixtures") visit(absolute);
      } else if (/\.ts$/.test(name) && !/\.(?:d|test|test\.helpers)\.ts$/.test(name)) sources.push(absolute);
    }
  };
  for (const group of ["packages", "tools", "apps"]) {
    if (!existsSync(path.join(repositoryRoot, group))) continue;
    for (const name of readdirSync(path.join(repositoryRoot, group))) {
      const folder = path.join(repositoryRoot, group, name, "src");
      if (existsSync(folder)) visit(folder);
    }
  }
  return sources;
}

/**
 * A format folder, or a family of formats, describes other systems' formats, whose own lists may equal ours by design
 * (the Warp export's plan statuses were the model for PlanStatus; the chat-completions roles are ours; the
 * OpenTelemetry GenAI conventions' roles are ours less `developer`) and must not follow the schema when it grows: they
 * are those formats', so the scan leaves them out.
 */
const nativeFormatFolders = /^packages\/providers\/src\/(?:formats|families|otel-genai)\//;

describe("hand-written code", () => {
  const files = loadSchemaSet().filter((file) => file.version === "v1");
  const vocabularies = collectVocabularies(files, files);

  it("finds a copy, whole or one member behind, in array literals and union types", () => {
    const behind = vocabularies.find((vocabulary) => vocabulary.name === "eventTypes")?.members.slice(0, -1) ?? [];
    const text = [
      `const known = new Set(${JSON.stringify(behind)});`,
      `type Status = "ok" | "error" | "denied" | "interrupted";`,
      `const some = ["ok", "error"];`,
    ].join("\n");
    expect(vocabularyCopies("example.ts", text, vocabularies)).toEqual([
      { line: 1, vocabulary: "eventTypes" },
      { line: 2, vocabulary: "toolResultStatuses" },
    ]);
  });

  it("keeps no copy of a vocabulary: it imports the generated constant", () => {
    const sources = handWrittenSources();
    // With no sources found, there would be no copy to find.
    expect(sources.length).toBeGreaterThan(100);
    const copies = sources.flatMap((file) => {
      const relative = path.relative(repositoryRoot, file).split(path.sep).join("/");
      if (nativeFormatFolders.test(relative)) return [];
      return vocabularyCopies(file, readFileSync(file, "utf8"), vocabularies).map(
        (copy) => `${relative}:${copy.line} copies ${copy.vocabulary}`,
      );
    });
    expect(copies).toEqual([]);
  });
});
