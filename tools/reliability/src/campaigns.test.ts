// Every campaign in its fast mode, as `pnpm test` runs them: each runs at least its fast minimum of cases and every
// case survives. (The full campaigns are `pnpm test:reliability`; their counts are in RELIABILITY.md.)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { totalCases, totalSurvived } from "./campaign.js";
import { campaigns } from "./campaigns.js";

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
});
