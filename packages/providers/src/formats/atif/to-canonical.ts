/**
 * ATIF trajectory → canonical document (see index.ts for the mapping). A trajectory is one JSON document, usually
 * pretty-printed over many lines, so the fold holds each file's lines until the file ends and reads it whole; a
 * continuation file (`continued_trajectory_ref`) arrives as a related file and becomes a child run of the trajectory
 * it continues. Nothing here throws: a file that is not JSON, or not a trajectory, costs that file (a loss naming
 * it, the line and the JSON pointer), and a step that is not a step costs that step.
 */
import type { ChildRun, Cost, Message, Part, ToolResultStatus, Transcript, Usage } from "@agent-transcript/core";
import { defaultMaxDepth, formatVersion } from "@agent-transcript/core";
import { linesAndColumns, locatePointers, parseJson } from "@agent-transcript/core/json";
import {
  cloneJson,
  heldDocumentText,
  isDateTime,
  isJsonObject,
  isRedactionPlaceholder,
  pointer,
  HeldFilesFold,
  setField,
  splitPath,
  type HeldSessionFile,
  type JsonObject,
  type SessionChild,
  type SessionImportOptions,
  type SessionLoss,
  type SessionLossCode,
} from "../../conversion/index.js";

/** The provider_fields / metadata key under which ATIF's own fields are kept. */
export const atifKey = "atif";

/** The sources a step may have; any other value is kept and read as a user step. */
const stepSources: Readonly<Record<string, Message["role"]>> = { user: "user", agent: "assistant", system: "system" };

/** Every step field the mapping places on canonical fields; the others are kept in `provider_fields.atif`. */
const mappedStepFields = new Set([
  "step_id",
  "timestamp",
  "source",
  "model_name",
  "message",
  "reasoning_content",
  "tool_calls",
  "observation",
  "metrics",
]);
/** Fields of a step kept by rule (ATIF's own, no canonical place): no loss for them beyond the one per step. */
const knownKeptStepFields = new Set(["reasoning_effort", "is_copied_context", "llm_call_count", "extra"]);
const metricTokenFields = ["prompt_tokens", "completion_tokens", "cached_tokens"] as const;
/**
 * The key, inside the `extra` object ATIF gives results and metrics for a producer's own fields, under which our
 * export writes what a document records and ATIF has no field for (from-canonical.ts): a result's status, error,
 * name, duration and time, a call's cache-write and reasoning token counts. Read back here, so that a round trip
 * through ATIF keeps failed calls, durations and the cost of cache writes.
 */
export const carriedKey = "agent_transcript";

type CarriedCheck = (value: unknown) => boolean;

/** What our export carries in a result's `extra`, and what each value must be to be read back. */
export const carriedResultFields: Readonly<Record<string, CarriedCheck>> = {
  status: (value) => value === "error" || value === "denied" || value === "interrupted" || value === "ok",
  error: (value) => typeof value === "string",
  name: (value) => typeof value === "string",
  duration_ms: (value) => isAmount(value),
  truncated: (value) => value === true,
  created_at: (value) => typeof value === "string" && isDateTime(value),
};
/** What our export carries in a metrics object's `extra`. */
export const carriedUsageFields: Readonly<Record<string, CarriedCheck>> = {
  cache_write_tokens: (value) => isCount(value),
  reasoning_tokens: (value) => isCount(value),
};

/**
 * Takes the values of `extra[carriedKey]` that pass their check out of `fields` (a copy of the ATIF object being
 * read), dropping what is left empty; a value that fails its check stays where it was, kept with the rest of `extra`.
 */
function takeCarried(fields: JsonObject, checks: Readonly<Record<string, CarriedCheck>>): JsonObject {
  const taken: JsonObject = {};
  const extra = fields.extra;
  if (!isJsonObject(extra) || !isJsonObject(extra[carriedKey])) return taken;
  const carried = extra[carriedKey];
  for (const key of Object.keys(checks))
    if (Object.hasOwn(carried, key) && checks[key]?.(carried[key]) === true) {
      setField(taken, key, carried[key]);
      delete carried[key];
    }
  if (Object.keys(carried).length === 0) delete extra[carriedKey];
  if (Object.keys(extra).length === 0) delete fields.extra;
  return taken;
}

