import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { validateEvent } from "@agent-transcript/core/validators";
import { afterAll, describe, expect, it } from "vitest";
import { checkEventLog } from "@agent-transcript/core";
import { createRecorder } from "./recorder.js";
import type { Recorder } from "./recorder-types.js";
import { RecorderError } from "./recorder-error.js";
import { readRunTree, type RunTreeNode } from "./run-tree.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-children-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let roots = 0;
const newRoot = (): string => path.join(scratch, `root-${(roots += 1)}`);

function lines(file: string): Array<Record<string, unknown>> {
  return readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A run that records its start and end, and `work` in between. */
async function run(recorder: Recorder, name: string, work: () => Promise<void> = async () => {}): Promise<void> {
  recorder.append({ type: "run.started", payload: { name, kind: "workflow" } });
  await work();
  recorder.append({ type: "run.completed", payload: { name, kind: "workflow", status: "completed" } });
}

/** root → (fix → (test → (lint)), review): four levels, two children at the top. */
async function recordTree(root: string): Promise<{ ids: Record<string, string>; file: string }> {
  const ids: Record<string, string> = {};
  const parent = createRecorder({ root });
  ids.root = parent.runId;
  await run(parent, "ship", async () => {
    const fix = parent.startChildRun({ name: "fix", path: "fix" });
    ids.fix = fix.runId;
    await run(fix, "fix", async () => {
      const test = fix.startChildRun({ name: "test", path: "loop.test", iteration: 2 });
      ids.test = test.runId;
      await run(test, "test", async () => {
        const lint = test.startChildRun({ name: "lint" });
        ids.lint = lint.runId;
        await run(lint, "lint");
        await test.completeChildRun(lint, { status: "completed" });
      });
      await fix.completeChildRun(test, { status: "failed", error: "2 tests failed", result: { failed: 2 } });
    });
    await parent.completeChildRun(fix, { status: "completed" });
    const review = parent.startChildRun({ name: "review", path: "review" });
    ids.review = review.runId;
    await run(review, "review");
    await parent.completeChildRun(review);
  });
  await parent.close();
  return { ids, file: parent.file };
}

describe("child runs", () => {
  it("write a file each, linked both ways at every depth, every line valid", async () => {
    const root = newRoot();
    const { ids, file } = await recordTree(root);
    const folder = path.dirname(file);
    const parentLines = lines(file);
    expect(parentLines.map((line) => [line.type, line.child_run_id, line.path])).toEqual([
      ["run.started", undefined, ""],
      ["step.call_workflow.started", ids.fix, "fix"],
      ["step.call_workflow.completed", ids.fix, "fix"],
      ["step.call_workflow.started", ids.review, "review"],
      ["step.call_workflow.completed", ids.review, "review"],
      ["run.completed", undefined, ""],
    ]);
    expect(parentLines[2]?.payload).toEqual({ name: "fix", kind: "call_workflow", status: "completed" });
    const fixLines = lines(path.join(folder, `${ids.fix}.jsonl`));
    expect(fixLines[2]).toMatchObject({
      type: "step.call_workflow.completed",
      child_run_id: ids.test,
      path: "loop.test",
      iteration: 2,
      payload: {
        name: "test",
        kind: "call_workflow",
        status: "failed",
        error: "2 tests failed",
        result: { failed: 2 },
      },
    });
    const parents: Record<string, string | undefined> = {
      root: undefined,
      fix: ids.root,
      test: ids.fix,
      lint: ids.test,
      review: ids.root,
    };
    for (const [name, parent] of Object.entries(parents)) {
      const text = readFileSync(path.join(folder, `${ids[name]}.jsonl`), "utf8");
      // Each file on its own: seq from 1, one run id, the same parent on every line, strictly valid.
      expect(checkEventLog(text).problems, name).toEqual([]);
      expect(
        lines(path.join(folder, `${ids[name]}.jsonl`)).map((line) => [line.run_id, line.parent_run_id]),
        name,
      ).toEqual(Array.from({ length: text.trimEnd().split("\n").length }, () => [ids[name], parent]));
    }
    expect(parentLines.every((line) => validateEvent(line).ok)).toBe(true);
  });

  it("completing closes the child first, and only a child of this run can be completed", async () => {
    const root = newRoot();
    const parent = createRecorder({ root });
    const other = createRecorder({ root });
    const child = parent.startChildRun({ name: "fix" });
    child.append({ type: "run.started", payload: { name: "fix", kind: "workflow" } });
    await expect(other.completeChildRun(child)).rejects.toThrow(RecorderError);
    await parent.completeChildRun(child);
    expect(child.closed).toBe(true);
    await expect(parent.completeChildRun(child)).rejects.toThrow(/is not a running child run started by this recorder/);
    await Promise.all([parent.close(), other.close()]);
  });

  it("a refused child step leaves no file behind and uses up no seq", async () => {
    const parent = createRecorder({ root: newRoot() });
    expect(() => parent.startChildRun({ name: "x", path: "a..b" })).toThrow(/invalid step path/);
    expect(() => parent.startChildRun({ name: "x", runId: "../escape" })).toThrow(/runId must be a UUID/);
    expect(parent.lastSeq).toBe(0);
    await parent.close();
  });
});

describe("readRunTree", () => {
  const shape = (node: RunTreeNode): unknown => ({
    runId: node.runId,
    parentRunId: node.parentRunId,
    events: node.events.length,
    children: node.children.map(shape),
  });

  it("reconstructs the whole tree from the root file", async () => {
    const { ids, file } = await recordTree(newRoot());
    const tree = await readRunTree(file);
    expect(tree.problems).toEqual([]);
    expect(shape(tree.root)).toEqual({
      runId: ids.root,
      parentRunId: undefined,
      events: 6,
      children: [
        {
          runId: ids.fix,
          parentRunId: ids.root,
          events: 4,
          children: [
            {
              runId: ids.test,
              parentRunId: ids.fix,
              events: 4,
              children: [{ runId: ids.lint, parentRunId: ids.test, events: 2, children: [] }],
            },
          ],
        },
        { runId: ids.review, parentRunId: ids.root, events: 2, children: [] },
      ],
    });
    expect(tree.runs.map((node) => node.runId)).toEqual([ids.root, ids.fix, ids.test, ids.lint, ids.review]);
    expect(tree.root.file).toBe(file);
  });

  it("reads child logs compressed as <run id>.jsonl.gz, at any depth, as the other readers find them", async () => {
    const { ids, file } = await recordTree(newRoot());
    const folder = path.dirname(file);
    for (const id of [ids.test, ids.review] as string[]) {
      const plain = path.join(folder, `${id}.jsonl`);
      writeFileSync(`${plain}.gz`, gzipSync(readFileSync(plain)));
      unlinkSync(plain);
    }
    const tree = await readRunTree(file);
    expect(tree.problems).toEqual([]);
    expect(tree.runs.map((node) => [node.runId, path.basename(node.file), node.events.length])).toEqual([
      [ids.root, `${ids.root}.jsonl`, 6],
      [ids.fix, `${ids.fix}.jsonl`, 4],
      [ids.test, `${ids.test}.jsonl.gz`, 4],
      [ids.lint, `${ids.lint}.jsonl`, 2],
      [ids.review, `${ids.review}.jsonl.gz`, 2],
    ]);
  });

  it("reports a missing child file and a child that names another parent, and reads the rest", async () => {
    const { ids, file } = await recordTree(newRoot());
    const folder = path.dirname(file);
    unlinkSync(path.join(folder, `${ids.test}.jsonl`));
    const reviewFile = path.join(folder, `${ids.review}.jsonl`);
    writeFileSync(reviewFile, readFileSync(reviewFile, "utf8").replaceAll(ids.root as string, ids.fix as string));
    const tree = await readRunTree(file);
    expect(tree.runs.map((node) => node.runId)).toEqual([ids.root, ids.fix, ids.review]);
    expect(tree.problems).toEqual([
      {
        file: path.join(folder, `${ids.fix}.jsonl`),
        message: expect.stringMatching(
          new RegExp(`^child run ${ids.test} \\(started at seq 2\\) has no readable event log: ENOENT`),
        ),
      },
      {
        file: reviewFile,
        message: `names parent run ${ids.fix}, but run ${ids.root} started it (${file}, seq 4)`,
      },
    ]);
  });

  it("reads a run that names itself as its child once, reporting the cycle", async () => {
    const recorder = createRecorder({ root: newRoot() });
    recorder.append({
      type: "step.call_workflow.started",
      child_run_id: recorder.runId,
      payload: { name: "self", kind: "call_workflow" },
    });
    await recorder.close();
    const tree = await readRunTree(recorder.file);
    expect(tree.runs).toHaveLength(1);
    expect(tree.problems).toEqual([
      { file: recorder.file, message: `child run ${recorder.runId} appears more than once in the tree; read once` },
    ]);
  });
});
