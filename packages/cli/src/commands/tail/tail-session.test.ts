// `tail` on agents' sessions through the built command: the real sessions of each JSONL format, whole and growing
// under `-f` as a writer process appends them at random split points, and truncated, rotated, deleted or given an
// over-long line while followed. Every wait is for output to appear or a process to end.
import { spawn, spawnSync } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bin, startTail } from "./tail.test.helpers.js";

const real = (file: string): string => path.join(realFixturesRoot(), file);
const sessions = {
  "claude-code": real("spotter/test/fixtures/transcripts/short.jsonl"),
  codex: real("agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl"),
  "gemini-cli": real("agent-sessions/Resources/Fixtures/stage0/agents/gemini/jsonl_v040.jsonl"),
} as const;

interface Item {
  seq: number;
  type: string;
  payload: unknown;
}

const itemsOf = (stdout: string): Item[] =>
  stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Item);

/** `tail --json` of a whole file, without -f: every item. */
function allItems(file: string): Item[] {
  const run = spawnSync(process.execPath, [bin, "tail", "-q", "-n", "100000", "--json", file], { encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return itemsOf(run.stdout);
}

/** The last version printed of each item, by seq, in seq order. */
function lastVersions(items: readonly Item[]): Item[] {
  const bySeq = new Map<number, Item>();
  for (const item of items) bySeq.set(item.seq, item);
  return [...bySeq.values()].sort((left, right) => left.seq - right.seq);
}

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "tail-session-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe("tail on an agent's session", () => {
  it("prints a Claude Code session's messages and tool results, one line each, with their tokens", () => {
    const run = spawnSync(process.execPath, [bin, "tail", "-n", "4", sessions["claude-code"]], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      "     2 21:11:59.186 message.assistant   (thinking) The user is having trouble starting their Phoenix server. Let me check what's happening …  [25,353 in, 13 out, 11,515 cache read]\n" +
        "     3 21:12:02.480 message.user        (tool_result)\n" +
        "     4 21:12:02.480 message.user        (tool_result)\n" +
        "     5 21:12:02.480 message.user        [Request interrupted by user for tool use]\n",
    );
    expect(run.stderr).not.toContain("needs seq");
  });

  it("prints a Codex rollout's calls and results, and -n counts the same items as --json", () => {
    const items = allItems(sessions.codex);
    expect(items.map((item) => item.seq)).toEqual(items.map((_item, index) => index + 1));
    // The rollout's four function_call_output records and its one custom_tool_call_output.
    expect(items.filter((item) => item.type === "tool.result")).toHaveLength(5);
    const run = spawnSync(process.execPath, [bin, "tail", "-n", "2", sessions.codex], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(
        `^ +${items.length} 19:56:05\\.955 message\\.assistant {3}\\(thinking\\) Ran the script with .*\\[4,139 in, 38 out, 3,968 cache read\\]$`,
      ),
    );
  });

  it("prints a Gemini CLI session's turn: prompt, call, result, answer", () => {
    const run = spawnSync(process.execPath, [bin, "tail", sessions["gemini-cli"]], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(run.status).toBe(0);
    // The tool result records no time of its own in the message (Gemini CLI keeps it on the call): it is written at
    // the time of the message before it, never earlier.
    expect(run.stdout).toBe(
      "     1 21:39:33.155 message.user        Say hello and list files.\n" +
        "     2 21:39:35.125 message.assistant   (calls run_shell_command)  [11,855 in, 81 out]\n" +
        "     3 21:39:35.125 tool.result         run_shell_command Output: AgentSessions/ README.md Process Group PGID: 12345\n" +
        "     4 21:39:45.996 message.assistant   Hello! I listed the files.  [12,069 in, 147 out, 11,502 cache read]\n",
    );
  });
});

/**
 * A writer process appending `text` to `file` in pieces cut at the seeded random offsets, pausing a seeded random few
 * milliseconds between pieces as an agent does between writes: lines arrive in pieces, several lines in one piece.
 */
function startWriter(file: string, text: Buffer, seed: number): Promise<number | null> {
  const [cuts, pauses] = fc.sample(
    fc.tuple(
      fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), {
        minLength: 5,
        maxLength: Math.min(80, text.length - 1),
      }),
      fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 81, maxLength: 81 }),
    ),
    { seed, numRuns: 1 },
  )[0] as [number[], number[]];
  const offsets = [0, ...cuts.sort((left, right) => left - right), text.length];
  const source = path.join(directory, `writer-${seed}.bin`);
  writeFileSync(source, text);
  const script = `
    const { appendFileSync, readFileSync } = require("node:fs");
    const [source, target, offsets, pauses] = process.argv.slice(1);
    const text = readFileSync(source);
    const cuts = JSON.parse(offsets);
    const waits = JSON.parse(pauses);
    (async () => {
      for (let index = 0; index + 1 < cuts.length; index += 1) {
        appendFileSync(target, text.subarray(cuts[index], cuts[index + 1]));
        await new Promise((resolve) => setTimeout(resolve, waits[index % waits.length]));
      }
    })();`;
  const writer = spawn(
    process.execPath,
    ["-e", script, source, file, JSON.stringify(offsets), JSON.stringify(pauses)],
    { stdio: "ignore" },
  );
  return new Promise((resolve) => writer.on("close", (code) => resolve(code)));
}

