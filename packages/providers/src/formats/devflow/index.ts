/**
 * devflow's run transcript (ADR-011), `.devflow/runs/<runId>/transcript.json`, gzip-compressed as
 * `transcript.json.gz` from 100 KiB:
 *
 * ```
 * { runId, metadata: { flowId, nodeId, input, startedAt, endedAt, status, totalTokensIn, totalTokensOut,
 *   totalCost, error }, turns: [{ id (integer), role (system | user | assistant | tool_result), content,
 *   tokensIn, tokensOut, timestamp, durationMs, toolCalls: [{ id, name, input, output, error }] }] }
 * ```
 *
 * Mapping (canonical ← devflow):
 * - `id`, `source.session_id` ← runId; `created_at`, `run.started_at` ← startedAt; `updated_at`, `run.ended_at`
 *   ← endedAt; `run.duration_ms` ← endedAt − startedAt; `run.status` ← status; `run.error` ← error;
 *   `run.metadata` ← flowId, nodeId, input and any metadata field ADR-011 does not name, verbatim.
 * - `usage` ← totalTokensIn / totalTokensOut (total_tokens their sum, `raw` the devflow fields as written);
 *   `cost` ← totalCost as a `reported` cost in USD.
 * - Each turn → a message: id as a decimal string, `tool_result` → role `tool`, content → one text part,
 *   timestamp → created_at, durationMs → duration_ms, tokensIn / tokensOut → usage (`raw` records which of the
 *   two the turn carried, so an export writes exactly those).
 * - Each tool call → a tool_call part (id `<turn id>-<index>` when devflow has none); its output or error → a
 *   tool_result part in a `tool` message `<call id>-result` right after the turn (status `error` when error is
 *   set). A `tool_result` turn's content is the output of a tool_result part answering the first call of the
 *   latest assistant turn that has neither output nor error (else a call id `devflow-turn-<id>`).
 * - Fields ADR-011 does not define are kept in `provider_fields.devflow` (turns and tool calls) or
 *   `metadata.devflow` (the top level) and merged back on export.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import type { Message, Run, Tolerant, ToolCallPart, ToolResultPart, Transcript, Usage } from "@agent-transcript/core";
import { formatVersion, isKnownPart, isPartOfType } from "@agent-transcript/core";
import {
  cloneJson,
  FieldReader,
  Problems,
  checkCanonicalInput,
  emptyProvenance,
  finishToCanonical,
  guard,
  isJsonObject,
  pointer,
  orderKeys,
  reportUnmapped,
  setField,
  type ConversionError,
  type FromCanonicalResult,
  type ToCanonicalOptions,
  type ToCanonicalResult,
  type JsonObject,
  type Provenance,
} from "../../conversion/index.js";

export type DevflowRunStatus = "running" | "completed" | "failed" | "canceled";
export type DevflowRole = "system" | "user" | "assistant" | "tool_result";

export interface DevflowToolCall {
  id?: string;
  name: string;
  /** Go `map[string]any`: an object, or null for a nil map. */
  input: unknown;
  output?: string;
  error?: string;
}

export interface DevflowTurn {
  id: number;
  role: DevflowRole;
  content?: string;
  tokensIn?: number;
  tokensOut?: number;
  timestamp?: string;
  toolCalls?: DevflowToolCall[];
  durationMs?: number;
}

export interface DevflowMetadata {
  flowId?: string;
  nodeId?: string;
  input?: unknown;
  startedAt?: string;
  endedAt?: string;
  status?: DevflowRunStatus;
  totalTokensIn?: number;
  totalTokensOut?: number;
  totalCost?: number;
  error?: string;
}

export interface DevflowTranscript {
  runId: string;
  metadata: DevflowMetadata;
  turns: DevflowTurn[];
}

const providerKey = "devflow";
/** Canonical message keys in the order the examples use. */
const messageOrder = ["id", "role", "created_at", "duration_ms", "parts", "usage"];
/** Go struct order of ADR-011's Turn, which is how devflow writes it. */
const turnOrder = ["id", "role", "content", "tokensIn", "tokensOut", "timestamp", "toolCalls", "durationMs"];
const runStatuses: readonly DevflowRunStatus[] = ["running", "completed", "failed", "canceled"];
const turnRoles: readonly DevflowRole[] = ["system", "user", "assistant", "tool_result"];
/** ADR-011 compresses transcripts of 100 KiB and more. */
export const devflowGzipThresholdBytes = 100 * 1024;
/** The largest decompressed transcript accepted, against gzip bombs. */
const maxDecodedBytes = 1024 * 1024 * 1024;

