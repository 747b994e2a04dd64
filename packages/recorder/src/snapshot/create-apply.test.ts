import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  renameSync,
  existsSync,
  statSync,
  utimesSync,
} from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applySnapshotBundle } from "./apply.js";
import { readSnapshotBundle, writeSnapshotBundle } from "./bundle.js";
import { readSnapshotDeclarations } from "./read-declarations.js";
import { takeSnapshot } from "./create.js";
import { describeSecrets } from "./run-snapshot.js";
import {
  cloneAt,
  commitAll,
  initRepository,
  removeFolder,
  runGit,
  temporaryFolder,
  treeOf,
} from "./snapshot.test.helpers.js";
import { summarizeSnapshotBundle } from "./summary.js";

let folder: string;
beforeEach(() => {
  folder = temporaryFolder();
});
afterEach(() => {
  removeFolder(folder);
});

const awkwardNames = [
  "with space.txt",
  'with "quotes".txt',
  "back\\slash.txt",
  "ünïcödé — 日本.txt",
  "tab\there.txt",
  "dir with space/nested 'single'.md",
];

function binary(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed;
  for (let index = 0; index < size; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[index] = state >> 16;
  }
  return bytes;
}

/** A repository with every kind of change the snapshot must carry; returns its HEAD. */
function workspaceWithEveryChange(repository: string): string {
  initRepository(repository);
  mkdirSync(path.join(repository, "src"), { recursive: true });
  writeFileSync(path.join(repository, "src/main.ts"), "export const a = 1;\nexport const b = 2;\n");
  writeFileSync(path.join(repository, "src/staged.ts"), "one\n");
  writeFileSync(path.join(repository, "to-delete.txt"), "bye\n");
  writeFileSync(
    path.join(repository, "to-rename.txt"),
    "a long enough line to be found again after the rename\n".repeat(20),
  );
  writeFileSync(path.join(repository, "script.sh"), "#!/bin/sh\necho hi\n");
  writeFileSync(path.join(repository, "was-executable.sh"), "#!/bin/sh\n");
  chmodSync(path.join(repository, "was-executable.sh"), 0o755);
  writeFileSync(path.join(repository, "image.bin"), binary(4096, 1));
  writeFileSync(path.join(repository, "link-target.txt"), "target\n");
  writeFileSync(path.join(repository, ".gitignore"), "*.log\nbuild/\n");
  const head = commitAll(repository, "base");

  writeFileSync(
    path.join(repository, "src/main.ts"),
    "export const a = 10;\nexport const b = 2;\nexport const c = 3;\n",
  );
  writeFileSync(path.join(repository, "src/staged.ts"), "one\ntwo\n");
  runGit(repository, ["add", "src/staged.ts"]);
  writeFileSync(path.join(repository, "src/staged.ts"), "one\ntwo\nthree (unstaged, on top of staged)\n");
  rmSync(path.join(repository, "to-delete.txt"));
  renameSync(path.join(repository, "to-rename.txt"), path.join(repository, "renamed.txt"));
  chmodSync(path.join(repository, "script.sh"), 0o755);
  chmodSync(path.join(repository, "was-executable.sh"), 0o644);
  writeFileSync(path.join(repository, "image.bin"), binary(4096, 2));
  writeFileSync(
    path.join(repository, "new-binary.dat"),
    Buffer.concat([Buffer.from([0, 1, 2, 0xff]), binary(2000, 3)]),
  );
  writeFileSync(path.join(repository, "empty.txt"), "");
  writeFileSync(path.join(repository, "no-final-newline.txt"), "no newline at the end");
  symlinkSync("link-target.txt", path.join(repository, "a-link"));
  mkdirSync(path.join(repository, "dir with space"), { recursive: true });
  for (const name of awkwardNames) writeFileSync(path.join(repository, name), `content of ${name}\n`);
  writeFileSync(path.join(repository, "ignored.log"), "never carried\n");
  mkdirSync(path.join(repository, "build"));
  writeFileSync(path.join(repository, "build/output.js"), "ignored too\n");
  return head;
}

