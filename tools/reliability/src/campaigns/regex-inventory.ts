/**
 * Every regular expression the product runs, with where it comes from: the literals and literal `new RegExp("…")`
 * sources in the packages' and apps' source (found with the TypeScript compiler, so a `/` in a string or a comment is
 * never taken for one), the JSON Schemas' `pattern` keywords and `patternProperties` names (every validator runs
 * them), and the patterns built at run time, enumerated through the API that builds them (the redaction rules, their
 * head patterns, the price table's model matches). A `new RegExp(…)` whose source is not a literal is a site this
 * inventory must know how to enumerate: an unknown one is reported, so a new run-time pattern cannot slip past the
 * campaign.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { defaultPriceTable, type ModelMatch } from "@agent-transcript/core";
import { builtInRules } from "@agent-transcript/core/redact";
import { repositoryRoot } from "../paths.js";

export interface FoundPattern {
  /** The package (`core`, `providers`, `viewer`…) or `schemas`: the report's label. */
  readonly owner: string;
  /** Repository-relative file and line (or JSON pointer): what to open. */
  readonly location: string;
  /** The repository-relative file that defines the pattern: what allow-list entries name. */
  readonly file: string;
  /** A built-in redaction rule's id, for its pattern as the redactor compiles it. */
  readonly rule?: string;
  /** For a head pattern: the id of the rule it wraps. */
  readonly wraps?: string;
  readonly source: string;
  readonly flags: string;
  /** How it was found: a literal in the source, a schema keyword, or enumerated from a run-time builder. */
  readonly origin: "literal" | "schema" | "run time";
}

/** A `new RegExp(…)` whose source is computed: the inventory must know what it builds. */
interface RuntimeSite {
  /** The file holding the one computed `new RegExp` the entry stands for (a second one there is reported). */
  readonly file: string;
  /** Why the patterns it builds are (or need not be) in the inventory. */
  readonly enumeration: string;
}

/**
 * The known run-time sites. Each builds its patterns from something the inventory enumerates below, or from text a
 * user supplies (checked by the product itself before it runs).
 */
const runtimeSites: readonly RuntimeSite[] = [
  { file: "packages/core/src/redact/redactor.ts", enumeration: "each built-in rule's own source, with `dg` added" },
  { file: "packages/core/src/redact/text-scan.ts", enumeration: "each built-in rule's head pattern" },
  {
    file: "packages/core/src/redact/rules.ts",
    enumeration: "a user's own rule, refused by core's pattern-safety check when it can backtrack",
  },
  { file: "packages/core/src/cost.ts", enumeration: "the shipped price table's `regex` model matches" },
  {
    file: "packages/providers/src/formats/gemini-cli/to-canonical-files.ts",
    enumeration: "`^` and an escaped folder name: a literal, checked with a sample name",
  },
  {
    file: "packages/providers/src/formats/atif/index.ts",
    enumeration: "`^`, an escaped file stem and a fixed suffix, checked with a sample stem",
  },
];

function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") yield* sourceFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$|\.test\.tsx?$|\.test\.helpers\.tsx?$/.test(entry.name))
      yield full;
  }
}

/** Where the product's TypeScript lives: each package's and app's `src` (generated code included: it ships). */
function productSourceRoots(): Array<{ owner: string; folder: string }> {
  const roots: Array<{ owner: string; folder: string }> = [];
  for (const parent of ["packages", "apps"])
    for (const entry of readdirSync(path.join(repositoryRoot, parent), { withFileTypes: true }))
      if (entry.isDirectory()) {
        const folder = path.join(repositoryRoot, parent, entry.name, "src");
        try {
          readdirSync(folder);
          roots.push({ owner: entry.name, folder });
        } catch {
          // A package without TypeScript source (the Go, Python and Rust bindings).
        }
      }
  return roots;
}

const isRegExpConstructor = (node: ts.Expression): boolean => ts.isIdentifier(node) && node.text === "RegExp";

