// RELIABILITY.md is rendered from the committed results alone: the committed page must be what they render to.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { totalCases } from "./campaign.js";
import { campaigns } from "./campaigns.js";
import { pageFile, repositoryRoot } from "./paths.js";
import { renderPage } from "./report.js";
import { readPublishedResults } from "./results.js";

describe("the committed RELIABILITY.md", () => {
  it("is what tools/reliability/results/main.json renders to", () => {
    const onDisk = path.join(repositoryRoot, pageFile);
    const committed = existsSync(onDisk) ? readFileSync(onDisk, "utf8") : undefined;
    // A boolean, not the two texts: the diff of a whole page says less than the command that fixes it.
    expect(
      committed === renderPage(readPublishedResults()),
      `${pageFile} is stale: \`pnpm test:reliability --render\` writes it again from tools/reliability/results/main.json`,
    ).toBe(true);
  });

  it("has every campaign in the committed results, from a full run that found nothing", () => {
    const results = readPublishedResults();
    for (const campaign of campaigns) {
      const result = results?.campaigns[campaign.id];
      expect(
        result,
        `${campaign.id} is in the results (\`pnpm test:reliability --only ${campaign.id}\`)`,
      ).toBeDefined();
      expect(result?.mode).toBe("full");
      expect(result?.failures).toEqual([]);
      const cases = result === undefined ? 0 : totalCases(result);
      expect(cases).toBeGreaterThanOrEqual(campaign.minimumCases.full);
    }
  });
});
