// Reading what a patch does: real patches of every shape `snapshot create` writes, checked against git's own reading
// of them (`git apply --numstat --summary`), and hostile lines refused with their line.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PatchStructureError, PatchStructureReader, type PatchSection } from "./patch-structure.js";
import { commitAll, initRepository, removeFolder, runGit, temporaryFolder } from "./snapshot.test.helpers.js";

function read(patch: string | Buffer, pieceBytes = 1 << 20): PatchSection[] {
  const reader = new PatchStructureReader();
  const bytes = Buffer.from(patch);
  for (let at = 0; at < bytes.length; at += pieceBytes) reader.push(bytes.subarray(at, at + pieceBytes));
  return reader.end();
}

let folder: string;
let patch: Buffer;
beforeAll(() => {
  folder = temporaryFolder("patch-structure-");
  const repository = initRepository(path.join(folder, "repository"));
  mkdirSync(path.join(repository, "dir"));
  writeFileSync(path.join(repository, "dir/a.txt"), "a\nb\nc\n");
  writeFileSync(path.join(repository, "gone.txt"), "gone\n");
  writeFileSync(path.join(repository, "moved.txt"), "a line long enough to be recognised after a rename\n".repeat(8));
  writeFileSync(path.join(repository, "tool.sh"), "#!/bin/sh\n");
  writeFileSync(path.join(repository, "image.bin"), Buffer.from([0, 1, 2, 3, 255, 0, 7]));
  writeFileSync(path.join(repository, "becomes-link"), "file\n");
  commitAll(repository);
  writeFileSync(path.join(repository, "dir/a.txt"), "a\nB\nc\n-- not a header\n");
  rmSync(path.join(repository, "gone.txt"));
  renameSync(path.join(repository, "moved.txt"), path.join(repository, "renamed with space.txt"));
  chmodSync(path.join(repository, "tool.sh"), 0o755);
  writeFileSync(path.join(repository, "image.bin"), Buffer.from([0, 9, 9, 9, 255, 0, 7, 8]));
  rmSync(path.join(repository, "becomes-link"));
  symlinkSync("dir/a.txt", path.join(repository, "becomes-link"));
  writeFileSync(path.join(repository, 'ünï "q".txt'), "quoted name\n");
  writeFileSync(path.join(repository, "empty"), "");
  runGit(repository, ["add", "-A"]);
  patch = execFileSync(
    "git",
    ["-c", "core.quotePath=true", "diff", "--cached", "--binary", "--full-index", "--find-renames", "HEAD"],
    { cwd: repository },
  );
});
afterAll(() => {
  removeFolder(folder);
});

describe("a real patch", () => {
  it("reads as git reads it: each section's paths, status, modes and a link's target", () => {
    expect(read(patch)).toEqual([
      expect.objectContaining({ status: "deleted", oldPath: "becomes-link", oldMode: "100644" }),
      expect.objectContaining({ status: "added", newPath: "becomes-link", newMode: "120000", linkTarget: "dir/a.txt" }),
      expect.objectContaining({ status: "modified", oldPath: "dir/a.txt", newPath: "dir/a.txt", newMode: "100644" }),
      expect.objectContaining({ status: "added", newPath: "empty", newMode: "100644" }),
      expect.objectContaining({ status: "deleted", oldPath: "gone.txt" }),
      expect.objectContaining({ status: "modified", newPath: "image.bin", binary: true }),
      expect.objectContaining({ status: "renamed", oldPath: "moved.txt", newPath: "renamed with space.txt" }),
      expect.objectContaining({ status: "modified", newPath: "tool.sh", oldMode: "100644", newMode: "100755" }),
      expect.objectContaining({ status: "added", newPath: 'ünï "q".txt' }),
    ]);
    // git's own reading names the same paths.
    const summary = execFileSync("git", ["apply", "--summary", "--numstat", "-z", "-"], {
      cwd: folder,
      input: patch,
    }).toString("utf8");
    const named = read(patch).flatMap((section) => [section.oldPath, section.newPath]);
    expect(named.filter((name) => name !== undefined && !summary.includes(name))).toEqual([]);
  });

  it("reads the same however its bytes are cut", () => {
    const whole = read(patch);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 97 }), (pieceBytes) => {
        expect(read(patch, pieceBytes)).toEqual(whole);
      }),
    );
  });
});

describe("a hostile patch", () => {
  const added = "diff --git a/x b/x\nnew file mode 100644\n--- /dev/null\n+++ b/x\n@@ -0,0 +1 @@\n+x\n";
  it.each([
    ["copy from outside", "diff --git a/x b/x\nsimilarity index 100%\ncopy from /etc/passwd\ncopy to x\n", 3, /a copy/],
    [
      "rename from outside",
      "diff --git a/../y b/x\nsimilarity index 100%\nrename from ../y\nrename to x\n",
      1,
      /unsafe path "\.\.\/y": it climbs out/,
    ],
    [
      "a header naming another file than --- and +++",
      "diff --git a/x b/x\nnew file mode 100644\n--- /dev/null\n+++ b/.git/hooks/post-checkout\n@@ -0,0 +1 @@\n+x\n",
      1,
      /unsafe path|names other files/,
    ],
    ["text before the first section", `garbage\n${added}`, 1, /starts with its first `diff --git` line/],
    [
      "an older-style patch after a hunk",
      `${added}--- a/y\n+++ b/y\n@@ -1 +1 @@\n-a\n+b\n`,
      7,
      /unexpected line "--- a\/y"/,
    ],
    ["a hunk longer than its header", `${added}+extra\n`, 7, /unexpected line "\+extra" after a hunk/],
    ["a hunk cut short", added.replace("+x\n", ""), 5, /ends inside a hunk/],
    ["a submodule", "diff --git a/m b/m\nnew file mode 160000\n", 2, /mode 160000 is not carried/],
    ["a .git alias", "diff --git a/.GIT/config b/.GIT/config\nnew file mode 100644\n", 1, /names a \.git folder/],
    ["an old synonym git also reads", "diff --git a/x b/x\nrename old x\n", 2, /unexpected header line/],
    ["a name that is not UTF-8", 'diff --git "a/\\377" "b/\\377"\nnew file mode 100644\n', 1, /does not name one file/],
  ])("refuses %s, naming the line", (_label, text, line, reason) => {
    let caught: unknown;
    try {
      read(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PatchStructureError);
    expect((caught as PatchStructureError).line).toBe(line);
    expect((caught as Error).message).toMatch(reason);
  });
});
