/**
 * SIGKILL while recording: a child process appends lines of 100 B, 20 KB or 200 KB as fast as it can, in each of the
 * recorder's durability modes, and a watchdog thread of its own SIGKILLs it at a random moment (exact however busy the
 * machine is); one trial in eight aims the kill at a long write, where it can tear a line. Then the file is judged as
 * the kill left it, reopened with `createRecorder` (which repairs it) and written on.
 *
 * A trial survives when: every complete line in the file is a whole event of the run, seq 1, 2, 3… without a gap; any
 * bytes after the last complete line are the only damage (a torn tail); reopening reports the last complete seq, puts
 * exactly the torn bytes in its quarantine file, keeps the complete lines byte for byte and continues seq; nothing but
 * the log and a quarantine file is left in the folder.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createRecorder, type Durability } from "@agent-transcript/recorder";
import { Tally, type Campaign } from "../campaign.js";
import { inParallel, recorderChild, startChild } from "./children/run-child.js";

const sizes = [100, 20_000, 200_000] as const;
const durabilities: readonly Durability[] = ["none", "interval", "every-event"];
/** The longest wait from the first written batch to the kill: long enough for many batches, short enough to be quick. */
const longestDelayMicroseconds = { 100: 30_000, 20_000: 15_000, 200_000: 15_000 } as const;
/** Children at once: keeps two cores busy while others start (a child's start is most of a trial) or are judged. */
const parallel = 4;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The seq of a line that is a whole event of this run, or undefined. */
function eventSeq(bytes: Uint8Array, runId: string): number | undefined {
  try {
    const value = JSON.parse(strictUtf8.decode(bytes)) as { seq?: unknown; run_id?: unknown };
    return value.run_id === runId && typeof value.seq === "number" ? value.seq : undefined;
  } catch {
    return undefined;
  }
}

interface Trial {
  readonly size: (typeof sizes)[number];
  readonly durability: Durability;
  readonly index: number;
  readonly aimed: boolean;
}

export const recorderSigkill: Campaign = {
  id: "recorder-sigkill",
  group: "Crashes",
  title: "SIGKILL of a recording process at a random moment (100 B, 20 KB, 200 KB lines; every durability mode)",
  guarantee:
    "every complete line the killed process wrote is in the file, whole, seq gap-free from 1; damage only after the last complete line; reopening quarantines exactly the torn bytes, keeps the rest byte for byte and continues seq",
  minimumCases: { fast: 27, full: 1_000 },
  async run({ mode, scratch, log }) {
    const perCombination = mode === "full" ? 112 : 3;
    const trials: Trial[] = [];
    for (let index = 0; index < perCombination; index += 1)
      for (const size of sizes)
        for (const durability of durabilities)
          trials.push({ size, durability, index, aimed: size !== 100 && index % 8 === 7 });
    const tally = new Tally();
    const torn = new Map<number, number>();
    const lines = new Map<number, number>();
    let done = 0;
    const child = recorderChild(scratch);
    await inParallel(trials, parallel, async (trial) => {
      const { failure, tornBytes, completeLines } = await runTrial(trial, scratch, child);
      tally.record(`${trial.size.toLocaleString("en-US")} B lines, ${trial.durability}`, failure);
      if (tornBytes > 0) torn.set(trial.size, (torn.get(trial.size) ?? 0) + 1);
      lines.set(trial.size, (lines.get(trial.size) ?? 0) + completeLines);
      if ((done += 1) % 100 === 0) log(`${done} of ${trials.length} trials`);
    });
    for (const size of sizes) {
      const count = trials.filter((trial) => trial.size === size).length;
      const aimed = trials.filter((trial) => trial.size === size && trial.aimed).length;
      tally.note(
        `${size.toLocaleString("en-US")} B lines: ${torn.get(size) ?? 0} of ${count} kills left a torn tail` +
          (aimed > 0 ? ` (${aimed} kills aimed at a long write)` : "") +
          `; ${Math.round((lines.get(size) ?? 0) / count).toLocaleString("en-US")} complete lines per kill on average`,
      );
    }
    return tally.outcome();
  },
};

