/**
 * One Gemini `Part` ↔ one canonical part.
 *
 * Import:
 * - `text` → text; with `thought: true` → reasoning; `thoughtSignature` → `signature` with the Google issuer. A part
 *   with only a signature (no text) is a reasoning part holding just the signature.
 * - `inlineData` / `fileData` → image, audio or file by `mimeType` (`data`, or the URI as `url`). URL-safe base64
 *   (pydantic-ai) becomes the standard alphabet canonical data requires, marked so export restores it.
 * - `functionCall` → tool_call (`args` → input); a missing id is synthesised deterministically from the call's
 *   position (`id-synthesized`) and marked, so export writes no id the source did not have.
 * - `functionResponse` → tool_result: `response` → output, `parts` (multimodal results) → content; without an id it
 *   answers the first unanswered call of the same name in the preceding model turn.
 * - `executableCode` / `codeExecutionResult` (server code execution) → provider_executed tool_call / tool_result
 *   named `codeExecution`; `toolCall` / `toolResponse` (server tool invocations) likewise, named by `toolType`.
 *   native_type names the Gemini field.
 * - A part with none of these (only `videoMetadata`, or a field a newer API added) → a native part, verbatim.
 * Every field not mapped (videoMetadata, mediaResolution, partMetadata, a signature on a tool result, …) is kept in
 * the part's `provider_fields.google`.
 */
import type { Part, Tolerant } from "@agent-transcript/core";
import { isPartOfType, withIndefiniteArticle } from "@agent-transcript/core";
import { decideReasoning } from "../../conversion/index.js";
import type { ForeignReasoningPolicy } from "../../conversion/index.js";
import type { ToolCallIdMap } from "../../conversion/index.js";
import { isSameIssuer } from "../../conversion/index.js";
import {
  cloneJson,
  describeValue,
  isJsonObject,
  pointer,
  reportUnmapped,
  setField,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  NativeReader,
  applySnakeCase,
  fromStandardBase64,
  geminiIssuer,
  googleFields,
  keepSpelling,
  marker,
  mergeNative,
  nestRest,
  providerFields,
  toStandardBase64,
} from "./native-fields.js";

/** The canonical tool name of Gemini's server-side code execution (its Tool field). */
export const codeExecutionName = "codeExecution";

/** A call of the current model turn, waiting for its result. */
export interface PendingCall {
  name: string;
  id: string;
  synthesized: boolean;
  answered: boolean;
  kind: "function" | "code";
}

export interface PartImportContext {
  problems: Problems;
  ids: ToolCallIdMap;
  /** Calls of the latest model turn, in order. */
  pending: PendingCall[];
  /** Role of the previous Content, to tell where a model turn starts. */
  lastRole?: string;
}

function mediaType(mimeType: string | undefined): "image" | "audio" | "file" {
  if (mimeType?.startsWith("image/")) return "image";
  if (mimeType?.startsWith("audio/")) return "audio";
  return "file";
}

function outcomeStatus(outcome: string): "ok" | "error" | "interrupted" | undefined {
  if (outcome === "OUTCOME_OK") return "ok";
  if (outcome === "OUTCOME_FAILED") return "error";
  if (outcome === "OUTCOME_DEADLINE_EXCEEDED") return "interrupted";
  return undefined;
}

function statusOutcome(status: string): string {
  if (status === "ok") return "OUTCOME_OK";
  if (status === "interrupted") return "OUTCOME_DEADLINE_EXCEEDED";
  return "OUTCOME_FAILED";
}

const dataFields = [
  "functionCall",
  "functionResponse",
  "executableCode",
  "codeExecutionResult",
  "toolCall",
  "toolResponse",
  "inlineData",
  "fileData",
  "text",
] as const;

