/**
 * SIGKILL during `repairEventLog`: a damaged event log (200 complete lines, then a torn line and a tail of NUL bytes
 * or garbage of 100 B to 3 MiB) is repaired in a child that a watchdog thread of its own SIGKILLs at a random moment
 * within the time a repair takes (measured first, in a child that is not killed) — while it takes the lock, reads the
 * tail, copies it to the quarantine file, syncs, names the copy, cuts the log. Then this process repairs the log.
 *
 * A case survives when: the killed repair left the log either as it was or cut to exactly its complete lines; the
 * repair after it keeps exactly the complete lines byte for byte and reports the last one's seq; exactly one
 * quarantine file is left, holding exactly the damaged bytes (no byte lost, none twice); no partial copy, lock or
 * lock-recovery file is left.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkEventLog } from "@agent-transcript/core";
import { createRecorder, repairEventLog } from "@agent-transcript/recorder";
import { Tally, type Campaign } from "../campaign.js";
import { inParallel, recorderChild, startChild } from "./children/run-child.js";

const tails: ReadonlyArray<{ label: string; bytes: (torn: Buffer) => Buffer }> = [
  { label: "a torn line (100 B)", bytes: (torn) => torn.subarray(0, 100) },
  {
    label: "a torn line and 1.5 MiB of garbage",
    bytes: (torn) =>
      Buffer.concat([
        torn,
        // No `}` and no LF: no stretch of the garbage can pass for a complete line.
        Buffer.from(Uint8Array.from({ length: 1.5 * 1024 * 1024 }, (_, index) => (index * 131 + 7) % 251)).map(
          (byte) => (byte === 0x7d || byte === 0x0a ? 0 : byte),
        ),
      ]),
  },
  {
    label: "a torn line and 3 MiB of NUL bytes",
    bytes: (torn) => Buffer.concat([torn, Buffer.alloc(3 * 1024 * 1024)]),
  },
];

/** 200 complete lines of a few hundred bytes to 20 KB, as a recorder writes them. */
async function completeLines(folder: string, runId: string): Promise<Buffer> {
  const recorder = createRecorder({ root: folder, runId, durability: "none" });
  for (let line = 1; line <= 200; line += 1)
    recorder.append({
      type: "tool.result",
      path: "work",
      payload: {
        name: "Bash",
        call_id: `call_${line}`,
        output: "ok ✓\n".repeat(line % 7 === 0 ? 4000 : 40),
        fidelity: "router",
      },
    });
  await recorder.close();
  return readFileSync(recorder.file);
}

