/**
 * Generated trajectories (every field ATIF defines, text and image content, calls with linked and unlinked results,
 * metrics, embedded subagents) through ATIF → canonical → ATIF, and the documents they import to through canonical →
 * ATIF → canonical: the identity both ways. Then hostile input: real trajectories cut at many offsets and values of
 * every JSON type where a trajectory's fields go — never a throw, always a strictly valid document, and an error
 * naming the file, line and JSON pointer.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importSessionText } from "../../sessions.js";
import { atifExporter } from "./index.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

function importTrajectory(text: string, related: Array<{ path: string; text: string }> = []) {
  const result = importSessionText(text, { format: "atif", path: "trajectory.json", related });
  if (!result.ok) throw new Error(result.message);
  return result;
}

const validationErrors = (document: unknown) => {
  const validation = validateTranscript(document);
  return validation.ok ? [] : validation.errors;
};

const text = anyText({ minLength: 1, maxLength: 12 });
const id = fc.stringMatching(/^[a-z0-9_]{1,8}$/);
const count = fc.nat({ max: 100_000 });
const extra = fc.option(fc.dictionary(fc.constantFrom("a", "b", "note"), fc.oneof(fc.integer(), text, fc.boolean())), {
  nil: undefined,
});
const timestamp = fc.option(
  fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms).toISOString()),
  { nil: undefined },
);
const contentParts = fc.array(
  fc.oneof(
    text.map((value) => ({ type: "text", text: value })),
    fc
      .constantFrom("a.png", "images/b.jpg")
      .map((value) => ({ type: "image", source: { media_type: "image/png", path: value } })),
  ),
  { minLength: 1, maxLength: 3 },
);
const content = fc.oneof(text, contentParts);
const metrics = fc.record(
  {
    prompt_tokens: count,
    completion_tokens: count,
    cached_tokens: count,
    cost_usd: fc.double({ min: 0, max: 10, noNaN: true }),
    prompt_token_ids: fc.array(fc.nat({ max: 50_000 }), { maxLength: 3 }),
    logprobs: fc.array(fc.double({ min: -10, max: 0, noNaN: true }), { maxLength: 3 }),
    extra: fc.dictionary(fc.constantFrom("x", "y"), fc.integer()),
  },
  { requiredKeys: [] },
);

/** A step without its step_id: the position gives it. Agent-only fields only on agent steps, as ATIF requires. */
const step = fc
  .record({
    source: fc.constantFrom("user", "agent", "system"),
    timestamp,
    model_name: fc.option(text, { nil: undefined }),
    reasoning_effort: fc.option(fc.constantFrom("low", "high"), { nil: undefined }),
    message: content,
    reasoning_content: fc.option(text, { nil: undefined }),
    calls: fc.uniqueArray(id, { maxLength: 3 }),
    unlinked: fc.array(fc.oneof(text, contentParts), { maxLength: 2 }),
    metrics: fc.option(metrics, { nil: undefined }),
    is_copied_context: fc.option(fc.boolean(), { nil: undefined }),
    llm_call_count: fc.option(fc.nat({ max: 3 }), { nil: undefined }),
    extra,
    argument: fc.dictionary(fc.constantFrom("path", "q"), fc.oneof(text, fc.integer())),
  })
  .map((generated) => {
    const agent = generated.source === "agent";
    const calls = agent
      ? generated.calls.map((callId) => ({
          tool_call_id: callId,
          function_name: `f_${callId}`,
          arguments: generated.argument,
        }))
      : [];
    const results = [
      ...calls.map((call) => ({ source_call_id: call.tool_call_id, content: `result of ${call.tool_call_id}` })),
      ...generated.unlinked.map((value) => ({ content: value })),
    ];
    const value: Record<string, unknown> = {
      timestamp: generated.timestamp,
      source: generated.source,
      model_name: agent ? generated.model_name : undefined,
      reasoning_effort: agent ? generated.reasoning_effort : undefined,
      message: generated.message,
      reasoning_content: agent ? generated.reasoning_content : undefined,
      tool_calls: calls.length > 0 ? calls : undefined,
      observation: results.length > 0 ? { results } : undefined,
      metrics: agent ? generated.metrics : undefined,
      is_copied_context: generated.is_copied_context,
      llm_call_count: generated.llm_call_count,
      extra: generated.extra,
    };
    return value;
  });