/** The canonical part for one native Gemini part, or undefined after reporting an error. */
export function importPart(value: unknown, path: string, context: PartImportContext): Part | undefined {
  const { problems } = context;
  if (!isJsonObject(value)) {
    problems.error(path, "must be an object (a Gemini Part)");
    return undefined;
  }
  const snake: string[] = [];
  const reader = new NativeReader(value, path, { problems, snake });
  const field = dataFields.find((name) => reader.has(name));
  const fields: JsonObject = {};
  const finish = <T extends Part>(part: T): T => {
    mergeRest(fields, reader.rest());
    keepSpelling(fields, snake);
    const kept = providerFields(fields);
    if (kept !== undefined) (part as { provider_fields?: unknown }).provider_fields = kept;
    return part;
  };
  const signature = (): { signature?: string; issuer?: typeof geminiIssuer } => {
    const text = reader.string("thoughtSignature");
    return text === undefined ? {} : { signature: text, issuer: { ...geminiIssuer } };
  };

  switch (field) {
    case "text":
    case undefined: {
      const text = reader.string("text");
      const thought = reader.peek("thought") === true;
      if (field === undefined && !reader.has("thoughtSignature")) {
        // Nothing we know: keep the whole part for a Gemini target.
        return {
          type: "native",
          native_type: Object.keys(value)[0] ?? "part",
          data: cloneJson(value),
          issuer: { ...geminiIssuer },
        };
      }
      if (thought && text !== undefined) reader.take("thought");
      if (thought || text === undefined) {
        const part: Tolerant.ReasoningPart & Part = {
          type: "reasoning",
          ...(text === undefined ? {} : { text }),
          ...signature(),
        };
        return finish(part);
      }
      return finish({ type: "text", text, ...signature() });
    }
    case "inlineData":
    case "fileData": {
      const blob = reader.child(field);
      if (blob === undefined) return undefined;
      const mimeType = blob.string("mimeType");
      const kind = mediaType(mimeType);
      const base = { ...(mimeType === undefined ? {} : { media_type: mimeType }) };
      let source: { data: string } | { url: string } | undefined;
      if (field === "inlineData") {
        const data = blob.string("data", true);
        if (data !== undefined) {
          const standard = toStandardBase64(data);
          if (standard.urlSafe) setField(fields, marker.base64url, true);
          source = { data: standard.data };
        }
      } else {
        const uri = blob.string("fileUri", true);
        if (uri !== undefined) source = { url: uri };
      }
      nestRest(fields, field, blob.rest());
      if (source === undefined) return undefined;
      return finish({ type: kind, ...base, ...source });
    }
    case "functionCall":
    case "toolCall": {
      const call = reader.child(field);
      if (call === undefined) return undefined;
      const name = field === "functionCall" ? call.string("name", true) : call.string("toolType", true);
      const nativeId = call.string("id");
      let input: unknown = {};
      if (call.has("args")) input = call.json("args");
      else setField(fields, marker.argsAbsent, true);
      nestRest(fields, field, call.rest());
      if (name === undefined) return undefined;
      const id = callId(nativeId, `${path}/${field}`, name, fields, context);
      context.pending.push({ name, id, synthesized: nativeId === undefined, answered: false, kind: "function" });
      const server = field === "toolCall" ? { provider_executed: true, native_type: "toolCall" } : {};
      return finish({ type: "tool_call", id, name, input, ...server, ...signature() });
    }
    case "executableCode": {
      const code = reader.child(field);
      if (code === undefined) return undefined;
      const nativeId = code.string("id");
      // The call's input is the executableCode object itself (language, code), so it comes back field for field.
      const input: JsonObject = {};
      for (const key of ["language", "code"]) if (code.has(key)) setField(input, key, code.json(key));
      nestRest(fields, field, code.rest());
      const id = callId(nativeId, `${path}/${field}`, codeExecutionName, fields, context);
      context.pending.push({
        name: codeExecutionName,
        id,
        synthesized: nativeId === undefined,
        answered: false,
        kind: "code",
      });
      return finish({
        type: "tool_call",
        id,
        name: codeExecutionName,
        input,
        provider_executed: true,
        native_type: "executableCode",
        ...signature(),
      });
    }
    case "functionResponse":
    case "toolResponse":
    case "codeExecutionResult": {
      const result = reader.child(field);
      if (result === undefined) return undefined;
      const nativeId = result.string("id");
      let name: string | undefined;
      let output: unknown;
      let status: "ok" | "error" | "interrupted" = "ok";
      let content: Part[] | undefined;
      if (field === "codeExecutionResult") {
        name = codeExecutionName;
        const outcome = result.peek("outcome");
        const mapped = typeof outcome === "string" ? outcomeStatus(outcome) : undefined;
        if (mapped !== undefined) {
          result.take("outcome");
          status = mapped;
        }
        output = result.json("output");
      } else {
        name = field === "functionResponse" ? result.string("name") : result.string("toolType", true);
        if (result.has("response")) output = result.json("response");
        else setField(fields, marker.responseAbsent, true);
        const parts = field === "functionResponse" ? result.array("parts") : undefined;
        if (parts !== undefined) {
          content = [];
          parts.forEach((item, index) => {
            const part = importPart(item, pointer(result.path, "parts", index), context);
            if (part !== undefined) content?.push(part);
          });
        }
      }
      nestRest(fields, field, result.rest());
      const kind = field === "codeExecutionResult" ? "code" : "function";
      const callIdValue = resultId(nativeId, name, kind, `${path}/${field}`, fields, context);
      const server = field === "functionResponse" ? {} : { provider_executed: true, native_type: field };
      return finish({
        type: "tool_result",
        call_id: callIdValue,
        ...(name === undefined ? {} : { name }),
        status,
        ...(output === undefined ? {} : { output }),
        ...(content === undefined ? {} : { content }),
        ...server,
      });
    }
  }
}

