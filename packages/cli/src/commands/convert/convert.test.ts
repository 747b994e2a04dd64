import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import type { Tolerant } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import {
  anthropicConverter,
  bedrockConverseConverter,
  geminiConverter,
  mistralConverter,
  providerConverters,
} from "@agent-transcript/providers";
import { describe, expect, it } from "vitest";
// The providers package's reader of the real fixture corpus (test-only, so not exported): read, never copied.
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { run } from "../../cli.js";
import type { ConvertReport } from "./run.js";
import { captureIo } from "../../capture-io.test.helpers.js";
import { payloadFile } from "../../payload-files.test.helpers.js";

const capture = captureIo;

const scratch = mkdtempSync(path.join(tmpdir(), "cli-convert-"));
const readJsonLines = (text: string): unknown[] =>
  text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as unknown);

const supported = new Set(Object.keys(providerConverters));
const payloads = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter((payload) => supported.has(payload.api) && payload.kind !== "error");

/**
 * Real payloads whose same-format round trip is not the input, each with why (the providers README's
 * "Normalisations" table): only these may differ. None: requests and responses all come back as they were.
 */
const roundTripExceptions: ReadonlyArray<{ origin: RegExp; reason: string }> = [];

describe("agent-transcript convert: same format both sides reproduces the input", () => {
  const single = payloads.filter(
    (payload) => payload.kind !== "stream" && !roundTripExceptions.some((entry) => entry.origin.test(payload.origin)),
  );
  const streams = payloads.filter(
    (payload): payload is Extract<Payload, { kind: "stream" }> => payload.kind === "stream",
  );

  it("covers requests and responses of all five APIs, and streams", () => {
    expect(supported.size).toBeGreaterThanOrEqual(5);
    expect(streams.length).toBeGreaterThan(0);
    for (const api of supported)
      for (const kind of ["request", "response"])
        expect(
          single.some((payload) => payload.api === api && payload.kind === kind),
          `${api} ${kind}`,
        ).toBe(true);
  });

  it.each(single.map((payload) => [payload.origin, payload] as const))("%s", async (_origin, payload) => {
    if (payload.kind === "stream") return;
    const output = capture();
    expect(await run(["convert", payloadFile(payload), "--to", payload.api], output.io)).toBe(0);
    expect(JSON.parse(output.stdout())).toEqual(payload.value);
    // Reading may report what the source lacked (a Gemini call without an id, one tool object for a list); the
    // output still equals the input, and writing it back loses nothing.
    const warnings = output
      .stderr()
      .split("\n")
      .filter((line) => line.includes(": warning: "));
    // Each kind once: in full (`pointer: code: message`) or counted (`code ×N, first at pointer: message`).
    for (const line of warnings)
      expect(line).toMatch(
        /: warning: (?:\S+: (?:id-synthesized|input-normalized): |(?:id-synthesized|input-normalized) ×\d+(?: \(--verbose lists each\))?, first at )/,
      );
    expect(output.stderr()).toContain(`(${payload.api} ${payload.kind}) to ${payload.api} ${payload.kind}`);
  });

  it.each(streams.map((payload) => [payload.origin, payload] as const))(
    "stream %s: the chunks written aggregate to the same document",
    async (_origin, payload) => {
      const output = capture();
      expect(await run(["convert", payloadFile(payload), "--to", payload.api], output.io)).toBe(0);
      const format = providerConverters[payload.api as keyof typeof providerConverters];
      const before = format.streamToCanonical(payload.chunks);
      const after = format.streamToCanonical(readJsonLines(output.stdout()));
      // Two failures would compare equal (false to false): the recorded stream must read.
      if (!before.ok) throw new Error(`the recorded stream does not read: ${JSON.stringify(before.errors)}`);
      expect(after.ok && after.document).toEqual(before.document);
    },
  );
});

