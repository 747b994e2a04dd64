/**
 * One Gemini `Part` → one canonical part (content-parts-from-canonical.ts writes it back):
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
import type { ToolCallIdMap } from "../../conversion/index.js";
import { cloneJson, isJsonObject, pointer, setField, type JsonObject, type Problems } from "../../conversion/index.js";
import {
  NativeReader,
  geminiIssuer,
  marker,
  nestRest,
  providerFields,
  snakeCase,
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

export interface PartToCanonicalContext {
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

/** The fields of a Part that hold a call or a result, which may carry the call's id. */
const callFields = [
  "functionCall",
  "functionResponse",
  "executableCode",
  "codeExecutionResult",
  "toolCall",
  "toolResponse",
] as const;

const dataFields = [...callFields, "inlineData", "fileData", "text"] as const;

/** Every native id in the parts, registered first so synthesised ids never collide with a real one. */
export function registerIds(contents: readonly unknown[], ids: ToolCallIdMap): void {
  for (const content of contents) {
    const parts = isJsonObject(content) ? content.parts : undefined;
    if (!Array.isArray(parts)) continue;
    for (const part of parts) {
      if (!isJsonObject(part)) continue;
      for (const field of callFields) {
        const body = part[field] ?? part[snakeCase(field)];
        if (isJsonObject(body) && typeof body.id === "string" && body.id !== "") ids.idFor(body.id);
      }
    }
  }
}

/** The canonical part for one native Gemini part, or undefined after reporting an error. */
export function importPart(value: unknown, path: string, context: PartToCanonicalContext): Part | undefined {
  const { problems } = context;
  const reader = NativeReader.open(value, path, problems, "a Gemini Part");
  if (reader === undefined) return undefined;
  const field = dataFields.find((name) => reader.has(name));
  const fields: JsonObject = {};
  const finish = <T extends Part>(part: T): T => {
    reader.keepRest(fields);
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
          native_type: Object.keys(reader.value)[0] ?? "part",
          data: cloneJson(reader.value),
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

function callId(
  nativeId: string | undefined,
  path: string,
  name: string,
  fields: JsonObject,
  context: PartToCanonicalContext,
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
  context: PartToCanonicalContext,
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