function mergeRest(fields: JsonObject, rest: JsonObject | undefined): void {
  if (rest === undefined) return;
  for (const [key, value] of Object.entries(rest)) setField(fields, key, value);
}

function callId(
  nativeId: string | undefined,
  path: string,
  name: string,
  fields: JsonObject,
  context: PartImportContext,
): string {
  if (nativeId !== undefined && nativeId !== "") return context.ids.idFor(nativeId).id;
  const id = context.ids.synthesize(path);
  setField(fields, marker.idSynthesized, nativeId === "" ? "" : true);
  context.problems.warn("id-synthesized", path, `the ${name} call has no id; ${id} was derived from its position`);
  return id;
}

function resultId(
  nativeId: string | undefined,
  name: string | undefined,
  kind: PendingCall["kind"],
  path: string,
  fields: JsonObject,
  context: PartImportContext,
): string {
  if (nativeId !== undefined && nativeId !== "") {
    const pending = context.pending.find((call) => !call.answered && call.id === nativeId);
    if (pending !== undefined) pending.answered = true;
    return context.ids.idFor(nativeId).id;
  }
  // No id: Gemini pairs by name (code results by order), so answer the first open call that fits.
  const pending = context.pending.find(
    (call) => !call.answered && call.kind === kind && (kind === "code" || call.name === name),
  );
  if (pending !== undefined) {
    pending.answered = true;
    // The result had no id of its own, whatever its call had: export must not invent one.
    setField(fields, marker.idSynthesized, nativeId === "" ? "" : true);
    return pending.id;
  }
  const id = context.ids.synthesize(path);
  setField(fields, marker.idSynthesized, nativeId === "" ? "" : true);
  context.problems.warn(
    "id-synthesized",
    path,
    `the ${name ?? "tool"} result has no id and answers no call; ${id} was derived from its position`,
  );
  return id;
}

// ---------------------------------------------------------------------------------------------------------------
// Export

export interface PartExportContext {
  problems: Problems;
  policy: ForeignReasoningPolicy;
  ids: ToolCallIdMap;
  /** Call names by canonical id, for results that do not name their tool. */
  callNames: Map<string, string>;
  /** True when writing a response: text citations go to citationMetadata instead of being dropped. */
  response?: boolean;
}

/** What one canonical part became: zero or more native parts, with the call or result it carries. */
export interface ExportedPart {
  native: JsonObject;
  call?: { id: string; name: string; signed: boolean };
  result?: { callId: string; name: string };
  path: string;
}

const common = ["type", "provider_fields"];

function finishNative(native: JsonObject, part: { provider_fields?: unknown }): JsonObject {
  const google = googleFields(part);
  mergeNative(native, google);
  applySnakeCase(native, google?.[marker.snakeCase]);
  return native;
}

function exportSignature(
  part: { signature?: string; issuer?: { provider: string; api?: string } },
  path: string,
  problems: Problems,
): { thoughtSignature?: string } {
  if (part.signature === undefined) return {};
  if (isSameIssuer(part.issuer, geminiIssuer)) return { thoughtSignature: part.signature };
  const from = part.issuer?.provider ?? "another provider";
  problems.warn(
    "reasoning-dropped",
    pointer(path, "signature"),
    `signature issued by ${from} left out: Gemini accepts only its own thought signatures`,
  );
  return {};
}

