/**
 * Four processes contending for one event log: four children start together (each waits for one "go" on its standard
 * input) and open a recorder on the same root and run id, each meaning to write 48 lines (100 B or 20 KB) naming
 * itself, flushing every 16. The recorder's writer lock (`<log>.lock`) lets one write at a time; the others are
 * refused. In a quarter of the rounds (a third in the fast mode) the writer that got the lock is SIGKILLed while holding it, and three new
 * processes then start together on its stale lock.
 *
 * A round survives when: every child exits normally; each one either wrote or was refused with a RecorderError
 * `locked` that names the log and, when it names a holder, a process that did write; the log holds exactly the
 * writers' lines — each writer's 48 lines in one run, in order, each whole — and seq gap-free from 1 (core's
 * `checkEventLog`, strict); after a kill, exactly one of the new processes took over the stale lock at a time and seq
 * went on from the killed writer's last line; no lock file is left when the last writer is done.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { checkEventLog } from "@agent-transcript/core";
import { Tally, type Campaign } from "../campaign.js";
import { recorderChild, startChild, type RunningChild } from "./children/run-child.js";

const linesPerWriter = 48;

interface Answer {
  readonly ok: boolean;
  readonly held?: boolean;
  readonly first?: number;
  readonly last?: number;
  readonly recorderError?: boolean;
  readonly code?: string;
  readonly file?: string;
  readonly message?: string;
}

interface Contender {
  readonly child: RunningChild;
  answer?: Answer;
}

/** Starts `count` contenders, lets them go together, and waits for each one's answer. */
async function contend(
  program: string,
  mode: "contend" | "hold",
  count: number,
  root: string,
  runId: string,
  lineBytes: number,
  problems: string[],
): Promise<Contender[]> {
  const contenders: Contender[] = Array.from({ length: count }, () => ({
    child: startChild(program, [mode, root, runId, String(linesPerWriter), String(lineBytes)], { limitMs: 120_000 }),
  }));
  await Promise.all(contenders.map(({ child }) => child.printed("ready")));
  for (const { child } of contenders) child.send("go\n");
  await Promise.all(
    contenders.map(async (contender) => {
      const { child } = contender;
      // A holder answers and stays; the others answer and exit.
      const line = await child.firstLine("{");
      if (line === undefined) {
        const end = await child.finished;
        problems.push(`pid ${child.pid} ended with ${end.code ?? end.signal} without an answer: ${end.stderr.trim()}`);
        return;
      }
      contender.answer = JSON.parse(line) as Answer;
      if (!(mode === "hold" && contender.answer.ok)) {
        const end = await child.finished;
        if (end.code !== 0)
          problems.push(`pid ${child.pid} ended with ${end.code ?? end.signal}: ${end.stderr.trim()}`);
      }
    }),
  );
  return contenders;
}

/** Judges the refusals: each a RecorderError `locked` naming the log and, if it names a holder, a writer. */
function judgeRefusals(
  contenders: readonly Contender[],
  file: string,
  writers: ReadonlySet<number>,
  problems: string[],
): void {
  for (const { child, answer } of contenders) {
    if (answer === undefined || answer.ok) continue;
    if (answer.recorderError !== true || answer.code !== "locked" || answer.file !== file) {
      problems.push(`pid ${child.pid} failed otherwise than refused: ${answer.code ?? ""} ${answer.message ?? ""}`);
      continue;
    }
    const holder = /is already being written by pid (\d+)/.exec(answer.message ?? "");
    if (holder !== null) {
      if (!writers.has(Number(holder[1])))
        problems.push(`pid ${child.pid} was refused naming pid ${holder[1]}, which did not write`);
    } else if (!(answer.message ?? "").includes("other writers kept taking it"))
      problems.push(`pid ${child.pid} was refused without naming the holder: ${answer.message ?? ""}`);
  }
}

/** Judges the log: exactly the writers' lines, each writer's in one run and in order, seq gap-free. */
function judgeLog(file: string, runId: string, writers: ReadonlyMap<number, Answer>, problems: string[]): number {
  const text = readFileSync(file, "utf8");
  const read = checkEventLog(text, "strict");
  if (read.problems.length > 0) problems.push(`the log: ${read.problems[0]?.message}`);
  const lines = text.split("\n");
  if (lines.pop() !== "") problems.push("the log does not end with a complete line");
  let seq = 0;
  const runs: Array<{ pid: number; first: number; last: number; indexes: number[] }> = [];
  for (const line of lines) {
    seq += 1;
    let event: { seq?: number; run_id?: string; payload?: { output?: string } };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      problems.push(`line ${seq} is not whole JSON`);
      continue;
    }
    if (event.seq !== seq || event.run_id !== runId) problems.push(`line ${seq} has seq ${event.seq}`);
    const [pid, index] = (event.payload?.output ?? "").split(" ").map(Number) as [number, number];
    const current = runs.at(-1);
    if (current?.pid === pid) {
      current.last = seq;
      current.indexes.push(index);
    } else runs.push({ pid, first: seq, last: seq, indexes: [index] });
  }
  for (const run of runs) {
    const answer = writers.get(run.pid);
    if (answer === undefined) {
      problems.push(`lines ${run.first}-${run.last} are by pid ${run.pid}, which did not say it wrote`);
      continue;
    }
    if (run.indexes.join() !== Array.from({ length: linesPerWriter }, (_, index) => index).join())
      problems.push(`pid ${run.pid}'s lines are not its ${linesPerWriter} in order in one run`);
    if (answer.first !== run.first || answer.last !== run.last)
      problems.push(`pid ${run.pid} said seq ${answer.first}-${answer.last}; its lines are ${run.first}-${run.last}`);
  }
  for (const pid of writers.keys())
    if (!runs.some((run) => run.pid === pid)) problems.push(`pid ${pid} said it wrote; none of its lines is there`);
  return seq;
}

