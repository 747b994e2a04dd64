import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Tolerant } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import type { ConversionWarning } from "../../conversion/index.js";
import { anthropicConverter } from "../../converters.js";

const examples = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../schemas/v1/examples/Transcript/valid",
);
const files = readdirSync(examples)
  .filter((file) => file.endsWith(".json"))
  .sort();

function read(file: string): Tolerant.Transcript {
  return JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
}

const codes = (warnings: readonly ConversionWarning[]) => warnings.map((warning) => `${warning.code} ${warning.path}`);

describe("canonical documents from other sources → Anthropic request", () => {
  const empty = files.filter((file) => read(file).messages.length === 0);

  it("refuses a document with no messages", () => {
    // Nothing to send: Anthropic needs at least one message, so this is an error, not a request it would reject.
    // Some examples have no messages, and the others are converted by the next test.
    expect(empty.length).toBeGreaterThan(0);
    expect(empty.length).toBeLessThan(files.length);
    for (const file of empty)
      expect(anthropicConverter.requestFromCanonical(read(file)), file).toMatchObject({
        ok: false,
        errors: [{ path: "/messages" }],
      });
  });

  it.each(files.filter((file) => !empty.includes(file)))(
    "%s converts to a request Anthropic accepts, reporting every change",
    (file) => {
      const document = read(file);
      const result = anthropicConverter.requestFromCanonical(document);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      expect(anthropicConverter.checkRequest(result.value)).toEqual([]);
      // A request names a model and a token limit; documents from elsewhere have neither, and the defaults are reported.
      expect(codes(result.warnings).includes("value-assumed /provider_fields")).toBe(
        document.provider_fields?.anthropic === undefined,
      );
      // Strict mode fails exactly when something was lost or changed.
      expect(anthropicConverter.requestFromCanonical(document, { strict: true }).ok).toBe(result.warnings.length === 0);
    },
  );

  it("warns for exactly what each example loses", () => {
    const warp = anthropicConverter.requestFromCanonical(read("warp-export.json"));
    if (!warp.ok) throw new Error("warp export did not convert");
    expect(new Set(warp.warnings.map((warning) => warning.code))).toEqual(
      new Set(["field-dropped", "part-dropped", "reasoning-dropped", "value-assumed", "value-converted"]),
    );
    // Plan steps and code diffs have no Anthropic block.
    expect(
      warp.warnings.filter((warning) => warning.code === "part-dropped").map((warning) => warning.message),
    ).toEqual(expect.arrayContaining([expect.stringContaining("plan_step"), expect.stringContaining("code_diff")]));
    const tools = anthropicConverter.requestFromCanonical(read("request-with-tools.json"));
    if (!tools.ok) throw new Error("request-with-tools did not convert");
    expect(tools.value).toMatchObject({
      system: expect.anything(),
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      tool_choice: { type: "auto", disable_parallel_tool_use: true },
    });
  });

  it("keeps an Anthropic thinking block from the Warp export and regroups tool messages into user turns", () => {
    const awf = anthropicConverter.requestFromCanonical(read("awf-run.json"));
    if (!awf.ok) throw new Error("awf did not convert");
    const assistant = awf.value.messages.find((message) => message.role === "assistant");
    expect(Array.isArray(assistant?.content) ? assistant.content.map((block) => block.type) : []).toEqual([
      "thinking",
      "tool_use",
      "tool_use",
    ]);
    expect(awf.value.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });
});

const openaiReasoning: Tolerant.Part = {
  type: "reasoning",
  summary: ["Checked the forecast."],
  encrypted_content: "gAAAAB…",
  id: "rs_1",
  issuer: { provider: "openai", api: "responses" },
};
const geminiThought: Tolerant.Part = {
  type: "reasoning",
  text: "Thinking about weather.",
  signature: "CpUBAY…",
  issuer: { provider: "google", api: "generate-content" },
};

const mixed: Tolerant.Transcript = {
  schema_version: "1.0.0",
  id: "mixed",
  messages: [
    { role: "developer", parts: [{ type: "text", text: "Answer tersely." }] },
    {
      role: "user",
      parts: [
        { type: "text", text: "Weather in Paris and Rome?" },
        { type: "audio", media_type: "audio/wav", data: "UklGRg==" },
      ],
    },
    {
      role: "assistant",
      parts: [
        openaiReasoning,
        geminiThought,
        { type: "tool_call", id: "functions.weather:0", name: "weather", input: { city: "Paris" } },
        {
          type: "tool_call",
          id: "call_rome",
          name: "weather",
          raw_input: '{"city": "Ro',
          input_error: "Unexpected end of JSON input",
        },
        {
          type: "tool_call",
          id: "ws_1",
          name: "web_search",
          input: {},
          provider_executed: true,
          native_type: "web_search_call",
        },
        {
          type: "native",
          native_type: "image_generation_call",
          data: { id: "ig_1" },
          issuer: { provider: "openai", api: "responses" },
        },
      ],
    },
    {
      role: "tool",
      parts: [{ type: "tool_result", call_id: "functions.weather:0", status: "ok", output: { temperature: 21 } }],
    },
    { role: "system", parts: [{ type: "text", text: "Mention units." }] },
    {
      role: "tool",
      parts: [
        {
          type: "tool_result",
          call_id: "call_rome",
          status: "denied",
          content: [
            { type: "text", text: "map:" },
            { type: "image", media_type: "image/png", data: "iVBORw0KGgo=" },
            { type: "audio", media_type: "audio/wav", data: "UklGRg==" },
          ],
        },
      ],
    },
    {
      role: "user",
      parts: [
        { type: "tool_result", call_id: "nowhere", status: "ok", output: "stray" },
        { type: "text", text: "Thanks" },
      ],
    },
  ],
};

describe("a document mixing other providers' data", () => {
  it("converts to a valid request, with a warning for every dropped or changed thing", () => {
    const result = anthropicConverter.requestFromCanonical(mixed);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(anthropicConverter.checkRequest(result.value)).toEqual([]);
    expect(codes(result.warnings)).toEqual(
      expect.arrayContaining([
        "role-mapped /messages/0/role",
        "part-dropped /messages/1/parts/1",
        "reasoning-dropped /messages/2/parts/0",
        "reasoning-dropped /messages/2/parts/1",
        "id-remapped /messages/2/parts/2/id",
        "value-assumed /messages/2/parts/3/raw_input",
        "part-dropped /messages/2/parts/4",
        "part-dropped /messages/2/parts/5",
        "value-converted /messages/3/parts/0/output",
        "order-changed /messages/4",
        "status-mapped /messages/5/parts/0/status",
        "part-dropped /messages/5/parts/0/content/2",
        "tool-result-unmatched /messages/6/parts/0",
      ]),
    );
    const request = result.value;
    expect(request.system).toEqual([
      { type: "text", text: "Answer tersely." },
      { type: "text", text: "Mention units." },
    ]);
    expect(request.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    const [, assistant, answers] = request.messages;
    const remapped = Array.isArray(assistant?.content)
      ? assistant.content.map((block) => (block.type === "tool_use" ? block.id : block.type))
      : [];
    expect(remapped).toEqual([expect.stringMatching(/^toolu_[a-zA-Z0-9]{24}$/), "call_rome"]);
    expect(answers?.content).toEqual([
      { type: "tool_result", tool_use_id: remapped[0], content: [{ type: "text", text: '{"temperature":21}' }] },
      {
        type: "tool_result",
        tool_use_id: "call_rome",
        is_error: true,
        content: [
          { type: "text", text: "map:" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
        ],
      },
      { type: "text", text: "Result of tool call nowhere: stray" },
      { type: "text", text: "Thanks" },
    ]);
  });

  it("sends foreign reasoning as text when asked", () => {
    const asText = anthropicConverter.requestFromCanonical(mixed, { foreignReasoning: "text" });
    if (!asText.ok) throw new Error("did not convert");
    const assistant = asText.value.messages[1];
    expect(Array.isArray(assistant?.content) ? assistant.content.slice(0, 2) : []).toEqual([
      { type: "text", text: "Checked the forecast." },
      { type: "text", text: "Thinking about weather." },
    ]);
    expect(codes(asText.warnings)).toEqual(
      expect.arrayContaining(["reasoning-demoted /messages/2/parts/0", "reasoning-demoted /messages/2/parts/1"]),
    );
    // `keep` cannot send a thinking block without Anthropic's own signature, so it falls back to text as well.
    const kept = anthropicConverter.requestFromCanonical(mixed, { foreignReasoning: "keep" });
    if (!kept.ok) throw new Error("did not convert");
    expect(kept.value.messages[1]?.content).toEqual(assistant?.content);
  });

  it("reports an added result for a call that never got one, and no regrouping when nothing moved", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "pending",
      messages: [
        { role: "user", parts: [{ type: "text", text: "Go" }] },
        { role: "assistant", parts: [{ type: "tool_call", id: "a", name: "f", input: {} }] },
        { role: "user", parts: [{ type: "text", text: "never mind" }] },
      ],
      provider_fields: { anthropic: { model: "claude-sonnet-4-5", max_tokens: 10 } },
    };
    const result = anthropicConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(codes(result.warnings)).toEqual(["value-assumed /messages/1"]);
    expect(result.value.messages[2]?.content).toEqual([
      { type: "tool_result", tool_use_id: "a", is_error: true, content: "No result was recorded for this tool call." },
      { type: "text", text: "never mind" },
    ]);
  });

  it("regroups results that are not right after their calls and answers calls that never got one", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "regroup",
      messages: [
        { role: "assistant", parts: [{ type: "text", text: "Hello" }] },
        { role: "user", parts: [{ type: "text", text: "Go" }] },
        {
          role: "assistant",
          parts: [
            { type: "tool_call", id: "a", name: "f", input: {} },
            { type: "tool_call", id: "b", name: "f", input: {} },
          ],
        },
        { role: "user", parts: [{ type: "text", text: "wait" }] },
        { role: "assistant", parts: [{ type: "text", text: "ok" }] },
        { role: "tool", parts: [{ type: "tool_result", call_id: "a", status: "ok", output: "A" }] },
      ],
    };
    const result = anthropicConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(anthropicConverter.checkRequest(result.value)).toEqual([]);
    expect(codes(result.warnings)).toEqual(
      expect.arrayContaining([
        "value-assumed /messages/0",
        "value-assumed /messages/2",
        "results-regrouped /messages/5/parts/0",
      ]),
    );
    expect(result.value.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(result.value.messages[4]?.content).toEqual([
      { type: "tool_result", tool_use_id: "a", content: "A" },
      { type: "tool_result", tool_use_id: "b", is_error: true, content: "No result was recorded for this tool call." },
      { type: "text", text: "wait" },
    ]);
  });
});