/** The native id of a canonical call: none when the source had none, otherwise the (possibly remapped) id. */
export function nativeCallId(
  id: string,
  part: { provider_fields?: unknown },
  path: string,
  context: PartExportContext,
): { id?: string } {
  const google = googleFields(part);
  if (google !== undefined && Object.hasOwn(google, marker.idSynthesized))
    return google[marker.idSynthesized] === "" ? { id: "" } : {};
  const mapped = context.ids.idFor(id);
  if (mapped.remapped)
    context.problems.warn("id-remapped", path, `tool-call id ${id} is used twice; sent as ${mapped.id}`);
  return { id: mapped.id };
}

/** Media as inlineData or fileData, or undefined (with a warning) when Gemini has no way to carry it. */
function exportMedia(
  part: Tolerant.ImagePart | Tolerant.AudioPart | Tolerant.FilePart,
  path: string,
  problems: Problems,
): JsonObject | undefined {
  const google = googleFields(part);
  const mime = part.media_type === undefined ? {} : { mimeType: part.media_type };
  if (part.data !== undefined)
    return { inlineData: { ...mime, data: fromStandardBase64(part.data, google?.[marker.base64url] === true) } };
  if (part.url !== undefined) {
    const dataUrl = /^data:([^;,]*)(;base64)?,/.exec(part.url);
    if (dataUrl !== null && google === undefined) {
      problems.warn("value-converted", pointer(path, "url"), "a data: URL was sent as inlineData");
      const data = part.url.slice(dataUrl[0].length);
      return {
        inlineData: {
          mimeType: part.media_type ?? (dataUrl[1] || "application/octet-stream"),
          data: dataUrl[2] === undefined ? Buffer.from(decodeURIComponent(data)).toString("base64") : data,
        },
      };
    }
    return { fileData: { ...mime, fileUri: part.url } };
  }
  if (part.file_id !== undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "file_id"),
      "a provider file id was sent as fileData.fileUri; only Gemini Files API names resolve",
    );
    return { fileData: { ...mime, fileUri: part.file_id } };
  }
  if (isPartOfType(part as Tolerant.Part, "file") && (part as Tolerant.FilePart).text !== undefined) {
    problems.warn("value-converted", pointer(path, "text"), "a text document was sent as a text part");
    return { text: (part as Tolerant.FilePart).text };
  }
  problems.warn(
    "part-dropped",
    path,
    `${withIndefiniteArticle(part.type)} stored beside the transcript (path) cannot be sent inline`,
  );
  return undefined;
}

