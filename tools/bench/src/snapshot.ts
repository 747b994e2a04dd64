// Workspace snapshots (issue #12): creating and applying a snapshot of 1,000 changed files and a 50 MB binary, side by
// side with `git diff --binary` and `git apply` of the same change. Each pass of either side is a child process
// (git, or node running the recorder): the snapshot side pays node's start-up and module loading on top of its
// work, which the note states. Applying is undone after each pass with `git apply -R` of the same patch on both
// sides, so each pass starts from the same clean checkout; that shared cost is in both sides' times.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BenchmarkSpec } from "./measure.js";

const side = fileURLToPath(new URL("snapshot-side.mjs", import.meta.url));

function run(command: string, args: readonly string[], cwd: string): void {
  const result = spawnSync(command, [...args], { cwd, stdio: ["ignore", "ignore", "pipe"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr.toString()}`);
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "bench",
      GIT_AUTHOR_EMAIL: "bench@example.com",
      GIT_COMMITTER_NAME: "bench",
      GIT_COMMITTER_EMAIL: "bench@example.com",
    },
  });
}

/** Incompressible bytes: the patch carries every one of them. */
function noise(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = 2463534242;
  for (let index = 0; index + 4 <= size; index += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes.writeUInt32LE(state >>> 0, index);
  }
  return bytes;
}

interface Workspace {
  folder: string;
  repository: string;
  checkout: string;
  bundle: string;
  patch: string;
  bytes: number;
}

let prepared: Workspace | undefined;

/** The repository (1,000 changed files: modified, deleted, renamed, added; and the binary), made once per process. */
function workspace(quick: boolean): Workspace {
  if (prepared) return prepared;
  const folder = mkdtempSync(path.join(os.tmpdir(), "bench-snapshot-"));
  const repository = path.join(folder, "repository");
  git(folder, "init", "-q", "-b", "main", repository);
  const files = quick ? 100 : 1000;
  for (let index = 0; index < files; index += 1) {
    mkdirSync(path.join(repository, `module-${index % 20}`), { recursive: true });
    writeFileSync(
      path.join(repository, `module-${index % 20}/file-${index}.ts`),
      `export const value${index} = "${String(index).repeat(50)}";\n`,
    );
  }
  git(repository, "add", "-A");
  git(repository, "commit", "-q", "-m", "base");
  const head = git(repository, "rev-parse", "HEAD").trim();
  for (let index = 0; index < files; index += 1) {
    const file = path.join(repository, `module-${index % 20}/file-${index}.ts`);
    if (index % 4 === 0) writeFileSync(file, `export const value${index} = ${index};\n`);
    else if (index % 4 === 1) rmSync(file);
    else if (index % 4 === 2) renameSync(file, `${file}.renamed`);
    else writeFileSync(path.join(repository, `module-${index % 20}/added-${index}.ts`), `// new ${index}\n`);
  }
  const bytes = (quick ? 2 : 50) * 1000 * 1000;
  writeFileSync(path.join(repository, "model.bin"), noise(bytes));
  // The baseline's `git diff` sees untracked files only when the index marks them (the snapshot marks them in a
  // private copy of the index).
  git(repository, "add", "--intent-to-add", "-A");
  const checkout = path.join(folder, "checkout");
  git(folder, "clone", "-q", repository, checkout);
  git(checkout, "checkout", "-q", head);
  const patch = path.join(folder, "change.patch");
  const bundle = path.join(folder, "change.snapshot.jsonl");
  run("sh", ["-c", `git diff --binary HEAD > '${patch}'`], repository);
  run(process.execPath, [side, "create", repository, bundle], folder);
  prepared = { folder, repository, checkout, bundle, patch, bytes };
  process.on("exit", () => rmSync(folder, { recursive: true, force: true }));
  return prepared;
}

export function snapshotBenchmark(id: "snapshot-create" | "snapshot-apply", quick: boolean): BenchmarkSpec {
  const space = workspace(quick);
  const size = quick ? "100 files and a 2 MB binary" : "1,000 files and a 50 MB binary";
  const undo = (): void => run("git", ["apply", "-R", space.patch], space.checkout);
  if (id === "snapshot-create")
    return {
      id,
      title: `snapshot create (${size}) vs git diff --binary`,
      baseline: {
        label: "git diff --binary HEAD > patch",
        pass: () => {
          run("sh", ["-c", `git diff --binary HEAD > '${space.patch}'`], space.repository);
          return 1;
        },
      },
      candidate: {
        label: "takeSnapshot + writeSnapshotBundle (node child process)",
        pass: () => {
          run(process.execPath, [side, "create", space.repository, space.bundle], space.folder);
          return 1;
        },
      },
      bytesPerPass: space.bytes,
      itemsPerPass: 1,
      forcedGcBeforeSamples: false,
      note: "Each pass is a child process; the snapshot side also starts node and loads the recorder, copies the index and marks untracked files, lists and hashes every changed path, scans the added lines for secrets, and writes the patch into the bundle in chunk lines.",
    };
  return {
    id,
    title: `snapshot apply (${size}) vs git apply`,
    baseline: {
      label: "git apply patch, then git apply -R",
      pass: () => {
        run("git", ["apply", space.patch], space.checkout);
        undo();
        return 1;
      },
    },
    candidate: {
      label: "applySnapshotBundle (node child process), then git apply -R",
      pass: () => {
        run(process.execPath, [side, "apply", space.bundle, space.checkout], space.folder);
        undo();
        return 1;
      },
    },
    bytesPerPass: space.bytes,
    itemsPerPass: 1,
    forcedGcBeforeSamples: false,
    note: "Both sides undo the change with the same `git apply -R` after each pass (in both times). The snapshot side also starts node, checks every line and hash of the bundle while staging the patch, checks the checkout's HEAD and status, and verifies every path after applying.",
  };
}
