/**
 * Canonical document → devflow run transcript: the inverse of to-canonical.ts. Tool results go back into the calls
 * they answer, turns keep devflow's integer ids and Go struct key order, and everything ADR-011 has no field for is
 * reported as a warning.
 */
import { gzip } from "../../conversion/gzip.js";
import type { Tolerant, ToolCallPart, ToolResultPart } from "@agent-transcript/core";
import { isPartOfType } from "@agent-transcript/core";
import type { Problems } from "../../conversion/index.js";
import {
  cloneJson,
  isJsonObject,
  pointer,
  orderKeys,
  mergeKeptFields,
  reportUnmapped,
  documentWriter,
  forEachKnownPart,
  forEachToolResult,
  setField,
  type JsonObject,
} from "../../conversion/index.js";
// The conventions to-canonical.ts defines (keys, made-up ids), which this direction inverts.
import { durationBetween, providerKey, syntheticCallId } from "./to-canonical.js";
import type { DevflowMetadata, DevflowRole, DevflowToolCall, DevflowTranscript, DevflowTurn } from "./types.js";

/** ADR-011 compresses transcripts of 100 KiB and more. */
export const devflowGzipThresholdBytes = 100 * 1024;

/**
 * The file devflow writes for a transcript: indented JSON as `transcript.json`, or gzip-compressed as
 * `transcript.json.gz` from 100 KiB (ADR-011 §4).
 */
export function encodeDevflowTranscript(value: DevflowTranscript): {
  fileName: "transcript.json" | "transcript.json.gz";
  bytes: Uint8Array;
} {
  const bytes = new TextEncoder().encode(JSON.stringify(value, null, 2));
  if (bytes.length < devflowGzipThresholdBytes) return { fileName: "transcript.json", bytes };
  return { fileName: "transcript.json.gz", bytes: gzip(bytes) };
}

const mappedTranscriptFields = [
  "schema_version",
  "id",
  "created_at",
  "updated_at",
  "source",
  "producer",
  "run",
  "messages",
  "usage",
  "cost",
  "metadata",
];
const mappedRunFields = ["status", "started_at", "ended_at", "duration_ms", "error", "metadata"];
const mappedMessageFields = ["id", "role", "parts", "created_at", "duration_ms", "usage", "provider_fields"];

/** Converts a canonical transcript to a devflow run transcript. */
export const fromCanonical = documentWriter<DevflowTranscript>("devflow", mappedTranscriptFields, writeTranscript);

const integerId = /^(?:0|-?[1-9]\d*)$/;
/** Go struct order of ADR-011's Turn, which is how devflow writes it. */
const turnOrder = ["id", "role", "content", "tokensIn", "tokensOut", "timestamp", "toolCalls", "durationMs"];

interface CallSlot {
  call: DevflowToolCall;
  turn: DevflowTurn;
}

function writeTranscript(document: Tolerant.Transcript, problems: Problems): DevflowTranscript {
  const metadata = writeMetadata(document, problems);
  const turns = writeTurns(document, problems);
  const output: JsonObject = { runId: document.id, metadata, turns };
  mergeKeptFields(
    output,
    document.metadata,
    "/metadata",
    { providerKey, target: "devflow", what: "transcript metadata" },
    problems,
  );
  return output as unknown as DevflowTranscript;
}

function writeMetadata(document: Tolerant.Transcript, problems: Problems): DevflowMetadata {
  const metadata: JsonObject = {};
  const run = document.run;
  const extra: JsonObject = run?.metadata ?? {};
  // ADR-011's own fields first, in its struct order; fields it does not name after them.
  for (const key of ["flowId", "nodeId", "input"]) if (Object.hasOwn(extra, key)) metadata[key] = cloneJson(extra[key]);
  const startedAt = run?.started_at ?? document.created_at;
  const endedAt = run?.ended_at;
  if (startedAt !== undefined) metadata["startedAt"] = startedAt;
  if (endedAt !== undefined) metadata["endedAt"] = endedAt;
  if (run !== undefined) metadata["status"] = run.status;
  else {
    // ADR-011 requires a run status and a transcript without a run records a finished conversation.
    problems.warn(
      "value-assumed",
      "/run",
      "the document records no run; devflow requires a status, written as completed",
    );
    metadata["status"] = "completed";
  }
  Object.assign(metadata, writeTotals(document.usage, problems));
  const totalCost = writeCost(document.cost, problems);
  if (totalCost !== undefined) metadata["totalCost"] = totalCost;
  if (run?.error !== undefined) metadata["error"] = run.error;
  for (const [key, item] of Object.entries(extra)) {
    if (["flowId", "nodeId", "input"].includes(key)) continue;
    if (Object.hasOwn(metadata, key))
      problems.warn("field-dropped", pointer("/run/metadata", key), `${key} is written from the canonical run itself`);
    else setField(metadata, key, cloneJson(item));
  }

  if (run !== undefined) {
    reportUnmapped(run, mappedRunFields, "/run", "devflow", problems);
    const duration = durationBetween(startedAt, endedAt);
    if (run.duration_ms !== undefined && run.duration_ms !== duration) {
      problems.warn(
        "field-dropped",
        "/run/duration_ms",
        "devflow derives the duration from startedAt and endedAt; this one differs",
      );
    }
  }
  if (run?.started_at !== undefined && document.created_at !== undefined && document.created_at !== run.started_at) {
    problems.warn("field-dropped", "/created_at", "devflow has only startedAt, written from run.started_at");
  }
  if (document.updated_at !== undefined && document.updated_at !== endedAt) {
    problems.warn("field-dropped", "/updated_at", "devflow has only endedAt, written from run.ended_at");
  }
  return metadata as DevflowMetadata;
}

