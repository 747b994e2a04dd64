/**
 * The no-duplication rule. Chat APIs are stateless: every call resends the whole history, so a wrapper that recorded
 * each request's messages would write the first user message once per turn. What a recorder already holds is
 * tracked here, per recorder, as a chain of fingerprints:
 *
 * - The conversation's content (every message but system and developer ones) is flattened into items, one per part
 *   that identifies it: a text (with its role), a tool call (name and input), a tool result (output and content),
 *   any other part whole. Reasoning and empty texts are left out: clients drop or rewrite them when they resend a
 *   history, so they cannot identify it.
 * - Each item's key is a hash of the previous item's key and the item, so a key stands for the whole history up to
 *   it: the same "yes" twice in one conversation are two keys. Two conversations that open alike share their opening
 *   until they differ (a request whose whole history is recorded, a retry, records only its reply).
 * - A message with no identifying part at all (no parts, only empty texts) is one item of its role.
 * - A request's new part starts after the longest prefix whose key is known; only that part is recorded, and its
 *   keys become known. A reply continues from the end of its request, and its keys become known too, so the next
 *   request, which resends the reply, records only what follows it.
 * - System and developer messages are recorded when their text is new to the recorder (as a whole: the request's
 *   system messages together), not as part of the chain, so a system prompt that changes between calls (a date in
 *   it) neither repeats the history nor is lost.
 *
 * Ids are not part of an item: a provider that has none (Gemini) gets ids made up from positions, which differ
 * between a reply and the request that resends it, and repeat from one reply to the next. Recorded call ids are
 * made unique within the recorder, a resent tool call that matches a recorded one maps its id in this request to the
 * recorded one, and the tool results of the request are recorded under the recorded id, so `tool.call` and
 * `tool.result` pair by `call_id`.
 */
import { createHash } from "node:crypto";
import type { Message, Part } from "@agent-transcript/core";
import { canonicalize } from "@agent-transcript/core";
import type { Recorder } from "../writer/recorder-types.js";

/** The key of the empty history. */
export const rootKey = "";

/** What a key remembers: for a tool call, the id and name it was recorded with. */
interface KnownItem {
  readonly call?: { readonly id: string; readonly name: string };
}

export interface RequestPlan {
  /** System and developer messages not recorded before. */
  readonly system: Message[];
  /** The conversation's new messages, in order; one the history diverged inside holds only its new parts. */
  readonly messages: Message[];
  /** The key after the request: where its reply continues. */
  readonly end: string;
  /** The recorded id of a tool call this request refers to (by its id here), and its name. */
  callFor(id: string): { id: string; name: string } | undefined;
}

export class ConversationTracker {
  private readonly known = new Map<string, KnownItem>();
  private readonly systemPrompts = new Set<string>();
  /** The key after a recorded reply, by its response id (OpenAI Responses' `previous_response_id`). */
  private readonly responses = new Map<string, string>();
  /** The key a stored conversation has got to, by its id. */
  private readonly stored = new Map<string, string>();
  /** Every tool call id recorded. */
  private readonly callIds = new Set<string>();
  private fresh = 0;

  /** A start no history shares: for a request that continues a reply this recorder never saw. */
  freshStart(): string {
    this.fresh += 1;
    return hash(rootKey, `fresh ${this.fresh} ${process.hrtime.bigint()}`);
  }

  /** Where a reply recorded under this response id ended; undefined for a reply not recorded here. */
  afterResponse(responseId: string): string | undefined {
    return this.responses.get(responseId);
  }

  /**
   * Where a conversation the provider stores (OpenAI's Conversations: each request sends only what is new) has got
   * to in this recorder; a fresh start for one it has not seen.
   */
  storedConversation(id: string): string {
    let key = this.stored.get(id);
    if (key === undefined) {
      key = this.freshStart();
      this.stored.set(id, key);
    }
    return key;
  }

  /** A stored conversation has got to `key` (the end of a reply recorded in it). */
  storedConversationReached(id: string, key: string): void {
    this.stored.set(id, key);
  }

  /**
   * Splits a request's messages into what is already recorded and what is new, and marks the new part recorded.
   * `start` is where the request's history begins: the root, or the end of the reply it continues.
   */
  planRequest(messages: readonly Message[], start: string = rootKey): RequestPlan {
    const system: Message[] = [];
    const conversation: Message[] = [];
    for (const message of messages) {
      if (message.role === "system" || message.role === "developer") system.push(message);
      else conversation.push(message);
    }
    let newSystem: Message[] = [];
    if (system.length > 0) {
      const key = fingerprint(system.map((message) => [message.role, message.parts.map(partIdentity)]));
      if (!this.systemPrompts.has(key)) {
        this.systemPrompts.add(key);
        newSystem = system;
      }
    }

    // The longest known prefix: `cut` is the position right after its last item.
    const aliases = new Map<string, { id: string; name: string }>();
    let key = start;
    let cut = { message: 0, part: 0 };
    let diverged = false;
    walk: for (const [messageIndex, message] of conversation.entries()) {
      for (const { item, after, part } of itemsOf(message)) {
        const next = hash(key, item);
        const known = this.known.get(next);
        if (known === undefined) {
          diverged = true;
          break walk;
        }
        key = next;
        cut = { message: messageIndex, part: after };
        if (part?.type === "tool_call" && known.call) aliases.set((part as ToolCallLike).id, known.call);
      }
    }
    const newMessages: Message[] = [];
    if (diverged) {
      for (const [messageIndex, message] of conversation.entries()) {
        if (messageIndex < cut.message) continue;
        const parts = messageIndex === cut.message ? message.parts.slice(cut.part) : message.parts;
        if (parts.length === 0) continue;
        const claimed = this.claimCallIds(
          parts.length === message.parts.length ? message : { ...message, parts },
          aliases,
        );
        newMessages.push(claimed);
        key = this.remember(key, claimed);
      }
    }
    return {
      system: newSystem,
      messages: newMessages,
      end: key,
      callFor: (id) => aliases.get(id),
    };
  }