const finalTokenFields = ["total_prompt_tokens", "total_completion_tokens", "total_cached_tokens"] as const;

/** A trajectory nests a few levels deeper in the document than in its file (messages, parts, children). */
const fileDepth = defaultMaxDepth - 64;

type Held = HeldSessionFile;

/** What converting one trajectory needs to say where a loss is. */
interface Context {
  file: string;
  text: string;
  losses: Array<{ code: SessionLossCode; pointer: string; message: string }>;
}

export interface AtifConversion {
  document: Transcript;
  children: SessionChild[];
}

/** A trajectory is one JSON document: every file is held until it ends, and read once every file has. */
export class AtifFold extends HeldFilesFold {
  protected result() {
    const losses = this.losses;
    const main = this.mainFile();
    const parsed = readFile(main, losses);
    const files = [main.path];
    let conversion: AtifConversion;
    if (parsed === undefined) {
      conversion = { document: emptyDocument(main.path, this.options), children: [] };
    } else {
      conversion = convertTrajectory(
        parsed.value,
        "",
        { file: main.path, text: parsed.text, losses: [] },
        losses,
        this.options,
      );
    }
    // Continuations, in the order of their number (`….cont-2.json` after `….cont-1.json`), each a child run.
    const continuations = this.files
      .filter((file) => file.role === "related")
      .map((file) => ({ file, index: continuationIndex(file.path) }))
      .filter((entry): entry is { file: Held; index: number } => entry.index !== undefined)
      .sort((a, b) => a.index - b.index);
    for (const { file, index } of continuations) {
      const read = readFile(file, losses);
      if (read === undefined) continue;
      const child = convertTrajectory(read.value, "", { file: file.path, text: read.text, losses: [] }, losses, {
        path: file.path,
        ...(this.options.importedAt === undefined ? {} : { importedAt: this.options.importedAt }),
      });
      files.push(file.path);
      // A continuation goes on the same session, and may say so with the same session_id: its run must still have
      // an id of its own, or every tree of runs would meet the parent again below itself. The file is written back
      // under its session_id (kept in source.session_id), whatever the run's id.
      const taken = new Set([
        conversion.document.id,
        ...(conversion.document.run?.children ?? []).map((run) => run.run_id),
      ]);
      if (taken.has(child.document.id)) child.document.id = `${child.document.id}.cont-${index}`;
      const runId = child.document.id;
      const link: ChildRun = {
        run_id: runId,
        title: `continuation ${index}`,
        status: "completed",
        location: splitPath(file.path).name,
        transcript: child.document,
      };
      const document = conversion.document;
      document.run ??= { status: "completed" };
      document.run.children = [...(document.run.children ?? []), link];
      conversion.children.push({ runId, path: file.path, document: child.document });
    }
    return {
      document: conversion.document,
      children: conversion.children,
      losses,
      files,
      records: parsed === undefined ? 0 : 1,
    };
  }
}

/** `….cont-3.json` → 3; any other name → undefined. */
export function continuationIndex(path: string): number | undefined {
  const match = /\.cont-(\d{1,6})\.json$/.exec(splitPath(path).name);
  return match === null ? undefined : Number(match[1]);
}

function readFile(held: Held, losses: SessionLoss[]): { value: JsonObject; text: string } | undefined {
  for (const { line, error } of held.lines)
    if (error !== undefined)
      losses.push({ code: "unparsable-line", file: held.path, line, message: `line ${line}: ${error}` });
  const text = heldDocumentText(held.lines);
  if (text.trim() === "") {
    losses.push({ code: "invalid-line", file: held.path, message: "the file is empty: no ATIF trajectory in it" });
    return undefined;
  }
  const parsed = parseJson(text, { maxDepth: fileDepth });
  if (!parsed.ok) {
    losses.push({
      code: "unparsable-line",
      file: held.path,
      ...(parsed.error.line === undefined ? {} : { line: parsed.error.line }),
      message: `not an ATIF trajectory: ${parsed.error.message}`,
    });
    return undefined;
  }
  const problem = trajectoryProblem(parsed.value);
  if (problem !== undefined) {
    losses.push({ code: "invalid-line", file: held.path, message: `not an ATIF trajectory: ${problem}` });
    return undefined;
  }
  return { value: parsed.value as JsonObject, text };
}

