/**
 * One model call from start to end, whatever the client: the request's new messages are recorded when the call
 * starts, the reply when it ends (completed, failed or aborted), with its timings. Every SDK wrapper turns its
 * client's values into canonical messages (through the providers' converters) and hands them here.
 */
import { performance } from "node:perf_hooks";
import type { Message, MessagePayload, Part, ToolCallPart, ToolPayload, ToolResultPart } from "@agent-transcript/core";
import { providerConverters, type ProviderFormatId } from "@agent-transcript/providers";
import type { EventInput } from "../writer/event-input.js";
import { rootKey, trackerFor, type ConversationTracker, type RequestPlan } from "./conversation.js";
import { describeError, type InstrumentContext } from "./options.js";

/** Tool calls and results seen at the SDK seam are what the agent program and its model reported. */
const fidelity = "agent_emitted";

/** How a call ended without a complete reply. */
export interface CallFailure {
  /** What the caller saw: the SDK's error, or the abort's reason. */
  error: unknown;
  /**
   * `aborted`: the caller aborted the request or stopped reading the stream; `failed`: the provider or the network
   * failed it. An aborted reply keeps the finish reason its chunks gave, if any; a failed one gets `error`.
   */
  kind: "aborted" | "failed";
}

/**
 * True for the errors an SDK throws when its request was aborted: an `AbortError` (what `fetch` throws), the SDK's own
 * abort error, or the reason the request's signal was aborted with. (An SDK may abort its own request after a
 * failure, so a signal that is aborted says nothing about the error.)
 */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted && error === signal.reason) return true;
  if (typeof error !== "object" || error === null) return false;
  const name = (error as { name?: unknown }).name;
  return name === "AbortError" || name === "APIUserAbortError";
}

/** A call that failed with `error`: aborted when it is an abort of the request (see {@link isAbortError}). */
export function failureOf(error: unknown, signal?: AbortSignal): CallFailure {
  return { kind: isAbortError(error, signal) ? "aborted" : "failed", error };
}

export class ModelCall {
  private readonly startedAt = performance.now();
  private readonly startedDate = new Date();
  private readonly placement: { path: string; iteration: number };
  private readonly tracker: ConversationTracker;
  private conversationStart: string = rootKey;
  private conversationEnd: string = rootKey;
  private storedConversation: string | undefined;
  private firstChunkAt: number | undefined;
  private settled = false;

  /**
   * Starts recording a call: `request` gives the canonical messages it sends (or undefined when they cannot be read)
   * and where its history starts (see conversation.ts). Records the new ones now.
   */
  constructor(
    private readonly context: InstrumentContext,
    readonly operation: string,
    request: () => { messages: readonly Message[]; start?: string; storedConversation?: string } | undefined,
  ) {
    this.placement = context.placement(operation);
    this.tracker = trackerFor(context.recorder);
    try {
      const read = request();
      if (read === undefined) {
        this.conversationEnd = this.tracker.freshStart();
        return;
      }
      this.storedConversation = read.storedConversation;
      this.conversationStart =
        read.start ??
        (read.storedConversation === undefined ? rootKey : this.tracker.storedConversation(read.storedConversation));
      const plan = this.tracker.planRequest(read.messages, this.conversationStart);
      this.conversationEnd = plan.end;
      this.recordRequest(plan, this.startedDate);
    } catch (error) {
      this.context.report(operation, "could not record the request", error);
      this.conversationEnd = this.tracker.freshStart();
    }
  }

  /**
   * A longer history the call went through before its reply (the turns an SDK's automatic function calling added):
   * its new messages are recorded now, and the reply continues after it.
   */
  recordHistory(messages: readonly Message[] | undefined): void {
    if (messages === undefined) return;
    this.guard("could not record the history", () => {
      const plan = this.tracker.planRequest(messages, this.conversationStart);
      this.conversationEnd = plan.end;
      this.recordRequest(plan, new Date());
    });
  }

  /** The tracker of the recorder, for wrappers that look up where a history starts. */
  static tracker(context: InstrumentContext): ConversationTracker {
    return trackerFor(context.recorder);
  }

  /** A chunk of the reply arrived: the first one sets the time to first token. */
  chunk(): void {
    this.firstChunkAt ??= performance.now();
  }

  /** The reply arrived whole: its assistant messages (one, or one per choice). Records once. */
  succeed(reply: () => readonly Message[] | undefined): void {
    if (this.settle()) return;
    this.guard("could not record the reply", () => this.recordReply(reply() ?? [], undefined));
  }

