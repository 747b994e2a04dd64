// `otel push` end to end: runs sent over OTLP/HTTP (protobuf and JSON) to a receiver on 127.0.0.1 that decodes them
// with OpenTelemetry's own generated protobuf code (`@agent-transcript/fixtures/otlp-receiver`), checked against what
// `export --format otlp-json` writes of the same run — itself checked against the document and the conventions by
// otlp-export.test.ts — span by span: names, the parent/child tree, times, attributes, statuses and events; batches,
// headers, a busy backend's retries, a dead one, and a 10 MB tool output capped as asked.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { at, runWithChild } from "@agent-transcript/fixtures/agent-runs";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import type { OtlpSpan, OtlpTraceRequest } from "@agent-transcript/providers";
import { afterAll, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import { startReceiver } from "@agent-transcript/fixtures/otlp-receiver";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-otel-push-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A real Claude Code session with two sub-agents, parallel tool calls and failed ones. */
const session = path.join(
  realFixturesRoot(),
  "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
);

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await run(argv, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** What `export --format otlp-json` writes of an input with these options: the spans a push must deliver. */
async function exportedSpans(input: string, ...options: string[]): Promise<OtlpSpan[]> {
  const exported = await cli("export", input, "--format", "otlp-json", "--quiet", ...options);
  expect(exported.code, exported.stderr).toBe(0);
  const request = JSON.parse(exported.stdout) as OtlpTraceRequest;
  return request.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
}

/** Spans as a backend keeps them: by id, each with what it says (attributes in order, an absent status message). */
const bySpanId = (spans: readonly OtlpSpan[]) =>
  new Map(
    spans.map((span) => [
      span.spanId,
      { ...span, status: { code: span.status.code, message: span.status.message ?? "" } },
    ]),
  );

/** The fixtures' run with two tool calls at once (one fails, one starts a sub-agent), and a 10 MB tool output after. */
function runWithLargeOutput(): string {
  const document = runWithChild();
  document.messages.push(
    {
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      created_at: at(13),
      usage: { input_tokens: 1500, output_tokens: 20 },
      parts: [{ type: "tool_call", id: "call_log", name: "Bash", input: { command: "cat big.log" } }],
    },
    {
      role: "tool",
      created_at: at(14),
      parts: [{ type: "tool_result", call_id: "call_log", status: "ok", output: "x".repeat(10 * 1024 * 1024) }],
    },
  );
  const file = path.join(scratch, "parallel-calls.json");
  writeFileSync(file, JSON.stringify(document));
  return file;
}

describe("otel push", () => {
  it("delivers a real session with sub-agents span for span as the export writes it, over protobuf and JSON", async () => {
    const expected = bySpanId(await exportedSpans(session, "--content", "attributes"));
    expect(expected.size).toBeGreaterThan(100);
    for (const protocol of ["http/protobuf", "http/json"]) {
      const receiver = await startReceiver();
      try {
        const pushed = await cli(
          "otel",
          "push",
          session,
          "--endpoint",
          receiver.url,
          "--protocol",
          protocol,
          "--content",
          "attributes",
          "--batch-size",
          "40",
          "--header",
          "Authorization=Bearer t0ken",
          "--json",
        );
        expect(pushed.code, pushed.stderr).toBe(0);
        const report = JSON.parse(pushed.stdout) as { inputs: Array<{ spans: number; requests: number; ok: boolean }> };
        expect(report.inputs).toEqual([
          expect.objectContaining({ ok: true, spans: expected.size, requests: Math.ceil(expected.size / 40) }),
        ]);
        // Batches of 40 at most, each with the header, in the encoding asked for.
        expect(receiver.requests.length).toBe(Math.ceil(expected.size / 40));
        for (const request of receiver.requests) {
          expect(request.spans.length).toBeLessThanOrEqual(40);
          expect(request.headers.authorization).toBe("Bearer t0ken");
          expect(request.contentType).toContain(
            protocol === "http/json" ? "application/json" : "application/x-protobuf",
          );
        }
        // Every span once, as the export writes it: the tree, times, attributes, statuses and events.
        const received = bySpanId(receiver.spans());
        expect(received.size).toBe(receiver.spans().length);
        expect(received).toEqual(expected);
        const roots = [...received.values()].filter((span) => span.parentSpanId === undefined);
        expect(roots.map((span) => span.name)).toEqual([expect.stringMatching(/^invoke_agent/)]);
        const runs = [...received.values()].filter((span) => span.name.startsWith("invoke_agent"));
        expect(runs.length).toBeGreaterThan(1);
      } finally {
        await receiver.stop();
      }
    }
  }, 120_000);

  it("sends parallel calls and a sub-agent under its call, retries a busy backend, and caps a 10 MB output", async () => {
    const input = runWithLargeOutput();
    const options = ["--content", "attributes", "--max-attribute-size", "64KiB"];
    const expected = bySpanId(await exportedSpans(input, ...options));
    const receiver = await startReceiver();
    try {
      // Twice 503: the exporter backs off and sends again; the spans arrive once.
      receiver.failNext(2, 503);
      const pushed = await cli("otel", "push", input, "--endpoint", `${receiver.url}/v1/traces`, ...options);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(pushed.stderr).toMatch(
        /pushed .*parallel-calls\.json: 9 spans in 1 request to http:\/\/127\.0\.0\.1:\d+\/v1\/traces/,
      );
      expect(bySpanId(receiver.spans())).toEqual(expected);
      const spans = receiver.spans();
      const tool = (id: string) =>
        spans.find((span) =>
          span.attributes.some(
            (entry) =>
              entry.key === "gen_ai.tool.call.id" && "stringValue" in entry.value && entry.value.stringValue === id,
          ),
        );
      // The two calls of one answer are siblings under its model call; the sub-agent's run under the call that started it.
      expect(tool("call_bash")?.parentSpanId).toBe(tool("call_task")?.parentSpanId);
      const child = spans.find((span) => span.name === "invoke_agent look at the handler");
      expect(child?.parentSpanId).toBe(tool("call_task")?.spanId);
      expect(tool("call_bash")?.status.code).toBe(2);
      // The 10 MB output within 64 KiB, marked as cut; the request well under the receiver's size.
      const result = tool("call_log")?.attributes.find((entry) => entry.key === "gen_ai.tool.call.result")?.value as {
        stringValue: string;
      };
      expect(Buffer.byteLength(result.stringValue)).toBeLessThanOrEqual(64 * 1024);
      expect(result.stringValue).toContain("[cut at");
      expect(tool("call_log")?.attributes.find((entry) => entry.key === "agent_transcript.truncated")?.value).toEqual({
        arrayValue: { values: [{ stringValue: "gen_ai.tool.call.result" }] },
      });
      expect(receiver.requests.at(-1)?.bytes).toBeLessThan(1024 * 1024);
    } finally {
      await receiver.stop();
    }
  }, 120_000);

  it("says which input was not sent to a dead endpoint, and exits 1 having tried every input", async () => {
    const receiver = await startReceiver();
    const url = receiver.url;
    await receiver.stop();
    const short = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl");
    const missing = path.join(scratch, "missing.jsonl");
    const pushed = await cli("otel", "push", short, missing, "--endpoint", url, "--timeout", "2", "--json");
    expect(pushed.code).toBe(1);
    const report = JSON.parse(pushed.stdout) as { ok: boolean; inputs: Array<{ ok: boolean; error: string | null }> };
    expect(report.ok).toBe(false);
    expect(report.inputs.map((entry) => entry.ok)).toEqual([false, false]);
    expect(report.inputs[0]?.error).toContain(`${url}/v1/traces`);
    expect(report.inputs[1]?.error).toContain("missing.jsonl");
  }, 60_000);

  it("refuses what it cannot use before reading anything (exit 2)", async () => {
    const short = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl");
    const environment = { ...process.env };
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    try {
      const cases: Array<[string[], RegExp]> = [
        [
          [],
          /^agent-transcript: otel push needs an endpoint: --endpoint URL, or set \$OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/m,
        ],
        [["--endpoint", "ftp://collector"], /must be http: or https:/],
        [["--endpoint", "not a url"], /is not a URL/],
        [["--endpoint", "http://127.0.0.1:1", "--header", "no-equals"], /--header takes name=value/],
        [["--endpoint", "http://127.0.0.1:1", "--header", "X=a\nb"], /--header takes name=value/],
        [["--endpoint", "http://127.0.0.1:1", "--batch-size", "0"], /--batch-size takes a whole number/],
        [["--endpoint", "http://127.0.0.1:1", "--protocol", "grpc"], /Allowed choices are http\/protobuf, http\/json/],
      ];
      for (const [options, message] of cases) {
        const pushed = await cli("otel", "push", short, ...options);
        expect(pushed.code, options.join(" ")).toBe(2);
        expect(pushed.stderr).toMatch(message);
      }
    } finally {
      Object.assign(process.env, environment);
    }
  });
});
