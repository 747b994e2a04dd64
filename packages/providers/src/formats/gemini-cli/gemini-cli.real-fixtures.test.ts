/**
 * Every real Gemini CLI file of the fixtures (the fixture reader tells which: the single-file sessions, the JSONL
 * session and the single-file catalog of agent-sessions), imported through the Node entry as a user would: no
 * unexplained loss, a strictly valid document, token totals equal to a count made here over the raw file, and every
 * message of the file accounted for. Gemini CLI's `logs.json` (the user's prompts) is no session: it is not taken
 * for one, and it checks the user messages of the session it belongs to.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Message, Transcript, Usage } from "@agent-transcript/core";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { describe, expect, it } from "vitest";
import { expectCleanImport } from "../../conversion/session-fixtures.test.helpers.js";
import { importSession } from "../../node.js";
import { detectSessionFormat } from "../../sessions.js";

const root = realFixturesRoot();
const fixtures = loadRealFixtures();
const files = fixtures.flatMap((fixture) => {
  const found = fixture.classification;
  if ((found.category === "agent-session" || found.category === "session-catalog") && found.format === "gemini-cli")
    return [
      { file: fixture.file, layout: found.layout, role: found.category === "agent-session" ? found.role : "catalog" },
    ];
  return [];
});
const sessions = files.filter((entry) => entry.role !== "prompt-log");
const promptLogs = files.filter((entry) => entry.role === "prompt-log");

type Counts = Required<
  Pick<Usage, "input_tokens" | "output_tokens" | "cache_read_tokens" | "reasoning_tokens" | "total_tokens">
>;

type Raw = Record<string, unknown>;

/**
 * The message records of a file as Gemini CLI itself would load them, written without the importer: the document's
 * `messages`, or the JSONL lines with a later record of an id replacing the earlier one and `$rewindTo` taking back the
 * id and everything after it.
 */
function rawMessages(file: string): Raw[] {
  const text = readFileSync(path.join(root, file), "utf8");
  if (file.endsWith(".json")) return (JSON.parse(text) as { messages: Raw[] }).messages;
  const byId = new Map<string, Raw>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as Raw;
    if (typeof record.$rewindTo === "string") {
      const ids = [...byId.keys()];
      const from = ids.indexOf(record.$rewindTo);
      for (const id of from === -1 ? ids : ids.slice(from)) byId.delete(id);
    } else if (typeof record.id === "string") byId.set(record.id, record);
  }
  return [...byId.values()];
}

/** The usage the issue asks for, counted over the raw records: each reply's tokens once, as Gemini reports them. */
function independentCount(file: string): Counts {
  const counts: Counts = {
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    reasoning_tokens: 0,
    total_tokens: 0,
  };
  for (const record of rawMessages(file)) {
    const tokens = record.tokens as
      { input: number; output: number; cached?: number; thoughts?: number; tool?: number; total: number } | undefined;
    if (typeof tokens !== "object" || tokens === null) continue;
    // Gemini's promptTokenCount includes the cached tokens; the tool-use prompt is more input; thoughts are output.
    counts.input_tokens += tokens.input + (tokens.tool ?? 0);
    counts.output_tokens += tokens.output + (tokens.thoughts ?? 0);
    counts.cache_read_tokens += tokens.cached ?? 0;
    counts.reasoning_tokens += tokens.thoughts ?? 0;
    counts.total_tokens += tokens.total;
  }
  return counts;
}

function countsOf(usage: Usage | undefined): Counts {
  return {
    input_tokens: usage?.input_tokens ?? 0,
    output_tokens: usage?.output_tokens ?? 0,
    cache_read_tokens: usage?.cache_read_tokens ?? 0,
    reasoning_tokens: usage?.reasoning_tokens ?? 0,
    total_tokens: usage?.total_tokens ?? 0,
  };
}

const lineOf = (message: Message): unknown => message.provider_fields?.["gemini-cli"]?.line;

