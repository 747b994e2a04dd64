/**
 * AWF transcript lines → canonical documents (see index.ts for the mapping). Tolerant the way AWF's own reader is:
 * an unknown event or block type, a run.started with a null payload, a gap in seq, fields AWF added later — all read
 * (kept where they have no canonical place, with a loss that says so); a line that is not JSON or not an envelope
 * costs that line. Each file (the main one, then each related one) is folded as its lines arrive; the child-run tree
 * is assembled at the end by following `child_run_id` from the main file, so files of unrelated runs are left out.
 */
import type { ChildRun, Message, Part, Step, Transcript } from "@agent-transcript/core";
import { defaultMaxDepth, formatVersion } from "@agent-transcript/core";
import { parseJson } from "@agent-transcript/core/json";
import {
  cloneJson,
  isDateTime,
  isJsonObject,
  setField,
  sessionLoss,
  SessionFoldBase,
  type JsonObject,
  type SessionChild,
  type SessionImportOptions,
  type SessionLine,
  type SessionLoss,
  type SessionLossCode,
} from "../../conversion/index.js";

/** The provider_fields / metadata key under which AWF's own fields are kept. */
export const awfKey = "awf-transcript";

export const envelopeFields = [
  "seq",
  "run_id",
  "parent_run_id",
  "child_run_id",
  "type",
  "path",
  "iteration",
  "timestamp",
  "payload",
] as const;
export const blockFields = [
  "type",
  "fidelity",
  "text",
  "thinking",
  "tool_name",
  "tool_id",
  "tool_input",
  "tool_content",
  "command",
  "chunk",
] as const;
export const toolPayloadFields = ["name", "call_id", "input", "output", "error", "fidelity"] as const;
export const stepPayloadFields = ["name", "kind", "error", "result"] as const;

const runAndStepTypes = new Set([
  "run.started",
  "run.completed",
  "step.started",
  "step.completed",
  "step.call_workflow.started",
  "step.call_workflow.completed",
]);
const fidelities = new Set(["router", "agent_emitted"]);

/** A line nests a few levels deeper in the document than in the file (messages, parts, children). */
const lineDepth = defaultMaxDepth - 64;

interface FileState {
  path: string;
  role: "main" | "related";
  runId: string | undefined;
  parentRunId: string | undefined;
  records: number;
  messages: Message[];
  /** run.* and step.* events and events of unknown type, verbatim, with the line they were on. */
  kept: JsonObject[];
  losses: SessionLoss[];
  /** Child run ids named by step.call_workflow.started, in order. */
  childIds: string[];
}

function extraFields(object: JsonObject, known: readonly string[]): JsonObject | undefined {
  let extra: JsonObject | undefined;
  for (const key of Object.keys(object)) {
    if (known.includes(key) || object[key] === undefined) continue;
    extra ??= {};
    setField(extra, key, cloneJson(object[key]));
  }
  return extra;
}

/** Why a value is not an AWF envelope, or undefined when it is one. */
export function envelopeProblem(value: unknown): string | undefined {
  if (!isJsonObject(value)) return "(root): expected an object";
  if (typeof value.seq !== "number" || !Number.isSafeInteger(value.seq) || value.seq < 0)
    return "/seq: expected a non-negative integer";
  if (typeof value.run_id !== "string") return "/run_id: expected a string";
  if (typeof value.type !== "string") return "/type: expected a string";
  if (typeof value.timestamp !== "string") return "/timestamp: expected a string";
  if (value.path !== undefined && typeof value.path !== "string") return "/path: expected a string";
  if (value.iteration !== undefined && (typeof value.iteration !== "number" || !Number.isSafeInteger(value.iteration)))
    return "/iteration: expected an integer";
  for (const key of ["parent_run_id", "child_run_id"])
    if (value[key] !== undefined && typeof value[key] !== "string") return `/${key}: expected a string`;
  return undefined;
}

export class AwfFold extends SessionFoldBase<FileState> {
  private readonly files: FileState[] = [];

  protected openFile(path: string, role: "main" | "related"): FileState {
    const file: FileState = {
      path,
      role,
      runId: undefined,
      parentRunId: undefined,
      records: 0,
      messages: [],
      kept: [],
      losses: [],
      childIds: [],
    };
    this.files.push(file);
    return file;
  }