describe("agent-transcript convert across formats", () => {
  const anthropicRequests = payloads.filter(
    (payload): payload is Extract<Payload, { kind: "request" }> =>
      payload.api === "anthropic" && payload.kind === "request",
  );

  it.each(anthropicRequests.map((payload) => [payload.origin, payload] as const))(
    "Anthropic request %s → a Gemini request that passes geminiConverter.checkRequest",
    async (_origin, payload) => {
      const output = capture();
      expect(await run(["convert", payloadFile(payload), "--to", "gemini"], output.io)).toBe(0);
      const request = JSON.parse(output.stdout()) as Parameters<typeof geminiConverter.checkRequest>[0];
      expect(Array.isArray(request.contents)).toBe(true);
      expect(geminiConverter.checkRequest(request)).toEqual([]);
      expect(output.stderr()).not.toContain("target-rule-broken");
    },
  );

  it("converts an OpenAI Chat request with tool results to a Mistral request that passes mistralConverter.checkRequest", async () => {
    const chat = payloads.find(
      (payload): payload is Extract<Payload, { kind: "request" }> =>
        payload.api === "openai-chat" &&
        payload.kind === "request" &&
        JSON.stringify(payload.value).includes('"tool_call_id"'),
    );
    if (chat === undefined) throw new Error("no OpenAI Chat request with a tool message");
    const output = capture();
    expect(await run(["convert", payloadFile(chat), "--to", "mistral"], output.io)).toBe(0);
    const request = JSON.parse(output.stdout()) as Parameters<typeof mistralConverter.checkRequest>[0];
    expect(mistralConverter.checkRequest(request)).toEqual([]);
    expect(output.stderr()).toContain("to mistral request");
  });

  it("converts an Anthropic request with tool results to a Bedrock Converse request that passes bedrockConverseConverter.checkRequest", async () => {
    const anthropic = payloads.find(
      (payload): payload is Extract<Payload, { kind: "request" }> =>
        payload.api === "anthropic" &&
        payload.kind === "request" &&
        JSON.stringify(payload.value).includes('"tool_result"'),
    );
    if (anthropic === undefined) throw new Error("no Anthropic request with a tool result");
    const output = capture();
    expect(await run(["convert", payloadFile(anthropic), "--to", "bedrock-converse"], output.io)).toBe(0);
    const request = JSON.parse(output.stdout()) as Parameters<typeof bedrockConverseConverter.checkRequest>[0];
    expect(bedrockConverseConverter.checkRequest(request)).toEqual([]);
    expect(output.stderr()).toContain("to bedrock-converse request");
  });

  it("turns a stream into the target's stream and writes it as JSON lines", async () => {
    const stream = payloads.find((payload) => payload.api === "anthropic" && payload.kind === "stream");
    if (stream?.kind !== "stream") throw new Error("no Anthropic stream");
    const output = capture();
    expect(await run(["convert", payloadFile(stream), "--to", "openai-chat"], output.io)).toBe(0);
    const chunks = readJsonLines(output.stdout());
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk).toMatchObject({ object: "chat.completion.chunk" });
  });

  it("writes the canonical document for agent-transcript, and converts it back to a request", async () => {
    const request = anthropicRequests[0];
    if (request === undefined) throw new Error("no Anthropic request");
    const toCanonical = capture();
    const documentFile = path.join(scratch, "canonical.json");
    expect(
      await run(
        ["convert", payloadFile(request), "--to", "agent-transcript", "--output", documentFile],
        toCanonical.io,
      ),
    ).toBe(0);
    const document = JSON.parse(readFileSync(documentFile, "utf8")) as Tolerant.Transcript;
    expect(validateTranscript(document).ok).toBe(true);
    const back = capture();
    expect(await run(["convert", documentFile, "--to", "anthropic"], back.io)).toBe(0);
    expect(JSON.parse(back.stdout())).toEqual(request.value);
    expect(back.stderr()).toContain("(Agent Transcript document) to anthropic request");
  });

  it("reads and writes portable message lists", async () => {
    const portable = path.join(
      repositoryRoot,
      "packages/providers/src/formats/portable/fixtures/lisbon-conversation.json",
    );
    const same = capture();
    expect(await run(["convert", portable, "--to", "portable"], same.io)).toBe(0);
    expect(JSON.parse(same.stdout())).toEqual(JSON.parse(readFileSync(portable, "utf8")));
    // A portable list names no model: a request for it needs --model, never an empty name.
    const unnamed = capture();
    expect(await run(["convert", portable, "--to", "openai-chat"], unnamed.io)).toBe(1);
    expect(unnamed.stdout()).toBe("");
    expect(unnamed.stderr()).toContain("the document names no model");
    expect(unnamed.stderr()).toContain("--model");
    const chat = capture();
    expect(await run(["convert", portable, "--to", "openai-chat", "--model", "gpt-4.1"], chat.io)).toBe(0);
    expect(JSON.parse(chat.stdout())).toMatchObject({ model: "gpt-4.1", messages: expect.any(Array) });
  });

  it("reads and writes the Warp export and devflow runs both ways, detected or named with --from", async () => {
    const fixtures = [
      ["warp-export", "packages/providers/src/formats/warp-export/fixtures/conversation.warp-export.json"],
      ["devflow", "packages/providers/src/formats/devflow/fixtures/adr-011-example.json"],
    ] as const;
    for (const [format, fixture] of fixtures) {
      const file = path.join(repositoryRoot, fixture);
      const same = capture();
      expect(await run(["convert", file, "--from", format, "--to", format], same.io), format).toBe(0);
      expect(JSON.parse(same.stdout())).toEqual(JSON.parse(readFileSync(file, "utf8")));
      expect(same.stderr()).toContain(`(${format} document) to ${format} document`);
      // Detected, without --from, to the canonical document…
      const canonical = capture();
      expect(await run(["convert", file, "--to", "agent-transcript"], canonical.io), format).toBe(0);
      const document = JSON.parse(canonical.stdout()) as Tolerant.Transcript;
      expect(validateTranscript(document).ok).toBe(true);
      expect(document.source).toMatchObject({ format, path: file });
      // …and from it back to the format, which gives the file again.
      const documentFile = path.join(scratch, `${format}.canonical.json`);
      writeFileSync(documentFile, canonical.stdout());
      const back = capture();
      expect(await run(["convert", documentFile, "--to", format], back.io), format).toBe(0);
      expect(JSON.parse(back.stdout())).toEqual(JSON.parse(readFileSync(file, "utf8")));
    }
  });

  it("reads a server-sent events capture and a gzipped file", async () => {
    const stream = payloads.find((payload) => payload.api === "anthropic" && payload.kind === "stream");
    if (stream?.kind !== "stream") throw new Error("no Anthropic stream");
    const sse = path.join(scratch, "capture.txt");
    writeFileSync(
      sse,
      stream.chunks
        .map((chunk) => `event: ${(chunk as { type: string }).type}\ndata: ${JSON.stringify(chunk)}\n\n`)
        .join(""),
    );
    const output = capture();
    expect(await run(["convert", sse, "--to", "anthropic"], output.io)).toBe(0);
    const before = anthropicConverter.streamToCanonical(stream.chunks);
    const after = anthropicConverter.streamToCanonical(readJsonLines(output.stdout()));
    // Two failures would compare equal (false to false): the recorded stream must read.
    if (!before.ok) throw new Error(`the recorded stream does not read: ${JSON.stringify(before.errors)}`);
    expect(after.ok && after.document).toEqual(before.document);

    const response = payloads.find((payload) => payload.api === "gemini" && payload.kind === "response");
    if (response?.kind !== "response") throw new Error("no Gemini response");
    const gz = path.join(scratch, "response.json.gz");
    writeFileSync(gz, gzipSync(JSON.stringify(response.value)));
    const unzipped = capture();
    expect(await run(["convert", gz, "--to", "gemini"], unzipped.io)).toBe(0);
    expect(JSON.parse(unzipped.stdout())).toEqual(response.value);
  });

  it("reads server-sent events as the standard frames them: CR, CRLF or LF, comments, data over several lines", async () => {
    const stream = payloads.find((payload) => payload.api === "anthropic" && payload.kind === "stream");
    if (stream?.kind !== "stream") throw new Error("no Anthropic stream");
    const events = stream.chunks.map((chunk, index) => {
      const [first, ...rest] = JSON.stringify(chunk, null, 1).split("\n");
      const data = [`data: ${first}`, ...rest.map((line) => `data:${line}`)];
      const endings = ["\r", "\r\n", "\n"];
      const end = endings[index % endings.length] as string;
      return [": keep-alive", `event: ${(chunk as { type: string }).type}`, ...data, ""].join(end) + end;
    });
    const sse = path.join(scratch, "capture-framed.txt");
    writeFileSync(sse, `${events.join("")}data: [DONE]\n\n`);
    const output = capture();
    expect(await run(["convert", sse, "--to", "anthropic"], output.io)).toBe(0);
    const before = anthropicConverter.streamToCanonical(stream.chunks);
    const after = anthropicConverter.streamToCanonical(readJsonLines(output.stdout()));
    if (!before.ok) throw new Error(`the recorded stream does not read: ${JSON.stringify(before.errors)}`);
    expect(after.ok && after.document).toEqual(before.document);
  });

  it("refuses a server-sent event whose data breaks a limit, naming its line and column in the file", async () => {
    const sse = path.join(scratch, "capture-inexact.txt");
    const text = [
      ": a comment",
      'event: message_start\ndata: {"type": "message_start"}\n',
      'event: ping\ndata: {"type": "ping",\ndata:  "count": 12345678901234567890}\n',
    ].join("\n");
    writeFileSync(sse, text);
    const output = capture();
    const target = path.join(scratch, "never-inexact.jsonl");
    expect(await run(["convert", sse, "--to", "anthropic", "--json", "--output", target], output.io)).toBe(1);
    expect(existsSync(target)).toBe(false);
    const report = JSON.parse(output.stdout()) as ConvertReport;
    expect(report.errors).toEqual([
      { pointer: "/1/count", message: expect.stringMatching(/^line 7, column 17: the number 12345678901234567890 /) },
    ]);
  });

  it("reads standard input for -, and --from overrides detection", async () => {
    const request = { model: "llama3.2", messages: [{ role: "user", content: "Why is the sky blue?" }] };
    const detected = capture(JSON.stringify(request));
    expect(await run(["convert", "-", "--to", "anthropic"], detected.io)).toBe(0);
    expect(detected.stderr()).toContain("converted <stdin> (openai-chat request) to anthropic request");
    const declared = capture(JSON.stringify(request));
    expect(await run(["convert", "-", "--from", "ollama", "--to", "ollama"], declared.io)).toBe(0);
    expect(declared.stderr()).toContain("(ollama request) to ollama request");
    expect(JSON.parse(declared.stdout())).toEqual(request);
  });
});