describe("a snapshot of a repository, applied onto a clean checkout of its HEAD", () => {
  it("reproduces the working tree byte for byte: additions, modifications, deletions, renames, binaries, modes, links and awkward names", async () => {
    const repository = path.join(folder, "workspace");
    const head = workspaceWithEveryChange(repository);
    const statusBefore = runGit(repository, ["status", "--porcelain=v1", "-z"]);

    const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }], { now: new Date(0) });
    const bundle = path.join(folder, "run.snapshot.jsonl");
    try {
      await writeSnapshotBundle(staged, bundle);
    } finally {
      await staged.dispose();
    }
    // Taking a snapshot changes nothing in the repository: not its index, not its status.
    expect(runGit(repository, ["status", "--porcelain=v1", "-z"])).toBe(statusBefore);

    const checkout = cloneAt(repository, path.join(folder, "elsewhere"), head);
    const result = await applySnapshotBundle(bundle, { target: checkout });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    const ignored = ["ignored.log", "build"];
    expect(treeOf(checkout, ignored)).toEqual(treeOf(repository, ignored));
    expect(existsSync(path.join(checkout, "ignored.log"))).toBe(false);
  });

  it("records HEAD, branch, remote and every change with its status, mode and hash", async () => {
    const repository = path.join(folder, "workspace");
    const head = workspaceWithEveryChange(repository);
    runGit(repository, ["remote", "add", "origin", "https://example.com/team/workspace.git"]);
    const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }]);
    try {
      const [entry] = staged.repositories;
      expect(entry).toMatchObject({ path: ".", source_path: repository, head, branch: "main" });
      expect(entry?.remote).toEqual({ name: "origin", url: "https://example.com/team/workspace.git" });
      const byPath = Object.fromEntries((entry?.changes ?? []).map((change) => [change.path, change]));
      expect(byPath["renamed.txt"]).toMatchObject({ status: "renamed", old_path: "to-rename.txt", mode: "100644" });
      expect(byPath["to-delete.txt"]).toEqual({ status: "deleted", path: "to-delete.txt" });
      expect(byPath["script.sh"]).toMatchObject({ status: "modified", mode: "100755" });
      expect(byPath["a-link"]).toMatchObject({ status: "added", mode: "120000", size: "link-target.txt".length });
      expect(byPath["new-binary.dat"]).toMatchObject({ status: "added", binary: true, size: 2004 });
      expect(byPath['with "quotes".txt']).toMatchObject({ status: "added" });
      expect(byPath["ignored.log"]).toBeUndefined();
      expect(staged.header).toMatchObject({ root: repository, repositories: 1, files: 0, problems: [] });
    } finally {
      await staged.dispose();
    }
  });

  it("refuses a checkout at another HEAD or with a dirty tree, unless forced, and writes nothing when it refuses", async () => {
    const repository = path.join(folder, "workspace");
    initRepository(repository);
    writeFileSync(path.join(repository, "a.txt"), "one\n");
    const first = commitAll(repository, "first");
    writeFileSync(path.join(repository, "b.txt"), "two\n");
    const second = commitAll(repository, "second");
    writeFileSync(path.join(repository, "c.txt"), "new\n");
    const bundle = path.join(folder, "bundle.jsonl");
    const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }]);
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();

    const behind = cloneAt(repository, path.join(folder, "behind"), first);
    const refused = await applySnapshotBundle(bundle, { target: behind });
    expect(refused.ok).toBe(false);
    expect(refused.problems).toEqual([
      expect.objectContaining({ code: "refused", message: expect.stringContaining(`not the recorded ${second}`) }),
    ]);
    expect(existsSync(path.join(behind, "c.txt"))).toBe(false);
    const forced = await applySnapshotBundle(bundle, { target: behind, force: true });
    expect(forced.ok).toBe(true);
    expect(readFileSync(path.join(behind, "c.txt"), "utf8")).toBe("new\n");

    const dirty = cloneAt(repository, path.join(folder, "dirty"), second);
    writeFileSync(path.join(dirty, "scratch.txt"), "mine\n");
    const refusedDirty = await applySnapshotBundle(bundle, { target: dirty });
    expect(refusedDirty.problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining("has uncommitted changes or untracked files"),
    ]);
    expect(existsSync(path.join(dirty, "c.txt"))).toBe(false);
    expect((await applySnapshotBundle(bundle, { target: dirty, force: true })).ok).toBe(true);
  });

  it("carries a repository without commits, and one without changes", async () => {
    const fresh = initRepository(path.join(folder, "fresh"));
    writeFileSync(path.join(fresh, "first.txt"), "hello\n");
    const clean = initRepository(path.join(folder, "clean"));
    writeFileSync(path.join(clean, "kept.txt"), "kept\n");
    const cleanHead = commitAll(clean);
    const staged = await takeSnapshot([
      { version: 1, kind: "repo", path: fresh },
      { version: 1, kind: "repo", path: clean },
    ]);
    const bundle = path.join(folder, "bundle.jsonl");
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();
    expect(staged.repositories.map((entry) => [entry.path, entry.head, entry.size > 0])).toEqual([
      ["fresh", undefined, true],
      ["clean", cleanHead, false],
    ]);
    const target = path.join(folder, "target");
    mkdirSync(target);
    initRepository(path.join(target, "fresh"));
    cloneAt(clean, path.join(target, "clean"), cleanHead);
    const result = await applySnapshotBundle(bundle, { target });
    expect(result.problems).toEqual([]);
    expect(readFileSync(path.join(target, "fresh/first.txt"), "utf8")).toBe("hello\n");
  });
});