function syntheticCallId(turnId: number | string, index: number): string {
  return `${turnId}-${index}`;
}

/**
 * Converts a devflow run transcript to a canonical transcript. Takes the parsed value, its JSON text, or the
 * file's bytes (`transcript.json`, or gzip-compressed `transcript.json.gz`, recognised by its magic number).
 */
export function importDevflowTranscript(input: unknown, options: ToCanonicalOptions = {}): ToCanonicalResult {
  return guard(
    () => {
      const decoded = decodeInput(input);
      if ("errors" in decoded) return { ok: false, errors: decoded.errors, warnings: [] };
      return importChecked(decoded.value, options);
    },
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

function decodeInput(input: unknown): { value: unknown } | { errors: ConversionError[] } {
  let text: string;
  if (input instanceof Uint8Array) {
    let bytes = input;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        bytes = gunzipSync(bytes, { maxOutputLength: maxDecodedBytes });
      } catch (caught) {
        return {
          errors: [
            { path: "", message: `not valid gzip: ${caught instanceof Error ? caught.message : String(caught)}` },
          ],
        };
      }
    }
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return { errors: [{ path: "", message: "not valid UTF-8" }] };
    }
  } else if (typeof input === "string") {
    text = input;
  } else {
    return { value: input };
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (caught) {
    return {
      errors: [{ path: "", message: `not valid JSON: ${caught instanceof Error ? caught.message : String(caught)}` }],
    };
  }
}

interface PendingCall {
  part: ToolCallPart;
  answered: boolean;
}

function importChecked(value: unknown, options: ToCanonicalOptions): ToCanonicalResult {
  const problems = new Problems();
  const provenance: Provenance = emptyProvenance();
  if (!isJsonObject(value)) {
    problems.error("", "must be a devflow transcript object");
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  }
  const top = new FieldReader(value, "", problems);
  const runId = top.string("runId", { required: true, nonEmpty: true });
  const metadata = top.object("metadata", { required: true });
  const turns = top.array("turns", { required: true });
  const topRest = top.rest();

  const header: Pick<Transcript, "created_at" | "updated_at" | "run" | "usage" | "cost"> = {};
  if (metadata !== undefined) importMetadata(new FieldReader(metadata, "/metadata", problems), header);
  // Key order follows the canonical examples: identity and provenance, the run, messages, then the totals.
  const document: Transcript = {
    schema_version: formatVersion,
    id: runId ?? "-",
    ...(header.created_at === undefined ? {} : { created_at: header.created_at }),
    ...(header.updated_at === undefined ? {} : { updated_at: header.updated_at }),
    source: {
      format: "devflow",
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(runId === undefined ? {} : { session_id: runId }),
      ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
    },
    producer: { name: "devflow" },
    ...(header.run === undefined ? {} : { run: header.run }),
    messages: [],
    ...(header.usage === undefined ? {} : { usage: header.usage }),
    ...(header.cost === undefined ? {} : { cost: header.cost }),
    ...(topRest === undefined ? {} : { metadata: { [providerKey]: topRest } }),
  };
  provenance.fields = {
    id: "/runId",
    source: "/runId",
    created_at: "/metadata/startedAt",
    updated_at: "/metadata/endedAt",
    run: "/metadata",
    usage: "/metadata",
    cost: "/metadata/totalCost",
    metadata: "",
  };
  if (turns !== undefined) importTurns(turns, document.messages, provenance, problems);
  return finishToCanonical(document, provenance, problems);
}

