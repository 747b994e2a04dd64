// A reader that stops early (`agent-transcript … | head`) closes the pipe under the command. The built command then
// stops quietly with the status it had, never with an unhandled EPIPE and a stack trace.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

/** Runs the built command with the read end of its stdout closed before it writes anything. */
function runIntoClosedPipe(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  // Closed at once: the command takes far longer to start than this takes, so every write it makes meets a pipe
  // with no reader.
  child.stdout.destroy();
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stderr })));
}

describe("a reader that closes the pipe early", () => {
  it("ends --help quietly, status 0", async () => {
    const outcome = await runIntoClosedPipe(["--help"]);
    expect(outcome.stderr).not.toMatch(/EPIPE|Unhandled|at .*\.js:\d+/);
    expect(outcome.code).toBe(0);
  });

  it("ends an export of a real Codex session quietly, status 0", async () => {
    const session = path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl");
    const outcome = await runIntoClosedPipe(["export", session, "--format", "markdown", "--quiet"]);
    expect(outcome.stderr).not.toMatch(/EPIPE|Unhandled|at .*\.js:\d+/);
    expect(outcome.code).toBe(0);
  });

  it("finishes a file it writes when nobody reads its messages on stderr", async () => {
    const session = path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl");
    const folder = mkdtempSync(path.join(tmpdir(), "broken-pipe-"));
    try {
      const target = path.join(folder, "session.md");
      const child = spawn(process.execPath, [bin, "export", session, "--format", "markdown", "--output", target], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr.destroy();
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code).toBe(0);
      // The whole document, to its last tool call: the same as written with a reader on stderr.
      const reference = path.join(folder, "reference.md");
      const again = spawn(process.execPath, [bin, "export", session, "--format", "markdown", "--output", reference], {
        stdio: "ignore",
      });
      await new Promise((resolve) => again.on("close", resolve));
      expect(readFileSync(target, "utf8")).toBe(readFileSync(reference, "utf8"));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