describe("declared files", () => {
  it("carries a file outside any repository verbatim, with its mode, under the bundle's root", async () => {
    const logs = path.join(folder, "tmp");
    mkdirSync(logs);
    const log = path.join(logs, "agent run.log");
    writeFileSync(log, "line one\nline two — ünïcode\n");
    const tool = path.join(logs, "tool.bin");
    writeFileSync(tool, binary(3000, 9));
    chmodSync(tool, 0o755);
    const staged = await takeSnapshot([
      { version: 1, kind: "file", path: log },
      { version: 1, kind: "file", path: tool },
    ]);
    const bundle = path.join(folder, "bundle.jsonl");
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();
    expect(staged.header.root).toBe(logs);
    expect(staged.files.map((file) => [file.path, file.encoding, file.mode])).toEqual([
      ["agent run.log", "utf8", "100644"],
      ["tool.bin", "base64", "100755"],
    ]);
    const target = path.join(folder, "target");
    mkdirSync(target);
    const result = await applySnapshotBundle(bundle, { target });
    expect(result.problems).toEqual([]);
    expect(treeOf(target)).toEqual(treeOf(logs));

    writeFileSync(path.join(target, "agent run.log"), "changed since\n");
    const refused = await applySnapshotBundle(bundle, { target });
    expect(refused.problems).toEqual([
      expect.objectContaining({ code: "refused", message: expect.stringContaining("exists with other content") }),
    ]);
    expect((await applySnapshotBundle(bundle, { target, force: true })).ok).toBe(true);
    expect(readFileSync(path.join(target, "agent run.log"), "utf8")).toBe("line one\nline two — ünïcode\n");
  });

  it("leaves out, and names, what is missing, not a file, over the size cap, or not a repository's root", async () => {
    const repository = initRepository(path.join(folder, "repo"));
    mkdirSync(path.join(repository, "sub"));
    writeFileSync(path.join(repository, "big.txt"), "x".repeat(2048));
    writeFileSync(path.join(folder, "large.log"), "y".repeat(2048));
    const staged = await takeSnapshot(
      [
        { version: 1, kind: "repo", path: repository },
        { version: 1, kind: "repo", path: path.join(repository, "sub") },
        { version: 1, kind: "repo", path: path.join(folder, "nothing-here") },
        { version: 1, kind: "file", path: path.join(folder, "large.log") },
        { version: 1, kind: "file", path: repository + "-missing.txt" },
      ],
      { maxFileBytes: 1024 },
    );
    await staged.dispose();
    expect(staged.header.problems.map((problem) => [problem.code, problem.path])).toEqual([
      ["too-large", path.join(repository, "big.txt")],
      ["not-a-repository", path.join(repository, "sub")],
      ["missing", path.join(folder, "nothing-here")],
      ["too-large", path.join(folder, "large.log")],
      ["missing", repository + "-missing.txt"],
    ]);
    expect(staged.repositories[0]?.changes).toEqual([]);
  });
});

describe("hostile declared files", () => {
  it("never follows a declared file that is a symbolic link, nor opens a FIFO: each is left out and named", async () => {
    const secret = path.join(folder, "private", "id_rsa");
    mkdirSync(path.dirname(secret));
    writeFileSync(secret, "the victim's key\n");
    const planted = path.join(folder, "agent-run.log");
    symlinkSync(secret, planted);
    const fifo = path.join(folder, "agent-run.fifo");
    execFileSync("mkfifo", [fifo]);
    const staged = await takeSnapshot([
      { version: 1, kind: "file", path: planted },
      { version: 1, kind: "file", path: fifo },
    ]);
    const bundle = path.join(folder, "bundle.jsonl");
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();
    expect(staged.header.problems).toEqual([
      {
        code: "not-a-file",
        path: planted,
        message: `${planted}: a symbolic link, never followed (declare the file it points to): left out`,
      },
      { code: "not-a-file", path: fifo, message: `${fifo}: a FIFO, not a regular file: left out` },
    ]);
    expect(staged.files).toEqual([]);
    expect(readFileSync(bundle, "utf8")).not.toContain("the victim's key");
  });
});

