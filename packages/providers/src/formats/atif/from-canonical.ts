/**
 * Canonical document → ATIF trajectory (see index.ts for the mapping and the list of what ATIF cannot carry). Writes
 * ATIF v1.7 (the version the document was imported from when it came from ATIF, so a round trip changes nothing),
 * fields in the order of Harbor's models, pretty-printed with two spaces as Harbor writes its files. Everything of
 * the document ATIF has no field for is a warning naming its JSON pointer.
 */
import type { ChildRun, Message, Part, Transcript, Usage } from "@agent-transcript/core";
import {
  cloneJson,
  isJsonObject,
  keptFieldsOf,
  pointer,
  Problems,
  setField,
  splitPath,
  type JsonObject,
  type SessionExportFile,
  type SessionExportOptions,
  type SessionExportResult,
} from "../../conversion/index.js";
import { atifKey, carriedKey, continuationIndex } from "./to-canonical.js";
import type { AtifTrajectory } from "./types.js";

/** The version written for a document that did not come from ATIF: the newest one whose changelog we checked. */
export const atifWrittenVersion = "ATIF-v1.7";

/** Harbor's field order for a step; fields it does not define follow, in the order kept. */
const stepOrder = [
  "step_id",
  "timestamp",
  "source",
  "model_name",
  "reasoning_effort",
  "message",
  "reasoning_content",
  "tool_calls",
  "observation",
  "metrics",
  "is_copied_context",
  "llm_call_count",
  "extra",
];
const trajectoryOrder = [
  "schema_version",
  "session_id",
  "trajectory_id",
  "agent",
  "steps",
  "notes",
  "final_metrics",
  "continued_trajectory_ref",
  "extra",
  "subagent_trajectories",
];
const agentOrder = ["name", "version", "model_name", "tool_definitions", "extra"];

/** Message fields with no ATIF equivalent (besides those a step carries), each a `field-dropped` warning. */
const droppedMessageFields = [
  "id",
  "name",
  "completed_at",
  "duration_ms",
  "time_to_first_token_ms",
  "issuer",
  "response_id",
  "finish_reason",
  "native_finish_reason",
  "error",
  "path",
  "iteration",
  "metadata",
] as const;
// `export` is not in the list: it records how this very export was made (redaction, reasoning policy), not the session.
const droppedDocumentFields = ["title", "tool_choice", "artifacts"] as const;

function ordered(object: JsonObject, order: readonly string[]): JsonObject {
  const result: JsonObject = {};
  for (const key of order) if (object[key] !== undefined) setField(result, key, object[key]);
  for (const key of Object.keys(object))
    if (!order.includes(key) && object[key] !== undefined) setField(result, key, object[key]);
  return result;
}

/** Other providers' fields on a message or part: ATIF has no place for them. */
function warnForeignFields(
  value: { provider_fields?: Record<string, unknown> },
  where: string,
  warnings: Problems,
): void {
  for (const key of Object.keys(value.provider_fields ?? {}))
    if (key !== atifKey)
      warnings.warn("field-dropped", pointer(where, "provider_fields", key), `ATIF has no place for ${key}'s fields`);
}

function metricsOf(
  usage: Usage | undefined,
  amount: number | undefined,
  kept: JsonObject | undefined,
  fields: readonly [string, string, string],
  costField: string,
  where: string,
  warnings: Problems,
): JsonObject | undefined {
  if (usage === undefined && amount === undefined && kept === undefined) return undefined;
  const metrics: JsonObject = {};
  let carried: JsonObject = {};
  if (usage !== undefined) {
    const [prompt, completion, cached] = fields;
    // The fields the source wrote, when it was ATIF; all three otherwise (cached only when known).
    const raw = usage.raw?.provider === atifKey && isJsonObject(usage.raw.usage) ? usage.raw.usage : undefined;
    const present = (field: string, known: boolean): boolean => (raw === undefined ? known : Object.hasOwn(raw, field));
    if (present(prompt, true)) metrics[prompt] = usage.input_tokens;
    if (present(completion, true)) metrics[completion] = usage.output_tokens;
    if (present(cached, usage.cache_read_tokens !== undefined) && usage.cache_read_tokens !== undefined)
      metrics[cached] = usage.cache_read_tokens;
    // ATIF counts no cache writes or reasoning tokens: carried in `extra`, so that a cost priced from them holds.
    carried = {
      ...(usage.cache_write_tokens === undefined ? {} : { cache_write_tokens: usage.cache_write_tokens }),
      ...(usage.reasoning_tokens === undefined ? {} : { reasoning_tokens: usage.reasoning_tokens }),
    };
    if (usage.raw !== undefined && usage.raw.provider !== atifKey)
      warnings.warn("field-dropped", pointer(where, "raw"), `ATIF has no place for ${usage.raw.provider}'s raw usage`);
  }
  if (amount !== undefined) metrics[costField] = amount;
  if (kept !== undefined)
    for (const key of Object.keys(kept)) if (metrics[key] === undefined) setField(metrics, key, cloneJson(kept[key]));
  carry(metrics, carried, where, warnings);
  return metrics;
}