describe("agent-transcript convert: losses, failures and reports", () => {
  const thinking = {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages: [
      { role: "user", content: "What is 2 + 2?" },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Simple sum.", signature: "c2lnbmF0dXJl" },
          { type: "text", text: "4" },
        ],
      },
      { role: "user", content: "And 3 + 3?" },
    ],
  };
  const thinkingFile = path.join(scratch, "thinking.json");
  writeFileSync(thinkingFile, JSON.stringify(thinking));

  it("reports each loss on stderr as path: code: message, and writes the result", async () => {
    const output = capture();
    expect(await run(["convert", thinkingFile, "--to", "gemini"], output.io)).toBe(0);
    expect(output.stderr()).toMatch(/warning: \/messages\/1\/parts\/0: reasoning-dropped: /);
    expect(JSON.parse(output.stdout())).toMatchObject({ contents: expect.any(Array) });
  });

  it("--strict refuses a lossy conversion, exits 1 and writes nothing", async () => {
    const target = path.join(scratch, "strict.json");
    const output = capture();
    expect(await run(["convert", thinkingFile, "--to", "gemini", "--strict", "--output", target], output.io)).toBe(1);
    expect(existsSync(target)).toBe(false);
    expect(output.stdout()).toBe("");
    expect(output.stderr()).toMatch(/error: \/messages\/1\/parts\/0: export: reasoning-dropped: /);
    expect(output.stderr()).toContain("would lose or change something (--strict); nothing was written");
    // The same conversion to its own format loses nothing and passes.
    expect(await run(["convert", thinkingFile, "--to", "anthropic", "--strict"], capture().io)).toBe(0);
  });

  it("--foreign-reasoning text keeps the reasoning as text", async () => {
    const output = capture();
    expect(await run(["convert", thinkingFile, "--to", "gemini", "--foreign-reasoning", "text"], output.io)).toBe(0);
    expect(output.stdout()).toContain("Simple sum.");
  });

  it("prints a JSON report with --json and writes the payload to --output", async () => {
    const target = path.join(scratch, "report-target.json");
    const output = capture();
    expect(await run(["convert", thinkingFile, "--to", "gemini", "--json", "--output", target], output.io)).toBe(0);
    const report = JSON.parse(output.stdout()) as ConvertReport;
    expect(Object.keys(report).sort()).toEqual([
      "errors",
      "from",
      "kind",
      "ok",
      "output",
      "outputKind",
      "redaction",
      "to",
      "warnings",
    ]);
    expect(report).toMatchObject({
      ok: true,
      from: "anthropic",
      to: "gemini",
      kind: "request",
      outputKind: "request",
      output: target,
      errors: [],
      redaction: null,
    });
    // Where a warning is, is its JSON pointer, spelled `pointer` as in every command's report.
    expect(report.warnings).toContainEqual({
      stage: "export",
      code: "reasoning-dropped",
      pointer: "/messages/1/parts/0",
      message: expect.any(String),
    });
    expect(output.stderr()).toBe("");
    expect(JSON.parse(readFileSync(target, "utf8"))).toMatchObject({ contents: expect.any(Array) });

    const strict = capture();
    const never = path.join(scratch, "never.json");
    expect(
      await run(["convert", thinkingFile, "--to", "gemini", "--json", "--strict", "--output", never], strict.io),
    ).toBe(1);
    const failed = JSON.parse(strict.stdout()) as ConvertReport;
    expect(failed).toMatchObject({ ok: false, from: "anthropic", to: "gemini", kind: "request", output: null });
    expect(failed.errors).toContainEqual({
      pointer: "/messages/1/parts/0",
      message: expect.stringContaining("reasoning-dropped"),
    });
    expect(existsSync(never)).toBe(false);
  });

  it("says when it cannot tell the format, and names --from", async () => {
    const output = capture('{"hello": "world"}');
    expect(await run(["convert", "-", "--to", "gemini"], output.io)).toBe(1);
    expect(output.stdout()).toBe("");
    expect(output.stderr()).toContain("cannot tell which format this is");
    expect(output.stderr()).toContain("name its format with --from <format-id>");
  });

  it("fails without a crash on unreadable, non-JSON and unconvertible input", async () => {
    const missing = capture();
    expect(await run(["convert", path.join(scratch, "missing.json"), "--to", "gemini"], missing.io)).toBe(1);
    expect(missing.stderr()).toContain("cannot read: no such file (ENOENT)");
    const garbage = capture("this is { not json");
    expect(await run(["convert", "-", "--to", "gemini"], garbage.io)).toBe(1);
    expect(garbage.stderr()).toContain("not JSON, JSON lines or server-sent events");
    const wrong = capture('{"model": "x", "messages": "not a list"}');
    expect(await run(["convert", "-", "--from", "anthropic", "--to", "gemini"], wrong.io)).toBe(1);
    expect(wrong.stderr()).toContain("nothing was written");
    expect(wrong.stderr()).not.toContain("unexpected error");
  });

  it("exits 2 on usage errors", async () => {
    expect(await run(["convert", thinkingFile, "--to", "cohere"], capture().io)).toBe(2);
    expect(await run(["convert", thinkingFile, "--from", "cohere", "--to", "gemini"], capture().io)).toBe(2);
    expect(await run(["convert", thinkingFile], capture().io)).toBe(2);
    expect(await run(["convert", "--to", "gemini"], capture().io)).toBe(2);
    expect(await run(["convert", thinkingFile, "--to", "gemini", "--foreign-reasoning", "maybe"], capture().io)).toBe(
      2,
    );
    expect(await run(["convert", thinkingFile, "--to", "gemini", "--bogus"], capture().io)).toBe(2);
    const json = capture();
    expect(await run(["convert", thinkingFile, "--to", "gemini", "--json"], json.io)).toBe(2);
    expect(json.stderr()).toContain("--json prints the report on stdout; give --output PATH");
  });
});