describe("files declared inside a repository that is not taken", () => {
  function declarationsOf(text: string): ReturnType<typeof readSnapshotDeclarations> {
    return readSnapshotDeclarations(text);
  }

  it("are taken as files, and the warning names the folder and each file, when the folder is not a git repository", async () => {
    const notRepository = path.join(folder, "not-a-repository");
    mkdirSync(path.join(notRepository, "logs"), { recursive: true });
    const log = path.join(notRepository, "logs/run.log");
    writeFileSync(log, "what the agent did\n");
    const report = declarationsOf(
      [
        { version: 1, kind: "repo", path: notRepository },
        { version: 1, kind: "file", path: log },
      ]
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(""),
    );
    const staged = await takeSnapshot(report.declarations, { redundant: report.redundant });
    await staged.dispose();
    expect(staged.header.problems).toEqual([
      {
        code: "not-a-repository",
        path: notRepository,
        message: `${notRepository}: not a git repository; the file declared inside it is taken as a file instead: ${log}`,
      },
    ]);
    expect(staged.files.map((file) => [file.path, file.source_path])).toEqual([["logs/run.log", log]]);
    expect(staged.header.declarations).toEqual([
      { version: 1, kind: "repo", path: notRepository },
      { version: 1, kind: "file", path: log },
    ]);
  });

  it("refuses / as a repository, naming it, and takes the files declared under it as files", async () => {
    const notes = path.join(folder, "notes.txt");
    writeFileSync(notes, "notes\n");
    const report = declarationsOf(
      [
        { version: 1, kind: "repo", path: "/" },
        { version: 1, kind: "file", path: notes },
      ]
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(""),
    );
    const staged = await takeSnapshot(report.declarations, { redundant: report.redundant });
    await staged.dispose();
    expect(staged.header.problems).toEqual([
      {
        code: "not-a-repository",
        path: "/",
        message: `/: the file system's root is never taken as a repository (declare the repositories under it); the file declared inside it is taken as a file instead: ${notes}`,
      },
    ]);
    expect(staged.header.root).toBe(folder);
    expect(staged.files.map((file) => [file.path, file.source_path])).toEqual([["notes.txt", notes]]);
  });

  it("are not taken twice when a repository declared deeper carries them", async () => {
    const outer = path.join(folder, "outer");
    mkdirSync(outer);
    const inner = initRepository(path.join(outer, "inner"));
    writeFileSync(path.join(inner, "kept.txt"), "one\n");
    commitAll(inner);
    writeFileSync(path.join(inner, "kept.txt"), "two\n");
    const report = declarationsOf(
      [
        { version: 1, kind: "repo", path: outer },
        { version: 1, kind: "repo", path: inner },
        { version: 1, kind: "file", path: path.join(inner, "kept.txt") },
      ]
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(""),
    );
    const staged = await takeSnapshot(report.declarations, { redundant: report.redundant });
    await staged.dispose();
    expect(staged.header.problems).toEqual([
      expect.objectContaining({ code: "not-a-repository", message: `${outer}: not a git repository` }),
    ]);
    expect(staged.repositories.map((repository) => repository.changes.map((change) => change.path))).toEqual([
      ["kept.txt"],
    ]);
    expect(staged.files).toEqual([]);
  });
});

