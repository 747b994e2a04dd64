import type { Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { importSessionText } from "../../sessions.js";
import { detectSessionFormat } from "../../sessions.js";
import { atifExporter, atifImporter } from "./index.js";

function importTrajectory(value: unknown, related: Array<{ path: string; text: string }> = []) {
  const result = importSessionText(JSON.stringify(value, null, 2), {
    format: "atif",
    path: "run/trajectory.json",
    related,
  });
  if (!result.ok) throw new Error(result.message);
  return result;
}

const base = {
  schema_version: "ATIF-v1.6",
  session_id: "s-1",
  agent: { name: "terminus-2", version: "2.0.0", model_name: "openai/gpt-4o" },
};

describe("ATIF import", () => {
  it("is detected by its schema_version, compact or pretty, and nothing else is", () => {
    expect(detectSessionFormat(JSON.stringify({ ...base, steps: [] }))).toBe("atif");
    expect(detectSessionFormat(JSON.stringify({ ...base, steps: [] }, null, 2))).toBe("atif");
    expect(detectSessionFormat(JSON.stringify({ schema_version: "1.0.0", id: "x", messages: [] }))).toBeUndefined();
    expect(atifImporter.detect(['{"schema_version": "ATIF-v1.7"'])).toBe(true);
    expect(atifImporter.detect(['["schema_version", "ATIF-v1.7"]'])).toBe(false);
  });

  it("finds its continuations beside it, by name", () => {
    const [location] = atifImporter.relatedFiles("jobs/a/agent/trajectory.json");
    expect(location?.folder).toBe("jobs/a/agent");
    expect(location?.names.test("trajectory.cont-1.json")).toBe(true);
    expect(location?.names.test("trajectory.cont-12.json")).toBe(true);
    expect(location?.names.test("trajectory.summarization-1-summary.json")).toBe(false);
    expect(location?.names.test("other.cont-1.json")).toBe(false);
  });

  it("maps steps, v1.6 content parts, calls with linked and unlinked results, metrics and totals", () => {
    const result = importTrajectory({
      ...base,
      steps: [
        { step_id: 1, source: "system", message: "Be brief." },
        {
          step_id: 2,
          source: "user",
          message: [
            { type: "text", text: "What is in" },
            { type: "image", source: { media_type: "image/png", path: "shot.png" } },
          ],
        },
        {
          step_id: 3,
          timestamp: "2026-01-02T03:04:05Z",
          source: "agent",
          model_name: "gpt-4o",
          message: "",
          reasoning_content: "Look first.",
          tool_calls: [{ tool_call_id: "c1", function_name: "ls", arguments: { path: "." } }],
          observation: { results: [{ source_call_id: "c1", content: "a.txt" }, { content: "$ " }] },
          metrics: { prompt_tokens: 100, completion_tokens: 7, cached_tokens: 40, cost_usd: 0.01 },
        },
      ],
      final_metrics: {
        total_prompt_tokens: 100,
        total_completion_tokens: 7,
        total_cached_tokens: 40,
        total_cost_usd: 0.01,
        total_steps: 3,
      },
    });
    const document = result.document;
    expect(validateTranscript(document).ok).toBe(true);
    expect(document.messages.map((message) => [message.role, message.parts.map((part) => part.type)])).toEqual([
      ["system", ["text"]],
      ["user", ["text", "image"]],
      ["assistant", ["reasoning", "tool_call"]],
      ["tool", ["tool_result", "tool_result"]],
    ]);
    expect(document.messages[2]).toMatchObject({
      created_at: "2026-01-02T03:04:05Z",
      model: "gpt-4o",
      usage: { input_tokens: 100, output_tokens: 7, cache_read_tokens: 40 },
      cost: { status: "reported", amount: 0.01, currency: "USD" },
    });
    expect(document.messages[3]?.parts).toEqual([
      { type: "tool_result", call_id: "c1", status: "ok", output: "a.txt" },
      {
        type: "tool_result",
        call_id: "atif-step-3-result-2",
        status: "ok",
        output: "$ ",
        provider_fields: { atif: { unlinked: "absent" } },
      },
    ]);
    expect(document.usage).toMatchObject({ input_tokens: 100, output_tokens: 7, cache_read_tokens: 40 });
    expect(document.producer).toEqual({ name: "terminus-2", version: "2.0.0" });
    expect(document.metadata?.atif).toEqual({
      agent: { model_name: "openai/gpt-4o" },
      final_metrics: { total_steps: 3 },
    });
    expect(result.losses.map((loss) => loss.code)).toEqual(["kept-as-metadata"]);
  });

  it("names a result for a call its step does not make, and a mistyped field, by pointer and line", () => {
    const result = importTrajectory({
      ...base,
      steps: [
        {
          step_id: 1,
          source: "agent",
          message: "x",
          timestamp: "yesterday",
          observation: { results: [{ source_call_id: "nope", content: "?" }] },
        },
      ],
    });
    expect(result.losses.map((loss) => [loss.code, loss.message.split(":")[0]])).toEqual([
      ["invalid-field", "/steps/0"],
      ["parent-missing", "/steps/0/observation/results/0/source_call_id"],
      ["kept-as-metadata", "(root)"],
    ]);
    expect(result.losses.every((loss) => typeof loss.line === "number")).toBe(true);
    const exported = atifExporter.fromCanonical(result.document);
    if (!exported.ok) throw new Error("export failed");
    expect(
      (JSON.parse(exported.files[0]?.text ?? "") as { steps: Array<{ timestamp: string }> }).steps[0]?.timestamp,
    ).toBe("yesterday");
  });
});

describe("ATIF export of a document from elsewhere", () => {
  const document: Transcript = {
    schema_version: "1.0.0",
    id: "conv-1",
    title: "A chat",
    tools: [{ name: "search", description: "Search the web", input_schema: { type: "object" } }],
    messages: [
      { role: "developer", parts: [{ type: "text", text: "Cite sources." }] },
      { role: "user", parts: [{ type: "text", text: "Find it." }] },
      {
        id: "msg_1",
        role: "assistant",
        finish_reason: "tool_calls",
        usage: { input_tokens: 10, output_tokens: 5, cache_write_tokens: 2 },
        parts: [
          { type: "reasoning", text: "think", signature: "sig", issuer: { provider: "anthropic" } },
          { type: "tool_call", id: "t1", name: "search", input: "raw text" },
        ],
      },
      { role: "user", parts: [{ type: "tool_result", call_id: "t1", status: "error", error: "timeout" }] },
    ],
  };

  it("writes valid ATIF v1.7, carries in `extra` what ATIF has no field for, and warns, by JSON pointer, for what it cannot carry", () => {
    const exported = atifExporter.fromCanonical(document);
    if (!exported.ok) throw new Error("export failed");
    const trajectory = JSON.parse(exported.files[0]?.text ?? "") as Record<string, unknown>;
    expect(trajectory).toMatchObject({
      schema_version: "ATIF-v1.7",
      session_id: "conv-1",
      agent: {
        name: "unknown",
        version: "unknown",
        tool_definitions: [
          {
            type: "function",
            function: { name: "search", description: "Search the web", parameters: { type: "object" } },
          },
        ],
      },
      steps: [
        { step_id: 1, source: "system", message: "Cite sources." },
        { step_id: 2, source: "user", message: "Find it." },
        {
          step_id: 3,
          source: "agent",
          message: "",
          reasoning_content: "think",
          tool_calls: [{ tool_call_id: "t1", function_name: "search", arguments: { value: "raw text" } }],
          // What ATIF has no field for is carried in the producer's `extra`, where our import reads it back.
          observation: {
            results: [{ source_call_id: "t1", extra: { agent_transcript: { status: "error", error: "timeout" } } }],
          },
          metrics: { prompt_tokens: 10, completion_tokens: 5, extra: { agent_transcript: { cache_write_tokens: 2 } } },
        },
      ],
    });
    expect(exported.warnings.map((warning) => [warning.code, warning.path])).toEqual([
      ["field-dropped", "/title"],
      ["role-mapped", "/messages/0/role"],
      ["field-dropped", "/messages/2/id"],
      ["field-dropped", "/messages/2/finish_reason"],
      ["reasoning-dropped", "/messages/2/parts/0/signature"],
      ["value-converted", "/messages/2/parts/1/input"],
      ["value-assumed", "/producer"],
      ["value-assumed", "/producer/version"],
    ]);
  });
});

describe("ATIF's extra as the carrier of what ATIF has no field for", () => {
  const failed = {
    ...base,
    steps: [
      {
        step_id: 1,
        source: "agent",
        message: "",
        tool_calls: [{ tool_call_id: "c1", function_name: "ls", arguments: {} }],
        observation: { results: [{ source_call_id: "c1", content: "no", extra: "the producer's note" }] },
      },
    ],
  };

  it("reads back only well-typed values, keeping the others and the producer's own fields where they were", () => {
    const imported = importTrajectory({
      ...base,
      steps: [
        {
          ...failed.steps[0],
          observation: {
            results: [
              {
                source_call_id: "c1",
                content: "no",
                extra: { mine: 1, agent_transcript: { status: "exploded", error: "denied", duration_ms: -5 } },
              },
            ],
          },
          metrics: { prompt_tokens: 3, completion_tokens: 1, extra: { agent_transcript: { cache_write_tokens: "2" } } },
        },
      ],
    });
    const [assistant, tool] = imported.document.messages;
    expect(tool?.parts[0]).toMatchObject({
      status: "ok",
      error: "denied",
      provider_fields: { atif: { extra: { mine: 1, agent_transcript: { status: "exploded", duration_ms: -5 } } } },
    });
    expect(assistant?.usage?.cache_write_tokens).toBeUndefined();
    expect(tool?.created_at).toBeUndefined();
  });

  it("leaves an extra that is no object as it was, and says what could not go into it", () => {
    const imported = importTrajectory(failed);
    const document = structuredClone(imported.document);
    const result = document.messages[1]?.parts[0];
    if (result?.type !== "tool_result") throw new Error("no result");
    result.status = "error";
    const exported = atifExporter.fromCanonical(document);
    if (!exported.ok) throw new Error("export failed");
    const trajectory = JSON.parse(exported.files[0]?.text ?? "") as typeof failed;
    expect(trajectory.steps[0]?.observation.results[0]?.extra).toBe("the producer's note");
    expect(exported.warnings).toContainEqual({
      code: "field-dropped",
      path: "/messages/1/parts/0/status",
      message: "ATIF's extra here is not an object; status was left out",
    });
  });
});