  /** The call ended without a complete reply; `partial` is what arrived of it. Records once. */
  fail(failure: CallFailure, partial: () => readonly Message[] | undefined = () => undefined): void {
    if (this.settle()) return;
    this.guard("could not record the failed call", () => {
      let messages: readonly Message[] = [];
      try {
        messages = partial() ?? [];
      } catch (error) {
        this.context.report(this.operation, "could not read the partial reply; recorded without it", error);
      }
      this.recordReply(messages.length > 0 ? messages : [{ role: "assistant", parts: [] }], failure);
    });
  }

  /** Reports a recording problem of this call. */
  report(message: string, cause?: unknown): void {
    this.context.report(this.operation, message, cause);
  }

  private settle(): boolean {
    const already = this.settled;
    this.settled = true;
    return already;
  }

  private guard(message: string, action: () => void): void {
    try {
      action();
    } catch (error) {
      this.context.report(this.operation, message, error);
    }
  }

  private append(event: EventInput): void {
    try {
      this.context.recorder.append({ ...event, ...this.placement });
    } catch (error) {
      this.context.report(this.operation, `the recorder refused the ${event.type} event`, error);
    }
  }

  private recordRequest(plan: RequestPlan, timestamp: Date): void {
    for (const message of plan.system)
      this.append({ type: "message.system", timestamp, payload: messagePayload(message) });
    for (const message of plan.messages) {
      if (message.role === "assistant") {
        this.append({ type: "message.assistant", timestamp, payload: messagePayload(message) });
        for (const call of toolCalls(message)) this.append({ type: "tool.call", timestamp, payload: call });
        continue;
      }
      // User and tool messages: tool results become tool.result events (recorded under the id their call was
      // recorded with), everything else message.user events, in the order of the parts.
      let run: Part[] = [];
      const flush = (): void => {
        if (run.length > 0)
          this.append({
            type: "message.user",
            timestamp,
            payload: { ...messagePayload(message), role: "user", blocks: run },
          });
        run = [];
      };
      for (const part of message.parts) {
        if (part.type !== "tool_result") {
          run.push(part);
          continue;
        }
        flush();
        this.append({ type: "tool.result", timestamp, payload: toolResult(part as ToolResultPart, plan) });
      }
      flush();
    }
  }

  private recordReply(messages: readonly Message[], failure: CallFailure | undefined): void {
    const now = performance.now();
    const timings = {
      duration_ms: Math.max(0, Math.round(now - this.startedAt)),
      ...(this.firstChunkAt === undefined
        ? {}
        : { time_to_first_token_ms: Math.max(0, Math.round(this.firstChunkAt - this.startedAt)) }),
    };
    const failed = failure === undefined ? {} : { error: describeFailure(failure) };
    const responseId = messages.find((message) => message.response_id !== undefined)?.response_id;
    const reply = this.tracker.recordReply(this.conversationEnd, messages, responseId);
    this.conversationEnd = reply.end;
    if (this.storedConversation !== undefined)
      this.tracker.storedConversationReached(this.storedConversation, reply.end);
    for (const message of reply.messages) {
      const payload: MessagePayload = { ...messagePayload(message), ...timings, ...failed, role: "assistant" };
      if (failure?.kind === "failed") payload.finish_reason = "error";
      this.append({ type: "message.assistant", payload });
      for (const call of toolCalls(message)) this.append({ type: "tool.call", payload: call });
    }
  }
}

/**
 * Calls the SDK method of `call`: what it throws synchronously fails the call and is thrown on as it is; what it
 * returns is returned as it is.
 */
export function invokeRecorded(call: ModelCall, invoke: () => unknown): unknown {
  try {
    return invoke();
  } catch (error) {
    call.fail({ kind: "failed", error });
    throw error;
  }
}

/**
 * Calls an SDK method that returns a promise (or a value) and records how it settles: its value goes to `onValue`
 * and is then handed to the caller as it is; a rejection fails the call (`aborted` for an abort of `abortSignal()`'s
 * request, see `failureOf`) and reaches the caller as it is.
 */