function importMetadata(
  reader: FieldReader,
  document: Pick<Transcript, "created_at" | "updated_at" | "run" | "usage" | "cost">,
): void {
  const runMetadata: JsonObject = {};
  for (const key of ["flowId", "nodeId"]) {
    const text = reader.string(key);
    if (text !== undefined) runMetadata[key] = text;
  }
  const input = reader.json("input");
  if (input !== undefined) runMetadata["input"] = input;
  const startedAt = reader.dateTime("startedAt");
  const endedAt = reader.dateTime("endedAt");
  const status = reader.oneOf("status", runStatuses, { required: true });
  const tokensIn = reader.integer("totalTokensIn", { minimum: 0 });
  const tokensOut = reader.integer("totalTokensOut", { minimum: 0 });
  const totalCost = reader.number("totalCost", { minimum: 0 });
  const error = reader.string("error");
  const rest = reader.rest();
  if (rest !== undefined) for (const [key, item] of Object.entries(rest)) setField(runMetadata, key, item);

  if (startedAt !== undefined) document.created_at = startedAt;
  if (endedAt !== undefined) document.updated_at = endedAt;
  const run: Run = { status: status ?? "running" };
  if (startedAt !== undefined) run.started_at = startedAt;
  if (endedAt !== undefined) run.ended_at = endedAt;
  const duration = durationBetween(startedAt, endedAt);
  if (duration !== undefined) run.duration_ms = duration;
  if (error !== undefined) run.error = error;
  if (Object.keys(runMetadata).length > 0) run.metadata = runMetadata;
  document.run = run;

  if (tokensIn !== undefined || tokensOut !== undefined) {
    const raw: JsonObject = {};
    if (tokensIn !== undefined) raw["totalTokensIn"] = tokensIn;
    if (tokensOut !== undefined) raw["totalTokensOut"] = tokensOut;
    document.usage = {
      input_tokens: tokensIn ?? 0,
      output_tokens: tokensOut ?? 0,
      total_tokens: (tokensIn ?? 0) + (tokensOut ?? 0),
      raw: { provider: providerKey, usage: raw },
    };
  }
  if (totalCost !== undefined)
    document.cost = { status: "reported", amount: totalCost, currency: "USD", reported_by: providerKey };
}

/** Milliseconds from start to end, when both parse and the end is not before the start (Go's zero time is). */
function durationBetween(start: string | undefined, end: string | undefined): number | undefined {
  if (start === undefined || end === undefined) return undefined;
  const milliseconds = Date.parse(end) - Date.parse(start);
  return Number.isSafeInteger(milliseconds) && milliseconds >= 0 ? milliseconds : undefined;
}

function importTurns(turns: unknown[], messages: Message[], provenance: Provenance, problems: Problems): void {
  const seenIds = new Set<number>();
  let pending: PendingCall[] = [];
  turns.forEach((turn: unknown, index) => {
    const path = pointer("/turns", index);
    if (!isJsonObject(turn)) {
      problems.error(path, "must be an object");
      return;
    }
    const reader = new FieldReader(turn, path, problems);
    const id = reader.integer("id", { required: true });
    if (id !== undefined) {
      if (seenIds.has(id)) problems.error(reader.at("id"), `turn id ${id} is used twice`);
      seenIds.add(id);
    }
    const role = reader.oneOf("role", turnRoles, { required: true });
    const content = reader.string("content");
    const tokensIn = reader.integer("tokensIn", { minimum: 0 });
    const tokensOut = reader.integer("tokensOut", { minimum: 0 });
    const timestamp = reader.dateTime("timestamp");
    const durationMs = reader.integer("durationMs", { minimum: 0 });
    const calls = reader.array("toolCalls");
    const rest = reader.rest();
    if (id === undefined || role === undefined) return;

    const message: Message = { id: String(id), role: role === "tool_result" ? "tool" : role, parts: [] };
    const partSources: Provenance["parts"][number] = [];
    if (timestamp !== undefined) message.created_at = timestamp;
    if (durationMs !== undefined) message.duration_ms = durationMs;

    if (role === "tool_result") {
      const call = pending.find((candidate) => !candidate.answered);
      if (call !== undefined) call.answered = true;
      const result: ToolResultPart = {
        type: "tool_result",
        call_id: call?.part.id ?? `devflow-turn-${id}`,
        status: "ok",
      };
      if (call !== undefined) result.name = call.part.name;
      if (content !== undefined) result.output = content;
      message.parts.push(result);
      partSources.push({ path: reader.at("content"), sameShape: false });
    } else if (content !== undefined) {
      message.parts.push({ type: "text", text: content });
      partSources.push({ path: reader.at("content"), sameShape: false });
    }

    const resultMessages: Message[] = [];
    const resultSources: string[] = [];
    if (calls !== undefined) {
      if (role === "assistant") pending = [];
      calls.forEach((call: unknown, callIndex) => {
        const callPath = pointer(reader.at("toolCalls"), callIndex);
        const converted = importCall(call, callPath, id, callIndex, problems);
        if (converted === undefined) return;
        message.parts.push(converted.call);
        partSources.push({ path: callPath, sameShape: false });
        if (converted.result === undefined) {
          pending.push({ part: converted.call, answered: false });
          return;
        }
        const resultMessage: Message = {
          id: `${converted.call.id}-result`,
          role: "tool",
          ...(timestamp === undefined ? {} : { created_at: timestamp }),
          parts: [converted.result],
        };
        resultMessages.push(resultMessage);
        resultSources.push(callPath);
      });
    }

    const usage = turnUsage(tokensIn, tokensOut);
    if (usage !== undefined) message.usage = usage;
    if (rest !== undefined) message.provider_fields = { [providerKey]: rest };
    messages.push(orderKeys(message, messageOrder));
    provenance.messages.push(path);
    provenance.parts.push(partSources);
    resultMessages.forEach((resultMessage, resultIndex) => {
      messages.push(resultMessage);
      const source = resultSources[resultIndex] ?? path;
      provenance.messages.push(source);
      provenance.parts.push([{ path: source, sameShape: false }]);
    });
  });
}