/** The devflow fields a usage maps to. `raw` from devflow says which fields the source had; zeros are left out otherwise, as Go's omitempty does. */
function writeUsage(
  usage: Tolerant.Usage,
  path: string,
  names: { input: string; output: string },
  problems: Problems,
): JsonObject {
  const raw = usage.raw?.provider === providerKey && isJsonObject(usage.raw.usage) ? usage.raw.usage : undefined;
  const fields: JsonObject = {};
  if (usage.input_tokens !== 0 || (raw !== undefined && Object.hasOwn(raw, names.input)))
    fields[names.input] = usage.input_tokens;
  if (usage.output_tokens !== 0 || (raw !== undefined && Object.hasOwn(raw, names.output)))
    fields[names.output] = usage.output_tokens;
  for (const key of ["cache_read_tokens", "cache_write_tokens", "reasoning_tokens"] as const) {
    if (usage[key] !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, key),
        `${key} has no devflow equivalent (it stays counted in the totals)`,
      );
  }
  if (usage.total_tokens !== undefined && usage.total_tokens !== usage.input_tokens + usage.output_tokens) {
    problems.warn(
      "field-dropped",
      pointer(path, "total_tokens"),
      "devflow has no total beside input and output; this one differs from their sum",
    );
  }
  if (usage.raw !== undefined && raw === undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "raw"),
      `the ${usage.raw.provider} usage object has no devflow equivalent`,
    );
  return fields;
}

function writeTotals(usage: Tolerant.Usage | undefined, problems: Problems): JsonObject {
  if (usage === undefined) return {};
  return writeUsage(usage, "/usage", { input: "totalTokensIn", output: "totalTokensOut" }, problems);
}

function writeCost(cost: Tolerant.Cost | undefined, problems: Problems): number | undefined {
  if (cost === undefined) return undefined;
  if (cost.status === "unknown") {
    problems.warn("field-dropped", "/cost", `an unknown cost has no devflow equivalent (${cost.reason})`);
    return undefined;
  }
  if (cost.currency !== "USD") {
    problems.warn("field-dropped", "/cost", `devflow's totalCost is in USD; a cost in ${cost.currency} is left out`);
    return undefined;
  }
  if (cost.status === "computed") {
    problems.warn(
      "field-dropped",
      "/cost/pricing",
      "devflow keeps only the amount of a computed cost, not its pricing or breakdown",
    );
  } else if (cost.reported_by !== undefined && cost.reported_by !== providerKey) {
    problems.warn(
      "field-dropped",
      "/cost/reported_by",
      `devflow does not record who reported the cost (${cost.reported_by})`,
    );
  }
  return cost.amount;
}

