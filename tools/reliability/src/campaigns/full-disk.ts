/**
 * A full disk: a real 256 KiB tmpfs (mounted here when running as root, else inside an unprivileged user and mount
 * namespace; where neither is allowed, an ENOSPC injected into the recorder's writes at the same size, as
 * children/injected-disk.ts describes, and the report's note says which), part of it taken by a filler file of a
 * random size so that the disk fills at a different byte each case; a recorder writes lines of 100 B, 3 KB or 40 KB
 * into it, in each durability mode, until the disk is full. `AGENT_TRANSCRIPT_FULL_DISK=tmpfs` or `=injected` asks for
 * one of the two.
 *
 * A case survives when: the recorder reports a RecorderError (code `io`) naming the event log, from `flush` or
 * `append` (no crash, no unhandled rejection, no other error); every line a resolved `flush` confirmed is in the file
 * and every complete line is a whole event, seq gap-free from 1 (core's `checkEventLog` reads them); a repair tried
 * while the disk is still full either works or throws a RecorderError and changes nothing; once the filler is
 * removed, `repairEventLog` keeps exactly the complete lines and quarantines the torn tail byte for byte, the log
 * reads clean, and a recorder reopened on it continues seq.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkEventLog } from "@agent-transcript/core";
import { createRecorder, RecorderError, repairEventLog, type Durability } from "@agent-transcript/recorder";
import { Tally, type Campaign, type CampaignMode, type CampaignOutcome } from "../campaign.js";
import { fullDiskChild, startChild } from "./children/run-child.js";

const diskBytes = 256 * 1024;
const sizes = [100, 3_000, 40_000] as const;
const durabilities: readonly Durability[] = ["none", "interval", "every-event"];

export const fullDisk: Campaign = {
  id: "full-disk",
  group: "Resources",
  title:
    "recording into a full disk (a real 256 KiB tmpfs, or an injected ENOSPC where none can be mounted; 100 B, 3 KB, 40 KB lines; every durability mode)",
  guarantee:
    "a RecorderError naming the log (no crash, no unhandled rejection); every confirmed line in the file and every complete line whole, seq gap-free; once space is freed, repair keeps exactly the complete lines and quarantines the torn tail, and a reopened recorder continues seq",
  minimumCases: { fast: 9, full: 500 },
  async run({ mode, scratch, log }) {
    const disk = path.join(scratch, "disk");
    mkdirSync(disk);
    const forced = process.env.AGENT_TRANSCRIPT_FULL_DISK;
    if (forced !== undefined && forced !== "tmpfs" && forced !== "injected")
      throw new Error(`AGENT_TRANSCRIPT_FULL_DISK is ${JSON.stringify(forced)}: say tmpfs or injected`);
    if (forced === "injected") return injectedDiskCases(disk, mode);
    const mountFailures: string[] = [];
    if (process.getuid?.() === 0) {
      const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${diskBytes}`, "tmpfs", disk], {
        encoding: "utf8",
      });
      if (mounted.status === 0)
        try {
          const outcome = await fullDiskCases(disk, mode, log);
          return withNote(outcome, "a tmpfs of 256 KiB mounted by the campaign (running as root)");
        } finally {
          spawnSync("umount", [disk]);
        }
      mountFailures.push(`mount: ${mounted.stderr.trim() || mounted.error?.message || mounted.status}`);
      log(`mount failed (${mounted.stderr.trim()}); trying a user namespace`);
    }
    // Unprivileged: the cases run in a child that mounts its tmpfs in a user and mount namespace of its own.
    const child = startChild(
      "unshare",
      [
        "--user",
        "--map-root-user",
        "--mount",
        "sh",
        "-c",
        `mount -t tmpfs -o size=${diskBytes} tmpfs "$1" && exec "$2" --import tsx "$3" "$1" "$4"`,
        "sh",
        disk,
        process.execPath,
        fullDiskChild,
        mode,
      ],
      { plain: true },
    );
    const end = await child.finished.catch((error: unknown) => ({
      code: null,
      signal: null,
      stdout: "",
      stderr: error instanceof Error ? error.message : String(error),
    }));
    if (end.code === 0)
      return withNote(
        JSON.parse(end.stdout) as CampaignOutcome,
        "a tmpfs of 256 KiB mounted in an unprivileged user and mount namespace (`unshare --user --map-root-user --mount`)",
      );
    mountFailures.push(`user namespace: ${end.stderr.trim().split("\n").at(-1) ?? end.code ?? end.signal}`);
    if (forced === "tmpfs") throw new Error(`no tmpfs could be mounted (${mountFailures.join("; ")})`);
    log(`no tmpfs could be mounted (${mountFailures.join("; ")}); injecting ENOSPC instead`);
    return injectedDiskCases(disk, mode, mountFailures);
  },
};

/**
 * The fallback where no real file system can be mounted: the same cases in a child whose `fs.writeSync` refuses
 * writes past 256 KiB in `disk` (children/injected-disk.ts says how faithfully).
 */
