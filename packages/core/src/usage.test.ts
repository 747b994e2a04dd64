import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateUsage } from "./generated/v1/validate.js";
import { addUsage, normalizeUsage, sumUsage, sumUsageChecked, usageProviders } from "./usage.js";
import type { Usage } from "./generated/v1/types.js";
import type { UsageProvider } from "./usage.js";

// Real provider payloads recorded by other projects (see its README.md); read in place, never copied into the repo.
const fixturesRoot = realFixturesRoot();

function fixtureText(relative: string): string {
  return readFileSync(path.join(fixturesRoot, relative), "utf8");
}

function fixtureJson(relative: string): Record<string, unknown> {
  return JSON.parse(fixtureText(relative)) as Record<string, unknown>;
}

/**
 * One parsed JSON object per non-empty line (`*.chunks.txt`, Claude Code `*.jsonl`). A few upstream stream fixtures
 * hold deliberately broken lines (robustness tests); `skipInvalid` passes over them.
 */
function fixtureLines(relative: string, skipInvalid = false): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  for (const line of fixtureText(relative).split("\n")) {
    if (line.trim() === "") continue;
    try {
      objects.push(JSON.parse(line) as Record<string, unknown>);
    } catch (error) {
      if (!skipInvalid) throw error;
    }
  }
  return objects;
}

function property(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

// --- A small reader for the YAML subset the VCR cassettes use (no YAML library is a dependency of this package). ---

interface YamlLine {
  indent: number;
  text: string;
}

function yamlScalar(text: string): unknown {
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text === "{}") return {};
  if (text === "[]") return [];
  if (text === "null" || text === "~") return null;
  if (text === "true" || text === "false") return text === "true";
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  if (text.startsWith('"') && text.endsWith('"')) return JSON.parse(text) as unknown;
  return text;
}

/** Parses block mappings and sequences (of mappings or scalars) whose lines all sit at `indent` or deeper. */
function parseYamlBlock(lines: YamlLine[], start: number, indent: number): { value: unknown; next: number } {
  const first = lines[start];
  if (first !== undefined && first.indent === indent && first.text.startsWith("- ")) {
    const items: unknown[] = [];
    let index = start;
    for (
      let line = lines[index];
      line !== undefined && line.indent === indent && line.text.startsWith("- ");
      line = lines[index]
    ) {
      const itemText = line.text.slice(2);
      if (!itemText.includes(": ") && !itemText.endsWith(":")) {
        items.push(yamlScalar(itemText));
        index += 1;
        continue;
      }
      // A mapping item: its first key sits after "- ", its other keys two columns deeper than the dash.
      const itemLines = [...lines.slice(0, index), { indent: indent + 2, text: itemText }, ...lines.slice(index + 1)];
      const parsed = parseYamlBlock(itemLines, index, indent + 2);
      items.push(parsed.value);
      index = parsed.next;
    }
    return { value: items, next: index };
  }
  const mapping: Record<string, unknown> = {};
  let index = start;
  for (
    let line = lines[index];
    line !== undefined && line.indent === indent && !line.text.startsWith("- ");
    line = lines[index]
  ) {
    const colon = line.text.indexOf(":");
    const key = line.text.slice(0, colon);
    const rest = line.text.slice(colon + 1).trim();
    index += 1;
    if (rest !== "") {
      mapping[key] = yamlScalar(rest);
      continue;
    }
    const child = lines[index];
    if (child !== undefined && (child.indent > indent || (child.indent === indent && child.text.startsWith("- ")))) {
      const parsed = parseYamlBlock(lines, index, child.indent);
      mapping[key] = parsed.value;
      index = parsed.next;
    } else {
      mapping[key] = null;
    }
  }
  return { value: mapping, next: index };
}

/** Every block mapping found under a `key:` line of a cassette, in file order. */
function yamlBlocks(relative: string, key: string): Record<string, unknown>[] {
  const lines: YamlLine[] = fixtureText(relative)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => ({ indent: line.length - line.trimStart().length, text: line.trim() }));
  const blocks: Record<string, unknown>[] = [];
  lines.forEach((line, index) => {
    if (line.text !== `${key}:`) return;
    const body = lines[index + 1];
    if (body === undefined || body.indent <= line.indent) return;
    blocks.push(parseYamlBlock(lines, index + 1, body.indent).value as Record<string, unknown>);
  });
  return blocks;
}

const yamlEscapes: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\x85",
  _: "\xa0",
  L: "\u2028",
  P: "\u2029",
};