describe("secrets", () => {
  const token = `ghp_${"A1b2C3d4E5".repeat(3)}123456`;
  const key = [
    "-----BEGIN RSA PRIVATE KEY-----",
    "MIIEowIBAAKCAQEA7x".padEnd(64, "Q"),
    "-----END RSA PRIVATE KEY-----",
  ].join("\n");

  function workspaceWithSecrets(): { repository: string; head: string; notes: string } {
    const repository = initRepository(path.join(folder, "repo"));
    writeFileSync(path.join(repository, "config.env"), "NAME=app\n");
    const head = commitAll(repository);
    writeFileSync(path.join(repository, "config.env"), `NAME=app\nGITHUB_TOKEN=${token}\nafter=1\n`);
    writeFileSync(path.join(repository, "deploy key.pem"), `${key}\n`);
    const notes = path.join(folder, "notes.txt");
    writeFileSync(notes, `token: ${token}\n`);
    runGit(repository, ["remote", "add", "origin", "https://deploy:s3cretPassw0rd@example.com/repo.git"]);
    return { repository, head, notes };
  }

  it("counts secrets per rule and per file, and keeps them unless asked", async () => {
    const { repository, notes } = workspaceWithSecrets();
    const staged = await takeSnapshot([
      { version: 1, kind: "repo", path: repository },
      { version: 1, kind: "file", path: notes },
    ]);
    await staged.dispose();
    expect(staged.header.secrets).toEqual({
      total: 5,
      counts: { "github-token": 2, "private-key": 1, "url-credentials": 1, "secret-file-name": 1 },
      findings: [
        { repository: "repo", path: ".git/config", counts: { "url-credentials": 1 } },
        { repository: "repo", path: "config.env", counts: { "github-token": 1 } },
        { repository: "repo", path: "deploy key.pem", counts: { "private-key": 1, "secret-file-name": 1 } },
        { path: "notes.txt", counts: { "github-token": 1 } },
      ],
      redacted: false,
    });
  });

  it("finds files by their name too (a finding of its own), whatever their content, and never a shared template", async () => {
    const repository = initRepository(path.join(folder, "repo"));
    writeFileSync(path.join(repository, "README.md"), "app\n");
    commitAll(repository);
    writeFileSync(path.join(repository, ".env"), "DATABASE_PASSWORD=hunter2\n");
    writeFileSync(path.join(repository, ".env.example"), "DATABASE_PASSWORD=\n");
    mkdirSync(path.join(repository, "keys"));
    writeFileSync(path.join(repository, "keys/id_ed25519"), "an encrypted key the scanner cannot read\n");
    writeFileSync(path.join(repository, "keys/id_ed25519.pub"), "ssh-ed25519 AAAA public\n");
    writeFileSync(path.join(repository, "README.md"), "app, changed\n");
    const home = path.join(folder, "home");
    mkdirSync(path.join(home, ".aws"), { recursive: true });
    mkdirSync(path.join(home, "etc"));
    const declared = {
      npmrc: path.join(home, ".npmrc"),
      netrc: path.join(home, ".netrc"),
      aws: path.join(home, ".aws/credentials"),
      shadow: path.join(home, "etc/shadow"),
      certificate: path.join(home, "server.PEM"),
      production: path.join(home, ".env.production"),
      notes: path.join(home, "notes.txt"),
    };
    for (const file of Object.values(declared)) writeFileSync(file, "opaque\n");
    writeFileSync(declared.notes, `token: ${token}\n`);
    writeFileSync(declared.production, `GITHUB_TOKEN=${token}\n`);
    const staged = await takeSnapshot([
      { version: 1, kind: "repo", path: repository },
      ...Object.values(declared).map((file) => ({ version: 1 as const, kind: "file" as const, path: file })),
    ]);
    await staged.dispose();
    expect(staged.header.secrets).toEqual({
      total: 10,
      counts: { "github-token": 2, "secret-file-name": 8 },
      findings: [
        { repository: "repo", path: ".env", counts: { "secret-file-name": 1 } },
        { repository: "repo", path: "keys/id_ed25519", counts: { "secret-file-name": 1 } },
        { path: "home/.npmrc", counts: { "secret-file-name": 1 } },
        { path: "home/.netrc", counts: { "secret-file-name": 1 } },
        { path: "home/.aws/credentials", counts: { "secret-file-name": 1 } },
        { path: "home/etc/shadow", counts: { "secret-file-name": 1 } },
        { path: "home/server.PEM", counts: { "secret-file-name": 1 } },
        { path: "home/.env.production", counts: { "github-token": 1, "secret-file-name": 1 } },
        { path: "home/notes.txt", counts: { "github-token": 1 } },
      ],
      redacted: false,
    });
    expect(describeSecrets(staged.header)).toBe(
      "snapshot: 2 secrets found (github-token ×2) in home/.env.production, home/notes.txt; kept as found (redacting replaces them with placeholders); 8 files named like secrets (repo/.env, repo/keys/id_ed25519, home/.npmrc, home/.netrc, home/.aws/credentials and 3 more): carried as they are, whatever redacting does: check them before sharing the bundle",
    );
  });

  it("says a file named like a secret is carried as it is even when redacting (only what the content scanner finds is replaced)", async () => {
    const key = path.join(folder, "deploy.key");
    writeFileSync(key, "opaque\n");
    const staged = await takeSnapshot([{ version: 1, kind: "file", path: key }], { redact: true });
    await staged.dispose();
    expect(staged.header.secrets).toEqual({
      total: 1,
      counts: { "secret-file-name": 1 },
      findings: [{ path: "deploy.key", counts: { "secret-file-name": 1 } }],
      redacted: false,
    });
    expect(staged.files[0]?.redacted).toBeUndefined();
    expect(describeSecrets(staged.header)).toBe(
      "snapshot: 1 file named like a secret (deploy.key): carried as it is, whatever redacting does: check it before sharing the bundle",
    );
  });

  it("redacts on request: the patch still applies, with placeholders where the secrets were", async () => {
    const { repository, head, notes } = workspaceWithSecrets();
    const staged = await takeSnapshot(
      [
        { version: 1, kind: "repo", path: repository },
        { version: 1, kind: "file", path: notes },
      ],
      { redact: true },
    );
    const bundle = path.join(folder, "bundle.jsonl");
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();
    expect(staged.header.secrets.redacted).toBe(true);
    const text = readFileSync(bundle, "utf8");
    expect(text).not.toContain(token);
    expect(text).not.toContain("s3cretPassw0rd");
    expect(text).not.toContain("MIIEowIBAAKCAQEA7x");

    const target = path.join(folder, "target");
    mkdirSync(target);
    cloneAt(repository, path.join(target, "repo"), head);
    const result = await applySnapshotBundle(bundle, { target });
    expect(result.problems).toEqual([]);
    expect(readFileSync(path.join(target, "repo/config.env"), "utf8")).toBe(
      "NAME=app\nGITHUB_TOKEN=[REDACTED:github-token]\nafter=1\n",
    );
    // The key's three lines became its placeholder and two empty lines: the hunk kept its length.
    expect(readFileSync(path.join(target, "repo/deploy key.pem"), "utf8")).toBe("[REDACTED:private-key]\n\n\n");
    expect(readFileSync(path.join(target, "notes.txt"), "utf8")).toBe("token: [REDACTED:github-token]\n");
  });
});

