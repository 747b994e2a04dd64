// decodeTranscript's gzip path on bombs, in a fresh child process whose peak memory is measured: zlib inflates a
// bounded piece at a time and stops at maxOutputLength, so 2 GiB of zeros or of one JSON text repeated is refused at
// the default limit of 256 MiB with memory under twice the limit.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipByteBomb, gzipLineBomb, runNodeChild } from "@agent-transcript/fixtures/hostile-files";
import { afterAll, describe, expect, it } from "vitest";

const probe = fileURLToPath(new URL("decode-probe.test.helpers.ts", import.meta.url));
const packageRoot = fileURLToPath(new URL("..", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "core-decode-bombs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("decodeTranscript on gzip bombs, at the default limit of 256 MiB", () => {
  it.each([
    ["2 GiB of zeros in 2 MiB", () => gzipByteBomb(2048)],
    ["2 GiB of one JSON line in 2 MiB", () => gzipLineBomb(2048, `{"schema_version":"1.0.0","messages":[]}\n`)],
  ])(
    "%s: too-large, with memory under twice the limit",
    async (_name, bomb) => {
      const file = path.join(scratch, "bomb.json.gz");
      writeFileSync(file, bomb());
      const outcome = await runNodeChild(probe, [file], {
        timeoutMs: 60_000,
        nodeArguments: ["--import", "tsx"],
        cwd: packageRoot,
      });
      expect(outcome.timedOut).toBe(false);
      expect(JSON.parse(outcome.stdout)).toEqual({
        ok: false,
        error: { code: "too-large", message: "decompressed document exceeds 268435456 bytes" },
      });
      expect(outcome.peakMebibytes).toBeLessThan(2 * 256);
    },
    120_000,
  );
});