  /**
   * Marks a reply recorded after `start`: returns the key after it, and its messages as they are to be recorded
   * (tool call ids made unique, see `claimCallIds`).
   */
  recordReply(
    start: string,
    messages: readonly Message[],
    responseId: string | undefined,
  ): { end: string; messages: Message[] } {
    let key = start;
    const claimed: Message[] = [];
    for (const message of messages) {
      const unique = this.claimCallIds(message, new Map());
      claimed.push(unique);
      key = this.remember(key, unique);
    }
    if (responseId !== undefined) this.responses.set(responseId, key);
    return { end: key, messages: claimed };
  }

  /**
   * Tool call ids are unique within a recorder, so `tool.call` and `tool.result` pair without doubt. A provider that
   * sends no ids gets them made up from positions (Gemini's first call of every reply gets the same one): a new call
   * whose id is already recorded gets the next free `<id>-<n>` (and so does a result in the same message that
   * answers it). `aliases` learns each call's recorded id.
   */
  private claimCallIds(message: Message, aliases: Map<string, { id: string; name: string }>): Message {
    let renamed: Map<string, string> | undefined;
    const parts = message.parts.map((part) => {
      if (part.type !== "tool_call") return part;
      const call = part as ToolCallLike;
      let id = call.id;
      for (let next = 2; this.callIds.has(id); next += 1) id = `${call.id}-${next}`;
      this.callIds.add(id);
      aliases.set(call.id, { id, name: call.name });
      if (id === call.id) return part;
      (renamed ??= new Map()).set(call.id, id);
      return { ...part, id } as Part;
    });
    if (renamed === undefined) return message;
    const ids = renamed;
    return {
      ...message,
      parts: parts.map((part) => {
        if (part.type !== "tool_result") return part;
        const answered = ids.get((part as { call_id: string }).call_id);
        return answered === undefined ? part : ({ ...part, call_id: answered } as Part);
      }),
    };
  }

  private remember(start: string, message: Message): string {
    let key = start;
    for (const { item, part } of itemsOf(message)) {
      key = hash(key, item);
      if (!this.known.has(key)) {
        const call = part?.type === "tool_call" ? (part as ToolCallLike) : undefined;
        this.known.set(key, call ? { call: { id: call.id, name: call.name } } : {});
      }
    }
    return key;
  }
}

interface ToolCallLike {
  id: string;
  name: string;
  input?: unknown;
  raw_input?: unknown;
}

/**
 * A message's items: one per part that identifies it (`after` is the index after that part). A message with nothing
 * at all (no parts, or only empty texts) is one item of its role, so an empty turn still counts once; one with only
 * reasoning has none, since clients may leave it out when they resend a history.
 */
function itemsOf(message: Message): Array<{ item: string; after: number; part: Part | undefined }> {
  const items: Array<{ item: string; after: number; part: Part | undefined }> = [];
  for (const [index, part] of message.parts.entries()) {
    const item = itemOf(message.role, part);
    if (item !== undefined) items.push({ item, after: index + 1, part });
  }
  if (items.length === 0 && !message.parts.some((part) => part.type === "reasoning"))
    items.push({ item: fingerprint([message.role, "(no content)"]), after: message.parts.length, part: undefined });
  return items;
}

/** What identifies a part in a resent history, as text; undefined for a part that cannot identify it. */
function itemOf(role: Message["role"], part: Part): string | undefined {
  if (part.type === "reasoning") return undefined;
  if (part.type === "text" && (part as { text?: unknown }).text === "") return undefined;
  // A tool result travels in a user message (Anthropic, Gemini) or a tool message (OpenAI): the role says nothing.
  const scope = part.type === "tool_result" || part.type === "tool_call" ? "" : role;
  return fingerprint([scope, partIdentity(part)]);
}

/** The fields that identify a part, without ids, provider fields, signatures and provenance. */
function partIdentity(part: Part): unknown {
  const value = part as unknown as Record<string, unknown>;
  switch (part.type) {
    case "text":
    case "refusal":
      return [part.type, value.text];
    case "tool_call":
      return [part.type, value.name, value.input ?? value.raw_input ?? null];
    case "tool_result":
      return [part.type, value.output ?? null, value.content ?? null, value.error ?? null];
    default: {
      const { provider_fields: _fields, issuer: _issuer, fidelity: _fidelity, signature: _signature, ...rest } = value;
      return rest;
    }
  }
}

function fingerprint(value: unknown): string {
  try {
    return canonicalize(value);
  } catch {
    // A value RFC 8785 cannot write (a number a double cannot hold exactly): its plain JSON is still a stable text.
    return JSON.stringify(value) ?? "null";
  }
}

function hash(previous: string, item: string): string {
  return createHash("sha256").update(previous).update("\u0000").update(item).digest("base64url");
}

const trackers = new WeakMap<Recorder, ConversationTracker>();

/** The tracker of what this recorder holds, shared by every wrapper and middleware recording into it. */
export function trackerFor(recorder: Recorder): ConversationTracker {
  let tracker = trackers.get(recorder);
  if (tracker === undefined) {
    tracker = new ConversationTracker();
    trackers.set(recorder, tracker);
  }
  return tracker;
}