export const logContention: Campaign = {
  id: "log-contention",
  group: "Contention",
  title: "four processes starting together on one event log; the lock's holder SIGKILLed in a quarter of the rounds",
  guarantee:
    "exactly the processes that got the lock wrote, each writer's lines whole, in one run and in order, seq gap-free; every refused process got a RecorderError `locked` naming the log and a real holder; a killed holder's stale lock is taken over and seq continues",
  minimumCases: { fast: 6, full: 250 },
  async run({ mode, scratch, log }) {
    const program = recorderChild(scratch);
    const tally = new Tally();
    const rounds = mode === "full" ? 260 : 6;
    // A quarter of the rounds kill the holder (a third in fast, so that its few rounds hold two).
    const killEvery = mode === "full" ? 4 : 3;
    let refused = 0;
    let writersTotal = 0;
    let takenOver = 0;
    for (let round = 1; round <= rounds; round += 1) {
      const killing = round % killEvery === 0;
      // Sizes alternate by groups of rounds, so that both kinds of round see both sizes.
      const lineBytes = Math.floor((round - 1) / killEvery) % 2 === 0 ? 100 : 20_000;
      const root = path.join(scratch, `round-${round}`);
      mkdirSync(root);
      const runId = randomUUID();
      const file = path.join(root, "transcripts", `${runId}.jsonl`);
      const problems: string[] = [];
      const spawned: RunningChild[] = [];
      try {
        const first = await contend(program, killing ? "hold" : "contend", 4, root, runId, lineBytes, problems);
        spawned.push(...first.map(({ child }) => child));
        const writers = new Map<number, Answer>();
        for (const { child, answer } of first) if (answer?.ok === true) writers.set(child.pid, answer);
        if (writers.size === 0) problems.push("no process got the lock");
        if (killing && writers.size !== 1) problems.push(`${writers.size} processes held the lock at once`);
        judgeRefusals(first, file, new Set(writers.keys()), problems);
        refused += first.length - writers.size;
        if (killing) {
          const holder = first.find(({ answer }) => answer?.ok === true);
          holder?.child.kill("SIGKILL");
          const end = await holder?.child.finished;
          if (end !== undefined && end.signal !== "SIGKILL")
            problems.push(`the holder ended with ${end.code ?? end.signal}`);
          const second = await contend(program, "contend", 3, root, runId, lineBytes, problems);
          spawned.push(...second.map(({ child }) => child));
          const later = new Map<number, Answer>();
          for (const { child, answer } of second) if (answer?.ok === true) later.set(child.pid, answer);
          if (later.size === 0) problems.push("no process took over the stale lock");
          else takenOver += 1;
          judgeRefusals(second, file, new Set(later.keys()), problems);
          refused += second.length - later.size;
          for (const [pid, answer] of later) writers.set(pid, answer);
          // The first writer after the kill goes on from the killed holder's last line.
          const firstAfter = Math.min(...[...later.values()].map((answer) => answer.first ?? Infinity));
          if (later.size > 0 && firstAfter !== linesPerWriter + 1)
            problems.push(`after the kill, seq went on at ${firstAfter}, not ${linesPerWriter + 1}`);
        }
        writersTotal += writers.size;
        judgeLog(file, runId, writers, problems);
        const left = readdirSync(path.dirname(file)).filter((entry) => entry !== path.basename(file));
        if (left.length > 0) problems.push(`left behind: ${left.join(", ")}`);
      } catch (error) {
        problems.push(`threw ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        for (const child of spawned) child.kill("SIGKILL");
        await Promise.all(spawned.map((child) => child.finished));
        rmSync(root, { recursive: true, force: true });
      }
      tally.record(
        `${killing ? "holder SIGKILLed, 3 take over" : "4 writers"}, ${lineBytes.toLocaleString("en-US")} B lines`,
        problems.length === 0 ? undefined : `round ${round}: ${problems.join("; ")}`,
      );
      if (round % 25 === 0) log(`${round} of ${rounds} rounds`);
    }
    tally.note(
      `${writersTotal} processes got the lock and wrote, ${refused} were refused; ${takenOver} stale locks of a SIGKILLed holder were taken over`,
    );
    return tally.outcome();
  },
};
