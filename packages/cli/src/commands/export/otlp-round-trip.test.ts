// OpenTelemetry GenAI traces read back: every real fixture (agents' sessions, trajectories, provider payloads)
// exported with `export --format otlp-json --content attributes`, then read as `export` reads any input, gives back
// the document's conversation, tool calls, results and usage, its child runs the same way — with the losses the
// providers' README lists for traces and nothing else. What a trace carries is said here from the conventions, not
// from the importer's code: the projection below is the test's own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatVersion, isPartOfType, type Tolerant } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { afterAll, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import { payloadFile, realRuns } from "../../payload-files.test.helpers.js";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-otlp-round-trip-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await run(argv, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

type Part = Tolerant.Part;
type Message = Tolerant.Message;

/** What the conventions carry of a part: its text, a call, a result's value, media by data, URL or file id. */
function carriedPart(part: Part): unknown {
  const fields = part as unknown as Record<string, unknown>;
  switch (part.type) {
    case "text":
      return { text: fields.text };
    case "refusal":
      return { text: fields.text ?? fields.refusal ?? "" };
    case "reasoning": {
      const text = typeof fields.text === "string" ? fields.text : JSON.stringify(fields.summary ?? "");
      return text === "" || text === '""' ? undefined : { reasoning: text };
    }
    case "tool_call":
      // Arguments that did not parse come back as the text the provider sent.
      return {
        call: fields.id,
        name: fields.name,
        input: fields.input !== undefined ? fields.input : fields.raw_input,
      };
    case "tool_result":
      return { result: fields.call_id, value: fields.error ?? fields.output ?? fields.content ?? null };
    case "image":
    case "audio": {
      const source = fields.data ?? fields.url ?? fields.file_id;
      return source === undefined ? undefined : { media: part.type, source, type: fields.media_type ?? null };
    }
    case "file":
      return typeof fields.text === "string" ? { text: fields.text } : undefined;
    case "command":
      return {
        text: [fields.command, fields.output ?? ""]
          .map((value) => (typeof value === "string" ? value : JSON.stringify(value)))
          .join("\n"),
      };
    default:
      return undefined;
  }
}

const carriedParts = (message: Message) =>
  message.parts.map((part) => carriedPart(part)).filter((part) => part !== undefined);

const carriedFinish: Readonly<Record<string, string>> = { refusal: "content_filter", pause: "other" };

function timeOf(value: unknown): number | null {
  const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isFinite(at) ? at : null;
}

const isSystem = (message: Message) => message.role === "system" || message.role === "developer";

interface Carried {
  system: unknown[];
  conversation: Array<{ role: string; parts: unknown[] }>;
  answers: Array<{ model: unknown; usage: unknown; at: unknown; finish: unknown }>;
  lateResults: unknown[];
  failedCalls: string[];
  children: Array<{ call: unknown; run: Carried }>;
}

/**
 * What a trace carries of a run, by the losses listed: system messages held apart (those before the last answer,
 * first: each call carries the ones before it); the
 * conversation up to the model's last answer (what comes after it is in no call's input), the results that follow it
 * from their tools' spans; each answer's model, usage and time; which calls failed; child runs the same way. The
 * imported side is read the same way, except what a reading adds by rule: a finish reason the original did not give.
 */
