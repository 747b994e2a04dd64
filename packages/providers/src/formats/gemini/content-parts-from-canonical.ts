/**
 * One canonical part → Gemini `Part`s, the inverse of content-parts-to-canonical.ts: what `provider_fields.google` kept goes
 * back where it was read from, a made-up call id is not written, and a part Gemini has no place for is reported.
 */
import type { Tolerant } from "@agent-transcript/core";
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
  splitDataUrl,
  toolCallFields,
  toolResultFields,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  applySnakeCase,
  fromStandardBase64,
  geminiIssuer,
  googleFields,
  marker,
  mergeNative,
} from "./native-fields.js";

function statusOutcome(status: string): string {
  if (status === "ok") return "OUTCOME_OK";
  if (status === "interrupted") return "OUTCOME_DEADLINE_EXCEEDED";
  return "OUTCOME_FAILED";
}

export interface PartFromCanonicalContext {
  problems: Problems;
  policy: ForeignReasoningPolicy;
  ids: ToolCallIdMap;
  /** Call names by canonical id, for results that do not name their tool. */
  callNames: Map<string, string>;
  /** True when writing a response: text citations go to citationMetadata instead of being dropped. */
  response?: boolean;
}

/** What one canonical part became: zero or more native parts, with the call or result it carries. */
export interface PartFromCanonical {
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
  context: PartFromCanonicalContext,
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
    const inline = splitDataUrl(part.url);
    if (inline !== undefined && google === undefined) {
      problems.warn("value-converted", pointer(path, "url"), "a data: URL was sent as inlineData");
      return { inlineData: { mimeType: part.media_type ?? inline.mediaType, data: inline.data } };
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
export function partFromCanonical(
  part: Tolerant.Part,
  path: string,
  context: PartFromCanonicalContext,
): PartFromCanonical[] {
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

function exportCall(part: Tolerant.ToolCallPart, path: string, context: PartFromCanonicalContext): PartFromCanonical[] {
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
  reportUnmapped(part, [...toolCallFields, "signature", "issuer"], path, "Gemini", problems);
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

function exportResult(
  part: Tolerant.ToolResultPart,
  path: string,
  context: PartFromCanonicalContext,
): PartFromCanonical[] {
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
  reportUnmapped(part, [...toolResultFields, "name"], path, "Gemini", problems);
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
