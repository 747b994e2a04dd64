import { execFileSync, spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  constants as fsConstants,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { validateTranscript } from "@agent-transcript/core/validators";
import { readSnapshotDeclarations } from "./read-declarations.js";
import { readSnapshotBundle } from "./bundle.js";
import { resolveSnapshotDeclarations, snapshotDocsUrl } from "./declarations-source.js";
import { createRunSnapshot } from "./run-snapshot.js";
import { commitAll, initRepository, removeFolder, temporaryFolder } from "./snapshot.test.helpers.js";

const fixtures = fileURLToPath(new URL("fixtures/", import.meta.url));
const ozScript = path.join(fixtures, "oz-declarations-script.sh");
const ourTemplate = path.join(fixtures, "declarations-script-template.sh");

let folder: string;
/** FIFOs a test made: opened for writing after it, so a reader a failing test left blocked on one is released. */
let fifos: string[] = [];
/** Processes a test's script started: killed after it, so a failing test leaves nothing running. */
let strays: number[] = [];
beforeEach(() => {
  folder = temporaryFolder();
  fifos = [];
  strays = [];
});
afterEach(() => {
  for (const fifo of fifos) {
    try {
      closeSync(openSync(fifo, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK));
    } catch {
      // No reader was blocked on it.
    }
  }
  for (const pid of strays) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already, as it should be.
    }
  }
  removeFolder(folder);
});

