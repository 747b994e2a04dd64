/**
 * What the run index keeps of each run for search: every message's text (text, reasoning, refusals, commands, the
 * text of files and results) and every tool call's name, most telling argument, status and duration. Read from a
 * document's run tree, or from an event log's events as they stream by, beside the statistics `stats` counts.
 */
import path from "node:path";
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { toolCallSummary } from "@agent-transcript/core/text";
import type { RunStats } from "../run-stats.js";

/** One tool call as the index keeps it. */
export interface IndexedToolCall {
  callId: string | null;
  name: string;
  /** Its most telling argument: the command, path, pattern, URL, description or first short string. */
  summary: string | null;
  status: "ok" | "error" | "no result";
  durationMs: number | null;
}

/** One message as the index keeps it. */
export interface IndexedMessage {
  /** The message's id in its run, null when it has none. */
  messageId: string | null;
  /** Its place in its run, from 0. */
  index: number;
  role: string;
  model: string | null;
  at: string | null;
  text: string;
  toolCalls: IndexedToolCall[];
}

/** One run of a file, shaped as its statistics are (the same tree: root first, child runs in order). */
export interface IndexedRun {
  stats: RunStats;
  /** Where the viewer finds it: child indices from the root joined with dots, "" for the root (its permalink's `r`). */
  viewPath: string;
  messages: IndexedMessage[];
  children: IndexedRun[];
}

/** How much of one message's text is indexed: beyond it a tool's output is only noise to search (and memory). */
export const maxIndexedTextLength = 64 * 1024;

function textOf(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const texts = value.map((item) => textOf(item)).filter((item): item is string => item !== undefined);
    return texts.length > 0 ? texts.join("\n") : undefined;
  }
  if (typeof value === "object" && value !== null) {
    const fields = value as Record<string, unknown>;
    if (typeof fields.text === "string") return fields.text;
  }
  return undefined;
}

/** The searchable text of a message's parts (or an event's blocks), and its tool calls. */
class MessageReader {
  readonly toolCalls: IndexedToolCall[] = [];
  private readonly texts: string[] = [];
  private length = 0;

  add(text: string | undefined): void {
    if (text === undefined || text === "" || this.length >= maxIndexedTextLength) return;
    const room = maxIndexedTextLength - this.length;
    const kept = text.length > room ? text.slice(0, room) : text;
    this.texts.push(kept);
    this.length += kept.length + 1;
  }

  part(part: unknown, results: Map<string, IndexedToolCall>): void {
    if (typeof part !== "object" || part === null) return;
    const fields = part as Record<string, unknown>;
    switch (fields.type) {
      case "text":
      case "reasoning":
      case "refusal":
        this.add(textOf(fields.text) ?? textOf(fields.summary));
        return;
      case "command":
        this.add(textOf(fields.command));
        this.add(textOf(fields.output));
        return;
      case "file":
        this.add(textOf(fields.filename));
        this.add(textOf(fields.text));
        return;
      case "tool_call": {
        const call = toolCallOf(fields.id, fields.name, fields.input);
        this.toolCalls.push(call);
        if (call.callId !== null) results.set(call.callId, call);
        this.add(call.name);
        this.add(call.summary ?? undefined);
        return;
      }
      case "tool_result": {
        const call = typeof fields.call_id === "string" ? results.get(fields.call_id) : undefined;
        if (call !== undefined) settle(call, fields);
        this.add(textOf(fields.content) ?? textOf(fields.output));
        this.add(textOf(fields.error));
        return;
      }
      default:
    }
  }

  text(): string {
    return this.texts.join("\n");
  }
}

/** A tool call as a message part or a tool.call event gives it, waiting for its result. */
function toolCallOf(id: unknown, name: unknown, input: unknown): IndexedToolCall {
  return {
    callId: typeof id === "string" ? id : null,
    name: typeof name === "string" && name !== "" ? name : "(unnamed)",
    summary: toolCallSummary(input),
    status: "no result",
    durationMs: null,
  };
}

