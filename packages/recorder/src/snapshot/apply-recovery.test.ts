// An apply killed midway, and the next apply into the same target recovering it from the journal the killed one left.
// The kill is placed exactly: a child process applies the bundle with the file system's `rename` (or, for a commit
// that finished its steps, `rm`) made to stop for good at a chosen call, says so, and is SIGKILLed then.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fullStateOf, writeHandMadeBundle } from "@agent-transcript/fixtures/hand-made-bundles";
import { applySnapshotBundle } from "./apply.js";
import { workFolderPrefix } from "./paths.js";
import { writeSnapshotBundle } from "./bundle.js";
import { takeSnapshot } from "./create.js";
import { summarizeSnapshotBundle } from "./summary.js";
import { cloneAt, commitAll, initRepository, removeFolder, temporaryFolder } from "./snapshot.test.helpers.js";

let folder: string;
let origin: string;
let head: string;
let bundle: string;
/** The target as the snapshot leaves it, .git aside. */
let snapshotState: ReturnType<typeof fullStateOf>;

beforeEach(async () => {
  folder = temporaryFolder("snapshot-recovery-");
  origin = initRepository(path.join(folder, "origin"));
  mkdirSync(path.join(origin, "dir/sub"), { recursive: true });
  for (const name of ["readme.md", "dir/a.txt", "dir/sub/b.txt", "gone.txt", "run.sh"])
    writeFileSync(path.join(origin, name), `${name} at HEAD\n`);
  head = commitAll(origin);
  // The snapshot: files modified, removed (a folder emptied), added in new folders, a link, an exec bit.
  const source = cloneAt(origin, path.join(folder, "source"), head);
  writeFileSync(path.join(source, "readme.md"), "readme, changed\n");
  rmSync(path.join(source, "gone.txt"));
  rmSync(path.join(source, "dir/sub/b.txt"));
  mkdirSync(path.join(source, "new/deep"), { recursive: true });
  writeFileSync(path.join(source, "new/deep/added.txt"), "added\n".repeat(1000));
  symlinkSync("../readme.md", path.join(source, "new/link"));
  chmodSync(path.join(source, "run.sh"), 0o755);
  const staged = await takeSnapshot([{ version: 1, kind: "repo", path: source }]);
  bundle = path.join(folder, "bundle.jsonl");
  try {
    await writeSnapshotBundle(staged, bundle);
  } finally {
    await staged.dispose();
  }
  const applied = cloneAt(origin, path.join(folder, "applied"), head);
  const result = await applySnapshotBundle(bundle, { target: applied });
  if (!result.ok) throw new Error(`the snapshot does not apply: ${JSON.stringify(result.problems)}`);
  snapshotState = withoutGit(fullStateOf(applied));
});
afterEach(() => {
  removeFolder(folder);
});

function withoutGit(state: ReturnType<typeof fullStateOf>): ReturnType<typeof fullStateOf> {
  return Object.fromEntries(Object.entries(state).filter(([name]) => name !== ".git" && !name.startsWith(".git/")));
}

const workFolders = (target: string): string[] =>
  readdirSync(target).filter((name) => name.startsWith(workFolderPrefix));

/**
 * Applies the bundle onto `target` in a child whose `fs/promises` `call` stops for good at its `stopAt`th use (from 0)
 * matching `only`; the child is SIGKILLed once it says it stopped. Resolves with whether it stopped (else it finished).
 */