async function runTrial(
  trial: Trial,
  scratch: string,
  program: string,
): Promise<{ failure: string | undefined; tornBytes: number; completeLines: number }> {
  const root = path.join(scratch, `${trial.size}-${trial.durability}-${trial.index}`);
  mkdirSync(root);
  const runId = randomUUID();
  const file = path.join(root, "transcripts", `${runId}.jsonl`);
  const delay = Math.round(Math.random() * longestDelayMicroseconds[trial.size]);
  const name = `trial ${trial.index} (kill ${trial.aimed ? "aimed at a write after " : "after "}${delay} µs)`;
  const problems: string[] = [];
  let tornBytes = 0;
  let completeLines = 0;
  try {
    const child = startChild(program, [
      "load",
      root,
      runId,
      String(trial.size),
      trial.durability,
      String(delay),
      trial.aimed ? "write" : "any",
    ]);
    const end = await child.finished;
    if (end.signal !== "SIGKILL") problems.push(`the child ended with ${end.code ?? end.signal}: ${end.stderr}`);

    const killed = readFileSync(file);
    const completeEnd = killed.lastIndexOf(10) + 1;
    for (let start = 0; start < completeEnd;) {
      const lineEnd = killed.indexOf(10, start);
      const seq = eventSeq(killed.subarray(start, lineEnd), runId);
      completeLines += 1;
      if (seq !== completeLines) {
        problems.push(`complete line ${completeLines} is damaged or out of order (seq ${seq})`);
        break;
      }
      start = lineEnd + 1;
    }
    const tail = killed.subarray(completeEnd);
    tornBytes = tail.length;
    // A tail that is a whole event lacks only its LF (the write stopped one byte short): reopening completes it.
    const tailIsWholeEvent = tail.length > 0 && eventSeq(tail, runId) === completeLines + 1;
    if (tailIsWholeEvent) tornBytes = 0;

    const recorder = createRecorder({ root, runId, durability: "none" });
    const { recovery } = recorder;
    const expectedLast = completeLines + (tailIsWholeEvent ? 1 : 0);
    if (recovery.lastSeq !== expectedLast) problems.push(`reopened at seq ${recovery.lastSeq}, not ${expectedLast}`);
    if (tail.length === 0 && recovery.outcome !== "intact")
      problems.push(`outcome ${recovery.outcome} for a clean end`);
    if (tail.length > 0 && !tailIsWholeEvent) {
      const quarantine = recovery.quarantineFile === undefined ? undefined : readFileSync(recovery.quarantineFile);
      if (quarantine === undefined || !quarantine.equals(tail))
        problems.push(`the quarantine does not hold the ${tail.length} torn bytes`);
    }
    for (let more = 0; more < 3; more += 1)
      recorder.append({ type: "step.started", path: "after", payload: { name: "after", kind: "agent" } });
    await recorder.close();

    const after = readFileSync(file);
    const kept = tailIsWholeEvent ? Buffer.concat([killed, Buffer.from("\n")]) : killed.subarray(0, completeEnd);
    if (!after.subarray(0, kept.length).equals(kept)) problems.push("the repaired file is not the complete prefix");
    const added = after.subarray(kept.length).toString("utf8");
    const seqs = added
      .slice(0, -1)
      .split("\n")
      .map((line) => eventSeq(Buffer.from(line), runId));
    if (!added.endsWith("\n") || seqs.join() !== [1, 2, 3].map((more) => expectedLast + more).join())
      problems.push(`the lines written after reopening are not seq ${expectedLast + 1}..${expectedLast + 3}`);
    const leftovers = readdirSync(path.dirname(file)).filter(
      (entry) => !entry.endsWith(".jsonl") && !entry.includes(".quarantine-"),
    );
    if (leftovers.length > 0) problems.push(`left behind: ${leftovers.join(", ")}`);
  } catch (error) {
    problems.push(`threw ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return {
    failure: problems.length === 0 ? undefined : `${name}, ${completeLines} complete lines: ${problems.join("; ")}`,
    tornBytes,
    completeLines,
  };
}