/** The source ids a document accounts for: its turns (not the tool messages it adds) and its kept records. */
function accountedIds(document: Transcript): string[] {
  const own = (document.metadata?.["gemini-cli"] ?? {}) as { records?: Array<{ record: Raw }> };
  const turns = document.messages.filter((message) => lineOf(message) !== undefined).map((message) => message.id);
  const kept = (own.records ?? []).map((entry) => entry.record.id);
  return [...turns, ...kept].map(String);
}

describe("the real Gemini CLI files", () => {
  it("are found by the fixture reader: single-file sessions, a JSONL session, a catalog and a prompt log", () => {
    expect(sessions.length).toBeGreaterThanOrEqual(4);
    expect(new Set(sessions.map((entry) => entry.layout))).toEqual(new Set(["session-json", "session-jsonl"]));
    expect(promptLogs.map((entry) => path.basename(entry.file))).toEqual(["logs.json"]);
  });

  for (const { file } of sessions) {
    describe(`file ${file}`, () => {
      const absolute = path.join(root, file);
      const imported = importSession(absolute, { importedAt: "2026-01-01T00:00:00Z" });

      it("is detected by its content and imports with no unexplained loss into a strictly valid document", async () => {
        expect(detectSessionFormat(readFileSync(absolute, "utf8"))).toBe("gemini-cli");
        expectCleanImport(await imported, "gemini-cli");
      });

      it("counts every reply's tokens once, as the raw file does", async () => {
        const result = await imported;
        expect(countsOf(result.ok ? result.document.usage : undefined)).toEqual(independentCount(file));
      });

      it("accounts for every message record: a turn in order, or kept with its reason", async () => {
        const result = await imported;
        const document = result.ok ? result.document : undefined;
        const raw = rawMessages(file);
        const ids = document === undefined ? [] : accountedIds(document);
        expect([...ids].sort()).toEqual(raw.map((record) => String(record.id)).sort());
        // The turns come in the file's order, each with the model that answered.
        const turns = raw.filter((record) => ["user", "gemini", "model"].includes(String(record.type)));
        const messages = (document?.messages ?? []).filter((message) => lineOf(message) !== undefined);
        expect(messages.map((message) => message.id)).toEqual(turns.map((record) => record.id));
        expect(messages.map((message) => message.model ?? null)).toEqual(
          turns.map((record) => (typeof record.model === "string" ? record.model : null)),
        );
      });

      it("pairs every tool call with its result by id", async () => {
        const result = await imported;
        const parts = (result.ok ? result.document.messages : []).flatMap((message) => message.parts);
        const calls = parts.flatMap((part) => (part.type === "tool_call" ? [part.id] : []));
        const results = parts.flatMap((part) => (part.type === "tool_result" ? [part.call_id] : []));
        const rawCalls = rawMessages(file).flatMap((record) =>
          Array.isArray(record.toolCalls) ? (record.toolCalls as Raw[]).map((call) => call.id) : [],
        );
        expect(calls).toEqual(rawCalls);
        expect(results).toEqual(rawCalls);
      });
    });
  }
});

describe("Gemini CLI's logs.json", () => {
  for (const { file } of promptLogs) {
    const absolute = path.join(root, file);
    const prompts = JSON.parse(readFileSync(absolute, "utf8")) as Array<{ sessionId: string; message: string }>;

    it(`${file} is the user's prompts, no session: not detected as one, refused when imported`, async () => {
      expect(detectSessionFormat(readFileSync(absolute, "utf8"))).toBeUndefined();
      const result = await importSession(absolute);
      expect(result.ok).toBe(false);
    });

    it(`${file} lists the user messages of the session it belongs to`, async () => {
      const sessionFile = sessions.find((entry) => path.dirname(entry.file) === path.dirname(file));
      const result = await importSession(path.join(root, sessionFile?.file ?? "missing"));
      const document = result.ok ? result.document : undefined;
      expect(prompts.every((prompt) => prompt.sessionId === document?.source?.session_id)).toBe(true);
      const typed = (document?.messages ?? [])
        .filter((message) => message.role === "user")
        .map((message) => message.parts.map((part) => (part.type === "text" ? part.text : "")).join(""));
      expect(typed).toEqual(prompts.map((prompt) => prompt.message));
    });
  }
});