/** Decodes the YAML double-quoted scalar that starts right after `marker` (line folding and escapes included). */
function yamlDoubleQuotedAfter(text: string, marker: string): string {
  let index = text.indexOf(marker);
  if (index < 0) throw new Error(`no ${marker} in the cassette`);
  index += marker.length;
  let result = "";
  const skipIndentation = (): void => {
    while (text[index] === " " || text[index] === "\t") index += 1;
  };
  for (;;) {
    const character = text[index];
    if (character === undefined) throw new Error("unterminated double-quoted scalar");
    if (character === '"') return result;
    if (character === "\\") {
      const escape = text[index + 1] ?? "";
      index += 2;
      if (escape === "\n") {
        skipIndentation();
      } else if (escape === "x" || escape === "u" || escape === "U") {
        const width = { x: 2, u: 4, U: 8 }[escape];
        result += String.fromCodePoint(Number.parseInt(text.slice(index, index + width), 16));
        index += width;
      } else {
        const decoded = yamlEscapes[escape];
        if (decoded === undefined) throw new Error(`unknown YAML escape \\${escape}`);
        result += decoded;
      }
    } else if (character === "\n") {
      // A line break inside the scalar folds to a space, or to n line feeds after n empty lines.
      while (result.endsWith(" ") || result.endsWith("\t")) result = result.slice(0, -1);
      index += 1;
      let emptyLines = 0;
      for (;;) {
        skipIndentation();
        if (text[index] !== "\n") break;
        emptyLines += 1;
        index += 1;
      }
      result += emptyLines === 0 ? " " : "\n".repeat(emptyLines);
    } else {
      result += character;
      index += 1;
    }
  }
}

// --- Invariants every canonical usage keeps. ---

function expectCanonical(usage: Usage | undefined, provider: UsageProvider): asserts usage is Usage {
  expect(usage).toBeDefined();
  if (usage === undefined) return;
  expect(usage.raw?.provider).toBe(provider);
  expect(usage.input_tokens).toBeGreaterThanOrEqual((usage.cache_read_tokens ?? 0) + (usage.cache_write_tokens ?? 0));
  expect(usage.output_tokens).toBeGreaterThanOrEqual(usage.reasoning_tokens ?? 0);
  expect(usage.total_tokens).toBeDefined();
  const validation = validateUsage(usage);
  expect(validation.ok, JSON.stringify(validation)).toBe(true);
}

const vercel = "vercel-ai/packages";

