import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Tolerant } from "@agent-transcript/core";
import type { ConversionWarning } from "../../conversion/index.js";
import { geminiConverter } from "../../converters.js";
import { skipSignatureSentinel } from "./index.js";

const examples = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../schemas/v1/examples/Transcript/valid",
);
const files = readdirSync(examples)
  .filter((file) => file.endsWith(".json"))
  .sort();

/** Resolves a JSON pointer into a value, to prove every warning names something that exists. */
function resolve(value: unknown, pointer: string): unknown {
  if (pointer === "") return value;
  let current: unknown = value;
  for (const token of pointer.slice(1).split("/")) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof current !== "object" || current === null || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function codes(warnings: ConversionWarning[]): string[] {
  return warnings.map((warning) => `${warning.code} ${warning.path}`);
}

const user = (text: string): Tolerant.Message => ({ role: "user", parts: [{ type: "text", text }] });

describe("canonical examples from other sources → Gemini request", () => {
  const read = (file: string): Tolerant.Transcript =>
    JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
  const empty = files.filter((file) => read(file).messages.length === 0);

  it("refuses a document with no messages", () => {
    // Gemini rejects empty contents: there is no request to write.
    // Some examples have no messages, and the others are converted by the next test.
    expect(empty.length).toBeGreaterThan(0);
    expect(empty.length).toBeLessThan(files.length);
    for (const file of empty)
      expect(geminiConverter.requestFromCanonical(read(file)), file).toMatchObject({
        ok: false,
        errors: [{ path: "/messages" }],
      });
  });

  it.each(files.filter((file) => !empty.includes(file)))(
    "%s: no checker problem, and every warning names an existing place",
    (file) => {
      const document = read(file);
      const result = geminiConverter.requestFromCanonical(document);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      expect(geminiConverter.checkRequest(result.value)).toEqual([]);
      for (const warning of result.warnings) {
        expect(resolve(document, warning.path), `${warning.code} at ${warning.path}`).not.toBeUndefined();
        expect(warning.message.length).toBeGreaterThan(0);
      }
      expect(geminiConverter.requestFromCanonical(document, { strict: true }).ok).toBe(result.warnings.length === 0);
    },
  );

  it("reports what each example loses", () => {
    const load = (file: string): Tolerant.Transcript =>
      JSON.parse(readFileSync(path.join(examples, file), "utf8")) as Tolerant.Transcript;
    const withTools = geminiConverter.requestFromCanonical(load("request-with-tools.json"));
    // The Anthropic settings are carried (max_tokens, temperature); the model is named in Gemini's URL, not its body.
    expect(withTools.ok && codes(withTools.warnings)).toEqual([
      "field-dropped /tool_choice/parallel",
      "field-dropped /provider_fields/anthropic/model",
    ]);
    expect(withTools.ok && withTools.value).toMatchObject({
      generationConfig: { maxOutputTokens: 1024, temperature: 0.2 },
      systemInstruction: { parts: [{ text: "You are a concise travel assistant." }] },
      tools: [{ functionDeclarations: [{ name: "get_weather", parametersJsonSchema: { type: "object" } }] }],
      toolConfig: { functionCallingConfig: { mode: "AUTO" } },
    });
    const awf = geminiConverter.requestFromCanonical(load("awf-run.json"));
    expect(awf.ok && codes(awf.warnings)).toEqual(
      expect.arrayContaining([
        "reasoning-dropped /messages/2/parts/0",
        "value-assumed /messages/2/parts/1",
        "message-dropped /messages/5",
      ]),
    );
  });
});

describe("cross-provider shapes", () => {
  it("regroups OpenAI Chat's one-message-per-result into one Content, in call order", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "chat",
      messages: [
        user("weather in Paris and Rome?"),
        {
          role: "assistant",
          parts: [
            { type: "tool_call", id: "call_a", name: "weather", input: { city: "Paris" } },
            { type: "tool_call", id: "call_b", name: "weather", input: { city: "Rome" } },
          ],
        },
        { role: "tool", parts: [{ type: "tool_result", call_id: "call_b", status: "ok", output: "sunny" }] },
        { role: "tool", parts: [{ type: "tool_result", call_id: "call_a", status: "ok", output: { temp: 12 } }] },
      ],
    };
    const result = geminiConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(geminiConverter.checkRequest(result.value)).toEqual([]);
    expect(result.value.contents).toHaveLength(3);
    expect(result.value.contents[2]).toEqual({
      role: "user",
      parts: [
        { functionResponse: { id: "call_a", name: "weather", response: { temp: 12 } } },
        { functionResponse: { id: "call_b", name: "weather", response: { output: "sunny" } } },
      ],
    });
    expect(result.value.contents[1]?.parts?.[0]?.thoughtSignature).toBe(skipSignatureSentinel);
    expect(codes(result.warnings)).toEqual([
      "value-converted /messages/2/parts/0/output",
      "value-assumed /messages/1/parts/0",
      "results-regrouped /messages/2/parts/0",
    ]);
    expect(geminiConverter.requestFromCanonical(document, { strict: true }).ok).toBe(false);
  });

  it("sends Anthropic tool-result images as functionResponse.parts and hoists a late system message", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "anthropic",
      messages: [
        user("screenshot please"),
        {
          role: "assistant",
          parts: [
            {
              type: "reasoning",
              text: "thinking",
              signature: "sig",
              issuer: { provider: "anthropic", api: "messages" },
            },
            { type: "tool_call", id: "toolu_1", name: "screenshot", input: {} },
          ],
        },
        {
          role: "user",
          parts: [
            {
              type: "tool_result",
              call_id: "toolu_1",
              status: "ok",
              content: [
                { type: "text", text: "here" },
                { type: "image", media_type: "image/png", data: "iVBORw0KGgo=" },
              ],
            },
          ],
        },
        { role: "system", parts: [{ type: "text", text: "be brief" }] },
        user("thanks"),
      ],
    };
    const result = geminiConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(geminiConverter.checkRequest(result.value)).toEqual([]);
    expect(result.value.systemInstruction).toEqual({ parts: [{ text: "be brief" }] });
    expect(result.value.contents[2]?.parts?.[0]).toEqual({
      functionResponse: {
        id: "toolu_1",
        name: "screenshot",
        response: { output: "here" },
        parts: [{ inlineData: { mimeType: "image/png", data: "iVBORw0KGgo=" } }],
      },
    });
    expect(codes(result.warnings)).toEqual([
      "reasoning-dropped /messages/1/parts/0",
      "value-converted /messages/2/parts/0/content",
      "order-changed /messages/3",
      "value-assumed /messages/1/parts/1",
    ]);
    const kept = geminiConverter.requestFromCanonical(document, { foreignReasoning: "text" });
    expect(kept.ok && kept.value.contents[1]?.parts?.[0]).toEqual({ text: "thinking" });
  });

  it("puts a placeholder user turn before a history that opens with the model's function calls", () => {
    // A response used alone as history: Gemini rejects a function call turn with no user turn before it.
    const response = geminiConverter.responseToCanonical({
      candidates: [
        {
          content: {
            role: "model",
            parts: [{ functionCall: { name: "get_weather", args: { city: "Rome" } }, thoughtSignature: "c2ln" }],
          },
          finishReason: "STOP",
          index: 0,
        },
      ],
      modelVersion: "gemini-2.5-flash",
    });
    if (!response.ok) throw new Error(JSON.stringify(response.errors));
    const document: Tolerant.Transcript = {
      ...response.document,
      messages: [{ role: "system", parts: [{ type: "text", text: "Be brief." }] }, ...response.document.messages],
    };
    const result = geminiConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.contents?.[0]).toEqual({ role: "user", parts: [{ text: "Continue." }] });
    expect(result.value.contents?.[1]).toMatchObject({
      role: "model",
      parts: [{ functionCall: { name: "get_weather", args: { city: "Rome" } }, thoughtSignature: "c2ln" }],
    });
    expect(result.value.systemInstruction).toEqual({ parts: [{ text: "Be brief." }] });
    expect(geminiConverter.checkRequest(result.value)).toEqual([]);
    const placeholder = result.warnings.find(
      (warning) => warning.path === "/messages/1" && warning.code === "value-assumed",
    );
    expect(placeholder?.message).toMatch(
      /user turn before a function call turn.*placeholder user Content \("Continue\."\) was added/,
    );
    expect(geminiConverter.requestFromCanonical(document, { strict: true })).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([expect.objectContaining({ path: "/messages/1" })]) as unknown,
    });

    // Another provider's call turn first gets the placeholder too; a model turn of plain text, which Gemini accepts, does not.
    const foreign = geminiConverter.requestFromCanonical({
      schema_version: "1.0.0",
      id: "t",
      messages: [
        { role: "assistant", parts: [{ type: "tool_call", id: "toolu_1", name: "f", input: {} }] },
        { role: "tool", parts: [{ type: "tool_result", call_id: "toolu_1", status: "ok", output: "x" }] },
      ],
    });
    expect(foreign.ok && foreign.value.contents.map((content) => content.role)).toEqual(["user", "model", "user"]);
    expect(foreign.ok && geminiConverter.checkRequest(foreign.value)).toEqual([]);
    expect(foreign.warnings.map((warning) => `${warning.code} ${warning.path}`)).toContain("value-assumed /messages/0");
    const greeting = geminiConverter.requestFromCanonical({
      schema_version: "1.0.0",
      id: "t",
      messages: [{ role: "assistant", parts: [{ type: "text", text: "Hello!" }] }, user("Hi")],
    });
    expect(greeting).toEqual({
      ok: true,
      value: {
        contents: [
          { role: "model", parts: [{ text: "Hello!" }] },
          { role: "user", parts: [{ text: "Hi" }] },
        ],
      },
      warnings: [],
    });
  });

  it("keeps Gemini's own signatures and never sends another issuer's", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "mixed",
      messages: [
        user("go"),
        {
          role: "assistant",
          issuer: { provider: "google", api: "generate-content" },
          parts: [
            {
              type: "tool_call",
              id: "c1",
              name: "f",
              input: {},
              signature: "gsig",
              issuer: { provider: "google", api: "generate-content" },
            },
          ],
        },
        { role: "tool", parts: [{ type: "tool_result", call_id: "c1", name: "f", status: "error", error: "boom" }] },
        {
          role: "assistant",
          parts: [
            { type: "text", text: "x", signature: "osig", issuer: { provider: "openai" } },
            { type: "native", native_type: "web_search_call", data: {}, issuer: { provider: "openai" } },
          ],
        },
      ],
    };
    const result = geminiConverter.requestFromCanonical(document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.value.contents[1]?.parts?.[0]).toEqual({
      functionCall: { id: "c1", name: "f", args: {} },
      thoughtSignature: "gsig",
    });
    expect(result.value.contents[2]?.parts?.[0]).toEqual({
      functionResponse: { id: "c1", name: "f", response: { error: "boom" } },
    });
    expect(result.value.contents[3]?.parts).toEqual([{ text: "x" }]);
    expect(codes(result.warnings)).toEqual([
      "status-mapped /messages/2/parts/0/status",
      "reasoning-dropped /messages/3/parts/0/signature",
      "part-dropped /messages/3/parts/1",
    ]);
  });
});

