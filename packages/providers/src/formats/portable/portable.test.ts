import { readFileSync } from "node:fs";
import type { Message, Part, ToolCallPart, ToolResultPart, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { at, checkCoverage, index, type MappingRule } from "../../conversion/field-coverage.test.helpers.js";
import { portableConverter } from "../../converters.js";
import { type PortableMessage } from "./index.js";

function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as unknown;
}

const lisbon = readJson("./fixtures/lisbon-conversation.json");
const canonicalExample = readJson(
  "../../../../../schemas/v1/examples/Transcript/valid/openaf-portable-conversation.json",
) as Transcript;

function mustImport(value: unknown, options?: Parameters<typeof portableConverter.toCanonical>[1]): Transcript {
  const result = portableConverter.toCanonical(value, options);
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors)}`);
  return result.document;
}

function partsOf<T extends Part["type"]>(message: Message | undefined, type: T): Array<Extract<Part, { type: T }>> {
  return (message?.parts ?? []).filter((part): part is Extract<Part, { type: T }> => part.type === type);
}

const call = (document: Transcript, messageIndex: number, callIndex: number): ToolCallPart | undefined =>
  partsOf(document.messages[messageIndex], "tool_call")[callIndex];
const result = (document: Transcript, messageIndex: number, resultIndex: number): ToolResultPart | undefined =>
  partsOf(document.messages[messageIndex], "tool_result")[resultIndex];
/** The id as the source wrote it: kept in provider_fields when it could not be the canonical id. */
const sourceId = (
  fields: Record<string, Record<string, unknown>> | undefined,
  canonicalId: string | undefined,
): unknown =>
  fields?.["portable"] !== undefined && Object.hasOwn(fields["portable"], "id")
    ? fields["portable"]["id"]
    : canonicalId;

/**
 * Portable → canonical mapping table. Portable message i is canonical message i (the list has no ids: position
 * is the key); calls and results are found by their index among the message's tool_call / tool_result parts.
 */
const rules: Array<MappingRule<unknown, Transcript>> = [
  {
    source: "",
    canonical: "messages (an empty conversation)",
    resolve: (_match, _source, document) => document.messages,
  },
  {
    source: "/*/role",
    canonical: "messages[i].role",
    resolve: (match, _source, document) => document.messages[index(match, 0)]?.role,
  },
  {
    source: "/*/content",
    canonical: "messages[i].parts[type=text][0].text (null: no text part)",
    resolve: (match, _source, document) => partsOf(document.messages[index(match, 0)], "text")[0]?.text ?? null,
  },
  {
    source: "/*/toolCalls/*/id",
    canonical: "tool_call.id, or provider_fields.portable.id when the source id was empty or looks synthetic",
    resolve: (match, _source, document) => {
      const part = call(document, index(match, 0), index(match, 1));
      return sourceId(part?.provider_fields, part?.id);
    },
  },
  {
    source: "/*/toolCalls/*/name",
    canonical: "tool_call.name",
    resolve: (match, _source, document) => call(document, index(match, 0), index(match, 1))?.name,
  },
  {
    source: "/*/toolCalls/*/arguments/**",
    canonical: "tool_call.input/**",
    resolve: (match, _source, document) => at(call(document, index(match, 0), index(match, 1))?.input, match.rest),
  },
  {
    source: "/*/toolCalls/*/*/**",
    canonical: "tool_call.provider_fields.portable[field]/** (fields the OpenAF portable format does not define)",
    resolve: (match, _source, document) =>
      at(call(document, index(match, 0), index(match, 1))?.provider_fields?.["portable"], [
        match.wildcards[2] ?? "",
        ...match.rest,
      ]),
  },
  {
    source: "/*/toolResults/*/id",
    canonical: "tool_result.call_id, or provider_fields.portable.id when the source id was empty or looks synthetic",
    resolve: (match, _source, document) => {
      const part = result(document, index(match, 0), index(match, 1));
      return sourceId(part?.provider_fields, part?.call_id);
    },
  },
  {
    source: "/*/toolResults/*/name",
    canonical: "tool_result.name",
    resolve: (match, _source, document) => result(document, index(match, 0), index(match, 1))?.name,
  },
  {
    source: "/*/toolResults/*/result/**",
    canonical: "tool_result.output/**",
    resolve: (match, _source, document) => at(result(document, index(match, 0), index(match, 1))?.output, match.rest),
  },
  {
    source: "/*/toolResults/*/*/**",
    canonical: "tool_result.provider_fields.portable[field]/**",
    resolve: (match, _source, document) =>
      at(result(document, index(match, 0), index(match, 1))?.provider_fields?.["portable"], [
        match.wildcards[2] ?? "",
        ...match.rest,
      ]),
  },
  {
    source: "/*/*/**",
    canonical:
      "messages[i].provider_fields.portable[field]/** (fields the OpenAF portable format does not define, empty toolCalls / toolResults)",
    resolve: (match, _source, document) =>
      at(document.messages[index(match, 0)]?.provider_fields?.["portable"], [match.wildcards[1] ?? "", ...match.rest]),
  },
];

const passThroughRules = ["", "/*/toolCalls/*/*/**", "/*/toolResults/*/*/**", "/*/*/**"];

describe("OpenAF portable format: the format's own example conversation", () => {
  it("imports to a strictly valid transcript equal to the OpenAF portable canonical example", () => {
    const result = portableConverter.toCanonical(lisbon, {
      id: canonicalExample.id,
      ...(canonicalExample.title === undefined ? {} : { title: canonicalExample.title }),
      ...(canonicalExample.source?.path === undefined ? {} : { path: canonicalExample.source.path }),
      ...(canonicalExample.source?.imported_at === undefined
        ? {}
        : { importedAt: canonicalExample.source.imported_at }),
    });
    expect(result.ok && result.warnings).toEqual([]);
    if (!result.ok) return;
    expect(validateTranscript(result.document).ok).toBe(true);
    // The example also names the producer (openaf), which a portable list does not carry.
    // It is a 1.0.0 document; the import writes this version.
    const { producer: _producer, ...expected } = canonicalExample;
    expect(result.document).toEqual({ ...expected, schema_version: formatVersion });
  });

  it("exports back to exactly the original list, with no warnings", () => {
    const exported = portableConverter.fromCanonical(mustImport(lisbon));
    expect(exported).toEqual({ ok: true, value: lisbon, warnings: [] });
  });

  it("loses no field: every leaf of the list is in the canonical document", () => {
    const report = checkCoverage(lisbon, mustImport(lisbon), rules);
    expect(report.checked).toBeGreaterThan(40);
    expect(report.unmapped).toEqual([]);
    expect(report.mismatched).toEqual([]);
    // Every rule but the pass-through ones (exercised below) maps some field of the example conversation.
    expect(report.unused.sort()).toEqual([...passThroughRules].sort());
  });

  it("exports the OpenAF portable canonical example to the format's list, reporting the transcript fields it has no place for", () => {
    const exported = portableConverter.fromCanonical(canonicalExample);
    expect(exported.ok && exported.value).toEqual(lisbon);
    expect(exported.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["field-dropped", "/title"],
      ["field-dropped", "/id"],
    ]);
  });
});

describe("portable ids", () => {
  it("synthesises missing and empty ids, pairs id-less results by name, and writes the source ids back", () => {
    const list = [
      {
        role: "assistant",
        content: "Checking both.",
        toolCalls: [
          { name: "a", arguments: {} },
          { id: "", name: "b", arguments: { x: 1 } },
        ],
      },
      {
        role: "user",
        content: null,
        toolResults: [
          { id: "", name: "b", result: "B" },
          { name: "a", result: { ok: true } },
        ],
      },
      { role: "assistant", content: null, toolCalls: [{ id: "portable-call-2-0", name: "c", arguments: {} }] },
      {
        role: "user",
        content: null,
        toolResults: [
          { id: "portable-call-2-0", name: "c", result: "C" },
          { name: "orphan", result: "?" },
        ],
      },
    ];
    const document = mustImport(list);
    expect(validateTranscript(document).ok).toBe(true);
    expect(call(document, 0, 0)?.id).toBe("portable-call-0-0");
    expect(call(document, 0, 1)).toMatchObject({ id: "portable-call-0-1", provider_fields: { portable: { id: "" } } });
    expect(result(document, 1, 0)).toMatchObject({
      call_id: "portable-call-0-1",
      provider_fields: { portable: { id: "" } },
    });
    expect(result(document, 1, 1)?.call_id).toBe("portable-call-0-0");
    expect(call(document, 2, 0)).toMatchObject({
      id: "portable-call-2-0",
      provider_fields: { portable: { id: "portable-call-2-0" } },
    });
    expect(result(document, 3, 1)?.call_id).toBe("portable-result-3-1");
    expect(portableConverter.fromCanonical(document)).toEqual({ ok: true, value: list, warnings: [] });
  });

  it("looks result names up from the call ids when a canonical result has none", () => {
    const document: Transcript = {
      schema_version: "1.0.0",
      id: "t",
      messages: [
        { role: "assistant", parts: [{ type: "tool_call", id: "c1", name: "lookup", input: { q: 1 } }] },
        { role: "tool", parts: [{ type: "tool_result", call_id: "c1", status: "ok", output: "found" }] },
      ],
    };
    const exported = portableConverter.fromCanonical(document);
    expect(exported.ok && exported.value[1]).toEqual({
      role: "user",
      content: null,
      toolResults: [{ id: "c1", name: "lookup", result: "found" }],
    });
  });
});

describe("portable export of other canonical documents", () => {
  it("maps developer to system, batches consecutive tool messages into one user turn and reports every loss", () => {
    const document: Transcript = {
      schema_version: "1.0.0",
      id: "openai-chat-1",
      messages: [
        { role: "developer", parts: [{ type: "text", text: "Be brief." }] },
        { role: "user", parts: [{ type: "text", text: "Weather and time?" }] },
        {
          id: "msg_1",
          role: "assistant",
          model: "gpt-5",
          parts: [
            { type: "reasoning", text: "Two tools." },
            { type: "tool_call", id: "call_1", name: "weather", input: { city: "Porto" } },
            { type: "tool_call", id: "call_2", name: "clock", input: ["Europe/Lisbon"] },
          ],
        },
        { role: "tool", parts: [{ type: "tool_result", call_id: "call_1", status: "ok", output: { c: 19 } }] },
        {
          role: "tool",
          parts: [{ type: "tool_result", call_id: "call_2", status: "error", output: 42, error: "timeout" }],
        },
        {
          role: "assistant",
          parts: [
            { type: "text", text: "19 °C." },
            { type: "text", text: " Clock failed." },
          ],
        },
      ],
    };
    const exported = portableConverter.fromCanonical(document);
    expect(exported.ok && exported.value).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Weather and time?" },
      {
        role: "assistant",
        content: null,
        toolCalls: [
          { id: "call_1", name: "weather", arguments: { city: "Porto" } },
          { id: "call_2", name: "clock", arguments: { input: ["Europe/Lisbon"] } },
        ],
      },
      {
        role: "user",
        content: null,
        toolResults: [
          { id: "call_1", name: "weather", result: { c: 19 } },
          { id: "call_2", name: "clock", result: "42" },
        ],
      },
      { role: "assistant", content: "19 °C. Clock failed." },
    ] satisfies PortableMessage[]);
    expect(exported.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["role-mapped", "/messages/0/role"],
      ["field-dropped", "/messages/2/id"],
      ["field-dropped", "/messages/2/model"],
      ["part-dropped", "/messages/2/parts/0"],
      ["value-converted", "/messages/2/parts/2/input"],
      ["field-dropped", "/messages/4/parts/0/status"],
      ["value-converted", "/messages/4/parts/0/output"],
      ["field-dropped", "/messages/4/parts/0/error"],
      ["parts-merged", "/messages/5"],
      ["field-dropped", "/id"],
    ]);
  });

  it("says which turns carry tool calls and results, and drops a part of a type it does not know, by name", () => {
    const document = {
      schema_version: "1.0.0",
      id: "misplaced-tool-parts",
      messages: [
        { role: "user", parts: [{ type: "tool_call", id: "c1", name: "clock", input: {} }] },
        { role: "assistant", parts: [{ type: "tool_result", call_id: "c1", status: "ok", output: "12:00" }] },
        { role: "assistant", parts: [{ type: "hologram", depth: 3 }] },
      ],
    } as unknown as Transcript;
    const exported = portableConverter.fromCanonical(document);
    expect(exported.warnings.map((warning) => [warning.code, warning.path, warning.message])).toEqual([
      ["part-dropped", "/messages/0/parts/0", "portable toolCalls appear only on assistant turns, not user"],
      ["part-dropped", "/messages/1/parts/0", "portable toolResults appear only on user turns, not assistant"],
      ["part-dropped", "/messages/2/parts/0", "a hologram part has no portable equivalent"],
      ["field-dropped", "/id", "the transcript id has no portable equivalent"],
    ]);
  });

  it("keeps fields the OpenAF portable format does not define and writes them back", () => {
    const list = [
      { role: "user", content: "hi", lang: "en", toolCalls: [] },
      { role: "assistant", content: null, toolCalls: [{ id: "c", name: "f", arguments: {}, index: 0 }] },
      { role: "user", content: null, toolResults: [{ id: "c", name: "f", result: "r", cached: true }], toolCalls: [] },
    ];
    const document = mustImport(list);
    expect(document.messages[0]?.provider_fields).toEqual({ portable: { lang: "en", toolCalls: [] } });
    expect(portableConverter.fromCanonical(document)).toEqual({ ok: true, value: list, warnings: [] });
    const report = checkCoverage(list, document, rules);
    expect([report.unmapped, report.mismatched]).toEqual([[], []]);
  });
});

const jsonObject = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
/** Real ids, empty ids, absent ids, and real ids that look like the synthetic ones. */
const callId = fc.option(
  fc.oneof(
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constant(""),
    fc.constantFrom("portable-call-1-0", "portable-result-0-0"),
  ),
  { nil: undefined },
);
const content = fc.option(fc.string({ maxLength: 40 }), { nil: null });
const withId = <T extends object>(id: string | undefined, rest: T): T & { id?: string } =>
  id === undefined ? rest : { id, ...rest };

const toolCall = fc
  .tuple(callId, fc.string({ minLength: 1, maxLength: 10 }), jsonObject)
  .map(([id, name, args]) => withId(id, { name, arguments: args }));
const toolResult = fc
  .tuple(callId, fc.string({ maxLength: 10 }), fc.oneof(fc.string({ maxLength: 30 }), jsonObject))
  .map(([id, name, value]) => withId(id, { name, result: value }));

const portableMessage = fc.oneof(
  fc.record({ role: fc.constant("system" as const), content }),
  fc.record({ role: fc.constant("user" as const), content }),
  fc.record({
    role: fc.constant("user" as const),
    content,
    toolResults: fc.array(toolResult, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ role: fc.constant("assistant" as const), content }),
  fc.record({
    role: fc.constant("assistant" as const),
    content,
    toolCalls: fc.array(toolCall, { minLength: 1, maxLength: 3 }),
  }),
);
const conversation = fc.array(portableMessage, { maxLength: 8 });

describe("portable round trip (property)", () => {
  it("any portable conversation survives portable → canonical → portable unchanged, with no field lost", () => {
    fc.assert(
      fc.property(conversation, (list) => {
        const imported = portableConverter.toCanonical(list);
        expect(imported.ok && imported.warnings).toEqual([]);
        if (!imported.ok) return;
        expect(validateTranscript(imported.document).ok).toBe(true);
        expect(portableConverter.fromCanonical(imported.document)).toEqual({ ok: true, value: list, warnings: [] });
        const report = checkCoverage(list, imported.document, rules);
        expect([report.unmapped, report.mismatched]).toEqual([[], []]);
      }),
    );
  });

  it("never throws, whatever it is given", () => {
    // Conversations of the right shape with arbitrary content, so that some are read (and converted back) and not
    // all refused.
    const content = fc.option(fc.string(), { nil: null });
    const wellFormedMessage = fc.oneof(
      fc.record({ role: fc.constant("system"), content }),
      fc.record(
        {
          role: fc.constant("user"),
          content,
          toolResults: fc.array(
            fc.record(
              {
                id: fc.string(),
                name: fc.string({ minLength: 1 }),
                result: fc.oneof(fc.string(), fc.dictionary(fc.string(), fc.jsonValue())),
              },
              { requiredKeys: ["name", "result"] },
            ),
            { maxLength: 2 },
          ),
        },
        { requiredKeys: ["role", "content"] },
      ),
      fc.record(
        {
          role: fc.constant("assistant"),
          content,
          toolCalls: fc.array(
            fc.record(
              {
                id: fc.string(),
                name: fc.string({ minLength: 1 }),
                arguments: fc.dictionary(fc.string(), fc.jsonValue()),
              },
              { requiredKeys: ["name", "arguments"] },
            ),
            { maxLength: 2 },
          ),
        },
        { requiredKeys: ["role", "content"] },
      ),
    );
    const outcomes = new Set<boolean>();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.array(fc.dictionary(fc.constantFrom("role", "content", "toolCalls", "toolResults", "id"), fc.anything())),
          fc.array(wellFormedMessage, { minLength: 1, maxLength: 5 }),
        ),
        (value) => {
          const imported = portableConverter.toCanonical(value);
          expect(typeof imported.ok).toBe("boolean");
          outcomes.add(imported.ok);
          // A refusal says why; what is read converts back.
          expect(imported.ok ? portableConverter.fromCanonical(imported.document).ok : imported.errors.length > 0).toBe(
            true,
          );
        },
      ),
    );
    expect(outcomes).toEqual(new Set([true, false]));
    expect(portableConverter.fromCanonical({ not: "a transcript" } as unknown as Transcript).ok).toBe(false);
  });
});

describe("portable bad input", () => {
  const cases: Array<[string, unknown, string[]]> = [
    ["not an array", { role: "user" }, [""]],
    ["a message that is not an object", ["hello"], ["/0"]],
    [
      "a role the OpenAF portable format does not have",
      [
        { role: "tool", content: "x" },
        { role: "model", content: "y" },
      ],
      ["/0/role", "/1/role"],
    ],
    ["content that is not a string or null", [{ role: "user", content: 42 }], ["/0/content"]],
    [
      "toolCalls on a user turn",
      [{ role: "user", content: null, toolCalls: [{ id: "c", name: "f", arguments: {} }] }],
      ["/0/toolCalls"],
    ],
    [
      "toolResults on an assistant turn",
      [{ role: "assistant", content: null, toolResults: [{ id: "c", name: "f", result: "r" }] }],
      ["/0/toolResults"],
    ],
    [
      "arguments as an array and as non-JSON text",
      [
        {
          role: "assistant",
          content: null,
          toolCalls: [
            { id: "a", name: "f", arguments: [1] },
            { id: "b", name: "g", arguments: "{not json" },
          ],
        },
      ],
      ["/0/toolCalls/0/arguments", "/0/toolCalls/1/arguments"],
    ],
    [
      "a call without a name",
      [{ role: "assistant", content: null, toolCalls: [{ id: "a", arguments: {} }] }],
      ["/0/toolCalls/0/name"],
    ],
    [
      "a result without a result",
      [{ role: "user", content: null, toolResults: [{ id: "a", name: "f" }] }],
      ["/0/toolResults/0/result"],
    ],
    [
      "a value that is not JSON",
      [{ role: "user", content: null, toolResults: [{ id: "a", name: "f", result: { n: Number.NaN } }] }],
      ["/0/toolResults/0/result/n"],
    ],
  ];
  it.each(cases)("%s: errors name the JSON pointers, nothing throws", (_name, value, paths) => {
    const before = structuredClone(value);
    const result = portableConverter.toCanonical(value);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.path)).toEqual(paths);
    expect(value).toEqual(before);
  });

  it("reads JSON-text arguments and an absent content leniently, with warnings", () => {
    const result = portableConverter.toCanonical([
      { role: "assistant", toolCalls: [{ id: "a", name: "f", arguments: '{"x":1}' }] },
    ]);
    expect(result.ok).toBe(true);
    expect(result.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["input-normalized", "/0/content"],
      ["input-normalized", "/0/toolCalls/0/arguments"],
    ]);
  });

  it("turns a value too deep for the call stack into an error", () => {
    let deep: unknown = {};
    for (let level = 0; level < 200_000; level += 1) deep = { d: deep };
    const result = portableConverter.toCanonical([
      { role: "assistant", content: null, toolCalls: [{ id: "a", name: "f", arguments: deep }] },
    ]);
    expect(typeof result.ok).toBe("boolean");
  });
});