  /** A file's losses are its own until the tree is built: a related file of another run is left out with them. */
  override loss(file: FileState, line: number | undefined, code: SessionLossCode, message: string): void {
    file.losses.push(sessionLoss(file.path, line, code, message));
  }

  protected readLine(state: FileState, line: SessionLine): void {
    // A related file whose first event names no parent is another top-level run of the folder, not a child of
    // this one: the rest of it is not read (a transcripts folder holds every run AWF made).
    if (state.role === "related" && state.records > 0 && state.parentRunId === undefined) return;
    const lose = (code: SessionLossCode, message: string): void => this.loss(state, line.line, code, message);
    if (line.error !== undefined) return lose("unparsable-line", line.error);
    if (line.text.trim() === "") return;
    const parsed = parseJson(line.text, { maxDepth: lineDepth });
    if (!parsed.ok) return lose("unparsable-line", parsed.error.message);
    const problem = envelopeProblem(parsed.value);
    if (problem !== undefined) return lose("invalid-line", `not an AWF transcript event: ${problem}`);
    const event = parsed.value as JsonObject;
    state.records += 1;
    state.runId ??= event.run_id as string;
    if (state.records === 1 && typeof event.parent_run_id === "string") state.parentRunId = event.parent_run_id;
    readEvent(event, line.line, state, lose);
  }

  protected result() {
    const main = this.files.find((file) => file.role === "main") ?? this.newEmpty();
    const byRun = new Map<string, FileState>();
    for (const file of this.files)
      if (file.role === "related" && file.runId !== undefined && !byRun.has(file.runId)) byRun.set(file.runId, file);
    const losses = this.losses;
    const files: string[] = [];
    const visited = new Set<string>();
    const build = (state: FileState, depth: number): Transcript => {
      files.push(state.path);
      for (const loss of state.losses) losses.push(loss);
      if (state.runId !== undefined) visited.add(state.runId);
      const document = assemble(state, this.options, state === main);
      for (const link of document.run?.children ?? []) {
        const childState = byRun.get(link.run_id);
        // A child's file is read once, and only when it names this run as its parent.
        if (childState === undefined || visited.has(link.run_id) || depth >= 16) continue;
        if (childState.parentRunId !== undefined && childState.parentRunId !== state.runId) continue;
        link.transcript = build(childState, depth + 1);
      }
      return document;
    };
    const document = build(main, 0);
    const children: SessionChild[] = (document.run?.children ?? []).flatMap((link) =>
      link.transcript === undefined
        ? []
        : [{ runId: link.run_id, path: byRun.get(link.run_id)?.path ?? "", document: link.transcript }],
    );
    return { document, children, losses, files, records: main.records };
  }

  private newEmpty(): FileState {
    this.file("", "main");
    return this.current as FileState;
  }
}

/** The fidelity of a block or tool payload, or undefined (and the raw value kept) when it is not AWF's. */
function fidelityOf(value: unknown, keep: JsonObject): Part["fidelity"] | undefined {
  if (typeof value === "string" && fidelities.has(value)) return value as Part["fidelity"];
  keep.fidelity = value === undefined ? "absent" : cloneJson(value);
  return undefined;
}

