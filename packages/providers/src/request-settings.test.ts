import { formatVersion, type Tolerant } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { providerConverters, type ProviderFormatId } from "./registry.js";
import {
  readSettings,
  requestSettingsTables,
  settingsOfRequest,
  tablesForKey,
  type RequestSettings,
  type SettingsFormat,
} from "./conversion/index.js";

const hello: Tolerant.Message = { role: "user", parts: [{ type: "text", text: "Hello." }] };

function documentWith(
  source: string | undefined,
  fields: Record<string, Record<string, unknown>> | undefined,
): Tolerant.Transcript {
  return {
    schema_version: formatVersion,
    id: "settings",
    ...(source === undefined ? {} : { source: { format: source } }),
    messages: [hello],
    ...(fields === undefined ? {} : { provider_fields: fields }),
  } as Tolerant.Transcript;
}

/** The request a target writes for the document, without its messages, and its warnings as `code path`. */
function write(
  target: ProviderFormatId,
  document: Tolerant.Transcript,
  settings?: RequestSettings,
): { request: Record<string, unknown>; warnings: string[] } {
  const result = providerConverters[target].requestFromCanonical(document, settings === undefined ? {} : { settings });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const {
    messages: _messages,
    contents: _contents,
    input: _input,
    system: _system,
    ...request
  } = result.value as Record<string, unknown>;
  return { request, warnings: result.warnings.map((warning) => `${warning.code} ${warning.path}`) };
}

describe("reading a format's settings into the neutral view", () => {
  const read = (format: SettingsFormat, fields: Record<string, unknown>) =>
    readSettings([requestSettingsTables[format]], fields, "");

  it("reads OpenAI Chat's fields, a single stop string as a list, and effort none as reasoning off", () => {
    expect(
      read("openai-chat", {
        model: "gpt-4o",
        max_tokens: 100,
        temperature: 0.5,
        stop: "END",
        n: 1,
        reasoning_effort: "none",
        response_format: { type: "json_schema", json_schema: { name: "City", schema: { type: "object" } } },
        stream_options: { include_usage: true, include_obfuscation: false },
        logprobs: true,
      }),
    ).toEqual({
      settings: {
        model: "gpt-4o",
        max_output_tokens: 100,
        temperature: 0.5,
        stop: ["END"],
        candidate_count: 1,
        reasoning: false,
        response_format: "json_schema",
        response_schema: { type: "object" },
        response_schema_name: "City",
        stream_usage: true,
      },
      origins: {
        model: "/model",
        max_output_tokens: "/max_tokens",
        temperature: "/temperature",
        stop: "/stop",
        candidate_count: "/n",
        reasoning: "/reasoning_effort",
        response_format: "/response_format/type",
        response_schema: "/response_format/json_schema/schema",
        response_schema_name: "/response_format/json_schema/name",
        stream_usage: "/stream_options/include_usage",
      },
      unread: ["/stream_options/include_obfuscation", "/logprobs"],
    });
  });

  it("reads Anthropic's thinking, effort and output format, and the sampling fields of older API versions", () => {
    expect(
      read("anthropic", {
        model: "claude-sonnet-4-5",
        max_tokens: 2048,
        temperature: 1,
        thinking: { type: "enabled", budget_tokens: 1024, display: "summarized" },
        output_config: { effort: "high", format: { type: "json_schema", schema: { type: "object" } } },
      }),
    ).toMatchObject({
      settings: {
        model: "claude-sonnet-4-5",
        max_output_tokens: 2048,
        temperature: 1,
        reasoning: true,
        reasoning_budget: 1024,
        reasoning_effort: "high",
        response_format: "json_schema",
        response_schema: { type: "object" },
      },
      unread: ["/thinking/display"],
    });
  });

  it("reads Gemini's generationConfig in either spelling, its budgets' special values, and a MIME type with a schema", () => {
    const gemini = (config: Record<string, unknown>) => read("gemini", { generation_config: config }).settings;
    expect(
      gemini({
        max_output_tokens: 300,
        thinking_config: { thinking_budget: -1 },
        response_mime_type: "application/json",
      }),
    ).toEqual({ max_output_tokens: 300, reasoning: true, response_format: "json_object" });
    expect(gemini({ thinkingConfig: { thinkingBudget: 0 } })).toEqual({ reasoning: false });
    expect(gemini({ thinkingConfig: { thinkingLevel: "HIGH" } })).toEqual({
      reasoning_effort: "high",
      reasoning: true,
    });
    expect(gemini({ responseMimeType: "application/json", responseJsonSchema: { type: "object" } })).toEqual({
      response_format: "json_schema",
      response_schema: { type: "object" },
    });
  });

  it("reads Ollama's options and think, Bedrock's inferenceConfig and its JSON schema text, and Mistral's seed", () => {
    expect(
      read("ollama", { options: { num_predict: 50, top_k: 40, num_ctx: 4096 }, think: "high", format: "json" }),
    ).toMatchObject({
      settings: { max_output_tokens: 50, top_k: 40, reasoning_effort: "high", response_format: "json_object" },
      unread: ["/options/num_ctx"],
    });
    expect(
      read("bedrock-converse", {
        inferenceConfig: { maxTokens: 10, stopSequences: ["x"] },
        outputConfig: {
          textFormat: { type: "json_schema", structure: { jsonSchema: { schema: '{"type":"object"}' } } },
        },
        additionalModelRequestFields: { thinking: { type: "enabled", budget_tokens: 2000 } },
      }).settings,
    ).toEqual({
      max_output_tokens: 10,
      stop: ["x"],
      response_format: "json_schema",
      response_schema: { type: "object" },
      reasoning: true,
      reasoning_budget: 2000,
    });
    expect(read("mistral", { random_seed: 3, safe_prompt: true })).toMatchObject({
      settings: { seed: 3 },
      unread: ["/safe_prompt"],
    });
  });

  it("reads a null as the API's default: nothing to carry, and nothing to report", () => {
    expect(read("mistral", { stop: null, frequency_penalty: null })).toEqual({ settings: {}, origins: {}, unread: [] });
  });

  it("reads the shared OpenAI key through its source's table, or both OpenAI tables for a document naming none", () => {
    expect(tablesForKey("openai", "openai-responses").map((table) => table.label)).toEqual(["OpenAI Responses"]);
    expect(tablesForKey("openai", undefined).map((table) => table.label)).toEqual(["OpenAI Chat", "OpenAI Responses"]);
    expect(tablesForKey("warp", "warp-export")).toEqual([]);
  });
});

