/**
 * SIGKILL during `applySnapshotBundle`: a snapshot of a git repository with 30 changes (modified, added and deleted
 * files of up to 60 KB, one made executable) is applied onto a clean checkout of its HEAD by a child that a watchdog
 * thread of its own SIGKILLs at a random moment within the time an apply takes (measured first), or, in half the
 * cases, within the time of its commit (from the moment its work folder appears in the target).
 *
 * What the code promises for a kill (apply-commit.ts): the checks and staging write nothing into the target; the
 * commit moves each replaced or removed path into a work folder `.agent-transcript-apply-<pid>-<hex>` at the target's
 * root and puts each new file in place with a rename of a synced copy, each step written to the work folder's journal
 * before it is taken; the next apply into the target undoes an interrupted one from its journal (or finishes one that
 * had committed) before it applies its own bundle. So a case survives when, right after the kill: every path of the
 * target holds either its old content (mode included) or its new one, never a torn or foreign file; nothing but the
 * work folder is there that was in neither tree; with no work folder left, the target is exactly the checkout or
 * exactly the snapshot; with one left, every old content the target no longer holds is in it, byte for byte, and it
 * holds nothing else but new contents, one of them possibly cut short (the copy the kill interrupted); and then,
 * when the same bundle is applied again, that apply reports the work folder it recovered, no work folder is left, and
 * the target is exactly the snapshot (applied now, or already by the killed apply, which the second then refuses to
 * apply over).
 */
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { applySnapshotBundle, takeSnapshot, writeSnapshotBundle } from "@agent-transcript/recorder/snapshot";
import { Tally, type Campaign } from "../campaign.js";
import { inParallel, recorderChild, startChild } from "./children/run-child.js";

const workFolderPrefix = ".agent-transcript-apply-";
/** The work folder's journal of steps, beside the contents it parks. */
const isJournal = (name: string): boolean => name === "journal";

function git(cwd: string, args: readonly string[]): string {
  return execFileSync("git", [...args], {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "Reliability",
      GIT_AUTHOR_EMAIL: "reliability@example.com",
      GIT_COMMITTER_NAME: "Reliability",
      GIT_COMMITTER_EMAIL: "reliability@example.com",
    },
  });
}

/** Every file under `folder` but `.git` and the given top-level names: its content (base64) and exec bit. */
function treeOf(folder: string, skip: (name: string) => boolean = () => false): Map<string, string> {
  const tree = new Map<string, string>();
  const walk = (relative: string): void => {
    for (const name of readdirSync(path.join(folder, relative)).sort()) {
      const child = relative === "" ? name : `${relative}/${name}`;
      if (name === ".git" || (relative === "" && skip(name))) continue;
      const stats = lstatSync(path.join(folder, child));
      if (stats.isDirectory()) walk(child);
      else
        tree.set(
          child,
          `${stats.isSymbolicLink() ? "link" : (stats.mode & 0o111) !== 0 ? "exec" : "file"}:${readFileSync(path.join(folder, child)).toString("base64")}`,
        );
    }
  };
  walk("");
  return tree;
}

const content = (seed: number, bytes: number): string =>
  Array.from({ length: Math.ceil(bytes / 64) }, (_, line) => `${seed}:${line} ${"abcdefghij".repeat(5)}\n`)
    .join("")
    .slice(0, bytes);

/** A repository whose working tree differs from HEAD in 90 ways; returns the pristine checkout of HEAD. */
function workspace(scratch: string): { repository: string; checkout: string } {
  const repository = path.join(scratch, "workspace");
  mkdirSync(repository);
  git(scratch, ["init", "-q", "-b", "main", repository]);
  for (let file = 0; file < 24; file += 1) {
    mkdirSync(path.join(repository, `src/part-${file % 8}`), { recursive: true });
    writeFileSync(path.join(repository, `src/part-${file % 8}/file-${file}.txt`), content(file, 1000 + file * 2500));
  }
  writeFileSync(path.join(repository, "run.sh"), "#!/bin/sh\necho run\n");
  git(repository, ["add", "-A"]);
  git(repository, ["commit", "-q", "-m", "base"]);
  const checkout = path.join(scratch, "checkout");
  git(scratch, ["clone", "-q", repository, checkout]);
  for (let file = 0; file < 24; file += 1) {
    const name = path.join(repository, `src/part-${file % 8}/file-${file}.txt`);
    if (file % 8 === 7) rmSync(name);
    else writeFileSync(name, content(file + 1000, 1000 + file * 2500));
  }
  for (let file = 0; file < 6; file += 1) {
    mkdirSync(path.join(repository, `new/part-${file % 4}`), { recursive: true });
    writeFileSync(path.join(repository, `new/part-${file % 4}/added-${file}.txt`), content(file + 2000, 3000));
  }
  chmodSync(path.join(repository, "run.sh"), 0o755);
  return { repository, checkout };
}

