import { execFileSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run } from "../../cli.js";
import {
  linkChange,
  patchAddingFile,
  patchAddingLink,
  writeHandMadeBundle,
} from "@agent-transcript/fixtures/hand-made-bundles";
import { captureIo } from "../../capture-io.test.helpers.js";

let folder: string;
const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "T",
  GIT_AUTHOR_EMAIL: "t@example.com",
  GIT_COMMITTER_NAME: "T",
  GIT_COMMITTER_EMAIL: "t@example.com",
};
const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8" });

/** Processes a test's script started: killed after it, so a failing test leaves nothing running. */
let strays: number[] = [];
beforeEach(() => {
  strays = [];
  folder = mkdtempSync(path.join(tmpdir(), "cli-snapshot-"));
  vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT", "");
  vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE", "");
  vi.stubEnv("OZ_SNAPSHOT_DECLARATIONS_SCRIPT", "");
  vi.stubEnv("OZ_SNAPSHOT_DECLARATIONS_FILE", "");
});
afterEach(() => {
  for (const pid of strays) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already, as it should be.
    }
  }
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

/** Whether a process is alive: a killed process nobody has reaped yet (a zombie) is not. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * Waits until `condition` holds; the bound only keeps a failing test from waiting for ever (a process takes
 * milliseconds to die on a quiet machine, seconds on a loaded one; the bound is well past that, inside the test's time).
 */