/** Settings every API has a field for, or a value each does implicitly. */
const common: RequestSettings = {
  model: "some-model",
  max_output_tokens: 512,
  stop: ["END"],
  reasoning_effort: "high",
  reasoning: true,
};

describe("writing the neutral view to each format's fields (the caller's settings)", () => {
  const plain = documentWith(undefined, undefined);

  it.each([
    ["openai-chat", { model: "some-model", max_completion_tokens: 512, stop: ["END"], reasoning_effort: "high" }],
    ["openai-responses", { model: "some-model", max_output_tokens: 512, reasoning: { effort: "high" } }],
    [
      "anthropic",
      {
        model: "some-model",
        max_tokens: 512,
        stop_sequences: ["END"],
        thinking: { type: "adaptive" },
        output_config: { effort: "high" },
      },
    ],
    [
      "gemini",
      { generationConfig: { maxOutputTokens: 512, stopSequences: ["END"], thinkingConfig: { thinkingLevel: "HIGH" } } },
    ],
    ["ollama", { model: "some-model", options: { num_predict: 512, stop: ["END"] }, think: "high" }],
    ["mistral", { model: "some-model", max_tokens: 512, stop: ["END"], reasoning_effort: "high" }],
    [
      "bedrock-converse",
      { inferenceConfig: { maxTokens: 512, stopSequences: ["END"] }, outputConfig: { effort: "high" } },
    ],
  ] as const)("%s", (target, expected) => {
    const { request } = write(target, plain, common);
    expect(request).toEqual(expected);
    // What was written reads back as the settings the format can hold.
    const back = Object.entries(settingsOfRequest(requestSettingsTables[target], request));
    expect(back.length).toBeGreaterThan(0);
    for (const [name, value] of back) expect(common[name as keyof RequestSettings]).toEqual(value);
  });

  it("reports a setting a target has no field for, saying why where it is worth saying", () => {
    expect(write("gemini", plain, { model: "gemini-2.5-pro" }).warnings).toEqual(["field-dropped "]);
    const result = providerConverters.gemini.requestFromCanonical(plain, { settings: { model: "gemini-2.5-pro" } });
    expect(result.warnings[0]?.message).toMatch(/names the model in the URL/);
    expect(write("anthropic", plain, { temperature: 0.3, top_k: 5 }).warnings).toEqual([
      "field-dropped ",
      "field-dropped ",
      "value-assumed /provider_fields",
      "value-assumed /provider_fields",
    ]);
  });

  it("overrides what the document keeps for the target itself", () => {
    const own = documentWith("anthropic", { anthropic: { model: "claude-opus-4-1", max_tokens: 100 } });
    expect(write("anthropic", own, { model: "claude-sonnet-4-5", max_output_tokens: 2000 })).toEqual({
      request: { model: "claude-sonnet-4-5", max_tokens: 2000 },
      warnings: [],
    });
    const chat = documentWith("openai-chat", { openai: { model: "gpt-4o", max_tokens: 100 } });
    // OpenAI Chat's older max_tokens is the same setting: it is replaced where it is, not doubled.
    expect(write("openai-chat", chat, { max_output_tokens: 300 }).request).toEqual({
      model: "gpt-4o",
      max_tokens: 300,
    });
  });
});