/** A string literal's value, or undefined when the expression is computed. */
function literalText(node: ts.Expression | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

export interface SourceScan {
  readonly patterns: FoundPattern[];
  /** `new RegExp(<computed>)` sites not in {@link runtimeSites}: each is a failure of the inventory. */
  readonly unknownRuntimeSites: string[];
  readonly files: number;
}

/** The regular-expression literals and literal `new RegExp` calls in the product's source. */
export function scanProductSource(): SourceScan {
  const patterns: FoundPattern[] = [];
  const unknownRuntimeSites: string[] = [];
  const computedSites = new Map<string, number>();
  let files = 0;
  for (const { owner, folder } of productSourceRoots())
    for (const file of sourceFiles(folder)) {
      files += 1;
      const relative = path.relative(repositoryRoot, file).split(path.sep).join("/");
      const text = readFileSync(file, "utf8");
      const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
      const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
      const at = (node: ts.Node): string =>
        `${relative}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
      const visit = (node: ts.Node): void => {
        if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const literal = (node as ts.RegularExpressionLiteral).text;
          const lastSlash = literal.lastIndexOf("/");
          patterns.push({
            owner,
            location: at(node),
            file: relative,
            source: literal.slice(1, lastSlash),
            flags: literal.slice(lastSlash + 1),
            origin: "literal",
          });
        } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && isRegExpConstructor(node.expression)) {
          const [sourceArgument, flagsArgument] = node.arguments ?? [];
          const source = literalText(sourceArgument);
          const flags = flagsArgument === undefined ? "" : literalText(flagsArgument);
          if (source !== undefined && flags !== undefined)
            patterns.push({ owner, location: at(node), file: relative, source, flags, origin: "literal" });
          else {
            // A known site is enumerated below; a second computed call in its file, or one elsewhere, is reported.
            computedSites.set(relative, (computedSites.get(relative) ?? 0) + 1);
            if (!runtimeSites.some((site) => site.file === relative) || (computedSites.get(relative) ?? 0) > 1)
              unknownRuntimeSites.push(`${at(node)}: ${node.getText(sourceFile).slice(0, 120)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  return { patterns, unknownRuntimeSites, files };
}

/** Keywords whose value is one schema, a map of schemas, or a list of schemas (JSON Schema 2020-12 and draft-07). */
const schemaValued = new Set([
  "additionalItems",
  "additionalProperties",
  "contains",
  "else",
  "if",
  "items",
  "not",
  "propertyNames",
  "then",
  "unevaluatedItems",
  "unevaluatedProperties",
]);
const schemaMaps = new Set(["$defs", "definitions", "dependentSchemas", "patternProperties", "properties"]);
const schemaLists = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);

/**
 * The `pattern` keywords and `patternProperties` names of every JSON Schema under `schemas/v1` (the documents that
 * declare `$schema`; the examples beside them are instance documents, whose `pattern` fields are data). Validators
 * compile them with the `u` flag (ajv's default), so they are checked with it.
 */
export function scanSchemas(): { patterns: FoundPattern[]; schemaFiles: number; otherFiles: number } {
  const patterns: FoundPattern[] = [];
  let schemaFiles = 0;
  let otherFiles = 0;
  const root = path.join(repositoryRoot, "schemas/v1");
  const walkFolder = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walkFolder(full);
      else if (entry.name.endsWith(".json")) {
        const document: unknown = JSON.parse(readFileSync(full, "utf8"));
        if (typeof document !== "object" || document === null || !("$schema" in document)) {
          otherFiles += 1;
          continue;
        }
        schemaFiles += 1;
        const relative = path.relative(repositoryRoot, full).split(path.sep).join("/");
        walkSchema(document, "", (pointer, source) =>
          patterns.push({
            owner: "schemas",
            location: `${relative}#${pointer}`,
            file: relative,
            source,
            flags: "u",
            origin: "schema",
          }),
        );
      }
    }
  };
  walkFolder(root);
  return { patterns, schemaFiles, otherFiles };
}

const pointerToken = (key: string): string => key.replaceAll("~", "~0").replaceAll("/", "~1");

