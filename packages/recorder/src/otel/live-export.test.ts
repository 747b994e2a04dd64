// The live OpenTelemetry export, end to end: a run recorded by the recorder (a child run, two tool calls from one
// answer, one failing) is sent as it happens, from the export's own thread, through the OpenTelemetry SDK's OTLP
// exporter to a receiver on 127.0.0.1
// that decodes with OpenTelemetry's own generated protobuf code, and arrives span for span as the export of the
// finished log writes it; a dead endpoint and a receiver stopped mid-run cost spans, counted and said once, never a
// line of the event log.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkEventLog, foldEventLog, type Tolerant } from "@agent-transcript/core";
import { startReceiver, type Receiver } from "@agent-transcript/fixtures/otlp-receiver";
import { toOtlpTraces, type OtlpExportOptions, type OtlpSpan } from "@agent-transcript/providers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRecorder, readRunTree, type Recorder } from "../index.js";
import { exportThread } from "./export-thread.js";
import { exportToOpenTelemetry, type LiveExportStats, type LiveExportWarning } from "./index.js";

let root: string;
let receiver: Receiver | undefined;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "live-otel-"));
});

afterEach(async () => {
  await receiver?.stop();
  receiver = undefined;
  rmSync(root, { recursive: true, force: true });
});

const text = (value: string) => ({ type: "text" as const, text: value });

/** A model call and its two tools at once (one fails), a sub-agent run by a step, and a last answer. */
async function recordRun(recorder: Recorder, options: { bigOutput?: string } = {}): Promise<void> {
  recorder.append({ type: "run.started", payload: { name: "fix-auth", kind: "workflow" } });
  recorder.append({ type: "message.system", payload: { role: "system", blocks: [text("Be brief.")] } });
  recorder.append({ type: "message.user", payload: { role: "user", blocks: [text("Fix the auth test")] } });
  recorder.append({
    type: "message.assistant",
    payload: {
      role: "assistant",
      message_id: "msg_1",
      model: "claude-sonnet-4-5-20250929",
      finish_reason: "tool_calls",
      usage: { input_tokens: 1200, output_tokens: 80, cache_read_tokens: 1000 },
      blocks: [
        { type: "tool_call", id: "call_bash", name: "Bash", input: { command: "go test ./..." } },
        { type: "tool_call", id: "call_read", name: "Read", input: { path: "auth.go" } },
      ],
    },
  });
  recorder.append({
    type: "tool.result",
    payload: {
      call_id: "call_bash",
      name: "Bash",
      status: "error",
      output: "--- FAIL: TestLogin",
      error: "exit status 1",
      duration_ms: 2500,
      fidelity: "router",
    },
  });
  recorder.append({
    type: "tool.result",
    payload: {
      call_id: "call_read",
      name: "Read",
      output: options.bigOutput ?? "package auth",
      duration_ms: 3,
      fidelity: "router",
    },
  });
  const child = recorder.startChildRun({ name: "look-at-handler", path: "investigate" });
  child.append({ type: "run.started", payload: { name: "look-at-handler", kind: "agent" } });
  child.append({ type: "message.user", payload: { role: "user", blocks: [text("Why does the check fail?")] } });
  child.append({
    type: "message.assistant",
    payload: {
      role: "assistant",
      message_id: "msg_child",
      model: "claude-haiku-4-5-20251001",
      finish_reason: "stop",
      usage: { input_tokens: 300, output_tokens: 20 },
      blocks: [text("The check is inverted.")],
    },
  });
  child.append({ type: "run.completed", payload: { name: "look-at-handler", kind: "agent", status: "completed" } });
  await recorder.completeChildRun(child, { status: "completed" });
  recorder.append({
    type: "message.assistant",
    payload: {
      role: "assistant",
      message_id: "msg_2",
      model: "claude-sonnet-4-5-20250929",
      finish_reason: "stop",
      usage: { input_tokens: 1500, output_tokens: 40 },
      blocks: [text("Fixed: the check was inverted.")],
    },
  });
  recorder.append({ type: "run.completed", payload: { name: "fix-auth", kind: "workflow", status: "completed" } });
}

/** The spans `toOtlpTraces` writes for the finished logs (the run and its child runs, folded), by span id. */
async function exportedSpans(file: string, options: OtlpExportOptions): Promise<Map<string, OtlpSpan>> {
  const tree = await readRunTree(file);
  expect(tree.problems).toEqual([]);
  const runs = new Map(tree.runs.map((run) => [run.runId, run.events]));
  const { document } = foldEventLog(tree.root.events as Tolerant.Event[], { runs });
  const spans = toOtlpTraces(document, { ...options, sourceFile: file }).resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
  return new Map(spans.map((span) => [span.spanId, span]));
}

