/**
 * Tool-call ids of a Mistral request. Mistral takes exactly nine alphanumeric characters, so ids of other providers
 * (`call_…`, `toolu_…`) are renamed through one deterministic table (`idRules.mistral`), the call and its result
 * alike. Sources that reuse an id in a later turn (Gemini histories) would pair a result with the wrong call, so a
 * call whose target id an earlier call already has gets a fresh id derived from its position, and the results of
 * the current turn take the ids of its calls in call order.
 */
import { ToolCallIdMap, idRules } from "../../ids.js";

export interface CallId {
  id: string;
  /** Why the id differs from the source id: it broke Mistral's rule, or an earlier call already has it. */
  change?: "rule" | "reused";
}

export class TurnCallIds {
  private readonly map = new ToolCallIdMap(idRules.mistral.isValid, idRules.mistral.make);
  private readonly taken = new Set<string>();
  private turn = new Map<string, CallId[]>();
  private answered = new Map<string, number>();
  private readonly latest = new Map<string, CallId>();

  startTurn(): void {
    this.turn = new Map();
    this.answered = new Map();
  }

  call(sourceId: string, position: string): CallId {
    const mapped = this.map.idFor(sourceId);
    let result: CallId = mapped.remapped ? { id: mapped.id, change: "rule" } : { id: mapped.id };
    if (this.taken.has(result.id)) result = { id: this.map.synthesize(`reused:${position}:${sourceId}`), change: "reused" };
    this.taken.add(result.id);
    this.turn.set(sourceId, [...(this.turn.get(sourceId) ?? []), result]);
    this.latest.set(sourceId, result);
    return result;
  }

  result(sourceId: string): CallId {
    const calls = this.turn.get(sourceId);
    if (calls !== undefined && calls.length > 0) {
      const count = this.answered.get(sourceId) ?? 0;
      this.answered.set(sourceId, count + 1);
      return calls[Math.min(count, calls.length - 1)] as CallId;
    }
    const latest = this.latest.get(sourceId);
    if (latest !== undefined) return latest;
    const mapped = this.map.idFor(sourceId);
    return mapped.remapped ? { id: mapped.id, change: "rule" } : { id: mapped.id };
  }
}

/** The `id-remapped` message, naming the new id (the cross-provider check reads it from there). */
export function idChangeMessage(sourceId: string, mapped: CallId, what: "call" | "result"): string {
  if (mapped.change === "rule") return `tool call id ${sourceId} renamed to ${mapped.id}: Mistral takes exactly nine letters and digits`;
  const subject = what === "call" ? `tool call id ${sourceId} is already the id of an earlier call` : `the call this result answers reuses the id ${sourceId} of an earlier call`;
  return `${subject}; it was renamed to ${mapped.id} so each result pairs with its own call`;
}