describe("agent-transcript convert --model and --max-tokens", () => {
  const chat = {
    model: "gpt-4o",
    max_completion_tokens: 300,
    temperature: 0.2,
    messages: [{ role: "user", content: "Hello." }],
  };
  const chatFile = path.join(scratch, "settings-chat.json");
  writeFileSync(chatFile, JSON.stringify(chat));

  it("carries the input's model and limit to the target's fields, and reports what the target cannot take", async () => {
    const output = capture();
    expect(await run(["convert", chatFile, "--to", "anthropic"], output.io)).toBe(0);
    expect(JSON.parse(output.stdout())).toMatchObject({ model: "gpt-4o", max_tokens: 300 });
    expect(output.stderr()).toMatch(/warning: \/provider_fields\/openai\/temperature: field-dropped: /);
    const gemini = capture();
    expect(await run(["convert", chatFile, "--to", "gemini"], gemini.io)).toBe(0);
    expect(JSON.parse(gemini.stdout())).toMatchObject({ generationConfig: { maxOutputTokens: 300, temperature: 0.2 } });
    expect(gemini.stderr()).toMatch(/warning: \/provider_fields\/openai\/model: field-dropped: .*in the URL/);
  });

  it("sets them, overriding the carried values, in each target's own field", async () => {
    const anthropic = capture();
    const args = ["--model", "claude-sonnet-4-5", "--max-tokens", "2048"];
    expect(await run(["convert", chatFile, "--to", "anthropic", ...args], anthropic.io)).toBe(0);
    expect(JSON.parse(anthropic.stdout())).toMatchObject({ model: "claude-sonnet-4-5", max_tokens: 2048 });
    const responses = capture();
    expect(await run(["convert", chatFile, "--to", "openai-responses", ...args], responses.io)).toBe(0);
    expect(JSON.parse(responses.stdout())).toMatchObject({ model: "claude-sonnet-4-5", max_output_tokens: 2048 });
    const ollama = capture();
    expect(await run(["convert", chatFile, "--to", "ollama", "--max-tokens", "64"], ollama.io)).toBe(0);
    expect(JSON.parse(ollama.stdout())).toMatchObject({ model: "gpt-4o", options: { num_predict: 64 } });
  });

  it("fills what the target requires instead of the assumed defaults, with no warning", async () => {
    const bare = path.join(scratch, "settings-bare.json");
    writeFileSync(bare, JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hello." }] }] }));
    const assumed = capture();
    expect(await run(["convert", bare, "--to", "anthropic", "--verbose"], assumed.io)).toBe(0);
    expect(assumed.stderr()).toMatch(/value-assumed: the document names no Anthropic model/);
    expect(assumed.stderr()).toMatch(
      /value-assumed: the document has no max_tokens, which Anthropic requires; 4096 assumed/,
    );
    const given = capture();
    expect(
      await run(["convert", bare, "--to", "anthropic", "--model", "claude-opus-4-1", "--max-tokens", "100"], given.io),
    ).toBe(0);
    expect(JSON.parse(given.stdout())).toMatchObject({ model: "claude-opus-4-1", max_tokens: 100 });
    expect(given.stderr()).not.toContain("value-assumed");
    expect(await run(["convert", bare, "--to", "openai-chat", "--strict", "--model", "gpt-4o"], capture().io)).toBe(0);
  });

  it("names a setting the target takes elsewhere (Gemini's model is in the URL)", async () => {
    const output = capture();
    expect(await run(["convert", chatFile, "--to", "gemini", "--model", "gemini-2.5-pro"], output.io)).toBe(0);
    expect(output.stderr()).toMatch(
      /warning: \(root\): field-dropped: the model "gemini-2.5-pro" has no Gemini equivalent/,
    );
  });

  it("exits 2 on a value that is no limit or no name, and when the output is no request", async () => {
    for (const value of ["0", "-5", "1.5", "many", ""]) {
      const output = capture();
      expect(await run(["convert", chatFile, "--to", "anthropic", "--max-tokens", value], output.io)).toBe(2);
      expect(output.stderr()).toContain("--max-tokens needs a positive whole number");
    }
    expect(await run(["convert", chatFile, "--to", "anthropic", "--model", " "], capture().io)).toBe(2);
    const document = capture();
    expect(await run(["convert", chatFile, "--to", "agent-transcript", "--model", "x"], document.io)).toBe(2);
    expect(document.stderr()).toContain("--model and --max-tokens set what a provider request sends");
    const response = path.join(scratch, "settings-response.json");
    writeFileSync(
      response,
      JSON.stringify({
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [{ type: "text", text: "Hi" }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      }),
    );
    expect(await run(["convert", response, "--to", "gemini", "--max-tokens", "5"], capture().io)).toBe(2);
  });
});

describe("agent-transcript convert --redact", () => {
  // Secrets assembled at run time, so no secret-shaped literal sits in the source.
  const githubToken = `gh${"p"}_${"Q9w8E7r6T5".repeat(3)}zyxwvu`;
  const awsKeyId = `AK${"IA"}${"QWERTYUIOP234567"}`;
  const signature = `c2lnbmF0dXJl/${awsKeyId}`;
  const request = {
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages: [
      { role: "user", content: `Deploy with token ${githubToken}, please.` },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "The user pasted a token.", signature },
          { type: "tool_use", id: "toolu_01", name: "bash", input: { command: `aws configure set key ${awsKeyId}` } },
        ],
      },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "done" }] },
    ],
  };
  const requestFile = path.join(scratch, "secrets.json");
  writeFileSync(requestFile, JSON.stringify(request));
  const cleanFile = path.join(scratch, "clean.json");
  writeFileSync(cleanFile, JSON.stringify({ ...request, messages: [{ role: "user", content: "Nothing secret." }] }));

  it("redacts the converted payload with the default redactor and says how much, per rule, on stderr", async () => {
    for (const target of ["openai-chat", "gemini", "anthropic"] as const) {
      const output = capture();
      expect(await run(["convert", requestFile, "--to", target, "--redact"], output.io), target).toBe(0);
      const written = output.stdout();
      expect(written, target).not.toContain(githubToken);
      expect(written, target).toContain("[REDACTED:github-token]");
      expect(written, target).toContain("aws configure set key [REDACTED:aws-access-key-id]");
      expect(output.stderr(), target).toContain(
        "agent-transcript: redacted 2 secrets (github-token ×1, aws-access-key-id ×1)\n",
      );
    }
  });

  it("leaves opaque data alone: a thinking signature comes back byte for byte", async () => {
    const output = capture();
    expect(await run(["convert", requestFile, "--to", "anthropic", "--redact"], output.io)).toBe(0);
    const back = JSON.parse(output.stdout()) as typeof request;
    expect(back.messages[1]?.content[0]).toEqual({ type: "thinking", thinking: "The user pasted a token.", signature });
  });

  it("changes nothing without --redact, or when --no-redact comes after it, and prints no redaction line", async () => {
    for (const flags of [[], ["--no-redact"], ["--redact", "--no-redact"]]) {
      const output = capture();
      expect(await run(["convert", requestFile, "--to", "anthropic", ...flags], output.io)).toBe(0);
      expect(JSON.parse(output.stdout())).toEqual(request);
      expect(output.stderr(), flags.join(" ")).not.toContain("redacted");
    }
  });

  it("prints no redaction line when there was nothing to redact", async () => {
    const output = capture();
    expect(await run(["convert", cleanFile, "--to", "gemini", "--redact"], output.io)).toBe(0);
    expect(output.stderr()).not.toContain("redacted");
    expect(output.stderr()).toContain("agent-transcript: converted");
  });

  it("counts per rule in the --json report, and keeps stderr quiet", async () => {
    const target = path.join(scratch, "redacted-report.json");
    const output = capture();
    expect(
      await run(["convert", requestFile, "--to", "openai-chat", "--redact", "--json", "--output", target], output.io),
    ).toBe(0);
    const report = JSON.parse(output.stdout()) as ConvertReport;
    expect(report.redaction).toEqual({ counts: { "github-token": 1, "aws-access-key-id": 1 }, total: 2 });
    expect(output.stderr()).toBe("");
    expect(readFileSync(target, "utf8")).not.toContain(githubToken);

    const clean = capture();
    const cleanTarget = path.join(scratch, "clean-report.json");
    expect(
      await run(["convert", cleanFile, "--to", "openai-chat", "--redact", "--json", "--output", cleanTarget], clean.io),
    ).toBe(0);
    expect((JSON.parse(clean.stdout()) as ConvertReport).redaction).toEqual({ counts: {}, total: 0 });
  });
});

