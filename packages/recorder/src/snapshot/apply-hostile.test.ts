// Bundles made by a hostile sender, applied onto real checkouts: each case is an attack a campaign against `snapshot
// apply` found, and each asserts that nothing outside the target or inside `.git` changes and that a refusal leaves
// the target byte for byte as it was.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applySnapshotBundle } from "./apply.js";
import { writeSnapshotBundle } from "./bundle.js";
import { takeSnapshot } from "./create.js";
import {
  contentHash,
  fullStateOf,
  linkChange,
  patchAddingFile,
  patchAddingLink,
  writeHandMadeBundle,
  type HandMadeFile,
  type HandMadeRepository,
} from "@agent-transcript/fixtures/hand-made-bundles";
import {
  cloneAt,
  commitAll,
  initRepository,
  removeFolder,
  runGit,
  temporaryFolder,
  treeOf,
} from "./snapshot.test.helpers.js";

let folder: string;
let target: string;
let outside: string;
let head: string;
beforeEach(() => {
  folder = temporaryFolder();
  outside = path.join(folder, "outside");
  mkdirSync(outside);
  writeFileSync(path.join(outside, "victim.txt"), "precious\n");
  // The target is a checkout of a repository at `head`, which the bundles name.
  target = initRepository(path.join(folder, "target"));
  mkdirSync(path.join(target, "dir"));
  writeFileSync(path.join(target, "dir/a.txt"), "a\n");
  writeFileSync(path.join(target, "readme.md"), "hello\n");
  head = commitAll(target);
});
afterEach(() => {
  removeFolder(folder);
});

/** Applies a hand-made bundle and asserts it was refused with nothing changed anywhere; returns the messages. */
async function expectRefusedUnchanged(
  contents: { repositories?: HandMadeRepository[]; files?: HandMadeFile[] },
  options: { force?: boolean } = {},
): Promise<string> {
  const bundle = writeHandMadeBundle(path.join(folder, "bundle.jsonl"), contents);
  const [targetBefore, outsideBefore] = [fullStateOf(target), fullStateOf(outside)];
  const result = await applySnapshotBundle(bundle, { target, ...options });
  expect(result.ok).toBe(false);
  expect(fullStateOf(target)).toEqual(targetBefore);
  expect(fullStateOf(outside)).toEqual(outsideBefore);
  return result.problems.map((problem) => problem.message).join("\n");
}

describe("a link the bundle makes is never written through", () => {
  it.each([
    ["an absolute path outside the target", () => outside],
    ["a path climbing out of the target", () => "../outside"],
  ])("a patch's link to %s, then a file entry below it", async (_label, linkTarget) => {
    const messages = await expectRefusedUnchanged(
      {
        repositories: [
          {
            path: ".",
            head,
            patch: patchAddingLink("escape", linkTarget()),
            changes: [linkChange("escape", linkTarget())],
          },
        ],
        files: [{ path: "escape/victim.txt", content: "owned\n" }],
      },
      { force: true },
    );
    expect(messages).toMatch(/escape\/victim\.txt would go through escape, a symbolic link the bundle makes/);
    expect(readFileSync(path.join(outside, "victim.txt"), "utf8")).toBe("precious\n");
  });

  it("a link to .git/hooks, then a hook written through it", async () => {
    const messages = await expectRefusedUnchanged(
      {
        repositories: [
          {
            path: ".",
            head,
            patch: patchAddingLink("hooks", ".git/hooks"),
            changes: [linkChange("hooks", ".git/hooks")],
          },
        ],
        files: [{ path: "hooks/post-checkout", content: "#!/bin/sh\ntouch /tmp/owned\n", mode: "100755" }],
      },
      { force: true },
    );
    expect(messages).toMatch(/hooks would be a symbolic link to ".git\/hooks": it points into a \.git folder/);
    expect(existsSync(path.join(target, ".git/hooks/post-checkout"))).toBe(false);
  });

  it("a tracked folder turned into a link out of the target, then a file written below it", async () => {
    const patch =
      [
        "diff --git a/dir/a.txt b/dir/a.txt",
        "deleted file mode 100644",
        "index 0000000000000000000000000000000000000000..0000000000000000000000000000000000000000",
        "--- a/dir/a.txt",
        "+++ /dev/null",
        "@@ -1 +0,0 @@",
        "-a",
        "",
      ].join("\n") + patchAddingLink("dir", outside);
    const messages = await expectRefusedUnchanged({
      repositories: [
        {
          path: ".",
          head,
          patch,
          changes: [{ status: "deleted", path: "dir/a.txt" }, linkChange("dir", outside)],
        },
      ],
      files: [{ path: "dir/victim.txt", content: "owned\n" }],
    });
    expect(messages).toMatch(/dir would be a symbolic link to .*: it is absolute: it points outside the target/);
  });

  it("a link that leaves the target only through another link (d/up -> .., then a -> d/up/../x)", async () => {
    const patch = patchAddingLink("d/up", "..") + patchAddingLink("a", "d/up/../outside/victim.txt");
    const messages = await expectRefusedUnchanged({
      repositories: [
        {
          path: ".",
          head,
          patch,
          changes: [linkChange("d/up", ".."), linkChange("a", "d/up/../outside/victim.txt")],
        },
      ],
    });
    expect(messages).toMatch(
      /a would be a symbolic link to "d\/up\/\.\.\/outside\/victim\.txt": it leads out of the target/,
    );
  });

  it("an existing link in the target, on the way to a path the patch writes", async () => {
    symlinkSync(outside, path.join(target, "out"));
    const messages = await expectRefusedUnchanged(
      {
        repositories: [
          {
            path: ".",
            head,
            patch: patchAddingFile("out/new.txt", "owned\n"),
            changes: [
              { status: "added", path: "out/new.txt", mode: "100644", size: 6, sha256: contentHash("owned\n") },
            ],
          },
        ],
      },
      { force: true },
    );
    expect(messages).toMatch(/out is a symbolic link; refusing to write through it/);
  });
});