/** Why a value is not a trajectory (JSON pointer first), or undefined when it is one. */
export function trajectoryProblem(value: unknown): string | undefined {
  if (!isJsonObject(value)) return "(root): expected an object";
  if (typeof value.schema_version !== "string" || !value.schema_version.startsWith("ATIF-"))
    return "/schema_version: expected a string `ATIF-v1.x`";
  if (!Array.isArray(value.steps)) return "/steps: expected an array";
  if (value.agent !== undefined && !isJsonObject(value.agent)) return "/agent: expected an object";
  return undefined;
}

function emptyDocument(path: string, options: SessionImportOptions): Transcript {
  return {
    schema_version: formatVersion,
    id: "atif",
    source: {
      format: "atif",
      ...(path === "" && options.path === undefined ? {} : { path: options.path ?? path }),
      ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
    },
    messages: [],
  };
}

/** Copies every field of `object` except those named, or undefined when none is left. */
function rest(object: JsonObject, except: ReadonlySet<string> | readonly string[]): JsonObject | undefined {
  const skip = except instanceof Set ? except : new Set(except);
  let kept: JsonObject | undefined;
  for (const key of Object.keys(object)) {
    if (skip.has(key) || object[key] === undefined) continue;
    kept ??= {};
    setField(kept, key, cloneJson(object[key]));
  }
  return kept;
}

const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isAmount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

/** ATIF's token fields (per step or totals) → canonical usage, the fields as written kept as the raw usage. */
function usageOf(
  source: JsonObject,
  fields: readonly [string, string, string],
  carried: JsonObject,
): Usage | undefined {
  const [prompt, completion, cached] = fields;
  const raw: JsonObject = {};
  for (const field of fields) if (isCount(source[field])) raw[field] = source[field];
  if (Object.keys(raw).length === 0) return undefined;
  const usage: Usage = {
    input_tokens: (raw[prompt] as number | undefined) ?? 0,
    output_tokens: (raw[completion] as number | undefined) ?? 0,
  };
  if (raw[cached] !== undefined) usage.cache_read_tokens = raw[cached] as number;
  if (carried.cache_write_tokens !== undefined) usage.cache_write_tokens = carried.cache_write_tokens as number;
  if (carried.reasoning_tokens !== undefined) usage.reasoning_tokens = carried.reasoning_tokens as number;
  usage.raw = { provider: atifKey, usage: raw };
  return usage;
}

function costOf(amount: unknown): Cost | undefined {
  return isAmount(amount) ? { status: "reported", amount, currency: "USD", reported_by: atifKey } : undefined;
}

/** A message or an observation's content: a string, or (v1.6) text and image parts. */
function contentParts(content: unknown, where: string, context: Context): Part[] | undefined {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  if (!Array.isArray(content)) return undefined;
  const parts: Part[] = [];
  content.forEach((item, index) => {
    if (isJsonObject(item) && item.type === "text" && typeof item.text === "string") {
      parts.push({ type: "text", text: item.text, provider_fields: { [atifKey]: { content_part: true } } });
    } else if (
      isJsonObject(item) &&
      item.type === "image" &&
      isJsonObject(item.source) &&
      typeof item.source.path === "string"
    ) {
      const source = item.source;
      parts.push({
        type: "image",
        ...(typeof source.media_type === "string" ? { media_type: source.media_type } : {}),
        path: source.path as string,
      } as Part);
    } else {
      context.losses.push({
        code: "kept-as-native",
        pointer: pointer(where, index),
        message: "a content part that is neither text nor an image by path, kept as a native part",
      });
      parts.push({
        type: "native",
        native_type: "atif-content-part",
        data: cloneJson(item),
        issuer: { provider: atifKey },
      });
    }
  });
  return parts;
}

/**
 * One trajectory (a file's, or an embedded subagent's) → its document and its child runs. `base` is the pointer of
 * the trajectory in its file ("" for the file's own).
 */
