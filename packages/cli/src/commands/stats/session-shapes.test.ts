// The session shapes the agents write today, read through the commands a user runs (`stats`, `import`): each shape is
// generated as the agent writes it (@agent-transcript/fixtures/session-shapes), and each test says what the user sees.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeCodexRollout } from "@agent-transcript/fixtures/session-shapes";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { StatsReport } from "./run.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "session-shapes-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

async function statsOf(file: string, ...flags: string[]) {
  const io = captureIo();
  const code = await run(["stats", file, "--json", ...flags], io.io);
  const report = code === 0 ? (JSON.parse(io.stdout()) as StatsReport) : undefined;
  return { code, report, stderr: io.stderr() };
}

describe("Codex rollouts as Codex 0.153 writes them", () => {
  it("counts each message once when the texts were redacted, as for the same rollout unredacted", async () => {
    const plain = writeCodexRollout(path.join(directory, "plain"));
    const redacted = writeCodexRollout(path.join(directory, "redacted"), { redacted: true });
    const before = await statsOf(plain.file);
    const after = await statsOf(redacted.file);
    expect(after.code).toBe(0);
    // The environment context and the two prompts; the two replies and the turn with the tool call; its output.
    const expected = { user: 3, assistant: 3, tool: 1 };
    expect(before.report?.runs[0]?.messagesByRole).toEqual(expected);
    expect(after.report?.runs[0]?.messagesByRole).toEqual(expected);
    expect(after.report?.runs[0]?.own.usage).toMatchObject({
      input_tokens: redacted.total.input_tokens,
      output_tokens: redacted.total.output_tokens,
      cache_read_tokens: redacted.total.cached_input_tokens,
      cache_write_tokens: redacted.total.cache_write_input_tokens,
    });
    // Each echo is named as read once, by the item it repeats.
    const io = captureIo();
    expect(await run(["stats", redacted.file], io.io)).toBe(0);
    expect(io.stderr()).toContain(
      "duplicate-line ×5, first at line 6: an event_msg that repeats the response_item at line 5",
    );
  });
});
