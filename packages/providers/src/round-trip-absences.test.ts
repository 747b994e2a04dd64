/**
 * A round trip adds nothing the input lacked. Every real request and response of the seven APIs is taken apart one
 * field at a time: with any one field removed (each field path once per API and kind, up to four levels deep), a
 * payload that still imports without a warning must come back from native → canonical → native exactly (RFC 8785
 * canonical JSON, byte for byte) and without a warning. Converters keep what a source lacked in `$shape`-style markers,
 * so a writer's defaults (`incomplete_details: null`, an assumed `status`, `type: "message"`, zero usage, …) are not
 * added back.
 *
 * The exceptions are listed in `expected`, each with why; an unlisted difference fails, and so does an entry no
 * payload needs any more:
 * - `required`: a field the API requires; the writer fills in its documented default, with a `value-assumed` warning;
 * - `unpaired`: removing it breaks the pairing of calls and results, which the export reports as a loss.
 */
import { canonicalize } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { providerConverters, type ProviderFormatId } from "./registry.js";

interface Expected {
  /** `<api> <kind> <path shape>`: the removed field's path, array indexes written `*`. */
  shape: string;
  outcome: "required" | "unpaired";
  reason: string;
}

const expected: readonly Expected[] = [
  { shape: "anthropic request model", outcome: "required", reason: "Anthropic requires a model" },
  { shape: "anthropic request max_tokens", outcome: "required", reason: "Anthropic requires max_tokens" },
  {
    shape: "anthropic request tools/*/input_schema",
    outcome: "required",
    reason: "an Anthropic custom tool requires an input schema",
  },
  {
    shape: "anthropic request system/*/text",
    outcome: "unpaired",
    reason: "a system block without its text is no block the converter can read; it is reported as left out",
  },
  {
    shape: "anthropic request system/*/type",
    outcome: "unpaired",
    reason: "a system block without its type is no block the converter can read; it is reported as left out",
  },
  { shape: "openai-chat request model", outcome: "required", reason: "Chat requires a model" },
  {
    shape: "openai-chat request messages/*/tool_calls",
    outcome: "unpaired",
    reason: "the tool message after it answers no call any more (tool-result-unmatched)",
  },
  {
    shape: "openai-responses request input/*/output",
    outcome: "required",
    reason: "a function_call_output requires its output",
  },
  { shape: "mistral request model", outcome: "required", reason: "Mistral requires a model" },
  {
    shape: "mistral request tools/*/function/parameters",
    outcome: "required",
    reason: "a Mistral function tool requires parameters",
  },
  {
    shape: "mistral request messages/*/tool_calls",
    outcome: "unpaired",
    reason: "the tool message after it answers no call any more (tool-result-unmatched)",
  },
  { shape: "ollama request model", outcome: "required", reason: "Ollama requires a model" },
  {
    shape: "bedrock-converse request toolConfig",
    outcome: "required",
    reason: "Bedrock requires a toolConfig defining every tool the messages call",
  },
  {
    shape: "bedrock-converse request toolConfig/tools",
    outcome: "required",
    reason: "Bedrock requires a toolConfig defining every tool the messages call",
  },
  {
    shape: "bedrock-converse request toolConfig/tools/*/toolSpec",
    outcome: "required",
    reason: "Bedrock requires a toolConfig defining every tool the messages call",
  },
];

type Token = string | number;

/** Every field path of a JSON value, depth first, up to `depth` tokens long. */
function fieldPaths(value: unknown, depth: number, path: Token[] = [], found: Token[][] = []): Token[][] {
  if (path.length >= depth) return found;
  if (Array.isArray(value)) value.forEach((item, index) => fieldPaths(item, depth, [...path, index], found));
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      found.push([...path, key]);
      fieldPaths(item, depth, [...path, key], found);
    }
  return found;
}

function withoutField(value: unknown, path: readonly Token[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const token of path.slice(0, -1)) parent = parent[token] as Record<string | number, unknown>;
  delete parent[path.at(-1) as Token];
  return copy;
}

interface Outcome {
  shape: string;
  exact: boolean;
  warnings: string[];
}

/** Each field of each payload's kind and API removed once: what its round trip gives. */
function roundTrips(): Outcome[] {
  const outcomes: Outcome[] = [];
  const tried = new Set<string>();
  for (const payload of loadRealFixtures().flatMap((file) => file.payloads)) {
    if (payload.kind !== "request" && payload.kind !== "response") continue;
    if (!Object.hasOwn(providerConverters, payload.api)) continue;
    const converter = providerConverters[payload.api as ProviderFormatId];
    for (const path of fieldPaths((payload as Payload & { value: unknown }).value, 4)) {
      const shape = `${payload.api} ${payload.kind} ${path.map((token) => (typeof token === "number" ? "*" : token)).join("/")}`;
      if (tried.has(shape)) continue;
      tried.add(shape);
      const reduced = withoutField(payload.value, path);
      const imported =
        payload.kind === "request" ? converter.requestToCanonical(reduced) : converter.responseToCanonical(reduced);
      // A payload the converter refuses, or reads only with a warning, is not one a round trip must reproduce.
      if (!imported.ok || imported.warnings.length > 0) continue;
      const exported =
        payload.kind === "request"
          ? converter.requestFromCanonical(imported.document)
          : converter.responseFromCanonical(imported.document);
      outcomes.push({
        shape,
        exact: exported.ok && canonicalize(exported.value) === canonicalize(reduced),
        warnings: exported.warnings.map((warning) => `${warning.code} ${warning.path}`),
      });
    }
  }
  return outcomes;
}

describe("a round trip adds nothing the input lacked", () => {
  const outcomes = roundTrips();

  it("tries every field of every real request and response", () => {
    expect(outcomes.length).toBeGreaterThan(500);
    expect(new Set(outcomes.map((outcome) => outcome.shape.split(" ")[0]))).toEqual(
      new Set(Object.keys(providerConverters)),
    );
  });

  it("reproduces every payload with one field removed exactly, unless the field is listed", () => {
    const unexplained = outcomes
      .filter((outcome) => !outcome.exact || outcome.warnings.length > 0)
      .filter((outcome) => !expected.some((entry) => entry.shape === outcome.shape))
      .map((outcome) => `${outcome.shape}: ${outcome.exact ? "exact" : "differs"}, warnings ${outcome.warnings}`);
    expect(unexplained).toEqual([]);
  });

  it.each(expected.map((entry) => [entry.shape, entry] as const))("%s: as listed", (_shape, entry) => {
    const outcome = outcomes.find((candidate) => candidate.shape === entry.shape);
    expect(outcome).toBeDefined();
    expect(outcome?.exact).toBe(false);
    // A required field comes back as its default, said so; a broken pairing is reported as the loss it is.
    const wanted = entry.outcome === "required" ? ["value-assumed"] : ["tool-result-unmatched", "part-dropped"];
    const codes = (outcome?.warnings ?? []).map((warning) => warning.split(" ")[0] ?? "");
    expect(codes.filter((code) => wanted.includes(code)).length).toBeGreaterThan(0);
  });
});
