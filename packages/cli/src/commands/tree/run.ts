import path from "node:path";
import { findChildLog } from "@agent-transcript/recorder/reader";
import {
  payloadOf,
  reportReading,
  streamEventLog,
  type EventLogReading,
  type InMemoryLog,
} from "../../input/event-log.js";
import { exitCodes, messageLine, paint, shown, UserError, type CommandIo } from "../../io.js";
import type { Tolerant } from "@agent-transcript/core";
import { childRunNames, describeRunName } from "../../run-names.js";
import { verbosityOf } from "../../warning-summary.js";
import { DataWriter, interpolated, type EventLogQueryOptions } from "../../event-log-query.js";

/** One run of `tree --json`: what its log says of it, and the runs it started. */
export interface RunTreeEntry {
  run_id: string | null;
  file: string;
  name: string | null;
  status: string | null;
  events: number;
  /** Problems reading this run's log (lines not read, a missing file, a link that does not match). */
  problems: string[];
  children: RunTreeEntry[];
}

/**
 * `tree`: the run and every child run it started, at any depth, each child's log found as `<child_run_id>.jsonl`
 * (or `.jsonl.gz`) beside its parent's. The first level is the recipe's list of `child_run_id`s; each log is read as
 * a stream, so memory holds the tree's links, not its events.
 */
export async function runTree(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  if (input === "-") throw new UserError("tree reads child runs beside the file: give a path, not -", exitCodes.usage);
  const seen = new Set<string>();
  let failed = false;
  /**
   * `names`: for a converted input, its document's child runs as stats names them (the event log written of it gives
   * them ids of its own and drops their titles), by the order the log starts them in.
   */
  const visit = async (
    log: string | InMemoryLog,
    expectedRunId: string | null,
    expectedParent: string | null,
    document?: Tolerant.Transcript,
  ) => {
    const file = typeof log === "string" ? log : log.name;
    const entry: RunTreeEntry = {
      run_id: expectedRunId,
      file,
      name: null,
      status: null,
      events: 0,
      problems: [],
      children: [],
    };
    const childIds: string[] = [];
    // What the parent's step.call_workflow.completed says of a child: its status when the child's log ends without
    // a run.completed of its own (a child recorder closed by its parent).
    const childStatus = new Map<string, string>();
    let reading: EventLogReading;
    try {
      reading = await streamEventLog(log, io, options, (event) => {
        entry.run_id ??= event.run_id;
        const payload = payloadOf(event);
        if (event.type === "run.started" && typeof payload.name === "string") entry.name = payload.name;
        if (event.type === "run.completed")
          entry.status = typeof payload.status === "string" ? payload.status : "completed";
        if (event.type === "step.call_workflow.started" && typeof event.child_run_id === "string") {
          if (!childIds.includes(event.child_run_id)) childIds.push(event.child_run_id);
        }
        if (event.type === "step.call_workflow.completed" && typeof event.child_run_id === "string")
          childStatus.set(event.child_run_id, typeof payload.status === "string" ? payload.status : "completed");
        if (expectedParent !== null && event.parent_run_id !== expectedParent && entry.problems.length < 20)
          entry.problems.push(
            `seq ${event.seq}: parent_run_id is ${interpolated(event.parent_run_id)}, not ${expectedParent}`,
          );
      });
    } catch (error) {
      // The input itself could not be read (a folder, a missing file): that is the whole answer, said as every query
      // says it, not a tree of one nameless run.
      if (log === input) throw error;
      entry.problems.push(error instanceof Error ? error.message : String(error));
      failed = true;
      return entry;
    }
    entry.events = reading.events;
    if (reportReading(reading, io, verbosity) !== exitCodes.success) failed = true;
    if (entry.problems.length > 0) failed = true;
    if (entry.run_id !== null) seen.add(entry.run_id);
    const source = document ?? reading.converted?.document;
    const sourceChildren = source?.run?.children ?? [];
    // Named from the document only when the log starts as many children as it holds: never a name put on another run.
    const names = sourceChildren.length === childIds.length ? childRunNames(source) : [];
    for (const [index, childId] of childIds.entries()) {
      if (seen.has(childId)) {
        entry.problems.push(`child run ${childId} appears twice in the tree (a cycle)`);
        failed = true;
        continue;
      }
      seen.add(childId);
      // A converted input's child runs were written in memory beside it; an event log's are files beside it.
      const inMemory = reading.childLogs;
      const childText = inMemory?.get(childId);
      if (inMemory !== undefined && childText !== undefined) {
        const child = await visit(
          { name: `${childId}.jsonl`, text: childText, children: inMemory },
          childId,
          entry.run_id,
          sourceChildren[index]?.transcript as Tolerant.Transcript | undefined,
        );
        child.status ??= childStatus.get(childId) ?? null;
        const name = names[index];
        if (name !== undefined) {
          child.run_id = name.runId ?? child.run_id;
          child.name = name.title ?? child.name;
        }
        entry.children.push(child);
        continue;
      }
      const childFile = inMemory === undefined ? await findChildLog(path.dirname(file), childId) : undefined;
      if (childFile === undefined) {
        entry.children.push({
          run_id: childId,
          file: inMemory === undefined ? path.join(path.dirname(file), `${childId}.jsonl`) : `${childId}.jsonl`,
          name: null,
          status: null,
          events: 0,
          problems: [
            inMemory === undefined
              ? "the child run's log is not beside its parent's"
              : "the input links this child run but holds no transcript of it",
          ],
          children: [],
        });
        failed = true;
        continue;
      }
      const child = await visit(childFile, childId, entry.run_id);
      child.status ??= childStatus.get(childId) ?? null;
      entry.children.push(child);
    }
    return entry;
  };
  const root = await visit(input, null, null);
  if (options.json) await out.write(`${JSON.stringify(root, null, 2)}\n`);
  else await writeTree(io, out, root);
  await out.flush();
  return failed ? exitCodes.failure : exitCodes.success;
}

async function writeTree(io: CommandIo, out: DataWriter, root: RunTreeEntry): Promise<void> {
  // Our own stack: a chain of thousands of child runs cannot overflow the call stack.
  const stack: Array<{ entry: RunTreeEntry; prefix: string; last: boolean; depth: number }> = [
    { entry: root, prefix: "", last: true, depth: 0 },
  ];
  while (stack.length > 0) {
    const { entry, prefix, last, depth } = stack.pop() as (typeof stack)[number];
    const branch = depth === 0 ? "" : last ? "└─ " : "├─ ";
    const label = [
      describeRunName({ runId: interpolated(entry.run_id), title: entry.name }),
      `  ${entry.status ?? "not completed"}`,
      `  ${entry.events} event${entry.events === 1 ? "" : "s"}`,
      entry.problems.length > 0 ? `  ${paint(io, "red", `${entry.problems.length} problem(s)`)}` : "",
    ].join("");
    await out.write(`${prefix}${branch}${shown(label)}\n`);
    for (const problem of entry.problems) io.stderr(messageLine(`${entry.file}: ${problem}`));
    const childPrefix = depth === 0 ? "" : `${prefix}${last ? "   " : "│  "}`;
    for (let index = entry.children.length - 1; index >= 0; index -= 1)
      stack.push({
        entry: entry.children[index] as RunTreeEntry,
        prefix: childPrefix,
        last: index === entry.children.length - 1,
        depth: depth + 1,
      });
  }
}