function settle(call: IndexedToolCall, result: Record<string, unknown>): void {
  call.status = result.status === "error" || (result.error !== undefined && result.error !== null) ? "error" : "ok";
  if (typeof result.duration_ms === "number" && Number.isFinite(result.duration_ms) && result.duration_ms >= 0)
    call.durationMs = result.duration_ms;
}

function documentMessages(document: Transcript | Tolerant.Transcript): IndexedMessage[] {
  const results = new Map<string, IndexedToolCall>();
  return document.messages.map((message, index) => {
    const reader = new MessageReader();
    for (const part of message.parts) reader.part(part, results);
    return {
      messageId: typeof message.id === "string" ? message.id : null,
      index,
      role: message.role,
      model: typeof message.model === "string" ? message.model : null,
      at: typeof message.created_at === "string" ? message.created_at : null,
      text: reader.text(),
      toolCalls: reader.toolCalls,
    };
  });
}

/** A document's runs, paired with the statistics `documentStats` counted of the same tree. */
export function documentRuns(document: Transcript | Tolerant.Transcript, stats: RunStats): IndexedRun {
  const root: IndexedRun = { stats, viewPath: "", messages: documentMessages(document), children: [] };
  const work: Array<{ document: Transcript | Tolerant.Transcript; run: IndexedRun }> = [{ document, run: root }];
  while (work.length > 0) {
    const { document: current, run } = work.pop() as (typeof work)[number];
    // documentStats counts the child runs that hold a transcript, in order: the same ones, in the same order.
    // The viewer counts every child run, one without a transcript too.
    let counted = 0;
    (current.run?.children ?? []).forEach((child, index) => {
      if (child.transcript === undefined) return;
      const childStats = run.stats.children[counted];
      counted += 1;
      if (childStats === undefined) return;
      const transcript = child.transcript as Transcript;
      const childRun: IndexedRun = {
        stats: childStats,
        viewPath: run.viewPath === "" ? String(index) : `${run.viewPath}.${index}`,
        messages: documentMessages(transcript),
        children: [],
      };
      run.children.push(childRun);
      work.push({ document: transcript, run: childRun });
    });
  }
  return root;
}

/**
 * Where an event log's messages stood after its lines so far, as plain data (it survives JSON): kept with the log's
 * resume point, so that lines appended later add to them as one reading of the whole would. A tool.call joins the
 * message before it when that is an assistant's, and a tool.result settles the call of its id wherever it is.
 */
export interface LogMessagesState {
  /** Messages so far. */
  count: number;
  /** The last of them, which a tool.call that follows may join. */
  last: IndexedMessage | null;
  /** Every call with an id (the last of each id): its message's index, its place in that message, its status and duration. */
  calls: Array<
    [callId: string, message: number, call: number, status: IndexedToolCall["status"], durationMs: number | null]
  >;
}

/** What lines appended to a log changed in what the index holds of it. */
export interface AppendedMessages {
  /** The new messages, in order (their indices go on from the ones before). */
  added: IndexedMessage[];
  /** The last message before, when the new lines changed it (a call joined it, a result settled one of its calls). */
  changedLast: IndexedMessage | undefined;
  /** Calls of earlier messages that a result settled (status, duration). */
  settled: Array<{ message: number; call: number; status: IndexedToolCall["status"]; durationMs: number | null }>;
}

interface LogMessages {
  /** The index of `messages[0]`: 0, or where a resumed log's kept last message is. */
  base: number;
  messages: IndexedMessage[];
  /** Each call by id (the last with that id), and where it is. */
  results: Map<string, IndexedToolCall>;
  places: Map<string, [message: number, call: number]>;
  /** A resumed log's last message as it was, and its earlier calls (not held here) as they were. */
  resumed?: {
    last: string | undefined;
    calls: Array<{ call: IndexedToolCall; message: number; place: number; was: string }>;
  };
}

const callStatuses: ReadonlySet<string> = new Set(["ok", "error", "no result"]);