describe("carrying settings from one format to another", () => {
  it("carries effort levels a target lacks as the nearest, saying so", () => {
    const chat = documentWith("openai-chat", { openai: { model: "gpt-5", reasoning_effort: "minimal" } });
    expect(write("anthropic", chat)).toEqual({
      request: {
        model: "gpt-5",
        max_tokens: 4096,
        thinking: { type: "adaptive" },
        output_config: { effort: "low" },
      },
      warnings: ["value-converted /provider_fields/openai/reasoning_effort", "value-assumed /provider_fields"],
    });
    expect(write("gemini", documentWith("openai-responses", { openai: { reasoning: { effort: "max" } } }))).toEqual({
      request: { generationConfig: { thinkingConfig: { thinkingLevel: "HIGH" } } },
      warnings: ["value-converted /provider_fields/openai/reasoning/effort"],
    });
  });

  it("carries reasoning off as each format says it", () => {
    const off = documentWith("gemini", { google: { generationConfig: { thinkingConfig: { thinkingBudget: 0 } } } });
    expect(write("openai-chat", off).request).toMatchObject({ reasoning_effort: "none" });
    expect(write("anthropic", off).request).toMatchObject({ thinking: { type: "disabled" } });
    expect(write("ollama", off).request).toMatchObject({ think: false });
    expect(write("bedrock-converse", off).warnings).toEqual([
      "field-dropped /provider_fields/google/generationConfig/thinkingConfig/thinkingBudget",
    ]);
  });

  it("carries a budget to the formats that take one, raising it to Anthropic's smallest", () => {
    const budget = documentWith("gemini", {
      google: { generationConfig: { thinkingConfig: { thinkingBudget: 512 } } },
    });
    expect(write("anthropic", budget)).toMatchObject({
      request: { thinking: { type: "enabled", budget_tokens: 1024 } },
      warnings: expect.arrayContaining([
        "value-converted /provider_fields/google/generationConfig/thinkingConfig/thinkingBudget",
      ]),
    });
    // OpenAI Chat sets reasoning by level: the budget is named, and reasoning on has no switch of its own.
    expect(write("openai-chat", budget).warnings).toEqual([
      "field-dropped /provider_fields/google/generationConfig/thinkingConfig/thinkingBudget",
      "field-dropped /provider_fields/google/generationConfig/thinkingConfig/thinkingBudget",
      "value-assumed /provider_fields",
    ]);
  });

  it("carries a JSON schema, as Bedrock's JSON text, and names what a format cannot hold", () => {
    const schema = { type: "object", properties: { city: { type: "string" } } };
    const chat = documentWith("openai-chat", {
      openai: { response_format: { type: "json_schema", json_schema: { name: "City", strict: true, schema } } },
    });
    expect(write("bedrock-converse", chat)).toEqual({
      request: {
        outputConfig: {
          textFormat: {
            type: "json_schema",
            structure: { jsonSchema: { schema: JSON.stringify(schema), name: "City" } },
          },
        },
      },
      warnings: [
        "value-converted /provider_fields/openai/response_format/json_schema/schema",
        "field-dropped /provider_fields/openai/response_format/json_schema/strict",
      ],
    });
    expect(write("gemini", chat).request).toEqual({
      generationConfig: { responseMimeType: "application/json", responseJsonSchema: schema },
    });
    const ollama = documentWith("ollama", { ollama: { model: "qwen3", format: schema } });
    // OpenAI Responses names every schema; the document names none.
    expect(write("openai-responses", ollama)).toEqual({
      request: { model: "qwen3", text: { format: { type: "json_schema", name: "response", schema } } },
      warnings: ["value-assumed /provider_fields/ollama/format"],
    });
    expect(write("anthropic", documentWith("ollama", { ollama: { format: "json" } })).warnings).toContain(
      "field-dropped /provider_fields/ollama/format",
    );
  });

  it("carries service tiers that mean the same, parallel tool calls into Anthropic's tool choice, and the end user", () => {
    const chat = documentWith("openai-chat", {
      openai: { service_tier: "default", parallel_tool_calls: false, user: "user-1" },
    });
    expect(write("anthropic", chat).request).toMatchObject({
      service_tier: "standard_only",
      tool_choice: { type: "auto", disable_parallel_tool_use: true },
      metadata: { user_id: "user-1" },
    });
    expect(write("gemini", chat).request).toEqual({ serviceTier: "standard" });
    expect(write("bedrock-converse", chat).request).toEqual({ serviceTier: { type: "default" } });
    expect(write("mistral", documentWith("openai-chat", { openai: { service_tier: "flex" } })).warnings).toContain(
      "field-dropped /provider_fields/openai/service_tier",
    );
  });

  it("writes nothing for what a target always does, and reports nothing for it", () => {
    const chat = documentWith("openai-chat", {
      openai: { model: "gpt-4o", n: 1, stream_options: { include_usage: true }, response_format: { type: "text" } },
    });
    expect(write("anthropic", chat)).toEqual({
      request: { model: "gpt-4o", max_tokens: 4096 },
      warnings: ["value-assumed /provider_fields"],
    });
  });

  it("keeps the document's own value for the target and names the other provider's", () => {
    const both = documentWith("anthropic", {
      anthropic: { model: "claude-sonnet-4-5", max_tokens: 1000 },
      google: { generationConfig: { maxOutputTokens: 50, temperature: 0.1 } },
    });
    const result = providerConverters.anthropic.requestFromCanonical(both);
    expect(result.ok && result.value).toMatchObject({ model: "claude-sonnet-4-5", max_tokens: 1000 });
    expect(result.warnings.map((warning) => `${warning.code} ${warning.path}`)).toEqual([
      "field-dropped /provider_fields/google/generationConfig/maxOutputTokens",
      "field-dropped /provider_fields/google/generationConfig/temperature",
    ]);
    expect(result.warnings[0]?.message).toMatch(/the document's own Anthropic value is sent/);
  });

  it("names every field of a provider it has no table for", () => {
    const warp = documentWith("warp-export", { warp: { conversation_id: "c1" } });
    expect(write("openai-responses", warp).warnings).toEqual(["field-dropped /provider_fields/warp/conversation_id"]);
  });
});