/** The native parts for one canonical part. */
export function exportPart(part: Tolerant.Part, path: string, context: PartExportContext): ExportedPart[] {
  const { problems } = context;
  if (isPartOfType(part, "text")) {
    reportUnmapped(
      part,
      [...common, "text", "signature", "issuer", ...(context.response ? ["citations"] : [])],
      path,
      "Gemini",
      problems,
    );
    return [{ native: finishNative({ text: part.text, ...exportSignature(part, path, problems) }, part), path }];
  }
  if (isPartOfType(part, "reasoning")) {
    const decision = decideReasoning(part, geminiIssuer, context.policy, path);
    if (decision.action === "drop") {
      if (decision.warning) problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
      return [];
    }
    if (decision.action === "as-text") {
      problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
      return [{ native: { text: decision.text }, path }];
    }
    if (decision.action === "as-reasoning")
      problems.warn(decision.warning.code, decision.warning.path, decision.warning.message);
    const readable = decision.part;
    reportUnmapped(readable, [...common, "text", "summary", "signature", "issuer"], path, "Gemini", problems);
    let text = readable.text;
    if (text === undefined && readable.summary !== undefined && readable.summary.length > 0) {
      problems.warn(
        "parts-merged",
        pointer(path, "summary"),
        "reasoning summary paragraphs were joined into one thought",
      );
      text = readable.summary.join("\n\n");
    } else if (readable.summary !== undefined && readable.summary.length > 0) {
      problems.warn(
        "field-dropped",
        pointer(path, "summary"),
        "a reasoning summary beside its text has no Gemini equivalent",
      );
    }
    const signed = decision.action === "replay" ? exportSignature(readable, path, problems) : {};
    if (text === undefined && signed.thoughtSignature === undefined) {
      problems.warn("part-dropped", path, "reasoning with neither text nor a Gemini signature has nothing to send");
      return [];
    }
    const native: JsonObject = text === undefined ? { ...signed } : { text, thought: true, ...signed };
    return [{ native: decision.action === "replay" ? finishNative(native, readable) : native, path }];
  }
  if (isPartOfType(part, "tool_call")) return exportCall(part, path, context);
  if (isPartOfType(part, "tool_result")) return exportResult(part, path, context);
  if (isPartOfType(part, "image") || isPartOfType(part, "audio") || isPartOfType(part, "file")) {
    const mapped = ["data", "url", "file_id", "media_type", ...(part.type === "file" ? ["text"] : [])];
    reportUnmapped(part, [...common, ...mapped], path, "Gemini", problems);
    const native = exportMedia(part, path, problems);
    return native === undefined ? [] : [{ native: finishNative(native, part), path }];
  }
  if (isPartOfType(part, "refusal")) {
    problems.warn("value-converted", path, "a refusal was sent as text (Gemini has no refusal part)");
    return [{ native: { text: part.text }, path }];
  }
  if (isPartOfType(part, "native")) {
    if (isSameIssuer(part.issuer, geminiIssuer) && isJsonObject(part.data))
      return [{ native: cloneJson(part.data), path }];
    problems.warn(
      "part-dropped",
      path,
      `a native ${part.native_type} part of ${part.issuer.provider} has no Gemini equivalent`,
    );
    return [];
  }
  problems.warn("part-dropped", path, `${withIndefiniteArticle(`${part.type} part`)} has no Gemini equivalent`);
  return [];
}

function exportCall(part: Tolerant.ToolCallPart, path: string, context: PartExportContext): ExportedPart[] {
  const { problems } = context;
  const google = googleFields(part);
  const nativeType = part.native_type;
  if (nativeType !== undefined && nativeType !== "executableCode" && nativeType !== "toolCall") {
    problems.warn("part-dropped", path, `the provider-executed ${nativeType} call has no Gemini equivalent`);
    return [];
  }
  if (nativeType === undefined && part.provider_executed === true) {
    problems.warn("part-dropped", path, "a call another provider executed itself has no Gemini equivalent");
    return [];
  }
  reportUnmapped(
    part,
    [
      ...common,
      "id",
      "name",
      "input",
      "raw_input",
      "input_error",
      "provider_executed",
      "native_type",
      "signature",
      "issuer",
    ],
    path,
    "Gemini",
    problems,
  );
  if (part.raw_input !== undefined && part.input !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "raw_input"),
      "Gemini arguments are an object; the exact argument text is not kept",
    );
  let args: unknown = part.input;
  if (part.input === undefined) {
    problems.warn(
      "value-converted",
      pointer(path, "raw_input"),
      "arguments that did not parse were sent as { raw_input }",
    );
    args = { raw_input: part.raw_input ?? "" };
  } else if (!isJsonObject(part.input) && nativeType === "executableCode") {
    // executableCode is an object (language, code), and the import gives it back as the input; any other input can
    // only be the code's text. JSON text, not `String(input)`, which throws on an object whose `toString` is not a
    // function and writes `[object Object]` for any other.
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      "Gemini executable code is an object; the input was sent as its code",
    );
    args = { code: describeValue(part.input) };
  } else if (!isJsonObject(part.input)) {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      "Gemini arguments must be an object; the input was wrapped as { value }",
    );
    args = { value: part.input };
  }
  const id = nativeCallId(part.id, part, path, context);
  const signature = exportSignature(part, path, problems);
  context.callNames.set(part.id, part.name);
  let native: JsonObject;
  if (nativeType === "executableCode") {
    native = { executableCode: { ...(args as JsonObject), ...id }, ...signature };
  } else {
    const body: JsonObject = nativeType === "toolCall" ? { ...id, toolType: part.name } : { ...id, name: part.name };
    if (!(google !== undefined && google[marker.argsAbsent] === true)) body.args = args;
    native = { [nativeType ?? "functionCall"]: body, ...signature };
  }
  return [
    {
      native: finishNative(native, part),
      call: { id: part.id, name: part.name, signed: signature.thoughtSignature !== undefined },
      path,
    },
  ];
}

