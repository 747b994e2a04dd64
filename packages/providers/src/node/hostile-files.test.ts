// Hostile files through the Node entry's public importSession, each in a fresh child process whose peak memory is
// measured and which is killed if it hangs: decompression bombs (gzip and Zstandard, of one byte or of one JSON line,
// gigabytes from kilobytes) refused at the limit with memory under twice the limit; Zstandard frames that ask for a
// huge window or for hours of work; files of tiny lines past the limit by their count; and FIFOs and devices where a
// session or a related file should be, refused by name instead of waited on.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  gzipByteBomb,
  gzipLineBomb,
  makeFifo,
  runNodeChild,
  zstdByteBomb,
  zstdHugeWindow,
  zstdJsonLineBomb,
  zstdTinyBlocks,
} from "@agent-transcript/fixtures/hostile-files";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { afterAll, describe, expect, it } from "vitest";

const probe = fileURLToPath(new URL("hostile-file-probe.test.helpers.ts", import.meta.url));
const packageRoot = fileURLToPath(new URL("../..", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "providers-hostile-files-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const defaultLimitMebibytes = 256;
const codexRollout = path.join(
  realFixturesRoot(),
  "agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl",
);

interface Probed {
  ok: boolean;
  message?: string;
  messages?: number;
  losses?: number;
  relatedLosses?: Array<{ code: string; file: string; line?: number; message: string }>;
  /** What the child held before it read the file: Node, tsx and the modules loaded. */
  startMebibytes: number;
}

/**
 * importSession on `file` in a child process (killed after `timeoutMs`): what it returned, and what reading the file
 * cost in memory: the child's peak less what it held before reading (about 100 MiB of Node, tsx and modules that no
 * input adds to or takes from).
 */
async function importInChild(
  file: string,
  options: Record<string, unknown> = {},
  timeoutMs = 90_000,
): Promise<Probed & { inputMebibytes: number; timedOut: boolean }> {
  const outcome = await runNodeChild(probe, [file, JSON.stringify(options)], {
    timeoutMs,
    nodeArguments: ["--import", "tsx"],
    cwd: packageRoot,
  });
  expect(outcome.stderr).toBe("");
  const probed = outcome.timedOut ? { ok: false, startMebibytes: 0 } : (JSON.parse(outcome.stdout) as Probed);
  return {
    ...probed,
    inputMebibytes: outcome.peakMebibytes - probed.startMebibytes,
    timedOut: outcome.timedOut,
  };
}

function scratchFile(name: string, content: string | Uint8Array): string {
  const folder = mkdtempSync(path.join(scratch, "case-"));
  const file = path.join(folder, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

describe("decompression bombs through importSession, at the default limit of 256 MiB", () => {
  it.each([
    ["Zstandard, 4 GiB of one byte in 128 KiB", () => zstdByteBomb(4096)],
    ["Zstandard, 4 GiB of one 128 KiB JSON line in 512 KiB", () => zstdJsonLineBomb(4096)],
    [
      "gzip, 2 GiB of one 1 KiB JSON line in 2 MiB",
      () => gzipLineBomb(2048, `{"type":"noise","text":"${"x".repeat(997)}"}\n`),
    ],
  ])(
    "%s: refused naming the file and the limit, with memory under twice the limit",
    async (_name, bomb) => {
      const file = scratchFile("rollout-bomb.jsonl.zst", bomb());
      const probed = await importInChild(file, { format: "codex" });
      expect(probed.timedOut).toBe(false);
      expect(probed).toMatchObject({
        ok: false,
        message: `${file} decompresses to more than the limit of 256 MiB (maxBytes)`,
      });
      expect(probed.inputMebibytes).toBeLessThan(2 * defaultLimitMebibytes);
    },
    120_000,
  );
});

describe("the devflow converter's own gunzip, at its limit of 256 MiB", () => {
  it("refuses 2 GiB of zeros in 2 MiB as a bomb, with memory under twice the limit", async () => {
    const file = scratchFile("transcript.json.gz", gzipByteBomb(2048));
    const outcome = await runNodeChild(probe, [file, "devflow"], {
      timeoutMs: 60_000,
      nodeArguments: ["--import", "tsx"],
      cwd: packageRoot,
    });
    const probed = JSON.parse(outcome.stdout) as Probed;
    expect(probed).toEqual({
      ok: false,
      message: "the gzip data decompresses to more than the limit of 256 MiB",
      startMebibytes: expect.any(Number),
    });
    expect(outcome.peakMebibytes - probed.startMebibytes).toBeLessThan(2 * defaultLimitMebibytes);
  }, 120_000);
});

describe("Zstandard frames that would cost far more than they hold", () => {
  it("refuses a frame asking for a 1.5 GiB window before allocating it", async () => {
    const file = scratchFile("rollout-window.jsonl.zst", zstdHugeWindow(1536 * 1024 * 1024));
    const probed = await importInChild(file, { format: "codex" });
    expect(probed.ok).toBe(false);
    expect(probed.message).toContain(file);
    expect(probed.message).toContain("asks for a 1536 MiB window, more than the 128 MiB allowed");
    expect(probed.inputMebibytes).toBeLessThan(defaultLimitMebibytes);
  }, 120_000);

  it("refuses a megabyte of one-byte blocks over an 8 MiB window within its work bound, instead of working for minutes", async () => {
    // 262,144 blocks, each moving the 8 MiB window: 2 TiB of copying unbounded. At a 1 MiB limit the bound is 256 MiB.
    const file = scratchFile("rollout-work.jsonl.zst", zstdTinyBlocks(262_144, 8 * 1024 * 1024));
    const probed = await importInChild(file, { format: "codex", maxBytes: 1024 * 1024 }, 60_000);
    expect(probed.timedOut).toBe(false);
    expect(probed.ok).toBe(false);
    expect(probed.message).toContain(file);
    expect(probed.message).toContain("takes more work than allowed");
  }, 120_000);
});

describe("files of tiny lines", () => {
  it("refuses 1.2 million three-byte lines (3.6 MB) at the default limit: each line counts 256 bytes", async () => {
    const file = scratchFile("rollout-tiny.jsonl", "{}\n".repeat(1_200_000));
    const probed = await importInChild(file, { format: "codex" });
    expect(probed.ok).toBe(false);
    expect(probed.message).toBe(
      `${file}: more than the limit of 256 MiB (maxBytes) by line 1,048,577, each line counting at least 256 bytes (a record costs memory however short it is)`,
    );
    expect(probed.inputMebibytes).toBeLessThan(2 * defaultLimitMebibytes);
  }, 120_000);

  it("imports a real rollout whose lines count within a lowered limit, and refuses the same lines repeated past it", async () => {
    const real = readFileSync(codexRollout);
    const fits = scratchFile("rollout-fits.jsonl", real);
    expect(await importInChild(fits, { maxBytes: 2 * real.length })).toMatchObject({ ok: true });
    const tiny = '{"type":"response_item","payload":{"type":"message","role":"user","content":[]}}\n';
    const lines = Math.ceil((2 * real.length) / 256);
    const many = scratchFile("rollout-many.jsonl", Buffer.concat([real, Buffer.from(tiny.repeat(lines))]));
    const probed = await importInChild(many, { maxBytes: 2 * real.length });
    expect(probed.ok).toBe(false);
    expect(probed.message).toMatch(
      new RegExp(
        `^${many}: more than the limit of ${2 * real.length} bytes \\(maxBytes\\) by line [\\d,]+, each line counting at least 256 bytes`,
      ),
    );
  }, 120_000);
});

describe("pretty-printed single-file sessions", () => {
  it("count their bytes only: a real Gemini CLI .json session imports within twice its size (its 318 lines would count five times it)", async () => {
    const real = readFileSync(
      path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples/gemini_session.json"),
    );
    const file = scratchFile("session-2026-01-01.json", real);
    expect(await importInChild(file, { maxBytes: 2 * real.length })).toMatchObject({ ok: true });
  });
});

describe("special files where a session or a related file is read", () => {
  it("refuses a FIFO named as the session, naming it, instead of waiting for a writer", async () => {
    const folder = mkdtempSync(path.join(scratch, "fifo-"));
    const fifo = path.join(folder, "rollout-2026-01-01T00-00-00-0000.jsonl");
    makeFifo(fifo);
    for (const options of [{}, { format: "codex" }]) {
      const probed = await importInChild(fifo, options, 30_000);
      expect(probed.timedOut).toBe(false);
      expect(probed).toMatchObject({ ok: false, message: `${fifo} is a FIFO (named pipe), not a regular file` });
    }
  }, 120_000);

  it("refuses a character device named as the session (/dev/zero would never end)", async () => {
    const probed = await importInChild("/dev/zero", { format: "codex" }, 30_000);
    expect(probed.timedOut).toBe(false);
    expect(probed).toMatchObject({ ok: false, message: "/dev/zero is a character device, not a regular file" });
  });

  it("does not follow a sub-agent file that is a symbolic link out of the session: the rest imported, the link a loss", async () => {
    const transcripts = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
    const sessionId = "4d5611e5-241a-462a-8d15-5122611a9569";
    const folder = mkdtempSync(path.join(scratch, "subagents-"));
    const main = path.join(folder, `${sessionId}.jsonl`);
    writeFileSync(main, readFileSync(path.join(transcripts, `${sessionId}.jsonl`)));
    const subagents = path.join(folder, sessionId, "subagents");
    mkdirSync(subagents, { recursive: true });
    const [first, second] = ["agent-a2898e3.jsonl", "agent-acompact-e1f845.jsonl"] as const;
    writeFileSync(path.join(subagents, first), readFileSync(path.join(transcripts, sessionId, "subagents", first)));
    // The other sub-agent's file lives elsewhere; only a link to it sits where the session's files are.
    const elsewhere = scratchFile(second, readFileSync(path.join(transcripts, sessionId, "subagents", second)));
    symlinkSync(elsewhere, path.join(subagents, second));
    const probed = await importInChild(main, {}, 30_000);
    expect(probed.timedOut).toBe(false);
    expect(probed.ok).toBe(true);
    expect(probed.relatedLosses).toContainEqual(
      expect.objectContaining({
        file: path.join(subagents, second),
        message: expect.stringContaining(`${path.join(subagents, second)} is a symbolic link; not followed`),
      }),
    );
  });
});
