import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { CampaignGroup, CampaignMode, CampaignOutcome } from "./campaign.js";
import { publishedResultsFile } from "./paths.js";

/** One campaign's result as published. */
export interface CampaignResult extends CampaignOutcome {
  readonly id: string;
  readonly group: CampaignGroup;
  readonly title: string;
  readonly guarantee: string;
  readonly mode: CampaignMode;
  readonly seconds: number;
  /** The run it came from (a key of `runs`). */
  readonly run: string;
}

/** Where and when a run happened. */
export interface RunInfo {
  readonly startedAt: string;
  readonly node: string;
  readonly platform: string;
  readonly cpus: number;
  readonly load: number;
  readonly user: "root" | "unprivileged";
  readonly mode: CampaignMode;
  readonly seconds: number;
}

export interface PublishedResults {
  readonly runs: Readonly<Record<string, RunInfo>>;
  /** By campaign id, in the registry's order when rendered. */
  readonly campaigns: Readonly<Record<string, CampaignResult>>;
}

export function readPublishedResults(file = publishedResultsFile): PublishedResults | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as PublishedResults;
}

/** A later run's campaigns replace the same campaigns of earlier runs; runs no campaign comes from are dropped. */
export function mergeResults(
  earlier: PublishedResults | undefined,
  run: RunInfo,
  campaigns: readonly CampaignResult[],
): PublishedResults {
  const merged: Record<string, CampaignResult> = { ...earlier?.campaigns };
  for (const campaign of campaigns) merged[campaign.id] = campaign;
  const runs: Record<string, RunInfo> = { ...earlier?.runs, [run.startedAt]: run };
  const used = new Set(Object.values(merged).map((campaign) => campaign.run));
  for (const key of Object.keys(runs)) if (!used.has(key)) delete runs[key];
  return { runs, campaigns: merged };
}

export function writePublishedResults(results: PublishedResults, file = publishedResultsFile): void {
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
