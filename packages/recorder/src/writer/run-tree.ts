import { constants } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { checkEventLog, type Tolerant } from "@agent-transcript/core";
import { defaultMaxInputBytes } from "@agent-transcript/core/json";
import { findChildLog } from "../child-logs.js";
import { describeFileKind } from "../file-kind.js";
import { childRunEventTypes, isUuid } from "./event-input.js";

/** One run of a tree: its file's events, and the child runs it started, in the order it started them. */
export interface RunTreeNode {
  /** The run's id, as its lines name it (or as its file is named, for a file without lines). */
  readonly runId: string;
  /** The parent's run id as this run's lines name it; undefined for the root. */
  readonly parentRunId: string | undefined;
  /** The run's event log, an absolute path. */
  readonly file: string;
  /** The lines that parsed and validated (tolerantly), in file order. */
  readonly events: readonly Tolerant.Event[];
  /** The runs it started, in the order it started them. */
  readonly children: readonly RunTreeNode[];
}

/** Something wrong in the tree: a bad line (with its number and pointer), a missing child file, a broken link. */
export interface RunTreeProblem {
  /** The event log the problem is in (for a missing child, the parent's that names it). */
  readonly file: string;
  /** 1-based line, when the problem is one line's. */
  readonly line?: number;
  /** JSON pointer into that line's value, when the problem is one line's. */
  readonly pointer?: string;
  /** The problem in words. */
  readonly message: string;
}

/** A run and every child run reachable from it, read from their event logs. */
export interface RunTree {
  /** The run whose file was given. */
  readonly root: RunTreeNode;
  /** Every run in the tree, root first, parents before their children. */
  readonly runs: readonly RunTreeNode[];
  /** Everything wrong in any of the files or their links; empty for a sound tree. */
  readonly problems: readonly RunTreeProblem[];
}

interface PendingRun {
  readonly runId: string;
  /** The run's log; undefined for a child whose log is not beside its parent's. */
  readonly file: string | undefined;
  /** The parent that named this run as its child, and the seq of the line that did. */
  readonly parent: { readonly runId: string; readonly file: string; readonly seq: number } | undefined;
  readonly attach: (node: RunTreeNode) => void;
}

/**
 * Reconstructs a run and all its child runs, at any depth, from the root run's event log: every
 * `step.call_workflow.started` (or `.completed`) line names a `child_run_id`, whose file is `<child run id>.jsonl`
 * or `<child run id>.jsonl.gz` in the same folder (the recorder's one child-log lookup). Each file is read with core's `checkEventLog` in tolerant mode. Never throws for what the files
 * hold: a missing child file, a child whose lines name another parent, a run that appears twice (a cycle) or a bad
 * line becomes a problem naming the file, and the rest of the tree is still read. Only an unreadable root file
 * rejects. Each file must be a regular file of at most 256 MiB, opened without blocking (a FIFO is refused, never
 * waited on); a child's file, looked for rather than given, is not followed through a symbolic link.
 */