describe("a path no bundle may carry", () => {
  it("is left out of the patch as well as the declared changes, so the bundle still applies", async () => {
    const repository = initRepository(path.join(folder, "repository"));
    writeFileSync(path.join(repository, "kept.txt"), "kept\n");
    const head = commitAll(repository);
    // On Linux git takes this name; on a Mac (HFS+ ignores U+200C) it opens the repository's .git folder.
    mkdirSync(path.join(repository, ".g\u200cit/hooks"), { recursive: true });
    writeFileSync(path.join(repository, ".g\u200cit/hooks/post-checkout"), "#!/bin/sh\n");
    writeFileSync(path.join(repository, "kept.txt"), "changed\n");
    const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }]);
    const bundle = path.join(folder, "bundle.jsonl");
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();
    expect(staged.header.problems).toEqual([
      expect.objectContaining({ code: "unsafe-path", message: expect.stringContaining("names a .git folder") }),
    ]);
    expect(staged.repositories[0]?.changes.map((change) => change.path)).toEqual(["kept.txt"]);
    const target = cloneAt(repository, path.join(folder, "target"), head);
    const result = await applySnapshotBundle(bundle, { target });
    expect(result).toMatchObject({ ok: true, problems: [] });
    expect(treeOf(target)).toEqual({
      "kept.txt": { kind: "file", executable: false, content: Buffer.from("changed\n").toString("base64") },
    });
  });
});