function writeTurns(document: Tolerant.Transcript, problems: Problems): DevflowTurn[] {
  const turns: DevflowTurn[] = [];
  const calls = new Map<string, CallSlot>();
  const usedIds = new Set<number>();
  for (const message of document.messages) {
    if (message.id !== undefined && integerId.test(message.id) && Number.isSafeInteger(Number(message.id)))
      usedIds.add(Number(message.id));
  }
  // Calls a later tool_result turn may answer, tracked as to-canonical.ts tracks them: a result whose call is the
  // one re-import would pair it with loses nothing by having no call id in devflow.
  let pending: Array<{ id: string; call: DevflowToolCall; answered: boolean }> = [];
  let lastId = 0;
  const turnIdFor = (message: Tolerant.Message, path: string): number => {
    if (message.id !== undefined && integerId.test(message.id) && Number.isSafeInteger(Number(message.id))) {
      lastId = Number(message.id);
      return lastId;
    }
    let next = lastId + 1;
    while (usedIds.has(next)) next += 1;
    usedIds.add(next);
    lastId = next;
    if (message.id !== undefined)
      problems.warn("field-dropped", pointer(path, "id"), `devflow turn ids are integers; written as ${next}`);
    return next;
  };

  document.messages.forEach((message, messageIndex) => {
    const path = pointer("/messages", messageIndex);
    const isTurn = message.role !== "tool" || (message.id !== undefined && integerId.test(message.id));
    if (!isTurn) {
      foldToolMessage(message, path, calls, turns, turnIdFor, problems);
      return;
    }
    reportUnmapped(message, mappedMessageFields, path, "devflow", problems);
    const turn = writeTurn(message, path, turnIdFor(message, path), problems);
    turns.push(turn);
    const texts: string[] = [];
    const toolCalls: DevflowToolCall[] = [];
    let resultPart: ToolResultPart | undefined;
    forEachKnownPart(message, path, "devflow", problems, (part, partPath) => {
      if (part.type === "text") {
        reportUnmapped(part, ["type", "text"], partPath, "devflow", problems);
        texts.push(part.text);
      } else if (part.type === "tool_call") {
        const call = writeCall(part, partPath, turn.id, toolCalls.length, problems);
        toolCalls.push(call);
        calls.set(part.id, { call, turn });
      } else if (part.type === "tool_result" && message.role === "tool" && resultPart === undefined) {
        resultPart = part;
        const answers = pending.find(
          (candidate) =>
            !candidate.answered && candidate.call.output === undefined && candidate.call.error === undefined,
        );
        if (answers !== undefined) answers.answered = true;
        if (part.call_id !== (answers?.id ?? `devflow-turn-${turn.id}`)) {
          problems.warn(
            "field-dropped",
            pointer(partPath, "call_id"),
            "a devflow tool_result turn names no call, and re-reading it would pair it with another call",
          );
        }
        reportUnmapped(part, ["type", "call_id", "name", "status", "output"], partPath, "devflow", problems);
        if (part.status !== "ok")
          problems.warn(
            "status-mapped",
            pointer(partPath, "status"),
            `a devflow tool_result turn has no status (${part.status})`,
          );
        if (part.output !== undefined) turn.content = textOf(part.output, pointer(partPath, "output"), problems);
      } else if (part.type === "tool_result") {
        if (!foldResult(part, partPath, calls, problems))
          turns.push(resultTurn(part, partPath, turnIdFor({ role: "tool", parts: [] }, partPath), problems));
      } else return false;
    });
    if (message.role !== "tool" && texts.length > 0) turn.content = texts.join("");
    if (message.role === "tool" && texts.length > 0)
      problems.warn("part-dropped", path, "text beside a tool result has no place in a devflow tool_result turn");
    if (texts.length > 1)
      problems.warn("parts-merged", path, `${texts.length} text parts joined into one content string`);
    if (toolCalls.length > 0) {
      turn.toolCalls = toolCalls;
      if (turn.role === "assistant") pending = [];
      const ids = message.parts.flatMap((part) => (isPartOfType(part, "tool_call") ? [part.id] : []));
      toolCalls.forEach((call, callIndex) => pending.push({ id: ids[callIndex] ?? "", call, answered: false }));
    }
    mergeProviderFields(turn, message.provider_fields, path, problems);
  });
  return turns.map((turn) => orderKeys(turn, turnOrder));
}

function writeTurn(message: Tolerant.Message, path: string, id: number, problems: Problems): DevflowTurn {
  let role: DevflowRole;
  if (message.role === "tool") role = "tool_result";
  else if (message.role === "developer") {
    role = "system";
    problems.warn("role-mapped", pointer(path, "role"), "developer has no devflow role; written as system");
  } else role = message.role;
  const turn: DevflowTurn = { id, role };
  if (message.usage !== undefined) {
    const usage = writeUsage(
      message.usage,
      pointer(path, "usage"),
      { input: "tokensIn", output: "tokensOut" },
      problems,
    );
    Object.assign(turn, usage);
  }
  if (message.created_at !== undefined) turn.timestamp = message.created_at;
  if (message.duration_ms !== undefined) turn.durationMs = message.duration_ms;
  return turn;
}

/** Merges kept source fields back into a turn or call; fields the converter computed win. */
function mergeProviderFields(
  target: object,
  fields: Record<string, JsonObject> | undefined,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  if (fields === undefined) return undefined;
  let own: JsonObject | undefined;
  for (const [key, item] of Object.entries(fields)) {
    if (key !== providerKey) {
      problems.warn(
        "field-dropped",
        pointer(path, "provider_fields", key),
        `provider_fields for ${key} have no devflow equivalent`,
      );
      continue;
    }
    own = item;
    for (const [field, fieldValue] of Object.entries(item)) {
      if (field === "id") continue;
      if (Object.hasOwn(target, field))
        problems.warn(
          "field-dropped",
          pointer(path, "provider_fields", key, field),
          `${field} is written by the converter itself`,
        );
      else setField(target as JsonObject, field, cloneJson(fieldValue));
    }
  }
  return own;
}