/** A run of `calls` questions and answers (a model-call span each, and the run's), the recorder closed after it. */
async function recordQuestions(recorder: Recorder, name: string, calls: number): Promise<void> {
  recorder.append({ type: "run.started", payload: { name, kind: "workflow" } });
  for (let index = 0; index < calls; index += 1) {
    recorder.append({ type: "message.user", payload: { role: "user", blocks: [text(`question ${index}`)] } });
    recorder.append({
      type: "message.assistant",
      payload: { role: "assistant", model: "gpt-5", blocks: [text(`answer ${index}`)] },
    });
  }
  recorder.append({ type: "run.completed", payload: { name, kind: "workflow", status: "completed" } });
  await recorder.close();
}

/** A run of `calls` questions whose spans all went nowhere: the log has every line, and every span is counted lost. */
function expectNothingSentAndEveryLineKept(recorder: Recorder, stats: LiveExportStats, calls: number): void {
  const report = checkEventLog(readFileSync(recorder.file, "utf8"));
  expect(report.problems).toEqual([]);
  expect(report.events.length).toBe(2 * calls + 2);
  expect(stats.spans).toBe(calls + 1);
  expect(stats.exported).toBe(0);
  expect(stats.failed + stats.dropped + stats.pending).toBe(stats.spans);
}

const byId = (spans: readonly OtlpSpan[]) => new Map(spans.map((span) => [span.spanId, span]));

