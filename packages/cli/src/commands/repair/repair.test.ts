import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRecorder } from "@agent-transcript/recorder";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { runRepair } from "./run.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "repair-command-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function recordedLog(): Promise<string> {
  const recorder = createRecorder({ root: directory });
  recorder.append({ type: "run.started", payload: { name: "repair-me", kind: "workflow" } });
  recorder.append({ type: "step.started", path: "a", payload: { name: "a", kind: "agent" } });
  await recorder.close();
  return recorder.file;
}

describe("repair", () => {
  it("moves a torn tail to a quarantine file, byte for byte, and keeps every complete line", async () => {
    const file = await recordedLog();
    const whole = readFileSync(file);
    const tail = Buffer.from('{"seq":3,"run_id":"x","ty\u0000\u0000garbage');
    appendFileSync(file, tail);
    const io = captureIo();
    expect(await runRepair([file], { json: true }, io.io)).toBe(0);
    const report = JSON.parse(io.stdout()) as {
      ok: boolean;
      logs: Array<{ outcome: string; lastSeq: number; quarantineFile: string }>;
    };
    expect(report.ok).toBe(true);
    expect(report.logs[0]).toMatchObject({ outcome: "repaired", lastSeq: 2, quarantinedBytes: tail.length });
    expect(readFileSync(file)).toEqual(whole);
    expect(readFileSync(report.logs[0]?.quarantineFile as string)).toEqual(tail);
  });

  it("says an intact log is intact and changes nothing", async () => {
    const file = await recordedLog();
    const before = readFileSync(file);
    const io = captureIo();
    expect(await runRepair([file], {}, io.io)).toBe(0);
    expect(io.stderr()).toBe(`${file}: intact: ends with a complete line (seq 2)\n`);
    expect(readFileSync(file)).toEqual(before);
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes("quarantine"))).toEqual([]);
  });

  it("refuses a log a live recorder holds, naming it, and still repairs the others", async () => {
    const other = await recordedLog();
    appendFileSync(other, "{broken");
    const live = createRecorder({ root: directory });
    live.append({ type: "run.started", payload: { name: "live", kind: "workflow" } });
    try {
      const io = captureIo();
      expect(await runRepair([live.file, other], {}, io.io)).toBe(1);
      expect(io.stderr()).toContain(`${live.file}: cannot repair: `);
      expect(io.stderr()).toMatch(/lock/);
      expect(io.stderr()).toContain(`${other}: repaired: 7 damaged bytes moved to`);
    } finally {
      await live.close();
    }
  });

  it("fails on a missing log and refuses standard input as a usage error", async () => {
    const io = captureIo();
    expect(await runRepair([path.join(directory, "nope.jsonl")], {}, io.io)).toBe(1);
    expect(io.stderr()).toContain("nope.jsonl: no such file");
    await expect(runRepair(["-"], {}, io.io)).rejects.toMatchObject({ exitCode: 2 });
  });

  it("writes nothing into a folder given as a log", async () => {
    writeFileSync(path.join(directory, "keep.txt"), "x");
    const io = captureIo();
    expect(await runRepair([directory], {}, io.io)).toBe(1);
    expect(io.stderr()).toContain("cannot repair");
    expect(readdirSync(directory)).toEqual(["keep.txt"]);
  });
});

describe("repair and the quarantine files of repairs that did not finish", () => {
  const quarantineNames = (folder: string): string[] =>
    readdirSync(folder)
      .filter((name) => name.includes(".quarantine-"))
      .sort();

  /** A recorded log followed by `damage`. */
  async function damagedLog(damage: Buffer): Promise<{ file: string; whole: Buffer; bytes: Buffer }> {
    const file = await recordedLog();
    const whole = readFileSync(file);
    appendFileSync(file, damage);
    return { file, whole, bytes: readFileSync(file) };
  }

  it("fails on a full disk (here the file size limit: EFBIG) leaving no quarantine file and the log as it was", async () => {
    const { file, bytes } = await damagedLog(Buffer.alloc(1024 * 1024, "\u0000torn "));
    // The built command under RLIMIT_FSIZE of 64 KiB: its copy's writes past that fail for real, as on a full disk
    // (Node ignores SIGXFSZ; the trap says so for any program).
    const bin = fileURLToPath(new URL("../../../dist/bin.js", import.meta.url));
    const ran = spawnSync(
      "bash",
      ["-c", 'ulimit -f 64 && trap "" XFSZ && exec "$@"', "bash", process.execPath, bin, "repair", file],
      { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 60_000 },
    );
    expect(ran.status).toBe(1);
    expect(ran.stdout).toBe("");
    expect(ran.stderr).toMatch(
      /^\S+\.jsonl: cannot repair: could not write the quarantine file \S+\.jsonl\.quarantine-\w+\.partial: EFBIG: file too large, write; nothing was changed \(the partial copy was removed\)\n$/,
    );
    expect(ran.stderr.startsWith(`${file}: `)).toBe(true);
    expect(quarantineNames(path.dirname(file))).toEqual([]);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("removes the partial copy an interrupted repair left, and says where it was", async () => {
    const damage = Buffer.from("\u0000".repeat(5000));
    const { file, whole } = await damagedLog(damage);
    // What a repair killed while copying leaves (the recorder's tests kill one for real): the first bytes of the
    // damage under the copy's name and `.partial`.
    const leftover = `${file}.quarantine-20260101T000000000Z.partial`;
    writeFileSync(leftover, damage.subarray(0, 1000));
    const io = captureIo();
    expect(await runRepair([file], {}, io.io)).toBe(0);
    const [copy, ...others] = quarantineNames(path.dirname(file));
    expect(others).toEqual([]);
    expect(io.stderr()).toBe(
      `${file}: removed ${leftover}, the partial copy of a repair that did not finish\n` +
        `${file}: repaired: 5000 damaged bytes moved to ${path.join(path.dirname(file), copy as string)}; the log ends at seq 2\n`,
    );
    expect(readFileSync(file).equals(whole)).toBe(true);
  });

  it("uses the whole copy a repair killed before cutting the log had made, instead of copying again", async () => {
    const damage = Buffer.from("\u0000".repeat(5000));
    const { file, whole } = await damagedLog(damage);
    const copy = `${file}.quarantine-20260101T000000000Z`;
    writeFileSync(copy, damage);
    const io = captureIo();
    expect(await runRepair([file], { json: true }, io.io)).toBe(0);
    const report = JSON.parse(io.stdout()) as { logs: Array<Record<string, unknown>> };
    expect(report.logs[0]).toMatchObject({
      outcome: "repaired",
      quarantineFile: copy,
      quarantineReused: true,
      leftoversRemoved: [],
    });
    expect(quarantineNames(path.dirname(file))).toEqual([path.basename(copy)]);
    expect(readFileSync(file).equals(whole)).toBe(true);
    const text = captureIo();
    appendFileSync(file, damage);
    expect(await runRepair([file], {}, text.io)).toBe(0);
    expect(text.stderr()).toBe(
      `${file}: repaired: 5000 damaged bytes moved to ${copy} (the copy a repair that did not finish had made); the log ends at seq 2\n`,
    );
  });
});