describe("hostile bundles", () => {
  async function bundleOf(lines: unknown[]): Promise<string> {
    const file = path.join(folder, "hostile.jsonl");
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    return file;
  }
  const header = {
    type: "snapshot",
    version: 1,
    created_at: "2026-05-19T23:52:00Z",
    root: "/workspace",
    declarations: [{ version: 1, kind: "file", path: "/workspace/x" }],
    repositories: 0,
    files: 1,
    secrets: { total: 0, counts: {}, findings: [], redacted: false },
    problems: [],
  };
  const content = Buffer.from("owned\n");
  const sha256 = createHash("sha256").update(content).digest("hex");

  it.each([
    ["climbing out with ..", "../outside.txt"],
    ["absolute", "/etc/passwd-copy"],
    ["into .git", "repo/.git/hooks/post-checkout"],
  ])("refuses a file path %s, writing nothing", async (_label, unsafePath) => {
    const bundle = await bundleOf([
      header,
      {
        type: "file",
        path: unsafePath,
        source_path: "/workspace/x",
        mode: "100644",
        encoding: "utf8",
        size: content.length,
        sha256,
      },
      { type: "chunk", data: content.toString("utf8") },
      { type: "end", repositories: 0, files: 1 },
    ]);
    const target = path.join(folder, "target");
    mkdirSync(target);
    const result = await applySnapshotBundle(bundle, { target });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "bundle", message: expect.stringContaining(`line 2: `) }),
    ]);
    expect(result.problems[0]?.message).toMatch(/unsafe path|is not a valid "path"/);
    expect(treeOf(folder, ["hostile.jsonl"])).toEqual({});
  });

  it("does not follow a symbolic link in the target out of it", async () => {
    const source = path.join(folder, "source");
    mkdirSync(path.join(source, "sub"), { recursive: true });
    writeFileSync(path.join(source, "sub/file.txt"), "inside\n");
    writeFileSync(path.join(folder, "other.txt"), "x\n");
    const staged = await takeSnapshot([
      { version: 1, kind: "file", path: path.join(source, "sub/file.txt") },
      { version: 1, kind: "file", path: path.join(folder, "other.txt") },
    ]);
    const bundle = path.join(folder, "bundle.jsonl");
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();
    expect(staged.files.map((file) => file.path)).toEqual(["source/sub/file.txt", "other.txt"]);

    // In the target, `source` is a link to a folder outside it: writing source/sub/file.txt would land there.
    const outside = path.join(folder, "outside");
    mkdirSync(outside);
    const target = path.join(folder, "target");
    mkdirSync(target);
    symlinkSync(outside, path.join(target, "source"));
    const result = await applySnapshotBundle(bundle, { target });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([
      expect.objectContaining({ code: "refused", message: expect.stringContaining("is a symbolic link") }),
    ]);
    expect(treeOf(outside)).toEqual({});
    expect(existsSync(path.join(target, "other.txt"))).toBe(false);
  });

  it("refuses a bundle cut short, or whose content does not match its hash", async () => {
    const source = path.join(folder, "a.txt");
    writeFileSync(source, "hello\n");
    const staged = await takeSnapshot([{ version: 1, kind: "file", path: source }]);
    const bundle = path.join(folder, "bundle.jsonl");
    await writeSnapshotBundle(staged, bundle);
    await staged.dispose();
    const lines = readFileSync(bundle, "utf8").split("\n");
    writeFileSync(bundle, `${lines.slice(0, -2).join("\n")}\n`);
    await expect(summarizeSnapshotBundle(bundle)).rejects.toThrow(/no end line: the bundle is incomplete/);
    writeFileSync(bundle, lines.join("\n").replace('"data":"hello\\n"', '"data":"HELLO\\n"'));
    await expect(summarizeSnapshotBundle(bundle)).rejects.toThrow(/SHA-256/);
    const events: string[] = [];
    await expect(
      (async () => {
        for await (const event of readSnapshotBundle(bundle)) events.push(event.kind);
      })(),
    ).rejects.toThrow(/line 4/);
    // The corrupted content was handed on before the check failed, but never an entry after it.
    expect(events).toEqual(["header", "file", "content"]);
  });
});

describe("a change made in the same second as the index was written", () => {
  it("is still seen (git's racy-clean check holds on the snapshot's copy of the index)", async () => {
    const repository = initRepository(path.join(folder, "repo"));
    writeFileSync(path.join(repository, "same-size.txt"), "aaaa\n");
    commitAll(repository);
    writeFileSync(path.join(repository, "same-size.txt"), "bbbb\n");
    // Same size and the index's own modification time: only the content says it changed.
    const index = statSync(path.join(repository, ".git/index"));
    utimesSync(path.join(repository, "same-size.txt"), index.atime, index.mtime);
    const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }]);
    await staged.dispose();
    expect(staged.repositories[0]?.changes.map((change) => [change.status, change.path])).toEqual([
      ["modified", "same-size.txt"],
    ]);
  });
});