async function applyKilledAt(
  target: string,
  call: "rename" | "rm",
  stopAt: number,
  only = "",
  temporaryDirectory = folder,
): Promise<"killed" | "finished"> {
  const script = `
    import fs from "node:fs/promises";
    import { syncBuiltinESMExports } from "node:module";
    const real = fs[${JSON.stringify(call)}];
    let calls = 0;
    fs[${JSON.stringify(call)}] = async (...args) => {
      if (String(args[0]).includes(${JSON.stringify(only)}) && calls++ === ${stopAt}) {
        setInterval(() => {}, 1 << 30);
        process.stdout.write("stopped\\n");
        return new Promise(() => {});
      }
      return real(...args);
    };
    syncBuiltinESMExports();
    const { applySnapshotBundle } = await import(${JSON.stringify(fileURLToPath(new URL("./apply.ts", import.meta.url)))});
    const result = await applySnapshotBundle(${JSON.stringify(bundle)}, {
      target: ${JSON.stringify(target)},
      temporaryDirectory: ${JSON.stringify(temporaryDirectory)},
    });
    process.stdout.write(result.ok ? "finished\\n" : "failed " + JSON.stringify(result.problems) + "\\n");
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("../../", import.meta.url)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("stopped\n")) child.kill("SIGKILL");
    });
    child.on("close", (_code, signal) => {
      if (signal === "SIGKILL") resolve("killed");
      else if (output === "finished\n") resolve("finished");
      else reject(new Error(`the child applying the bundle ended with: ${output}${errors}`));
    });
  });
}

describe("an apply killed midway", () => {
  it("is undone from its journal by the next apply, at every step of its commit, which then applies the snapshot", async () => {
    let killed = 0;
    for (let stopAt = 0; ; stopAt += 1) {
      const target = cloneAt(origin, path.join(folder, `target-${stopAt}`), head);
      const before = withoutGit(fullStateOf(target));
      const gitBefore = fullStateOf(path.join(target, ".git"));
      // Only the commit's renames count: those in the target, which it makes through its open folders (the staging
      // area's are by plain paths).
      const outcome = await applyKilledAt(target, "rename", stopAt, "/proc/self/fd/");
      if (outcome === "finished") break;
      killed += 1;
      const [work] = workFolders(target);
      expect(work, `killed at rename ${stopAt}`).toBeDefined();
      expect(readFileSync(path.join(target, work as string, "journal"), "utf8")).not.toBe("");
      // The target midway: as it was when killed before its first step, changed after it.
      const midway = Object.fromEntries(
        Object.entries(withoutGit(fullStateOf(target))).filter(([name]) => !name.startsWith(workFolderPrefix)),
      );
      expect(isDeepStrictEqual(midway, before), `killed at rename ${stopAt}`).toBe(stopAt === 0);

      const again = await applySnapshotBundle(bundle, { target });
      expect(again.problems, `killed at rename ${stopAt}`).toEqual([]);
      expect(again.recovered).toEqual([{ folder: work, outcome: "undone" }]);
      expect(again.ok).toBe(true);
      expect(workFolders(target)).toEqual([]);
      expect(withoutGit(fullStateOf(target)), `killed at rename ${stopAt}`).toEqual(snapshotState);
      expect(fullStateOf(path.join(target, ".git"))).toEqual(gitBefore);
    }
    // Parking 4 paths (two removed, two replaced) and placing 4 (two new, two replacing): each step a place to kill.
    expect(killed).toBe(8);
  });

  it("is finished by the next apply when it had committed, which then refuses to apply over the snapshot", async () => {
    const target = cloneAt(origin, path.join(folder, "target"), head);
    expect(await applyKilledAt(target, "rm", 0, workFolderPrefix)).toBe("killed");
    const [work] = workFolders(target);
    expect(readFileSync(path.join(target, work as string, "journal"), "utf8")).toMatch(/\{"kind":"committed"\}\n$/);
    const outsideWork = Object.fromEntries(
      Object.entries(withoutGit(fullStateOf(target))).filter(([name]) => !name.startsWith(workFolderPrefix)),
    );
    expect(outsideWork).toEqual(snapshotState);

    const again = await applySnapshotBundle(bundle, { target });
    expect(again.recovered).toEqual([{ folder: work, outcome: "finished" }]);
    expect(again.ok).toBe(false);
    expect(again.problems[0]?.message).toMatch(/uncommitted changes|dirty|differ/i);
    expect(workFolders(target)).toEqual([]);
    expect(withoutGit(fullStateOf(target))).toEqual(snapshotState);
  });
});

describe("the staging folder of an apply killed midway", () => {
  it("is removed by the next apply with the same temporary folder, which leaves a live one's and a link alone", async () => {
    const target = cloneAt(origin, path.join(folder, "target"), head);
    const temporary = path.join(folder, "temporary");
    mkdirSync(temporary);
    expect(await applyKilledAt(target, "rename", 0, "/proc/self/fd/", temporary)).toBe("killed");
    const [abandoned, ...others] = readdirSync(temporary);
    expect(others).toEqual([]);
    expect(abandoned).toMatch(/^agent-transcript-apply-[1-9]\d*-[0-9A-Za-z]{6}$/);
    expect(readdirSync(path.join(temporary, abandoned as string))).not.toEqual([]);
    // A running process's (this one's), and a link named as a dead process's folder would be.
    const alive = `agent-transcript-apply-${process.pid}-abcdef`;
    mkdirSync(path.join(temporary, alive));
    const outside = path.join(folder, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "keep.txt"), "precious\n");
    const link = "agent-transcript-apply-4194304-ghijkl";
    symlinkSync(outside, path.join(temporary, link));

    const again = await applySnapshotBundle(bundle, { target, temporaryDirectory: temporary });
    expect(again.problems).toEqual([]);
    expect(again.ok).toBe(true);
    expect(readdirSync(temporary).sort()).toEqual([alive, link].sort());
    expect(readFileSync(path.join(outside, "keep.txt"), "utf8")).toBe("precious\n");
  });
});

describe("a work folder the next apply does not recover", () => {
  it("leaves an apply still running alone, and refuses, changing nothing", async () => {
    const target = cloneAt(origin, path.join(folder, "target"), head);
    // This process is alive: a work folder named for it is an apply still at work.
    const work = `${workFolderPrefix}${process.pid}-0123456789ab`;
    mkdirSync(path.join(target, work));
    writeFileSync(path.join(target, work, "journal"), "");
    const before = fullStateOf(target);
    const result = await applySnapshotBundle(bundle, { target });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: "refused",
        message: `${path.join(target, work)}: another apply (process ${process.pid}) is working in this target; wait for it to end`,
      }),
    ]);
    expect(fullStateOf(target)).toEqual(before);
  });

  it("refuses a journal that is not one an apply wrote, and never follows it out of the target", async () => {
    const target = cloneAt(origin, path.join(folder, "target"), head);
    const outside = path.join(folder, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "victim.txt"), "precious\n");
    // A dead process's pid: the largest there can be.
    const work = `${workFolderPrefix}4194304-0123456789ab`;
    for (const journal of [
      `{"kind":"placed","at":"../outside/victim.txt","staged":"${work}/0"}\n`,
      `{"kind":"moved-away","from":"readme.md","to":"../outside/victim.txt"}\n`,
      `{"kind":"placed","at":"readme.md","staged":"${work}/0","extra":1}\n`,
      `{"kind":"committed"}\n{"kind":"made-folder","at":"dir"}\n`,
      `not json\n`,
    ]) {
      mkdirSync(path.join(target, work));
      writeFileSync(path.join(target, work, "journal"), journal);
      const before = fullStateOf(target);
      const outsideBefore = fullStateOf(outside);
      const result = await applySnapshotBundle(bundle, { target });
      expect(result.ok, journal).toBe(false);
      expect(result.problems.map((problem) => problem.message)).toEqual([
        `${path.join(target, work)}: its journal, line 1, is not a step an apply wrote: sort it out by hand`,
      ]);
      expect(fullStateOf(target)).toEqual(before);
      expect(fullStateOf(outside)).toEqual(outsideBefore);
      rmSync(path.join(target, work), { recursive: true });
    }
  });

  it("never follows a link or opens a FIFO named as a work folder or its journal", async () => {
    const target = cloneAt(origin, path.join(folder, "target"), head);
    const outside = path.join(folder, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "journal"), `{"kind":"made-folder","at":"dir"}\n`);
    const dead = `${workFolderPrefix}4194304-0123456789ab`;
    const cases: Array<[string, () => void, string]> = [
      [
        "a link out of the target",
        () => symlinkSync(outside, path.join(target, dead)),
        "named as an apply's work folder, but not a folder",
      ],
      [
        "a FIFO as the journal",
        () => {
          mkdirSync(path.join(target, dead));
          execFileSync("mkfifo", [path.join(target, dead, "journal")]);
        },
        "its journal cannot be opened",
      ],
      [
        "a link as the journal",
        () => {
          mkdirSync(path.join(target, dead));
          symlinkSync(path.join(outside, "journal"), path.join(target, dead, "journal"));
        },
        "its journal cannot be opened",
      ],
    ];
    for (const [name, plant, refusal] of cases) {
      plant();
      const before = fullStateOf(target);
      const outsideBefore = fullStateOf(outside);
      const result = await applySnapshotBundle(bundle, { target });
      expect(result.ok, name).toBe(false);
      expect(result.problems.map((problem) => problem.message).join("\n"), name).toContain(refusal);
      expect(fullStateOf(target), name).toEqual(before);
      expect(fullStateOf(outside), name).toEqual(outsideBefore);
      rmSync(path.join(target, dead), { recursive: true, force: true });
    }
  });

  it("refuses a bundle that would write where an apply keeps its work", async () => {
    const target = cloneAt(origin, path.join(folder, "target"), head);
    const hostile = writeHandMadeBundle(path.join(folder, "hostile.jsonl"), {
      files: [{ path: `${workFolderPrefix}1-0123456789ab/journal`, content: '{"kind":"made-folder","at":"dir"}\n' }],
    });
    const before = fullStateOf(target);
    const result = await applySnapshotBundle(hostile, { target });
    expect(result.ok).toBe(false);
    expect(result.problems[0]?.message).toContain("is where an apply keeps its work and journal");
    expect(fullStateOf(target)).toEqual(before);
    // `snapshot show` says the same of it, before anyone applies it.
    expect((await summarizeSnapshotBundle(hostile)).refusals.join("\n")).toContain(
      "is where an apply keeps its work and journal",
    );
  });
});