describe("normalizeUsage on recorded payloads", () => {
  it("anthropic: input_tokens excludes cache reads and writes, so input is the sum of the three", () => {
    // anthropic-code-execution-20260120-prompt-cache.1.chunks.txt: a stream with prompt-cache writes and reads.
    const events = fixtureLines(
      `${vercel}/anthropic/src/__fixtures__/anthropic-code-execution-20260120-prompt-cache.1.chunks.txt`,
    );
    const start = property(
      events.find((event) => event.type === "message_start"),
      "message",
      "usage",
    );
    const delta = property(
      events.find((event) => event.type === "message_delta"),
      "usage",
    );
    expect(delta).toMatchObject({
      input_tokens: 6,
      cache_creation_input_tokens: 3337,
      cache_read_input_tokens: 6289,
      output_tokens: 198,
    });
    const final = normalizeUsage("anthropic", { ...(start as object), ...(delta as object) });
    expectCanonical(final, "anthropic");
    expect(final).toMatchObject({
      input_tokens: 6 + 3337 + 6289,
      output_tokens: 198,
      cache_read_tokens: 6289,
      cache_write_tokens: 3337,
      reasoning_tokens: 0,
      total_tokens: 6 + 3337 + 6289 + 198,
    });
    expect(normalizeUsage("anthropic", start)).toMatchObject({
      input_tokens: 2 + 3068,
      cache_write_tokens: 3068,
      cache_read_tokens: 0,
    });
  });

  it("anthropic: a request reading 1,069 cached tokens reports input_tokens 6, which only an exclusive count allows", () => {
    const file =
      "pydantic-ai/tests/cassettes/test_tool_search/test_anthropic_to_google_deferred_capability_history_replay.yaml";
    const raw = yamlBlocks(file, "usage").find((usage) => usage.cache_read_input_tokens === 1069);
    expect(raw).toMatchObject({ input_tokens: 6, cache_creation_input_tokens: 85, output_tokens: 110 });
    const usage = normalizeUsage("anthropic", raw);
    expectCanonical(usage, "anthropic");
    expect(usage).toMatchObject({
      input_tokens: 6 + 85 + 1069,
      cache_read_tokens: 1069,
      cache_write_tokens: 85,
      output_tokens: 110,
    });
    // The detail object stays in raw, verbatim.
    expect(property(usage.raw?.usage, "cache_creation")).toEqual({
      ephemeral_1h_input_tokens: 0,
      ephemeral_5m_input_tokens: 85,
    });
  });

  it("anthropic: output_tokens_details.thinking_tokens is reasoning, part of output_tokens", () => {
    const body = fixtureJson(`${vercel}/anthropic/src/__fixtures__/anthropic-claude-opus-5-reasoning-high.1.json`);
    const usage = normalizeUsage("anthropic", body.usage);
    expectCanonical(usage, "anthropic");
    expect(usage).toMatchObject({ input_tokens: 51, output_tokens: 1699, reasoning_tokens: 139 });
  });

  it("anthropic: a message_delta without input_tokens is rejected alone and complete once merged with message_start", () => {
    const events = fixtureLines(`${vercel}/anthropic/src/__fixtures__/spliced-message-start.chunks.txt`);
    const start = property(
      events.find((event) => event.type === "message_start"),
      "message",
      "usage",
    );
    const delta = property(
      events.find((event) => event.type === "message_delta"),
      "usage",
    );
    expect(delta).toEqual({ output_tokens: 65 });
    expect(normalizeUsage("anthropic", delta)).toBeUndefined();
    expect(normalizeUsage("anthropic", { ...(start as object), ...(delta as object) })).toMatchObject({
      input_tokens: 17,
      output_tokens: 65,
    });
  });

  it("openai-chat: prompt_tokens includes cached_tokens and completion_tokens includes reasoning_tokens", () => {
    const file =
      "pydantic-ai/tests/models/cassettes/test_multimodal_tool_returns/test_multimodal_tool_return_matrix[direct-binary-image-openai_chat].yaml";
    const raw = yamlBlocks(file, "usage").find(
      (usage) => property(usage, "completion_tokens_details", "reasoning_tokens") === 128,
    );
    expect(raw).toMatchObject({ prompt_tokens: 585, completion_tokens: 253, total_tokens: 838 });
    const usage = normalizeUsage("openai-chat", raw);
    expectCanonical(usage, "openai-chat");
    expect(usage).toMatchObject({
      input_tokens: 585,
      output_tokens: 253,
      reasoning_tokens: 128,
      cache_read_tokens: 0,
      total_tokens: 838,
    });
    // Inclusive counters: the provider's own total is exactly input + output.
    expect(usage.input_tokens + usage.output_tokens).toBe(usage.total_tokens);

    const text = fixtureJson(`${vercel}/openai/src/chat/__fixtures__/openai-text.json`);
    expect(normalizeUsage("openai-chat", text.usage)).toMatchObject({
      input_tokens: 16,
      output_tokens: 363,
      total_tokens: 379,
    });
  });

  it("openai-responses: input_tokens includes cached_tokens and output_tokens includes reasoning_tokens", () => {
    const body = fixtureJson(`${vercel}/openai/src/responses/__fixtures__/openai-file-search-tool.1.json`);
    const usage = normalizeUsage("openai-responses", body.usage);
    expectCanonical(usage, "openai-responses");
    expect(usage).toMatchObject({
      input_tokens: 3700,
      cache_read_tokens: 2560,
      output_tokens: 741,
      reasoning_tokens: 640,
      total_tokens: 4441,
    });
    expect(usage.input_tokens + usage.output_tokens).toBe(usage.total_tokens);

    // Newer responses also report cache writes beside cached reads.
    const programmatic = fixtureJson(`${vercel}/openai/src/responses/__fixtures__/programmatic-tool-calling.1.json`);
    expect(normalizeUsage("openai-responses", programmatic.usage)).toMatchObject({
      input_tokens: 631,
      cache_write_tokens: 0,
      reasoning_tokens: 55,
    });
  });

  it("gemini: candidatesTokenCount excludes thoughtsTokenCount, so output is their sum", () => {
    const body = fixtureJson(`${vercel}/google/src/__fixtures__/google-tool-call.json`);
    const usage = normalizeUsage("gemini", body.usageMetadata);
    expectCanonical(usage, "gemini");
    expect(usage).toMatchObject({
      input_tokens: 29,
      output_tokens: 15 + 893,
      reasoning_tokens: 893,
      total_tokens: 937,
    });
    expect(usage.input_tokens + usage.output_tokens).toBe(usage.total_tokens);
  });

  it("gemini: toolUsePromptTokenCount is input on top of promptTokenCount", () => {
    const file = "pydantic-ai/tests/models/google/cassettes/test_code_execution/test_code_execution.yaml";
    const [first] = yamlBlocks(file, "usageMetadata");
    expect(first).toMatchObject({
      promptTokenCount: 257,
      toolUsePromptTokenCount: 1732,
      candidatesTokenCount: 170,
      thoughtsTokenCount: 773,
      totalTokenCount: 2932,
    });
    const usage = normalizeUsage("gemini", first);
    expectCanonical(usage, "gemini");
    expect(usage).toMatchObject({
      input_tokens: 257 + 1732,
      output_tokens: 170 + 773,
      reasoning_tokens: 773,
      total_tokens: 2932,
    });
    expect(usage.input_tokens + usage.output_tokens).toBe(usage.total_tokens);
  });

  it("gemini: promptTokenCount includes cachedContentTokenCount", () => {
    const file =
      "pydantic-ai/tests/models/cassettes/test_multimodal_tool_returns/test_multimodal_tool_return_matrix[direct-binary-image-google_2_5].yaml";
    const raw = yamlBlocks(file, "usageMetadata").find((usage) => usage.cachedContentTokenCount === 191);
    expect(raw).toMatchObject({
      promptTokenCount: 345,
      candidatesTokenCount: 80,
      thoughtsTokenCount: 141,
      totalTokenCount: 566,
    });
    const usage = normalizeUsage("gemini", raw);
    expectCanonical(usage, "gemini");
    expect(usage).toMatchObject({ input_tokens: 345, cache_read_tokens: 191, output_tokens: 221, total_tokens: 566 });
    expect(usage.input_tokens + usage.output_tokens).toBe(usage.total_tokens);
  });

  it("ollama: prompt_eval_count is input and eval_count output; raw keeps the counters, not the message", () => {
    const cassettes =
      "openinference/python/instrumentation/openinference-instrumentation-ollama/tests/openinference/instrumentation/ollama/cassettes";
    const file = `${cassettes}/test_instrumentor/test_chat_with_tool_call.yaml`;
    const response = JSON.parse(yamlDoubleQuotedAfter(fixtureText(file), 'string: "')) as Record<string, unknown>;
    expect(response).toMatchObject({ done: true, prompt_eval_count: 292, eval_count: 143 });
    const usage = normalizeUsage("ollama", response);
    expectCanonical(usage, "ollama");
    expect(usage).toMatchObject({ input_tokens: 292, output_tokens: 143, total_tokens: 435 });
    expect(usage.raw?.usage).toEqual({
      prompt_eval_count: 292,
      eval_count: 143,
      total_duration: 1735248334,
      load_duration: 139246000,
      prompt_eval_duration: 247164000,
      eval_duration: 1337032000,
    });
  });

  it("bedrock-converse: inputTokens excludes cache reads and writes, as totalTokens shows", () => {
    const file =
      "pydantic-ai/tests/models/cassettes/test_bedrock/test_bedrock_cache_messages_with_document_as_last_content.yaml";
    const [write, read] = yamlBlocks(file, "usage");
    // 3 + 227 + 1712 = 1942 and 3 + 121 + 1712 + 236 = 2072: totalTokens counts the cache tokens inputTokens leaves out.
    expect(write).toMatchObject({
      inputTokens: 3,
      outputTokens: 227,
      cacheReadInputTokens: 0,
      cacheWriteInputTokens: 1712,
      totalTokens: 1942,
    });
    expect(read).toMatchObject({
      inputTokens: 3,
      outputTokens: 121,
      cacheReadInputTokens: 1712,
      cacheWriteInputTokens: 236,
      totalTokens: 2072,
    });
    const first = normalizeUsage("bedrock-converse", write);
    const second = normalizeUsage("bedrock-converse", read);
    expectCanonical(first, "bedrock-converse");
    expectCanonical(second, "bedrock-converse");
    expect(first).toMatchObject({
      input_tokens: 1715,
      cache_write_tokens: 1712,
      cache_read_tokens: 0,
      output_tokens: 227,
      total_tokens: 1942,
    });
    expect(second).toMatchObject({
      input_tokens: 1951,
      cache_read_tokens: 1712,
      cache_write_tokens: 236,
      output_tokens: 121,
      total_tokens: 2072,
    });
    for (const usage of [first, second]) expect(usage.input_tokens + usage.output_tokens).toBe(usage.total_tokens);

    const reasoning = fixtureJson(`${vercel}/amazon-bedrock/src/__fixtures__/amazon-bedrock-reasoning.json`);
    expect(normalizeUsage("bedrock-converse", reasoning.usage)).toMatchObject({
      input_tokens: 51,
      output_tokens: 78,
      total_tokens: 129,
    });
  });

  it("mistral: OpenAI chat field names, prompt_tokens including cached_tokens", () => {
    const chunks = fixtureLines(`${vercel}/mistral/src/__fixtures__/mistral-incremental-tool-call.chunks.txt`);
    const raw = chunks.map((chunk) => chunk.usage).find((usage) => usage !== undefined && usage !== null);
    expect(raw).toEqual({
      prompt_tokens: 171,
      total_tokens: 185,
      completion_tokens: 14,
      prompt_tokens_details: { cached_tokens: 128 },
    });
    const usage = normalizeUsage("mistral", raw);
    expectCanonical(usage, "mistral");
    expect(usage).toMatchObject({ input_tokens: 171, cache_read_tokens: 128, output_tokens: 14, total_tokens: 185 });
    expect(usage.input_tokens + usage.output_tokens).toBe(usage.total_tokens);

    const toolCall = fixtureJson(`${vercel}/mistral/src/__fixtures__/mistral-tool-call.json`);
    expect(normalizeUsage("mistral", toolCall.usage)).toMatchObject({
      input_tokens: 124,
      output_tokens: 22,
      total_tokens: 146,
    });
  });

  it("normalises every usage object of the vercel-ai fixtures, keeping the invariants", () => {
    const found: { file: string; provider: UsageProvider; raw: unknown; complete: boolean }[] = [];
    const folders: [string, UsageProvider][] = [
      ["anthropic/src/__fixtures__", "anthropic"],
      ["openai/src/chat/__fixtures__", "openai-chat"],
      ["openai/src/responses/__fixtures__", "openai-responses"],
      ["google/src/__fixtures__", "gemini"],
      ["amazon-bedrock/src/__fixtures__", "bedrock-converse"],
      ["mistral/src/__fixtures__", "mistral"],
    ];
    for (const [folder, provider] of folders) {
      for (const name of readdirSync(path.join(fixturesRoot, vercel, folder)).sort()) {
        const file = `${vercel}/${folder}/${name}`;
        const add = (raw: unknown, complete: boolean): void => {
          if (raw !== undefined && raw !== null) found.push({ file, provider, raw, complete });
        };
        if (name.endsWith(".json")) {
          const body = fixtureJson(file);
          add(provider === "gemini" ? body.usageMetadata : (body.usage ?? property(body, "response", "usage")), true);
        } else if (name.endsWith(".chunks.txt")) {
          let start: unknown;
          for (const event of fixtureLines(file, true)) {
            if (provider === "anthropic" && event.type === "message_start")
              add((start = property(event, "message", "usage")), false);
            else if (provider === "anthropic" && event.type === "message_delta")
              add({ ...(start as object), ...(event.usage as object) }, false);
            else if (provider === "openai-responses") add(property(event, "response", "usage"), false);
            else if (provider === "gemini") add(event.usageMetadata, false);
            else if (provider === "bedrock-converse") add(property(event, "metadata", "usage"), false);
            else add(event.usage, false);
          }
        }
      }
    }
    expect(found.length).toBeGreaterThan(150);
    let normalised = 0;
    const completeInclusive: { file: string; usage: Usage }[] = [];
    for (const { file, provider, raw, complete } of found) {
      const usage = normalizeUsage(provider, raw);
      // Only Gemini stream chunks that carry no counter at all ({"trafficType": ...}) are not usage.
      const countless = provider === "gemini" && Object.keys(raw as object).join() === "trafficType";
      expect(usage === undefined, file).toBe(countless);
      if (usage === undefined) continue;
      normalised += 1;
      expectCanonical(usage, provider);
      if (complete && provider !== "anthropic") completeInclusive.push({ file, usage });
    }
    expect(normalised).toBeGreaterThan(100);
    // Complete responses of inclusive providers: the provider's total is exactly canonical input + output.
    expect(completeInclusive.length).toBeGreaterThan(0);
    for (const { file, usage } of completeInclusive)
      expect(usage.input_tokens + usage.output_tokens, file).toBe(usage.total_tokens);
  });

  it("sums a Claude Code session once per API response, not once per line", () => {
    const lines = fixtureLines("spotter/test/fixtures/transcripts/short.jsonl");
    const byMessage = new Map<string, unknown>();
    let perLine: Usage[] = [];
    for (const line of lines) {
      const id = property(line, "message", "id");
      const raw = property(line, "message", "usage");
      if (typeof id !== "string" || raw === undefined) continue;
      byMessage.set(id, raw);
      const usage = normalizeUsage("anthropic", raw);
      if (usage !== undefined) perLine = [...perLine, usage];
    }
    const perResponse = [...byMessage.values()].map((raw) => normalizeUsage("anthropic", raw));
    expect(perResponse.every((usage) => usage !== undefined)).toBe(true);
    const total = sumUsage(perResponse.filter((usage): usage is Usage => usage !== undefined));
    expect(total.raw).toBeUndefined();
    // Claude Code writes one line per content block, each repeating the response's usage.
    expect(perLine.length).toBeGreaterThan(perResponse.length);
    expect(sumUsage(perLine).input_tokens).toBeGreaterThan(total.input_tokens);
    expect(total.input_tokens).toBeGreaterThanOrEqual((total.cache_read_tokens ?? 0) + (total.cache_write_tokens ?? 0));
  });
});