export async function readRunTree(rootFile: string): Promise<RunTree> {
  const file = path.resolve(rootFile);
  const directory = path.dirname(file);
  const problems: RunTreeProblem[] = [];
  const runs: RunTreeNode[] = [];
  const seen = new Set<string>();
  let root: RunTreeNode | undefined;
  const stem = path.basename(file).replace(/\.jsonl(?:\.gz)?$/, "");
  // Depth-first with our own stack: a chain of thousands of child runs cannot overflow the call stack.
  const stack: PendingRun[] = [
    {
      runId: stem,
      file,
      parent: undefined,
      attach: (node) => {
        root = node;
      },
    },
  ];
  while (stack.length > 0) {
    const pending = stack.pop() as PendingRun;
    let text: string;
    const runFile = pending.file ?? (await findChildLog(directory, pending.runId));
    try {
      if (runFile === undefined) {
        const missing = path.join(directory, `${pending.runId}.jsonl`);
        throw Object.assign(new Error(`ENOENT: no such file, neither ${missing} nor ${missing}.gz`), {
          code: "ENOENT",
        });
      }
      text = await readRunFile(runFile, pending.parent !== undefined);
    } catch (error) {
      if (pending.parent === undefined) throw error;
      problems.push({
        file: pending.parent.file,
        message: `child run ${pending.runId} (started at seq ${pending.parent.seq}) has no readable event log: ${(error as Error).message}`,
      });
      continue;
    }
    const report = checkEventLog(text, "tolerant");
    for (const problem of report.problems) problems.push({ file: runFile, ...problem });
    const first = report.events[0];
    const runId = first?.run_id ?? pending.runId;
    seen.add(runId.toLowerCase());
    const parentRunId = first?.parent_run_id;
    if (pending.parent !== undefined && parentRunId !== pending.parent.runId)
      problems.push({
        file: runFile,
        message: `names ${parentRunId === undefined ? "no parent run" : `parent run ${parentRunId}`}, but run ${pending.parent.runId} started it (${pending.parent.file}, seq ${pending.parent.seq})`,
      });
    const children: RunTreeNode[] = [];
    const node: RunTreeNode = { runId, parentRunId, file: runFile, events: report.events, children };
    pending.attach(node);
    runs.push(node);
    const childPending: PendingRun[] = [];
    for (const event of report.events) {
      const childRunId = event.child_run_id;
      if (!childRunEventTypes.has(event.type) || childRunId === undefined) continue;
      const key = childRunId.toLowerCase();
      if (seen.has(key)) {
        // The started and completed lines of one child name it twice; only a run seen in another place is a cycle.
        if (!childPending.some((child) => child.runId.toLowerCase() === key))
          problems.push({
            file: runFile,
            message: `child run ${childRunId} appears more than once in the tree; read once`,
          });
        continue;
      }
      seen.add(key);
      // Validated tolerantly already (format uuid), checked again because it becomes a file name.
      if (!isUuid(childRunId)) continue;
      childPending.push({
        runId: childRunId,
        file: undefined,
        parent: { runId, file: runFile, seq: event.seq },
        // Depth-first: a child's whole subtree is read before its next sibling, so pushing keeps the start order.
        attach: (child) => children.push(child),
      });
    }
    // Reversed onto the stack, so children are read in the order their parent started them.
    for (let index = childPending.length - 1; index >= 0; index -= 1) stack.push(childPending[index] as PendingRun);
  }
  return { root: root as RunTreeNode, runs, problems };
}

/**
 * A run's event log as text: opened without blocking and judged by its descriptor (only a regular file, at most
 * core's input limit, is read; a child's file is not followed through a link), and read to the size it had then.
 * A file that starts with gzip's magic bytes is decompressed, to at most the same limit.
 */
async function readRunFile(file: string, child: boolean): Promise<string> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | (child ? constants.O_NOFOLLOW : 0));
  } catch (error) {
    if (child && (error as { code?: unknown }).code === "ELOOP")
      throw new Error(`${file} is a symbolic link; not followed`, { cause: error });
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Error(`${file} is ${describeFileKind(stats)}, not a regular file`);
    if (stats.size > defaultMaxInputBytes)
      throw new Error(`${file} is larger than the limit of ${defaultMaxInputBytes / (1024 * 1024)} MiB`);
    const buffer = Buffer.alloc(stats.size);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const bytes = buffer.subarray(0, filled);
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes.toString("utf8");
    try {
      return gunzipSync(bytes, { maxOutputLength: defaultMaxInputBytes }).toString("utf8");
    } catch (error) {
      const tooLarge = (error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE";
      throw new Error(
        tooLarge
          ? `${file} decompresses to more than the limit of ${defaultMaxInputBytes / (1024 * 1024)} MiB`
          : `${file} is not valid gzip: ${(error as Error).message}`,
        { cause: error },
      );
    }
  } finally {
    await handle.close();
  }
}