function carried(document: Tolerant.Transcript, original?: Carried): Carried {
  const messages = document.messages;
  const answerAt = messages.findLastIndex((message) => message.role === "assistant");
  const inCalls = messages.slice(0, answerAt + 1);
  const calls = new Set(
    messages.flatMap((message) => message.parts.flatMap((part) => (isPartOfType(part, "tool_call") ? [part.id] : []))),
  );
  const results = (list: readonly Message[]) =>
    list.flatMap((message) =>
      message.parts.flatMap((part) =>
        isPartOfType(part, "tool_result") && calls.has(part.call_id) ? [carriedPart(part)] : [],
      ),
    );
  const answers = inCalls
    .filter((message) => message.role === "assistant")
    .map((message, index) => ({
      model: message.model ?? null,
      usage: message.usage
        ? {
            input: message.usage.input_tokens,
            output: message.usage.output_tokens,
            cacheRead: message.usage.cache_read_tokens ?? null,
            cacheWrite: message.usage.cache_write_tokens ?? null,
            reasoning: message.usage.reasoning_tokens ?? null,
          }
        : null,
      // To the millisecond: span times are nanoseconds, but what they are read from and into is milliseconds.
      at: timeOf(message.completed_at ?? message.created_at),
      // The conventions have no refusal or pause: a refusal is a content filter's stop, a pause another reason.
      finish:
        original === undefined || original.answers[index]?.finish !== null
          ? (carriedFinish[message.finish_reason ?? ""] ?? message.finish_reason ?? null)
          : null,
    }));
  const failedCalls = messages.flatMap((message) =>
    message.parts.flatMap((part) =>
      isPartOfType(part, "tool_result") &&
      calls.has(part.call_id) &&
      (part.status === "error" || part.error !== undefined)
        ? [part.call_id]
        : [],
    ),
  );
  return {
    system: inCalls.filter(isSystem).flatMap(carriedParts),
    conversation: inCalls
      .filter((message) => !isSystem(message))
      .map((message) => ({ role: message.role, parts: carriedParts(message) })),
    answers,
    lateResults: results(messages.slice(answerAt + 1))
      .map((result) => JSON.stringify(result))
      .sort(),
    failedCalls: [...new Set(failedCalls)].sort(),
    children: (document.run?.children ?? []).flatMap((child, index) =>
      child.transcript === undefined
        ? []
        : [{ call: child.call_id ?? null, run: carried(child.transcript, original?.children[index]?.run) }],
    ),
  };
}

const { sessionFiles, payloads } = realRuns();

describe("OTLP/JSON traces read back", () => {
  it("give back every real fixture's conversation, calls, results, usage and child runs, with the listed losses only", async () => {
    const inputs = [...sessionFiles, ...payloads.map((payload) => payloadFile(payload))];
    let compared = 0;
    let messages = 0;
    const mismatches: string[] = [];
    const invalid: string[] = [];
    for (const [index, input] of inputs.entries()) {
      const original = await cli("export", input, "--format", "json", "--no-redact", "--quiet");
      // What `export` refuses (a catalogue, an error body) has no run to trace.
      if (original.code !== 0) continue;
      const traces = path.join(scratch, `${index}.otlp.json`);
      const exported = await cli(
        "export",
        input,
        "--format",
        "otlp-json",
        "--content",
        "attributes",
        "--max-attribute-size",
        "4MiB",
        "--no-redact",
        "--output",
        traces,
        "--quiet",
      );
      expect(exported.code, `${input}: ${exported.stderr}`).toBe(0);
      const back = await cli("export", traces, "--format", "json", "--no-redact", "--quiet");
      expect(back.code, `${input}: ${back.stderr}`).toBe(0);
      const document = JSON.parse(original.stdout) as Tolerant.Transcript;
      const read = JSON.parse(back.stdout) as Tolerant.Transcript;
      const validation = validateTranscript(read);
      if (!validation.ok) invalid.push(`${input}: ${JSON.stringify(validation.errors.slice(0, 2))}`);
      const expected = carried(document);
      const actual = carried(read, expected);
      compared += 1;
      messages += document.messages.length;
      try {
        expect(actual).toEqual(expected);
      } catch {
        // Where the two first differ, key by key, so a failure says what was lost.
        const keys = Object.keys(expected) as Array<keyof Carried>;
        const differing = keys.find((key) => JSON.stringify(actual[key]) !== JSON.stringify(expected[key]));
        const a = JSON.stringify(differing === undefined ? actual : actual[differing]);
        const e = JSON.stringify(differing === undefined ? expected : expected[differing]);
        let at = 0;
        while (at < a.length && a[at] === e[at]) at += 1;
        mismatches.push(
          `${input}: ${differing}: expected …${e.slice(Math.max(0, at - 80), at + 160)}… read …${a.slice(Math.max(0, at - 80), at + 160)}…`,
        );
      }
    }
    expect(compared).toBeGreaterThan(inputs.length / 2);
    expect(messages).toBeGreaterThan(1000);
    expect({ invalid, mismatches }).toEqual({ invalid: [], mismatches: [] });
  }, 600_000);
});