function fifo(name: string): string {
  const file = path.join(folder, name);
  execFileSync("mkfifo", [file]);
  fifos.push(file);
  return file;
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

/** The pid a script's descendant wrote to `file` (the script waits for it before going on). */
function strayPid(file: string): number {
  const pid = Number(readFileSync(file, "utf8"));
  strays.push(pid);
  return pid;
}

/** Whether a process is alive: a killed process nobody has reaped yet (a zombie) is not. */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

function script(name: string, body: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe("where declarations come from", () => {
  it("is no snapshot and one INFO line pointing to the docs when neither variable is set", async () => {
    const outcome = await resolveSnapshotDeclarations({ env: { PATH: process.env.PATH } });
    expect(outcome).toEqual({
      status: "not-configured",
      info: `no workspace snapshot: neither AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT nor AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE is set; see ${snapshotDocsUrl}`,
    });
  });

  it("is nothing at all when disabled (--no-snapshot), whatever the environment says", async () => {
    const env = { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script("never.sh", "exit 1") };
    expect(await resolveSnapshotDeclarations({ env, disabled: true })).toEqual({ status: "disabled" });
  });

  it.each([
    ["ours", "AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"],
    ["Oz's", "OZ_SNAPSHOT_DECLARATIONS_FILE"],
  ])(
    "reads a static, pre-filled file named by %s variable: the Oz document's example, unchanged",
    async (_label, name) => {
      const file = path.join(fixtures, "oz-static-declarations.jsonl");
      const outcome = await resolveSnapshotDeclarations({ env: { [name]: file } });
      expect(outcome).toMatchObject({ status: "declared", mode: "static", file });
      expect(outcome.status === "declared" ? outcome.report.declarations : []).toEqual([
        { version: 1, kind: "repo", path: "/workspace/warp-internal" },
        { version: 1, kind: "repo", path: '/workspace/my "quoted" repo' },
        { version: 1, kind: "file", path: "/tmp/agent-run.log" },
      ]);
    },
  );

  it("runs a script with a per-run file in both variables, reads it, and removes it", async () => {
    const seen = path.join(folder, "seen.txt");
    const env = {
      PATH: process.env.PATH,
      AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script(
        "declare.sh",
        `printf '%s\\n%s\\n' "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE" "$OZ_SNAPSHOT_DECLARATIONS_FILE" > "${seen}"
echo '{"version":1,"kind":"repo","path":"/workspace/app"}' >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"
echo 'not json' >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"
echo '{"version":2,"kind":"repo","path":"/workspace/next"}' >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"`,
      ),
    };
    const outcome = await resolveSnapshotDeclarations({ env, runId: "run-1" });
    const [ours, oz] = readFileSync(seen, "utf8").trim().split("\n");
    expect(ours).toBe(oz);
    expect(ours).toMatch(/agent-transcript-snapshot-run-1-.*\/declarations\.jsonl$/);
    expect(existsSync(ours as string)).toBe(false);
    expect(outcome).toMatchObject({ status: "declared", mode: "script" });
    const report = outcome.status === "declared" ? outcome.report : undefined;
    expect(report?.declarations).toEqual([{ version: 1, kind: "repo", path: "/workspace/app" }]);
    // Malformed lines and an unknown version are skipped, each reported with its line.
    expect(report?.problems).toEqual([
      { line: 2, pointer: "", message: expect.stringMatching(/^not JSON/) },
      { line: 3, pointer: "/version", message: expect.stringContaining('"version"') },
    ]);
  });

  it("truncates a file the environment pins for the script, so an earlier run's lines are not read again", async () => {
    const pinned = path.join(folder, "pinned.jsonl");
    writeFileSync(pinned, '{"version":1,"kind":"repo","path":"/stale"}\n');
    const env = {
      AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: pinned,
      AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script(
        "append.sh",
        `echo '{"version":1,"kind":"repo","path":"/fresh"}' >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"`,
      ),
    };
    const outcome = await resolveSnapshotDeclarations({ env });
    expect(outcome.status === "declared" ? outcome.report.declarations.map((entry) => entry.path) : []).toEqual([
      "/fresh",
    ]);
    expect(readFileSync(pinned, "utf8")).toBe('{"version":1,"kind":"repo","path":"/fresh"}\n');
  });

  it("fails clearly when the script exits non-zero, quoting what it said", async () => {
    const failing = script("fail.sh", `echo "cannot list repos: permission denied" >&2\nexit 3`);
    const outcome = await resolveSnapshotDeclarations({
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: failing },
    });
    expect(outcome).toEqual({
      status: "failed",
      mode: "script",
      problem: {
        code: "script-failed",
        message: `the declarations script ${failing} exited with code 3; it said: cannot list repos: permission denied`,
      },
    });
  });

  it("kills a hanging script and everything it started at the timeout, and says so", async () => {
    const pidFile = path.join(folder, "background.pid");
    const hanging = script("hang.sh", `sleep 1000 &\necho $! > "${pidFile}"\nsleep 1000`);
    const started = Date.now();
    const outcome = await resolveSnapshotDeclarations({
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: hanging },
      timeoutMs: 500,
    });
    // Killed at the timeout, not when the script or its background sleep would have ended: far sooner than their
    // 1,000 s, however loaded the machine.
    expect(Date.now() - started).toBeLessThan(100_000);
    expect(outcome).toMatchObject({
      status: "failed",
      problem: {
        code: "script-timeout",
        message: `the declarations script ${hanging} did not finish within 500 ms and was killed, with the processes it started`,
      },
    });
    const background = strayPid(pidFile);
    await waitUntil(() => !isRunning(background), `the background sleep ${background} to die`);
    expect(isRunning(background)).toBe(false);
  });

  it("fails clearly when the script writes garbage, naming the first bad line", async () => {
    const garbage = script(
      "garbage.sh",
      `head -c 3000 /dev/urandom | tr -d '\\n{' >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"\necho >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"\necho 'also {not} json' >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"`,
    );
    const outcome = await resolveSnapshotDeclarations({
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: garbage },
    });
    expect(outcome).toMatchObject({
      status: "failed",
      problem: {
        code: "no-declarations",
        message: expect.stringMatching(/2 malformed lines skipped \(line 1: not JSON/),
      },
    });
  });

  it("fails clearly when the script cannot be run", async () => {
    const plain = path.join(folder, "plain.sh");
    writeFileSync(plain, "echo hi\n");
    const outcome = await resolveSnapshotDeclarations({
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: plain },
    });
    expect(outcome).toMatchObject({
      status: "failed",
      problem: { code: "script-not-runnable", message: expect.stringContaining("it is not executable") },
    });
    const missing = await resolveSnapshotDeclarations({
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: path.join(folder, "nope.sh") },
    });
    expect(missing).toMatchObject({ status: "failed", problem: { code: "script-not-runnable" } });
  });
});