export function recordPromiseCall(
  call: ModelCall,
  invoke: () => unknown,
  onValue: (value: unknown) => void,
  abortSignal: () => AbortSignal | undefined = () => undefined,
): Promise<unknown> {
  return Promise.resolve(invokeRecorded(call, invoke)).then(
    (value: unknown) => {
      onValue(value);
      return value;
    },
    (error: unknown) => {
      call.fail(failureOf(error, abortSignal()));
      throw error;
    },
  );
}

function describeFailure(failure: CallFailure): string {
  const error = failure.error;
  if (failure.kind === "failed") return describeError(error);
  if (error === undefined) return "aborted";
  return `aborted: ${describeError(error)}`;
}

/** A canonical message as an event's payload: the same content, the fields a message event carries. */
export function messagePayload(message: Message): MessagePayload {
  const payload: MessagePayload = { role: message.role, blocks: message.parts };
  if (message.id !== undefined) payload.message_id = message.id;
  if (message.model !== undefined) payload.model = message.model;
  if (message.issuer !== undefined) payload.issuer = message.issuer;
  if (message.response_id !== undefined) payload.response_id = message.response_id;
  if (message.finish_reason !== undefined) payload.finish_reason = message.finish_reason;
  if (message.native_finish_reason !== undefined) payload.native_finish_reason = message.native_finish_reason;
  if (message.usage !== undefined) payload.usage = message.usage;
  if (message.cost !== undefined) payload.cost = message.cost;
  if (message.duration_ms !== undefined) payload.duration_ms = message.duration_ms;
  if (message.time_to_first_token_ms !== undefined) payload.time_to_first_token_ms = message.time_to_first_token_ms;
  if (message.error !== undefined) payload.error = message.error;
  return payload;
}

function toolCalls(message: Message): ToolPayload[] {
  const calls: ToolPayload[] = [];
  for (const part of message.parts) {
    if (part.type !== "tool_call") continue;
    const call = part as ToolCallPart;
    const payload: ToolPayload = {
      name: call.name,
      call_id: call.id,
      input: call.input ?? call.raw_input ?? null,
      fidelity,
    };
    if (call.provider_executed !== undefined) payload.provider_executed = call.provider_executed;
    calls.push(payload);
  }
  return calls;
}

function toolResult(part: ToolResultPart, plan: RequestPlan): ToolPayload {
  const call = plan.callFor(part.call_id);
  const payload: ToolPayload = {
    name: part.name ?? call?.name ?? "(unknown)",
    call_id: call?.id ?? part.call_id,
    output: part.output ?? null,
    fidelity,
  };
  if (part.status !== undefined) payload.status = part.status;
  if (part.error !== undefined) payload.error = part.error;
  if (part.content !== undefined) payload.content = part.content;
  if (part.duration_ms !== undefined) payload.duration_ms = part.duration_ms;
  if (part.provider_executed !== undefined) payload.provider_executed = part.provider_executed;
  return payload;
}

/** A provider API's request body as canonical messages, through its converter; undefined (reported) if unreadable. */
export function requestMessages(
  context: InstrumentContext,
  operation: string,
  format: ProviderFormatId,
  body: unknown,
): Message[] | undefined {
  const result = providerConverters[format].requestToCanonical(body);
  if (result.ok) return result.document.messages;
  context.report(operation, `the request could not be read as ${format}: ${firstError(result.errors)}`);
  return undefined;
}

/** A provider API's response body as its assistant messages, through its converter; undefined (reported) if unreadable. */
export function responseMessages(call: ModelCall, format: ProviderFormatId, response: unknown): Message[] | undefined {
  const result = providerConverters[format].responseToCanonical(response);
  if (result.ok) return result.document.messages;
  call.report(`the response could not be read as ${format}: ${firstError(result.errors)}`);
  return undefined;
}

/** A provider API's stream chunks (all of them, or those that arrived) as assistant messages, through its converter. */
export function streamMessages(
  call: ModelCall,
  format: ProviderFormatId,
  chunks: readonly unknown[],
): Message[] | undefined {
  if (chunks.length === 0) return undefined;
  const result = providerConverters[format].streamToCanonical(chunks);
  if (result.ok) return result.document.messages;
  call.report(`the stream could not be read as ${format}: ${firstError(result.errors)}`);
  return undefined;
}

function firstError(errors: ReadonlyArray<{ path: string; message: string }>): string {
  const first = errors[0];
  if (first === undefined) return "no reason given";
  return `${first.message}${first.path === "" ? "" : ` (at ${first.path})`}${errors.length > 1 ? ` and ${errors.length - 1} more` : ""}`;
}
