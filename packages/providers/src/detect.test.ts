import { readdirSync, readFileSync } from "node:fs";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { detectFormat, detectKind, type Detection } from "./detect.js";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";

const payloads = loadRealFixtures().flatMap((file) => file.payloads);
const supported = new Set([
  "anthropic",
  "openai-chat",
  "openai-responses",
  "gemini",
  "ollama",
  "mistral",
  "bedrock-converse",
]);
const valueOf = (payload: Payload): unknown => (payload.kind === "stream" ? payload.chunks : payload.value);

/**
 * Payloads of a supported API whose detection is not their own API and kind, each with why. Empty: every request,
 * response and stream of the five APIs is named correctly.
 */
const exceptions: ReadonlyArray<{ origin: RegExp; expected: Detection | undefined; reason: string }> = [];

describe("detectFormat on every real fixture payload", () => {
  const cases = payloads.filter((payload) => supported.has(payload.api) && payload.kind !== "error");

  it("has the corpus of the five APIs", () => {
    expect(cases.length).toBeGreaterThan(700);
    for (const api of supported)
      for (const kind of ["request", "response", "stream"])
        expect(
          cases.some((payload) => payload.api === api && payload.kind === kind),
          `${api} ${kind}`,
        ).toBe(true);
  });

  it.each(cases.map((payload) => [payload.origin, payload] as const))(
    "names %s by its own API and kind",
    (origin, payload) => {
      const exception = exceptions.find((entry) => entry.origin.test(origin));
      const expected = exception ? exception.expected : { format: payload.api, kind: payload.kind };
      expect(detectFormat(valueOf(payload))).toEqual(expected);
      // With the format given (--from), the kind is found from the shape alone.
      expect(detectKind(payload.api as Detection["format"], valueOf(payload))).toBe(payload.kind);
    },
  );

  it("lists no exception that no payload needs", () => {
    for (const entry of exceptions)
      expect(
        cases.some((payload) => entry.origin.test(payload.origin)),
        entry.reason,
      ).toBe(true);
  });

  it("detects no error body as a payload (they are not conversions of anything)", () => {
    const errors = payloads.filter((payload) => payload.kind === "error");
    expect(errors.length).toBeGreaterThan(0);
    for (const payload of errors) expect(detectFormat(valueOf(payload)), payload.origin).toBeUndefined();
  });

  it("reads Bedrock Converse by its untyped blocks, its own fields, its output object and its one-key events", () => {
    const bedrock = payloads.filter((payload) => payload.api === "bedrock-converse" && payload.kind !== "error");
    expect(bedrock.length).toBe(118);
    expect(
      detectFormat({ messages: [{ role: "user", content: [{ text: "hi" }, { cachePoint: { type: "default" } }] }] }),
    ).toEqual({ format: "bedrock-converse", kind: "request" });
    expect(detectFormat({ messages: [{ role: "user", content: "hi" }], inferenceConfig: { maxTokens: 10 } })).toEqual({
      format: "bedrock-converse",
      kind: "request",
    });
    expect(detectFormat({ output: { message: { role: "assistant", content: [] } }, stopReason: "end_turn" })).toEqual({
      format: "bedrock-converse",
      kind: "response",
    });
    expect(detectFormat({ contentBlockDelta: { contentBlockIndex: 0, delta: { text: "hi" } } })).toEqual({
      format: "bedrock-converse",
      kind: "stream",
    });
    expect(
      detectFormat([{ messageStart: { role: "assistant" } }, { messageStop: { stopReason: "end_turn" } }]),
    ).toEqual({ format: "bedrock-converse", kind: "stream" });
    // A block without a Converse member, or a typed block, is not Converse.
    expect(detectFormat({ messages: [{ role: "user", content: [{ words: "hi" }] }] })).toBeUndefined();
    expect(detectKind("bedrock-converse", { output: { message: {} } })).toBe("response");
  });

  it("reads Mistral by the markers only its API has, and the same shape without them as OpenAI Chat", () => {
    const mistral = payloads.filter((payload) => payload.api === "mistral" && payload.kind !== "error");
    expect(mistral.length).toBe(27);
    for (const payload of mistral)
      expect(detectFormat(valueOf(payload)), payload.origin).toEqual({ format: "mistral", kind: payload.kind });
    const plain = { model: "some-model", messages: [{ role: "user", content: "hi" }] };
    expect(detectFormat(plain)).toEqual({ format: "openai-chat", kind: "request" });
    expect(detectFormat({ ...plain, safe_prompt: true })).toEqual({ format: "mistral", kind: "request" });
    expect(detectFormat({ ...plain, random_seed: 7 })).toEqual({ format: "mistral", kind: "request" });
    expect(detectFormat({ ...plain, tool_choice: "any" })).toEqual({ format: "mistral", kind: "request" });
    expect(
      detectFormat({ ...plain, messages: [...plain.messages, { role: "assistant", content: "a", prefix: true }] }),
    ).toEqual({ format: "mistral", kind: "request" });
    expect(detectFormat({ ...plain, model: "mistral-large-latest" })).toEqual({ format: "mistral", kind: "request" });
    // A gateway's `mistralai/…` model and an Ollama tag are not Mistral's API.
    expect(detectFormat({ ...plain, model: "mistralai/mistral-small-3.1" })).toEqual({
      format: "openai-chat",
      kind: "request",
    });
    expect(detectFormat({ ...plain, model: "mistral-nemo:12b" })).toEqual({ format: "openai-chat", kind: "request" });
    expect(detectKind("mistral", { id: "x", object: "chat.completion", model: "m", choices: [] })).toBe("response");
  });
});