function blockToPart(block: unknown): { part: Part; unknown: boolean; extra: boolean } {
  if (!isJsonObject(block) || typeof block.type !== "string")
    return {
      part: { type: "native", native_type: "awf-block", data: cloneJson(block), issuer: { provider: awfKey } },
      unknown: true,
      extra: false,
    };
  const keep: JsonObject = {};
  const extra = extraFields(block, blockFields);
  if (extra !== undefined) keep.extra = extra;
  const fidelity = fidelityOf(block.fidelity, keep);
  const strings = (names: readonly string[]): boolean =>
    names.every((name) => block[name] === undefined || typeof block[name] === "string");
  let part: Part | undefined;
  // Fields a block of this type does not use (AWF leaves them out) are kept as written.
  const unused = (used: readonly string[]): void => {
    for (const name of blockFields)
      if (name !== "type" && name !== "fidelity" && !used.includes(name) && block[name] !== undefined)
        setField(keep, name, cloneJson(block[name]));
  };
  switch (block.type) {
    case "text":
      if (!strings(["text"])) break;
      part = { type: "text", text: (block.text as string | undefined) ?? "" };
      unused(["text"]);
      break;
    case "thinking":
      if (!strings(["thinking"])) break;
      part = { type: "reasoning", text: (block.thinking as string | undefined) ?? "" };
      unused(["thinking"]);
      break;
    case "tool_use":
      if (!strings(["tool_name", "tool_id"])) break;
      part = {
        type: "tool_call",
        id: (block.tool_id as string | undefined) ?? "",
        name: (block.tool_name as string | undefined) ?? "",
        ...(block.tool_input === undefined || block.tool_input === null ? {} : { input: cloneJson(block.tool_input) }),
      };
      if (block.tool_id === undefined) keep.tool_id = "absent";
      if (block.tool_name === undefined) keep.tool_name = "absent";
      if (block.tool_input === null) keep.tool_input = null;
      unused(["tool_name", "tool_id", "tool_input"]);
      break;
    case "tool_result":
      if (!strings(["tool_id"])) break;
      part = {
        type: "tool_result",
        call_id: (block.tool_id as string | undefined) ?? "",
        status: "ok",
        ...(block.tool_content === undefined || block.tool_content === null
          ? {}
          : { output: cloneJson(block.tool_content) }),
      };
      if (block.tool_id === undefined) keep.tool_id = "absent";
      if (block.tool_content === null) keep.tool_content = null;
      unused(["tool_id", "tool_content"]);
      break;
    case "command":
      if (!strings(["command"])) break;
      part = { type: "command", command: (block.command as string | undefined) ?? "" };
      unused(["command"]);
      break;
    case "stream":
      if (!strings(["text", "chunk"])) break;
      // The reference puts a stream chunk "in the text field per the wire format"; a `chunk` field is read too.
      part = {
        type: "stream_chunk",
        text: (block.text as string | undefined) ?? (block.chunk as string | undefined) ?? "",
      };
      if (block.text === undefined && block.chunk !== undefined) keep.chunk_field = true;
      unused(block.text === undefined ? ["chunk"] : ["text"]);
      break;
    default:
      break;
  }
  if (part === undefined)
    return {
      part: { type: "native", native_type: "awf-block", data: cloneJson(block), issuer: { provider: awfKey } },
      unknown: true,
      extra: false,
    };
  if (fidelity !== undefined) (part as { fidelity?: Part["fidelity"] }).fidelity = fidelity;
  if (Object.keys(keep).length > 0)
    (part as { provider_fields?: Record<string, JsonObject> }).provider_fields = { [awfKey]: keep };
  return { part, unknown: false, extra: extra !== undefined };
}

/** The envelope's fields a message keeps beside its own: what the canonical message cannot say. */
function envelopeKeep(event: JsonObject, state: FileState): JsonObject {
  const keep: JsonObject = { seq: event.seq };
  if (event.run_id !== state.runId) keep.run_id = event.run_id;
  if (event.parent_run_id !== state.parentRunId)
    keep.parent_run_id = event.parent_run_id === undefined ? null : event.parent_run_id;
  if (event.child_run_id !== undefined) keep.child_run_id = event.child_run_id;
  if (event.path === undefined) keep.path = null;
  if (event.iteration === undefined) keep.iteration = null;
  if (!isDateTime(event.timestamp as string)) keep.timestamp = event.timestamp;
  const extra = extraFields(event, envelopeFields);
  if (extra !== undefined) keep.extra = extra;
  return keep;
}

function newMessage(event: JsonObject, role: Message["role"], parts: Part[], keep: JsonObject): Message {
  const message: Message = { role, parts };
  if (isDateTime(event.timestamp as string)) message.created_at = event.timestamp as string;
  if (typeof event.path === "string" && event.path !== "") message.path = event.path;
  if (typeof event.iteration === "number" && event.iteration !== 0) message.iteration = event.iteration;
  message.provider_fields = { [awfKey]: keep };
  return message;
}

