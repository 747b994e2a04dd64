/**
 * How a run is named to a person, the same in `stats` and `tree`: its id as its source names it (a Claude Code
 * sub-agent's agent id, not the UUID an event log is given for it), then its title (a sub-agent's description or agent
 * type) when it has one.
 */
import type { Tolerant } from "@agent-transcript/core";

export interface RunName {
  runId: string | null;
  title: string | null;
}

/** A document's child run, named as its parent's document names it. */
export function childRunName(child: Pick<Tolerant.ChildRun, "run_id" | "title">): RunName {
  return { runId: child.run_id, title: child.title ?? null };
}

/** The child runs of a document, named, in its order. */
export function childRunNames(document: Tolerant.Transcript | undefined): RunName[] {
  return (document?.run?.children ?? []).map(childRunName);
}

/** `a2898e3  Explore transcript rendering codebase`; the id painted by `paintId` (colour, for a terminal). */
export function describeRunName(name: RunName, paintId: (text: string) => string = (text) => text): string {
  return `${paintId(name.runId ?? "(run)")}${name.title === null ? "" : `  ${name.title}`}`;
}