function writeCall(
  part: ToolCallPart,
  path: string,
  turnId: number,
  index: number,
  problems: Problems,
): DevflowToolCall {
  reportUnmapped(part, ["type", "id", "name", "input", "provider_fields"], path, "devflow", problems);
  let input: unknown;
  if (part.input === undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "raw_input"),
      "arguments that are not JSON have no devflow form; written as null",
    );
    input = null;
  } else if (part.input === null || isJsonObject(part.input)) input = cloneJson(part.input);
  else {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      "devflow input is a map; the input is wrapped as { input }",
    );
    input = { input: cloneJson(part.input) };
  }
  const call: JsonObject = {};
  const kept = part.provider_fields?.[providerKey];
  const keptId =
    kept !== undefined && Object.hasOwn(kept, "id") && typeof kept["id"] === "string" ? kept["id"] : undefined;
  if (keptId !== undefined) call["id"] = keptId;
  else if (part.id !== syntheticCallId(turnId, index)) call["id"] = part.id;
  call["name"] = part.name;
  call["input"] = input;
  mergeProviderFields(call, part.provider_fields, path, problems);
  return call as unknown as DevflowToolCall;
}

/** Writes a tool result into the call it answers; false when that call is not in an earlier turn. */
function foldResult(
  part: ToolResultPart,
  path: string,
  calls: ReadonlyMap<string, CallSlot>,
  problems: Problems,
): boolean {
  const slot = calls.get(part.call_id);
  if (slot === undefined) return false;
  const call = slot.call;
  if (call.output !== undefined || call.error !== undefined) {
    problems.warn(
      "field-dropped",
      path,
      "devflow holds one result per call; a second result for this call is left out",
    );
    return true;
  }
  reportUnmapped(part, ["type", "call_id", "name", "status", "output", "error"], path, "devflow", problems);
  if (part.name !== undefined && part.name !== call.name)
    problems.warn(
      "field-dropped",
      pointer(path, "name"),
      `the result names ${part.name} but answers a call of ${call.name}`,
    );
  if (part.output !== undefined) call.output = textOf(part.output, pointer(path, "output"), problems);
  if (part.error !== undefined) call.error = part.error;
  else if (part.status !== "ok") {
    call.error = part.status;
    problems.warn(
      "status-mapped",
      pointer(path, "status"),
      `devflow marks a failed call by its error text; status ${part.status} written as the error`,
    );
  }
  return true;
}

/** A tool message that is not a devflow turn holds results of earlier calls: they go back into those calls. */
function foldToolMessage(
  message: Tolerant.Message,
  path: string,
  calls: ReadonlyMap<string, CallSlot>,
  turns: DevflowTurn[],
  turnIdFor: (message: Tolerant.Message, path: string) => number,
  problems: Problems,
): void {
  reportUnmapped(message, ["id", "role", "parts", "created_at"], path, "devflow", problems);
  forEachToolResult(message, path, "devflow", problems, (part, partPath) => {
    const slot = calls.get(part.call_id);
    if (!foldResult(part, partPath, calls, problems)) {
      turns.push(resultTurn(part, partPath, turnIdFor(message, path), problems));
      return;
    }
    if (message.id !== undefined && message.id !== `${part.call_id}-result`)
      problems.warn("field-dropped", pointer(path, "id"), "a tool message folded into its call keeps no id");
    if (message.created_at !== undefined && message.created_at !== slot?.turn.timestamp) {
      problems.warn(
        "field-dropped",
        pointer(path, "created_at"),
        "a tool result folded into its call keeps no time of its own",
      );
    }
  });
}

/** A result whose call is not in the document becomes a tool_result turn of its own, so its output is kept. */
function resultTurn(part: ToolResultPart, path: string, id: number, problems: Problems): DevflowTurn {
  problems.warn(
    "tool-result-unmatched",
    pointer(path, "call_id"),
    "no earlier devflow call has this id; written as a tool_result turn without it",
  );
  const turn: DevflowTurn = { id, role: "tool_result" };
  if (part.output !== undefined) turn.content = textOf(part.output, pointer(path, "output"), problems);
  else if (part.error !== undefined) turn.content = part.error;
  return turn;
}

/** Devflow outputs and contents are strings: anything else is written as its JSON text. */
function textOf(value: unknown, path: string, problems: Problems): string {
  if (typeof value === "string") return value;
  problems.warn("value-converted", path, "devflow holds text here; the value is written as JSON text");
  return JSON.stringify(value);
}