function turnUsage(tokensIn: number | undefined, tokensOut: number | undefined): Usage | undefined {
  if (tokensIn === undefined && tokensOut === undefined) return undefined;
  const raw: JsonObject = {};
  if (tokensIn !== undefined) raw["tokensIn"] = tokensIn;
  if (tokensOut !== undefined) raw["tokensOut"] = tokensOut;
  return { input_tokens: tokensIn ?? 0, output_tokens: tokensOut ?? 0, raw: { provider: providerKey, usage: raw } };
}

function importCall(
  value: unknown,
  path: string,
  turnId: number | undefined,
  index: number,
  problems: Problems,
): { call: ToolCallPart; result?: ToolResultPart } | undefined {
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object");
    return undefined;
  }
  const reader = new FieldReader(value, path, problems);
  const id = reader.string("id");
  const name = reader.string("name", { required: true, nonEmpty: true });
  const input = reader.json("input", { required: true });
  const output = reader.json("output");
  const error = reader.string("error");
  const rest = reader.rest() ?? {};
  if (name === undefined || input === undefined || turnId === undefined) return undefined;
  if (output !== undefined && typeof output !== "string") {
    problems.warn(
      "input-normalized",
      reader.at("output"),
      "output is not a string (ADR-011 types it as one); kept as is, and an export writes its JSON text",
    );
  }
  if (input !== null && !isJsonObject(input)) {
    problems.warn(
      "input-normalized",
      reader.at("input"),
      "input is not an object (ADR-011 types it as a map); kept as is, and an export wraps it as { input }",
    );
  }
  const synthetic = syntheticCallId(turnId, index);
  // A source id equal to the synthetic one, or empty, is kept where export looks first, so it is written back.
  if (id !== undefined && (id === "" || id === synthetic)) setField(rest, "id", id);
  const call: ToolCallPart = { type: "tool_call", id: id === undefined || id === "" ? synthetic : id, name, input };
  if (Object.keys(rest).length > 0) call.provider_fields = { [providerKey]: rest };
  if (output === undefined && error === undefined) return { call };
  const result: ToolResultPart = {
    type: "tool_result",
    call_id: call.id,
    name,
    status: error === undefined ? "ok" : "error",
  };
  if (output !== undefined) result.output = output;
  if (error !== undefined) result.error = error;
  return { call, result };
}

/** Converts a canonical transcript to a devflow run transcript. */
export function exportDevflowTranscript(
  document: Transcript | Tolerant.Transcript,
): FromCanonicalResult<DevflowTranscript> {
  return guard(
    () => exportChecked(document),
    (errors) => ({ ok: false, errors, warnings: [] }),
  );
}

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
  return { fileName: "transcript.json.gz", bytes: new Uint8Array(gzipSync(bytes)) };
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
const integerId = /^(?:0|-?[1-9]\d*)$/;

