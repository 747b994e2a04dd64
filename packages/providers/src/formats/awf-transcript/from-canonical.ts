/**
 * Canonical document → AWF transcript files, exactly as AWF writes them (Go's encoding/json, go-json.ts): the run's
 * file `<run-id>.jsonl`, then one file per child run with a document, each line an event with `seq` from 1. A
 * document imported from AWF carries its run and step events in `metadata["awf-transcript"].events` and each message's
 * envelope in `provider_fields["awf-transcript"]`: the lines come back byte for byte, in the order of their seq. A
 * document from elsewhere gets `run.started`, its messages, its child runs' call_workflow events and `run.completed`,
 * numbered in that order; whatever AWF has no field for is a warning naming its JSON pointer.
 */
import { isUuid, nameBasedUuid, type ChildRun, type Message, type Part, type Transcript } from "@agent-transcript/core";
import {
  cloneJson,
  isJsonObject,
  keptFieldsOf,
  pointer,
  Problems,
  type JsonObject,
  type SessionExportFile,
  type SessionExportOptions,
  type SessionExportResult,
} from "../../conversion/index.js";
import { goString, goStruct, goValue } from "./from-canonical-go-json.js";
import { awfKey, blockFields, envelopeFields, stepPayloadFields, toolPayloadFields } from "./to-canonical.js";

/** The tool name written for a result that names no tool and whose call is not in the document. */
const unknownToolName = "unknown";
/** A struct's known fields in order, then any other field as it was kept. */
function structOf(
  object: JsonObject,
  order: readonly string[],
  encode: (key: string, value: unknown) => string = (_key, value) => goValue(value),
): string {
  const fields: Array<readonly [string, string | undefined]> = [];
  for (const key of order) if (object[key] !== undefined) fields.push([key, encode(key, object[key])]);
  for (const key of Object.keys(object))
    if (!order.includes(key) && object[key] !== undefined) fields.push([key, goValue(object[key])]);
  return goStruct(fields);
}

export function encodeBlock(block: unknown): string {
  return isJsonObject(block) ? structOf(block, blockFields) : goValue(block);
}

/** A payload as AWF's tolerant decoder dispatches it: a role → MessagePayload, a call_id → ToolPayload, a kind → StepPayload. */
function encodePayload(type: unknown, payload: unknown): string {
  if (!isJsonObject(payload)) return goValue(payload);
  const message = type === "message.user" || type === "message.assistant";
  const tool = type === "tool.call" || type === "tool.result";
  if ((message || (!tool && payload.role !== undefined)) && Array.isArray(payload.blocks))
    return structOf(payload, ["role", "blocks"], (key, value) =>
      key === "blocks" && Array.isArray(value) ? `[${value.map(encodeBlock).join(",")}]` : goValue(value),
    );
  if (tool || payload.call_id !== undefined) return structOf(payload, toolPayloadFields);
  if (payload.kind !== undefined || typeof type === "string") return structOf(payload, stepPayloadFields);
  return goValue(payload);
}

/** One event line, without its line feed. */
export function encodeEvent(event: JsonObject): string {
  return structOf(event, envelopeFields, (key, value) =>
    key === "payload"
      ? encodePayload(event.type, value)
      : key === "type" && typeof value === "string"
        ? goString(value)
        : goValue(value),
  );
}

/** A value kept as "absent" means the line had no such key: leave it out again. */
const absentOr = (kept: unknown, value: unknown): unknown =>
  kept === "absent" ? undefined : kept !== undefined ? kept : value;

const droppedMessageFields = [
  "id",
  "name",
  "completed_at",
  "duration_ms",
  "time_to_first_token_ms",
  "model",
  "issuer",
  "response_id",
  "finish_reason",
  "native_finish_reason",
  "error",
  "usage",
  "cost",
  "metadata",
] as const;