describe("a patch never reads outside the target", () => {
  it.each([
    ["copy from an absolute path", () => `copy from ${path.join(outside, "victim.txt")}\ncopy to stolen.txt`],
    ["copy from a path climbing out", () => "copy from ../outside/victim.txt\ncopy to stolen.txt"],
    ["rename from a path climbing out", () => "rename from ../outside/victim.txt\nrename to stolen.txt"],
    ["rename from an absolute path", () => `rename from ${path.join(outside, "victim.txt")}\nrename to stolen.txt`],
  ])("%s", async (_label, lines) => {
    const patch = `diff --git a/stolen.txt b/stolen.txt\nsimilarity index 100%\n${lines()}\n`;
    const messages = await expectRefusedUnchanged(
      {
        repositories: [{ path: ".", head, patch, changes: [{ status: "added", path: "stolen.txt", mode: "100644" }] }],
      },
      { force: true },
    );
    expect(messages).toMatch(/patch line [1-4]: /);
    expect(existsSync(path.join(target, "stolen.txt"))).toBe(false);
  });
});

describe("the patch is held to the changes the bundle declares", () => {
  it("refuses a patch that adds a file the bundle does not declare", async () => {
    const messages = await expectRefusedUnchanged({
      repositories: [{ path: ".", head, patch: patchAddingFile("undeclared.txt", "surprise\n"), changes: [] }],
    });
    expect(messages).toMatch(/the patch adds undeclared\.txt, which the bundle does not declare/);
  });

  it("refuses a declared change the patch does not make, and a status that disagrees", async () => {
    const messages = await expectRefusedUnchanged({
      repositories: [
        {
          path: ".",
          head,
          patch: patchAddingFile("new.txt", "x\n"),
          changes: [
            { status: "modified", path: "new.txt", mode: "100644" },
            { status: "deleted", path: "readme.md" },
          ],
        },
      ],
    });
    expect(messages).toMatch(/new\.txt is declared modified, but the patch has it added/);
    expect(messages).toMatch(/readme\.md is declared deleted, but the patch does not change it/);
  });

  it("refuses lines git would read that a snapshot never writes (an older-style patch after the last hunk)", async () => {
    const patch = `${patchAddingFile("new.txt", "x\n")}--- a/readme.md\n+++ b/readme.md\n@@ -1 +1 @@\n-hello\n+owned\n`;
    const messages = await expectRefusedUnchanged({
      repositories: [
        {
          path: ".",
          head,
          patch,
          changes: [{ status: "added", path: "new.txt", mode: "100644", size: 2, sha256: contentHash("x\n") }],
        },
      ],
    });
    expect(messages).toMatch(/patch line 8: unexpected line "--- a\/readme\.md" after a hunk/);
  });
});

describe("paths", () => {
  it.each([
    ".GIT/hooks/post-checkout",
    ".g\u200cit/hooks/post-checkout",
    ".git./hooks/x",
    "GIT~1/config",
    "sub/.Git/x",
  ])("refuses %j as a .git folder in another spelling", async (unsafe) => {
    const messages = await expectRefusedUnchanged({ files: [{ path: unsafe, content: "x\n" }] });
    expect(messages).toMatch(/names a \.git folder/);
  });

  it("refuses a path declared twice, instead of letting the last entry win", async () => {
    const messages = await expectRefusedUnchanged({
      files: [
        { path: "notes.txt", content: "first\n" },
        { path: "notes.txt", content: "second\n" },
      ],
    });
    expect(messages).toMatch(/notes\.txt is changed by two entries of the bundle/);
  });

  it("refuses a file and a file below it (a, then a/b) before writing anything", async () => {
    const messages = await expectRefusedUnchanged({
      files: [
        { path: "a", content: "file\n" },
        { path: "a/b", content: "below\n" },
      ],
    });
    expect(messages).toMatch(/a\/b lies below a, which the bundle makes a file/);
  });

  it("writes a 250-byte name, and refuses a name over 255 bytes", async () => {
    const long = "n".repeat(250);
    const bundle = writeHandMadeBundle(path.join(folder, "long.jsonl"), {
      files: [{ path: `other/${long}`, content: "long name\n" }],
    });
    const result = await applySnapshotBundle(bundle, { target: folder });
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(readFileSync(path.join(folder, "other", long), "utf8")).toBe("long name\n");
    const messages = await expectRefusedUnchanged({ files: [{ path: "n".repeat(256), content: "x\n" }] });
    expect(messages).toMatch(/a name longer than 255 bytes/);
  });
});

