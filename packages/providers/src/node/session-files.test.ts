import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { importSessionText } from "../sessions.js";
import { findRelatedSessionFiles, importSession, readSessionLines } from "./session-files.js";
import { createZstdDecompressor, isZstd } from "./zstandard.js";

const scratch = mkdtempSync(path.join(tmpdir(), "providers-sessions-"));
let count = 0;
function file(name: string, content: string | Uint8Array): string {
  count += 1;
  const folder = path.join(scratch, String(count));
  mkdirSync(folder, { recursive: true });
  const target = path.join(folder, name);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
  return target;
}

async function collect(source: AsyncIterable<{ line: number; text: string; error?: string }>) {
  const lines = [];
  for await (const line of source) lines.push(line);
  return lines;
}

const real = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");

describe("readSessionLines", () => {
  it("reads lines as they stream: numbered, without line breaks, a byte order mark and carriage returns dropped", async () => {
    const lines = await collect(readSessionLines(file("s.jsonl", "\ufeffone\r\ntwo\n\nthree")));
    expect(lines).toEqual([
      { line: 1, text: "one" },
      { line: 2, text: "two" },
      { line: 3, text: "" },
      { line: 4, text: "three" },
    ]);
  });

  it("gunzips by the magic bytes, whatever the name, to the same lines", async () => {
    const text = readFileSync(path.join(real, "short.jsonl"), "utf8");
    const plain = await collect(readSessionLines(path.join(real, "short.jsonl")));
    const zipped = await collect(readSessionLines(file("short.jsonl", gzipSync(text))));
    expect(zipped).toEqual(plain);
    expect(plain).toHaveLength(text.split("\n").length - 1);
  });

  it("reports a line that is not UTF-8, or too long, and reads on", async () => {
    const bytes = Buffer.concat([
      Buffer.from("good\n"),
      Buffer.from([0x7b, 0xff, 0xfe, 0x0a]),
      Buffer.from("x".repeat(100) + "\nafter\n"),
    ]);
    const lines = await collect(readSessionLines(file("s.jsonl", bytes), { maxLineBytes: 50 }));
    expect(lines).toEqual([
      { line: 1, text: "good" },
      { line: 2, text: "", error: "not valid UTF-8" },
      { line: 3, text: "", error: "longer than 50 bytes" },
      { line: 4, text: "after" },
    ]);
  });

  it("ends with a line naming the break when gzip breaks off", async () => {
    const zipped = gzipSync(readFileSync(path.join(real, "subagent.jsonl")));
    const lines = await collect(readSessionLines(file("s.jsonl.gz", zipped.subarray(0, zipped.length / 2))));
    expect(lines.at(-1)?.error).toMatch(/could not be read further/);
    expect(lines.length).toBeGreaterThan(5);
  });
});

describe("findRelatedSessionFiles", () => {
  it("finds a Claude Code session's sub-agents in its folder and, older, beside it", async () => {
    const session = file("project/s1.jsonl", "");
    const folder = path.dirname(session);
    for (const name of [
      "s1/subagents/agent-b.jsonl",
      "s1/subagents/agent-a.jsonl",
      "s1/subagents/notes.txt",
      "agent-c.jsonl",
      "s2.jsonl",
    ]) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), "");
    }
    expect(
      (await findRelatedSessionFiles(session, "claude-code")).map((found) => path.relative(folder, found)),
    ).toEqual(["s1/subagents/agent-a.jsonl", "s1/subagents/agent-b.jsonl", "agent-c.jsonl"]);
  });
});