function readEvent(
  event: JsonObject,
  line: number,
  state: FileState,
  lose: (code: SessionLossCode, message: string) => void,
): void {
  const type = event.type as string;
  const payload = event.payload;
  const keepEvent = (code: SessionLossCode | undefined, message: string): void => {
    state.kept.push({ line, event: cloneJson(event) });
    if (code !== undefined) lose(code, message);
  };
  if (runAndStepTypes.has(type)) {
    if (type === "step.call_workflow.started" && typeof event.child_run_id === "string")
      state.childIds.push(event.child_run_id);
    if (payload !== null && payload !== undefined && !isJsonObject(payload))
      return keepEvent("invalid-field", `${type}: a payload that is not a StepPayload object, kept verbatim`);
    return keepEvent(undefined, "");
  }
  if (type === "message.user" || type === "message.assistant") {
    if (!isJsonObject(payload) || !Array.isArray(payload.blocks))
      return keepEvent("invalid-field", `${type}: a payload without a blocks array, kept verbatim`);
    const keep = envelopeKeep(event, state);
    const expectedRole = type === "message.user" ? "user" : "assistant";
    if (payload.role !== expectedRole) keep.role = payload.role === undefined ? "absent" : cloneJson(payload.role);
    const payloadExtra = extraFields(payload, ["role", "blocks"]);
    if (payloadExtra !== undefined) keep.payload_extra = payloadExtra;
    const parts: Part[] = [];
    let unknownBlocks = 0;
    let extraBlocks = 0;
    for (const block of payload.blocks) {
      const converted = blockToPart(block);
      parts.push(converted.part);
      if (converted.unknown) unknownBlocks += 1;
      if (converted.extra) extraBlocks += 1;
    }
    if (unknownBlocks > 0)
      lose(
        "kept-as-native",
        `${unknownBlocks} block(s) of a type AWF's reference does not define (or malformed), kept verbatim as native parts`,
      );
    if (extraBlocks > 0 || payloadExtra !== undefined || keep.extra !== undefined)
      lose("kept-as-metadata", "fields AWF's reference does not define, kept in provider_fields");
    state.messages.push(newMessage(event, expectedRole, parts, keep));
    return;
  }
  if (type === "tool.call" || type === "tool.result") {
    if (!isJsonObject(payload) || typeof payload.call_id !== "string")
      return keepEvent("invalid-field", `${type}: a payload without a string call_id, kept verbatim`);
    const keep = envelopeKeep(event, state);
    const fidelity = fidelityOf(payload.fidelity, keep);
    const extra = extraFields(payload, toolPayloadFields);
    if (extra !== undefined) {
      keep.payload_extra = extra;
      lose("kept-as-metadata", "fields AWF's reference does not define, kept in provider_fields");
    }
    for (const name of ["name", "error"])
      if (payload[name] !== undefined && typeof payload[name] !== "string")
        setField(keep, name, cloneJson(payload[name]));
    const name = typeof payload.name === "string" ? payload.name : "";
    if (payload.name === undefined) keep.name_absent = true;
    let part: Part;
    if (type === "tool.call") {
      part = { type: "tool_call", id: payload.call_id, name };
      if (payload.input !== undefined && payload.input !== null) part.input = cloneJson(payload.input);
      // AWF always writes output (null on a call); anything else, or a missing key, is kept as written.
      if (payload.output !== null) keep.output = payload.output === undefined ? "absent" : cloneJson(payload.output);
      if (payload.input === undefined) keep.input = "absent";
      if (typeof payload.error === "string") keep.error = payload.error;
    } else {
      const error = typeof payload.error === "string" ? payload.error : undefined;
      part = { type: "tool_result", call_id: payload.call_id, status: error === undefined ? "ok" : "error" };
      if (name !== "" || payload.name !== undefined) part.name = name;
      if (payload.output !== undefined && payload.output !== null) part.output = cloneJson(payload.output);
      if (payload.output === undefined) keep.output = "absent";
      if (error !== undefined) part.error = error;
      if (payload.input !== null) keep.input = payload.input === undefined ? "absent" : cloneJson(payload.input);
    }
    if (fidelity !== undefined) part.fidelity = fidelity;
    keep.event = type;
    state.messages.push(newMessage(event, type === "tool.call" ? "assistant" : "tool", [part], keep));
    return;
  }
  keepEvent(
    "unknown-line-type",
    `event type ${JSON.stringify(type).slice(0, 80)} is not in AWF's vocabulary; kept verbatim`,
  );
}