function walkSchema(schema: unknown, pointer: string, found: (pointer: string, source: string) => void): void {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return;
  for (const [keyword, value] of Object.entries(schema)) {
    const here = `${pointer}/${pointerToken(keyword)}`;
    if (keyword === "pattern" && typeof value === "string") found(here, value);
    else if (schemaValued.has(keyword)) walkSchema(value, here, found);
    else if (schemaMaps.has(keyword) && typeof value === "object" && value !== null)
      for (const [name, inner] of Object.entries(value)) {
        if (keyword === "patternProperties") found(`${here}/${pointerToken(name)}`, name);
        walkSchema(inner, `${here}/${pointerToken(name)}`, found);
      }
    else if (schemaLists.has(keyword) && Array.isArray(value))
      value.forEach((inner, index) => walkSchema(inner, `${here}/${index}`, found));
  }
}

/** The head pattern core builds around a rule (exported by its module, not by the package). */
type HeadPatternBuilder = (source: string, flags: string) => RegExp | undefined;

async function loadHeadPattern(): Promise<HeadPatternBuilder> {
  const module = (await import(
    pathToFileURL(path.join(repositoryRoot, "packages/core/dist/redact/text-scan.js")).href
  )) as { headPattern: HeadPatternBuilder };
  return module.headPattern;
}

function* modelMatchRegexes(match: ModelMatch): Generator<string> {
  if ("regex" in match) yield match.regex;
  if ("or" in match) for (const inner of match.or) yield* modelMatchRegexes(inner);
  if ("and" in match) for (const inner of match.and) yield* modelMatchRegexes(inner);
}

/** Escapes text for a pattern as the providers' file finders do (every non-word character). */
const escapedLiteral = (text: string): string => text.replace(/\W/g, "\\$&");

/**
 * The patterns built at run time, through the API that builds them: the built-in redaction rules (as the redactor
 * compiles them) and their head patterns, the price table's model matches, and a sample of each file finder's
 * escaped-literal pattern.
 */
export async function runtimePatterns(): Promise<FoundPattern[]> {
  const patterns: FoundPattern[] = [];
  const headPattern = await loadHeadPattern();
  for (const rule of builtInRules) {
    const flags = rule.pattern.flags.replace(/[dgy]/g, "");
    patterns.push({
      owner: "core",
      location: `builtInRules[${rule.id}] (redactor.ts, compiled with dg)`,
      file: "packages/core/src/redact/rules.ts",
      rule: rule.id,
      source: rule.pattern.source,
      flags: `${flags}dg`,
      origin: "run time",
    });
    const head = headPattern(rule.pattern.source, flags);
    if (head !== undefined)
      patterns.push({
        owner: "core",
        location: `builtInRules[${rule.id}] head pattern (text-scan.ts)`,
        file: "packages/core/src/redact/text-scan.ts",
        wraps: rule.id,
        source: head.source,
        flags: head.flags,
        origin: "run time",
      });
  }
  const seen = new Set<string>();
  const matches: Array<{ where: string; match: ModelMatch | undefined }> = [
    ...(defaultPriceTable.providers ?? []).map((entry) => ({
      where: `provider ${entry.provider}`,
      match: entry.match,
    })),
    ...defaultPriceTable.models.map((entry) => ({ where: `model ${entry.model}`, match: entry.match })),
    ...(defaultPriceTable.unpriced ?? []).map((entry) => ({ where: `unpriced ${entry.model}`, match: entry.match })),
  ];
  for (const { where, match } of matches)
    if (match !== undefined)
      for (const regex of modelMatchRegexes(match))
        if (!seen.has(regex)) {
          seen.add(regex);
          patterns.push({
            owner: "core",
            location: `defaultPriceTable ${where} (generated/prices.json, run by cost.ts)`,
            file: "packages/core/src/generated/prices.json",
            source: regex,
            flags: "",
            origin: "run time",
          });
        }
  patterns.push({
    owner: "providers",
    location: "packages/providers/src/formats/gemini-cli/to-canonical-files.ts (sample folder name)",
    file: "packages/providers/src/formats/gemini-cli/to-canonical-files.ts",
    source: `^${escapedLiteral("project-7f3a.tmp/chats")}`,
    flags: "",
    origin: "run time",
  });
  patterns.push({
    owner: "providers",
    location: "packages/providers/src/formats/atif/index.ts (sample stem)",
    file: "packages/providers/src/formats/atif/index.ts",
    source: `^${escapedLiteral("trajectory (1).run")}\\.cont-\\d{1,6}\\.json$`,
    flags: "",
    origin: "run time",
  });
  return patterns;
}
