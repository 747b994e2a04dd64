import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { run } from "../cli.js";
import { runView } from "../commands/view/run.js";
import { transcriptPath } from "../commands/view/server.js";
import { getRaw } from "../commands/view/server.test.helpers.js";

// Every command reads an agent's session the same way, through the one input layer: as lines from its bytes, so one
// byte that is not UTF-8 costs its line (named in a warning), never the session.
const scratch = mkdtempSync(path.join(tmpdir(), "cli-bad-byte-"));
const fixture = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl");
const badLine = 6;

/** The fixture with one byte of line `badLine` made invalid UTF-8 (a lone 0xFF inside a string), and without it. */
function sessions(): { damaged: string; withoutLine: string } {
  const lines = readFileSync(fixture).toString("utf8").split("\n");
  const target = lines[badLine - 1] as string;
  const at = target.indexOf('"cwd":"') + '"cwd":"'.length;
  const damagedBytes = Buffer.concat([
    Buffer.from(`${lines.slice(0, badLine - 1).join("\n")}\n${target.slice(0, at)}`),
    Buffer.from([0xff]),
    Buffer.from(`${target.slice(at)}\n${lines.slice(badLine).join("\n")}`),
  ]);
  const damaged = path.join(scratch, "damaged.jsonl");
  writeFileSync(damaged, damagedBytes);
  const withoutLine = path.join(scratch, "without-line.jsonl");
  writeFileSync(withoutLine, [...lines.slice(0, badLine - 1), ...lines.slice(badLine)].join("\n"));
  return { damaged, withoutLine };
}

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const captured = captureIo();
  const code = await run(args, captured.io);
  return { code, stdout: captured.stdout(), stderr: captured.stderr() };
}

type Document = { messages: Array<{ id?: string }> };
const messageIds = (document: Document): Array<string | undefined> => document.messages.map((message) => message.id);

/** The document `view` serves for `input`, and what it said on stderr. */
async function viewed(input: string): Promise<{ code: number; document: Document; stderr: string }> {
  const captured = captureIo();
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const running = runView(input, { redact: false, verbose: true }, captured.io, stopped);
  await expect.poll(() => captured.stdout(), { timeout: 100_000 }).toMatch(/\n$/);
  const url = new URL(captured.stdout().trim());
  const answer = await getRaw(Number(url.port), `${transcriptPath}?token=${url.searchParams.get("token") ?? ""}`);
  stop();
  const code = await running;
  return { code, document: JSON.parse(answer.body) as Document, stderr: captured.stderr() };
}

describe("a session with one byte that is not UTF-8", () => {
  it("is read the same way by import, export, stats and view: that line lost, with a warning naming it", async () => {
    const { damaged, withoutLine } = sessions();
    const expected = JSON.parse((await cli(["import", withoutLine, "--quiet"])).stdout) as Document;
    const warning = `${damaged}: warning: line ${badLine}: `;

    const imported = await cli(["import", damaged, "--verbose"]);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain(warning);
    expect(messageIds(JSON.parse(imported.stdout) as Document)).toEqual(messageIds(expected));

    const exported = await cli(["export", damaged, "--no-redact", "--verbose"]);
    expect(exported.stderr).toContain(warning);
    expect(exported.code).toBe(0);
    expect(messageIds(JSON.parse(exported.stdout) as Document)).toEqual(messageIds(expected));

    const counted = await cli(["stats", damaged, "--json"]);
    expect(counted.code).toBe(0);
    const stats = JSON.parse(counted.stdout) as { runs: Array<{ own: { messages: number } }> };
    expect(stats.runs.map((entry) => entry.own.messages)).toEqual([expected.messages.length]);
    expect((await cli(["stats", damaged, "--verbose"])).stderr).toContain(warning);

    const view = await viewed(damaged);
    expect(view.code).toBe(0);
    expect(view.stderr).toContain(warning);
    expect(messageIds(view.document)).toEqual(messageIds(expected));
  });
});