/**
 * Writes `values` (canonical fields ATIF has no place for) under `extra[carriedKey]` of an ATIF object, beside the
 * producer's own fields its `extra` already holds; nothing when there are none.
 */
function carry(target: JsonObject, values: JsonObject, where: string, warnings: Problems): void {
  if (Object.keys(values).length === 0) return;
  if (target.extra !== undefined && !isJsonObject(target.extra)) {
    // An `extra` kept as written that is no object (a producer's mistake) stays as it was: nothing goes into it.
    for (const key of Object.keys(values))
      warnings.warn("field-dropped", pointer(where, key), `ATIF's extra here is not an object; ${key} was left out`);
    return;
  }
  const extra: JsonObject = isJsonObject(target.extra) ? target.extra : {};
  const carried: JsonObject = isJsonObject(extra[carriedKey]) ? extra[carriedKey] : {};
  for (const key of Object.keys(values)) setField(carried, key, values[key]);
  setField(extra, carriedKey, carried);
  setField(target, "extra", extra);
}

function costAmount(document: { cost?: Transcript["cost"] }, where: string, warnings: Problems): number | undefined {
  const cost = document.cost;
  if (cost === undefined) return undefined;
  if (cost.status === "unknown") {
    warnings.warn("field-dropped", where, "an unknown cost has no ATIF field");
    return undefined;
  }
  if (cost.currency !== "USD") {
    warnings.warn("field-dropped", where, `ATIF records costs in USD only; a cost in ${cost.currency} was left out`);
    return undefined;
  }
  return cost.amount;
}

/** Text and image parts as ATIF content: a string, or (when the source used it, or for images) a list of parts. */
function contentOf(parts: readonly Part[], asList: boolean, where: string, warnings: Problems): unknown {
  const items: unknown[] = [];
  let list = asList;
  for (const part of parts) {
    if (part.type === "text") items.push({ type: "text", text: part.text });
    else if (part.type === "image") {
      const location = part.path ?? part.url;
      if (location === undefined) {
        warnings.warn("part-dropped", where, "ATIF refers to images by path or URL only; an inline image was left out");
        continue;
      }
      list = true;
      items.push({ type: "image", source: { media_type: part.media_type ?? "image/png", path: location } });
    } else if (part.type === "native" && part.native_type === "atif-content-part") {
      list = true;
      items.push(cloneJson(part.data));
    }
  }
  if (list) return items;
  const texts = items.map((item) => (item as { text: string }).text);
  if (texts.length > 1) warnings.warn("parts-merged", where, "several text parts joined into one ATIF message");
  return texts.join("");
}

interface Step {
  fields: JsonObject;
  results: unknown[];
  callIds: Set<string>;
  observationKept: JsonObject | undefined;
}

