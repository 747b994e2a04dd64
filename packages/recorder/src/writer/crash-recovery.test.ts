// Kill -9 during writes: a child process appends lines of 100 B, 20 KB or 200 KB as fast as it can and is killed
// with SIGKILL at a random moment (by a watchdog thread of its own, so the moment is exact however busy the machine
// is); then the file is checked as the kill left it, reopened (which repairs it) and written on.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProgram, transpilePackage, type TranspiledPackage } from "./child-processes.test.helpers.js";
import { createRecorder } from "./recorder.js";
import type { Durability } from "./recorder-types.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-crash-"));
let transpiled: TranspiledPackage;
beforeAll(() => {
  transpiled = transpilePackage();
});
afterAll(() => {
  transpiled.remove();
  rmSync(scratch, { recursive: true, force: true });
});

const sizes = [100, 20_000, 200_000] as const;
const trialsPerSize = 68;
/** Children running at once: enough to keep two cores busy while others start or are checked. */
const parallel = 4;
const durabilities: readonly Durability[] = ["none", "interval", "every-event"];
/** The longest wait from the first batch to the kill, and the most a child writes (it then waits to be killed). */
const longestDelayMs = { 100: 30, 20_000: 15, 200_000: 15 } as const;
const mostBytes = { 100: 4e6, 20_000: 12e6, 200_000: 16e6 } as const;

interface TrialResult {
  readonly size: number;
  /** What is wrong; empty when the trial passed. */
  readonly problems: string[];
  readonly completeLines: number;
  /** Bytes after the last complete line when the child died. */
  readonly tornBytes: number;
  readonly aimedAtWrite: boolean;
}

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

async function trial(size: (typeof sizes)[number], index: number, aimedAtWrite = false): Promise<TrialResult> {
  const root = mkdtempSync(path.join(scratch, `${size}-${index}-`));
  const runId = randomUUID();
  const durability = durabilities[index % durabilities.length] as Durability;
  const file = path.join(root, "transcripts", `${runId}.jsonl`);
  const problems: string[] = [];
  const delay = Math.round(Math.random() * longestDelayMs[size]);
  const child = startProgram(transpiled.program, [
    "load",
    root,
    runId,
    String(size),
    durability,
    String(mostBytes[size]),
    String(delay),
    aimedAtWrite ? "write" : "any",
  ]);
  // Should the watchdog fail, the trial still ends (and fails).
  const guard = setTimeout(() => child.kill("SIGTERM"), 15_000);
  const finished = await child.finished;
  clearTimeout(guard);
  if (finished.signal !== "SIGKILL") problems.push(`the child ended with ${finished.code ?? finished.signal}`);

  // As the kill left it: every complete line whole, seq from 1 without a gap.
  const killed = readFileSync(file);
  const completeEnd = killed.lastIndexOf(10) + 1;
  let completeLines = 0;
  for (let start = 0; start < completeEnd;) {
    const end = killed.indexOf(10, start);
    const seq = eventSeq(killed.subarray(start, end), runId);
    completeLines += 1;
    if (seq !== completeLines) problems.push(`line ${completeLines} is damaged or out of order (seq ${seq})`);
    start = end + 1;
  }
  const tail = killed.subarray(completeEnd);
  // A tail that is a whole event lacks only its LF (the write stopped one byte short): reopening completes it.
  const tailIsWholeEvent = tail.length > 0 && eventSeq(tail, runId) === completeLines + 1;

  const recorder = createRecorder({ root, runId, durability: "none" });
  const { recovery } = recorder;
  const expectedLast = completeLines + (tailIsWholeEvent ? 1 : 0);
  if (recovery.lastSeq !== expectedLast) problems.push(`reopened at seq ${recovery.lastSeq}, not ${expectedLast}`);
  if (tail.length === 0 && recovery.outcome !== "intact") problems.push(`outcome ${recovery.outcome} for a clean end`);
  if (tail.length > 0 && !tailIsWholeEvent) {
    const quarantine = recovery.quarantineFile === undefined ? undefined : readFileSync(recovery.quarantineFile);
    if (quarantine === undefined || !quarantine.equals(tail))
      problems.push("the quarantine does not hold the torn bytes");
  }
  for (let more = 0; more < 3; more += 1)
    recorder.append({ type: "step.started", path: "after", payload: { name: "after", kind: "agent" } });
  await recorder.close();

  // Written on after the repair: the kept lines unchanged (the whole prefix, or the whole file plus the missing LF),
  // then the new lines, continuing seq.
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
  const leftovers = readdirSync(path.join(root, "transcripts")).filter(
    (name) => !name.endsWith(".jsonl") && !name.includes(".quarantine-"),
  );
  if (leftovers.length > 0) problems.push(`left behind: ${leftovers.join(", ")}`);
  rmSync(root, { recursive: true, force: true });
  return { size, problems, completeLines, tornBytes: tail.length, aimedAtWrite };
}

// The timeouts only catch a hang: 204 trials take about a minute on a quiet machine and 150-180 s at a load of 9.
describe("kill -9 while writing", () => {
  it(`${sizes.length * trialsPerSize} trials: no complete line lost or damaged; reopening repairs and continues seq`, async () => {
    const work = sizes.flatMap((size) => Array.from({ length: trialsPerSize }, (_, index) => ({ size, index })));
    const results: TrialResult[] = [];
    const next = async (): Promise<void> => {
      for (let item = work.shift(); item !== undefined; item = work.shift())
        results.push(await trial(item.size, item.index));
    };
    await Promise.all(Array.from({ length: parallel }, next));

    const summary = sizes.map((size) => {
      const ofSize = results.filter((result) => result.size === size);
      return `${size} B: ${ofSize.filter((result) => result.tornBytes > 0).length} of ${ofSize.length} torn`;
    });
    process.stdout.write(`kill -9 trials: ${summary.join(", ")}\n`);
    expect(results).toHaveLength(sizes.length * trialsPerSize);
    expect(results.filter((result) => result.problems.length > 0)).toEqual([]);
    // The children really were killed mid-run: lines were written, and some kills tore a line.
    for (const size of sizes)
      expect(results.filter((result) => result.size === size && result.completeLines > 1).length).toBeGreaterThan(
        trialsPerSize / 2,
      );
  }, 600_000);

  // A kill at a uniformly random moment seldom lands inside a write (serialising takes most of a writer's time, and
  // Linux finishes a short write it has started): about one trial in twenty above leaves a torn line. Here the kill
  // is aimed at one long write (8 MiB batches), and trials repeat until one tears the last line, so that reopening
  // is seen to quarantine a tail torn by a real kill.
  it("a kill in the middle of a long write tears the last line; reopening quarantines exactly the torn bytes", async () => {
    const attempts: TrialResult[] = [];
    while (attempts.length < 60 && !attempts.some((result) => result.tornBytes > 0))
      attempts.push(await trial(20_000, attempts.length, true));
    expect(attempts.filter((result) => result.problems.length > 0)).toEqual([]);
    expect(attempts.filter((result) => result.tornBytes > 0)).toHaveLength(1);
  }, 600_000);
});