describe("hostile declarations files and scripts", () => {
  const declaration = `echo '{"version":1,"kind":"repo","path":"/workspace/app"}' >> "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"`;

  it.each([
    ["an existing file", true],
    ["nothing yet (a link that would create its target)", false],
  ])(
    "refuses a pinned declarations file that is a symbolic link to %s, runs no script, and leaves the target as it was",
    async (_label, targetExists) => {
      const victim = path.join(folder, "victim.txt");
      if (targetExists) writeFileSync(victim, "precious\n");
      const pinned = path.join(folder, "declarations.jsonl");
      symlinkSync(victim, pinned);
      const ran = path.join(folder, "ran");
      const outcome = await resolveSnapshotDeclarations({
        env: {
          AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: pinned,
          AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script("declare.sh", `touch "${ran}"\n${declaration}`),
        },
      });
      expect(outcome).toEqual({
        status: "failed",
        mode: "script",
        problem: {
          code: "declarations-unreadable",
          message: `the declarations file ${pinned} is a symbolic link: refused (declarations files are never opened through a link)`,
        },
      });
      expect(targetExists ? readFileSync(victim, "utf8") : existsSync(victim)).toBe(
        targetExists ? "precious\n" : false,
      );
      expect(existsSync(ran)).toBe(false);
    },
  );

  it("refuses a pinned declarations file with other hard links, leaving its content as it was", async () => {
    const victim = path.join(folder, "victim.txt");
    writeFileSync(victim, "precious\n");
    const pinned = path.join(folder, "declarations.jsonl");
    linkSync(victim, pinned);
    const outcome = await resolveSnapshotDeclarations({
      env: {
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: pinned,
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script("declare.sh", declaration),
      },
    });
    expect(outcome).toMatchObject({
      status: "failed",
      problem: {
        code: "declarations-unreadable",
        message: `the declarations file ${pinned} has 2 hard links: refused (emptying it would empty the others too)`,
      },
    });
    expect(readFileSync(victim, "utf8")).toBe("precious\n");
  });

  it("refuses a static declarations file that is a symbolic link", async () => {
    const real = path.join(folder, "real.jsonl");
    writeFileSync(real, '{"version":1,"kind":"repo","path":"/workspace/app"}\n');
    const link = path.join(folder, "declarations.jsonl");
    symlinkSync(real, link);
    const outcome = await resolveSnapshotDeclarations({ env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: link } });
    expect(outcome).toEqual({
      status: "failed",
      mode: "static",
      problem: {
        code: "declarations-unreadable",
        message: `the declarations file ${link} is a symbolic link: refused (declarations files are never opened through a link)`,
      },
    });
  });

  it("refuses a static declarations file that is a FIFO without blocking on it", async () => {
    const file = fifo("declarations.jsonl");
    const outcome = await resolveSnapshotDeclarations({ env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: file } });
    expect(outcome).toEqual({
      status: "failed",
      mode: "static",
      problem: {
        code: "declarations-unreadable",
        message: `the declarations file ${file} is a FIFO, not a regular file: refused`,
      },
    });
  });

  it("refuses a pinned declarations file that is a FIFO without blocking on it, and runs no script", async () => {
    const file = fifo("declarations.jsonl");
    const ran = path.join(folder, "ran");
    const outcome = await resolveSnapshotDeclarations({
      env: {
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: file,
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script("declare.sh", `touch "${ran}"`),
      },
    });
    expect(outcome).toMatchObject({
      status: "failed",
      problem: { message: `the declarations file ${file} is a FIFO, not a regular file: refused` },
    });
    expect(existsSync(ran)).toBe(false);
  });

  it("refuses, without blocking, a FIFO the script leaves where its declarations should be", async () => {
    const file = path.join(folder, "declarations.jsonl");
    fifos.push(file);
    const outcome = await resolveSnapshotDeclarations({
      env: {
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: file,
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script(
          "declare.sh",
          'rm -f "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"\nmkfifo "$AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE"',
        ),
      },
      timeoutMs: 5_000,
    });
    expect(outcome).toMatchObject({
      status: "failed",
      problem: { message: `the declarations file ${file} is a FIFO, not a regular file: refused` },
    });
  });

  /** A script line starting a grandchild in a session of its own (out of the script's process group). */
  function detached(pidFile: string, clearEnvironment = false): string {
    const launcher = clearEnvironment ? "setsid env -i /bin/sh" : "setsid /bin/sh";
    return `sleeper="$(command -v sleep)"
${launcher} -c 'echo $$ > "$0.partial"; mv "$0.partial" "$0"; exec "$1" 1000' "${pidFile}" "$sleeper" &
until [ -s "${pidFile}" ]; do sleep 0.01; done`;
  }

  it("kills a grandchild the script detached with setsid when it times out", async () => {
    const pidFile = path.join(folder, "grandchild.pid");
    const outcome = await resolveSnapshotDeclarations({
      env: {
        PATH: process.env.PATH,
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script("hang.sh", `${detached(pidFile)}\nsleep 1000`),
      },
      timeoutMs: 3_000,
    });
    expect(outcome).toMatchObject({ status: "failed", problem: { code: "script-timeout" } });
    const grandchild = strayPid(pidFile);
    await waitUntil(() => !isRunning(grandchild), `the detached grandchild ${grandchild} to die`);
    expect(isRunning(grandchild)).toBe(false);
  });

  it("kills a grandchild the script detached with setsid when it exits, and reads its declarations", async () => {
    const pidFile = path.join(folder, "grandchild.pid");
    const outcome = await resolveSnapshotDeclarations({
      env: {
        PATH: process.env.PATH,
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script("detach.sh", `${detached(pidFile)}\n${declaration}`),
      },
    });
    expect(outcome).toMatchObject({ status: "declared", mode: "script" });
    const grandchild = strayPid(pidFile);
    await waitUntil(() => !isRunning(grandchild), `the detached grandchild ${grandchild} to die`);
    expect(isRunning(grandchild)).toBe(false);
  });

  it("kills a detached grandchild that cleared its environment but holds the script's stderr", async () => {
    const pidFile = path.join(folder, "grandchild.pid");
    const outcome = await resolveSnapshotDeclarations({
      env: {
        PATH: process.env.PATH,
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script(
          "detach.sh",
          `${detached(pidFile, true)}\n${declaration}`,
        ),
      },
    });
    expect(outcome).toMatchObject({ status: "declared", mode: "script" });
    const grandchild = strayPid(pidFile);
    await waitUntil(() => !isRunning(grandchild), `the detached grandchild ${grandchild} to die`);
    expect(isRunning(grandchild)).toBe(false);
  });
});