describe("a failure midway", () => {
  it("undoes everything it wrote: the target is byte for byte as it was", () => {
    // Three files, the last into a folder the applying user may not write to: its move into place fails for real
    // (EACCES) after the first two were moved into place. Root may write anywhere, so as root the child runs as
    // nobody, owning everything but that folder.
    mkdirSync(path.join(target, "locked"));
    const bundle = writeHandMadeBundle(path.join(folder, "bundle.jsonl"), {
      files: [
        { path: "target/first.txt", content: "one\n" },
        { path: "target/dir/second.txt", content: "two\n" },
        { path: "target/locked/third.txt", content: "three\n" },
      ],
    });
    const nobody = 65534;
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownTree(folder, nobody);
    chmodSync(path.join(target, "locked"), 0o555);
    const before = fullStateOf(target);
    const script = `
      import { applySnapshotBundle } from ${JSON.stringify(fileURLToPath(new URL("./apply.ts", import.meta.url)))};
      const result = await applySnapshotBundle(${JSON.stringify(bundle)}, { target: ${JSON.stringify(folder)} });
      process.stdout.write(JSON.stringify(result));
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: fileURLToPath(new URL("../../", import.meta.url)),
      encoding: "utf8",
      timeout: 60_000,
      ...(asRoot ? { uid: nobody, gid: nobody, env: { ...process.env, HOME: folder } } : {}),
    });
    expect(child.stderr).toBe("");
    const result = JSON.parse(child.stdout) as { ok: boolean; problems: Array<{ code: string; message: string }> };
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: "apply-failed",
        message: expect.stringMatching(/EACCES.*; everything written was undone, the target is as it was/),
      }),
    ]);
    expect(fullStateOf(target)).toEqual(before);
  });
});

function chownTree(root: string, id: number): void {
  chownSync(root, id, id);
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true }))
    lchownSync(path.join(entry.parentPath, entry.name), id, id);
}

describe("modes", () => {
  it("gives a new file the umask's mode and keeps a replaced file's own narrower mode", async () => {
    chmodSync(path.join(target, "readme.md"), 0o600);
    const source = temporaryFolder();
    try {
      const repository = cloneAt(target, path.join(source, "repository"), head);
      writeFileSync(path.join(repository, "readme.md"), "changed\n");
      const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }]);
      const bundle = path.join(folder, "bundle.jsonl");
      await writeSnapshotBundle(staged, bundle);
      await staged.dispose();
      runGit(target, ["update-index", "--refresh"]);
      const result = await applySnapshotBundle(bundle, { target });
      expect(result).toMatchObject({ ok: true, problems: [] });
      expect(readFileSync(path.join(target, "readme.md"), "utf8")).toBe("changed\n");
      expect(statSync(path.join(target, "readme.md")).mode & 0o777).toBe(0o600);
    } finally {
      removeFolder(source);
    }
    expect(treeOf(target)["readme.md"]).toEqual({
      kind: "file",
      executable: false,
      content: Buffer.from("changed\n").toString("base64"),
    });
  });

  it("brings a private file back no wider than it left (a 0600 .env in the repository, a 0600 key beside it)", async () => {
    const source = temporaryFolder();
    try {
      const repository = cloneAt(target, path.join(source, "repository"), head);
      writeFileSync(path.join(repository, ".env"), "TOKEN=1\n", { mode: 0o600 });
      chmodSync(path.join(repository, ".env"), 0o600);
      writeFileSync(path.join(source, "id_ed25519"), "key\n");
      chmodSync(path.join(source, "id_ed25519"), 0o600);
      const staged = await takeSnapshot([
        { version: 1, kind: "repo", path: repository },
        { version: 1, kind: "file", path: path.join(source, "id_ed25519") },
      ]);
      expect(staged.repositories[0]?.changes).toEqual([expect.objectContaining({ path: ".env", permissions: "0600" })]);
      expect(staged.files).toEqual([expect.objectContaining({ path: "id_ed25519", permissions: "0600" })]);
      const bundle = path.join(folder, "bundle.jsonl");
      await writeSnapshotBundle(staged, bundle);
      await staged.dispose();
      // The target's root stands for the bundle's: the repository is its `repository` folder.
      const root = path.join(folder, "root");
      mkdirSync(root);
      cloneAt(target, path.join(root, "repository"), head);
      const result = await applySnapshotBundle(bundle, { target: root });
      expect(result).toMatchObject({ ok: true, problems: [] });
      expect(statSync(path.join(root, "repository/.env")).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(root, "id_ed25519")).mode & 0o777).toBe(0o600);
    } finally {
      removeFolder(source);
    }
  });
});