export function convertTrajectory(
  trajectory: JsonObject,
  base: string,
  context: Context,
  losses: SessionLoss[],
  options: SessionImportOptions,
): AtifConversion {
  const agent = isJsonObject(trajectory.agent) ? trajectory.agent : {};
  const id =
    typeof trajectory.session_id === "string" && trajectory.session_id !== ""
      ? trajectory.session_id
      : typeof trajectory.trajectory_id === "string" && trajectory.trajectory_id !== ""
        ? trajectory.trajectory_id
        : "atif";
  const messages: Message[] = [];
  const steps = trajectory.steps as unknown[];
  steps.forEach((step, index) => readStep(step, index, pointer(base, "steps", index), messages, context));

  const document: Transcript = { schema_version: formatVersion, id, messages: [] };
  const created = messages.find((message) => message.created_at !== undefined)?.created_at;
  const updated = messages.findLast((message) => message.created_at !== undefined)?.created_at;
  if (created !== undefined) document.created_at = created;
  if (updated !== undefined) document.updated_at = updated;
  document.source = {
    format: "atif",
    format_version: trajectory.schema_version as string,
    ...(options.path === undefined && context.file === "" ? {} : { path: options.path ?? context.file }),
    ...(typeof trajectory.session_id === "string" ? { session_id: trajectory.session_id } : {}),
    ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
  };
  if (typeof agent.name === "string")
    document.producer = { name: agent.name, ...(typeof agent.version === "string" ? { version: agent.version } : {}) };
  document.messages = messages;

  // What the trajectory says beside its steps, with no canonical field: kept under metadata.atif.
  const kept: JsonObject = {};
  const agentRest = rest(agent, typeof agent.version === "string" ? ["name", "version"] : ["name"]);
  if (typeof agent.name !== "string" && agent.name !== undefined) setField(kept, "agent_name", cloneJson(agent.name));
  if (agentRest !== undefined) kept.agent = agentRest;
  if (trajectory.agent === undefined) kept.agent_missing = true;
  const finalMetrics = isJsonObject(trajectory.final_metrics)
    ? (cloneJson(trajectory.final_metrics) as JsonObject)
    : undefined;
  if (finalMetrics !== undefined) {
    const carried = takeCarried(finalMetrics, carriedUsageFields);
    const usage = usageOf(finalMetrics, finalTokenFields, carried);
    if (usage !== undefined) document.usage = usage;
    const cost = costOf(finalMetrics.total_cost_usd);
    if (cost !== undefined) document.cost = cost;
    const finalRest = rest(finalMetrics, [
      ...finalTokenFields.filter((field) => isCount(finalMetrics[field])),
      ...(cost === undefined ? [] : ["total_cost_usd"]),
    ]);
    kept.final_metrics = finalRest ?? {};
  } else if (trajectory.final_metrics !== undefined)
    setField(kept, "final_metrics", cloneJson(trajectory.final_metrics));
  const top = rest(trajectory, [
    "schema_version",
    "session_id",
    "agent",
    "steps",
    "final_metrics",
    "subagent_trajectories",
  ]);
  if (top !== undefined) for (const key of Object.keys(top)) setField(kept, key, top[key]);
  if (typeof trajectory.session_id !== "string" && trajectory.session_id !== undefined)
    setField(kept, "session_id", cloneJson(trajectory.session_id));
  if (trajectory.session_id === undefined) kept.session_id_absent = true;

  // Embedded sub-agents (v1.7): each a child run, linked to the call whose observation references it.
  const children: SessionChild[] = [];
  const links: ChildRun[] = [];
  if (Array.isArray(trajectory.subagent_trajectories)) {
    const callOf = subagentCalls(messages);
    trajectory.subagent_trajectories.forEach((embedded, index) => {
      const where = pointer(base, "subagent_trajectories", index);
      const problem = trajectoryProblem(embedded);
      if (problem !== undefined) {
        context.losses.push({
          code: "invalid-field",
          pointer: where,
          message: `an embedded subagent trajectory that is not one (${problem}), kept verbatim`,
        });
        const invalid = (kept.invalid_subagent_trajectories ??= []) as unknown[];
        invalid.push({ index, value: cloneJson(embedded) });
        return;
      }
      const child = convertTrajectory(embedded as JsonObject, where, context, losses, {
        ...(options.importedAt === undefined ? {} : { importedAt: options.importedAt }),
      });
      // Embedded children carry no path of their own: the parent's file holds them.
      if (child.document.source !== undefined) delete child.document.source.path;
      const trajectoryId = (embedded as JsonObject).trajectory_id;
      const runId = typeof trajectoryId === "string" ? trajectoryId : child.document.id;
      const callId = callOf.get(runId);
      links.push({
        run_id: runId,
        status: "completed",
        ...(callId === undefined ? {} : { call_id: callId }),
        transcript: child.document,
      });
      child.document.run = {
        ...(child.document.run ?? { status: "completed" }),
        parent: { run_id: id, ...(callId === undefined ? {} : { call_id: callId }) },
      };
      children.push({ runId, path: "", document: child.document });
    });
  } else if (trajectory.subagent_trajectories !== undefined) {
    setField(kept, "subagent_trajectories", cloneJson(trajectory.subagent_trajectories));
  }
  if (links.length > 0) document.run = { status: "completed", children: links };
  if (Object.keys(kept).length > 0) document.metadata = { [atifKey]: kept };

  // Losses: the trajectory's own kept fields, then its steps', each with its line when the file says it.
  if (Object.keys(kept).length > 0)
    context.losses.push({
      code: "kept-as-metadata",
      pointer: base,
      message: `the trajectory's ${Object.keys(kept).join(", ")} with no canonical field, kept in metadata.atif`,
    });
  if (base === "") flushLosses(context, losses);
  return { document, children };
}