/** A port on 127.0.0.1 nothing listens on (taken and given back). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the live OpenTelemetry export", () => {
  it("sends a recorded run with a child run and parallel tool calls as the export of its finished log writes it", async () => {
    receiver = await startReceiver();
    const recorder = createRecorder({ root, durability: "none" });
    const live = exportToOpenTelemetry(recorder, {
      endpoint: receiver.url,
      headers: { authorization: "Bearer t" },
      content: "attributes",
      maxAttributeBytes: 4096,
      maxExportBatchSize: 4,
      exportTimeoutMillis: 120_000,
    });
    await recordRun(recorder, { bigOutput: "x".repeat(10 * 1024 * 1024) });
    await recorder.close();
    const stats = await live.close();

    const received = receiver.spans();
    const expected = await exportedSpans(recorder.file, { content: "attributes", maxAttributeBytes: 4096 });
    // Each span once, equal to the export's, and nothing else.
    expect(received.length).toBe(expected.size);
    expect(byId(received)).toEqual(expected);
    expect(stats).toEqual({
      spans: expected.size,
      exported: expected.size,
      failed: 0,
      dropped: 0,
      pending: 0,
      eventsDropped: 0,
    });
    // In batches of at most 4, with the exporter's headers.
    expect(receiver.requests.length).toBeGreaterThanOrEqual(Math.ceil(expected.size / 4));
    expect(receiver.requests.every((request) => request.spans.length <= 4)).toBe(true);
    expect(receiver.requests.every((request) => request.headers.authorization === "Bearer t")).toBe(true);

    // The tree: the sub-agent's run under the run, both calls under the answer that asked for them.
    const spans = byId(received);
    const runs = received.filter((span) => span.name.startsWith("invoke_agent"));
    const rootRun = runs.find((span) => span.parentSpanId === undefined);
    expect(runs.map((span) => span.name).sort()).toEqual(["invoke_agent fix-auth", "invoke_agent look-at-handler"]);
    expect(runs.find((span) => span !== rootRun)?.parentSpanId).toBe(rootRun?.spanId);
    const tools = received.filter((span) => span.name.startsWith("execute_tool"));
    expect(tools.map((span) => span.name).sort()).toEqual(["execute_tool Bash", "execute_tool Read"]);
    const asking = spans.get(tools[0]?.parentSpanId ?? "");
    expect(asking?.name).toBe("chat claude-sonnet-4-5-20250929");
    expect(tools[1]?.parentSpanId).toBe(asking?.spanId);
    const bash = tools.find((span) => span.name === "execute_tool Bash");
    expect(bash?.status).toEqual({ code: 2, message: "exit status 1" });
    expect(BigInt(bash?.endTimeUnixNano ?? 0) - BigInt(bash?.startTimeUnixNano ?? 0)).toBe(2_500_000_000n);
    // The 10 MB output is capped at the size asked for, the cut named.
    const read = tools.find((span) => span.name === "execute_tool Read");
    const result = read?.attributes.find((entry) => entry.key === "gen_ai.tool.call.result")?.value;
    expect(
      result !== undefined && "stringValue" in result ? Buffer.byteLength(result.stringValue) : 0,
    ).toBeLessThanOrEqual(4096);
    expect(read?.attributes.find((entry) => entry.key === "agent_transcript.truncated")?.value).toEqual({
      arrayValue: { values: [{ stringValue: "gen_ai.tool.call.result" }] },
    });
  });

  it("costs a dead endpoint spans, counted and said once, and never a line of the log", async () => {
    const port = await deadPort();
    const warnings: LiveExportWarning[] = [];
    const recorder = createRecorder({ root, durability: "none" });
    const live = exportToOpenTelemetry(recorder, {
      endpoint: `http://127.0.0.1:${port}`,
      timeoutMillis: 2000,
      // Waits for conditions, not for time: a loaded machine gives the export's thread its turn late.
      exportTimeoutMillis: 120_000,
      maxQueueSize: 64,
      maxExportBatchSize: 16,
      onWarning: (warning) => warnings.push(warning),
    });
    const calls = 300;
    await recordQuestions(recorder, "busy", calls);
    const stats = await live.close();

    expectNothingSentAndEveryLineKept(recorder, stats, calls);
    expect(stats.dropped).toBeGreaterThan(0);
    // One warning: the losses after it fall within its minute and are not said again.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain(recorder.file);
    expect(warnings[0]?.message).toContain("the event log is complete");
  });

  it("gives up on an endpoint that takes connections and never answers: close() returns, every line is kept", async () => {
    // A hostile endpoint: it accepts every connection, reads what is sent and never writes a byte back.
    const held = new Set<Socket>();
    let connections = 0;
    const silent = createServer((socket) => {
      connections += 1;
      held.add(socket);
      socket.on("data", () => undefined);
      socket.on("close", () => held.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      const warnings: LiveExportWarning[] = [];
      const recorder = createRecorder({ root, durability: "none" });
      const live = exportToOpenTelemetry(recorder, {
        endpoint: `http://127.0.0.1:${port}`,
        timeoutMillis: 500,
        exportTimeoutMillis: 3000,
        maxQueueSize: 64,
        maxExportBatchSize: 16,
        onWarning: (warning) => warnings.push(warning),
      });
      const calls = 100;
      await recordQuestions(recorder, "silent", calls);
      // Bounded by exportTimeoutMillis whatever the endpoint does: a close that waited for an answer would hang here.
      const stats = await live.close();

      expect(connections).toBeGreaterThan(0);
      expectNothingSentAndEveryLineKept(recorder, stats, calls);
      expect(warnings.length).toBeLessThanOrEqual(1);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("keeps recording every line when the receiver is stopped mid-run, and counts what it could not send", async () => {
    receiver = await startReceiver();
    const warnings: LiveExportWarning[] = [];
    const recorder = createRecorder({ root, durability: "none" });
    const live = exportToOpenTelemetry(recorder, {
      endpoint: `${receiver.url}/v1/traces`,
      timeoutMillis: 2000,
      // Waits for conditions, not for time: a loaded machine gives the export's thread its turn late.
      exportTimeoutMillis: 120_000,
      onWarning: (warning) => warnings.push(warning),
    });
    const turn = (index: number) => {
      recorder.append({ type: "message.user", payload: { role: "user", blocks: [text(`question ${index}`)] } });
      recorder.append({
        type: "message.assistant",
        payload: { role: "assistant", model: "gpt-5", blocks: [text(`answer ${index}`)] },
      });
    };
    recorder.append({ type: "run.started", payload: { name: "long", kind: "workflow" } });
    for (let index = 0; index < 50; index += 1) turn(index);
    await recorder.flush();
    const before = await live.flush();
    expect(before).toMatchObject({ spans: 50, exported: 50, failed: 0 });
    expect(receiver.spans()).toHaveLength(50);

    await receiver.stop();
    receiver = undefined;
    for (let index = 50; index < 100; index += 1) turn(index);
    recorder.append({ type: "run.completed", payload: { name: "long", kind: "workflow", status: "completed" } });
    await recorder.close();
    const stats = await live.close();

    const report = checkEventLog(readFileSync(recorder.file, "utf8"));
    expect(report.problems).toEqual([]);
    expect(report.events.map((event) => event.seq)).toEqual(Array.from({ length: 202 }, (_, index) => index + 1));
    expect(stats).toMatchObject({ spans: 101, exported: 50, pending: 0 });
    expect(stats.failed + stats.dropped).toBe(51);
    expect(warnings).toHaveLength(1);
  });
  it("reads a line larger than what the thread reads at once, in pieces, and exports everything", async () => {
    receiver = await startReceiver();
    const warnings: LiveExportWarning[] = [];
    const recorder = createRecorder({ root, durability: "none" });
    const live = exportToOpenTelemetry(recorder, {
      endpoint: receiver.url,
      content: "attributes",
      maxAttributeBytes: 4 * 1024 * 1024,
      exportTimeoutMillis: 120_000,
      onWarning: (warning) => warnings.push(warning),
    });
    recorder.append({ type: "run.started", payload: { name: "big", kind: "workflow" } });
    recorder.append({ type: "message.user", payload: { role: "user", blocks: [text("question")] } });
    await recorder.flush();
    // 3 MB of text with a four-byte character every 1,000 bytes: the thread's 1 MiB reads end inside characters.
    const answer = Array.from({ length: 3000 }, (_, index) => `${"x".repeat(995)}\u{1F600}${index}`).join("");
    recorder.append({
      type: "message.assistant",
      payload: { role: "assistant", model: "gpt-5", blocks: [text(answer)] },
    });
    recorder.append({ type: "message.user", payload: { role: "user", blocks: [text("again")] } });
    recorder.append({
      type: "message.assistant",
      payload: { role: "assistant", model: "gpt-5", blocks: [text("ok")] },
    });
    recorder.append({ type: "run.completed", payload: { name: "big", kind: "workflow", status: "completed" } });
    await recorder.close();
    const stats = await live.close();

    expect(stats).toMatchObject({ spans: 3, exported: 3, failed: 0, dropped: 0, pending: 0, eventsDropped: 0 });
    expect(warnings).toEqual([]);
    const expected = await exportedSpans(recorder.file, { content: "attributes", maxAttributeBytes: 4 * 1024 * 1024 });
    expect(byId(receiver.spans())).toEqual(expected);
    // Whole, not cut: the answer is on the model call's span.
    expect(JSON.stringify([...expected.values()]).includes(answer)).toBe(true);
  });

  it("lets go of each child run's file once the child run is closed: a run with many child runs keeps few open", async () => {
    receiver = await startReceiver();
    const recorder = createRecorder({ root, durability: "none" });
    const live = exportToOpenTelemetry(recorder, { endpoint: receiver.url, exportTimeoutMillis: 120_000 });
    /** The run files this process has open (the recorder's and the export's thread's: one table for both). */
    const openRunFiles = (): string[] =>
      readdirSync("/proc/self/fd")
        .map((descriptor) => {
          try {
            return readlinkSync(`/proc/self/fd/${descriptor}`);
          } catch {
            return "";
          }
        })
        .filter((target) => target.endsWith(".jsonl"));
    recorder.append({ type: "run.started", payload: { name: "fan-out", kind: "workflow" } });
    const children: string[] = [];
    for (let index = 0; index < 60; index += 1) {
      const child = recorder.startChildRun({ name: "worker", path: "fan-out", iteration: index });
      children.push(child.file);
      child.append({ type: "run.started", payload: { name: "worker", kind: "agent" } });
      child.append({ type: "message.user", payload: { role: "user", blocks: [text(`part ${index}`)] } });
      child.append({
        type: "message.assistant",
        payload: { role: "assistant", model: "gpt-5", blocks: [text("done")] },
      });
      child.append({ type: "run.completed", payload: { name: "worker", kind: "agent", status: "completed" } });
      await recorder.completeChildRun(child, { status: "completed" });
    }
    // The root's lines announcing the child runs are written (the recorder writes its queue in the background): the
    // export reads what is in the files.
    await recorder.flush();
    await live.flush();
    // Every child run's spans are made (it was read to its end), and none of its files is open any more.
    expect(live.stats.spans).toBe(120);
    const open = openRunFiles();
    expect(open.filter((file) => children.includes(file))).toEqual([]);
    expect(open.filter((file) => file === recorder.file).length).toBeGreaterThanOrEqual(1);
    recorder.append({ type: "run.completed", payload: { name: "fan-out", kind: "workflow", status: "completed" } });
    await recorder.close();
    const stats = await live.close();
    expect(openRunFiles()).toEqual([]);
    expect(stats).toMatchObject({ spans: 121, exported: 121, failed: 0, dropped: 0 });
    expect(byId(receiver.spans())).toEqual(await exportedSpans(recorder.file, {}));
  });

  it("stops at close(): a child run still writing afterwards changes nothing it reported", async () => {
    const port = await deadPort();
    const recorder = createRecorder({ root, durability: "none" });
    const live = exportToOpenTelemetry(recorder, {
      endpoint: `http://127.0.0.1:${port}`,
      timeoutMillis: 2000,
      exportTimeoutMillis: 120_000,
      onWarning: () => {},
    });
    recorder.append({ type: "run.started", payload: { name: "parent", kind: "workflow" } });
    const child = recorder.startChildRun({ name: "child" });
    child.append({ type: "run.started", payload: { name: "child", kind: "agent" } });
    await recorder.flush();
    await child.flush();
    const closed = await live.close();
    for (let index = 0; index < 20; index += 1)
      child.append({ type: "message.user", payload: { role: "user", blocks: [text(`late ${index}`)] } });
    await child.flush();
    expect(live.stats).toEqual(closed);
    await recorder.completeChildRun(child);
    await recorder.close();
    expect(live.stats).toEqual(closed);
    expect(checkEventLog(readFileSync(child.file, "utf8")).events).toHaveLength(21);
  });

  it("exports many runs through one thread, side by side and one after another, each to its own endpoint and settings", async () => {
    receiver = await startReceiver();
    const other = await startReceiver();
    const port = await deadPort();
    try {
      const startedBefore = exportThread.started;
      // Three runs recorded at once: two healthy endpoints (one with content, one without) and a dead one.
      const recorders = [0, 1, 2].map(() => createRecorder({ root, durability: "none" }));
      const warnings: LiveExportWarning[] = [];
      const lives = [
        exportToOpenTelemetry(recorders[0] as Recorder, {
          endpoint: receiver.url,
          content: "attributes",
          exportTimeoutMillis: 120_000,
        }),
        exportToOpenTelemetry(recorders[1] as Recorder, {
          endpoint: other.url,
          headers: { "x-tenant": "b" },
          exportTimeoutMillis: 120_000,
        }),
        exportToOpenTelemetry(recorders[2] as Recorder, {
          endpoint: `http://127.0.0.1:${port}`,
          timeoutMillis: 2000,
          exportTimeoutMillis: 120_000,
          onWarning: (warning) => warnings.push(warning),
        }),
      ];
      await Promise.all([
        recordRun(recorders[0] as Recorder),
        recordQuestions(recorders[1] as Recorder, "second", 40),
        recordQuestions(recorders[2] as Recorder, "third", 25),
      ]);
      await (recorders[0] as Recorder).close();
      const stats = await Promise.all(lives.map((live) => live.close()));
      // One thread for the three (none if one was still warm from an earlier export of this process).
      expect(exportThread.started - startedBefore).toBeLessThanOrEqual(1);

      // Each run's spans went to its own endpoint only, exactly as the export of its finished log writes them.
      const first = await exportedSpans((recorders[0] as Recorder).file, { content: "attributes" });
      expect(byId(receiver.spans())).toEqual(first);
      expect(stats[0]).toMatchObject({ spans: first.size, exported: first.size, failed: 0, dropped: 0 });
      const second = await exportedSpans((recorders[1] as Recorder).file, {});
      expect(byId(other.spans())).toEqual(second);
      expect(stats[1]).toMatchObject({ spans: 41, exported: 41, failed: 0, dropped: 0 });
      expect(other.requests.every((request) => request.headers["x-tenant"] === "b")).toBe(true);
      expectNothingSentAndEveryLineKept(recorders[2] as Recorder, stats[2] as LiveExportStats, 25);
      expect(warnings.map((warning) => warning.message.includes((recorders[2] as Recorder).file))).toEqual([true]);

      // The next run, after the others closed, finds the thread warm.
      const startedThen = exportThread.started;
      const next = createRecorder({ root, durability: "none" });
      const live = exportToOpenTelemetry(next, { endpoint: other.url, exportTimeoutMillis: 120_000 });
      await recordQuestions(next, "next", 5);
      expect(await live.close()).toMatchObject({ spans: 6, exported: 6 });
      expect(exportThread.started).toBe(startedThen);
      const nextSpans = await exportedSpans(next.file, {});
      expect(other.spans().filter((span) => nextSpans.has(span.spanId))).toHaveLength(6);
    } finally {
      await other.stop();
    }
  });
});
