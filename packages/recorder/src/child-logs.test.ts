import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeFifo } from "@agent-transcript/fixtures/hostile-files";
import { afterAll, describe, expect, it } from "vitest";
import { findChildLog } from "./index.js";

const scratch = mkdtempSync(path.join(tmpdir(), "recorder-child-logs-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const runId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

describe("findChildLog", () => {
  it("finds <run id>.jsonl before <run id>.jsonl.gz, and either alone", async () => {
    const folder = mkdtempSync(path.join(scratch, "both-"));
    expect(await findChildLog(folder, runId)).toBeUndefined();
    writeFileSync(path.join(folder, `${runId}.jsonl.gz`), "");
    expect(await findChildLog(folder, runId)).toBe(path.join(folder, `${runId}.jsonl.gz`));
    writeFileSync(path.join(folder, `${runId}.jsonl`), "");
    expect(await findChildLog(folder, runId)).toBe(path.join(folder, `${runId}.jsonl`));
  });

  it("returns a link or a FIFO in a log's place for its reader to refuse, without opening it", async () => {
    const folder = mkdtempSync(path.join(scratch, "special-"));
    makeFifo(path.join(folder, `${runId}.jsonl`));
    expect(await findChildLog(folder, runId)).toBe(path.join(folder, `${runId}.jsonl`));
    const other = mkdtempSync(path.join(scratch, "link-"));
    symlinkSync(path.join(scratch, "nowhere"), path.join(other, `${runId}.jsonl.gz`));
    expect(await findChildLog(other, runId)).toBe(path.join(other, `${runId}.jsonl.gz`));
  });

  it("makes no path of a run id that is not a UUID", async () => {
    const folder = mkdtempSync(path.join(scratch, "names-"));
    writeFileSync(path.join(scratch, "escape.jsonl"), "");
    for (const id of ["../escape", "..", "escape", `${runId}/../../escape`])
      expect(await findChildLog(folder, id)).toBeUndefined();
  });
});
