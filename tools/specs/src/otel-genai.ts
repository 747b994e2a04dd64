/**
 * The OpenTelemetry GenAI semantic conventions (v1.41.1, `published/otel-genai/`): the JSON Schemas of the four
 * message-bearing attributes, and the attribute registry and span definitions (YAML), read to check what an export
 * emits. The schemas are JSON Schema draft-07 documents (`gen_ai.tool.definitions`' parameters refer to draft-07's
 * meta-schema), validated with ajv's draft-07 build; formats with ajv-formats.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { parse as parseYaml } from "yaml";
import { specsPackageRoot } from "./published.js";

type AddFormats = typeof addFormatsModule.default;
const addFormats: AddFormats =
  typeof addFormatsModule === "function"
    ? (addFormatsModule as unknown as AddFormats)
    : (addFormatsModule as unknown as { default: AddFormats }).default;

const folder = path.join(specsPackageRoot, "published", "otel-genai");

/** The attributes whose values the conventions define by a JSON Schema, and the schema's file. */
export const genAiSchemaFiles = {
  "gen_ai.input.messages": "gen-ai-input-messages.json",
  "gen_ai.output.messages": "gen-ai-output-messages.json",
  "gen_ai.system_instructions": "gen-ai-system-instructions.json",
  "gen_ai.tool.definitions": "gen-ai-tool-definitions.json",
} as const;

export type GenAiSchemaAttribute = keyof typeof genAiSchemaFiles;

let validators: Map<GenAiSchemaAttribute, ValidateFunction> | undefined;

/** The problems of one attribute's value (parsed from its JSON string) against its schema: none when it is valid. */
export function checkGenAiValue(attribute: GenAiSchemaAttribute, value: unknown): string[] {
  if (validators === undefined) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    validators = new Map(
      Object.entries(genAiSchemaFiles).map(([key, file]) => [
        key as GenAiSchemaAttribute,
        ajv.compile(JSON.parse(readFileSync(path.join(folder, file), "utf8")) as object),
      ]),
    );
  }
  const validate = validators.get(attribute) as ValidateFunction;
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "/"} ${error.message ?? "is not valid"}`);
}

interface RegistryGroup {
  id?: string;
  type?: string;
  attributes?: Array<{ id?: string; ref?: string }>;
  span_kind?: string;
}

/** Every attribute the registry defines (`gen_ai.*`) and every attribute a span definition refers to. */
export function genAiRegistry(): { attributes: Set<string>; referenced: Set<string>; spans: Set<string> } {
  const attributes = new Set<string>();
  const referenced = new Set<string>();
  const spans = new Set<string>();
  for (const file of ["registry.yaml", "spans.yaml"]) {
    const document = parseYaml(readFileSync(path.join(folder, file), "utf8")) as { groups?: RegistryGroup[] };
    for (const group of document.groups ?? []) {
      if (group.type === "span" && typeof group.id === "string") spans.add(group.id);
      for (const entry of group.attributes ?? []) {
        if (typeof entry.id === "string") attributes.add(entry.id);
        if (typeof entry.ref === "string") referenced.add(entry.ref);
      }
    }
  }
  return { attributes, referenced, spans };
}
