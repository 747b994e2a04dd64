import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { importSession } from "@agent-transcript/providers/node";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { CheckReport } from "./run.js";

const real = realFixturesRoot();
const claudeSession = path.join(real, "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl");
const codexRollout = path.join(real, "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl");

async function check(args: string[]) {
  const io = captureIo();
  const code = await run(["check", ...args], io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const lineCount = (file: string) => readFileSync(file, "utf8").trimEnd().split("\n").length;

describe("check on an agent's session", () => {
  it("reports the session's own lines and records, and what was kept as metadata, not the event log's count", async () => {
    for (const session of [claudeSession, codexRollout]) {
      const imported = await importSession(session);
      if (!imported.ok) throw new Error(imported.message);
      const outcome = await check([session, "--quiet"]);
      expect(outcome.code).toBe(0);
      const lines = lineCount(session);
      expect(outcome.stdout).toMatch(
        new RegExp(
          `: ok: a ${imported.format} session of ${lines} lines, ${imported.records} records; \\d+ kept as metadata or whole \\(kept-as-metadata ×\\d+[^)]*\\); none that could not be read; read as \\d+ events: seq 1\\.\\.\\d+, sorted, contiguous from 1\\n$`,
        ),
      );
      const report = JSON.parse((await check([session, "--json", "--quiet"])).stdout) as CheckReport;
      expect(report.session).toMatchObject({
        format: imported.format,
        lines,
        records: imported.records,
        unreadable: {},
      });
      const kept = imported.losses.filter((loss) => loss.code === "kept-as-metadata" && loss.file === session);
      expect(report.session?.kept["kept-as-metadata"]).toBe(kept.length);
    }
  });

  it("says which lines could not be read, by kind, and exits 1", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "check-session-"));
    const damaged = path.join(directory, "damaged.jsonl");
    const text = readFileSync(claudeSession, "utf8").split("\n");
    // Two lines of the session spoilt (generated from the real one): one that is not JSON, one cut short.
    text[40] = "this is not json";
    text[41] = (text[41] ?? "").slice(0, 30);
    writeFileSync(damaged, text.join("\n"));
    const outcome = await check([damaged, "--quiet"]);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(
      new RegExp(
        `: broken: a claude-code session of ${lineCount(damaged)} lines, .*; 2 could not be read \\(unparsable-line ×2\\); read as`,
      ),
    );
  });
});
