/**
 * The calls of an Ollama request as they are written, for pairing each tool message with its call (request.ts writes
 * them, content.ts pairs the results).
 */
import type { Tolerant } from "@agent-transcript/core";
import { pointer, type JsonObject, type Problems } from "../../conversion/index.js";
import { syntheticCallId } from "../../families/chat-completions/index.js";
import { ollamaMember } from "./request-member.js";

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
 * `tool_name`). The table follows the calls as they are written: each source id maps to its latest occurrence, so a
 * result pairs with the call of its own turn when a source reuses an id (a Gemini history); the later call goes out
 * under a fresh deterministic id (`id-remapped`). A call that is not sent (provider-executed or built-in) is
 * remembered too, so its result is dropped with it.
 */
export class CallTable {
  private readonly latest = new Map<string, SentCall | null>();
  private readonly used = new Set<string>();
  /** Calls written into the message being built, given their owner once it is known. */
  private unowned: SentCall[] = [];

  constructor(
    private readonly reserved: ReadonlySet<string>,
    private readonly problems: Problems,
  ) {}

  notSent(id: string): void {
    this.latest.set(id, null);
  }

  /** The id to write for a call at `path` (its own, unless an earlier call already went out with it). */
  send(part: Tolerant.ToolCallPart, path: string, withId: boolean): string {
    let id = part.id;
    if (withId && this.used.has(id)) {
      for (let attempt = 0; ; attempt += 1) {
        id = syntheticCallId(ollamaMember, `${part.id}:${path}#${attempt}`);
        if (!this.used.has(id) && !this.reserved.has(id)) break;
      }
      this.problems.warn(
        "id-remapped",
        pointer(path, "id"),
        `tool-call id ${part.id} is used by an earlier call too; sent as ${id} so each tool message pairs with its own call`,
      );
    }
    this.used.add(id);
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