function stepPayload(event: JsonObject): JsonObject | undefined {
  return isJsonObject(event.payload) ? event.payload : undefined;
}

/** One file's events → its document: messages, and the run with its steps and child links from the kept events. */
function assemble(state: FileState, options: SessionImportOptions, isMain: boolean): Transcript {
  const id = state.runId ?? "awf-transcript";
  const document: Transcript = { schema_version: formatVersion, id, messages: state.messages };
  document.source = {
    format: "awf-transcript",
    ...(isMain && options.path !== undefined ? { path: options.path } : state.path === "" ? {} : { path: state.path }),
    ...(state.runId === undefined ? {} : { session_id: state.runId }),
    ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
  };
  if (state.records === 0) return document;
  const events = state.kept.map((entry) => entry.event as JsonObject);
  const run: NonNullable<Transcript["run"]> = { status: "running" };
  const steps: Step[] = [];
  const children: ChildRun[] = [];
  const openSteps = new Map<string, Step>();
  for (const event of events) {
    const payload = stepPayload(event);
    const timestamp = typeof event.timestamp === "string" && isDateTime(event.timestamp) ? event.timestamp : undefined;
    const path = typeof event.path === "string" ? event.path : "";
    const iteration = typeof event.iteration === "number" ? event.iteration : 0;
    const key = `${iteration}\u0000${path}`;
    const error = typeof payload?.error === "string" && payload.error !== "" ? payload.error : undefined;
    switch (event.type) {
      case "run.started":
        if (timestamp !== undefined) run.started_at = timestamp;
        if (typeof payload?.name === "string" && payload.name !== "") document.title = payload.name;
        break;
      case "run.completed":
        run.status = error === undefined ? "completed" : "failed";
        if (timestamp !== undefined) run.ended_at = timestamp;
        if (error !== undefined) run.error = error;
        break;
      case "step.started":
      case "step.call_workflow.started": {
        const step: Step = {
          path,
          name: typeof payload?.name === "string" ? payload.name : path,
          kind:
            typeof payload?.kind === "string" ? payload.kind : event.type === "step.started" ? "step" : "call_workflow",
          status: "running",
        };
        if (iteration !== 0) step.iteration = iteration;
        if (timestamp !== undefined) step.started_at = timestamp;
        if (typeof event.child_run_id === "string") {
          step.child_run_id = event.child_run_id;
          const link: ChildRun = { run_id: event.child_run_id, status: "running", title: step.name };
          if (path !== "") link.path = path;
          children.push(link);
        }
        steps.push(step);
        openSteps.set(key, step);
        break;
      }
      case "step.completed":
      case "step.call_workflow.completed": {
        const step = openSteps.get(key);
        if (step === undefined) break;
        openSteps.delete(key);
        step.status = error === undefined ? "completed" : "failed";
        if (timestamp !== undefined) step.ended_at = timestamp;
        if (error !== undefined) step.error = error;
        if (payload?.result !== undefined && payload.result !== null) step.result = cloneJson(payload.result);
        const link = children.find((child) => child.run_id === (event.child_run_id ?? step.child_run_id));
        if (link !== undefined) link.status = step.status;
        break;
      }
      default:
        break;
    }
  }
  if (run.started_at !== undefined && run.ended_at !== undefined) {
    const duration = Date.parse(run.ended_at) - Date.parse(run.started_at);
    if (Number.isFinite(duration) && duration >= 0) run.duration_ms = duration;
  }
  if (state.parentRunId !== undefined) run.parent = { run_id: state.parentRunId };
  if (steps.length > 0) run.steps = steps;
  if (children.length > 0) run.children = children;
  document.run = run;
  const created = state.messages[0]?.created_at ?? run.started_at;
  if (created !== undefined) document.created_at = created;
  const updated = run.ended_at ?? state.messages.at(-1)?.created_at;
  if (updated !== undefined) document.updated_at = updated;
  // The events with no canonical place of their own, kept as written so the export writes them back exactly.
  if (state.kept.length > 0) document.metadata = { [awfKey]: { events: state.kept } };
  return document;
}