/** A message read back from a state (outside input: the database), checked and copied. */
function messageOf(value: IndexedMessage): IndexedMessage {
  const text = (item: unknown): string | null => (typeof item === "string" ? item : null);
  if (typeof value !== "object" || value === null || typeof value.role !== "string" || !Array.isArray(value.toolCalls))
    throw new Error("not a message");
  // The fields in the order a message read from the log has them (its index last), so that it compares as one.
  return {
    messageId: text(value.messageId),
    role: value.role,
    model: text(value.model),
    at: text(value.at),
    text: String(value.text),
    toolCalls: value.toolCalls.map((call) => ({
      callId: text(call.callId),
      name: String(call.name),
      summary: text(call.summary),
      status: callStatuses.has(call.status) ? call.status : "no result",
      durationMs: typeof call.durationMs === "number" ? call.durationMs : null,
    })),
    index: Number(value.index),
  };
}

/** An event log's messages as its events stream by, one log file at a time (its child logs have their own). */
export class EventLogMessages {
  private readonly byFile = new Map<string, LogMessages>();

  /**
   * Messages that go on from a state saved after an earlier reading of the log (see {@link LogMessagesState}); what
   * the new lines change is then {@link appended}. Throws when the state is not one.
   */
  static resume(file: string, state: LogMessagesState): EventLogMessages {
    const resumed = new EventLogMessages();
    const count = state.count;
    if (!Number.isSafeInteger(count) || count < 0 || !Array.isArray(state.calls))
      throw new Error("not a log's messages");
    const last = state.last === null ? undefined : messageOf(state.last);
    if ((last === undefined) !== (count === 0) || (last !== undefined && last.index !== count - 1))
      throw new Error("the last message is not the last");
    const log: LogMessages = {
      base: last === undefined ? 0 : count - 1,
      messages: last === undefined ? [] : [last],
      results: new Map(),
      places: new Map(),
      resumed: { last: last === undefined ? undefined : JSON.stringify(last), calls: [] },
    };
    for (const [callId, message, place, status, durationMs] of state.calls) {
      if (
        !Number.isSafeInteger(message) ||
        message < 0 ||
        message >= count ||
        !Number.isSafeInteger(place) ||
        place < 0
      )
        throw new Error("a call outside the log");
      let call: IndexedToolCall;
      if (last !== undefined && message === last.index) {
        const held = last.toolCalls[place];
        if (held === undefined) throw new Error("a call outside its message");
        call = held;
      } else {
        call = {
          callId: String(callId),
          name: "",
          summary: null,
          status: callStatuses.has(status) ? status : "no result",
          durationMs: typeof durationMs === "number" ? durationMs : null,
        };
        log.resumed?.calls.push({ call, message, place, was: JSON.stringify([call.status, call.durationMs]) });
      }
      log.results.set(String(callId), call);
      log.places.set(String(callId), [message, place]);
    }
    resumed.byFile.set(path.resolve(file), log);
    return resumed;
  }

  /** Where the log's messages stand now, to go on from later. */
  state(file: string): LogMessagesState {
    const log = this.byFile.get(path.resolve(file));
    if (log === undefined) return { count: 0, last: null, calls: [] };
    const calls: LogMessagesState["calls"] = [];
    for (const [callId, call] of log.results) {
      const [message, place] = log.places.get(callId) as [number, number];
      calls.push([callId, message, place, call.status, call.durationMs]);
    }
    return { count: log.base + log.messages.length, last: log.messages.at(-1) ?? null, calls };
  }

  /** What the lines read since {@link resume} changed. */
  appended(file: string): AppendedMessages {
    const log = this.byFile.get(path.resolve(file));
    const resumed = log?.resumed;
    if (log === undefined || resumed === undefined) throw new Error("not a resumed log");
    const keptLast = resumed.last === undefined ? undefined : log.messages[0];
    return {
      added: keptLast === undefined ? log.messages : log.messages.slice(1),
      changedLast: keptLast !== undefined && JSON.stringify(keptLast) !== resumed.last ? keptLast : undefined,
      settled: resumed.calls
        .filter(({ call, was }) => JSON.stringify([call.status, call.durationMs]) !== was)
        .map(({ call, message, place }) => ({
          message,
          call: place,
          status: call.status,
          durationMs: call.durationMs,
        })),
    };
  }

