// The search's bound on work: a word in every message is counted and ranked among the newest matches only, and the
// result says so. Through the library entry, as a program would call it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { indexRoots, openStore, searchIndex } from "./index.js";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "run-index-search-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe("searchIndex", () => {
  it("ranks the newest matches alone once more match than it ranks, and says there were more", async () => {
    const folder = path.join(directory, "runs");
    mkdirSync(folder);
    // Three runs of four messages, each holding "deploy"; the last message of each also "rollback".
    for (const run of [0, 1, 2])
      writeFileSync(
        path.join(folder, `run-${run}.json`),
        JSON.stringify({
          schema_version: "1.0.0",
          id: `run-${run}`,
          messages: [0, 1, 2, 3].map((index) => ({
            role: "assistant",
            parts: [{ type: "text", text: index === 3 ? "deploy then rollback rollback" : `deploy step ${index}` }],
          })),
        }),
      );
    const store = await openStore(path.join(directory, "index.sqlite"), { create: true });
    try {
      const summary = await indexRoots(store, [folder], captureIo().io);
      expect(summary.read).toBe(3);
      const all = await searchIndex(store, "deploy", {}, 100);
      expect(all).toMatchObject({ total: 12, more: false });
      const capped = await searchIndex(store, "deploy", {}, 100, 5);
      expect(capped).toMatchObject({ total: 5, more: true });
      expect(capped.hits).toHaveLength(5);
      // The newest five: the last run's four messages and the one before them, best (lowest bm25) first.
      expect(capped.hits.map((hit) => path.basename(hit.file)).sort()).toEqual([
        "run-1.json",
        "run-2.json",
        "run-2.json",
        "run-2.json",
        "run-2.json",
      ]);
      const ranks = capped.hits.map((hit) => hit.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      await expect(searchIndex(store, "deploy", {}, 10, 0)).rejects.toThrow(RangeError);
    } finally {
      await store.close();
    }
  });
});