export const killDuringRepair: Campaign = {
  id: "kill-during-repair",
  group: "Crashes",
  title: "SIGKILL at a random moment of `repairEventLog` (tails of 100 B to 3 MiB)",
  guarantee:
    "the killed repair left the log as it was or cut to its complete lines; the next repair keeps exactly the complete lines and leaves exactly one quarantine file holding exactly the damaged bytes; no partial copy or lock left",
  minimumCases: { fast: 9, full: 600 },
  async run({ mode, scratch, log }) {
    const program = recorderChild(scratch);
    const runId = randomUUID();
    const kept = await completeLines(path.join(scratch, "original"), runId);
    const torn = Buffer.from(
      `{"seq":201,"run_id":"${runId}","type":"tool.result","path":"work","payload":{"output":"${"y".repeat(400)}`,
    );
    const tally = new Tally();
    const perTail = mode === "full" ? 200 : 3;
    const notes: string[] = [];
    for (const tail of tails) {
      const damage = tail.bytes(torn);
      const damaged = Buffer.concat([kept, damage]);
      // How long a repair of this log takes in a child, from the moment its watchdog would start: the kills are
      // spread over that time and a fifth more.
      const timings: number[] = [];
      for (let measure = 0; measure < (mode === "full" ? 3 : 1); measure += 1) {
        const folder = path.join(scratch, `measure-${measure}`);
        mkdirSync(folder, { recursive: true });
        const file = path.join(folder, `${runId}.jsonl`);
        writeFileSync(file, damaged);
        const end = await startChild(program, ["repair", file, String(60_000_000)]).finished;
        const answer = JSON.parse(end.stdout.split("\n")[0] ?? "{}") as { microseconds?: number };
        if (answer.microseconds === undefined) throw new Error(`the timed repair failed: ${end.stdout}${end.stderr}`);
        timings.push(answer.microseconds);
        rmSync(folder, { recursive: true, force: true });
      }
      const span = Math.max(...timings) * 1.2;
      let killedBefore = 0;
      let cutBefore = 0;
      let leftTemporaries = 0;
      let index = 0;
      await inParallel(
        Array.from({ length: perTail }, () => (index += 1)),
        2,
        async (trial) => {
          const delay = Math.round(Math.random() * span);
          const folder = path.join(scratch, `case-${tail.label.length}-${trial}`);
          mkdirSync(folder);
          const file = path.join(folder, `${runId}.jsonl`);
          writeFileSync(file, damaged);
          const problems: string[] = [];
          try {
            const end = await startChild(program, ["repair", file, String(delay)]).finished;
            const killed = end.signal === "SIGKILL";
            if (killed) killedBefore += 1;
            else if (end.code !== 0 || !end.stdout.startsWith('{"ok":true'))
              problems.push(`the repair ended with ${end.code ?? end.signal}: ${end.stdout}${end.stderr}`);
            const left = readFileSync(file);
            if (left.equals(kept)) {
              if (killed) cutBefore += 1;
            } else if (!left.equals(damaged)) problems.push(`the killed repair left a log of ${left.length} bytes`);
            const report = repairEventLog(file);
            if (!readFileSync(file).equals(kept)) problems.push("the log is not exactly its complete lines");
            if (report.lastSeq !== 200) problems.push(`the repair said lastSeq ${report.lastSeq}`);
            const names = readdirSync(folder).filter((name) => name !== path.basename(file));
            const quarantines = names.filter((name) => /\.quarantine-[\dTZ-]+$/.test(name));
            if (quarantines.length !== 1) problems.push(`${quarantines.length} quarantine files`);
            else if (!readFileSync(path.join(folder, quarantines[0] as string)).equals(damage))
              problems.push("the quarantine file does not hold exactly the damaged bytes");
            // A lock's temporary file (`<log>.lock.<pid>.<nonce>.tmp`) left by a kill between writing and linking it
            // holds no lock (the recorder says so): counted, not failed.
            const temporaries = names.filter((name) => /\.lock\.\d+\.[\da-f-]+\.tmp$/.test(name));
            leftTemporaries += temporaries.length;
            const others = names.filter((name) => !quarantines.includes(name) && !temporaries.includes(name));
            if (others.length > 0) problems.push(`left behind: ${others.join(", ")}`);
            if (checkEventLog(readFileSync(file, "utf8"), "strict").problems.length > 0)
              problems.push("the repaired log does not read clean");
          } catch (error) {
            problems.push(`threw ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            rmSync(folder, { recursive: true, force: true });
          }
          tally.record(
            tail.label,
            problems.length === 0 ? undefined : `kill after ${delay} µs: ${problems.join("; ")}`,
          );
        },
      );
      notes.push(
        `${tail.label}: a repair takes about ${Math.round(Math.min(...timings) / 1000)} ms; ${killedBefore} of ${perTail} kills landed before it finished, ${cutBefore} of them after it had cut the log${leftTemporaries > 0 ? `; ${leftTemporaries} lock temporaries (<log>.lock.<pid>.<nonce>.tmp, holding no lock) left behind` : ""}`,
      );
      log(notes.at(-1) as string);
    }
    for (const note of notes) tally.note(note);
    return tally.outcome();
  },
};