describe("detectFormat on crafted inputs", () => {
  it("finds every canonical example document, the Warp export, the devflow runs and the portable list", () => {
    const examples = `${repositoryRoot}/schemas/v1/examples/Transcript/valid`;
    const canonical = readdirSync(examples).map(
      (name) => JSON.parse(readFileSync(`${examples}/${name}`, "utf8")) as unknown,
    );
    expect(canonical.length).toBeGreaterThan(4);
    for (const document of canonical)
      expect(detectFormat(document)).toEqual({ format: "agent-transcript", kind: "document" });
    const fixture = (relative: string): unknown =>
      JSON.parse(readFileSync(new URL(`./formats/${relative}`, import.meta.url), "utf8")) as unknown;
    expect(detectFormat(fixture("warp-export/fixtures/conversation.warp-export.json"))).toEqual({
      format: "warp-export",
      kind: "document",
    });
    expect(detectFormat(fixture("devflow/fixtures/adr-011-example.json"))).toEqual({
      format: "devflow",
      kind: "document",
    });
    expect(detectFormat(fixture("devflow/fixtures/failed-run.json"))).toEqual({ format: "devflow", kind: "document" });
    const portable = JSON.parse(
      readFileSync(new URL("./formats/portable/fixtures/lisbon-conversation.json", import.meta.url), "utf8"),
    ) as unknown;
    expect(detectFormat(portable)).toEqual({ format: "portable", kind: "document" });
    expect(
      detectFormat([
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
      ]),
    ).toEqual({ format: "portable", kind: "document" });
  });

  it("tells Ollama from OpenAI Chat by the fields only Ollama defines", () => {
    const base = { model: "llama3.2", messages: [{ role: "user", content: "hi" }] };
    expect(detectFormat(base)).toEqual({ format: "openai-chat", kind: "request" });
    expect(detectFormat({ ...base, options: { temperature: 0 } })?.format).toBe("ollama");
    expect(detectFormat({ ...base, keep_alive: "5m" })?.format).toBe("ollama");
    expect(detectFormat({ ...base, think: true })?.format).toBe("ollama");
    expect(detectFormat({ ...base, tools: [] })?.format).toBe("ollama");
    expect(
      detectFormat({ model: "m", messages: [{ role: "user", content: "what is this?", images: ["aGVsbG8="] }] })
        ?.format,
    ).toBe("ollama");
    expect(detectFormat({ model: "m", messages: [{ role: "tool", content: "4", tool_name: "add" }] })?.format).toBe(
      "ollama",
    );
    expect(
      detectFormat({
        model: "m",
        messages: [
          { role: "assistant", content: "", tool_calls: [{ function: { name: "add", arguments: { a: 1 } } }] },
        ],
      })?.format,
    ).toBe("ollama");
    expect(
      detectFormat({
        model: "m",
        messages: [
          {
            role: "assistant",
            content: "",
            tool_calls: [{ id: "c", type: "function", function: { name: "add", arguments: '{"a":1}' } }],
          },
        ],
      })?.format,
    ).toBe("openai-chat");
  });

  it("tells Anthropic from OpenAI Chat by max_tokens, system and block types", () => {
    expect(detectFormat({ model: "claude", max_tokens: 10, messages: [{ role: "user", content: "hi" }] })?.format).toBe(
      "anthropic",
    );
    expect(
      detectFormat({
        model: "gpt",
        max_tokens: 10,
        messages: [
          { role: "system", content: "be brief" },
          { role: "user", content: "hi" },
        ],
      })?.format,
    ).toBe("openai-chat");
    expect(
      detectFormat({ model: "claude", system: "be brief", messages: [{ role: "user", content: "hi" }] })?.format,
    ).toBe("anthropic");
    expect(
      detectFormat({
        model: "claude",
        messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] }],
      })?.format,
    ).toBe("anthropic");
    expect(
      detectFormat({
        model: "gpt",
        messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "https://x" } }] }],
      })?.format,
    ).toBe("openai-chat");
  });

  it("finds responses, single stream events and the other requests", () => {
    expect(detectFormat({ type: "message", role: "assistant", content: [] })).toEqual({
      format: "anthropic",
      kind: "response",
    });
    expect(detectFormat({ type: "message_start", message: {} })).toEqual({ format: "anthropic", kind: "stream" });
    expect(detectFormat({ model: "gemini", contents: [] })).toEqual({ format: "gemini", kind: "request" });
    expect(detectFormat({ model: "gpt", input: "hi" })).toEqual({ format: "openai-responses", kind: "request" });
    expect(detectFormat({ instructions: "be brief" })).toEqual({ format: "openai-responses", kind: "request" });
    expect(detectFormat([{ candidates: [] }, { candidates: [] }])).toEqual({ format: "gemini", kind: "stream" });
    expect(detectFormat(["not json", { type: "error" }, { type: "response.completed", response: {} }])).toEqual({
      format: "openai-responses",
      kind: "stream",
    });
  });

  it("detects nothing in what is none of the formats, and never throws", () => {
    for (const value of [
      null,
      1,
      "text",
      [],
      {},
      [1, 2],
      { messages: [{ role: "user", content: [{ text: "bedrock", type: 1 }] }] },
      { hello: "world" },
      [{ role: "tool", content: "x" }],
    ]) {
      expect(detectFormat(value)).toBeUndefined();
    }
  });

  it("gives the kind for a format named by the caller", () => {
    expect(detectKind("portable", [])).toBe("document");
    expect(detectKind("agent-transcript", {})).toBe("document");
    expect(detectKind("openai-chat", { choices: [] })).toBe("response");
    expect(detectKind("openai-chat", { messages: [] })).toBe("request");
    expect(detectKind("gemini", [{}])).toBe("stream");
  });
});