function partToBlock(part: Part, fidelity: string, where: string, warnings: Problems): JsonObject | undefined {
  const kept = keptFieldsOf(part as { provider_fields?: Record<string, Record<string, unknown>> }, awfKey);
  if (part.type === "native" && part.native_type === "awf-block")
    return isJsonObject(part.data) ? cloneJson(part.data) : undefined;
  const block: JsonObject = {};
  const withFidelity = (type: string): void => {
    block.type = type;
    const value = absentOr(kept.fidelity, (part as { fidelity?: string }).fidelity ?? fidelity);
    if (value !== undefined) block.fidelity = value;
  };
  const text = (key: string, value: string): void => {
    // Go's omitempty leaves an empty string out.
    if (value !== "") block[key] = value;
  };
  switch (part.type) {
    case "text":
      withFidelity("text");
      text("text", part.text);
      if (part.citations !== undefined)
        warnings.warn("field-dropped", pointer(where, "citations"), "AWF blocks have no citations");
      break;
    case "reasoning":
      withFidelity("thinking");
      text("thinking", part.text ?? "");
      for (const field of ["summary", "signature", "encrypted_content", "redacted_data"] as const)
        if (part[field] !== undefined)
          warnings.warn(
            "reasoning-dropped",
            pointer(where, field),
            `AWF's thinking block is text only; the ${field} was left out`,
          );
      break;
    case "tool_call":
      withFidelity("tool_use");
      if (kept.tool_name !== "absent") text("tool_name", part.name);
      if (kept.tool_id !== "absent") text("tool_id", part.id);
      if (part.input !== undefined) block.tool_input = cloneJson(part.input);
      else if (kept.tool_input === null) block.tool_input = null;
      if (part.raw_input !== undefined)
        warnings.warn("field-dropped", pointer(where, "raw_input"), "AWF has no raw tool input");
      break;
    case "tool_result":
      withFidelity("tool_result");
      if (kept.tool_id !== "absent") text("tool_id", part.call_id);
      if (part.output !== undefined) block.tool_content = cloneJson(part.output);
      else if (part.content !== undefined) {
        block.tool_content = cloneJson(part.content);
        warnings.warn("value-converted", pointer(where, "content"), "the result's parts were written as tool_content");
      } else if (kept.tool_content === null) block.tool_content = null;
      if (part.status !== "ok")
        warnings.warn(
          "status-mapped",
          pointer(where, "status"),
          `AWF's tool_result block has no status (${part.status})`,
        );
      break;
    case "command":
      withFidelity("command");
      text("command", part.command);
      for (const field of ["cwd", "exit_code", "output", "duration_ms"] as const)
        if (part[field] !== undefined)
          warnings.warn("field-dropped", pointer(where, field), `AWF's command block has no ${field}`);
      break;
    case "stream_chunk":
      withFidelity("stream");
      text(kept.chunk_field === true ? "chunk" : "text", part.text);
      break;
    default:
      warnings.warn("part-dropped", where, `AWF has no block for a ${part.type} part`);
      return undefined;
  }
  for (const key of blockFields)
    if (block[key] === undefined && kept[key] !== undefined && kept[key] !== "absent" && key !== "fidelity")
      block[key] = cloneJson(kept[key]);
  if (isJsonObject(kept.extra))
    for (const key of Object.keys(kept.extra)) if (block[key] === undefined) block[key] = cloneJson(kept.extra[key]);
  return block;
}

interface Context {
  document: Transcript;
  base: string;
  warnings: Problems;
  fallbackTimestamp: string;
  /** The time of the latest message written that recorded one: an untimed message after it is written at that time. */
  latestTimestamp?: string;
  callNames: Map<string, string>;
  runIds: RunIds;
}

/**
 * AWF's run ids are UUIDs (every line's `run_id`, and a child's file is `<child_run_id>.jsonl`). A document from
 * elsewhere may hold others (a Claude Code sub-agent `a485154`, a payload's fingerprint id): each is written as its
 * name-based UUID, the same one wherever it occurs (the parent's link, the child's lines, the child's file), and said
 * once.
 */
class RunIds {
  private readonly said = new Set<string>();

  constructor(private readonly warnings: Problems) {}

  of(id: string, where: string): string {
    if (isUuid(id)) return id;
    const uuid = nameBasedUuid(id);
    if (!this.said.has(id)) {
      this.said.add(id);
      this.warnings.warn(
        "value-converted",
        where,
        `AWF run ids are UUIDs: the run id ${JSON.stringify(id)} was written as ${uuid}`,
      );
    }
    return uuid;
  }

  /** A kept value: a string id mapped as above, anything else as it was. */
  kept(value: unknown, where: string): unknown {
    return typeof value === "string" ? this.of(value, where) : cloneJson(value);
  }
}

