/**
 * The calls of an Ollama request as they are written, for pairing each tool message with its call (request.ts writes
 * them, content.ts pairs the results).
 */
import type { Tolerant } from "@agent-transcript/core";
import { pointer, TurnCallIds, type IdRule, type JsonObject, type Problems } from "../../conversion/index.js";
import { syntheticCallId } from "../../families/chat-completions/index.js";
import { ollamaMember } from "./request-member.js";

/** Ollama takes any call id; one made up for a call whose id an earlier call took is the family's kind for Ollama. */
const idRule: IdRule = {
  isValid: () => true,
  make: (basis, attempt) => syntheticCallId(ollamaMember, `${basis}#${attempt}`),
};

/** A function call as it was sent. */
export interface SentCall {
  /** The id written on the call (a fresh one when its source id was already used). */
  id: string;
  name: string;
  /** Whether the call went out with that id (an Ollama call imported without one is written without one). */
  withId: boolean;
  /** The native assistant message carrying the call, once written. */
  owner?: JsonObject;
}

/**
 * Ollama pairs a tool message with a call of the assistant message right before it, by `tool_call_id` (and
 * `tool_name`). The ids are the request's turn call ids (`TurnCallIds`): a call whose id an earlier call already took
 * goes out under a fresh deterministic id (`id-remapped`, a Gemini history reuses ids). What is Ollama's own is the
 * pairing: each source id maps to its latest call, with the message that carries it (a tool message goes right after
 * that message), whether it went out with an id, and whether it was sent at all (a provider-executed or built-in call
 * is not, and its result is dropped with it).
 */
export class CallTable {
  private readonly ids = new TurnCallIds(idRule);
  private readonly latest = new Map<string, SentCall | null>();
  /** Calls written into the message being built, given their owner once it is known. */
  private unowned: SentCall[] = [];

  constructor(private readonly problems: Problems) {}

  notSent(id: string): void {
    this.latest.set(id, null);
  }

  /** The id to write for a call at `path` (its own, unless an earlier call already went out with it). */
  send(part: Tolerant.ToolCallPart, path: string, withId: boolean): string {
    // A call written without an id still takes its id: a later call with the same one gets a fresh id.
    const taken = this.ids.call(part.id, path);
    const id = withId ? taken.id : part.id;
    if (id !== part.id)
      this.problems.warn(
        "id-remapped",
        pointer(path, "id"),
        `tool-call id ${part.id} is used by an earlier call too; sent as ${id} so each tool message pairs with its own call`,
      );
    const call: SentCall = { id, name: part.name, withId: withId && id !== "" };
    this.latest.set(part.id, call);
    this.unowned.push(call);
    return id;
  }

  /** The calls written since the last call are in `owner`. */
  own(owner: JsonObject): void {
    for (const call of this.unowned) call.owner = owner;
    this.unowned = [];
  }

  /** The latest call with this source id: sent, not sent (null), or none before (undefined). */
  find(id: string): SentCall | null | undefined {
    return this.latest.get(id);
  }
}