describe("importSession", () => {
  it("imports a real session with its sub-agents, to the same result as the text with the same files", async () => {
    const main = path.join(real, "4d5611e5-241a-462a-8d15-5122611a9569.jsonl");
    const streamed = await importSession(main);
    const related = await findRelatedSessionFiles(main, "claude-code");
    const whole = importSessionText(readFileSync(main, "utf8"), {
      path: main,
      related: related.map((name) => ({ path: name, text: readFileSync(name, "utf8") })),
    });
    expect(streamed).toEqual(whole);
    expect(streamed.ok && streamed.children.length).toBe(2);
  });

  it("says why it cannot: a missing file, a folder, a file of no known session", async () => {
    expect(await importSession(path.join(scratch, "missing.jsonl"))).toEqual({
      ok: false,
      message: expect.stringContaining("ENOENT"),
    });
    expect(await importSession(scratch)).toEqual({
      ok: false,
      message: expect.stringContaining("is a folder: importSessions reads each session in it"),
    });
    expect(await importSession(file("notes.jsonl", "hello\n"))).toEqual({
      ok: false,
      message: expect.stringContaining("not a session of a known agent"),
    });
  });

  it("imports a file of no known shape when the format is named, every line a loss", async () => {
    const result = await importSession(file("notes.jsonl", "hello\nworld\n"), { format: "claude-code" });
    expect(result.ok && result.losses.map((loss) => [loss.code, loss.line])).toEqual([
      ["unparsable-line", 1],
      ["unparsable-line", 2],
    ]);
  });
});

describe("Zstandard session files (Codex's .jsonl.zst rollouts)", () => {
  const zstdFile = path.join(
    import.meta.dirname,
    "testdata/rollout-2026-08-01T18-07-03-019fbcca-9fd4-7d20-83dc-0762b2f839b3.jsonl.zst",
  );
  const plain = path.join(realFixturesRoot(), "agentsview/internal/parser/testdata/traex/rollout_subagent.jsonl");

  it("are recognised by their magic number and read line by line, the same lines as the file they compress", async () => {
    const compressed = readFileSync(zstdFile);
    expect(isZstd(compressed)).toBe(true);
    expect(isZstd(readFileSync(plain))).toBe(false);
    const lines = await collect(readSessionLines(zstdFile));
    const expected = await collect(readSessionLines(plain));
    expect(lines).toEqual(expected);
    expect(lines.length).toBeGreaterThan(10);
  });

  it("import as the session they hold, whatever their name", async () => {
    const renamed = file("session.bin", readFileSync(zstdFile));
    const fromZstd = await importSession(renamed, { importedAt: "2026-01-01T00:00:00Z" });
    const fromPlain = await importSession(plain, { importedAt: "2026-01-01T00:00:00Z" });
    expect(fromZstd.ok && fromZstd.format).toBe("codex");
    const strip = (outcome: typeof fromZstd) =>
      outcome.ok
        ? { ...outcome.document, source: { ...outcome.document.source, path: "" }, run: undefined }
        : undefined;
    expect(strip(fromZstd)).toEqual(strip(fromPlain));
  });

  it("that break off end with a line saying the file could not be read further, and never throw", async () => {
    const compressed = readFileSync(zstdFile);
    const cut = file("cut.jsonl.zst", compressed.subarray(0, Math.floor(compressed.length / 2)));
    const lines = await collect(readSessionLines(cut));
    expect(lines.at(-1)?.error).toMatch(/^the file could not be read further: not valid Zstandard/);
    // Compressed as one block, half of it decompresses to nothing: no line is left to tell the format.
    const imported = await importSession(cut);
    expect(imported).toMatchObject({
      ok: false,
      message: expect.stringContaining("is not a session of a known agent"),
    });
    const named = await importSession(cut, { format: "codex" });
    expect(named.ok && named.losses.map((loss) => loss.code)).toEqual(["unparsable-line"]);
  });

  it("are decompressed chunk by chunk by the stream the CLI bounds", async () => {
    const decompressor = createZstdDecompressor();
    const out: Buffer[] = [];
    decompressor.on("data", (chunk: Buffer) => out.push(chunk));
    const compressed = readFileSync(zstdFile);
    for (let at = 0; at < compressed.length; at += 100) decompressor.write(compressed.subarray(at, at + 100));
    decompressor.end();
    await new Promise((resolve) => decompressor.on("end", resolve));
    expect(Buffer.concat(out).equals(readFileSync(plain))).toBe(true);
  });
});
