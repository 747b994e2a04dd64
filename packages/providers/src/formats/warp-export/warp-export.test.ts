import { readFileSync } from "node:fs";
import type { Message, Part, ToolResultPart, Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { at, checkCoverage, type Match, type MappingRule } from "../../conversion/field-coverage.test.helpers.js";
import { warpExportConverter } from "../../converters.js";

function readJson(relative: string): unknown {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), "utf8")) as unknown;
}

/** A realistic export built from the spec: every block type, every TypedValue variant, truncation, redaction. */
const conversation = readJson("./fixtures/conversation.warp-export.json");
const canonicalExample = readJson("../../../../../schemas/v1/examples/Transcript/valid/warp-export.json") as Transcript;

function mustImport(value: unknown): Transcript {
  const result = warpExportConverter.toCanonical(value);
  if (!result.ok) throw new Error(`import failed: ${JSON.stringify(result.errors)}`);
  return result.document;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** The canonical messages a Warp message became: the one with its id, and those naming it in metadata. */
function messagesOf(source: unknown, document: Transcript, match: Match): Message[] {
  const id = at(source, ["messages", match.wildcards[0] ?? "", "id"]);
  return document.messages.filter((message) => message.id === id || message.metadata?.["warp_message_id"] === id);
}

/** The part Warp block k became: the k-th part of those messages, leaving out the tool results they gained. */
function blockPart(source: unknown, document: Transcript, match: Match): Part | undefined {
  const parts = messagesOf(source, document, match)
    .filter((message) => message.role !== "tool")
    .flatMap((message) => message.parts);
  return parts[Number(match.wildcards[1])];
}

/** The tool_result answering the call a tool_call block became, found by call id. */
function resultOf(source: unknown, document: Transcript, match: Match): ToolResultPart | undefined {
  const call = blockPart(source, document, match);
  if (call?.type !== "tool_call") return undefined;
  return document.messages
    .flatMap((message) => message.parts)
    .find((part): part is ToolResultPart => part.type === "tool_result" && part.call_id === call.id);
}

const blockType = (source: unknown, match: Match): unknown =>
  at(source, ["messages", match.wildcards[0] ?? "", "content", match.wildcards[1] ?? "", "type"]);
const isBlock =
  (type: string) =>
  (match: Match, source: unknown): boolean =>
    blockType(source, match) === type;
const isUnknownBlock = (match: Match, source: unknown): boolean =>
  !["text", "reasoning", "tool_call", "plan_step", "code_diff", "image"].includes(String(blockType(source, match)));
const field = (part: Part | ToolResultPart | undefined, name: string): unknown =>
  part === undefined ? undefined : (part as unknown as Record<string, unknown>)[name];

/** Warp export → canonical mapping table. Messages are found by id, blocks by index, tool results by call id. */
const rules: Array<MappingRule<unknown, Transcript>> = [
  {
    source: "/schema_version",
    canonical: "source.format_version",
    resolve: (_match, _source, document) => document.source?.format_version,
  },
  { source: "/conversation_id", canonical: "id", resolve: (_match, _source, document) => document.id },
  {
    source: "/title",
    canonical: "title (null: absent)",
    resolve: (_match, _source, document) => document.title ?? null,
  },
  { source: "/created_at", canonical: "created_at", resolve: (_match, _source, document) => document.created_at },
  { source: "/updated_at", canonical: "updated_at", resolve: (_match, _source, document) => document.updated_at },
  {
    source: "/exported_at",
    canonical: "export.exported_at",
    resolve: (_match, _source, document) => document.export?.exported_at,
  },
  {
    source: "/messages/*/id",
    canonical: "messages[id].id",
    resolve: (match, source, document) => messagesOf(source, document, match)[0]?.id,
  },
  {
    source: "/messages/*/role",
    canonical: "messages[id].role",
    resolve: (match, source, document) => messagesOf(source, document, match)[0]?.role,
  },
  {
    source: "/messages/*/created_at",
    canonical: "messages[id].created_at",
    resolve: (match, source, document) => messagesOf(source, document, match)[0]?.created_at,
  },
  {
    source: "/messages/*/model",
    canonical: "messages[id].model",
    resolve: (match, source, document) => messagesOf(source, document, match)[0]?.model,
  },
  {
    source: "/messages/*/content",
    canonical: "messages[id].parts (an empty content list)",
    resolve: (match, source, document) => messagesOf(source, document, match).flatMap((message) => message.parts),
  },
  // Unknown block types first: the whole block is the native part's data.
  {
    source: "/messages/*/content/*/**",
    canonical: "native part data/** (block types the spec does not define)",
    when: isUnknownBlock,
    resolve: (match, source, document) => at(field(blockPart(source, document, match), "data"), match.rest),
  },
  {
    source: "/messages/*/content/*/type",
    canonical: "part.type",
    resolve: (match, source, document) => blockPart(source, document, match)?.type,
  },
  // text, reasoning
  {
    source: "/messages/*/content/*/text",
    canonical: "text / reasoning part .text",
    resolve: (match, source, document) => field(blockPart(source, document, match), "text"),
  },
  {
    source: "/messages/*/content/*/duration_ms",
    canonical: "reasoning part .duration_ms",
    when: isBlock("reasoning"),
    resolve: (match, source, document) => field(blockPart(source, document, match), "duration_ms"),
  },
  // tool_call
  {
    source: "/messages/*/content/*/tool",
    canonical: "tool_call.name",
    resolve: (match, source, document) => field(blockPart(source, document, match), "name"),
  },
  {
    source: "/messages/*/content/*/input/type",
    canonical: "the JSON type of tool_call.input",
    resolve: (match, source, document) => jsonType(field(blockPart(source, document, match), "input")),
  },
  {
    source: "/messages/*/content/*/input/value/**",
    canonical: "tool_call.input/**",
    resolve: (match, source, document) => at(field(blockPart(source, document, match), "input"), match.rest),
  },
  {
    source: "/messages/*/content/*/output/type",
    canonical: "the JSON type of tool_result.output",
    resolve: (match, source, document) => jsonType(resultOf(source, document, match)?.output),
  },
  {
    source: "/messages/*/content/*/output/value/**",
    canonical: "tool_result.output/**",
    resolve: (match, source, document) => at(resultOf(source, document, match)?.output, match.rest),
  },
  {
    source: "/messages/*/content/*/duration_ms",
    canonical: "tool_result.duration_ms",
    when: isBlock("tool_call"),
    resolve: (match, source, document) => resultOf(source, document, match)?.duration_ms,
  },
  {
    source: "/messages/*/content/*/status",
    canonical: "tool_result.status",
    when: isBlock("tool_call"),
    resolve: (match, source, document) => resultOf(source, document, match)?.status,
  },
  {
    source: "/messages/*/content/*/truncated",
    canonical: "tool_result.truncated",
    resolve: (match, source, document) => resultOf(source, document, match)?.truncated,
  },
  {
    source: "/messages/*/content/*/original_size_bytes",
    canonical: "tool_result.original_size_bytes",
    resolve: (match, source, document) => resultOf(source, document, match)?.original_size_bytes,
  },
  {
    source: "/messages/*/content/*/truncation_strategy",
    canonical: "tool_result.truncation_strategy",
    resolve: (match, source, document) => resultOf(source, document, match)?.truncation_strategy,
  },
  // plan_step: the part is the block, field for field (null stays null), sub-items recursively.
  {
    source: "/messages/*/content/*/**",
    canonical: "plan_step part/** (id, title, status, blocked_reason, description, subitems/**)",
    when: (match, source) =>
      isBlock("plan_step")(match, source) &&
      ["id", "title", "status", "blocked_reason", "description", "subitems"].includes(match.rest[0] ?? ""),
    resolve: (match, source, document) => at(blockPart(source, document, match), match.rest),
  },
  // code_diff: files, hunks and lines field for field.
  {
    source: "/messages/*/content/*/files/**",
    canonical: "code_diff part .files/**",
    resolve: (match, source, document) => at(field(blockPart(source, document, match), "files"), match.rest),
  },
  // image
  {
    source: "/messages/*/content/*/data_uri",
    canonical: "image part: `data:${media_type};base64,${data}`, or url for another data URI",
    resolve: (match, source, document) => {
      const part = blockPart(source, document, match);
      if (part?.type !== "image") return undefined;
      return part.url ?? `data:${part.media_type ?? ""};base64,${part.data ?? ""}`;
    },
  },
  {
    source: "/messages/*/content/*/alt",
    canonical: "image part .alt",
    resolve: (match, source, document) => field(blockPart(source, document, match), "alt"),
  },
  // Fields the spec does not define, kept for export.
  {
    source: "/messages/*/content/*/*/**",
    canonical: "part.provider_fields.warp[field]/** (block fields the spec does not define)",
    resolve: (match, source, document) =>
      at(field(blockPart(source, document, match), "provider_fields"), [
        "warp",
        match.wildcards[2] ?? "",
        ...match.rest,
      ]),
  },
  {
    source: "/messages/*/*/**",
    canonical: "messages[id].provider_fields.warp[field]/** (message fields the spec does not define)",
    resolve: (match, source, document) =>
      at(messagesOf(source, document, match)[0]?.provider_fields, ["warp", match.wildcards[1] ?? "", ...match.rest]),
  },
  {
    source: "/*/**",
    canonical: "metadata.warp[field]/** (document fields the spec does not define)",
    resolve: (match, _source, document) => at(document.metadata, ["warp", match.wildcards[0] ?? "", ...match.rest]),
  },
];

const passThroughRules = ["/messages/*/content", "/messages/*/content/*/*/**", "/messages/*/*/**", "/*/**"];

describe("Warp export (Warp export): a realistic export exercising every block type", () => {
  it("imports to a strictly valid transcript with no warnings", () => {
    const result = warpExportConverter.toCanonical(conversation, {
      path: "Fix-flaky-retry-test-in-http_client-2026-05-12T09-58-31Z.warp-export.json",
    });
    expect(result.ok && result.warnings).toEqual([]);
    if (!result.ok) return;
    expect(validateTranscript(result.document).ok).toBe(true);
    expect(result.document.source).toEqual({
      format: "warp-export",
      format_version: "1.0.0",
      path: "Fix-flaky-retry-test-in-http_client-2026-05-12T09-58-31Z.warp-export.json",
      session_id: "c7a3f1e2-5b8d-4e21-9f6a-2d4b8c1e7a90",
    });
  });

  it("exports back to exactly the original export, with no warnings", () => {
    expect(warpExportConverter.fromCanonical(mustImport(conversation))).toEqual({
      ok: true,
      value: conversation,
      warnings: [],
    });
  });

  it("loses no field: every leaf of the export is in the canonical document, and every block rule is exercised", () => {
    const report = checkCoverage(conversation, mustImport(conversation), rules);
    expect(report.checked).toBeGreaterThan(200);
    expect(report.unmapped).toEqual([]);
    expect(report.mismatched).toEqual([]);
    expect(report.unused.sort()).toEqual([...passThroughRules, "/messages/*/content/*/**"].sort());
  });

  it("places tool results in tool messages after their calls, as canonical readers expect, and continues the Warp message after them", () => {
    const document = mustImport(conversation);
    const assistantId = "3b0c9e51-7d2a-4f6e-8a1b-5c4d3e2f1a09";
    expect(
      document.messages.map((message) => [message.id, message.role, message.parts.map((part) => part.type).join(",")]),
    ).toEqual([
      ["8d1f6f0e-2a4b-4c1e-9b7a-1f2e3d4c5b6a", "user", "text,image"],
      [assistantId, "assistant", "reasoning,text,plan_step,tool_call,tool_call"],
      [`${assistantId}#1`, "tool", "tool_result,tool_result"],
      [`${assistantId}#2`, "assistant", "reasoning,tool_call"],
      [`${assistantId}#3`, "tool", "tool_result"],
      [`${assistantId}#4`, "assistant", "text,code_diff,tool_call,tool_call"],
      [`${assistantId}#5`, "tool", "tool_result,tool_result"],
      [`${assistantId}#6`, "assistant", "plan_step,text"],
      ["5f4e3d2c-1b0a-4987-a6b5-c4d3e2f1a0b9", "user", "text"],
      ["0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", "assistant", "tool_call,tool_call,tool_call"],
      ["0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f#1", "tool", "tool_result,tool_result,tool_result"],
      ["0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f#2", "assistant", "text,tool_call"],
    ]);
    expect(document.messages[2]?.metadata).toEqual({ warp_message_id: assistantId });
    expect(document.messages[3]?.model).toBe("claude-sonnet-4-5");
    expect(document.messages[4]?.parts[0]).toEqual({
      type: "tool_result",
      call_id: `${assistantId}:6`,
      name: "run_command",
      status: "error",
      output:
        "     43 test result: ok. 1 passed; 0 failed\n      7 test result: FAILED. 0 passed; 1 failed\n      7 thread 'third_attempt_waits_for_backoff' panicked at tests/retry_test.rs:8:5: took 468.913ms\n",
      duration_ms: 48210,
    });
    expect(document.messages[0]?.parts[1]).toMatchObject({
      type: "image",
      media_type: "image/png",
      alt: "CI run #4812: third_attempt_waits_for_backoff failed, took 512ms",
    });
  });
});

describe("Warp export forward compatibility", () => {
  it("keeps a newer minor version's unknown fields and block types and writes them back unchanged", () => {
    const newer = {
      schema_version: "1.3.0",
      conversation_id: "conv-9",
      title: null,
      workspace: { root: "/home/dev/src", branch: "main" },
      messages: [
        {
          id: "m1",
          role: "assistant",
          pinned: true,
          content: [
            { type: "text", text: "Ran it.", citations: [] },
            { type: "terminal_snapshot", rows: 24, cols: 80, lines: ["$ cargo test", "ok"] },
            {
              type: "tool_call",
              tool: "run",
              input: { type: "string", value: "ls" },
              output: { type: "string", value: "a\nb" },
              status: "ok",
              exit_code: 0,
            },
            { type: "image", data_uri: "data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E" },
          ],
        },
      ],
    };
    const result = warpExportConverter.toCanonical(newer);
    expect(result.ok && result.warnings).toEqual([]);
    if (!result.ok) return;
    expect(validateTranscript(result.document).ok).toBe(true);
    expect(result.document.messages[0]?.parts[1]).toEqual({
      type: "native",
      native_type: "terminal_snapshot",
      data: newer.messages[0]?.content[1],
      issuer: { provider: "warp" },
    });
    expect(result.document.messages[2]?.parts[0]).toEqual({
      type: "image",
      url: "data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E",
    });
    expect(warpExportConverter.fromCanonical(result.document)).toEqual({ ok: true, value: newer, warnings: [] });
    const report = checkCoverage(newer, result.document, rules);
    expect([report.unmapped, report.mismatched]).toEqual([[], []]);
  });
});

describe("Warp export of other canonical documents", () => {
  it("exports the Warp export canonical example, folding results into their calls and reporting every loss", () => {
    const exported = warpExportConverter.fromCanonical(canonicalExample);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const value = exported.value;
    expect(
      value.messages.map((message) => [message.id, message.role, message.content.map((block) => block.type).join(",")]),
    ).toEqual([
      ["8d1f6f0e-2a4b-4c1e-9b7a-1f2e3d4c5b6a", "user", "text,image"],
      ["3b0c9e51-7d2a-4f6e-8a1b-5c4d3e2f1a09", "assistant", "reasoning,text,plan_step,tool_call,tool_call"],
      ["5f4e3d2c-1b0a-4987-a6b5-c4d3e2f1a0b9", "assistant", "reasoning,tool_call"],
      ["0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f", "assistant", "reasoning,text,code_diff,tool_call,tool_call"],
      ["b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e", "assistant", "plan_step,text"],
    ]);
    expect(value.messages[2]?.content[1]).toMatchObject({
      type: "tool_call",
      tool: "run_command",
      status: "error",
      duration_ms: 48210,
      output: { type: "string" },
    });
    expect(value.messages[1]?.content[4]).toMatchObject({ output: { type: "array", value: expect.any(Array) } });
    // Plan steps are written with every nullable field present, as the spec requires.
    expect(value.messages[1]?.content[2]).toMatchObject({
      blocked_reason: null,
      subitems: [
        { id: "1", blocked_reason: null, description: null, subitems: [] },
        expect.anything(),
        expect.anything(),
        expect.anything(),
      ],
    });
    const warnings = new Set(exported.warnings.map((warning) => `${warning.code} ${warning.path}`));
    for (const expected of [
      "field-dropped /usage",
      "field-dropped /cost",
      "field-dropped /export/redaction",
      "field-dropped /messages/1/usage",
      "field-dropped /messages/1/issuer",
      "field-dropped /messages/1/finish_reason",
      "field-dropped /messages/1/parts/3/id",
      "field-dropped /messages/2/id",
      "field-dropped /messages/2/created_at",
      "field-dropped /messages/4/parts/0/error",
    ]) {
      expect(warnings).toContain(expected);
    }
    const reimported = warpExportConverter.toCanonical(value);
    expect(reimported.ok && validateTranscript(reimported.document).ok).toBe(true);
  });

  it("drops what a Warp export cannot hold, with warnings", () => {
    const document: Transcript = {
      schema_version: "1.0.0",
      id: "t",
      messages: [
        { role: "system", parts: [{ type: "text", text: "rules" }] },
        {
          role: "assistant",
          parts: [
            { type: "image", url: "https://example.com/a.png" },
            { type: "reasoning", encrypted_content: "opaque", issuer: { provider: "openai" } },
            { type: "refusal", text: "no" },
            { type: "native", native_type: "container_upload", data: {}, issuer: { provider: "anthropic" } },
            { type: "tool_call", id: "c", name: "f", input: {} },
          ],
        },
        {
          role: "tool",
          parts: [
            { type: "tool_result", call_id: "c", status: "denied" },
            { type: "tool_result", call_id: "nope", status: "ok" },
          ],
        },
      ],
    };
    const exported = warpExportConverter.fromCanonical(document);
    expect(exported.ok && exported.value.messages).toEqual([
      {
        id: "message-1",
        role: "assistant",
        content: [{ type: "tool_call", tool: "f", input: { type: "object", value: {} }, status: "error" }],
      },
    ]);
    expect(exported.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["message-dropped", "/messages/0"],
      ["part-dropped", "/messages/1/parts/0"],
      ["field-dropped", "/messages/1/parts/1/encrypted_content"],
      ["field-dropped", "/messages/1/parts/1/issuer"],
      ["part-dropped", "/messages/1/parts/1"],
      ["part-dropped", "/messages/1/parts/2"],
      ["part-dropped", "/messages/1/parts/3"],
      ["field-dropped", "/messages/1/parts/4/id"],
      ["status-mapped", "/messages/2/parts/0/status"],
      ["tool-result-unmatched", "/messages/2/parts/1/call_id"],
    ]);
  });
});

