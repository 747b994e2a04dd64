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

/** An event log's messages as its events stream by, one log file at a time (its child logs have their own). */
export class EventLogMessages {
  private readonly byFile = new Map<string, { messages: IndexedMessage[]; results: Map<string, IndexedToolCall> }>();

  event(event: Tolerant.Event, file: string): void {
    file = path.resolve(file);
    let log = this.byFile.get(file);
    if (log === undefined) {
      log = { messages: [], results: new Map() };
      this.byFile.set(file, log);
    }
    const payload = (typeof event.payload === "object" && event.payload !== null ? event.payload : {}) as Record<
      string,
      unknown
    >;
    const at = typeof event.timestamp === "string" ? event.timestamp : null;
    if (event.type === "message.system" || event.type === "message.user" || event.type === "message.assistant") {
      const reader = new MessageReader();
      // The blocks repeat the tool calls the log records as tool.call events: those are read from the events.
      for (const block of Array.isArray(payload.blocks) ? payload.blocks : [])
        if ((block as { type?: unknown } | null)?.type !== "tool_call") reader.part(block, log.results);
      log.messages.push({
        messageId: typeof payload.message_id === "string" ? payload.message_id : null,
        index: log.messages.length,
        role: typeof payload.role === "string" ? payload.role : event.type.slice("message.".length),
        model: typeof payload.model === "string" ? payload.model : null,
        at,
        text: reader.text(),
        toolCalls: [],
      });
    } else if (event.type === "tool.call") {
      const last = log.messages.at(-1);
      const call = toolCallOf(payload.call_id, payload.name, payload.input);
      if (call.callId !== null) log.results.set(call.callId, call);
      // A call belongs to the assistant message before it; one the log records alone is a message of its own.
      if (last !== undefined && last.role === "assistant") {
        last.toolCalls.push(call);
        last.text = [last.text, call.name, call.summary ?? ""].filter((text) => text !== "").join("\n");
      } else
        log.messages.push({
          messageId: null,
          index: log.messages.length,
          role: "assistant",
          model: null,
          at,
          text: [call.name, call.summary ?? ""].filter((text) => text !== "").join("\n"),
          toolCalls: [call],
        });
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
