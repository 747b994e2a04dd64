// Every campaign in its fast mode, as `pnpm test` runs them: each runs at least its fast minimum of cases and every
// case survives. (The full campaigns are `pnpm test:reliability`; their counts are in RELIABILITY.md.)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { totalCases, totalSurvived } from "./campaign.js";
import { campaigns } from "./campaigns.js";
import { injectedDiskCases } from "./campaigns/full-disk.js";

describe("the reliability campaigns, fast", () => {
  for (const campaign of campaigns)
    it(`${campaign.id}: ${campaign.title}`, async () => {
      const scratch = mkdtempSync(path.join(os.tmpdir(), `reliability-${campaign.id}-`));
      try {
        const outcome = await campaign.run({ mode: "fast", scratch, log: () => {} });
        expect(outcome.failures).toEqual([]);
        expect(totalCases(outcome)).toBeGreaterThanOrEqual(campaign.minimumCases.fast);
        expect(totalSurvived(outcome)).toBe(totalCases(outcome));
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });

  // CI runs as root and mounts a tmpfs; a contributor's machine that can mount none takes this road.
  it("full-disk where no tmpfs can be mounted: the same cases on an injected ENOSPC", async () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "reliability-injected-disk-"));
    try {
      const outcome = await injectedDiskCases(scratch, "fast");
      expect(outcome.failures).toEqual([]);
      expect(totalCases(outcome)).toBeGreaterThanOrEqual(9);
      expect(totalSurvived(outcome)).toBe(totalCases(outcome));
      expect(outcome.notes?.[0]).toMatch(/^an injected ENOSPC, not a real file system/);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