export function exportTrajectory(
  document: Transcript,
  base: string,
  warnings: Problems,
  files: SessionExportFile[],
  name: string,
  embedded: boolean,
  renamed: ReadonlyMap<string, string> = continuationNames(document, name),
): AtifTrajectory {
  const kept = isJsonObject(document.metadata?.[atifKey]) ? (document.metadata?.[atifKey] as JsonObject) : {};
  const fromAtif = document.source?.format === "atif";
  for (const key of Object.keys(document.metadata ?? {}))
    if (key !== atifKey)
      warnings.warn("field-dropped", pointer(base, "metadata", key), "ATIF has no place for this metadata");
  for (const field of droppedDocumentFields)
    if (document[field] !== undefined) warnings.warn("field-dropped", pointer(base, field), `ATIF has no ${field}`);

  const steps: Step[] = [];
  const stepOfCall = new Map<string, Step>();
  document.messages.forEach((message, index) => {
    const where = pointer(base, "messages", index);
    const fields = keptFieldsOf(message, atifKey);
    const results = message.parts.filter(
      (part) =>
        part.type === "tool_result" || (part.type === "native" && part.native_type === "atif-observation-result"),
    );
    const others = message.parts.filter((part) => !results.includes(part));
    // A tool message, or a message holding only tool results, is the observation of the step before it.
    if (message.role === "tool" || (others.length === 0 && results.length > 0)) {
      let step = steps.at(-1);
      if (step === undefined) {
        warnings.warn("role-mapped", where, "tool results before any step: written as a system step of their own");
        step = {
          fields: { step_id: 1, source: "system", message: "" },
          results: [],
          callIds: new Set(),
          observationKept: undefined,
        };
        steps.push(step);
      }
      addResults(step, results, where, message, stepOfCall, warnings);
      if (isJsonObject(fields) && fields.observation === true) {
        const { observation: _marker, ...observationRest } = fields;
        if (Object.keys(observationRest).length > 0) step.observationKept = observationRest;
      }
      if (message.role === "tool") warnMessageFields(message, where, warnings, true);
      return;
    }
    const step = buildStep(message, others, fields, steps.length + 1, where, warnings);
    for (const id of step.callIds) stepOfCall.set(id, step);
    steps.push(step);
    if (results.length > 0) addResults(steps.at(-2) ?? step, results, where, message, stepOfCall, warnings);
  });

  const trajectory: JsonObject = {};
  const declared = fromAtif ? document.source?.format_version : undefined;
  trajectory.schema_version =
    typeof declared === "string" && /^ATIF-v1\.\d+$/.test(declared) ? declared : atifWrittenVersion;
  if (kept.session_id_absent !== true) {
    if (kept.session_id !== undefined) trajectory.session_id = cloneJson(kept.session_id);
    else
      trajectory.session_id =
        fromAtif && document.source?.session_id !== undefined ? document.source.session_id : document.id;
  }
  const agent: JsonObject = {};
  if (kept.agent_name !== undefined) agent.name = cloneJson(kept.agent_name);
  else if (document.producer?.name !== undefined) agent.name = document.producer.name;
  else if (kept.agent_missing !== true) {
    agent.name = "unknown";
    warnings.warn("value-assumed", pointer(base, "producer"), "ATIF requires agent.name; `unknown` was written");
  }
  if (document.producer?.version !== undefined) agent.version = document.producer.version;
  else if (kept.agent_missing !== true && !(isJsonObject(kept.agent) && kept.agent.version !== undefined)) {
    agent.version = "unknown";
    warnings.warn(
      "value-assumed",
      pointer(base, "producer", "version"),
      "ATIF requires agent.version; `unknown` was written",
    );
  }
  if (isJsonObject(kept.agent))
    for (const key of Object.keys(kept.agent)) setField(agent, key, cloneJson(kept.agent[key]));
  if (document.tools !== undefined && agent.tool_definitions === undefined)
    agent.tool_definitions = document.tools.map((tool) => ({
      type: "function",
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        ...(tool.input_schema === undefined ? {} : { parameters: cloneJson(tool.input_schema) }),
        ...(tool.strict === undefined ? {} : { strict: tool.strict }),
      },
    }));
  if (kept.agent_missing !== true) trajectory.agent = ordered(agent, agentOrder);
  trajectory.steps = steps.map((step) => finishStep(step));

  const finalKept = isJsonObject(kept.final_metrics) ? kept.final_metrics : undefined;
  const finalMetrics = metricsOf(
    document.usage,
    costAmount(document, pointer(base, "cost"), warnings),
    finalKept,
    ["total_prompt_tokens", "total_completion_tokens", "total_cached_tokens"],
    "total_cost_usd",
    pointer(base, "usage"),
    warnings,
  );
  if (finalMetrics !== undefined) trajectory.final_metrics = finalMetrics;
  else if (kept.final_metrics !== undefined) trajectory.final_metrics = cloneJson(kept.final_metrics);
  for (const key of Object.keys(kept)) {
    if (
      [
        "agent",
        "final_metrics",
        "session_id",
        "session_id_absent",
        "agent_missing",
        "agent_name",
        "invalid_subagent_trajectories",
      ].includes(key)
    )
      continue;
    setField(trajectory, key, cloneJson(kept[key]));
  }
  // A reference to a continuation written under another name follows it.
  const reference = trajectory.continued_trajectory_ref;
  if (typeof reference === "string" && renamed.has(reference))
    trajectory.continued_trajectory_ref = renamed.get(reference);

  // Child runs: continuations are files of their own, sub-agents are embedded (v1.7).
  const run = document.run;
  const embeddedChildren: unknown[] = [];
  const continuationRef = typeof kept.continued_trajectory_ref === "string" ? kept.continued_trajectory_ref : undefined;
  (run?.children ?? []).forEach((child: ChildRun, index) => {
    const where = pointer(base, "run", "children", index);
    if (child.transcript === undefined) {
      warnings.warn("field-dropped", where, "a child run whose document is not embedded cannot be written to ATIF");
      return;
    }
    if (!embedded && isContinuation(child)) {
      const fileName =
        child.location === undefined
          ? continuationName(name, files.length)
          : (renamed.get(child.location) ?? child.location);
      const value = exportTrajectory(
        child.transcript,
        pointer(where, "transcript"),
        warnings,
        files,
        fileName,
        false,
        renamed,
      );
      files.push({ name: fileName, text: `${JSON.stringify(value, null, 2)}\n` });
      if (continuationRef === undefined) trajectory.continued_trajectory_ref = fileName;
      return;
    }
    const value = exportTrajectory(
      child.transcript,
      pointer(where, "transcript"),
      warnings,
      files,
      name,
      true,
    ) as unknown as JsonObject;
    if (value.trajectory_id === undefined) {
      // v1.7: an embedded sub-agent is found by its trajectory_id.
      const withId: JsonObject = {};
      for (const key of Object.keys(value)) {
        setField(withId, key, value[key]);
        if (key === "session_id" || (key === "schema_version" && value.session_id === undefined))
          withId.trajectory_id = child.run_id;
      }
      embeddedChildren.push(withId);
    } else embeddedChildren.push(value);
    trajectory.schema_version = atifWrittenVersion;
    linkSubagent(steps, child, trajectory);
  });
  if (isJsonObject(kept) && Array.isArray(kept.invalid_subagent_trajectories)) {
    for (const entry of kept.invalid_subagent_trajectories)
      if (isJsonObject(entry) && typeof entry.index === "number")
        embeddedChildren.splice(entry.index, 0, cloneJson(entry.value));
  }
  if (embeddedChildren.length > 0) trajectory.subagent_trajectories = embeddedChildren;
  if (run !== undefined) {
    if (run.status !== "completed")
      warnings.warn("field-dropped", pointer(base, "run", "status"), `ATIF has no run status (${run.status})`);
    for (const field of [
      "started_at",
      "ended_at",
      "duration_ms",
      "error",
      "steps",
      "metadata",
      "usage_including_children",
    ] as const)
      if (run[field] !== undefined)
        warnings.warn("field-dropped", pointer(base, "run", field), `ATIF has no run ${field}`);
  }
  return ordered(trajectory, trajectoryOrder) as unknown as AtifTrajectory;
}