const trajectoryFields = (steps: Array<Record<string, unknown>>) =>
  fc.record({
    schema_version: fc.constantFrom("ATIF-v1.5", "ATIF-v1.6", "ATIF-v1.7"),
    session_id: id,
    agent: fc.record({ name: text, version: text, model_name: text, extra }, { requiredKeys: ["name", "version"] }),
    notes: fc.option(text, { nil: undefined }),
    final_metrics: fc.option(
      fc.record(
        {
          total_prompt_tokens: count,
          total_completion_tokens: count,
          total_cached_tokens: count,
          total_cost_usd: fc.double({ min: 0, max: 10, noNaN: true }),
          total_steps: fc.nat({ max: 20 }),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    ),
    extra,
    steps: fc.constant(steps.map((value, index) => ({ step_id: index + 1, ...value }))),
  });

const trajectory = fc.array(step, { minLength: 1, maxLength: 6 }).chain(trajectoryFields);

/** JSON as a trajectory file holds it: undefined fields gone, in the order Harbor writes them. */
function asFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
const order = [
  "step_id",
  "timestamp",
  "source",
  "model_name",
  "reasoning_effort",
  "message",
  "reasoning_content",
  "tool_calls",
  "observation",
  "metrics",
  "is_copied_context",
  "llm_call_count",
  "extra",
];
function normalise(value: Record<string, unknown>): unknown {
  const steps = (value.steps as Array<Record<string, unknown>>).map((entry) =>
    Object.fromEntries(order.filter((key) => entry[key] !== undefined).map((key) => [key, entry[key]])),
  );
  return JSON.parse(JSON.stringify({ ...value, steps }));
}

describe("ATIF round trips over generated trajectories", () => {
  it("ATIF → canonical → ATIF gives back the trajectory, and canonical → ATIF → canonical the document", () => {
    fc.assert(
      fc.property(trajectory, (generated) => {
        const written = asFile(normalise(generated));
        const imported = importTrajectory(written);
        expect(validationErrors(imported.document)).toEqual([]);
        expect(imported.losses.filter((loss) => !["kept-as-metadata"].includes(loss.code))).toEqual([]);
        const exported = atifExporter.fromCanonical(imported.document, { name: "trajectory.json" });
        if (!exported.ok) throw new Error("export failed");
        expect(exported.warnings).toEqual([]);
        expect(JSON.parse(exported.files[0]?.text ?? "")).toEqual(JSON.parse(written));
        // The document restricted to what ATIF carries (what an import gives): through ATIF and back, unchanged.
        const again = importTrajectory(exported.files[0]?.text ?? "");
        expect(again.document).toEqual(imported.document);
      }),
    );
  });

  it("embeds generated subagent trajectories as child runs, linked to the calling step, and writes them back", () => {
    fc.assert(
      fc.property(trajectory, fc.array(trajectory, { minLength: 1, maxLength: 2 }), (parent, subagents) => {
        const children = subagents.map((child, index) => ({
          ...(normalise(child) as object),
          trajectory_id: `child-${index}`,
        }));
        const calls = children.map((child) => ({
          tool_call_id: `call-${child.trajectory_id}`,
          function_name: "delegate",
          arguments: {},
        }));
        const base = normalise(parent) as Record<string, unknown>;
        const steps = base.steps as Array<Record<string, unknown>>;
        const delegating = {
          step_id: steps.length + 1,
          source: "agent",
          message: "delegating",
          tool_calls: calls,
          observation: {
            results: calls.map((call) => ({
              source_call_id: call.tool_call_id,
              content: "done",
              subagent_trajectory_ref: [{ trajectory_id: call.tool_call_id.slice(5) }],
            })),
          },
        };
        const value = {
          ...base,
          schema_version: "ATIF-v1.7",
          steps: [...steps, delegating],
          subagent_trajectories: children,
        };
        const written = asFile(JSON.parse(JSON.stringify(value)));
        const imported = importTrajectory(written);
        expect(validationErrors(imported.document)).toEqual([]);
        expect(imported.document.run?.children?.map((child) => [child.run_id, child.call_id])).toEqual(
          children.map((child) => [child.trajectory_id, `call-${child.trajectory_id}`]),
        );
        const exported = atifExporter.fromCanonical(imported.document);
        if (!exported.ok) throw new Error("export failed");
        expect(JSON.parse(exported.files[0]?.text ?? "")).toEqual(JSON.parse(written));
      }),
    );
  });
});

describe("hostile trajectories", () => {
  const root = realFixturesRoot();
  const real = readFileSync(
    path.join(
      root,
      "inspect-scout/tests/sources/atif_source/fixtures/terminus_2_hello-world-context-summarization-linear-history.trajectory.json",
    ),
    "utf8",
  );

  it("a real trajectory cut at 300 offsets: no throw, a strictly valid document, one loss naming the line", () => {
    for (let index = 1; index <= 300; index += 1) {
      const offset = Math.floor((real.length * index) / 301) + (index % 5);
      const result = importTrajectory(real.slice(0, offset));
      expect(validationErrors(result.document), `cut at ${offset}`).toEqual([]);
      expect(
        result.losses.map((loss) => loss.code),
        `cut at ${offset}`,
      ).toEqual(["unparsable-line"]);
      expect(result.losses[0]?.line, `cut at ${offset}`).toBeGreaterThan(0);
      expect(result.losses[0]?.message).toMatch(/line \d+, column \d+/);
    }
  });

  it("any JSON value in any field of a step: no throw, a valid document, an unexpected value named by pointer", () => {
    const fields = [
      "step_id",
      "source",
      "timestamp",
      "message",
      "model_name",
      "reasoning_content",
      "tool_calls",
      "observation",
      "metrics",
      "extra",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.jsonValue({ maxDepth: 3 }),
        fc.nat({ max: 4 }),
        (field, value, stepIndex) => {
          const parsed = JSON.parse(real) as { steps: Array<Record<string, unknown>> };
          const target = parsed.steps[stepIndex];
          if (target !== undefined) target[field] = value;
          const result = importTrajectory(JSON.stringify(parsed, null, 2));
          expect(validationErrors(result.document)).toEqual([]);
          for (const loss of result.losses) {
            expect(loss.file).toBe("trajectory.json");
            expect(loss.message).toMatch(/^(\(root\)|\/)/);
          }
        },
      ),
    );
  });

  it("values that are not trajectories: a clear loss with the pointer, an empty valid document", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const result = importTrajectory(JSON.stringify(value));
        expect(validationErrors(result.document)).toEqual([]);
        expect(result.records).toBe(0);
        expect(result.losses.length).toBe(1);
        expect(result.losses[0]?.message).toMatch(
          /not an ATIF trajectory: (\(root\)|\/schema_version|\/steps|\/agent)/,
        );
      }),
    );
  });
});

