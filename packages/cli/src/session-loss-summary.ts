// The summary line of what an import did with a session's records: its own module, so that the commands that never
// import a session (stats, tools, …) do not load the providers' registry for it.
import { isExpectedSessionLoss, type SessionLossCode } from "@agent-transcript/providers";

/** An import's losses by what became of them: kept by a rule, absent from the source, left out by a rule, unreadable. */
export interface SessionLossCounts {
  readonly kept: number;
  readonly notCarried: number;
  readonly leftOut: number;
  readonly unreadable: number;
}

/** Counts an import's losses of the expected kinds; `unreadable` is what else its warnings hold. */
export function sessionLossCounts(losses: readonly { code: SessionLossCode }[], unreadable: number): SessionLossCounts {
  let kept = 0;
  let notCarried = 0;
  let leftOut = 0;
  for (const loss of losses)
    if (loss.code === "not-carried") notCarried += 1;
    else if (loss.code === "left-out") leftOut += 1;
    else if (isExpectedSessionLoss(loss)) kept += 1;
  return { kept, notCarried, leftOut, unreadable };
}

/**
 * What an import did with what a session holds beyond the canonical fields (import's and convert's summary line):
 * `1211 kept as metadata or whole, 2 could not be read`, and for a source that lacks things (a trace recorded without
 * content) or holds what no field takes, `4 not carried by the source, 1 left out by rule` between them. "Losses"
 * alone read as if all were lost, though most are records kept whole by a documented rule.
 */
export function sessionLossSummary(counts: SessionLossCounts): string {
  return [
    `${counts.kept} kept as metadata or whole`,
    ...(counts.notCarried > 0 ? [`${counts.notCarried} not carried by the source`] : []),
    ...(counts.leftOut > 0 ? [`${counts.leftOut} left out by rule`] : []),
    `${counts.unreadable} could not be read`,
  ].join(", ");
}
