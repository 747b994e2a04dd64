/**
 * The digest of the shapes we check: for each published specification, the file's SHA-256 and, for every shape
 * reachable from the shapes the checker validates against (`checkedShapes`), a hash of what the shape says about a
 * value. Documentation (descriptions, titles, examples, `x-` annotations, Smithy's `documentation` trait) is left out
 * of the hash, so a reworded description changes nothing while a new required field, a removed enum member or a
 * new union branch does.
 *
 * `digest.json` beside this package's README is the committed digest. When a newer specification is dropped into
 * `published/`, the digest test fails and names every shape that was added, removed or changed, so the converters
 * are looked at before the digest is refreshed (`pnpm --filter @agent-transcript/specs digest:update`).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { checkedShapes } from "./checker.js";
import { loadSpec, specFileHash, specsPackageRoot, type SpecId } from "./published.js";

type JsonObject = { [key: string]: unknown };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface SpecDigest {
  /** SHA-256 of the file's bytes. */
  file: string;
  /** The shapes the checker validates against (the roots the shapes below are reached from). */
  roots: string[];
  /** Every shape reachable from the roots, with the hash of what it says (documentation left out). */
  shapes: Record<string, string>;
}

export type Digest = Record<SpecId, SpecDigest>;

export const digestFile = path.join(specsPackageRoot, "digest.json");

/** Canonical JSON: keys sorted, so the hash does not depend on the order a document writes them in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

const hash = (value: unknown): string => createHash("sha256").update(canonical(value)).digest("hex").slice(0, 16);

const annotationKeys = new Set(["description", "title", "example", "examples", "$comment"]);
/** Keywords whose value maps names to subschemas: the names are data, never annotations. */
const nameMaps = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

/** An OpenAPI schema without its annotations; property names are kept whatever they are. */
function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (annotationKeys.has(key) || key.startsWith("x-")) continue;
    out[key] =
      nameMaps.has(key) && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withoutAnnotations(item)]))
        : key === "enum" || key === "const" || key === "default"
          ? value
          : withoutAnnotations(value);
  }
  return out;
}

/** The `#/components/schemas/…` names a schema refers to. */
function references(schema: unknown, found: Set<string>): void {
  if (Array.isArray(schema)) for (const item of schema) references(item, found);
  else if (isObject(schema))
    for (const [key, value] of Object.entries(schema)) {
      if (key === "$ref" && typeof value === "string" && value.startsWith("#/components/schemas/"))
        found.add(value.slice("#/components/schemas/".length).replaceAll("~1", "/").replaceAll("~0", "~"));
      else references(value, found);
    }
}

function openApiShapes(document: unknown, roots: readonly string[]): Record<string, string> {
  const schemas = isObject(document) && isObject(document.components) ? document.components.schemas : undefined;
  if (!isObject(schemas)) throw new Error("not an OpenAPI document: no components.schemas");
  const shapes: Record<string, string> = {};
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (Object.hasOwn(shapes, name)) continue;
    if (!Object.hasOwn(schemas, name)) {
      shapes[name] = "missing";
      continue;
    }
    shapes[name] = hash(withoutAnnotations(schemas[name]));
    const found = new Set<string>();
    references(schemas[name], found);
    pending.push(...found);
  }
  return shapes;
}

/** A Smithy shape without its documentation traits (its own and its members'). */
function smithyWithoutDocs(shape: JsonObject): unknown {
  const strip = (traits: unknown): unknown =>
    isObject(traits)
      ? Object.fromEntries(Object.entries(traits).filter(([key]) => key !== "smithy.api#documentation"))
      : traits;
  const out: JsonObject = { ...shape };
  if (out.traits !== undefined) out.traits = strip(out.traits);
  if (isObject(out.members))
    out.members = Object.fromEntries(
      Object.entries(out.members).map(([name, member]) => [
        name,
        isObject(member) ? { ...member, traits: strip(member.traits) } : member,
      ]),
    );
  return out;
}

function smithyShapes(model: unknown, roots: readonly string[]): Record<string, string> {
  const all = isObject(model) && isObject(model.shapes) ? model.shapes : undefined;
  if (all === undefined) throw new Error("not a Smithy JSON model: no shapes");
  const shapes: Record<string, string> = {};
  const pending = [...roots];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (Object.hasOwn(shapes, id) || id.startsWith("smithy.api#")) continue;
    const shape = all[id];
    if (!isObject(shape)) {
      shapes[id] = "missing";
      continue;
    }
    shapes[id] = hash(smithyWithoutDocs(shape));
    const targets = [
      ...Object.values(isObject(shape.members) ? shape.members : {}),
      shape.member,
      shape.key,
      shape.value,
    ];
    for (const member of targets)
      if (isObject(member) && typeof member.target === "string") pending.push(member.target);
  }
  return shapes;
}

const sortedObject = (record: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(record).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));

/** The digest of the specifications under `root` (this package's own `published/` unless told otherwise). */
export function computeDigest(root?: string): Digest {
  const rootsOf = (spec: SpecId): string[] =>
    Object.values(checkedShapes)
      .filter((shapes) => shapes.spec === spec)
      .flatMap((shapes) => [shapes.request, shapes.response, shapes["stream-event"]]);
  const one = (spec: SpecId): SpecDigest => {
    const roots = rootsOf(spec);
    const document = loadSpec(spec, root);
    return {
      file: specFileHash(spec, root),
      roots,
      shapes: sortedObject(spec === "bedrock-runtime" ? smithyShapes(document, roots) : openApiShapes(document, roots)),
    };
  };
  return { openai: one("openai"), mistral: one("mistral"), "bedrock-runtime": one("bedrock-runtime") };
}

export function readCommittedDigest(): Digest {
  return JSON.parse(readFileSync(digestFile, "utf8")) as Digest;
}

/** What changed between two digests, one line per change, naming the spec and the shape. */
export function diffDigests(before: Digest, after: Digest): string[] {
  const lines: string[] = [];
  for (const spec of Object.keys(after) as SpecId[]) {
    const old = before[spec];
    const now = after[spec];
    if (old === undefined) {
      lines.push(`${spec}: not in the committed digest`);
      continue;
    }
    for (const [name, value] of Object.entries(now.shapes)) {
      if (!Object.hasOwn(old.shapes, name)) lines.push(`${spec}: shape ${name} added`);
      else if (old.shapes[name] !== value)
        lines.push(value === "missing" ? `${spec}: shape ${name} removed` : `${spec}: shape ${name} changed`);
    }
    for (const name of Object.keys(old.shapes))
      if (!Object.hasOwn(now.shapes, name)) lines.push(`${spec}: shape ${name} no longer reached`);
    if (old.file !== now.file && !lines.some((line) => line.startsWith(`${spec}:`)))
      lines.push(`${spec}: the file changed; no shape we check did (documentation only)`);
  }
  return lines;
}
