/**
 * `pnpm test:reliability`: runs every campaign in full (or those `--only` names), prints each one's count, and
 * publishes them — tools/reliability/results/main.json and RELIABILITY.md. `--fast` runs the fast mode `pnpm test`
 * runs, and never publishes; `--no-publish` prints only; `--render` writes the page again from the committed
 * results. Exit 1 when any case did not survive, 2 on a usage error.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { totalCases, totalSurvived, type CampaignMode } from "./campaign.js";
import { campaigns } from "./campaigns.js";
import { pageFile, repositoryRoot } from "./paths.js";
import { renderPage } from "./report.js";
import { mergeResults, readPublishedResults, writePublishedResults, type CampaignResult } from "./results.js";

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: pnpm test:reliability [--fast] [--only id,id] [--no-publish] [--render]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let mode: CampaignMode = "full";
let only: string[] | undefined;
let publish = true;
let renderOnly = false;
for (let index = 0; index < args.length; index += 1) {
  const arg = args[index];
  if (arg === "--fast") mode = "fast";
  else if (arg === "--no-publish") publish = false;
  else if (arg === "--render") renderOnly = true;
  else if (arg === "--only") {
    const value = args[(index += 1)];
    if (value === undefined) usage("--only needs campaign ids");
    only = value.split(",").filter((id) => id !== "");
    const unknown = only.filter((id) => !campaigns.some((campaign) => campaign.id === id));
    if (unknown.length > 0)
      usage(`no campaign ${unknown.join(", ")}; the campaigns: ${campaigns.map((c) => c.id).join(", ")}`);
  } else usage(`unknown argument ${String(arg)}`);
}

const writePage = (): void => {
  writeFileSync(path.join(repositoryRoot, pageFile), renderPage(readPublishedResults()));
};

if (renderOnly) {
  writePage();
  process.exit(0);
}

const startedAt = new Date().toISOString();
const load = os.loadavg()[0] ?? 0;
const began = performance.now();
const results: CampaignResult[] = [];
let failed = false;
for (const campaign of campaigns.filter((entry) => only === undefined || only.includes(entry.id))) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `reliability-${campaign.id}-`));
  const start = performance.now();
  process.stderr.write(`${campaign.id} (${mode}) …\n`);
  try {
    const outcome = await campaign.run({
      mode,
      scratch,
      log: (line) => process.stderr.write(`  ${line}\n`),
    });
    const cases = totalCases(outcome);
    const survived = totalSurvived(outcome);
    const tooFew = cases < campaign.minimumCases[mode];
    if (survived < cases || tooFew) failed = true;
    process.stdout.write(
      `${campaign.id}: ${survived}/${cases} survived${tooFew ? ` — fewer cases than its ${campaign.minimumCases[mode]}` : ""}\n`,
    );
    for (const failure of outcome.failures) process.stdout.write(`  failed: ${failure}\n`);
    for (const note of outcome.notes ?? []) process.stdout.write(`  note: ${note}\n`);
    results.push({
      id: campaign.id,
      group: campaign.group,
      title: campaign.title,
      guarantee: campaign.guarantee,
      mode,
      seconds: (performance.now() - start) / 1000,
      run: startedAt,
      ...outcome,
    });
  } catch (error) {
    failed = true;
    process.stdout.write(
      `${campaign.id}: the campaign itself failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (publish && mode === "full") {
  const run = {
    startedAt,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.availableParallelism(),
    load,
    user: process.getuid?.() === 0 ? ("root" as const) : ("unprivileged" as const),
    mode,
    seconds: (performance.now() - began) / 1000,
  };
  writePublishedResults(mergeResults(readPublishedResults(), run, results));
  writePage();
  process.stderr.write(`wrote tools/reliability/results/main.json and ${pageFile}\n`);
}
process.exit(failed ? 1 : 0);
