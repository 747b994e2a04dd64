import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runProgram, transpilePackage, type TranspiledPackage } from "./child-processes.test.helpers.js";
import { createRecorder } from "./recorder.js";
import { RecorderError } from "./recorder-error.js";
import { repairEventLog, type RepairReport } from "./repair.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-repair-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const runId = "550e8400-e29b-41d4-a716-446655440000";
let original: Buffer;
/** The byte offset just after each line's LF. */
let lineEnds: number[];

beforeAll(async () => {
  // A small log as the recorder writes it, with multi-byte characters so that cuts fall inside them too.
  const recorder = createRecorder({ root: path.join(scratch, "original"), runId, durability: "none" });
  recorder.append({ type: "run.started", payload: { name: "review", kind: "workflow" } });
  recorder.append({ type: "step.started", path: "analyze", payload: { name: "analyze", kind: "agent" } });
  recorder.append({
    type: "message.assistant",
    path: "analyze",
    payload: { role: "assistant", blocks: [{ type: "text", text: 'Fertig — 2 Fehler gefunden 🐛, {"seq":9}' }] },
  });
  recorder.append({ type: "run.completed", payload: null });
  await recorder.close();
  original = readFileSync(recorder.file);
  lineEnds = [];
  for (let index = original.indexOf(10); index !== -1; index = original.indexOf(10, index + 1))
    lineEnds.push(index + 1);
});

let cases = 0;
/** Writes `bytes` as an event log in a folder of its own and repairs it. */
function repairBytes(bytes: Uint8Array): { report: RepairReport; file: string; folder: string } {
  const folder = path.join(scratch, `case-${(cases += 1)}`);
  mkdirSync(folder);
  const file = path.join(folder, `${runId}.jsonl`);
  writeFileSync(file, bytes);
  return { report: repairEventLog(file), file, folder };
}

function quarantined(folder: string, report: RepairReport): Buffer {
  const files = readdirSync(folder).filter((name) => name.includes(".quarantine-"));
  expect(files.map((name) => path.join(folder, name))).toEqual([report.quarantineFile]);
  return readFileSync(report.quarantineFile as string);
}

/** The complete lines at or before `offset`. */
function completeBefore(offset: number): number {
  return lineEnds.filter((end) => end <= offset).length;
}

