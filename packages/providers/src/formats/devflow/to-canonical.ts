/**
 * devflow run transcript → canonical document: the run's metadata becomes the document's run, totals and cost, each
 * turn a message, each tool call a tool_call part with its result in a `tool` message after the turn (see index.ts).
 */
import { gunzip } from "../../conversion/gzip.js";
import type { Message, Run, ToolCallPart, ToolResultPart, Transcript, Usage } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { decodeUtf8, defaultMaxInputBytes, parseJson } from "@agent-transcript/core/json";
import {
  documentReader,
  FieldReader,
  isJsonObject,
  pointer,
  orderKeys,
  setField,
  type ConversionError,
  type ToCanonicalOptions,
  type JsonObject,
  type DocumentReadContext,
  type Problems,
  type Provenance,
} from "../../conversion/index.js";
import type { DevflowRole, DevflowRunStatus } from "./types.js";

/** Where native fields the canonical form has no place for are kept: `provider_fields.devflow`, `metadata.devflow`. */
export const providerKey = "devflow";
/** Canonical message keys in the order the examples use. */
const messageOrder = ["id", "role", "created_at", "duration_ms", "parts", "usage"];
const runStatuses: readonly DevflowRunStatus[] = ["running", "completed", "failed", "canceled"];
const turnRoles: readonly DevflowRole[] = ["system", "user", "assistant", "tool_result"];
/** The largest decompressed transcript accepted, against gzip bombs. */
const maxDecodedBytes = defaultMaxInputBytes;

/** The id of a tool call devflow gave none: `<turn id>-<index>`. */
export function syntheticCallId(turnId: number | string, index: number): string {
  return `${turnId}-${index}`;
}

/**
 * Converts a devflow run transcript to a canonical transcript. Takes the parsed value, its JSON text, or the
 * file's bytes (`transcript.json`, or gzip-compressed `transcript.json.gz`, recognised by its magic number).
 */
export const toCanonical = documentReader({
  decode: decodeInput,
  accepts: isJsonObject,
  notDocument: "must be a devflow transcript object",
  read: readTranscript,
});

function decodeInput(input: unknown): { value: unknown } | { errors: ConversionError[] } {
  let text: string;
  if (input instanceof Uint8Array) {
    let bytes = input;
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      try {
        bytes = gunzip(bytes, { maxOutputLength: maxDecodedBytes });
      } catch (caught) {
        // zlib inflates a piece at a time and stops at maxOutputLength: a bomb is refused as one, not as bad gzip.
        const code = (caught as { code?: unknown } | null)?.code;
        const message =
          code === "ERR_BUFFER_TOO_LARGE" || caught instanceof RangeError
            ? `the gzip data decompresses to more than the limit of ${maxDecodedBytes / (1024 * 1024)} MiB`
            : `not valid gzip: ${caught instanceof Error ? caught.message : String(caught)}`;
        return { errors: [{ path: "", message }] };
      }
    }
    const decoded = decodeUtf8(bytes);
    if (!decoded.ok) return { errors: [{ path: "", message: decoded.error.message }] };
    text = decoded.text;
  } else if (typeof input === "string") {
    text = input;
  } else {
    return { value: input };
  }
  // Core's parser: the toolkit's nesting limit and no number changed silently, each refusal by line and pointer.
  const parsed = parseJson(text);
  return parsed.ok
    ? { value: parsed.value }
    : { errors: [{ path: parsed.error.pointer ?? "", message: parsed.error.message }] };
}

interface PendingCall {
  part: ToolCallPart;
  answered: boolean;
}

function readTranscript(
  value: JsonObject,
  { problems, provenance, options }: DocumentReadContext<ToCanonicalOptions>,
): Transcript {
  const top = new FieldReader(value, "", problems);
  const runId = top.string("runId", { required: true, nonEmpty: true });
  const metadata = top.object("metadata", { required: true });
  const turns = top.array("turns", { required: true });
  const topRest = top.rest();

  const header: Pick<Transcript, "created_at" | "updated_at" | "run" | "usage" | "cost"> = {};
  if (metadata !== undefined) readMetadata(new FieldReader(metadata, "/metadata", problems), header);
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
  if (turns !== undefined) readTurns(turns, document.messages, provenance, problems);
  return document;
}

function readMetadata(
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
export function durationBetween(start: string | undefined, end: string | undefined): number | undefined {
  if (start === undefined || end === undefined) return undefined;
  const milliseconds = Date.parse(end) - Date.parse(start);
  return Number.isSafeInteger(milliseconds) && milliseconds >= 0 ? milliseconds : undefined;
}

function readTurns(turns: unknown[], messages: Message[], provenance: Provenance, problems: Problems): void {
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
        const converted = readCall(call, callPath, id, callIndex, problems);
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

function readCall(
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