describe("OTLP/JSON traces as input", () => {
  it("reads a compact trace of one long line as traces, not as an event log with a long first line", async () => {
    const [input] = sessionFiles.filter((file) => file.includes("spotter/test/fixtures/transcripts/"));
    const file = path.join(scratch, "one-line.otlp.json");
    const exported = await cli(
      "export",
      input as string,
      "--format",
      "otlp-json",
      "--content",
      "attributes",
      "--quiet",
    );
    expect(exported.code).toBe(0);
    writeFileSync(file, JSON.stringify(JSON.parse(exported.stdout)));
    // Longer than the first bytes an event log's reader judges a file by (64 KiB).
    expect(readFileSync(file).length).toBeGreaterThan(64 * 1024);
    const checked = await cli("check", file, "--json", "--quiet");
    expect(checked.code, checked.stderr).toBe(0);
    expect(JSON.parse(checked.stdout)).toMatchObject({ session: { format: "otlp-json", lines: 1 } });
    const stats = await cli("stats", file, "--json", "--quiet");
    expect(stats.code, stats.stderr).toBe(0);
    const imported = await cli("export", input as string, "--format", "json", "--no-redact", "--quiet");
    const messages = (JSON.parse(imported.stdout) as Tolerant.Transcript).messages.length;
    expect(JSON.stringify(JSON.parse(stats.stdout))).toContain(`"messages":`);
    expect(messages).toBeGreaterThan(0);
  });

  it("reads a collector's file of requests one per line: the first trace, and says how many the file holds", async () => {
    const [first, second] = sessionFiles.filter((file) => file.includes("spotter/test/fixtures/transcripts/"));
    const lines: string[] = [];
    for (const input of [first, second] as string[]) {
      const exported = await cli("export", input, "--format", "otlp-json", "--content", "attributes", "--quiet");
      expect(exported.code).toBe(0);
      lines.push(JSON.stringify(JSON.parse(exported.stdout)));
    }
    const file = path.join(scratch, "collector.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const read = await cli("export", file, "--format", "json", "--no-redact");
    expect(read.code, read.stderr).toBe(0);
    const expected = await cli("export", first as string, "--format", "json", "--no-redact", "--quiet");
    expect((JSON.parse(read.stdout) as Tolerant.Transcript).id).toBe(
      (JSON.parse(expected.stdout) as Tolerant.Transcript).id,
    );
    expect(read.stderr).toMatch(/the file holds 2 traces: the first \(trace [0-9a-f]{32}\) is read/);
    // `import` reads them the same way, as the format they are, and names what it left out.
    const written = path.join(scratch, "collector.transcript.json");
    const imported = await cli("import", file, "--json", "--output", written, "--quiet");
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as {
      format: string;
      messages: number;
      losses: Array<{ code: string; file: string; message: string }>;
    };
    const document = JSON.parse(readFileSync(written, "utf8")) as Tolerant.Transcript;
    expect(report.format).toBe("otlp-json");
    expect(report.messages).toBe(document.messages.length);
    expect(document.source).toMatchObject({ format: "otlp-json", format_version: "1.41.1", path: file });
    expect(document.schema_version).toBe(formatVersion);
    expect(document.messages).toEqual((JSON.parse(read.stdout) as Tolerant.Transcript).messages);
    expect(validateTranscript(document).ok).toBe(true);
    expect(report.losses).toContainEqual(
      expect.objectContaining({ code: "left-out", file, message: expect.stringMatching(/the file holds 2 traces/) }),
    );
  });
});