/**
 * The time written for a message that records none: that of the latest message before it that did (the log stays in
 * order: no event is dated before the one it follows), else the run's start.
 */
function untimedTimestamp(context: Context): string {
  return context.latestTimestamp ?? context.fallbackTimestamp;
}

function envelope(message: Message, kept: JsonObject, type: string, payload: unknown, context: Context): JsonObject {
  const { document, runIds, base } = context;
  const event: JsonObject = {};
  event.seq = kept.seq;
  event.run_id = runIds.kept(kept.run_id ?? document.id, pointer(base, "id"));
  const parent = kept.parent_run_id === undefined ? document.run?.parent?.run_id : kept.parent_run_id;
  if (typeof parent === "string") event.parent_run_id = runIds.of(parent, pointer(base, "run", "parent", "run_id"));
  if (kept.child_run_id !== undefined) event.child_run_id = runIds.kept(kept.child_run_id, pointer(base, "id"));
  event.type = type;
  if (kept.path !== null) event.path = message.path ?? "";
  if (kept.iteration !== null) event.iteration = message.iteration ?? 0;
  const recorded = kept.timestamp ?? message.created_at;
  if (typeof recorded === "string") context.latestTimestamp = recorded;
  event.timestamp = recorded ?? untimedTimestamp(context);
  event.payload = payload;
  if (isJsonObject(kept.extra))
    for (const key of Object.keys(kept.extra)) if (event[key] === undefined) event[key] = cloneJson(kept.extra[key]);
  return event;
}

function messageEvents(message: Message, index: number, context: Context): JsonObject[] {
  const where = pointer(context.base, "messages", index);
  const { warnings } = context;
  const kept = keptFieldsOf(message, awfKey);
  for (const field of droppedMessageFields)
    if (message[field] !== undefined)
      warnings.warn("field-dropped", pointer(where, field), `AWF events have no ${field}`);
  for (const key of Object.keys(message.provider_fields ?? {}))
    if (key !== awfKey)
      warnings.warn("field-dropped", pointer(where, "provider_fields", key), `AWF has no place for ${key}'s fields`);
  if (message.created_at === undefined && kept.timestamp === undefined)
    warnings.warn(
      "value-assumed",
      where,
      context.latestTimestamp === undefined
        ? `AWF requires a timestamp; ${context.fallbackTimestamp} was written`
        : `AWF requires a timestamp; the time of the message before it, ${context.latestTimestamp}, was written`,
    );

  const toolEvent = kept.event;
  if (toolEvent === "tool.call" && message.parts.length === 1 && message.parts[0]?.type === "tool_call") {
    const part = message.parts[0];
    const payload: JsonObject = {
      name: kept.name !== undefined ? kept.name : kept.name_absent === true ? undefined : part.name,
      call_id: part.id,
      input: absentOr(kept.input, part.input ?? null),
      output: absentOr(kept.output, null),
      error: kept.error,
      fidelity: absentOr(kept.fidelity, part.fidelity ?? "agent_emitted"),
    };
    if (isJsonObject(kept.payload_extra)) Object.assign(payload, cloneJson(kept.payload_extra));
    return [envelope(message, kept, "tool.call", payload, context)];
  }
  if (message.role === "tool") {
    const events: JsonObject[] = [];
    message.parts.forEach((part, partIndex) => {
      const partWhere = pointer(where, "parts", partIndex);
      if (part.type !== "tool_result") {
        warnings.warn(
          "part-dropped",
          partWhere,
          `AWF's tool.result carries a tool result only, not a ${part.type} part`,
        );
        return;
      }
      if (part.status !== "ok" && part.status !== "error")
        warnings.warn(
          "status-mapped",
          pointer(partWhere, "status"),
          `AWF results are ok or carry an error; ${part.status} was written as an error`,
        );
      if (part.content !== undefined && part.output === undefined)
        warnings.warn(
          "value-converted",
          pointer(partWhere, "content"),
          "the result's parts were written as its output",
        );
      const error =
        kept.error !== undefined && typeof kept.error !== "string"
          ? kept.error
          : (part.error ?? (part.status === "ok" ? undefined : part.status));
      let name =
        kept.name !== undefined
          ? kept.name
          : kept.name_absent === true
            ? undefined
            : part.name || context.callNames.get(part.call_id);
      if (name === undefined && kept.name_absent !== true) {
        // An observation with no call (an ATIF step's result, a terminal's output): AWF needs a tool name.
        name = unknownToolName;
        warnings.warn(
          "value-assumed",
          pointer(partWhere, "name"),
          `AWF's tool.result needs the tool's name; this result names none and its call is not in the document: written as ${unknownToolName}`,
        );
      }
      const payload: JsonObject = {
        name,
        call_id: part.call_id,
        input: absentOr(kept.input, null),
        output: absentOr(kept.output, part.output ?? (part.content === undefined ? null : cloneJson(part.content))),
        error,
        fidelity: absentOr(kept.fidelity, part.fidelity ?? "router"),
      };
      if (isJsonObject(kept.payload_extra)) Object.assign(payload, cloneJson(kept.payload_extra));
      events.push(
        envelope(message, partIndex === 0 ? kept : { ...kept, seq: undefined }, "tool.result", payload, context),
      );
    });
    return events;
  }
  let type: string;
  let role: string;
  if (message.role === "assistant") {
    type = "message.assistant";
    role = "assistant";
  } else {
    if (message.role !== "user")
      warnings.warn(
        "role-mapped",
        pointer(where, "role"),
        `AWF has no ${message.role} message: written as message.user, as AWF records the composed system prompt`,
      );
    type = "message.user";
    role = "user";
  }
  const fidelity = role === "user" ? "router" : "agent_emitted";
  const blocks: JsonObject[] = [];
  message.parts.forEach((part, partIndex) => {
    if (part.type === "tool_call") context.callNames.set(part.id, part.name);
    const block = partToBlock(part, fidelity, pointer(where, "parts", partIndex), warnings);
    if (block !== undefined) blocks.push(block);
  });
  const payload: JsonObject = { role: absentOr(kept.role, role), blocks };
  if (isJsonObject(kept.payload_extra)) Object.assign(payload, cloneJson(kept.payload_extra));
  return [envelope(message, kept, type, payload, context)];
}