describe("normalizeUsage rules", () => {
  it("gemini: the documented example 29 + 15 + 1801 = 1845", () => {
    const usage = normalizeUsage("gemini", {
      promptTokenCount: 29,
      candidatesTokenCount: 15,
      thoughtsTokenCount: 1801,
      totalTokenCount: 1845,
    });
    expect(usage).toMatchObject({ input_tokens: 29, output_tokens: 1816, reasoning_tokens: 1801, total_tokens: 1845 });
  });

  it("gemini: absent counters are zero (proto3 JSON), but an object without any counter is not usage", () => {
    expect(normalizeUsage("gemini", { promptTokenCount: 12, totalTokenCount: 12 })).toMatchObject({
      input_tokens: 12,
      output_tokens: 0,
      total_tokens: 12,
    });
    expect(normalizeUsage("gemini", { trafficType: "ON_DEMAND" })).toBeUndefined();
    expect(
      normalizeUsage("gemini", { promptTokenCount: 10, cachedContentTokenCount: 11, toolUsePromptTokenCount: 5 }),
    ).toBeUndefined();
  });

  it("keeps the provider's total when it differs from input + output", () => {
    expect(
      normalizeUsage("openai-chat", { prompt_tokens: 10, completion_tokens: 5, total_tokens: 16 })?.total_tokens,
    ).toBe(16);
    expect(normalizeUsage("anthropic", { input_tokens: 10, output_tokens: 5 })?.total_tokens).toBe(15);
  });

  it("reports a breakdown only when the provider reported it (0 and absent differ)", () => {
    const withoutCache = normalizeUsage("openai-chat", { prompt_tokens: 10, completion_tokens: 5 });
    expect(withoutCache).toBeDefined();
    expect(withoutCache).not.toHaveProperty("cache_read_tokens");
    const reportedZero = normalizeUsage("openai-chat", {
      prompt_tokens: 10,
      completion_tokens: 5,
      prompt_tokens_details: { cached_tokens: 0 },
    });
    expect(reportedZero).toHaveProperty("cache_read_tokens", 0);
    // Several SDKs write unset counters and detail objects as null.
    const nulls = {
      input_tokens: 1,
      output_tokens: 2,
      cache_read_input_tokens: null,
      cache_creation_input_tokens: null,
    };
    expect(normalizeUsage("anthropic", nulls)).toMatchObject({ input_tokens: 1 });
    expect(
      normalizeUsage("openai-chat", { prompt_tokens: 1, completion_tokens: 2, prompt_tokens_details: null }),
    ).toMatchObject({ input_tokens: 1 });
  });

  it("ollama: needs eval_count; a prompt served from the KV cache has no prompt_eval_count and counts 0", () => {
    expect(normalizeUsage("ollama", { done: false, message: { content: "x" } })).toBeUndefined();
    expect(normalizeUsage("ollama", { done: true, eval_count: 7 })).toMatchObject({
      input_tokens: 0,
      output_tokens: 7,
    });
  });

  it("bedrock-converse: reads the legacy ...Count cache fields when the current ones are absent", () => {
    const legacy = {
      inputTokens: 3,
      outputTokens: 4,
      cacheReadInputTokenCount: 10,
      cacheWriteInputTokenCount: 2,
      totalTokens: 19,
    };
    const usage = normalizeUsage("bedrock-converse", legacy);
    expect(usage).toMatchObject({
      input_tokens: 15,
      cache_read_tokens: 10,
      cache_write_tokens: 2,
      output_tokens: 4,
      total_tokens: 19,
    });
  });

  it("keeps the raw usage object itself, untouched", () => {
    const raw = { input_tokens: 1, output_tokens: 2, server_tool_use: { web_search_requests: 3 } };
    const usage = normalizeUsage("anthropic", raw);
    expect(usage?.raw).toEqual({ provider: "anthropic", usage: raw });
    expect(usage?.raw?.usage).toBe(raw);
  });
});