export async function injectedDiskCases(
  disk: string,
  mode: CampaignMode,
  mountFailures: readonly string[] = [],
): Promise<CampaignOutcome> {
  const child = startChild(fullDiskChild, [disk, mode, String(diskBytes)]);
  const end = await child.finished;
  if (end.code !== 0)
    throw new Error(`the injected-disk cases ended with ${end.code ?? end.signal}: ${end.stderr.trim()}`);
  const why = mountFailures.length > 0 ? `no tmpfs could be mounted (${mountFailures.join("; ")})` : "asked for";
  return withNote(
    JSON.parse(end.stdout) as CampaignOutcome,
    `an injected ENOSPC, not a real file system (${why}): the recorder's \`fs.writeSync\` refuses writes past 256 KiB in the folder, counted in 4 KiB pages as tmpfs does, with a short write where part still fits`,
  );
}

const withNote = (outcome: CampaignOutcome, note: string): CampaignOutcome => ({
  ...outcome,
  notes: [note, ...(outcome.notes ?? [])],
});

/** Every case, on the (empty, small) file system mounted at `disk`. */
export async function fullDiskCases(
  disk: string,
  mode: CampaignMode,
  log: (line: string) => void,
): Promise<CampaignOutcome> {
  const tally = new Tally();
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  process.on("unhandledRejection", onUnhandled);
  let torn = 0;
  let repairedWhileFull = 0;
  try {
    const perCombination = mode === "full" ? 60 : 1;
    let index = 0;
    for (let round = 0; round < perCombination; round += 1)
      for (const size of sizes)
        for (const durability of durabilities) {
          index += 1;
          const result = await fullDiskCase(disk, size, durability, index);
          tally.record(`${size.toLocaleString("en-US")} B lines, ${durability}`, result.failure);
          if (result.tornBytes > 0) torn += 1;
          if (result.repairedWhileFull) repairedWhileFull += 1;
          if (index % 50 === 0) log(`${index} cases`);
        }
    // Rejections are reported a turn after they happen: one more turn before counting them.
    await new Promise((resolve) => setImmediate(resolve));
    tally.record(
      "no unhandled rejection in the whole run",
      unhandled.length === 0
        ? undefined
        : `${unhandled.length} unhandled rejections, the first: ${String(unhandled[0])}`,
    );
  } finally {
    process.off("unhandledRejection", onUnhandled);
  }
  tally.note(
    `${torn} cases left a torn tail when the disk filled (the rest ended on a line boundary); ${repairedWhileFull} repairs tried while the disk was still full succeeded, the others were refused with a RecorderError and changed nothing`,
  );
  return tally.outcome();
}