/** Events for a document with no kept run events: run.started, the messages, child runs, run.completed. */
function synthesizedRunEvents(
  document: Transcript,
  base: string,
  warnings: Problems,
  fallback: string,
  runIds: RunIds,
): { start: JsonObject; end: JsonObject[] } {
  const run = document.run;
  const common = {
    run_id: runIds.of(document.id, pointer(base, "id")),
    ...(run?.parent === undefined
      ? {}
      : { parent_run_id: runIds.of(run.parent.run_id, pointer(base, "run", "parent", "run_id")) }),
    path: "",
    iteration: 0,
  };
  const start: JsonObject = {
    seq: undefined,
    ...common,
    type: "run.started",
    timestamp: run?.started_at ?? document.created_at ?? fallback,
    payload: document.title === undefined ? null : { name: document.title, kind: "workflow" },
  };
  const end: JsonObject[] = [];
  (run?.children ?? []).forEach((child: ChildRun, index) => {
    const step = { ...common, path: child.path ?? "" };
    const payload = { name: child.title ?? child.run_id, kind: "call_workflow" };
    const childRunId = runIds.of(child.run_id, pointer(base, "run", "children", index, "run_id"));
    end.push({
      seq: undefined,
      ...step,
      child_run_id: childRunId,
      type: "step.call_workflow.started",
      timestamp: child.transcript?.run?.started_at ?? fallback,
      payload,
    });
    if (child.status === "completed" || child.status === "failed" || child.status === "canceled")
      end.push({
        seq: undefined,
        ...step,
        child_run_id: childRunId,
        type: "step.call_workflow.completed",
        timestamp: child.transcript?.run?.ended_at ?? fallback,
        payload: {
          ...payload,
          ...(child.status === "completed" ? {} : { error: child.transcript?.run?.error ?? child.status }),
        },
      });
  });
  if (run !== undefined && run.status !== "running") {
    end.push({
      seq: undefined,
      ...common,
      type: "run.completed",
      timestamp: run.ended_at ?? document.updated_at ?? fallback,
      payload:
        run.status === "completed" && run.error === undefined
          ? null
          : { name: document.title ?? document.id, kind: "workflow", error: run.error ?? run.status },
    });
  }
  if (run?.steps !== undefined)
    warnings.warn(
      "field-dropped",
      pointer(base, "run", "steps"),
      "steps not recorded as AWF step events were left out",
    );
  return { start, end };
}

