import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { validateEvent } from "@agent-transcript/core/validators";
import { formatVersion } from "@agent-transcript/core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createRecorder } from "./recorder.js";
import type { Recorder } from "./recorder-types.js";
import { RecorderError } from "./recorder-error.js";
import type { EventInput } from "./event-input.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let roots = 0;
const newRoot = (): string => path.join(scratch, `root-${(roots += 1)}`);

const runId = "550e8400-e29b-41d4-a716-446655440000";
const step = { type: "step.started", path: "analyze", payload: { name: "analyze", kind: "agent" } } as const;

function lines(file: string): Array<Record<string, unknown>> {
  const text = readFileSync(file, "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function refusal(action: () => unknown): RecorderError {
  try {
    action();
  } catch (error) {
    if (error instanceof RecorderError) return error;
    throw error;
  }
  throw new Error("expected a RecorderError");
}

describe("the envelope", () => {
  const examplesFolder = path.join(repositoryRoot, "schemas/v1/examples/Event/valid");
  const examples = readdirSync(examplesFolder)
    .filter((name) => name.endsWith(".json"))
    .map((name) => ({ name, event: JSON.parse(readFileSync(path.join(examplesFolder, name), "utf8")) as Event }));
  type Event = Record<string, unknown> & { run_id: string; parent_run_id?: string; timestamp: string };

  it.each(examples)(
    "writes $name exactly as the AWF transcript format has it, valid against the schema",
    async ({ event }) => {
      const recorder = createRecorder({
        root: newRoot(),
        runId: event.run_id,
        ...(event.parent_run_id === undefined ? {} : { parentRunId: event.parent_run_id }),
      });
      const input = {
        type: event.type,
        path: event.path,
        iteration: event.iteration,
        timestamp: new Date(event.timestamp),
        payload: event.payload,
        ...(event.child_run_id === undefined ? {} : { child_run_id: event.child_run_id }),
      } as EventInput;
      expect(recorder.append(input)).toBe(1);
      await recorder.close();
      const [written] = lines(recorder.file);
      // The same fields in AWF's order (seq, run_id, parent_run_id, child_run_id, type, path, iteration, timestamp,
      // payload), the same values; the time in UTC with milliseconds.
      const expected = { ...event, seq: 1, timestamp: new Date(event.timestamp).toISOString() };
      expect(written).toEqual(expected);
      expect(Object.keys(written ?? {})).toEqual(
        ["seq", "run_id", "parent_run_id", "child_run_id", "type", "path", "iteration", "timestamp", "payload"].filter(
          (key) => key in expected,
        ),
      );
      expect(validateEvent(written).ok).toBe(true);
    },
  );

  it("puts the file at <root>/transcripts/<run id>.jsonl, numbers from 1 and declares the format version", async () => {
    const root = newRoot();
    const recorder = createRecorder({ root, runId });
    expect(recorder.file).toBe(path.join(path.resolve(root), "transcripts", `${runId}.jsonl`));
    expect(recorder.recovery.outcome).toBe("missing");
    expect(recorder.append({ type: "run.started", payload: { name: "review", kind: "workflow" } })).toBe(1);
    expect(recorder.append(step)).toBe(2);
    recorder.append({ type: "run.completed" });
    await recorder.close();
    const written = lines(recorder.file);
    expect(written.map((line) => [line.seq, line.type, line.payload])).toEqual([
      [1, "run.started", { schema_version: formatVersion, name: "review", kind: "workflow" }],
      [2, "step.started", { name: "analyze", kind: "agent" }],
      [3, "run.completed", null],
    ]);
    expect(written.map((line) => validateEvent(line).ok)).toEqual([true, true, true]);
    expect(written[0]?.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("gives a new run a random UUID", () => {
    const recorder = createRecorder({ root: newRoot() });
    expect(recorder.runId).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    void recorder.close();
  });

  it("writes UTF-8 text verbatim, NUL and line breaks escaped inside the line, a lone surrogate escaped", async () => {
    const recorder = createRecorder({ root: newRoot(), runId });
    const text = "héllo 日本 🎉 \u0000 tab\t line\nbreak \r\n \u2028 \ud800 end";
    recorder.append({ type: "message.user", payload: { role: "user", blocks: [{ type: "text", text }] } });
    await recorder.close();
    const bytes = readFileSync(recorder.file);
    expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes).split("\n")).toHaveLength(2);
    expect(bytes.toString("utf8")).toContain("héllo 日本 🎉 \\u0000 tab\\t line\\nbreak \\r\\n \u2028 \\ud800 end");
    expect(lines(recorder.file)[0]?.payload).toEqual({ role: "user", blocks: [{ type: "text", text }] });
  });
});

describe("the file", () => {
  it("is created with mode 0600, and an existing file is set to 0600", async () => {
    const root = newRoot();
    const first = createRecorder({ root, runId });
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    first.append(step);
    await first.close();
    chmodSync(first.file, 0o644);
    const second = createRecorder({ root, runId });
    expect(statSync(second.file).mode & 0o777).toBe(0o600);
    await second.close();
  });

  it("is opened append-only: after someone truncates it, lines land at the new end, never after a hole", async () => {
    const recorder = createRecorder({ root: newRoot(), runId });
    recorder.append(step);
    await recorder.flush();
    truncateSync(recorder.file, 0);
    recorder.append(step);
    await recorder.close();
    const bytes = readFileSync(recorder.file);
    expect(bytes.includes(0)).toBe(false);
    expect(lines(recorder.file).map((line) => line.seq)).toEqual([2]);
  });

  it("continues seq when a run's file is opened again", async () => {
    const root = newRoot();
    const first = createRecorder({ root, runId });
    first.append(step);
    first.append(step);
    await first.close();
    const second = createRecorder({ root, runId });
    expect(second.recovery).toMatchObject({ outcome: "intact", lastSeq: 2 });
    expect(second.lastSeq).toBe(2);
    expect(second.append(step)).toBe(3);
    await second.close();
    expect(lines(second.file).map((line) => line.seq)).toEqual([1, 2, 3]);
  });

  it("refuses a symbolic link in the file's place, naming the file", () => {
    const root = newRoot();
    mkdirSync(path.join(root, "transcripts"), { recursive: true });
    const target = path.join(root, "elsewhere.jsonl");
    writeFileSync(target, "");
    symlinkSync(target, path.join(root, "transcripts", `${runId}.jsonl`));
    const error = refusal(() => createRecorder({ root, runId }));
    expect(error.code).toBe("io");
    expect(error.message).toContain(`${runId}.jsonl`);
    // The lock is released again: the next attempt meets the same problem, not a lock.
    expect(refusal(() => createRecorder({ root, runId })).code).toBe("io");
  });

  it("refuses options that would write somewhere unexpected", () => {
    expect(refusal(() => createRecorder({ root: newRoot(), runId: "../../etc/passwd" })).message).toMatch(
      /runId must be a UUID/,
    );
    expect(refusal(() => createRecorder({ root: "" })).code).toBe("invalid-option");
    expect(refusal(() => createRecorder({ root: newRoot(), durability: "sometimes" as "none" })).message).toMatch(
      /durability must be one of none, interval, every-event/,
    );
    expect(refusal(() => createRecorder({ root: newRoot(), maxBatchBytes: 0 })).code).toBe("invalid-option");
    expect(refusal(() => createRecorder({ root: newRoot(), parentRunId: "parent" })).code).toBe("invalid-option");
  });
});

describe("append", () => {
  const open = (): Recorder => createRecorder({ root: newRoot(), runId });

  it("refuses a bad event with an error naming the file, and uses up no seq", async () => {
    const recorder = open();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const bad: unknown[] = [
      { type: "tool.progress", payload: {} },
      { ...step, path: "a..b" },
      { ...step, path: ".a" },
      { ...step, iteration: -1 },
      { ...step, iteration: 1.5 },
      { ...step, timestamp: "2026-01-01" },
      { type: "step.call_workflow.started", payload: { name: "x", kind: "call_workflow" } },
      { type: "step.call_workflow.started", child_run_id: "../x", payload: { name: "x", kind: "call_workflow" } },
      { ...step, child_run_id: runId },
      { ...step, payload: { name: "x", kind: "agent", result: 10n } },
      { ...step, payload: circular },
    ];
    for (const [index, event] of bad.entries()) {
      const error = refusal(() => recorder.append(event as EventInput));
      expect(error.code, `bad event ${index}`).toBe("invalid-event");
      expect(error.message.startsWith(recorder.file)).toBe(true);
    }
    expect(recorder.append(step)).toBe(1);
    await recorder.close();
    expect(lines(recorder.file).map((line) => line.seq)).toEqual([1]);
  });

  it("validates against the schema when asked, refusing what a writer may not emit", async () => {
    const recorder = createRecorder({ root: newRoot(), runId, validate: true });
    const error = refusal(() =>
      recorder.append({ type: "tool.call", payload: { name: "Read", call_id: "c", input: {} } } as EventInput),
    );
    expect(error.message).toMatch(/not a valid event: \/payload\/fidelity: "payload" needs "fidelity"$/);
    expect(
      recorder.append({ type: "tool.call", payload: { name: "Read", call_id: "c", input: {}, fidelity: "router" } }),
    ).toBe(1);
    await recorder.close();
  });

  it("coalesces the lines queued in one turn into one write", async () => {
    const recorder = open();
    for (let index = 0; index < 1000; index += 1) recorder.append(step);
    expect(recorder.stats.writes).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(recorder.stats).toMatchObject({ events: 1000, writes: 1 });
    await recorder.close();
    expect(lines(recorder.file)).toHaveLength(1000);
  });

  it("writes a full batch at once, and a line larger than a batch alone, whole lines every time", async () => {
    const recorder = createRecorder({ root: newRoot(), runId, maxBatchBytes: 4096 });
    for (let index = 0; index < 100; index += 1) recorder.append(step);
    const large = { ...step, payload: { name: "x".repeat(10_000), kind: "agent" } };
    recorder.append(large);
    recorder.append(step);
    // Written during the appends: about 150 bytes a line, 4096 bytes a batch.
    expect(recorder.stats.writes).toBeGreaterThan(3);
    await recorder.close();
    const written = lines(recorder.file);
    expect(written.map((line) => line.seq)).toEqual(Array.from({ length: 102 }, (_, index) => index + 1));
    expect((written[100]?.payload as { name: string }).name).toHaveLength(10_000);
  });

  it("never lets a payload's __proto__ key reach a prototype", async () => {
    const recorder = open();
    const payload = JSON.parse('{"name":"x","kind":"agent","result":{"__proto__":{"polluted":true}}}') as {
      name: string;
      kind: string;
    };
    recorder.append({ ...step, payload });
    recorder.append({
      type: "run.started",
      payload: JSON.parse('{"name":"x","kind":"workflow","__proto__":{"polluted":true}}') as {
        name: string;
        kind: string;
      },
    });
    await recorder.close();
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    const text = readFileSync(recorder.file, "utf8");
    expect(text).toContain('"result":{"__proto__":{"polluted":true}}');
    expect(text).toContain(
      `"payload":{"schema_version":"${formatVersion}","name":"x","kind":"workflow","__proto__":{"polluted":true}}`,
    );
  });

  it("redacts payloads before writing when asked, with core's redactor", async () => {
    const key = "sk-ant-api03-" + "a1B2c3D4e5".repeat(9) + "abcAA";
    const plain = createRecorder({ root: newRoot(), runId });
    const redacted = createRecorder({ root: newRoot(), runId, redact: true });
    for (const recorder of [plain, redacted]) {
      recorder.append({
        type: "tool.call",
        payload: {
          name: "Bash",
          call_id: "c",
          input: { command: `curl -H 'x-api-key: ${key}'`, password: "hunter2" },
          fidelity: "router",
        },
      });
      await recorder.close();
    }
    expect(readFileSync(plain.file, "utf8")).toContain(key);
    const text = readFileSync(redacted.file, "utf8");
    expect(text).not.toContain(key);
    expect(text).not.toContain("hunter2");
    expect(text).toContain("[REDACTED:");
  });
});

describe("close and durability", () => {
  it("is idempotent and refuses appends afterwards", async () => {
    const recorder = createRecorder({ root: newRoot(), runId });
    recorder.append(step);
    const closing = recorder.close();
    expect(recorder.close()).toBe(closing);
    await closing;
    expect(recorder.closed).toBe(true);
    const error = refusal(() => recorder.append(step));
    expect(error.code).toBe("closed");
    expect(error.message).toBe(`${recorder.file}: is closed: the recorder takes no more events`);
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(lines(recorder.file)).toHaveLength(1);
  });

  it("syncs every batch in every-event mode before flush resolves", async () => {
    const recorder = createRecorder({ root: newRoot(), runId, durability: "every-event" });
    recorder.append(step);
    await recorder.flush();
    expect(recorder.stats.syncs).toBe(1);
    recorder.append(step);
    recorder.flushSync();
    expect(recorder.stats.syncs).toBe(2);
    await recorder.close();
    expect(recorder.stats.syncs).toBe(2);
  });

  it("syncs within the interval in interval mode", async () => {
    const recorder = createRecorder({ root: newRoot(), runId, durability: "interval", syncIntervalMs: 20 });
    recorder.append(step);
    await recorder.flush();
    const afterFirst = recorder.stats.syncs;
    recorder.append(step);
    await recorder.flush();
    expect(afterFirst).toBe(1);
    // The second write is synced by the interval's timer, whenever a loaded machine runs it: waited for, not timed.
    await expect.poll(() => recorder.stats.syncs, { timeout: 100_000, interval: 10 }).toBe(2);
    await recorder.close();
  });

  it("syncs in flushSync in interval mode only once the interval is over", async () => {
    // The recorder's clock is moved by hand: two calls fall within the interval however loaded the machine is, and
    // the third after it without waiting.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-06-01T10:00:00Z") });
    try {
      const recorder = createRecorder({ root: newRoot(), runId, durability: "interval", syncIntervalMs: 400 });
      recorder.append(step);
      recorder.flushSync();
      vi.setSystemTime(Date.parse("2026-06-01T10:00:00.399Z"));
      recorder.append(step);
      recorder.flushSync();
      const early = recorder.stats.syncs;
      vi.setSystemTime(Date.parse("2026-06-01T10:00:00.400Z"));
      recorder.append(step);
      recorder.flushSync();
      expect(early).toBe(1);
      expect(recorder.stats.syncs).toBe(2);
      await recorder.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it("never syncs in none mode", async () => {
    const recorder = createRecorder({ root: newRoot(), runId, durability: "none" });
    recorder.append(step);
    await recorder.flush();
    await recorder.close();
    expect(recorder.stats).toMatchObject({ events: 1, writes: 1, syncs: 0 });
  });
});