function exportResult(part: Tolerant.ToolResultPart, path: string, context: PartExportContext): ExportedPart[] {
  const { problems } = context;
  const google = googleFields(part);
  const nativeType = part.native_type;
  if (nativeType !== undefined && nativeType !== "codeExecutionResult" && nativeType !== "toolResponse") {
    problems.warn("part-dropped", path, `the provider-executed ${nativeType} result has no Gemini equivalent`);
    return [];
  }
  if (nativeType === undefined && part.provider_executed === true) {
    problems.warn("part-dropped", path, "a result of a tool another provider executed itself has no Gemini equivalent");
    return [];
  }
  reportUnmapped(
    part,
    [...common, "call_id", "name", "status", "output", "content", "error", "provider_executed", "native_type"],
    path,
    "Gemini",
    problems,
  );
  const name = part.name ?? context.callNames.get(part.call_id);
  if (name === undefined)
    problems.warn(
      "value-assumed",
      pointer(path, "name"),
      'the result names no tool and answers no known call; sent with the name "unknown"',
    );
  const id = nativeCallId(part.call_id, part, path, context);
  const status = part.status;
  if (nativeType === "codeExecutionResult") {
    const body: JsonObject = { outcome: statusOutcome(status), ...id };
    if (part.output !== undefined)
      body.output = typeof part.output === "string" ? part.output : JSON.stringify(part.output);
    return [
      {
        native: finishNative({ codeExecutionResult: body }, part),
        result: { callId: part.call_id, name: name ?? "unknown" },
        path,
      },
    ];
  }
  if (nativeType === "toolResponse") {
    const body: JsonObject = { ...id, toolType: name ?? "unknown" };
    if (part.output !== undefined) body.response = part.output;
    return [
      {
        native: finishNative({ toolResponse: body }, part),
        result: { callId: part.call_id, name: name ?? "unknown" },
        path,
      },
    ];
  }
  const body: JsonObject = { ...id, name: name ?? "unknown" };
  const media: JsonObject[] = [];
  const texts: string[] = [];
  (part.content ?? []).forEach((item, index) => {
    const itemPath = pointer(path, "content", index);
    if (isPartOfType(item, "text")) {
      texts.push(item.text);
      return;
    }
    if (isPartOfType(item, "image") || isPartOfType(item, "audio") || isPartOfType(item, "file")) {
      reportUnmapped(item, [...common, "data", "url", "file_id", "media_type"], itemPath, "Gemini", problems);
      const native = exportMedia(item, itemPath, problems);
      if (native !== undefined && native.text === undefined) media.push(finishNative(native, item));
      else if (native !== undefined) texts.push(String(native.text));
      return;
    }
    problems.warn(
      "part-dropped",
      itemPath,
      `${withIndefiniteArticle(item.type)} inside a tool result has no Gemini equivalent`,
    );
  });
  if (!(google !== undefined && google[marker.responseAbsent] === true)) {
    let response: unknown = part.output;
    if (response === undefined && texts.length > 0) {
      problems.warn(
        "value-converted",
        pointer(path, "content"),
        "the result's text content was sent as response.output (Gemini responses are objects)",
      );
      response = { output: texts.join("\n") };
    } else if (texts.length > 0) {
      problems.warn(
        "part-dropped",
        pointer(path, "content"),
        "text content beside an output has no place in a Gemini functionResponse",
      );
    }
    if (response !== undefined && !isJsonObject(response)) {
      problems.warn(
        "value-converted",
        pointer(path, "output"),
        "Gemini responses are objects; the output was wrapped as { output }",
      );
      response = { output: response };
    }
    if (status !== "ok") {
      problems.warn(
        "status-mapped",
        pointer(path, "status"),
        `Gemini has no result status; the ${status} result was sent as response.error`,
      );
      const error =
        part.error ??
        (isJsonObject(response) && Object.hasOwn(response, "output") ? response.output : response) ??
        status;
      response = isJsonObject(response) && Object.hasOwn(response, "error") ? response : { error };
    }
    body.response = response ?? {};
  }
  if (media.length > 0) body.parts = media;
  return [
    {
      native: finishNative({ functionResponse: body }, part),
      result: { callId: part.call_id, name: name ?? "unknown" },
      path,
    },
  ];
}
