import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Message, Part, ToolCallPart, ToolResultPart, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { devflowConverter } from "../../converters.js";
import { encodeDevflowTranscript } from "./index.js";
import { at, checkCoverage, index, type MappingRule } from "../../conversion/field-coverage.test.helpers.js";

function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as unknown;
}

/** ADR-011's own JSON example, verbatim. */
const adrExample = readJson("./fixtures/adr-011-example.json");
/** A failed run that uses every field ADR-011 defines, tool_result turns included. */
const failedRun = readJson("./fixtures/failed-run.json");
const canonicalExample = readJson("../../../../../schemas/v1/examples/Transcript/valid/devflow-run.json") as Transcript;
const warpCanonical = readJson("../../../../../schemas/v1/examples/Transcript/valid/warp-export.json") as Transcript;

function mustImport(value: unknown): Transcript {
  const result = devflowConverter.toCanonical(value);
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors)}`);
  return result.document;
}

function partsOf<T extends Part["type"]>(message: Message | undefined, type: T): Array<Extract<Part, { type: T }>> {
  return (message?.parts ?? []).filter((part): part is Extract<Part, { type: T }> => part.type === type);
}

/** The canonical message of source turn i, found by its id (the turn id as a string). */
function turnMessage(source: unknown, document: Transcript, turnIndex: number): Message | undefined {
  const id = at(source, ["turns", String(turnIndex), "id"]);
  return document.messages.find((message) => message.id === String(id));
}

function callOf(source: unknown, document: Transcript, turnIndex: number, callIndex: number): ToolCallPart | undefined {
  return partsOf(turnMessage(source, document, turnIndex), "tool_call")[callIndex];
}

/** The tool_result answering a call, wherever it is, found by call id. */
function resultOf(document: Transcript, callId: string | undefined): ToolResultPart | undefined {
  return document.messages
    .flatMap((message) => partsOf(message, "tool_result"))
    .find((part) => part.call_id === callId);
}

const isToolResultTurn = (match: { wildcards: string[] }, source: unknown): boolean =>
  at(source, ["turns", match.wildcards[0] ?? "", "role"]) === "tool_result";

/** Devflow → canonical mapping table. Turns are found by id, calls by index within their turn, results by call id. */
const rules: Array<MappingRule<unknown, Transcript>> = [
  { source: "/runId", canonical: "id", resolve: (_match, _source, document) => document.id },
  {
    source: "/metadata/flowId",
    canonical: "run.metadata.flowId",
    resolve: (_match, _source, document) => document.run?.metadata?.["flowId"],
  },
  {
    source: "/metadata/nodeId",
    canonical: "run.metadata.nodeId",
    resolve: (_match, _source, document) => document.run?.metadata?.["nodeId"],
  },
  {
    source: "/metadata/input/**",
    canonical: "run.metadata.input/**",
    resolve: (match, _source, document) => at(document.run?.metadata?.["input"], match.rest),
  },
  {
    source: "/metadata/startedAt",
    canonical: "run.started_at",
    resolve: (_match, _source, document) => document.run?.started_at,
  },
  {
    source: "/metadata/endedAt",
    canonical: "run.ended_at",
    resolve: (_match, _source, document) => document.run?.ended_at,
  },
  { source: "/metadata/status", canonical: "run.status", resolve: (_match, _source, document) => document.run?.status },
  {
    source: "/metadata/totalTokensIn",
    canonical: "usage.input_tokens",
    resolve: (_match, _source, document) => document.usage?.input_tokens,
  },
  {
    source: "/metadata/totalTokensOut",
    canonical: "usage.output_tokens",
    resolve: (_match, _source, document) => document.usage?.output_tokens,
  },
  {
    source: "/metadata/totalCost",
    canonical: "cost.amount (status reported, currency USD)",
    resolve: (_match, _source, document) =>
      document.cost?.status === "reported" && document.cost.currency === "USD" ? document.cost.amount : undefined,
  },
  { source: "/metadata/error", canonical: "run.error", resolve: (_match, _source, document) => document.run?.error },
  {
    source: "/metadata/*/**",
    canonical: "run.metadata[field]/** (metadata fields ADR-011 does not name)",
    resolve: (match, _source, document) => at(document.run?.metadata, [match.wildcards[0] ?? "", ...match.rest]),
  },
  {
    source: "/turns/*/id",
    canonical: "messages[id = String(turn id)].id",
    resolve: (match, source, document) => turnMessage(source, document, index(match, 0))?.id,
    expect: (value) => String(value),
  },
  {
    source: "/turns/*/role",
    canonical: "message.role (tool_result → tool)",
    resolve: (match, source, document) => turnMessage(source, document, index(match, 0))?.role,
    expect: (value) => (value === "tool_result" ? "tool" : value),
  },
  {
    source: "/turns/*/content",
    canonical: "tool_result turn: its tool_result part's output",
    when: isToolResultTurn,
    resolve: (match, source, document) =>
      partsOf(turnMessage(source, document, index(match, 0)), "tool_result")[0]?.output,
  },
  {
    source: "/turns/*/content",
    canonical: "message.parts[type=text][0].text",
    resolve: (match, source, document) => partsOf(turnMessage(source, document, index(match, 0)), "text")[0]?.text,
  },
  {
    source: "/turns/*/tokensIn",
    canonical: "message.usage.input_tokens",
    resolve: (match, source, document) => turnMessage(source, document, index(match, 0))?.usage?.input_tokens,
  },
  {
    source: "/turns/*/tokensOut",
    canonical: "message.usage.output_tokens",
    resolve: (match, source, document) => turnMessage(source, document, index(match, 0))?.usage?.output_tokens,
  },
  {
    source: "/turns/*/timestamp",
    canonical: "message.created_at",
    resolve: (match, source, document) => turnMessage(source, document, index(match, 0))?.created_at,
  },
  {
    source: "/turns/*/durationMs",
    canonical: "message.duration_ms",
    resolve: (match, source, document) => turnMessage(source, document, index(match, 0))?.duration_ms,
  },
  {
    source: "/turns/*/toolCalls/*/id",
    canonical: "tool_call.id",
    resolve: (match, source, document) => callOf(source, document, index(match, 0), index(match, 1))?.id,
  },
  {
    source: "/turns/*/toolCalls/*/name",
    canonical: "tool_call.name",
    resolve: (match, source, document) => callOf(source, document, index(match, 0), index(match, 1))?.name,
  },
  {
    source: "/turns/*/toolCalls/*/input/**",
    canonical: "tool_call.input/**",
    resolve: (match, source, document) =>
      at(callOf(source, document, index(match, 0), index(match, 1))?.input, match.rest),
  },
  {
    source: "/turns/*/toolCalls/*/output",
    canonical: "tool_result[call_id = call id].output",
    resolve: (match, source, document) =>
      resultOf(document, callOf(source, document, index(match, 0), index(match, 1))?.id)?.output,
  },
  {
    source: "/turns/*/toolCalls/*/error",
    canonical: "tool_result[call_id = call id].error (status error)",
    resolve: (match, source, document) => {
      const result = resultOf(document, callOf(source, document, index(match, 0), index(match, 1))?.id);
      return result?.status === "error" ? result.error : undefined;
    },
  },
  {
    source: "/turns/*/toolCalls/*/*/**",
    canonical: "tool_call.provider_fields.devflow[field]/** (call fields ADR-011 does not define)",
    resolve: (match, source, document) =>
      at(callOf(source, document, index(match, 0), index(match, 1))?.provider_fields?.["devflow"], [
        match.wildcards[2] ?? "",
        ...match.rest,
      ]),
  },
  {
    source: "/turns/*/*/**",
    canonical: "message.provider_fields.devflow[field]/** (turn fields ADR-011 does not define)",
    resolve: (match, source, document) =>
      at(turnMessage(source, document, index(match, 0))?.provider_fields?.["devflow"], [
        match.wildcards[1] ?? "",
        ...match.rest,
      ]),
  },
  {
    source: "/*/**",
    canonical: "metadata.devflow[field]/** (top-level fields ADR-011 does not define)",
    resolve: (match, _source, document) =>
      at(document.metadata?.["devflow"], [match.wildcards[0] ?? "", ...match.rest]),
  },
];

const passThroughRules = ["/metadata/*/**", "/turns/*/toolCalls/*/*/**", "/turns/*/*/**", "/*/**"];

describe("devflow: ADR-011's own example", () => {
  it("imports to a strictly valid transcript equal to the devflow canonical example", () => {
    const result = devflowConverter.toCanonical(adrExample, {
      path: ".devflow/runs/2025-01-15-ticket-to-pr-TK421/transcript.json",
    });
    expect(result.ok && result.warnings).toEqual([]);
    if (!result.ok) return;
    expect(validateTranscript(result.document).ok).toBe(true);
    // The example is a 1.0.0 document; the import writes this version.
    expect(result.document).toEqual({ ...canonicalExample, schema_version: formatVersion });
  });

  it("exports back to exactly the original document, with no warnings", () => {
    expect(devflowConverter.fromCanonical(mustImport(adrExample))).toEqual({
      ok: true,
      value: adrExample,
      warnings: [],
    });
  });

  it("loses no field: every leaf of the example is in the canonical document", () => {
    const report = checkCoverage(adrExample, mustImport(adrExample), rules);
    expect(report.checked).toBe(27);
    expect(report.unmapped).toEqual([]);
    expect(report.mismatched).toEqual([]);
  });
});

describe("devflow: a failed run using every ADR-011 field", () => {
  const document = mustImport(failedRun);

  it("imports strictly valid, with tool results in tool messages and the tool_result turn answering the open call", () => {
    expect(validateTranscript(document).ok).toBe(true);
    expect(document.messages.map((message) => [message.id, message.role])).toEqual([
      ["1", "system"],
      ["2", "user"],
      ["3", "assistant"],
      ["toolu_01XkP9-result", "tool"],
      ["toolu_01XkQ2-result", "tool"],
      ["4", "tool"],
      ["5", "assistant"],
    ]);
    expect(resultOf(document, "toolu_01XkQ2")).toMatchObject({ status: "error", error: "exit status 1" });
    expect(document.messages[5]?.parts).toEqual([
      {
        type: "tool_result",
        call_id: "3-2",
        name: "lint",
        status: "ok",
        output: "api/handler.go:43:2: ctx declared and not used",
      },
    ]);
    expect(document.run).toMatchObject({
      status: "failed",
      error: "node review-diff: tool run_tests failed: exit status 1",
      duration_ms: 192_500,
    });
  });

  it("exports back to exactly the original document", () => {
    expect(devflowConverter.fromCanonical(document)).toEqual({ ok: true, value: failedRun, warnings: [] });
  });

  it("loses no field, and every mapping rule but the pass-through ones is exercised", () => {
    const report = checkCoverage(failedRun, document, rules);
    expect(report.unmapped).toEqual([]);
    expect(report.mismatched).toEqual([]);
    expect(report.unused.sort()).toEqual([...passThroughRules].sort());
  });

  it("keeps fields ADR-011 does not define and writes them back", () => {
    const extended = structuredClone(failedRun) as {
      [key: string]: unknown;
      metadata: Record<string, unknown>;
      turns: Array<Record<string, unknown>>;
    };
    extended["version"] = 2;
    extended.metadata["retries"] = [1, 2];
    const turn = extended.turns[2] as { model?: string; toolCalls: Array<Record<string, unknown>> };
    turn.model = "claude-sonnet-4-5";
    (turn.toolCalls[0] as Record<string, unknown>)["cached"] = false;
    const imported = mustImport(extended);
    expect(imported.metadata).toEqual({ devflow: { version: 2 } });
    const report = checkCoverage(extended, imported, rules);
    expect([report.unmapped, report.mismatched, report.unused]).toEqual([[], [], []]);
    expect(devflowConverter.fromCanonical(imported)).toEqual({ ok: true, value: extended, warnings: [] });
  });
});

describe("devflow files", () => {
  it("reads the parsed value, JSON text, plain bytes and gzip bytes to the same document", () => {
    const text = JSON.stringify(adrExample, null, 2);
    const expected = mustImport(adrExample);
    for (const input of [text, new TextEncoder().encode(text), gzipSync(text)]) {
      const result = devflowConverter.toCanonical(input);
      expect(result.ok && result.document).toEqual(expected);
    }
  });

  it("writes transcript.json below 100 KiB and transcript.json.gz from 100 KiB, both read back", () => {
    const small = encodeDevflowTranscript(adrExample as Parameters<typeof encodeDevflowTranscript>[0]);
    expect(small.fileName).toBe("transcript.json");
    const large = structuredClone(adrExample) as { turns: Array<{ content: string }> };
    (large.turns[2] as { content: string }).content = "x".repeat(120 * 1024);
    const encoded = encodeDevflowTranscript(large as unknown as Parameters<typeof encodeDevflowTranscript>[0]);
    expect(encoded.fileName).toBe("transcript.json.gz");
    const result = devflowConverter.toCanonical(encoded.bytes);
    expect(result.ok && devflowConverter.fromCanonical(result.document)).toEqual({
      ok: true,
      value: large,
      warnings: [],
    });
  });
});

describe("devflow export of other canonical documents", () => {
  it("exports the Warp export canonical example, folding results into calls and reporting every loss", () => {
    const exported = devflowConverter.fromCanonical(warpCanonical);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const value = exported.value;
    expect(value.runId).toBe(warpCanonical.id);
    expect(value.turns.map((turn) => [turn.id, turn.role])).toEqual([
      [1, "user"],
      [2, "assistant"],
      [3, "assistant"],
      [4, "assistant"],
      [5, "assistant"],
    ]);
    expect(value.turns[2]?.toolCalls?.[0]).toMatchObject({
      id: "toolu_01Mf2rT7wY4aC9eH1kL5nQ8s",
      name: "run_command",
      error: "exit status 101",
    });
    expect(value.turns[1]?.toolCalls?.[0]?.output).toBe(
      JSON.stringify((warpCanonical.messages[2]?.parts[0] as ToolResultPart).output),
    );
    const codes = new Set(exported.warnings.map((warning) => `${warning.code} ${warning.path}`));
    for (const expected of [
      "field-dropped /title",
      "field-dropped /export",
      "field-dropped /messages/0/id",
      "part-dropped /messages/0/parts/1",
      "field-dropped /messages/1/issuer",
      "field-dropped /messages/1/usage/cache_write_tokens",
      "part-dropped /messages/1/parts/0",
      "part-dropped /messages/1/parts/2",
      "value-converted /messages/2/parts/0/output",
      "field-dropped /messages/2/created_at",
      "field-dropped /messages/2/parts/0/duration_ms",
      "part-dropped /messages/5/parts/2",
      "field-dropped /cost/pricing",
    ]) {
      expect(codes).toContain(expected);
    }
    const reimported = devflowConverter.toCanonical(value);
    expect(reimported.ok && validateTranscript(reimported.document).ok).toBe(true);
  });

  it("renumbers non-integer message ids, maps developer to system and keeps unmatched results as tool_result turns", () => {
    const document: Transcript = {
      schema_version: "1.0.0",
      id: "run-x",
      run: { status: "running", started_at: "2026-01-01T00:00:00Z" },
      messages: [
        { id: "a", role: "developer", parts: [{ type: "text", text: "rules" }] },
        { role: "tool", parts: [{ type: "tool_result", call_id: "missing", status: "denied" }] },
      ],
    };
    const exported = devflowConverter.fromCanonical(document);
    expect(exported.ok && exported.value).toEqual({
      runId: "run-x",
      metadata: { startedAt: "2026-01-01T00:00:00Z", status: "running" },
      turns: [
        { id: 1, role: "system", content: "rules" },
        { id: 2, role: "tool_result" },
      ],
    });
    expect(exported.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["field-dropped", "/messages/0/id"],
      ["role-mapped", "/messages/0/role"],
      ["tool-result-unmatched", "/messages/1/parts/0/call_id"],
    ]);
  });
});

describe("devflow tool_result turns", () => {
  it("reports a result whose call a re-import would not pair it with, since the turn cannot name its call", () => {
    const document: Transcript = {
      schema_version: "1.0.0",
      id: "run-y",
      run: { status: "completed" },
      messages: [
        {
          id: "1",
          role: "assistant",
          parts: [
            { type: "tool_call", id: "a", name: "f", input: {} },
            { type: "tool_call", id: "b", name: "g", input: {} },
          ],
        },
        { id: "2", role: "tool", parts: [{ type: "tool_result", call_id: "b", status: "ok", output: "for b" }] },
      ],
    };
    const exported = devflowConverter.fromCanonical(document);
    expect(exported.ok && exported.value.turns[1]).toEqual({ id: 2, role: "tool_result", content: "for b" });
    expect(exported.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["field-dropped", "/messages/1/parts/0/call_id"],
    ]);
  });
});

describe("devflow bad input", () => {
  const valid = adrExample as { metadata: Record<string, unknown>; turns: Array<Record<string, unknown>> };
  const withTurn = (turn: Record<string, unknown>): unknown => ({ ...valid, turns: [turn] });
  const cases: Array<[string, unknown, string[]]> = [
    ["not an object", [1, 2], [""]],
    ["no runId, metadata or turns", {}, ["/runId", "/metadata", "/turns"]],
    [
      "a status ADR-011 does not define",
      { ...valid, metadata: { ...valid.metadata, status: "done" } },
      ["/metadata/status"],
    ],
    [
      "negative and fractional token totals",
      { ...valid, metadata: { ...valid.metadata, totalTokensIn: -1, totalTokensOut: 1.5 } },
      ["/metadata/totalTokensIn", "/metadata/totalTokensOut"],
    ],
    [
      "a start time without a time zone",
      { ...valid, metadata: { ...valid.metadata, startedAt: "2025-01-15 10:30" } },
      ["/metadata/startedAt"],
    ],
    ["a turn id that is a string", withTurn({ id: "1", role: "user", content: "x" }), ["/turns/0/id"]],
    ["a role ADR-011 does not define", withTurn({ id: 1, role: "developer", content: "x" }), ["/turns/0/role"]],
    [
      "a timestamp that is not RFC 3339",
      withTurn({ id: 1, role: "user", content: "x", timestamp: "yesterday" }),
      ["/turns/0/timestamp"],
    ],
    [
      "a tool call without name or input",
      withTurn({ id: 1, role: "assistant", content: "", toolCalls: [{ output: "x" }] }),
      ["/turns/0/toolCalls/0/name", "/turns/0/toolCalls/0/input"],
    ],
    [
      "two turns with one id",
      {
        ...valid,
        turns: [
          { id: 1, role: "user", content: "a" },
          { id: 1, role: "assistant", content: "b" },
        ],
      },
      ["/turns/1/id"],
    ],
    ["JSON text that does not parse", '{"runId": ', [""]],
    ["broken gzip", Uint8Array.from([0x1f, 0x8b, 8, 0, 1, 2, 3]), [""]],
  ];
  it.each(cases)("%s: errors name the JSON pointers, nothing throws", (_name, value, paths) => {
    const before = structuredClone(value);
    const result = devflowConverter.toCanonical(value);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.path)).toEqual(paths);
    // The input, bytes included, is left as it was.
    expect(value).toEqual(before);
  });

  it("never throws, whatever it is given", () => {
    const turn = fc.dictionary(
      fc.constantFrom("id", "role", "content", "tokensIn", "timestamp", "toolCalls"),
      fc.anything(),
    );
    // Runs of the right shape with arbitrary content, so that some are read (and converted back) and not all refused.
    const wellFormedTurn = fc.record(
      {
        role: fc.constantFrom("system", "user", "assistant", "tool_result"),
        content: fc.string(),
        tokensIn: fc.nat(),
        tokensOut: fc.nat(),
        timestamp: fc
          .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T23:59:59Z"), noInvalidDate: true })
          .map((date) => date.toISOString()),
        toolCalls: fc.array(
          fc.record(
            {
              id: fc.string(),
              name: fc.string({ minLength: 1 }),
              input: fc.dictionary(fc.string(), fc.jsonValue()),
              output: fc.string(),
            },
            { requiredKeys: ["name", "input"] },
          ),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: ["role"] },
    );
    const wellFormedRun = fc.record({
      runId: fc.string({ minLength: 1 }),
      metadata: fc.record({
        flowId: fc.string(),
        status: fc.constantFrom("running", "completed", "failed", "canceled"),
      }),
      turns: fc.array(wellFormedTurn, { maxLength: 6 }).map((turns) => turns.map((turn, id) => ({ id, ...turn }))),
    });
    const outcomes = new Set<boolean>();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ runId: fc.anything(), metadata: fc.anything(), turns: fc.array(turn) }),
          wellFormedRun,
        ),
        (value) => {
          const imported = devflowConverter.toCanonical(value);
          outcomes.add(imported.ok);
          // A refusal says why; what is read converts back.
          expect(imported.ok ? devflowConverter.fromCanonical(imported.document).ok : imported.errors.length > 0).toBe(
            true,
          );
        },
      ),
    );
    expect(outcomes).toEqual(new Set([true, false]));
    expect(devflowConverter.fromCanonical(null as unknown as Transcript).ok).toBe(false);
  });
});