function isContinuation(child: ChildRun): boolean {
  return child.title !== undefined && /^continuation \d+$/.test(child.title);
}

/**
 * The file each continuation is written to, by the name it was read from: `<name>.cont-<n>.json` beside the trajectory
 * as it is written now, so that a trajectory written under another name is read back with its continuations (they
 * are found by that pattern) instead of pointing at files that are not beside it.
 */
function continuationNames(document: Transcript, name: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const child of document.run?.children ?? []) {
    if (child.location === undefined || !isContinuation(child)) continue;
    const index = continuationIndex(child.location);
    if (index !== undefined) names.set(child.location, continuationName(name, index));
  }
  return names;
}

function continuationName(name: string, index: number): string {
  const stem = name.endsWith(".json") ? name.slice(0, -5) : name;
  return `${stem}.cont-${index}.json`;
}

/** The reference from the calling step's observation to an embedded sub-agent, unless the source wrote one. */
function linkSubagent(steps: readonly Step[], child: ChildRun, _trajectory: JsonObject): void {
  if (child.call_id === undefined) return;
  for (const step of steps)
    for (const result of step.results) {
      if (!isJsonObject(result) || result.source_call_id !== child.call_id) continue;
      const refs = Array.isArray(result.subagent_trajectory_ref) ? result.subagent_trajectory_ref : [];
      if (
        refs.some((ref) => isJsonObject(ref) && (ref.trajectory_id === child.run_id || ref.session_id === child.run_id))
      )
        return;
      result.subagent_trajectory_ref = [...refs, { trajectory_id: child.run_id }];
      return;
    }
}