  private push(log: LogMessages, message: Omit<IndexedMessage, "index">): void {
    const index = log.base + log.messages.length;
    log.messages.push({ ...message, index } as IndexedMessage);
  }

  /** A call joins a message (the last one): it is found by its id from now on. */
  private addCall(log: LogMessages, call: IndexedToolCall): void {
    const message = log.messages.at(-1) as IndexedMessage;
    message.toolCalls.push(call);
    if (call.callId === null) return;
    log.results.set(call.callId, call);
    log.places.set(call.callId, [message.index, message.toolCalls.length - 1]);
  }

  event(event: Tolerant.Event, file: string): void {
    file = path.resolve(file);
    let log = this.byFile.get(file);
    if (log === undefined) {
      log = { base: 0, messages: [], results: new Map(), places: new Map() };
      this.byFile.set(file, log);
    }
    const payload = (typeof event.payload === "object" && event.payload !== null ? event.payload : {}) as Record<
      string,
      unknown
    >;
    const at = typeof event.timestamp === "string" ? event.timestamp : null;
    if (event.type === "message.system" || event.type === "message.user" || event.type === "message.assistant") {
      const reader = new MessageReader();
      // The blocks repeat the tool calls the log records as tool.call events: those are read from the events. A
      // result among the blocks settles a call by its id, as a tool.result event does.
      for (const block of Array.isArray(payload.blocks) ? payload.blocks : [])
        if ((block as { type?: unknown } | null)?.type !== "tool_call") reader.part(block, log.results);
      this.push(log, {
        messageId: typeof payload.message_id === "string" ? payload.message_id : null,
        role: typeof payload.role === "string" ? payload.role : event.type.slice("message.".length),
        model: typeof payload.model === "string" ? payload.model : null,
        at,
        text: reader.text(),
        toolCalls: [],
      });
    } else if (event.type === "tool.call") {
      const last = log.messages.at(-1);
      const call = toolCallOf(payload.call_id, payload.name, payload.input);
      // A call belongs to the assistant message before it; one the log records alone is a message of its own.
      if (last !== undefined && last.role === "assistant")
        last.text = [last.text, call.name, call.summary ?? ""].filter((text) => text !== "").join("\n");
      else
        this.push(log, {
          messageId: null,
          role: "assistant",
          model: null,
          at,
          text: [call.name, call.summary ?? ""].filter((text) => text !== "").join("\n"),
          toolCalls: [],
        });
      this.addCall(log, call);
    } else if (event.type === "tool.result") {
      const call = typeof payload.call_id === "string" ? log.results.get(payload.call_id) : undefined;
      if (call !== undefined) settle(call, payload);
    }
  }

  /** The runs of a log read with its child logs (`childFiles` in the order they were read), paired with its statistics. */
  runs(file: string, childFiles: readonly string[], stats: RunStats): IndexedRun {
    const root: IndexedRun = {
      stats,
      viewPath: "",
      messages: this.byFile.get(path.resolve(file))?.messages ?? [],
      children: [],
    };
    // Child logs are read depth first, each right after its parent's stream: the same walk finds them here.
    let next = 0;
    const attach = (run: IndexedRun): void => {
      for (const [index, childStats] of run.stats.children.entries()) {
        const childFile = childFiles[next];
        next += 1;
        const child: IndexedRun = {
          stats: childStats,
          viewPath: run.viewPath === "" ? String(index) : `${run.viewPath}.${index}`,
          messages: childFile === undefined ? [] : (this.byFile.get(childFile)?.messages ?? []),
          children: [],
        };
        run.children.push(child);
        attach(child);
      }
    };
    attach(root);
    return root;
  }
}