function writeRun(
  document: Transcript,
  base: string,
  name: string,
  warnings: Problems,
  files: SessionExportFile[],
  depth: number,
  runIds: RunIds,
): void {
  const kept = isJsonObject(document.metadata?.[awfKey]) ? (document.metadata?.[awfKey] as JsonObject) : undefined;
  const keptEvents = Array.isArray(kept?.events)
    ? kept.events.flatMap((entry) => (isJsonObject(entry) && isJsonObject(entry.event) ? [entry.event] : []))
    : undefined;
  for (const key of Object.keys(document.metadata ?? {}))
    if (key !== awfKey)
      warnings.warn("field-dropped", pointer(base, "metadata", key), "AWF has no place for this metadata");
  // Not `export`: it records how this very export was made (redaction, reasoning policy), not the run.
  for (const field of ["tools", "tool_choice", "usage", "cost", "artifacts"] as const)
    if (document[field] !== undefined)
      warnings.warn("field-dropped", pointer(base, field), `AWF transcripts have no ${field}`);
  const fallback = document.created_at ?? document.run?.started_at ?? "1970-01-01T00:00:00Z";
  const context: Context = { document, base, warnings, fallbackTimestamp: fallback, callNames: new Map(), runIds };
  const messageLines = document.messages.map((message, index) => messageEvents(message, index, context));

  let events: JsonObject[];
  if (keptEvents !== undefined && keptEvents.length > 0) {
    // Merge by seq: the kept events and the messages each in their own order, as AWF wrote them.
    events = [];
    const pending = [...keptEvents].map((event) => cloneJson(event));
    for (const group of messageLines) {
      const seq = group[0]?.seq;
      while (
        pending.length > 0 &&
        typeof seq === "number" &&
        typeof pending[0]?.seq === "number" &&
        (pending[0].seq as number) < seq
      )
        events.push(pending.shift() as JsonObject);
      for (const event of group) events.push(event);
    }
    for (const event of pending) events.push(event);
  } else {
    const { start, end } = synthesizedRunEvents(document, base, warnings, fallback, runIds);
    events = [start, ...messageLines.flat(), ...end];
  }
  // Strictly increasing seq from AWF's own lines is kept; anything else is numbered from 1, as AWF numbers a file.
  let last = 0;
  const increasing = events.every((event) => {
    const ok = typeof event.seq === "number" && event.seq > last;
    if (ok) last = event.seq as number;
    return ok;
  });
  if (!increasing) events.forEach((event, index) => (event.seq = index + 1));
  files.push({ name, text: events.map((event) => `${encodeEvent(event)}\n`).join("") });

  (document.run?.children ?? []).forEach((child, index) => {
    const where = pointer(base, "run", "children", index);
    if (child.transcript === undefined) return;
    if (depth >= 16) {
      warnings.warn("field-dropped", where, "child runs nested deeper than 16 levels were not written");
      return;
    }
    const childRunId = runIds.of(child.run_id, pointer(where, "run_id"));
    // Every line of a child's file names its parent: the one it is embedded in, when its document does not say.
    const transcript =
      child.transcript.run?.parent === undefined
        ? {
            ...child.transcript,
            run: { status: "running" as const, ...child.transcript.run, parent: { run_id: document.id } },
          }
        : child.transcript;
    writeRun(transcript, pointer(where, "transcript"), `${childRunId}.jsonl`, warnings, files, depth + 1, runIds);
  });
}

/** A document → its run's file, then one file per child run (`<child-run-id>.jsonl` beside it). */
export function fromCanonical(document: Transcript, options: SessionExportOptions = {}): SessionExportResult {
  const warnings = new Problems();
  const files: SessionExportFile[] = [];
  try {
    writeRun(document, "", options.name ?? `${document.id}.jsonl`, warnings, files, 0, new RunIds(warnings));
    return { ok: true, files, warnings: warnings.warnings };
  } catch (error) {
    // Only a value no JSON document holds gets here (a cycle, a getter that throws): say so, never throw.
    return {
      ok: false,
      errors: [{ path: "", message: `cannot write the AWF transcript: ${String(error)}` }],
      warnings: warnings.warnings,
    };
  }
}
