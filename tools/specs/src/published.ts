import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";

/**
 * The published specifications, committed byte for byte under `published/` (README.md says where each came from).
 * Found from this module's own place, so a clone needs nothing beside it.
 */
export const specsPackageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Which published document: OpenAI's and Mistral's OpenAPI 3.1 descriptions, Bedrock Runtime's Smithy model. */
export type SpecId = "openai" | "mistral" | "bedrock-runtime";

export const specFiles: Readonly<Record<SpecId, string>> = {
  openai: "published/openai/openapi.json",
  mistral: "published/mistral/openapi.yaml",
  "bedrock-runtime": "published/bedrock-runtime/bedrock-runtime.json",
};

/** The path of a spec's file; `root` lets a test point at another copy (a newer spec dropped in elsewhere). */
export function specPath(spec: SpecId, root: string = specsPackageRoot): string {
  return path.join(root, specFiles[spec]);
}

/** The SHA-256 of the file's bytes, hex: what the digest records to notice a replaced file. */
export function specFileHash(spec: SpecId, root?: string): string {
  return createHash("sha256")
    .update(readFileSync(specPath(spec, root)))
    .digest("hex");
}

const cache = new Map<string, unknown>();

/** The parsed document (JSON or YAML). This package's own copies are read once; another root is read every time. */
export function loadSpec(spec: SpecId, root?: string): unknown {
  const file = specPath(spec, root);
  const cached = root === undefined ? cache.get(file) : undefined;
  if (cached !== undefined) return cached;
  const text = readFileSync(file, "utf8");
  const parsed: unknown = file.endsWith(".yaml") ? parseYaml(text) : JSON.parse(text);
  if (root === undefined) cache.set(file, parsed);
  return parsed;
}