/** Harbor's rules for a trajectory, checked here independently of the exporter (the ones its validator enforces). */
function atifProblems(value: unknown): string[] {
  const problems: string[] = [];
  const isObject = (item: unknown): item is Record<string, unknown> =>
    typeof item === "object" && item !== null && !Array.isArray(item);
  if (!isObject(value)) return ["not an object"];
  if (typeof value.schema_version !== "string" || !/^ATIF-v1\.[0-7]$/.test(value.schema_version))
    problems.push("schema_version");
  if (!isObject(value.agent) || typeof value.agent.name !== "string" || typeof value.agent.version !== "string")
    problems.push("agent");
  if (!Array.isArray(value.steps)) return [...problems, "steps"];
  value.steps.forEach((step: unknown, index: number) => {
    if (!isObject(step)) return problems.push(`steps/${index}`);
    if (step.step_id !== index + 1) problems.push(`steps/${index}/step_id`);
    if (!["user", "agent", "system"].includes(step.source as string)) problems.push(`steps/${index}/source`);
    if (step.source !== "agent")
      for (const field of ["model_name", "reasoning_content", "tool_calls", "metrics", "reasoning_effort"])
        if (step[field] !== undefined) problems.push(`steps/${index}/${field} on a ${String(step.source)} step`);
    if (typeof step.message !== "string" && !Array.isArray(step.message)) problems.push(`steps/${index}/message`);
    const ids = new Set<string>();
    for (const call of Array.isArray(step.tool_calls) ? step.tool_calls : []) {
      if (
        !isObject(call) ||
        typeof call.tool_call_id !== "string" ||
        typeof call.function_name !== "string" ||
        !isObject(call.arguments)
      )
        problems.push(`steps/${index}/tool_calls`);
      else ids.add(call.tool_call_id);
    }
    if (step.observation !== undefined) {
      const results = isObject(step.observation) ? step.observation.results : undefined;
      if (!Array.isArray(results)) problems.push(`steps/${index}/observation`);
      else
        for (const result of results)
          if (isObject(result) && typeof result.source_call_id === "string" && !ids.has(result.source_call_id))
            problems.push(`steps/${index}/observation: ${result.source_call_id} not a call of the step`);
    }
    if (step.metrics !== undefined && isObject(step.metrics))
      for (const field of ["prompt_tokens", "completion_tokens", "cached_tokens"])
        if (step.metrics[field] !== undefined && !Number.isInteger(step.metrics[field]))
          problems.push(`steps/${index}/metrics/${field}`);
  });
  return problems;
}

