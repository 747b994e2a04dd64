/**
 * Tool-call ids of a chat-completions request (OpenAI Chat, Mistral, Ollama), scoped per assistant turn.
 *
 * These APIs need every call id of a request to be unique and to follow their rule (Chat: 1–64 characters; Mistral:
 * exactly nine letters and digits). `ToolCallIdMap` gives a source id one target id for the whole document, so an id
 * a source reuses in a later turn (Gemini histories do: ids are only unique within a turn) would be written twice.
 * Here the document-wide map still renames ids that break the rule, and a call whose id an earlier call already took
 * gets a fresh id derived from where the call is (so reruns agree). A result takes the id of its call in the latest
 * assistant turn, the turn these APIs pair it with (Ollama pairs a result with the latest call by its own table, which
 * takes its call ids from here).
 */
import { ToolCallIdMap } from "./tool-call-ids.js";

/** A target's id rule, as in `idRules`. */
export interface IdRule {
  isValid(id: string): boolean;
  make(basis: string, attempt: number): string;
}

export type CallIdChange = "rule" | "reused";

export interface CallId {
  id: string;
  /** Why the id differs from the source id, when it does. */
  change?: CallIdChange;
}

export class TurnCallIds {
  private readonly map: ToolCallIdMap;
  /** Target ids of the calls written so far. */
  private readonly taken = new Set<string>();
  /** Source id → the target ids of the current turn's calls with it, in order. */
  private turn = new Map<string, CallId[]>();
  /** Source id → how many results of the current turn took one of its ids. */
  private answered = new Map<string, number>();
  /** Source id → the target id of the latest call with it. */
  private readonly latest = new Map<string, CallId>();

  constructor(rule: IdRule) {
    this.map = new ToolCallIdMap(rule.isValid, rule.make);
  }

  /** Starts a new assistant turn: results written from now on answer its calls. */
  startTurn(): void {
    this.turn = new Map();
    this.answered = new Map();
  }

  /** The id of a call at `position` (its JSON pointer) of the current turn. */
  call(sourceId: string, position: string): CallId {
    const mapped = this.map.idFor(sourceId);
    let result: CallId = mapped.remapped ? { id: mapped.id, change: "rule" } : { id: mapped.id };
    if (this.taken.has(mapped.id))
      result = { id: this.map.synthesize(`reused:${position}:${sourceId}`), change: "reused" };
    this.taken.add(result.id);
    this.turn.set(sourceId, [...(this.turn.get(sourceId) ?? []), result]);
    this.latest.set(sourceId, result);
    return result;
  }

  /** The id of a result answering `sourceId`: its call's in the current turn (in call order), else the latest one. */
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
