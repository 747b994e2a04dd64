import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createRecorder } from "@agent-transcript/recorder";
import { describe, expect, it } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { run } from "../cli.js";

/** A run with one child run, its child's log beside it; the root's log and the child's run id. */
async function recordRunWithChild(root: string): Promise<{ log: string; childRunId: string }> {
  const recorder = createRecorder({ root });
  recorder.append({ type: "run.started", payload: { name: "review", kind: "workflow" } });
  const child = recorder.startChildRun({ name: "fix", path: "fix" });
  child.append({ type: "run.started", payload: { name: "fix", kind: "workflow" } });
  child.append({
    type: "message.assistant",
    payload: { role: "assistant", blocks: [{ type: "text", text: "fixed in the child" }] },
  });
  await recorder.completeChildRun(child, { status: "completed" });
  recorder.append({ type: "run.completed", payload: { name: "review", kind: "workflow", status: "completed" } });
  await recorder.close();
  return { log: recorder.file, childRunId: child.runId };
}

describe("a child run's log beside its parent's", () => {
  it("is found gzipped (.jsonl.gz) as well as plain, by export as by stats", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "cli-child-logs-"));
    try {
      const { log, childRunId } = await recordRunWithChild(root);
      const childLog = path.join(path.dirname(log), `${childRunId}.jsonl`);
      writeFileSync(`${childLog}.gz`, gzipSync(readFileSync(childLog)));
      rmSync(childLog);
      const exported = captureIo();
      expect(await run(["export", log, "--json", "--output", path.join(root, "out.json")], exported.io)).toBe(0);
      const report = JSON.parse(exported.stdout()) as { files: string[] };
      expect(report).toMatchObject({ warnings: [] });
      expect(report.files).toEqual([log, `${childLog}.gz`]);
      expect(readFileSync(path.join(root, "out.json"), "utf8")).toContain("fixed in the child");
      const counted = captureIo();
      expect(await run(["stats", log, "--json"], counted.io)).toBe(0);
      const stats = JSON.parse(counted.stdout()) as { runs: Array<{ children: Array<{ runId: string }> }> };
      expect(stats.runs[0]?.children.map((entry) => entry.runId)).toEqual([childRunId]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