/** The losses of a file, in the order found, each with the line its pointer starts on. */
function flushLosses(context: Context, losses: SessionLoss[]): void {
  if (context.losses.length === 0) return;
  const offsets = locatePointers(
    context.text,
    context.losses.map((loss) => loss.pointer),
    { nearestAncestor: true },
  );
  const places = linesAndColumns(
    context.text,
    context.losses.map((loss) => offsets.get(loss.pointer) ?? 0),
  );
  context.losses.forEach((loss, index) => {
    const line = places[index]?.line;
    losses.push({
      code: loss.code,
      file: context.file,
      ...(line === undefined ? {} : { line }),
      message: `${loss.pointer === "" ? "(root)" : loss.pointer}: ${loss.message}`,
    });
  });
  context.losses.length = 0;
}

/** Which call's observation references each embedded subagent (by trajectory_id, else session_id). */
function subagentCalls(messages: readonly Message[]): Map<string, string> {
  const calls = new Map<string, string>();
  for (const message of messages)
    for (const part of message.parts) {
      if (part.type !== "tool_result") continue;
      const fields = part.provider_fields?.[atifKey];
      if (fields === undefined || fields.unlinked !== undefined) continue;
      const refs = fields.subagent_trajectory_ref;
      if (!Array.isArray(refs)) continue;
      for (const ref of refs) {
        if (!isJsonObject(ref)) continue;
        const key = typeof ref.trajectory_id === "string" ? ref.trajectory_id : ref.session_id;
        if (typeof key === "string" && !calls.has(key)) calls.set(key, part.call_id);
      }
    }
  return calls;
}

