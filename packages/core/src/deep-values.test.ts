/**
 * Every operation on in-memory values, given values nested deeper than the call stack allows: each either walks
 * them without recursion and answers, or refuses them with its documented error naming the pointer (a result error
 * where it has one, a `JsonDepthError` where it throws) — never "Maximum call stack size exceeded".
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalByteLength } from "./canonical-json.js";
import { decodeTranscript } from "./decode.js";
import { omitReasoning, prepareExport, redactTranscript, truncateToolOutputs } from "./export.js";
import { foldEventLog } from "./fold.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { validateTranscript, validateTranscriptTolerant } from "./generated/v1/validate.js";
import { checkJsonValue, defaultMaxDepth, JsonDepthError } from "./json-limits.js";
import { renderMarkdown } from "./markdown.js";
import { createRedactor } from "./redact/index.js";
import { truncateValue } from "./truncate.js";

/** Arrays nested `levels` deep around `inner`. */
function nestArrays(levels: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

/** A document whose one tool call's input nests `levels` arrays: its deepest container is at 5 + levels. */
function withDeepInput(levels: number): Tolerant.Transcript {
  return {
    schema_version: "1.0.0",
    id: "deep",
    messages: [{ role: "assistant", parts: [{ type: "tool_call", id: "c", name: "n", input: nestArrays(levels) }] }],
  };
}

/** A document whose tool results nest inside each other's content `levels` times (the schema's own recursion). */
function withNestedResults(levels: number): Tolerant.Transcript {
  let part: Tolerant.Part = { type: "text", text: "x" };
  for (let level = 0; level < levels; level += 1)
    part = { type: "tool_result", call_id: "c", status: "ok", content: [part] } as Tolerant.Part;
  return { schema_version: "1.0.0", id: "nested", messages: [{ role: "tool", parts: [part] }] };
}

const inputPointer = (levels: number): string => `/messages/0/parts/0/input${"/0".repeat(levels)}`;

const documentOperations: Array<[string, (document: Tolerant.Transcript) => unknown]> = [
  ["prepareExport", (document) => prepareExport(document, { truncate: {}, reasoning: "omit" })],
  ["renderMarkdown", (document) => renderMarkdown(document)],
  ["omitReasoning", (document) => omitReasoning(document)],
  ["truncateToolOutputs", (document) => truncateToolOutputs(document)],
  ["redactTranscript", (document) => redactTranscript(document, createRedactor())],
];

describe("operations on documents nested around the limit", () => {
  it("work up to the limit and throw JsonDepthError naming the pointer beyond it (generated depths)", () => {
    fc.assert(
      fc.property(fc.integer({ min: defaultMaxDepth - 10, max: defaultMaxDepth + 10 }), (depth) => {
        const levels = depth - 5;
        const document = withDeepInput(levels);
        for (const [name, operation] of documentOperations) {
          let thrown: unknown;
          try {
            operation(document);
          } catch (error) {
            thrown = error;
          }
          expect(thrown === undefined, name).toBe(depth <= defaultMaxDepth);
          expect(thrown === undefined || thrown instanceof JsonDepthError, name).toBe(true);
          expect((thrown as JsonDepthError | undefined)?.pointer ?? inputPointer(defaultMaxDepth - 5), name).toBe(
            inputPointer(defaultMaxDepth - 5),
          );
        }
        expect(decodeTranscript(document)).toMatchObject(
          depth <= defaultMaxDepth
            ? { ok: true }
            : { ok: false, error: { code: "too-deep", pointer: inputPointer(defaultMaxDepth - 5) } },
        );
      }),
    );
  });

  it("refuse a 100,000-deep tool input and 50,000 nested tool results by the error, not a stack overflow", () => {
    for (const document of [withDeepInput(100_000), withNestedResults(50_000)]) {
      const expected = checkJsonValue(document)?.pointer;
      expect(expected).toBeDefined();
      for (const [name, operation] of documentOperations)
        expect(() => operation(document), name).toThrow(expect.objectContaining({ pointer: expected }));
      expect(decodeTranscript(document)).toMatchObject({ ok: false, error: { code: "too-deep", pointer: expected } });
    }
  });

  it("lets the schema validators answer 50,000 nested tool results with an error instead of throwing", () => {
    const document = withNestedResults(50_000);
    for (const validate of [validateTranscript, validateTranscriptTolerant]) {
      const result = validate(document);
      expect(result.ok).toBe(false);
      expect(result.ok ? [] : result.errors).toEqual([
        expect.objectContaining({ keyword: "maxDepth", pointer: checkJsonValue(document)?.pointer }),
      ]);
    }
  });
});

describe("walks that keep their own stack", () => {
  it("canonicalize, truncate and redact a 100,000-deep value", () => {
    const deep = nestArrays(100_000, "ghp_" + "A1b2C3d4E5".repeat(3) + "abcdef");
    expect(canonicalByteLength(deep)).toBe(200_000 + 2 + 40);
    expect(truncateValue(deep, 64)).toMatchObject({ truncated: true, value: [] });
    const redacted = createRedactor().redactValue(deep);
    expect(redacted.report.total).toBe(1);
    expect(checkJsonValue(redacted.value, { maxDepth: 100_001 })).toBeUndefined();
  });
});

describe("foldEventLog", () => {
  it("embeds child runs no deeper than the nesting limit leaves room for, whatever maxDepth asks", () => {
    const ids = Array.from({ length: 200 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`);
    const runs = new Map<string, Tolerant.Event[]>();
    const events = (index: number): Tolerant.Event[] => {
      const runId = ids[index] as string;
      const base = { run_id: runId, path: "", iteration: 0, timestamp: "2026-06-08T08:14:42Z" };
      const parent = index > 0 ? { parent_run_id: ids[index - 1] as string } : {};
      const child = ids[index + 1];
      return [
        {
          ...base,
          ...parent,
          seq: 1,
          type: "run.started",
          payload: { schema_version: "1.0.0", name: "r", kind: "workflow" },
        },
        ...(child === undefined
          ? []
          : [
              {
                ...base,
                ...parent,
                seq: 2,
                type: "step.call_workflow.started",
                path: "call",
                child_run_id: child,
                payload: { name: "call", kind: "call_workflow" },
              },
            ]),
      ] as Tolerant.Event[];
    };
    ids.forEach((id, index) => runs.set(id, events(index)));
    const folded = foldEventLog(events(0), { runs, maxDepth: 1_000 });
    expect(checkJsonValue(folded.document)).toBeUndefined();
    expect(folded.warnings.map((warning) => warning.message)).toContainEqual(
      expect.stringMatching(/is nested deeper than 127 levels; not embedded/),
    );
  });
});