function warnMessageFields(message: Message, where: string, warnings: Problems, tool: boolean): void {
  for (const field of droppedMessageFields)
    if (message[field] !== undefined)
      warnings.warn("field-dropped", pointer(where, field), `ATIF steps have no ${field}`);
  if (tool) {
    for (const field of ["usage", "cost", "model"] as const)
      if (message[field] !== undefined)
        warnings.warn("field-dropped", pointer(where, field), `ATIF observations have no ${field}`);
  }
  warnForeignFields(message, where, warnings);
}

function buildStep(
  message: Message,
  parts: readonly Part[],
  kept: JsonObject,
  position: number,
  where: string,
  warnings: Problems,
): Step {
  const fields: JsonObject = {};
  fields.step_id = kept.step_id !== undefined ? cloneJson(kept.step_id) : position;
  if (message.created_at !== undefined) fields.timestamp = message.created_at;
  else if (kept.timestamp !== undefined) fields.timestamp = cloneJson(kept.timestamp);
  if (kept.source !== undefined) fields.source = cloneJson(kept.source);
  else if (message.role === "assistant") fields.source = "agent";
  else if (message.role === "user") fields.source = "user";
  else {
    if (message.role === "developer")
      warnings.warn("role-mapped", pointer(where, "role"), "a developer message written as a system step");
    fields.source = "system";
  }
  // ATIF allows model_name, reasoning_content, tool_calls and metrics on agent steps only (a source kept as written,
  // such as a redacted one, keeps what it had).
  const agentFields = fields.source === "agent" || kept.source !== undefined;
  if (message.model !== undefined) {
    if (!agentFields)
      warnings.warn("field-dropped", pointer(where, "model"), "ATIF allows model_name on agent steps only");
    else fields.model_name = message.model;
  }
  warnMessageFields(message, where, warnings, false);

  const reasoning: string[] = [];
  const content: Part[] = [];
  const calls: JsonObject[] = [];
  const callIds = new Set<string>();
  parts.forEach((part, index) => {
    const partWhere = pointer(where, "parts", index);
    switch (part.type) {
      case "text":
        if (part.citations !== undefined)
          warnings.warn("field-dropped", pointer(partWhere, "citations"), "ATIF has no citations");
        if (part.signature !== undefined)
          warnings.warn("field-dropped", pointer(partWhere, "signature"), "ATIF has no text signatures");
        content.push(part);
        return;
      case "image":
        if (part.path === undefined && part.url === undefined) {
          warnings.warn(
            "part-dropped",
            partWhere,
            "ATIF refers to images by path or URL only; an inline image was left out",
          );
          return;
        }
        content.push(part);
        return;
      case "reasoning":
        if (!agentFields) {
          warnings.warn(
            "reasoning-dropped",
            partWhere,
            `ATIF allows reasoning_content on agent steps only, not on a ${String(fields.source)} step`,
          );
          return;
        }
        if (part.text !== undefined) reasoning.push(part.text);
        for (const field of ["summary", "signature", "encrypted_content", "redacted_data"] as const)
          if (part[field] !== undefined)
            warnings.warn(
              "reasoning-dropped",
              pointer(partWhere, field),
              `ATIF's reasoning_content is text only; the ${field} was left out`,
            );
        return;
      case "tool_call": {
        if (!agentFields) {
          warnings.warn(
            "part-dropped",
            partWhere,
            `ATIF allows tool_calls on agent steps only, not on a ${String(fields.source)} step`,
          );
          return;
        }
        const callKept = keptFieldsOf(part, atifKey);
        const call: JsonObject = { tool_call_id: part.id, function_name: part.name };
        if (callKept.arguments_absent !== true) {
          if (isJsonObject(part.input) || callKept.arguments_as_written === true)
            call.arguments = cloneJson(part.input);
          else {
            call.arguments = part.input === undefined ? {} : { value: cloneJson(part.input) };
            if (part.input !== undefined)
              warnings.warn(
                "value-converted",
                pointer(partWhere, "input"),
                "ATIF arguments are an object: the input was wrapped as { value }",
              );
          }
        }
        for (const key of Object.keys(callKept))
          if (key !== "arguments_absent" && key !== "arguments_as_written")
            setField(call, key, cloneJson(callKept[key]));
        if (part.raw_input !== undefined)
          warnings.warn("field-dropped", pointer(partWhere, "raw_input"), "ATIF has no raw (unparsed) tool input");
        if (part.signature !== undefined)
          warnings.warn("field-dropped", pointer(partWhere, "signature"), "ATIF has no tool-call signatures");
        calls.push(ordered(call, ["tool_call_id", "function_name", "arguments", "extra"]));
        callIds.add(part.id);
        return;
      }
      case "native":
        if (part.native_type === "atif-content-part") {
          content.push(part);
          return;
        }
        warnings.warn("part-dropped", partWhere, `ATIF has no ${part.type} part (${part.native_type})`);
        return;
      default:
        warnings.warn("part-dropped", partWhere, `ATIF has no ${part.type} part`);
    }
  });
  if (kept.message_absent !== true) {
    fields.message =
      kept.message !== undefined
        ? cloneJson(kept.message)
        : contentOf(content, kept.message_parts === true, pointer(where, "parts"), warnings);
  }
  if (reasoning.length > 1)
    warnings.warn("parts-merged", pointer(where, "parts"), "several reasoning parts joined into one reasoning_content");
  if (reasoning.length > 0) fields.reasoning_content = reasoning.join("\n\n");
  else if (kept.reasoning_content !== undefined) fields.reasoning_content = cloneJson(kept.reasoning_content);
  if (Array.isArray(kept.invalid_tool_calls))
    for (const entry of kept.invalid_tool_calls)
      if (isJsonObject(entry) && typeof entry.index === "number")
        calls.splice(entry.index, 0, cloneJson(entry.value) as JsonObject);
  if (calls.length > 0) fields.tool_calls = calls;
  else if (kept.tool_calls !== undefined) fields.tool_calls = cloneJson(kept.tool_calls);
  if (!agentFields)
    for (const field of ["usage", "cost"] as const)
      if (message[field] !== undefined)
        warnings.warn(
          "field-dropped",
          pointer(where, field),
          `ATIF allows metrics on agent steps only, not on a ${String(fields.source)} step`,
        );
  const metrics = metricsOf(
    agentFields ? message.usage : undefined,
    agentFields ? costAmount(message, pointer(where, "cost"), warnings) : undefined,
    isJsonObject(kept.metrics) ? kept.metrics : undefined,
    ["prompt_tokens", "completion_tokens", "cached_tokens"],
    "cost_usd",
    pointer(where, "usage"),
    warnings,
  );
  if (metrics !== undefined) fields.metrics = metrics;
  else if (kept.metrics !== undefined) fields.metrics = cloneJson(kept.metrics);
  for (const key of Object.keys(kept)) {
    if (
      fields[key] !== undefined ||
      ["message_parts", "message_absent", "invalid_tool_calls", "step_id", "source", "timestamp"].includes(key)
    )
      continue;
    if (key === "observation") continue;
    setField(fields, key, cloneJson(kept[key]));
  }
  const step: Step = { fields, results: [], callIds, observationKept: undefined };
  if (kept.observation !== undefined) step.fields.observation = cloneJson(kept.observation);
  return step;
}

