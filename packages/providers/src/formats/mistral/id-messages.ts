import type { CallId } from "../../conversion/index.js";

/** The `id-remapped` message, naming the new id (the cross-provider check reads it from there). */
export function idChangeMessage(sourceId: string, mapped: CallId, what: "call" | "result"): string {
  if (mapped.change === "rule")
    return `tool call id ${sourceId} renamed to ${mapped.id}: Mistral takes exactly nine letters and digits`;
  const subject =
    what === "call"
      ? `tool call id ${sourceId} is already the id of an earlier call`
      : `the call this result answers reuses the id ${sourceId} of an earlier call`;
  return `${subject}; it was renamed to ${mapped.id} so each result pairs with its own call`;
}