function readStep(step: unknown, index: number, where: string, messages: Message[], context: Context): void {
  if (!isJsonObject(step)) {
    context.losses.push({ code: "invalid-line", pointer: where, message: "a step that is not an object, left out" });
    return;
  }
  const kept: JsonObject = {};
  const source = typeof step.source === "string" ? step.source : undefined;
  const role =
    source !== undefined && Object.hasOwn(stepSources, source) ? (stepSources[source] as Message["role"]) : "user";
  const message: Message = { role, parts: [] };
  if (step.step_id !== index + 1) setField(kept, "step_id", cloneJson(step.step_id));
  if (role === "user" && source !== "user") setField(kept, "source", cloneJson(step.source));
  if (typeof step.timestamp === "string" && isDateTime(step.timestamp)) message.created_at = step.timestamp;
  else if (step.timestamp !== undefined) setField(kept, "timestamp", cloneJson(step.timestamp));
  if (typeof step.model_name === "string") message.model = step.model_name;
  else if (step.model_name !== undefined) setField(kept, "model_name", cloneJson(step.model_name));

  if (typeof step.reasoning_content === "string")
    message.parts.push({ type: "reasoning", text: step.reasoning_content, issuer: { provider: atifKey } });
  else if (step.reasoning_content !== undefined) setField(kept, "reasoning_content", cloneJson(step.reasoning_content));

  const content = contentParts(step.message, pointer(where, "message"), context);
  if (content === undefined) {
    if (step.message === undefined) kept.message_absent = true;
    else setField(kept, "message", cloneJson(step.message));
  } else {
    for (const part of content) message.parts.push(part);
    if (Array.isArray(step.message)) kept.message_parts = true;
  }

  const callIds = new Set<string>();
  if (Array.isArray(step.tool_calls)) {
    const invalid: unknown[] = [];
    step.tool_calls.forEach((call, callIndex) => {
      if (
        !isJsonObject(call) ||
        typeof call.tool_call_id !== "string" ||
        call.tool_call_id === "" ||
        typeof call.function_name !== "string"
      ) {
        context.losses.push({
          code: "invalid-field",
          pointer: pointer(where, "tool_calls", callIndex),
          message: "a tool call without a string tool_call_id and function_name, kept verbatim",
        });
        invalid.push({ index: callIndex, value: cloneJson(call) });
        return;
      }
      callIds.add(call.tool_call_id);
      const callRest = rest(call, ["tool_call_id", "function_name", "arguments"]);
      // ATIF's arguments are an object; anything else (a redacted file's string) is kept as the input as written.
      const asWritten = call.arguments !== undefined && !isJsonObject(call.arguments);
      message.parts.push({
        type: "tool_call",
        id: call.tool_call_id,
        name: call.function_name,
        ...(call.arguments === undefined ? {} : { input: cloneJson(call.arguments) }),
        ...(callRest === undefined && call.arguments !== undefined && !asWritten
          ? {}
          : {
              provider_fields: {
                [atifKey]: {
                  ...(callRest ?? {}),
                  ...(call.arguments === undefined ? { arguments_absent: true } : {}),
                  ...(asWritten ? { arguments_as_written: true } : {}),
                },
              },
            }),
      });
    });
    if (invalid.length > 0) kept.invalid_tool_calls = invalid;
  } else if (step.tool_calls !== undefined) setField(kept, "tool_calls", cloneJson(step.tool_calls));

  if (isJsonObject(step.metrics)) {
    const metrics = cloneJson(step.metrics) as JsonObject;
    const carried = takeCarried(metrics, carriedUsageFields);
    const usage = usageOf(metrics, metricTokenFields, carried);
    if (usage !== undefined) message.usage = usage;
    const cost = costOf(metrics.cost_usd);
    if (cost !== undefined) message.cost = cost;
    const metricsRest = rest(metrics, [
      ...metricTokenFields.filter((field) => isCount(metrics[field])),
      ...(cost === undefined ? [] : ["cost_usd"]),
    ]);
    if (metricsRest !== undefined || usage === undefined) kept.metrics = metricsRest ?? {};
  } else if (step.metrics !== undefined) setField(kept, "metrics", cloneJson(step.metrics));

  const stepRest = rest(step, mappedStepFields);
  if (stepRest !== undefined) for (const key of Object.keys(stepRest)) setField(kept, key, stepRest[key]);
  // One loss per kind: ATIF's own fields kept by rule, values not as ATIF defines them (a redaction's placeholders
  // apart), and fields ATIF does not define at all.
  const names = Object.keys(kept).filter((key) => !["message_parts", "message_absent"].includes(key));
  const byRule = names.filter((key) => knownKeptStepFields.has(key) || key === "metrics");
  const mistyped = names.filter((key) => mappedStepFields.has(key) && key !== "metrics");
  const redacted = mistyped.filter((key) => isRedactionPlaceholder(step[key]));
  const invalid = mistyped.filter((key) => !redacted.includes(key));
  const undefinedFields = names.filter((key) => !byRule.includes(key) && !mistyped.includes(key));
  const report = (code: SessionLossCode, list: string[], what: string): void => {
    if (list.length > 0)
      context.losses.push({
        code,
        pointer: where,
        message: `the step's ${list.join(", ")}: ${what}, kept in provider_fields.atif`,
      });
  };
  report("kept-as-metadata", byRule, "ATIF's own, with no canonical field");
  report("redacted-value", redacted, "a redaction placeholder where ATIF wants another value");
  report("invalid-field", invalid, "not as ATIF defines it");
  report("kept-as-metadata", undefinedFields, "fields ATIF does not define (a newer version's, or the producer's own)");
  if (Object.keys(kept).length > 0) message.provider_fields = { [atifKey]: kept };
  messages.push(message);

  // The observation: each result a tool_result part in one tool message after the step.
  if (step.observation === undefined) return;
  if (!isJsonObject(step.observation) || !Array.isArray(step.observation.results)) {
    context.losses.push({
      code: "invalid-field",
      pointer: pointer(where, "observation"),
      message: "an observation without a results array, kept verbatim",
    });
    const fields = (message.provider_fields ??= { [atifKey]: {} })[atifKey] as JsonObject;
    setField(fields, "observation", cloneJson(step.observation));
    return;
  }
  const observationRest = rest(step.observation, ["results"]);
  const results: Part[] = [];
  // When each result arrived, if our export carried it: ATIF records no time for an observation.
  const resultTimes: Array<string | undefined> = [];
  step.observation.results.forEach((result, resultIndex) => {
    const resultWhere = pointer(where, "observation", "results", resultIndex);
    if (!isJsonObject(result)) {
      context.losses.push({
        code: "invalid-field",
        pointer: resultWhere,
        message: "a result that is not an object, kept verbatim",
      });
      results.push({
        type: "native",
        native_type: "atif-observation-result",
        data: cloneJson(result),
        issuer: { provider: atifKey },
      });
      resultTimes.push(undefined);
      return;
    }
    const fields: JsonObject = rest(result, ["source_call_id", "content"]) ?? {};
    const carried = takeCarried(fields, carriedResultFields);
    let callId: string;
    if (typeof result.source_call_id === "string" && result.source_call_id !== "") callId = result.source_call_id;
    else {
      // Environment feedback tied to no call (Terminus writes its terminal output so): an id made from the step.
      callId = `atif-step-${index + 1}-result-${resultIndex + 1}`;
      fields.unlinked = result.source_call_id === undefined ? "absent" : cloneJson(result.source_call_id);
    }
    const part: Part = {
      type: "tool_result",
      call_id: callId,
      ...(carried.name === undefined ? {} : { name: carried.name as string }),
      status: (carried.status as ToolResultStatus | undefined) ?? "ok",
    };
    if (carried.error !== undefined) part.error = carried.error as string;
    if (carried.duration_ms !== undefined) part.duration_ms = carried.duration_ms as number;
    if (carried.truncated === true) part.truncated = true;
    resultTimes.push(carried.created_at as string | undefined);
    if (typeof result.content === "string") part.output = result.content;
    else if (Array.isArray(result.content)) {
      const parts = contentParts(result.content, pointer(resultWhere, "content"), context) ?? [];
      part.content = parts as typeof part.content;
    } else if (result.content !== undefined) setField(fields, "content", cloneJson(result.content));
    if (
      typeof result.source_call_id === "string" &&
      result.source_call_id !== "" &&
      !callIds.has(result.source_call_id)
    ) {
      // Kept linked as written, though ATIF links a result to a call of its own step only.
      fields.unmatched_call_kept = true;
      context.losses.push({
        code: "parent-missing",
        pointer: pointer(resultWhere, "source_call_id"),
        message: `result for call ${result.source_call_id}, which is not among this step's tool_calls`,
      });
    }
    if (Object.keys(fields).length > 0) part.provider_fields = { [atifKey]: fields };
    results.push(part);
  });
  // One tool message per run of results that arrived at the same time (the messages our export merged into one
  // observation); no time unless one was carried: the step's timestamp is when the agent acted, and giving it to the
  // results would make every call take 0 ms.
  const tools: Message[] = [];
  results.forEach((part, resultIndex) => {
    const time = resultTimes[resultIndex];
    const current = tools.at(-1);
    if (current !== undefined && current.created_at === time) current.parts.push(part);
    else tools.push({ role: "tool", parts: [part], ...(time === undefined ? {} : { created_at: time }) });
  });
  const first = tools[0] ?? { role: "tool", parts: [] };
  if (tools.length === 0) tools.push(first);
  if (observationRest !== undefined || results.length === 0)
    first.provider_fields = { [atifKey]: { observation: true, ...(observationRest ?? {}) } };
  for (const tool of tools) messages.push(tool);
}