describe("ATIF export of generated documents from elsewhere", () => {
  const part = fc.oneof(
    text.map((value) => ({ type: "text" as const, text: value })),
    text.map((value) => ({
      type: "reasoning" as const,
      text: value,
      signature: "sig",
      issuer: { provider: "anthropic" },
    })),
    fc.constantFrom(
      { type: "image" as const, media_type: "image/png", data: "AAAA" },
      { type: "refusal" as const, text: "no" },
    ),
    fc.constantFrom(
      { type: "command" as const, command: "ls" },
      { type: "compaction" as const, strategy: "summary" as const, summary: "s" },
    ),
  );
  const document = fc
    .array(
      fc.record({
        role: fc.constantFrom("system", "developer", "user", "assistant", "tool"),
        parts: fc.array(part, { maxLength: 3 }),
        call: fc.option(fc.record({ id, input: fc.oneof(fc.dictionary(id, fc.integer()), text) }), { nil: undefined }),
        status: fc.constantFrom("ok", "error", "denied"),
      }),
      { minLength: 1, maxLength: 8 },
    )
    .map((generated) => {
      const messages: unknown[] = [];
      for (const entry of generated) {
        if (entry.role === "tool") {
          const call = entry.call ?? { id: "orphan", input: {} };
          messages.push({
            role: "tool",
            parts: [{ type: "tool_result", call_id: call.id, status: entry.status, output: "out" }],
          });
          continue;
        }
        const parts: unknown[] = [...entry.parts];
        if (entry.role === "assistant" && entry.call !== undefined)
          parts.push({ type: "tool_call", id: entry.call.id, name: "tool", input: entry.call.input });
        messages.push({ role: entry.role, parts });
      }
      return { schema_version: "1.0.0", id: "generated", messages } as unknown as Transcript;
    });

  it("writes valid ATIF whatever the document holds, and warns at the pointer of every part it cannot carry", () => {
    fc.assert(
      fc.property(document, (generated) => {
        const exported = atifExporter.fromCanonical(generated);
        if (!exported.ok) throw new Error("export failed");
        const trajectory = JSON.parse(exported.files[0]?.text ?? "") as unknown;
        expect(atifProblems(trajectory)).toEqual([]);
        const warned = new Set(exported.warnings.map((warning) => warning.path));
        // Every part ATIF cannot carry is named: the pointers of those no warning names must be none.
        const unnamed = generated.messages.flatMap((message, index) =>
          message.parts.flatMap((item, partIndex) => {
            const at = `/messages/${index}/parts/${partIndex}`;
            const carried = !["image", "refusal", "command", "compaction", "reasoning"].includes(item.type);
            // Reasoning: its signature warned about, or the whole part on a step that may not hold reasoning.
            return carried || warned.has(at) || warned.has(`${at}/signature`) ? [] : [`${item.type} at ${at}`];
          }),
        );
        expect(unnamed).toEqual([]);
        // What it wrote reads back as a strictly valid document.
        expect(validationErrors(importTrajectory(exported.files[0]?.text ?? "").document)).toEqual([]);
      }),
    );
  });
});