function addResults(
  fallback: Step,
  parts: readonly Part[],
  where: string,
  message: Message,
  stepOfCall: ReadonlyMap<string, Step>,
  warnings: Problems,
): void {
  message.parts.forEach((part, index) => {
    if (!parts.includes(part)) return;
    const partWhere = pointer(where, "parts", index);
    if (part.type === "native") {
      fallback.results.push(cloneJson(part.data));
      return;
    }
    if (part.type !== "tool_result") return;
    const kept = keptFieldsOf(part, atifKey);
    const result: JsonObject = {};
    const unlinked = kept.unlinked;
    if (unlinked === undefined) result.source_call_id = part.call_id;
    else if (unlinked !== "absent") result.source_call_id = cloneJson(unlinked);
    if (part.output !== undefined) {
      if (typeof part.output === "string") result.content = part.output;
      else {
        result.content = JSON.stringify(part.output);
        warnings.warn(
          "value-converted",
          pointer(partWhere, "output"),
          "ATIF observation content is text: the output was written as JSON text",
        );
      }
    } else if (part.content !== undefined)
      result.content = contentOf(part.content as Part[], true, pointer(partWhere, "content"), warnings);
    else if (kept.content !== undefined) result.content = cloneJson(kept.content);
    for (const key of Object.keys(kept))
      if (key !== "unlinked" && key !== "content" && key !== "unmatched_call_kept")
        setField(result, key, cloneJson(kept[key]));
    // ATIF results have no status, error, name, duration or time: they go in the result's `extra`, where our import
    // reads them back (a failed call stays failed, a duration known stays known).
    carry(
      result,
      {
        ...(part.status === "ok" ? {} : { status: part.status }),
        ...(part.error === undefined ? {} : { error: part.error }),
        ...(part.name === undefined ? {} : { name: part.name }),
        ...(part.duration_ms === undefined ? {} : { duration_ms: part.duration_ms }),
        ...(part.truncated === undefined ? {} : { truncated: part.truncated }),
        ...(message.created_at === undefined ? {} : { created_at: message.created_at }),
      },
      partWhere,
      warnings,
    );
    const step = unlinked === undefined ? (stepOfCall.get(part.call_id) ?? fallback) : fallback;
    // ATIF links a result only to a call of its own step: a result whose call no step made is written unlinked.
    if (unlinked === undefined && !step.callIds.has(part.call_id) && kept.unmatched_call_kept !== true) {
      delete result.source_call_id;
      warnings.warn(
        "tool-result-unmatched",
        pointer(partWhere, "call_id"),
        `no step calls ${part.call_id}: the result was written without its source_call_id`,
      );
    }
    step.results.push(ordered(result, ["source_call_id", "content", "subagent_trajectory_ref", "extra"]));
  });
}