/** The first lines of a session that give an item of their own, and the rest of its bytes. */
function splitAtFirstItem(file: string): { start: Buffer; rest: Buffer } {
  const bytes = readFileSync(file);
  let end = 0;
  for (;;) {
    end = bytes.indexOf(0x0a, end) + 1;
    const start = path.join(directory, "start.jsonl");
    writeFileSync(start, bytes.subarray(0, end));
    if (allItems(start).length > 0) return { start: bytes.subarray(0, end), rest: bytes.subarray(end) };
  }
}

describe("tail -f on a growing agent's session", () => {
  for (const [format, fixture] of Object.entries(sessions))
    for (const seed of [24, 2024])
      it(`prints each new item of a ${format} session once, in order, as a writer appends it in pieces (seed ${seed})`, async () => {
        const expected = allItems(fixture);
        const { start, rest } = splitAtFirstItem(fixture);
        const file = path.join(directory, `${format}.jsonl`);
        writeFileSync(file, start);
        const tail = startTail(["-f", "-n", "100000", "--json", file]);
        await tail.until(() => tail.stdout().includes("\n"), "the first item");
        expect(await startWriter(file, rest, seed)).toBe(0);
        await tail.until(() => {
          const printed = lastVersions(itemsOf(tail.stdout()));
          return printed.length === expected.length && JSON.stringify(printed) === JSON.stringify(expected);
        }, "every item of the finished session");
        tail.interrupt();
        expect(await tail.ended).toEqual({ code: 0, signal: null });
        // Each item first appears once, in order; a line printed again is an update of one printed before it (the
        // documented rule), and the last of each is the item as the finished session holds it.
        const printed = itemsOf(tail.stdout());
        const firsts: number[] = [];
        for (const item of printed) if (!firsts.includes(item.seq)) firsts.push(item.seq);
        expect(firsts).toEqual(expected.map((item) => item.seq));
        expect(lastVersions(printed)).toEqual(expected);
        expect(tail.stderr()).toBe("");
      });

  it("prints a Gemini CLI message re-appended under its id as an update of it, not as a new message", async () => {
    const file = path.join(directory, "gemini.jsonl");
    copyFileSync(sessions["gemini-cli"], file);
    const tail = startTail(["-f", "-n", "1", file]);
    await tail.until(() => tail.stdout().includes("Hello! I listed the files."), "the last message");
    appendFileSync(
      file,
      `${JSON.stringify({ id: "g-assistant-2", timestamp: "2026-04-29T21:39:46.500Z", type: "gemini", content: "Hello! I listed the files, twice.", model: "gemini-3-flash-preview" })}\n`,
    );
    await tail.until(() => tail.stdout().includes("twice"), "the update");
    tail.interrupt();
    expect(await tail.ended).toEqual({ code: 0, signal: null });
    const lines = tail.stdout().trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^ {5}4 21:39:46\.500 message\.assistant {3}\(updated\) Hello! I listed the files, twice\.$/,
    );
  });
});