describe("convert to and from the interchange formats (ATIF, AWF transcript logs)", () => {
  const atifFolder = path.join(repositoryRoot, "tools/fixtures/real/inspect-scout/tests/sources/atif_source/fixtures");
  const trajectory = path.join(
    atifFolder,
    "terminus_2_hello-world-context-summarization-linear-history.trajectory.json",
  );
  const awfFolder = path.join(repositoryRoot, "packages/providers/src/formats/awf-transcript/fixtures");
  const parentRun = "550e8400-e29b-41d4-a716-446655440000.jsonl";
  const childRun = "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95.jsonl";

  it("writes an AWF run and its child run's file back byte for byte (awf-transcript → awf-transcript)", async () => {
    const folder = mkdtempSync(path.join(scratch, "awf-"));
    const output = capture();
    const code = await run(
      ["convert", path.join(awfFolder, parentRun), "--to", "awf-transcript", "--output", path.join(folder, parentRun)],
      output.io,
    );
    expect([code, output.stderr()]).toEqual([
      0,
      expect.stringContaining("(awf-transcript session) to awf-transcript session;"),
    ]);
    expect(readFileSync(path.join(folder, parentRun), "utf8")).toBe(
      readFileSync(path.join(awfFolder, parentRun), "utf8"),
    );
    expect(readFileSync(path.join(folder, childRun), "utf8")).toBe(
      readFileSync(path.join(awfFolder, childRun), "utf8"),
    );
  });

  it("writes a trajectory and its continuation file back byte for byte (atif → canonical → atif)", async () => {
    const folder = mkdtempSync(path.join(scratch, "atif-"));
    const document = path.join(folder, "document.json");
    expect(await run(["import", trajectory, "--output", document], capture().io)).toBe(0);
    const target = path.join(folder, path.basename(trajectory));
    const output = capture();
    expect(await run(["convert", document, "--to", "atif", "--output", target], output.io)).toBe(0);
    expect(readFileSync(target, "utf8")).toBe(readFileSync(trajectory, "utf8"));
    const continuation = path.basename(trajectory).replace(/\.json$/, ".cont-1.json");
    expect(readFileSync(path.join(folder, continuation), "utf8")).toBe(
      readFileSync(path.join(atifFolder, continuation), "utf8"),
    );
  });

  it("names what ATIF cannot carry, and refuses the loss under --strict", async () => {
    const output = capture();
    expect(await run(["convert", path.join(awfFolder, parentRun), "--to", "atif", "--verbose"], output.io)).toBe(0);
    // The child run is embedded as a subagent trajectory (v1.7), found by its trajectory_id.
    expect(JSON.parse(output.stdout()) as unknown).toMatchObject({
      schema_version: "ATIF-v1.7",
      subagent_trajectories: [{ trajectory_id: "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95" }],
    });
    expect(output.stderr()).toMatch(/\/messages\/4\/parts\/0: part-dropped: ATIF has no command part/);
    expect(output.stderr()).toMatch(/\/run\/steps: field-dropped: ATIF has no run steps/);
    const strict = capture();
    expect(await run(["convert", path.join(awfFolder, parentRun), "--to", "atif", "--strict"], strict.io)).toBe(1);
    expect(strict.stdout()).toBe("");
  });

  it("validates a trajectory by its importer: valid strictly, its kept fields as warnings", async () => {
    const output = capture();
    expect(await run(["validate", trajectory], output.io)).toBe(0);
    expect(output.stderr()).toMatch(/valid session \(9 records, strict\)/);
    const broken = path.join(scratch, "broken.trajectory.json");
    const parsed = JSON.parse(readFileSync(trajectory, "utf8")) as { steps: Array<Record<string, unknown>> };
    (parsed.steps[1] as Record<string, unknown>).timestamp = "yesterday";
    writeFileSync(broken, JSON.stringify(parsed, null, 2));
    const invalid = capture();
    expect(await run(["validate", broken], invalid.io)).toBe(1);
    expect(invalid.stdout()).toMatch(/broken\.trajectory\.json:\d+: \/steps\/1: atif: invalid-field: .*timestamp/);
  });
});