describe("normalizeUsage on hostile input", () => {
  const valid: Record<UsageProvider, Record<string, unknown>> = {
    anthropic: { input_tokens: 1, output_tokens: 1 },
    "openai-chat": { prompt_tokens: 1, completion_tokens: 1 },
    "openai-responses": { input_tokens: 1, output_tokens: 1 },
    gemini: { promptTokenCount: 1, candidatesTokenCount: 1 },
    ollama: { prompt_eval_count: 1, eval_count: 1 },
    "bedrock-converse": { inputTokens: 1, outputTokens: 1 },
    mistral: { prompt_tokens: 1, completion_tokens: 1 },
  };

  it("answers undefined for values that are not usage objects", () => {
    const values: unknown[] = [
      undefined,
      null,
      "",
      "12",
      12,
      12n,
      true,
      Symbol("usage"),
      () => 1,
      [],
      [1, 2],
      new Date(0),
      {},
    ];
    for (const provider of usageProviders) {
      expect(normalizeUsage(provider, valid[provider]), provider).toBeDefined();
      for (const value of values) expect(normalizeUsage(provider, value)).toBeUndefined();
    }
    expect(normalizeUsage("openai" as UsageProvider, valid["openai-chat"])).toBeUndefined();
    expect(normalizeUsage("__proto__" as UsageProvider, valid["openai-chat"])).toBeUndefined();
  });

  it("rejects negative, fractional, non-finite, string and unsafe counts, at the top and in detail objects", () => {
    const bad: unknown[] = [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "5", Number.MAX_SAFE_INTEGER + 1, {}, [3]];
    for (const value of bad) {
      expect(normalizeUsage("anthropic", { input_tokens: value, output_tokens: 1 })).toBeUndefined();
      expect(
        normalizeUsage("anthropic", { input_tokens: 1, output_tokens: 1, cache_read_input_tokens: value }),
      ).toBeUndefined();
      expect(
        normalizeUsage("openai-chat", {
          prompt_tokens: 1,
          completion_tokens: 1,
          prompt_tokens_details: { cached_tokens: value },
        }),
      ).toBeUndefined();
      expect(normalizeUsage("gemini", { promptTokenCount: 4, thoughtsTokenCount: value })).toBeUndefined();
    }
    expect(
      normalizeUsage("openai-responses", { input_tokens: 1, output_tokens: 1, input_tokens_details: "cached" }),
    ).toBeUndefined();
    // -0 is zero, not a negative count.
    expect(normalizeUsage("anthropic", { input_tokens: -0, output_tokens: 0 })?.input_tokens).toBe(0);
  });

  it("rejects breakdowns larger than the totals they are part of, and sums that overflow", () => {
    expect(
      normalizeUsage("openai-chat", {
        prompt_tokens: 10,
        completion_tokens: 5,
        prompt_tokens_details: { cached_tokens: 11 },
      }),
    ).toBeUndefined();
    expect(
      normalizeUsage("openai-chat", {
        prompt_tokens: 10,
        completion_tokens: 5,
        completion_tokens_details: { reasoning_tokens: 6 },
      }),
    ).toBeUndefined();
    const cacheOverflow = {
      input_tokens: 10,
      output_tokens: 5,
      input_tokens_details: { cached_tokens: 6, cache_write_tokens: 5 },
    };
    expect(normalizeUsage("openai-responses", cacheOverflow)).toBeUndefined();
    expect(
      normalizeUsage("anthropic", { input_tokens: 1, output_tokens: 5, output_tokens_details: { thinking_tokens: 6 } }),
    ).toBeUndefined();
    const huge = Number.MAX_SAFE_INTEGER;
    expect(
      normalizeUsage("anthropic", { input_tokens: huge, output_tokens: 1, cache_read_input_tokens: 1 }),
    ).toBeUndefined();
  });

  it("reads own properties only: no inherited counts, no prototype pollution", () => {
    expect(normalizeUsage("anthropic", Object.create({ input_tokens: 5, output_tokens: 1 }) as object)).toBeUndefined();
    const polluted = JSON.parse(
      '{"__proto__": {"input_tokens": 100}, "input_tokens": 2, "output_tokens": 3}',
    ) as unknown;
    expect(normalizeUsage("anthropic", polluted)).toMatchObject({ input_tokens: 2, output_tokens: 3 });
    const nested = JSON.parse(
      '{"prompt_tokens": 4, "completion_tokens": 1, "prompt_tokens_details": {"__proto__": {"cached_tokens": 9}}}',
    ) as unknown;
    expect(normalizeUsage("openai-chat", nested)).not.toHaveProperty("cache_read_tokens");
    expect(({} as Record<string, unknown>).input_tokens).toBeUndefined();
    expect(({} as Record<string, unknown>).cached_tokens).toBeUndefined();
  });

  it("never throws, even on getters and proxies that throw", () => {
    const getter = Object.defineProperty({ output_tokens: 1 }, "input_tokens", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const proxy = new Proxy(
      {},
      {
        has: () => {
          throw new Error("boom");
        },
        getOwnPropertyDescriptor: () => {
          throw new Error("boom");
        },
        get: () => {
          throw new Error("boom");
        },
      },
    );
    // Not usage: a count that cannot be read is no count.
    for (const provider of usageProviders) {
      expect(normalizeUsage(provider, getter), provider).toBeUndefined();
      expect(normalizeUsage(provider, proxy), provider).toBeUndefined();
    }
  });

  it("never throws on arbitrary values, and whatever it returns keeps the invariants", () => {
    const counter = fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.constant(null), fc.string());
    const usageLike = fc.record(
      {
        input_tokens: counter,
        output_tokens: counter,
        cache_read_input_tokens: counter,
        cache_creation_input_tokens: counter,
        prompt_tokens: counter,
        completion_tokens: counter,
        total_tokens: counter,
        prompt_tokens_details: fc.oneof(fc.record({ cached_tokens: counter }), fc.anything()),
        promptTokenCount: counter,
        candidatesTokenCount: counter,
        thoughtsTokenCount: counter,
        cachedContentTokenCount: counter,
        inputTokens: counter,
        outputTokens: counter,
        eval_count: counter,
      },
      { requiredKeys: [] },
    );
    // Only what is read as usage keeps invariants: count it, so the property is not about refusals only.
    let normalised = 0;
    fc.assert(
      fc.property(fc.constantFrom(...usageProviders), fc.oneof(usageLike, fc.anything()), (provider, value) => {
        const usage = normalizeUsage(provider, value);
        if (usage === undefined) return;
        normalised += 1;
        const counts = [
          usage.input_tokens,
          usage.output_tokens,
          usage.cache_read_tokens ?? 0,
          usage.cache_write_tokens ?? 0,
          usage.reasoning_tokens ?? 0,
        ];
        expect(counts.every((count) => Number.isSafeInteger(count) && count >= 0)).toBe(true);
        expect(usage.input_tokens).toBeGreaterThanOrEqual(
          (usage.cache_read_tokens ?? 0) + (usage.cache_write_tokens ?? 0),
        );
        expect(usage.output_tokens).toBeGreaterThanOrEqual(usage.reasoning_tokens ?? 0);
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
    expect(normalised).toBeGreaterThan(fc.readConfigureGlobal().numRuns! / 50);
  });
});

describe("addUsage and sumUsage", () => {
  const anthropic = normalizeUsage("anthropic", {
    input_tokens: 10,
    output_tokens: 20,
    cache_read_input_tokens: 100,
    cache_creation_input_tokens: 5,
  });
  const gemini = normalizeUsage("gemini", {
    promptTokenCount: 50,
    candidatesTokenCount: 7,
    thoughtsTokenCount: 3,
    totalTokenCount: 61,
  });

  it("adds every counter, keeps a breakdown either side has, and drops raw", () => {
    if (anthropic === undefined || gemini === undefined) throw new Error("fixture usage did not normalise");
    expect(addUsage(anthropic, gemini)).toEqual({
      input_tokens: 115 + 50,
      output_tokens: 20 + 10,
      cache_read_tokens: 100,
      cache_write_tokens: 5,
      reasoning_tokens: 3,
      // Gemini's own total (61, one more than 50 + 10) is kept in the sum.
      total_tokens: 135 + 61,
    });
  });

  it("sums a list; the empty sum is zero", () => {
    if (anthropic === undefined || gemini === undefined) throw new Error("fixture usage did not normalise");
    expect(sumUsage([])).toEqual({ input_tokens: 0, output_tokens: 0, total_tokens: 0 });
    expect(sumUsage([anthropic, gemini, anthropic])).toEqual(addUsage(addUsage(anthropic, gemini), anthropic));
    expect(sumUsage([{ input_tokens: 1, output_tokens: 2 }])).toEqual({
      input_tokens: 1,
      output_tokens: 2,
      total_tokens: 3,
    });
  });
});

describe("usage sums beyond 2^53 − 1", () => {
  const max = Number.MAX_SAFE_INTEGER;
  const counts = (input: number, output: number): Usage => ({ input_tokens: input, output_tokens: output });

  it("are clamped to Number.MAX_SAFE_INTEGER and named with their exact sum, never rounded silently", () => {
    // 9007199254740981 + 12 is 9007199254740993, which a double holds only as 9007199254740992: off by one.
    const { usage, clamped } = sumUsageChecked([counts(max - 10, 1), counts(12, 2)]);
    expect(usage).toEqual({ input_tokens: max, output_tokens: 3, total_tokens: max });
    expect(clamped).toEqual([
      { counter: "input_tokens", sum: "9007199254740993" },
      { counter: "total_tokens", sum: "9007199254740996" },
    ]);
  });

  it("are exact up to Number.MAX_SAFE_INTEGER itself, nothing clamped", () => {
    expect(sumUsageChecked([counts(max - 10, 0), counts(10, 0)])).toEqual({
      usage: { input_tokens: max, output_tokens: 0, total_tokens: max },
      clamped: [],
    });
  });

  it("clamp the breakdowns too, each named", () => {
    const big: Usage = { ...counts(max - 1, max - 1), cache_read_tokens: max - 1, reasoning_tokens: max - 1 };
    const { usage, clamped } = sumUsageChecked([big, big]);
    expect(usage).toMatchObject({
      input_tokens: max,
      output_tokens: max,
      cache_read_tokens: max,
      reasoning_tokens: max,
    });
    expect(clamped.map((entry) => entry.counter)).toEqual([
      "input_tokens",
      "output_tokens",
      "cache_read_tokens",
      "reasoning_tokens",
      "total_tokens",
    ]);
    expect(clamped[0]?.sum).toBe(String(2n * BigInt(max - 1)));
  });

  it("name a count that is itself no safe integer (2^60 is valid JSON and a valid schema integer)", () => {
    const { usage, clamped } = sumUsageChecked([counts(2 ** 60, 0)]);
    expect(usage.input_tokens).toBe(max);
    expect(clamped[0]).toEqual({ counter: "input_tokens", sum: "1152921504606846976" });
  });

  it("never throw on counts that are no integers (a document that breaks the schema), whatever comes after", () => {
    expect(sumUsageChecked([counts(0.5, 0), counts(2 ** 60, 0), counts(Number.NaN, 0)]).usage.input_tokens).toBeNaN();
  });

  it("through addUsage and sumUsage are clamped as well: their counters are always safe integers", () => {
    expect(addUsage(counts(max, 0), counts(1, 0)).input_tokens).toBe(max);
    expect(sumUsage([counts(max - 10, 0), counts(12, 0)]).input_tokens).toBe(max);
  });

  it("addUsage gives what sumUsageChecked gives for the two, key for key and in order, for any counts", () => {
    const value = fc.option(
      fc.oneof(
        fc.nat({ max: 10_000_000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.bigInt({ min: BigInt(max) - 1000n, max: BigInt(max) + 1000n }).map(Number),
        fc.constantFrom(0.5, Number.NaN, 2 ** 60),
      ),
      { nil: undefined },
    );
    const usage = fc
      .record({
        input_tokens: value,
        output_tokens: value,
        cache_read_tokens: value,
        cache_write_tokens: value,
        reasoning_tokens: value,
        total_tokens: value,
      })
      .map(
        (record) =>
          Object.fromEntries(Object.entries(record).filter(([, each]) => each !== undefined)) as unknown as Usage,
      );
    fc.assert(
      fc.property(usage, usage, (a, b) => {
        const expected = sumUsageChecked([a, b]).usage;
        const sum = addUsage(a, b);
        expect(Object.keys(sum)).toEqual(Object.keys(expected));
        expect(sum).toEqual(expected);
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("are exact or clamped and named, for any counts near the limit", () => {
    const count = fc.bigInt({ min: 0n, max: BigInt(max) }).map(Number);
    const nearLimit = fc.bigInt({ min: BigInt(max) - 1000n, max: BigInt(max) }).map(Number);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.oneof(count, nearLimit), fc.nat()), { maxLength: 5 }), (pairs) => {
        const list = pairs.map(([input, output]) => counts(input, output));
        const { usage, clamped } = sumUsageChecked(list);
        const exact = pairs.reduce((sum, [input]) => sum + BigInt(input), 0n);
        const named = clamped.find((entry) => entry.counter === "input_tokens");
        const beyond = exact > BigInt(max);
        expect(usage.input_tokens).toBe(beyond ? max : Number(exact));
        expect(named?.sum).toBe(beyond ? String(exact) : undefined);
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });
});