function finishStep(step: Step): JsonObject {
  if (step.results.length > 0 || step.observationKept !== undefined) {
    const observation: JsonObject = { results: step.results };
    if (step.observationKept !== undefined)
      for (const key of Object.keys(step.observationKept))
        setField(observation, key, cloneJson(step.observationKept[key]));
    step.fields.observation = observation;
  }
  return ordered(step.fields, stepOrder);
}

/** A document → its trajectory file, then its continuation files. */
export function fromCanonical(document: Transcript, options: SessionExportOptions = {}): SessionExportResult {
  const warnings = new Problems();
  const files: SessionExportFile[] = [];
  const name =
    options.name ?? (document.source?.path === undefined ? "trajectory.json" : splitPath(document.source.path).name);
  try {
    const trajectory = exportTrajectory(document, "", warnings, files, name, false);
    return {
      ok: true,
      files: [{ name, text: `${JSON.stringify(trajectory, null, 2)}\n` }, ...files],
      warnings: warnings.warnings,
    };
  } catch (error) {
    // Only a value no JSON document holds gets here (a cycle, a getter that throws): say so, never throw.
    return {
      ok: false,
      errors: [{ path: "", message: `cannot write ATIF: ${String(error)}` }],
      warnings: warnings.warnings,
    };
  }
}
