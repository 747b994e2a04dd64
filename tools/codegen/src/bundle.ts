import type { JsonSchema } from "./schema-set.js";

/**
 * Keywords whose values are data, not schemas: a `$ref` key inside them is an instance's property, never a reference.
 */
const dataKeywords = new Set(["enum", "const", "examples", "default"]);

/**
 * Every schema resource (`$id` without a fragment) that `schema` reaches through `$ref`, directly or through the
 * resources it reaches, in the order first met. `schema`'s own `$id` is the base of its relative references.
 */
export function referencedResources(
  schema: JsonSchema,
  resources: ReadonlyMap<string, JsonSchema>,
): Map<string, JsonSchema> {
  const rootId = String(schema.$id);
  const found = new Map<string, JsonSchema>();
  const pending: Array<[JsonSchema, string]> = [[schema, rootId]];
  while (pending.length > 0) {
    const [resource, baseId] = pending.pop() as [JsonSchema, string];
    for (const reference of references(resource)) {
      const target = new URL(reference, baseId);
      target.hash = "";
      const id = target.href;
      if (id === rootId || found.has(id)) continue;
      const embedded = resources.get(id);
      if (!embedded) throw new Error(`$ref ${reference} in ${baseId} names no schema of the set`);
      found.set(id, embedded);
      pending.push([embedded, id]);
    }
  }
  return found;
}

/** The `$ref` strings of one resource (our sources nest no other `$id`, so every one is relative to its root). */
function references(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const child of node) references(child, found);
  } else if (typeof node === "object" && node !== null) {
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === "$ref" && typeof value === "string") found.push(value);
      else if (!dataKeywords.has(keyword)) references(value, found);
    }
  }
  return found;
}

/**
 * One entity's schema as a JSON Schema 2020-12 compound schema document (the specification's "Bundling"): the
 * entity's own schema, with every schema resource it reaches embedded under its `$defs`, keyed by that resource's
 * `$id` and keeping it. Relative references inside each embedded resource resolve against its own `$id`, exactly as
 * they do across the separate files, so a validator needs this one document and no other, and nothing is fetched.
 *
 * The embedded resources lose `$schema` (the compound document's root declares the dialect for all of them, and
 * some validators refuse `$schema` below the root) and `$comment`; nothing else changes, so every keyword of every
 * file validates as it did. Embedded resources are sorted by `$id` so the output is the same on every run.
 */
export function bundleSchema(schema: JsonSchema, resources: ReadonlyMap<string, JsonSchema>): JsonSchema {
  const embedded = [...referencedResources(schema, resources)].sort(([left], [right]) =>
    left < right ? -1 : left > right ? 1 : 0,
  );
  const ownDefinitions = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  for (const [id] of embedded) {
    if (Object.hasOwn(ownDefinitions, id)) throw new Error(`${String(schema.$id)} already has a $defs entry ${id}`);
  }
  const definitions: Record<string, JsonSchema> = { ...ownDefinitions };
  for (const [id, resource] of embedded) {
    const { $schema: _dialect, $comment: _comment, ...rest } = resource;
    definitions[id] = rest;
  }
  return embedded.length === 0 && schema.$defs === undefined ? { ...schema } : { ...schema, $defs: definitions };
}