export const killDuringSnapshotApply: Campaign = {
  id: "kill-during-snapshot-apply",
  group: "Crashes",
  title: "SIGKILL at a random moment of `applySnapshotBundle` (30 changes onto a clean checkout)",
  guarantee:
    "every path of the target holds its old or its new content, never a torn one; no work folder left means the target is exactly the checkout or exactly the snapshot; a work folder left holds every old content the target lost, byte for byte, and else only new contents (one possibly cut short); applying the bundle again recovers the interrupted apply from its journal and leaves exactly the snapshot, no work folder",
  minimumCases: { fast: 4, full: 100 },
  async run({ mode, scratch, log }) {
    const program = recorderChild(scratch);
    const { repository, checkout } = workspace(scratch);
    const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }]);
    const bundle = path.join(scratch, "run.snapshot.jsonl");
    try {
      await writeSnapshotBundle(staged, bundle);
    } finally {
      await staged.dispose();
    }
    const before = treeOf(checkout);
    const after = treeOf(repository);
    const oldContents = new Set(before.values());
    const newContents = new Set(after.values());

    const applyOnto = async (name: string, delay: number, aimed: boolean) => {
      const target = path.join(scratch, name, "target");
      const staging = path.join(scratch, name, "staging");
      mkdirSync(staging, { recursive: true });
      cpSync(checkout, target, { recursive: true, verbatimSymlinks: true });
      const end = await startChild(program, ["apply", bundle, target, staging, String(delay), aimed ? "commit" : "any"])
        .finished;
      return { target, end };
    };
    // How long an apply takes: the kills are spread over that time and a fifth more.
    const timing = await applyOnto("measure", 600_000_000, true);
    const answer = JSON.parse(timing.end.stdout.split("\n")[0] ?? "{}") as {
      ok?: boolean;
      microseconds?: number;
      commitAfter?: number;
    };
    if (answer.ok !== true || answer.microseconds === undefined || answer.commitAfter === undefined)
      throw new Error(`the measured apply failed: ${timing.end.stdout}${timing.end.stderr}`);
    const applied = treeOf(timing.target);
    if ([...after].some(([file, value]) => applied.get(file) !== value) || applied.size !== after.size)
      throw new Error("an apply that was not killed does not reproduce the snapshot");
    const span = answer.microseconds * 1.2;
    // Half the kills are aimed at the commit (from its work folder's appearance to its end), where the target changes.
    const commitSpan = Math.max(1, answer.microseconds - answer.commitAfter) * 1.2;

    const tally = new Tally();
    const outcomes = { untouched: 0, applied: 0, midway: 0 };
    const recovered = { undone: 0, finished: 0 };
    let copiesCutShort = 0;
    const trials = mode === "full" ? 110 : 4;
    let done = 0;
    await inParallel(
      Array.from({ length: trials }, (_, index) => index + 1),
      2,
      async (trial) => {
        const aimed = trial % 2 === 0;
        const delay = Math.round(Math.random() * (aimed ? commitSpan : span));
        const problems: string[] = [];
        try {
          const { target, end } = await applyOnto(`trial-${trial}`, delay, aimed);
          if (end.signal !== "SIGKILL" && !end.stdout.startsWith('{"ok":true'))
            problems.push(`the apply ended with ${end.code ?? end.signal}: ${end.stdout}${end.stderr}`);
          const workFolders = readdirSync(target).filter((name) => name.startsWith(workFolderPrefix));
          const now = treeOf(target, (name) => name.startsWith(workFolderPrefix));
          for (const [file, value] of now)
            if (value !== before.get(file) && value !== after.get(file))
              problems.push(`${file} holds neither its old nor its new content`);
          const same = (tree: Map<string, string>) =>
            tree.size === now.size && [...tree].every(([file, value]) => now.get(file) === value);
          if (same(before)) outcomes.untouched += 1;
          else if (same(after)) outcomes.applied += 1;
          else {
            outcomes.midway += 1;
            if (workFolders.length !== 1) problems.push(`applied midway with ${workFolders.length} work folders`);
            else {
              const parked = new Set(treeOf(path.join(target, workFolders[0] as string), isJournal).values());
              for (const [file, value] of before)
                if (now.get(file) !== value && !parked.has(value))
                  problems.push(`${file}'s old content is neither in place nor in the work folder`);
            }
          }
          // The work folder holds parked old contents and new ones on their way in; the one being copied when the
          // kill came is cut short (a prefix of a new content). Anything else would be bytes from nowhere.
          for (const folder of workFolders) {
            const cutShort = [...treeOf(path.join(target, folder), isJournal)].filter(
              ([, value]) => !oldContents.has(value) && !newContents.has(value),
            );
            const prefixOfNew = (value: string): boolean => {
              const bytes = Buffer.from(value.slice(value.indexOf(":") + 1), "base64");
              return [...newContents].some((other) =>
                Buffer.from(other.slice(other.indexOf(":") + 1), "base64")
                  .subarray(0, bytes.length)
                  .equals(bytes),
              );
            };
            if (cutShort.length > 1 || cutShort.some(([, value]) => !prefixOfNew(value)))
              problems.push(
                `${folder} holds ${cutShort.map(([file]) => file).join(", ")}: neither old nor new contents, nor one new content cut short`,
              );
            else if (cutShort.length === 1) copiesCutShort += 1;
          }
          // The same bundle again: it recovers what the kill left, then applies (or, the snapshot being in place
          // already, refuses to apply over it).
          const again = await applySnapshotBundle(bundle, {
            target,
            temporaryDirectory: path.join(scratch, `trial-${trial}`, "staging"),
          });
          for (const each of again.recovered ?? []) recovered[each.outcome] += 1;
          if ((again.recovered ?? []).length !== workFolders.length)
            problems.push(
              `applied again, it recovered ${(again.recovered ?? []).length} interrupted applies, not ${workFolders.length}: ${again.problems.map((problem) => problem.message).join("; ")}`,
            );
          const left = readdirSync(target).filter((name) => name.startsWith(workFolderPrefix));
          const final = treeOf(target);
          if (left.length > 0) problems.push(`applied again, ${left.join(", ")} is still there`);
          if (final.size !== after.size || [...after].some(([file, value]) => final.get(file) !== value))
            problems.push(
              `applied again, the target is not the snapshot (${again.ok ? "applied" : `refused: ${again.problems[0]?.message ?? ""}`})`,
            );
        } catch (error) {
          problems.push(`threw ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          // A killed apply's `git` children outlive it for a moment and may still be writing into its staging folder.
          rmSync(path.join(scratch, `trial-${trial}`), {
            recursive: true,
            force: true,
            maxRetries: 50,
            retryDelay: 20,
          });
        }
        tally.record(
          aimed ? "killed during the commit" : "killed at any moment",
          problems.length === 0
            ? undefined
            : `trial ${trial} (kill ${aimed ? "after the commit started, by" : "after"} ${delay} µs): ${problems.slice(0, 3).join("; ")}`,
        );
        if ((done += 1) % 50 === 0) log(`${done} of ${trials} trials`);
      },
    );
    tally.note(
      `an apply took ${Math.round(answer.microseconds / 1000)} ms here, its commit the last ${Math.round((answer.microseconds - answer.commitAfter) / 1000)} ms; of ${trials} kills, ${outcomes.untouched} left the checkout untouched, ${outcomes.applied} came after the whole snapshot was in place, ${outcomes.midway} left it applied midway with the work folder holding what was moved away (and in ${copiesCutShort} cases a new file's copy cut short, named only by a number like the old contents beside it); applying the bundle again recovered ${recovered.undone + recovered.finished} interrupted applies from their journals (${recovered.undone} undone, ${recovered.finished} finished: they had committed) and left exactly the snapshot every time`,
    );
    return tally.outcome();
  },
};