describe("repairEventLog", () => {
  it("cut at every byte offset: keeps exactly the complete lines and quarantines the rest, byte for byte", () => {
    expect(lineEnds).toHaveLength(4);
    const actual: unknown[] = [];
    const expected: unknown[] = [];
    for (let offset = 0; offset <= original.length; offset += 1) {
      const truncated = original.subarray(0, offset);
      const { report, file, folder } = repairBytes(truncated);
      const quarantine = readdirSync(folder).filter((name) => name.includes(".quarantine-"));
      actual.push({
        offset,
        outcome: report.outcome,
        lastSeq: report.lastSeq,
        size: report.size,
        newlineAdded: report.newlineAdded,
        file: readFileSync(file).toString("base64"),
        quarantine: quarantine.map((name) => readFileSync(path.join(folder, name)).toString("base64")),
        quarantineFile: quarantine.map((name) => path.join(folder, name)),
      });
      const complete = completeBefore(offset);
      const keptEnd = complete === 0 ? 0 : (lineEnds[complete - 1] as number);
      // Cut exactly before a line's LF: the line is whole, only its terminator is missing, and it gets one.
      const onlyNewlineMissing = lineEnds.includes(offset + 1);
      const end = onlyNewlineMissing ? offset + 1 : keptEnd;
      expected.push({
        offset,
        outcome: offset === 0 ? "empty" : offset === keptEnd ? "intact" : "repaired",
        lastSeq: onlyNewlineMissing ? complete + 1 : complete,
        size: end,
        newlineAdded: onlyNewlineMissing,
        file: original.subarray(0, end).toString("base64"),
        quarantine: offset > end ? [truncated.subarray(keptEnd).toString("base64")] : [],
        quarantineFile: report.quarantineFile === undefined ? [] : [report.quarantineFile],
      });
    }
    expect(actual).toEqual(expected);
  });

  it("cut anywhere and followed by NUL bytes or garbage: keeps the complete prefix, quarantines the rest, never throws", () => {
    // Garbage without `}` can never end a line that holds a whole JSON object, so what is complete is known. (At
    // least two bytes: a tail of one LF would only complete the cut line, leaving nothing to quarantine.)
    const garbageByte = fc.integer({ min: 0, max: 255 }).filter((byte) => byte !== 0x7d);
    const tail = fc.oneof(
      fc.integer({ min: 1, max: 5000 }).map((length) => new Uint8Array(length)),
      fc.uint8Array({ minLength: 2, maxLength: 300 }).map((bytes) => bytes.map((byte) => (byte === 0x7d ? 0 : byte))),
      fc.array(garbageByte, { minLength: 1, maxLength: 50 }).map((bytes) => Uint8Array.from([10, ...bytes, 10])),
      fc.constantFrom(Buffer.from("\n\n\n"), Buffer.from('{"seq":5,"run_id":"x","type":"step.started"')),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), tail, (at, garbage) => {
        const offset = at % (original.length + 1);
        const bytes = Buffer.concat([original.subarray(0, offset), garbage]);
        const { report, file, folder } = repairBytes(bytes);
        // A tail that starts with LF right where a line's LF was cut off completes that line.
        const complete = completeBefore(offset + (garbage[0] === 10 ? 1 : 0));
        const keptEnd = complete === 0 ? 0 : (lineEnds[complete - 1] as number);
        expect(readFileSync(file).equals(original.subarray(0, keptEnd))).toBe(true);
        expect(report).toMatchObject({ outcome: "repaired", lastSeq: complete, size: keptEnd, newlineAdded: false });
        expect(quarantined(folder, report).equals(bytes.subarray(keptEnd))).toBe(true);
        rmSync(folder, { recursive: true });
      }),
    );
  });

  it("quarantines a file that is garbage from its first byte, and seq starts again at 1", async () => {
    const { report, file, folder } = repairBytes(Buffer.from("\u0000\u0000not json\n[1,2]\n{}\n"));
    expect(report).toMatchObject({ outcome: "repaired", lastSeq: 0, size: 0, quarantinedBytes: 20 });
    expect(quarantined(folder, report).toString()).toBe("\u0000\u0000not json\n[1,2]\n{}\n");
    expect(statSync(file).size).toBe(0);
    expect((statSync(report.quarantineFile as string).mode & 0o777).toString(8)).toBe("600");
    const recorder = createRecorder({ root: path.join(folder, "unused"), runId });
    await recorder.close();
    expect(recorder.lastSeq).toBe(0);
  });

  it("leaves lines before the last complete one alone, even a bad one: repair is about the tail", () => {
    const middle = Buffer.concat([
      original.subarray(0, lineEnds[0]),
      Buffer.from("not an event\n"),
      original.subarray(lineEnds[0]),
    ]);
    const { report, file } = repairBytes(middle);
    expect(report).toMatchObject({ outcome: "intact", lastSeq: 4 });
    expect(readFileSync(file).equals(middle)).toBe(true);
  });

  it("reports a missing file without creating it", () => {
    const file = path.join(scratch, "nowhere", `${runId}.jsonl`);
    mkdirSync(path.dirname(file));
    expect(repairEventLog(file)).toMatchObject({ outcome: "missing", lastSeq: 0, quarantineFile: undefined });
    expect(existsSync(file)).toBe(false);
  });

  it("repairs when a recorder opens the file, and the run goes on from the last whole line", async () => {
    const root = path.join(scratch, "reopen");
    mkdirSync(path.join(root, "transcripts"), { recursive: true });
    const file = path.join(root, "transcripts", `${runId}.jsonl`);
    const torn = Buffer.concat([original.subarray(0, (lineEnds[2] as number) + 10), Buffer.alloc(4096)]);
    writeFileSync(file, torn);
    const recorder = createRecorder({ root, runId });
    expect(recorder.recovery).toMatchObject({ outcome: "repaired", lastSeq: 3, quarantinedBytes: 4096 + 10 });
    expect(readFileSync(recorder.recovery.quarantineFile as string).equals(torn.subarray(lineEnds[2]))).toBe(true);
    expect(recorder.append({ type: "run.completed" })).toBe(4);
    await recorder.close();
    const seqs = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => (JSON.parse(line) as { seq: number }).seq);
    expect(seqs).toEqual([1, 2, 3, 4]);
  });

  it("refuses a log that is a FIFO or a symbolic link, naming what it is, and leaves it as it was", () => {
    const root = path.join(scratch, "special");
    const folder = path.join(root, "transcripts");
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${runId}.jsonl`);
    const refusal = (action: () => unknown): RecorderError => {
      try {
        action();
      } catch (error) {
        if (error instanceof RecorderError) return error;
        throw error;
      }
      throw new Error("expected a RecorderError");
    };
    expect(spawnSync("mkfifo", [file]).status).toBe(0);
    for (const action of [() => repairEventLog(file), () => createRecorder({ root, runId })])
      expect(refusal(action)).toMatchObject({
        code: "io",
        message: `${file}: is a FIFO, not a regular file: an event log is a file of its own`,
      });
    expect(lstatSync(file).isFIFO()).toBe(true);
    rmSync(file);
    const target = path.join(scratch, "elsewhere.jsonl");
    writeFileSync(target, original);
    symlinkSync(target, file);
    for (const action of [() => repairEventLog(file), () => createRecorder({ root, runId })])
      expect(refusal(action)).toMatchObject({
        code: "io",
        message: `${file}: is a symbolic link (to ${target}), not a regular file: an event log is a file of its own`,
      });
    expect(readlinkSync(file)).toBe(target);
    expect(readFileSync(target).equals(original)).toBe(true);
    // The lock was released each time: nothing is left beside the log.
    expect(readdirSync(folder)).toEqual([`${runId}.jsonl`]);
  });
});

describe("quarantine files of repairs that did not finish", () => {
  let transpiled: TranspiledPackage;
  beforeAll(() => {
    transpiled = transpilePackage();
  });
  afterAll(() => transpiled.remove());

  /** A log of complete lines followed by 3 MiB of damage (several copy chunks), in a folder of its own. */
  function damagedLog(): { file: string; folder: string; damage: Buffer; bytes: Buffer } {
    const folder = path.join(scratch, `case-${(cases += 1)}`);
    mkdirSync(folder);
    const file = path.join(folder, `${runId}.jsonl`);
    const damage = Buffer.alloc(3 * 1024 * 1024, "\u0000garbage ");
    const bytes = Buffer.concat([original, damage]);
    writeFileSync(file, bytes);
    return { file, folder, damage, bytes };
  }

  const quarantineFiles = (folder: string): string[] =>
    readdirSync(folder)
      .filter((name) => name.includes(".quarantine-"))
      .map((name) => path.join(folder, name));

  async function killedRepair(file: string, moment: "copy" | "cut"): Promise<void> {
    const finished = await runProgram(transpiled.program, ["repair-killed", file, moment], 60_000);
    expect(finished.signal).toBe("SIGKILL");
    expect(finished.stdout).toBe("");
  }

  it("a repair killed while copying leaves a partial copy; the next repair removes it and says so", async () => {
    const { file, folder, damage, bytes } = damagedLog();
    await killedRepair(file, "copy");
    // As the kill left it: the log untouched, one copy of the first MiB.
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const [leftover, ...others] = quarantineFiles(folder);
    expect(others).toEqual([]);
    expect(statSync(leftover as string).size).toBe(1024 * 1024);
    const report = repairEventLog(file);
    expect(report).toMatchObject({ outcome: "repaired", quarantinedBytes: damage.length, quarantineReused: false });
    expect(report.leftoversRemoved).toEqual([leftover]);
    expect(quarantineFiles(folder)).toEqual([report.quarantineFile]);
    expect(readFileSync(report.quarantineFile as string).equals(damage)).toBe(true);
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it("a repair killed after copying, before cutting: the next repair reuses its copy instead of making another", async () => {
    const { file, folder, damage, bytes } = damagedLog();
    await killedRepair(file, "cut");
    expect(readFileSync(file).equals(bytes)).toBe(true);
    const [copy, ...others] = quarantineFiles(folder);
    expect(others).toEqual([]);
    expect(readFileSync(copy as string).equals(damage)).toBe(true);
    const report = repairEventLog(file);
    expect(report).toMatchObject({
      outcome: "repaired",
      quarantineFile: copy,
      quarantinedBytes: damage.length,
      quarantineReused: true,
      leftoversRemoved: [],
    });
    expect(quarantineFiles(folder)).toEqual([copy]);
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it("a copy of other bytes is an earlier repair's: kept, and the damage gets a copy of its own", () => {
    const { file, folder, damage } = damagedLog();
    const earlier = `${file}.quarantine-20260101T000000000Z`;
    writeFileSync(earlier, damage.subarray(0, 100));
    const report = repairEventLog(file);
    expect(report).toMatchObject({ quarantineReused: false, leftoversRemoved: [] });
    expect(quarantineFiles(folder).sort()).toEqual([earlier, report.quarantineFile].sort());
    expect(readFileSync(earlier).equals(damage.subarray(0, 100))).toBe(true);
  });

  it("a repair that cannot write its copy (past the file size limit: EFBIG) removes it and changes nothing", async () => {
    const { file, folder, bytes } = damagedLog();
    // RLIMIT_FSIZE of 64 KiB stands in for a full disk: the copy's writes past it fail for real (Node ignores
    // SIGXFSZ; the trap says so for any program).
    const finished = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn(
        "bash",
        [
          "-c",
          'ulimit -f 64 && trap "" XFSZ && exec "$@"',
          "bash",
          process.execPath,
          transpiled.program,
          "repair",
          file,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      let stdout = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout }));
    });
    expect(finished.code).toBe(0);
    const answer = JSON.parse(finished.stdout) as { ok: boolean; code: string; message: string };
    expect(answer).toMatchObject({ ok: false, code: "io" });
    expect(answer.message).toMatch(
      new RegExp(
        `^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: could not write the quarantine file \\S+: EFBIG: file too large, write; nothing was changed \\(the partial copy was removed\\)$`,
      ),
    );
    expect(quarantineFiles(folder)).toEqual([]);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});