interface CallSlot {
  call: DevflowToolCall;
  turn: DevflowTurn;
}

function exportChecked(document: Tolerant.Transcript): FromCanonicalResult<DevflowTranscript> {
  const problems = new Problems();
  if (!checkCanonicalInput(document, problems))
    return { ok: false, errors: problems.errors, warnings: problems.warnings };
  reportUnmapped(document, mappedTranscriptFields, "", "devflow", problems);

  const metadata = exportMetadata(document, problems);
  const turns = exportTurns(document, problems);
  const output: JsonObject = { runId: document.id, metadata, turns };
  const extra = document.metadata;
  if (extra !== undefined) {
    for (const [key, item] of Object.entries(extra)) {
      if (key === providerKey && isJsonObject(item)) {
        for (const [field, fieldValue] of Object.entries(item)) {
          if (Object.hasOwn(output, field))
            problems.warn(
              "field-dropped",
              pointer("/metadata", key, field),
              `${field} is written by the converter itself`,
            );
          else setField(output, field, cloneJson(fieldValue));
        }
      } else
        problems.warn(
          "field-dropped",
          pointer("/metadata", key),
          `transcript metadata ${key} has no devflow equivalent`,
        );
    }
  }
  return { ok: true, value: output as unknown as DevflowTranscript, warnings: problems.warnings };
}

function exportMetadata(document: Tolerant.Transcript, problems: Problems): DevflowMetadata {
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
  Object.assign(metadata, exportTotals(document.usage, problems));
  const totalCost = exportCost(document.cost, problems);
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
function exportUsage(
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

function exportTotals(usage: Tolerant.Usage | undefined, problems: Problems): JsonObject {
  if (usage === undefined) return {};
  return exportUsage(usage, "/usage", { input: "totalTokensIn", output: "totalTokensOut" }, problems);
}

function exportCost(cost: Tolerant.Cost | undefined, problems: Problems): number | undefined {
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

function exportTurns(document: Tolerant.Transcript, problems: Problems): DevflowTurn[] {
  const turns: DevflowTurn[] = [];
  const calls = new Map<string, CallSlot>();
  const usedIds = new Set<number>();
  for (const message of document.messages) {
    if (message.id !== undefined && integerId.test(message.id) && Number.isSafeInteger(Number(message.id)))
      usedIds.add(Number(message.id));
  }
  // Calls a later tool_result turn may answer, tracked as the importer tracks them: a result whose call is the
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
    const turn = exportTurn(message, path, turnIdFor(message, path), problems);
    turns.push(turn);
    const texts: string[] = [];
    const toolCalls: DevflowToolCall[] = [];
    let resultPart: ToolResultPart | undefined;
    message.parts.forEach((part, partIndex) => {
      const partPath = pointer(path, "parts", partIndex);
      if (!isKnownPart(part)) {
        problems.warn("part-dropped", partPath, `a ${part.type} part has no devflow equivalent`);
        return;
      }
      if (part.type === "text") {
        reportUnmapped(part, ["type", "text"], partPath, "devflow", problems);
        texts.push(part.text);
      } else if (part.type === "tool_call") {
        const call = exportCall(part, partPath, turn.id, toolCalls.length, problems);
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
      } else {
        problems.warn("part-dropped", partPath, `a ${part.type} part has no devflow equivalent`);
      }
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

function exportTurn(message: Tolerant.Message, path: string, id: number, problems: Problems): DevflowTurn {
  let role: DevflowRole;
  if (message.role === "tool") role = "tool_result";
  else if (message.role === "developer") {
    role = "system";
    problems.warn("role-mapped", pointer(path, "role"), "developer has no devflow role; written as system");
  } else role = message.role;
  const turn: DevflowTurn = { id, role };
  if (message.usage !== undefined) {
    const usage = exportUsage(
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

function exportCall(
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
  message.parts.forEach((part, partIndex) => {
    const partPath = pointer(path, "parts", partIndex);
    if (!isKnownPart(part) || part.type !== "tool_result") {
      problems.warn("part-dropped", partPath, `a ${part.type} part in a tool message has no devflow equivalent`);
      return;
    }
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