describe("an agent's session converted to a provider request", () => {
  const codexRollout = path.join(
    repositoryRoot,
    "tools/fixtures/real/codemie-code/src/agents/plugins/codex/__tests__/fixtures/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
  );
  const claudeSession = path.join(
    repositoryRoot,
    "tools/fixtures/real/spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
  );
  /** The values of one kind of record a session file holds, read from its lines as the agent wrote them. */
  const recorded = (file: string, keep: (record: Record<string, unknown>) => boolean) =>
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter(keep);

  async function codexRequest() {
    const target = path.join(mkdtempSync(path.join(scratch, "codex-responses-")), "request.json");
    const output = capture();
    expect(await run(["convert", codexRollout, "--to", "openai-responses", "--output", target], output.io)).toBe(0);
    const request = JSON.parse(readFileSync(target, "utf8")) as {
      model?: string;
      input: Array<Record<string, unknown>>;
    };
    return { request, stderr: output.stderr() };
  }

  it("names the model a Codex rollout records in an OpenAI Responses request", async () => {
    const { request } = await codexRequest();
    const contexts = recorded(codexRollout, (record) => record.type === "turn_context");
    expect(request.model).toBe((contexts.at(-1)?.payload as { model: string }).model);
    expect(request.model).toBe("gpt-5.5");
  });

  it("replays a Codex rollout's reasoning items with their encrypted content, as Codex recorded them", async () => {
    const { request, stderr } = await codexRequest();
    const reasoning = recorded(
      codexRollout,
      (record) => record.type === "response_item" && (record.payload as { type?: string }).type === "reasoning",
    ).map((record) => record.payload as { summary: unknown[]; encrypted_content: string });
    expect(reasoning).toHaveLength(25);
    // Codex records its items without ids; each is sent back as it was recorded, in order.
    expect(request.input.filter((item) => item.type === "reasoning")).toEqual(
      reasoning.map((item) => ({
        type: "reasoning",
        summary: item.summary,
        encrypted_content: item.encrypted_content,
      })),
    );
    expect(stderr).not.toContain("reasoning-dropped");
  });

  it("says what the session kept apart from what writing the target lost: by code, every one only with --verbose", async () => {
    const { request, stderr } = await codexRequest();
    expect(request.input.length).toBeGreaterThan(0);
    const name = codexRollout;
    const lines = stderr.trimEnd().split("\n");
    // The session's records kept whole, counted by code; then the conversion's warnings, one line per code.
    expect(lines[0]).toBe(`${name}: 70 warnings: kept-as-metadata ×55, duplicate-line ×15; --verbose lists each`);
    expect(lines[3]).toMatch(
      new RegExp(
        `^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: warning: field-dropped ×378 \\(--verbose lists each\\), first at /created_at: `,
      ),
    );
    expect(lines.at(-1)).toMatch(
      / \(codex session\) to openai-responses request with 378 warnings; of the session, 70 kept as metadata or whole, 0 could not be read; wrote /,
    );
    expect(lines).toHaveLength(5);
    const verbose = capture();
    expect(
      await run(
        [
          "convert",
          codexRollout,
          "--to",
          "openai-responses",
          "--output",
          path.join(scratch, "verbose.json"),
          "--verbose",
        ],
        verbose.io,
      ),
    ).toBe(0);
    const details = verbose
      .stderr()
      .split("\n")
      .filter((line) => line.includes(": warning: "));
    expect(details).toHaveLength(70 + 378);
    // Every one with its pointer: each of the 134 messages' created_at that Responses input has no field for.
    expect(details.filter((line) => /: warning: \/messages\/\d+\/created_at: field-dropped: /.test(line))).toHaveLength(
      134,
    );
  });

  it("names the model a Claude Code session records in an OpenAI Chat request, never an empty one", async () => {
    const target = path.join(mkdtempSync(path.join(scratch, "claude-chat-")), "request.json");
    const output = capture();
    expect(await run(["convert", claudeSession, "--to", "openai-chat", "--output", target], output.io)).toBe(0);
    const models = recorded(claudeSession, (record) => record.type === "assistant").map(
      (record) => (record.message as { model: string }).model,
    );
    const request = JSON.parse(readFileSync(target, "utf8")) as { model: string };
    expect(request.model).toBe(models.at(-1));
    expect(request.model).toBe("claude-opus-4-6");
    expect(output.stderr()).not.toContain("value-assumed");
    // --model still overrides what the session records.
    const chosen = capture();
    expect(
      await run(["convert", claudeSession, "--to", "openai-chat", "--model", "gpt-4.1", "--quiet"], chosen.io),
    ).toBe(0);
    expect(JSON.parse(chosen.stdout())).toMatchObject({ model: "gpt-4.1" });
  });
});
