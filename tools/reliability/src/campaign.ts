/**
 * A reliability campaign: one class of fault or input (kills mid-write, damaged tails, processes contending, a full
 * disk, hostile regular-expression input), tried case by case through the API or
 * command a user calls, each case judged against the guarantee the campaign names. A campaign never stops at the
 * first failure: it counts every case and keeps the first few failures' descriptions, so the report says how much
 * was tried and what survived.
 */

/** How much a campaign tries: `fast` inside `pnpm test` (seconds), `full` in `pnpm test:reliability`. */
export type CampaignMode = "fast" | "full";

export interface CampaignContext {
  readonly mode: CampaignMode;
  /** A directory of the campaign's own, removed after it. */
  readonly scratch: string;
  /** Progress for a person watching (stderr). */
  readonly log: (line: string) => void;
}

/** One kind of case within a campaign (a line size, a command, a rule): counted on its own line of the report. */
export interface CaseTally {
  readonly label: string;
  readonly cases: number;
  readonly survived: number;
}

export interface CampaignOutcome {
  readonly tallies: readonly CaseTally[];
  /** The first failures (at most 10), each naming its case: what to reproduce. */
  readonly failures: readonly string[];
  /** What else the run found worth saying (an environment fallback taken, a measured worst case). */
  readonly notes?: readonly string[];
}

export interface Campaign {
  /** Kebab-case, stable: `--only` takes it and the report's anchors use it. */
  readonly id: string;
  /** The report's section. */
  readonly group: CampaignGroup;
  /** The fault or input class, in a few words. */
  readonly title: string;
  /** What a case must show to count as survived. */
  readonly guarantee: string;
  /** The fewest cases each mode must run: a campaign that ran fewer did not do its job. */
  readonly minimumCases: Readonly<Record<CampaignMode, number>>;
  run(context: CampaignContext): Promise<CampaignOutcome>;
}

export const campaignGroups = [
  "Crashes",
  "Damaged input",
  "Contention",
  "Resources",
  "Regular expressions",
  "Properties",
] as const;
export type CampaignGroup = (typeof campaignGroups)[number];

/** Counts cases by label and keeps the first failures: what most campaigns need to build their outcome. */
export class Tally {
  private readonly counts = new Map<string, { cases: number; survived: number }>();
  private readonly failureList: string[] = [];
  private readonly noteList: string[] = [];

  /** One case: `failure` undefined when it survived, else what went wrong (naming the case). */
  record(label: string, failure: string | undefined): void {
    const count = this.counts.get(label) ?? { cases: 0, survived: 0 };
    count.cases += 1;
    if (failure === undefined) count.survived += 1;
    else if (this.failureList.length < 10) this.failureList.push(`${label}: ${failure}`);
    this.counts.set(label, count);
  }

  note(line: string): void {
    if (!this.noteList.includes(line)) this.noteList.push(line);
  }

  outcome(): CampaignOutcome {
    return {
      tallies: [...this.counts].map(([label, count]) => ({ label, ...count })),
      failures: [...this.failureList],
      ...(this.noteList.length === 0 ? {} : { notes: [...this.noteList] }),
    };
  }
}

export const totalCases = (outcome: CampaignOutcome): number =>
  outcome.tallies.reduce((sum, tally) => sum + tally.cases, 0);
export const totalSurvived = (outcome: CampaignOutcome): number =>
  outcome.tallies.reduce((sum, tally) => sum + tally.survived, 0);