describe("tail -f on an agent's session changed under it", () => {
  const startFollowing = async (file: string) => {
    const tail = startTail(["-f", "--json", "--idle", "20", file]);
    await tail.until(() => itemsOf(tail.stdout()).length === 4, "the session's 4 items");
    return tail;
  };

  it("reads a session truncated under it from its start, and says so", async () => {
    const file = path.join(directory, "session.jsonl");
    copyFileSync(sessions["gemini-cli"], file);
    const size = readFileSync(file).length;
    const tail = await startFollowing(file);
    truncateSync(file, 0);
    await tail.until(() => tail.stderr().includes("was truncated"), "the truncation said");
    appendFileSync(file, readFileSync(sessions["gemini-cli"]));
    await tail.until(() => itemsOf(tail.stdout()).length === 8, "the session's items again");
    tail.interrupt();
    expect(await tail.ended).toEqual({ code: 0, signal: null });
    expect(itemsOf(tail.stdout()).map((item) => item.seq)).toEqual([1, 2, 3, 4, 1, 2, 3, 4]);
    expect(tail.stderr()).toBe(
      `${file} was truncated; reading it from the start (it is now 0 bytes, shorter than the ${size} bytes already read)\n`,
    );
  });

  it("follows another session renamed over the followed one from its start, and says so", async () => {
    const file = path.join(directory, "session.jsonl");
    copyFileSync(sessions["gemini-cli"], file);
    const tail = await startFollowing(file);
    copyFileSync(sessions["claude-code"], `${file}.new`);
    renameSync(`${file}.new`, file);
    const expected = allItems(sessions["claude-code"]);
    await tail.until(() => itemsOf(tail.stdout()).length === 4 + expected.length, "the new session's items");
    tail.interrupt();
    expect(await tail.ended).toEqual({ code: 0, signal: null });
    expect(itemsOf(tail.stdout()).slice(4)).toEqual(expected);
    expect(tail.stderr()).toBe(
      `${file} was replaced; reading it from the start (another file has its name now)\n` +
        `${file}: now read as a claude-code session\n`,
    );
  });

  it("says a deleted session was deleted, and stops saying it did not come back (exit 1)", async () => {
    const file = path.join(directory, "session.jsonl");
    copyFileSync(sessions["gemini-cli"], file);
    const tail = startTail(["-f", "--json", "--idle", "1", file]);
    await tail.until(() => itemsOf(tail.stdout()).length === 4, "the session's 4 items");
    unlinkSync(file);
    expect(await tail.ended).toEqual({ code: 1, signal: null });
    expect(tail.stderr()).toBe(
      `${file} was deleted; waiting for it to appear again (what is still written to the deleted file is read meanwhile)\n` +
        `${file} was deleted and did not appear again within --idle 1 s; stopped\n`,
    );
  });

  it("reports and skips a line over the input limit, holding none of it, and reads on", async () => {
    const file = path.join(directory, "session.jsonl");
    const [first, ...others] = readFileSync(sessions["gemini-cli"], "utf8").trimEnd().split("\n");
    writeFileSync(file, `${first}\n${others[0]}\n`);
    const tail = startTail(["-f", "--json", "--max-input-size", "64KiB", file]);
    await tail.until(() => itemsOf(tail.stdout()).length === 1, "the first message");
    // 200 KiB without a line feed: reported once it passes the limit, before its end arrives.
    appendFileSync(file, `{"id":"huge","type":"user","content":"${"x".repeat(200 * 1024)}`);
    await tail.until(() => tail.stderr().includes("line-too-long"), "the long line reported");
    appendFileSync(file, `"}\n${others.slice(1).join("\n")}\n`);
    await tail.until(() => itemsOf(tail.stdout()).length === 4, "the messages after it");
    tail.interrupt();
    expect(await tail.ended).toEqual({ code: 1, signal: null });
    expect(tail.stderr()).toBe(
      `${file}: error: line 3: line-too-long: line 3 is longer than 65536 bytes (--max-input-size); skipped\n`,
    );
  });

  it("stops with an error once the session held grows past --max-input-size (exit 1)", async () => {
    const file = path.join(directory, "session.jsonl");
    copyFileSync(sessions["gemini-cli"], file);
    const tail = startTail(["-f", "--json", "--max-input-size", "2KiB", file]);
    await tail.until(() => itemsOf(tail.stdout()).length === 4, "the session's 4 items");
    const more = (index: number): string =>
      `${JSON.stringify({ id: `g-user-${index + 2}`, timestamp: "2026-04-29T21:40:00.000Z", type: "user", content: [{ text: "y".repeat(300) }] })}\n`;
    appendFileSync(file, [0, 1, 2].map(more).join(""));
    expect(await tail.ended).toEqual({ code: 1, signal: null });
    expect(tail.stderr()).toBe(
      `${file}: error: the session grew past the input limit of 2 KiB (2048 bytes); stopped (raise it with --max-input-size)\n`,
    );
    // What was read before the limit was passed is printed, not lost.
    expect(itemsOf(tail.stdout()).length).toBeGreaterThanOrEqual(4);
  });
});