describe("strict", () => {
  it("turns every lossy conversion into { ok: false }, each warning an error at its path", () => {
    const document: Tolerant.Transcript = {
      schema_version: "1.0.0",
      id: "lossy",
      messages: [
        user("hi"),
        {
          role: "assistant",
          parts: [
            { type: "text", text: "hello" },
            { type: "refusal", text: "no" },
          ],
          usage: { input_tokens: 1, output_tokens: 2, raw: { provider: "anthropic", usage: {} } },
        },
      ],
    };
    const lenient = geminiConverter.requestFromCanonical(document);
    expect(lenient.ok).toBe(true);
    const strict = geminiConverter.requestFromCanonical(document, { strict: true });
    expect(strict).toMatchObject({
      ok: false,
      errors: [{ path: "/messages/1/usage" }, { path: "/messages/1/parts/1" }],
    });
    const response = geminiConverter.responseFromCanonical(document, { strict: true });
    expect(response).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([
        { path: "/messages/1/usage/raw", message: expect.stringMatching(/^value-converted: /) },
      ]),
    });
    expect(geminiConverter.streamFromCanonical(document, { strict: true }).ok).toBe(false);
    expect(
      geminiConverter.responseFromCanonical(
        { ...document, messages: [document.messages[1] as Tolerant.Message] },
        { strict: false },
      ).ok,
    ).toBe(true);
  });
});