describe("the declarations script templates, run with bash", () => {
  const awkward = ['with "quotes"', "back\\slash", "with spaces", "ünïcödé 日本", 'both \\ and "'];

  function workspaceOf(names: readonly string[]): string {
    const workspace = path.join(folder, "workspace");
    mkdirSync(workspace);
    for (const name of names) initRepository(path.join(workspace, name));
    return workspace;
  }

  it("ours escapes every path correctly: quotes, backslashes, spaces, unicode and control characters", async () => {
    const names = [...awkward, "tab\there"];
    const workspace = workspaceOf(names);
    const outcome = await resolveSnapshotDeclarations({
      env: { PATH: process.env.PATH, AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: ourTemplate },
      cwd: workspace,
    });
    expect(outcome.status === "declared" ? outcome.report.problems : outcome).toEqual([]);
    const paths = outcome.status === "declared" ? outcome.report.declarations.map((entry) => entry.path) : [];
    expect([...paths].sort()).toEqual(names.map((name) => path.join(workspace, name)).sort());
  });

  it("the Oz document's template works unchanged through Oz's variable names, and skips (naming the line) what its escaping misses", async () => {
    const workspace = workspaceOf([...awkward, "tab\there"]);
    const outcome = await resolveSnapshotDeclarations({
      env: { PATH: process.env.PATH, OZ_SNAPSHOT_DECLARATIONS_SCRIPT: ozScript },
      cwd: workspace,
    });
    const report = outcome.status === "declared" ? outcome.report : undefined;
    expect([...(report?.declarations.map((entry) => entry.path) ?? [])].sort()).toEqual(
      awkward.map((name) => path.join(workspace, name)).sort(),
    );
    // Its sed escapes backslashes and quotes only: a raw tab is not valid in a JSON string.
    expect(report?.problems).toEqual([
      { line: expect.any(Number), pointer: "", message: expect.stringMatching(/^not JSON/) },
    ]);
  });

  it("the README carries our template verbatim", () => {
    const readme = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");
    const template = readFileSync(ourTemplate, "utf8");
    expect(readme).toContain(`\`\`\`bash\n${template}\`\`\``);
  });

  it("bash reads our template without a syntax error", () => {
    expect(spawnSync("bash", ["-n", ourTemplate]).status).toBe(0);
  });
});