async function waitUntil(condition: () => boolean, what: string, boundMs = 100_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > boundMs) throw new Error(`still waiting after ${boundMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function script(name: string, body: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

const token = `ghp_${"Q9w8E7r6T5".repeat(3)}zyxwvu`;

/** A repository with a committed file, then a change, an untracked file with a secret, and a deletion. */
function workspace(): { repository: string; head: string } {
  const repository = path.join(folder, "app");
  git(folder, "init", "-q", "-b", "main", repository);
  writeFileSync(path.join(repository, "a.txt"), "one\n");
  writeFileSync(path.join(repository, "gone.txt"), "bye\n");
  git(repository, "add", "-A");
  git(repository, "commit", "-q", "-m", "base");
  writeFileSync(path.join(repository, "a.txt"), "two\n");
  writeFileSync(path.join(repository, "new file.env"), `TOKEN=${token}\n`);
  rmSync(path.join(repository, "gone.txt"));
  return { repository, head: git(repository, "rev-parse", "HEAD").trim() };
}

function declare(repository: string): void {
  const file = path.join(folder, "declarations.jsonl");
  writeFileSync(file, `${JSON.stringify({ version: 1, kind: "repo", path: repository })}\nnot json\n`);
  vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE", file);
}

describe("snapshot create", () => {
  it("says once, at INFO, where the docs are when nothing is configured, and succeeds", async () => {
    const { io, stderr, stdout } = captureIo();
    expect(await run(["snapshot", "create", "--output", path.join(folder, "b.jsonl")], io)).toBe(0);
    expect(stderr()).toBe(
      "agent-transcript: info: no workspace snapshot: neither AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT nor AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE is set; see https://github.com/agent-transcript/agent-transcript/tree/main/packages/recorder#snapshots\n",
    );
    expect(stdout()).toBe("");
    expect(existsSync(path.join(folder, "b.jsonl"))).toBe(false);
  });

  it("takes nothing with --no-snapshot, whatever the environment says", async () => {
    declare(workspace().repository);
    const { io, stderr } = captureIo();
    expect(await run(["snapshot", "create", "--no-snapshot", "--output", path.join(folder, "b.jsonl")], io)).toBe(0);
    expect(stderr()).toBe("");
    expect(existsSync(path.join(folder, "b.jsonl"))).toBe(false);
  });

  it("writes the bundle, warning about the skipped line and the secret it found, and reports it with --json", async () => {
    declare(workspace().repository);
    const { io, stderr, stdout } = captureIo();
    const output = path.join(folder, "run.snapshot.jsonl");
    expect(await run(["snapshot", "create", "--output", output, "--json"], io)).toBe(0);
    expect(stderr()).toContain("agent-transcript: warning: snapshot declarations line 2: skipped: not JSON");
    expect(stderr()).toContain(
      "agent-transcript: warning: snapshot: 1 secret found (github-token ×1) in new file.env; kept as found",
    );
    const report = JSON.parse(stdout()) as Record<string, unknown>;
    expect(report).toMatchObject({
      ok: true,
      status: "created",
      output,
      repositories: 1,
      files: 0,
      secrets: { total: 1, counts: { "github-token": 1 }, redacted: false },
    });
    expect(readFileSync(output, "utf8")).toContain(token);
  });

  it("redacts with --redact", async () => {
    declare(workspace().repository);
    const { io } = captureIo();
    const output = path.join(folder, "run.snapshot.jsonl");
    expect(await run(["snapshot", "create", "--output", output, "--redact"], io)).toBe(0);
    expect(readFileSync(output, "utf8")).not.toContain(token);
    expect(readFileSync(output, "utf8")).toContain("[REDACTED:github-token]");
  });

  it("fails clearly, writing nothing, when the declarations script fails", async () => {
    const script = path.join(folder, "declare.sh");
    writeFileSync(script, "#!/bin/sh\necho broken >&2\nexit 4\n");
    chmodSync(script, 0o755);
    vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT", script);
    const { io, stderr } = captureIo();
    expect(await run(["snapshot", "create", "--output", path.join(folder, "b.jsonl")], io)).toBe(1);
    expect(stderr()).toBe(
      `agent-transcript: no snapshot: the declarations script ${script} exited with code 4; it said: broken\n`,
    );
    expect(existsSync(path.join(folder, "b.jsonl"))).toBe(false);
  });

  it("kills a hanging script at --timeout", async () => {
    const script = path.join(folder, "hang.sh");
    writeFileSync(script, "#!/bin/sh\nsleep 30\n");
    chmodSync(script, 0o755);
    vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT", script);
    const { io, stderr } = captureIo();
    expect(await run(["snapshot", "create", "--timeout", "0.3", "--output", path.join(folder, "b.jsonl")], io)).toBe(1);
    expect(stderr()).toContain("did not finish within 300 ms and was killed");
  });

  it("refuses a declarations file that is a FIFO at once, writing nothing", async () => {
    const fifo = path.join(folder, "declarations.jsonl");
    execFileSync("mkfifo", [fifo]);
    vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE", fifo);
    const { io, stderr } = captureIo();
    try {
      expect(await run(["snapshot", "create", "--output", path.join(folder, "b.jsonl")], io)).toBe(1);
    } finally {
      // Releases the reader a failing run left blocked on the FIFO.
      try {
        closeSync(openSync(fifo, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK));
      } catch {
        // Nobody was blocked.
      }
    }
    expect(stderr()).toBe(
      `agent-transcript: no snapshot: the declarations file ${fifo} is a FIFO, not a regular file: refused\n`,
    );
    expect(existsSync(path.join(folder, "b.jsonl"))).toBe(false);
  });

  it("refuses a symbolic link planted where the script's declarations go, leaving its target as it was", async () => {
    const victim = path.join(folder, "victim.txt");
    writeFileSync(victim, "precious\n");
    const planted = path.join(folder, "declarations.jsonl");
    symlinkSync(victim, planted);
    vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE", planted);
    vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT", script("declare.sh", "true"));
    const { io, stderr } = captureIo();
    expect(await run(["snapshot", "create", "--output", path.join(folder, "b.jsonl")], io)).toBe(1);
    expect(stderr()).toBe(
      `agent-transcript: no snapshot: the declarations file ${planted} is a symbolic link: refused (declarations files are never opened through a link)\n`,
    );
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("kills a grandchild the script detached with setsid at --timeout", async () => {
    const pidFile = path.join(folder, "grandchild.pid");
    vi.stubEnv(
      "AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT",
      script(
        "hang.sh",
        `sleeper="$(command -v sleep)"
setsid /bin/sh -c 'echo $$ > "$0.partial"; mv "$0.partial" "$0"; exec "$1" 1000' "${pidFile}" "$sleeper" &
until [ -s "${pidFile}" ]; do sleep 0.01; done
sleep 1000`,
      ),
    );
    const { io, stderr } = captureIo();
    expect(await run(["snapshot", "create", "--timeout", "3", "--output", path.join(folder, "b.jsonl")], io)).toBe(1);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    strays.push(grandchild);
    await waitUntil(() => !isRunning(grandchild), `the detached grandchild ${grandchild} to die`);
    expect(isRunning(grandchild)).toBe(false);
    expect(stderr()).toContain("did not finish within 3000 ms and was killed, with the processes it started");
  });

  it("takes the files declared inside a folder that is not a repository, and says so", async () => {
    const notRepository = path.join(folder, "scratch");
    mkdirSync(notRepository);
    const log = path.join(notRepository, "run.log");
    writeFileSync(log, "what happened\n");
    const file = path.join(folder, "declarations.jsonl");
    writeFileSync(
      file,
      [
        { version: 1, kind: "repo", path: notRepository },
        { version: 1, kind: "file", path: log },
      ]
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(""),
    );
    vi.stubEnv("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE", file);
    const { io, stderr, stdout } = captureIo();
    const output = path.join(folder, "run.snapshot.jsonl");
    expect(await run(["snapshot", "create", "--output", output, "--json"], io)).toBe(0);
    expect(stderr()).toBe(
      `agent-transcript: warning: left out: ${notRepository}: not a git repository; the file declared inside it is taken as a file instead: ${log}\n`,
    );
    expect(JSON.parse(stdout())).toMatchObject({ ok: true, repositories: 0, files: 1 });
  });

  it("warns about files named like secrets, whatever their content", async () => {
    const { repository } = workspace();
    writeFileSync(path.join(repository, ".env"), "DATABASE_PASSWORD=hunter2\n");
    declare(repository);
    const { io, stderr, stdout } = captureIo();
    const output = path.join(folder, "run.snapshot.jsonl");
    expect(await run(["snapshot", "create", "--output", output, "--json"], io)).toBe(0);
    expect(stderr()).toContain(
      "agent-transcript: warning: snapshot: 1 secret found (github-token ×1) in new file.env; kept as found (redacting replaces them with placeholders); 1 file named like a secret (.env): carried as it is, whatever redacting does: check it before sharing the bundle\n",
    );
    expect(JSON.parse(stdout())).toMatchObject({
      secrets: { total: 2, counts: { "github-token": 1, "secret-file-name": 1 }, redacted: false },
    });
  });

  it("refuses bad options as usage errors", async () => {
    const { io, stderr } = captureIo();
    expect(await run(["snapshot", "create", "--timeout", "soon"], io)).toBe(2);
    expect(await run(["snapshot", "create", "--json"], io)).toBe(2);
    expect(stderr()).toContain("--timeout must be a positive number of seconds");
  });

  it("names the bundle after the run in a folder", async () => {
    declare(workspace().repository);
    const { io } = captureIo();
    const outputs = path.join(folder, "out");
    mkdirSync(outputs);
    expect(await run(["snapshot", "create", "--output", `${outputs}/`, "--run-id", "run-7", "-q"], io)).toBe(0);
    expect(existsSync(path.join(outputs, "run-7.snapshot.jsonl"))).toBe(true);
  });
});

describe("snapshot show and apply", () => {
  it("shows a summary (and --json), then applies onto a clean clone at HEAD, reproducing the tree", async () => {
    const { repository, head } = workspace();
    declare(repository);
    const bundle = path.join(folder, "run.snapshot.jsonl");
    expect(await run(["snapshot", "create", "--output", bundle, "-q"], captureIo().io)).toBe(0);

    const shown = captureIo();
    expect(await run(["snapshot", "show", bundle], shown.io)).toBe(0);
    expect(shown.stdout()).toContain(`1 repository, 0 files`);
    expect(shown.stdout()).toContain(`  repository . (${repository}): ${head} on main`);
    expect(shown.stdout()).toContain("1 modified, 1 deleted, 1 added");
    // Every path the patch touches, read from the patch itself.
    expect(shown.stdout()).toContain("      modified a.txt\n      deleted gone.txt\n      added new file.env\n");
    expect(shown.stdout()).toContain("secrets: 1 secret found (github-token ×1) in new file.env");
    const json = captureIo();
    expect(await run(["snapshot", "show", bundle, "--json"], json.io)).toBe(0);
    expect(JSON.parse(json.stdout())).toMatchObject({
      header: { repositories: 1, secrets: { total: 1 } },
      repositories: [{ path: ".", head, branch: "main", changes: { modified: 1, deleted: 1, added: 1 } }],
    });

    const clone = path.join(folder, "clone");
    git(folder, "clone", "-q", repository, clone);
    const applied = captureIo();
    expect(await run(["snapshot", "apply", bundle, "--target", clone], applied.io)).toBe(0);
    expect(applied.stderr()).toBe(
      "agent-transcript: applied 1 repository and 0 files; every path checked against the snapshot\n",
    );
    expect(readFileSync(path.join(clone, "a.txt"), "utf8")).toBe("two\n");
    expect(readFileSync(path.join(clone, "new file.env"), "utf8")).toBe(`TOKEN=${token}\n`);
    expect(existsSync(path.join(clone, "gone.txt"))).toBe(false);

    const again = captureIo();
    expect(await run(["snapshot", "apply", bundle, "--target", clone], again.io)).toBe(1);
    expect(again.stderr()).toContain(
      "has uncommitted changes or untracked files: apply onto a clean checkout, or pass --force",
    );
  });

  it("undoes an apply a kill left midway, says so, then applies", async () => {
    const { repository } = workspace();
    declare(repository);
    const bundle = path.join(folder, "run.snapshot.jsonl");
    expect(await run(["snapshot", "create", "--output", bundle, "-q"], captureIo().io)).toBe(0);
    const clone = path.join(folder, "clone");
    git(folder, "clone", "-q", repository, clone);
    // What an apply killed after its first step leaves: gone.txt moved into its work folder, the journal saying so.
    const work = ".agent-transcript-apply-4194304-00112233aabb";
    mkdirSync(path.join(clone, work), { mode: 0o700 });
    writeFileSync(
      path.join(clone, work, "journal"),
      `${JSON.stringify({ kind: "moved-away", from: "gone.txt", to: `${work}/0` })}\n{"kind":"placed","at":"a.t`,
    );
    renameSync(path.join(clone, "gone.txt"), path.join(clone, work, "0"));

    const applied = captureIo();
    expect(await run(["snapshot", "apply", bundle, "--target", clone], applied.io)).toBe(0);
    expect(applied.stderr()).toBe(
      `agent-transcript: an apply into this target was killed midway; it was undone from its journal (${work}) before this one\n` +
        "agent-transcript: applied 1 repository and 0 files; every path checked against the snapshot\n",
    );
    expect(existsSync(path.join(clone, work))).toBe(false);
    expect(readFileSync(path.join(clone, "a.txt"), "utf8")).toBe("two\n");
    expect(existsSync(path.join(clone, "gone.txt"))).toBe(false);
  });

  it("refuses a file that is not a bundle, naming the line", async () => {
    const file = path.join(folder, "not-a-bundle.jsonl");
    writeFileSync(file, '{"type":"chunk","data":"x"}\n');
    const { io, stderr } = captureIo();
    expect(await run(["snapshot", "show", file], io)).toBe(1);
    expect(stderr()).toBe(`agent-transcript: ${file}: line 1: the first line is not a snapshot header: not a bundle\n`);
    const apply = captureIo();
    expect(await run(["snapshot", "apply", file, "--target", folder], apply.io)).toBe(1);
    expect(apply.stderr()).toContain("line 1: the first line is not a snapshot header");
  });

  it("lists what a hostile patch really does, says apply would refuse it, and exits 1", async () => {
    const bundle = writeHandMadeBundle(path.join(folder, "hostile.jsonl"), {
      repositories: [
        {
          path: ".",
          patch: `${patchAddingLink("hooks", ".git/hooks")}${patchAddingFile("undeclared.sh", "echo owned\n", "100755")}`,
          changes: [linkChange("hooks", ".git/hooks")],
        },
      ],
      files: [{ path: "hooks/post-checkout", content: "#!/bin/sh\n", mode: "100755" }],
    });
    const shown = captureIo();
    expect(await run(["snapshot", "show", bundle], shown.io)).toBe(1);
    expect(shown.stdout()).toContain(
      "      added hooks (symbolic link to .git/hooks)\n      added undeclared.sh\n  file hooks/post-checkout",
    );
    expect(shown.stdout()).toContain(
      "refused on apply: repository .: the patch adds undeclared.sh, which the bundle does not declare\n",
    );
    expect(shown.stdout()).toContain(
      "refused on apply: hooks/post-checkout would go through hooks, a symbolic link the bundle makes\n",
    );
    expect(shown.stdout()).toContain(
      'refused on apply: hooks would be a symbolic link to ".git/hooks": it points into a .git folder\n',
    );
    expect(shown.stderr()).toMatch(/^agent-transcript: .*hostile\.jsonl: snapshot apply would refuse this bundle: /);
    const json = captureIo();
    expect(await run(["snapshot", "show", bundle, "--json"], json.io)).toBe(1);
    expect(JSON.parse(json.stdout())).toMatchObject({
      paths: [
        { path: "hooks", becomes: "link", linkTarget: ".git/hooks" },
        { path: "undeclared.sh", becomes: "file", status: "added" },
        { path: "hooks/post-checkout", becomes: "file", status: "file" },
      ],
      refusals: expect.arrayContaining([expect.stringContaining("undeclared.sh")]),
    });
  });
});
