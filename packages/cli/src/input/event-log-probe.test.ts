import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { afterAll, describe, expect, it } from "vitest";
import { probeEventLog } from "./event-log.js";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-probe-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const runId = "9b2f3c1e-4d5a-4e6f-8a7b-1c2d3e4f5a6b";
const runStarted = {
  seq: 1,
  run_id: runId,
  type: "run.started",
  path: "",
  iteration: 0,
  timestamp: "2026-06-08T08:14:01.123Z",
  payload: { name: "probe", kind: "workflow", schema_version: "1.0.0" },
};

function probe(name: string, text: string): Promise<string> {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return probeEventLog(file);
}

describe("what a file's first line says it is", () => {
  it("an event log, its first line after blank lines or a byte order mark included", async () => {
    expect(await probe("log.jsonl", `${JSON.stringify(runStarted)}\n`)).toBe("event-log");
    expect(await probe("blank-first.jsonl", `\n  \n${JSON.stringify(runStarted)}\n`)).toBe("event-log");
    expect(await probe("bom.jsonl", `\uFEFF${JSON.stringify(runStarted)}\n`)).toBe("event-log");
    // A newer writer's event type: still an event log (the reader warns).
    expect(await probe("newer.jsonl", `${JSON.stringify({ ...runStarted, type: "run.paused" })}\n`)).toBe("event-log");
  });

  it("a child run's log by its parent_run_id", async () => {
    const child = { ...runStarted, parent_run_id: "1b2f3c1e-4d5a-4e6f-8a7b-1c2d3e4f5a6b" };
    expect(await probe("child.jsonl", `${JSON.stringify(child)}\n`)).toBe("child-log");
  });

  it("anything else: a line with a seq that is no event, a line without one, an agent's session", async () => {
    expect(await probe("bad-seq.jsonl", `${JSON.stringify({ ...runStarted, seq: "one" })}\n`)).toBe("other");
    expect(await probe("no-seq.jsonl", `${JSON.stringify({ type: "user", uuid: runId })}\n`)).toBe("other");
    expect(await probe("array.jsonl", "[1,2,3]\n")).toBe("other");
    expect(await probe("not-json.jsonl", "seq: 1\n")).toBe("other");
    const session = readFileSync(
      path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl"),
    );
    expect(await probe("session.jsonl", session.toString("utf8"))).toBe("other");
  });
});