describe("createRunSnapshot, the recorder's end-of-run call", () => {
  it("writes the bundle beside the log and returns the artifact that references it", async () => {
    const repository = initRepository(path.join(folder, "app"));
    writeFileSync(path.join(repository, "a.txt"), "one\n");
    commitAll(repository);
    writeFileSync(path.join(repository, "a.txt"), "two\n");
    const declarations = path.join(folder, "declarations.jsonl");
    writeFileSync(declarations, `${JSON.stringify({ version: 1, kind: "repo", path: repository })}\n`);
    const runId = "550e8400-e29b-41d4-a716-446655440000";
    const result = await createRunSnapshot({
      runId,
      directory: path.join(folder, "logs"),
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: declarations },
    });
    expect(result.messages).toEqual([]);
    expect(result.status).toBe("created");
    expect(result.bundle?.path).toBe(path.join(folder, "logs", `${runId}.snapshot.jsonl`));
    expect(result.artifact).toEqual({
      type: "snapshot",
      declarations: [{ version: 1, kind: "repo", path: repository }],
      created_at: result.header?.created_at,
      location: `${runId}.snapshot.jsonl`,
      sha256: result.bundle?.sha256,
    });
    const document = { schema_version: "1.0.0", id: runId, messages: [], artifacts: [result.artifact] };
    expect(validateTranscript(document).ok).toBe(true);
    const kinds: string[] = [];
    for await (const event of readSnapshotBundle(result.bundle?.path ?? "")) kinds.push(event.kind);
    expect(kinds).toEqual(["header", "repository", "content", "end"]);
  });

  it("never throws: a failing script, or a bundle that cannot be written, is a result with a warning", async () => {
    const failing = await createRunSnapshot({
      runId: "r",
      directory: folder,
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: script("fail.sh", "exit 1") },
    });
    expect(failing).toEqual({
      status: "failed",
      messages: [{ level: "warning", message: expect.stringContaining("exited with code 1") }],
    });
    const file = path.join(folder, "a-file");
    writeFileSync(file, "");
    writeFileSync(path.join(folder, "d.jsonl"), `${JSON.stringify({ version: 1, kind: "file", path: file })}\n`);
    const unwritable = await createRunSnapshot({
      runId: "r",
      directory: path.join(file, "below-a-file"),
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: path.join(folder, "d.jsonl") },
    });
    expect(unwritable.status).toBe("failed");
    expect(unwritable.messages.at(-1)?.message).toMatch(/^no workspace snapshot: .*(ENOTDIR|EEXIST)/);
  });

  it("takes the files declared inside a folder that is not a repository, and warns naming both", async () => {
    const scratch = path.join(folder, "scratch");
    mkdirSync(scratch);
    const log = path.join(scratch, "run.log");
    writeFileSync(log, "what happened\n");
    const declarations = path.join(folder, "declarations.jsonl");
    writeFileSync(
      declarations,
      `${JSON.stringify({ version: 1, kind: "repo", path: scratch })}\n${JSON.stringify({ version: 1, kind: "file", path: log })}\n`,
    );
    const result = await createRunSnapshot({
      runId: "r",
      directory: path.join(folder, "logs"),
      env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: declarations },
    });
    expect(result.messages).toEqual([
      {
        level: "warning",
        message: `snapshot: left out: ${scratch}: not a git repository; the file declared inside it is taken as a file instead: ${log}`,
      },
    ]);
    expect(result.status).toBe("created");
    expect(result.header?.files).toBe(1);
  });

  it("says once, at INFO, where the docs are when nothing is configured", async () => {
    expect(await createRunSnapshot({ runId: "r", directory: folder, env: {} })).toEqual({
      status: "not-configured",
      messages: [{ level: "info", message: expect.stringContaining(snapshotDocsUrl) }],
    });
  });

  it("keeps the declarations parser's contract: the Oz example's repeated and redundant lines dropped, with reasons", () => {
    const report = readSnapshotDeclarations(
      readFileSync(path.join(fixtures, "oz-static-declarations.jsonl"), "utf8") +
        '{"version":1,"kind":"repo","path":"/workspace/warp-internal/"}\n',
    );
    expect(report.redundant.map((entry) => [entry.line, entry.reason])).toEqual([
      [4, "inside declared repo /workspace/warp-internal"],
      [5, "declared earlier"],
    ]);
  });
});