describe("Warp export bad input", () => {
  const message = (content: unknown[]): unknown => ({
    schema_version: "1.0.0",
    conversation_id: "c",
    title: null,
    messages: [{ id: "m", role: "assistant", content }],
  });
  const cases: Array<[string, unknown, string[]]> = [
    ["not an object", "export", [""]],
    [
      "an unsupported major version and no messages",
      { schema_version: "2.0.0", conversation_id: "c" },
      ["/schema_version", "/messages"],
    ],
    [
      "a role the export does not have",
      { schema_version: "1.0.0", conversation_id: "c", messages: [{ id: "m", role: "system", content: [] }] },
      ["/messages/0/role"],
    ],
    [
      "two messages with one id",
      {
        schema_version: "1.0.0",
        conversation_id: "c",
        messages: [
          { id: "m", role: "user", content: [] },
          { id: "m", role: "assistant", content: [] },
        ],
      },
      ["/messages/1/id"],
    ],
    ["a block without a type", message([{ text: "hi" }]), ["/messages/0/content/0/type"]],
    [
      "a TypedValue whose value is not of its type",
      message([{ type: "tool_call", tool: "f", input: { type: "object", value: [] } }]),
      ["/messages/0/content/0/input/value"],
    ],
    [
      "a TypedValue without a value",
      message([{ type: "tool_call", tool: "f", input: { type: "null" } }]),
      ["/messages/0/content/0/input/value"],
    ],
    [
      "an output without a status",
      message([
        { type: "tool_call", tool: "f", input: { type: "null", value: null }, output: { type: "string", value: "x" } },
      ]),
      ["/messages/0/content/0/status"],
    ],
    [
      "a blocked plan step without a reason",
      message([
        {
          type: "plan_step",
          id: "p",
          title: "t",
          status: "blocked",
          blocked_reason: null,
          description: null,
          subitems: [],
        },
      ]),
      ["/messages/0/content/0/blocked_reason"],
    ],
    [
      "a pending sub-item with a blocked reason",
      message([
        {
          type: "plan_step",
          id: "p",
          title: "t",
          status: "pending",
          subitems: [{ id: "1", title: "s", status: "pending", blocked_reason: "why" }],
        },
      ]),
      ["/messages/0/content/0/subitems/0/blocked_reason"],
    ],
    [
      "a hunk starting below zero and a line kind the spec does not have",
      message([
        {
          type: "code_diff",
          files: [
            {
              path: "a",
              change: "modified",
              binary: false,
              hunks: [
                { old_start: -1, old_lines: 0, new_start: 1, new_lines: 1, lines: [{ kind: "changed", text: "x" }] },
              ],
            },
          ],
        },
      ]),
      ["/messages/0/content/0/files/0/hunks/0/old_start", "/messages/0/content/0/files/0/hunks/0/lines/0/kind"],
    ],
    [
      "a renamed file without its old path",
      message([{ type: "code_diff", files: [{ path: "b", change: "renamed", binary: false, hunks: [] }] }]),
      ["/messages/0/content/0/files/0/old_path"],
    ],
    [
      "an image that is not inline",
      message([{ type: "image", data_uri: "https://example.com/a.png" }]),
      ["/messages/0/content/0/data_uri"],
    ],
  ];
  it.each(cases)("%s: errors name the JSON pointers, nothing throws", (_name, value, paths) => {
    const before = structuredClone(value);
    const result = warpExportConverter.toCanonical(value);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((error) => error.path)).toEqual(paths);
    expect(value).toEqual(before);
  });

  it("reports fields nested where the canonical shape is closed instead of dropping them silently", () => {
    const result = warpExportConverter.toCanonical(
      message([
        {
          type: "plan_step",
          id: "p",
          title: "t",
          status: "pending",
          subitems: [{ id: "1", title: "s", status: "pending", owner: "me" }],
        },
      ]),
    );
    expect(result.ok && result.warnings).toEqual([
      { code: "field-dropped", path: "/messages/0/content/0/subitems/0/owner", message: expect.any(String) },
    ]);
  });

  it("never throws, whatever it is given", () => {
    const block = fc.dictionary(
      fc.constantFrom("type", "text", "tool", "input", "output", "status", "files", "subitems", "data_uri"),
      fc.anything(),
    );
    const warpMessage = fc.record({
      id: fc.anything(),
      role: fc.constantFrom("user", "assistant", 7),
      content: fc.array(block),
    });
    // Exports of the right shape with arbitrary content, so that some are read (and converted back) and not all
    // refused.
    const wellFormedBlock = fc.oneof(
      fc.record({ type: fc.constant("text"), text: fc.string() }),
      fc.record({ type: fc.constant("reasoning"), text: fc.string() }),
      fc.record({
        type: fc.constant("tool_call"),
        tool: fc.string({ minLength: 1 }),
        input: fc.record({ type: fc.constant("string"), value: fc.string() }),
      }),
    );
    const wellFormedExport = fc.record({
      schema_version: fc.constant("1.0.0"),
      conversation_id: fc.string({ minLength: 1 }),
      title: fc.option(fc.string(), { nil: null }),
      messages: fc
        .array(
          fc.record({
            role: fc.constantFrom("user", "assistant"),
            content: fc.array(wellFormedBlock, { maxLength: 4 }),
          }),
          { maxLength: 5 },
        )
        .map((messages) => messages.map((message, index) => ({ id: `m${index}`, ...message }))),
    });
    const outcomes = new Set<boolean>();
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            schema_version: fc.constantFrom("1.0.0", "1.2.0", 3),
            conversation_id: fc.anything(),
            messages: fc.array(warpMessage),
          }),
          wellFormedExport,
        ),
        (value) => {
          const imported = warpExportConverter.toCanonical(value);
          outcomes.add(imported.ok);
          // A refusal says why; what is read converts back.
          expect(
            imported.ok ? warpExportConverter.fromCanonical(imported.document).ok : imported.errors.length > 0,
          ).toBe(true);
        },
      ),
    );
    expect(outcomes).toEqual(new Set([true, false]));
    expect(warpExportConverter.fromCanonical([] as unknown as Transcript).ok).toBe(false);
  });
});
