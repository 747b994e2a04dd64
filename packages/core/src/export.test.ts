import { readFileSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { canonicalByteLength } from "./canonical-json.js";
import { omitReasoning, prepareExport, truncateToolOutputs } from "./export.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { validateTranscript } from "./generated/v1/validate.js";

const readExample = (name: string): Tolerant.Transcript =>
  JSON.parse(
    readFileSync(path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid", name), "utf8"),
  ) as Tolerant.Transcript;
const now = new Date("2026-11-22T10:00:00Z");

// Fake secrets with the real shapes, built at run time so no secret-shaped literal sits in the source.
const githubToken = `ghp_${"A1b2C3d4E5".repeat(3)}abcdef`;
const anthropicKey = `sk-ant-api03-${"x".repeat(93)}AA`;

function conversation(): Tolerant.Transcript {
  return {
    schema_version: "1.0.0",
    id: "run-1",
    messages: [
      { role: "user", parts: [{ type: "text", text: `deploy with ${githubToken}` }] },
      {
        role: "assistant",
        parts: [
          {
            type: "reasoning",
            text: "They pasted a token.",
            signature: "c2lnbmF0dXJl",
            issuer: { provider: "anthropic" },
          },
          { type: "text", text: "Deploying." },
          { type: "reasoning", text: "Second thought." },
          {
            type: "tool_call",
            id: "t1",
            name: "Bash",
            input: { command: `curl -H 'x-api-key: ${anthropicKey}' https://api.example.com` },
          },
        ],
      },
      {
        role: "tool",
        parts: [
          { type: "tool_result", call_id: "t1", status: "ok", output: "x".repeat(100_000) },
          { type: "tool_result", call_id: "t1", status: "ok", output: 12345 },
          {
            type: "tool_result",
            call_id: "t1",
            status: "ok",
            output: { rows: Array.from({ length: 5000 }, (_unused, index) => ({ index, name: `row ${index}` })) },
          },
        ],
      },
      { role: "user", parts: [{ type: "image", media_type: "image/png", data: "iVBORw0KGgo=" }] },
    ],
  };
}

describe("prepareExport", () => {
  it("by default keeps reasoning, redacts secrets and records what it did, leaving the input untouched", () => {
    const input = conversation();
    const before = JSON.stringify(input);
    const result = prepareExport(input, { now });
    expect(JSON.stringify(input)).toBe(before);
    expect(result.reasoningParts).toBe(2);
    expect(result.redaction?.counts).toMatchObject({ "github-token": 1 });
    expect(result.redaction?.total).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(result.document);
    expect(text).not.toContain(githubToken);
    expect(text).not.toContain(anthropicKey);
    expect(text).toContain("[REDACTED:github-token]");
    expect(result.document.export).toEqual({
      exported_at: "2026-11-22T10:00:00.000Z",
      reasoning: "include",
      redaction: { counts: result.redaction?.counts, total: result.redaction?.total },
    });
    expect(validateTranscript(result.document).ok).toBe(true);
  });

  it("never touches signatures or inline media bytes", () => {
    const result = prepareExport(conversation(), { now });
    expect(result.document.messages[1]?.parts[0]).toMatchObject({ signature: "c2lnbmF0dXJl" });
    expect(result.document.messages[3]?.parts[0]).toMatchObject({ data: "iVBORw0KGgo=" });
  });

  it("omits reasoning with no stub and keeps the order of everything else (Warp export rule T_reasoning_omitted)", () => {
    const result = prepareExport(conversation(), { reasoning: "omit", redact: false, now });
    expect(result.document.messages[1]?.parts.map((part) => part.type)).toEqual(["text", "tool_call"]);
    expect(result.document.export).toEqual({ exported_at: "2026-11-22T10:00:00.000Z", reasoning: "omit" });
    expect(result.reasoningParts).toBe(2);
    const plain: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "x",
      messages: [
        {
          role: "assistant",
          parts: [
            { type: "text", text: "a" },
            { type: "reasoning", text: "r" },
            { type: "text", text: "b" },
          ],
        },
      ],
    };
    expect(omitReasoning(plain).messages[0]?.parts).toEqual([
      { type: "text", text: "a" },
      { type: "text", text: "b" },
    ]);
  });

  it("truncates only tool outputs over the limit, keeping their type and marking them", () => {
    const result = prepareExport(conversation(), { truncate: { limitBytes: 64 * 1024 }, redact: false, now });
    const [long, number, rows] = result.document.messages[2]?.parts ?? [];
    expect(long).toMatchObject({ truncated: true, original_size_bytes: 100_002, truncation_strategy: "string_prefix" });
    expect(canonicalByteLength((long as { output: unknown }).output)).toBeLessThanOrEqual(64 * 1024);
    expect(number).toEqual({ type: "tool_result", call_id: "t1", status: "ok", output: 12345 });
    expect(rows).toMatchObject({ truncated: true, truncation_strategy: "object_prefix" });
    expect(typeof (rows as { output: unknown }).output).toBe("object");
    expect(result.truncatedCount).toBe(2);
    expect(result.document.export?.truncation).toEqual({ limit_bytes: 65_536, truncated_count: 2 });
    expect(validateTranscript(result.document).ok).toBe(true);
  });

  it("leaves outputs below the limit without markers, and is idempotent", () => {
    const once = truncateToolOutputs(conversation(), 1024 * 1024);
    expect(once.truncatedCount).toBe(0);
    const twice = truncateToolOutputs(truncateToolOutputs(conversation(), 4096).document, 4096);
    expect(twice.truncatedCount).toBe(0);
  });

  it("exports every example document of the five source systems to a strictly valid document", () => {
    for (const name of [
      "warp-export.json",
      "awf-run.json",
      "devflow-run.json",
      "oz-snapshot-handoff.json",
      "openaf-portable-conversation.json",
    ]) {
      const result = prepareExport(readExample(name), { truncate: {}, reasoning: "omit", now });
      const validation = validateTranscript(result.document);
      expect(validation.ok ? [] : validation.errors, name).toEqual([]);
    }
  });
});