async function fullDiskCase(
  disk: string,
  size: number,
  durability: Durability,
  index: number,
): Promise<{ failure: string | undefined; tornBytes: number; repairedWhileFull: boolean }> {
  const filler = path.join(disk, "filler");
  const root = path.join(disk, `case-${index}`);
  // At least 64 KiB, so that removing it makes room for the quarantine copy of a torn 40 KB line, the lock file and
  // the lines written after reopening; at most all but 16 KiB (the lock file and a line or two).
  const fillerBytes = 64 * 1024 + Math.floor(Math.random() * (diskBytes - 80 * 1024));
  const name = `case ${index} (${fillerBytes} bytes of filler)`;
  const problems: string[] = [];
  let tornBytes = 0;
  let repairedWhileFull = false;
  try {
    writeFileSync(filler, Buffer.alloc(fillerBytes, 0x2e));
    const runId = randomUUID();
    const reported: RecorderError[] = [];
    const recorder = createRecorder({
      root,
      runId,
      durability,
      syncIntervalMs: 5,
      onError: (error) => reported.push(error),
    });
    const file = recorder.file;
    const output = "x".repeat(Math.max(1, size - 230));
    let confirmed = 0;
    let failure: unknown;
    // Bounded: the disk holds at most a few thousand of the smallest lines.
    for (let line = 1; line <= 10_000 && failure === undefined; line += 1) {
      try {
        recorder.append({
          type: "tool.result",
          path: "work",
          payload: { name: "Bash", call_id: `call_${line}`, output, fidelity: "router" },
        });
        if (line % 4 === 0) {
          await recorder.flush();
          confirmed = line;
        }
      } catch (error) {
        failure = error;
      }
    }
    if (failure === undefined) problems.push("the disk never filled");
    else if (!(failure instanceof RecorderError)) problems.push(`failed with ${String(failure)}, not a RecorderError`);
    else {
      if (failure.code !== "io" || failure.file !== file || !failure.message.startsWith(`${file}: `))
        problems.push(`the error does not name the log: ${failure.code} ${failure.message}`);
      if (!/ENOSPC|no space/i.test(failure.message))
        problems.push(`the error does not say the disk is full: ${failure.message}`);
    }
    for (const error of reported)
      if (!(error instanceof RecorderError) || error.file !== file) problems.push(`onError got ${String(error)}`);
    try {
      await recorder.close();
    } catch (error) {
      if (!(error instanceof RecorderError)) problems.push(`close threw ${String(error)}, not a RecorderError`);
    }

    // As the full disk left it.
    const full = readFileSync(file);
    const completeEnd = full.lastIndexOf(10) + 1;
    const tail = full.subarray(completeEnd);
    tornBytes = tail.length;
    const read = checkEventLog(full.subarray(0, completeEnd).toString("utf8"), "tolerant");
    const complete = read.events.length;
    if (read.problems.length > 0) problems.push(`the complete lines have problems: ${read.problems[0]?.message}`);
    if (read.events.some((event, position) => event.seq !== position + 1)) problems.push("seq is not gap-free from 1");
    if (complete < confirmed) problems.push(`${confirmed} lines were confirmed by flush, ${complete} are in the file`);

    // A repair while the disk is still full: it may not find room for its quarantine copy, but must not lose bytes.
    try {
      repairEventLog(file);
      repairedWhileFull = true;
    } catch (error) {
      if (!(error instanceof RecorderError) || error.file !== file)
        problems.push(`repair on the full disk threw ${String(error)}, not a RecorderError naming the log`);
      else if (!readFileSync(file).equals(full)) problems.push("a repair refused on the full disk changed the log");
      const left = readdirSync(path.dirname(file)).filter((entry) => entry !== path.basename(file));
      if (left.length > 0) problems.push(`a refused repair left ${left.join(", ")}`);
    }

    rmSync(filler);
    const report = repairEventLog(file);
    if (!readFileSync(file).equals(full.subarray(0, completeEnd)))
      problems.push("the repaired log is not the complete lines");
    const quarantines = readdirSync(path.dirname(file)).filter((entry) => entry.includes(".quarantine-"));
    if (tail.length === 0 ? quarantines.length > 0 : quarantines.length !== 1)
      problems.push(`${quarantines.length} quarantine files for a tail of ${tail.length} bytes`);
    else if (tail.length > 0 && !readFileSync(path.join(path.dirname(file), quarantines[0] as string)).equals(tail))
      problems.push("the quarantine file does not hold the torn tail");
    if (report.lastSeq !== complete) problems.push(`repair said lastSeq ${report.lastSeq}, not ${complete}`);
    const repaired = checkEventLog(readFileSync(file, "utf8"), "strict");
    if (repaired.problems.length > 0) problems.push(`the repaired log: ${repaired.problems[0]?.message}`);

    const reopened = createRecorder({ root, runId, durability });
    const seqs = [1, 2, 3].map(() =>
      reopened.append({ type: "step.started", path: "after", payload: { name: "after", kind: "agent" } }),
    );
    await reopened.close();
    if (seqs.join() !== [1, 2, 3].map((more) => complete + more).join())
      problems.push(`reopened, it wrote seq ${seqs.join()} after ${complete}`);
    const after = checkEventLog(readFileSync(file, "utf8"), "strict");
    if (after.problems.length > 0 || after.events.length !== complete + 3)
      problems.push(`after reopening the log has ${after.events.length} events: ${after.problems[0]?.message ?? ""}`);
  } catch (error) {
    problems.push(`threw ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    rmSync(filler, { force: true });
    rmSync(root, { recursive: true, force: true });
  }
  return {
    failure: problems.length === 0 ? undefined : `${name}: ${problems.join("; ")}`,
    tornBytes,
    repairedWhileFull,
  };
}
