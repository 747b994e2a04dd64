/**
 * Canonical parts → Responses items, the inverse of content-items-to-canonical.ts: what a request's input and a response's
 * `output` are written as. A tool_call and the tool_result of one provider-executed call merge back into one item,
 * and what `provider_fields.openai` kept goes back where it was read from.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isPartOfType, withIndefiniteArticle } from "@agent-transcript/core";
import type { ForeignReasoningPolicy } from "../../conversion/index.js";
import type { ToolCallIdMap } from "../../conversion/index.js";
import { decideReasoning, isSameIssuer } from "../../conversion/index.js";
import {
  cloneJson,
  isJsonObject,
  pointer,
  reportUnmapped,
  toolCallFields,
  toolResultFields,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import { isContentNative, isContentPart, isWrittenAsPlainText, partToContent, type ContentSide } from "./content.js";
import { absentOf, nativeOnly, openaiFields, responsesTarget, spreadInto, without } from "./native-fields.js";
import { clientCalls, clientResults, itemKind, outputKeyOf, serverCalls } from "./content-items-to-canonical.js";

export interface FromCanonicalContext {
  problems: Problems;
  ids: ToolCallIdMap;
  policy: ForeignReasoningPolicy;
  /** Source ids already reported as remapped: a call and its result are renamed together, and reported once. */
  remapped: Set<string>;
  /**
   * Requests only: plain assistant text parts in a row are written as one `{ role: "assistant", content: "…" }`
   * message each. The specification takes an assistant message's content as a string, or as a list only in an
   * output message with its `id` and `status`, which a part from another API has none of (and made-up item ids are
   * refused); one easy message per part keeps every part apart and conforms.
   */
  splitPlainAssistantText?: boolean;
}

/** One native item written by an export, with the canonical part it came from (for later warnings). */
export interface WrittenItem {
  item: JsonObject;
  path: string;
}

const callKeys = [...toolCallFields, "item_id", "signature", "issuer"];
const reasoningKeys = [
  "type",
  "id",
  "text",
  "summary",
  "encrypted_content",
  "signature",
  "redacted_data",
  "issuer",
  "provider_fields",
];

function mappedCallId(id: string, path: string, context: FromCanonicalContext): string {
  const mapped = context.ids.idFor(id);
  if (mapped.remapped && !context.remapped.has(id)) {
    context.remapped.add(id);
    context.problems.warn(
      "id-remapped",
      path,
      `call id ${JSON.stringify(id.length > 70 ? `${id.slice(0, 67)}…` : id)} breaks OpenAI Responses' rule (at most 64 characters, unique); sent as ${mapped.id}`,
    );
  }
  return mapped.id;
}

function argumentsText(part: Tolerant.ToolCallPart): string {
  if (part.raw_input !== undefined) return part.raw_input;
  return JSON.stringify(part.input ?? {}) ?? "null";
}

function fieldsOf(part: Tolerant.Part): JsonObject | undefined {
  return "provider_fields" in part
    ? openaiFields(part.provider_fields as Tolerant.ProviderFields | undefined)
    : undefined;
}

function callToItem(
  part: Tolerant.ToolCallPart,
  path: string,
  next: Tolerant.Part | undefined,
  context: FromCanonicalContext,
): { item?: JsonObject; consumedNext: boolean } {
  const { problems } = context;
  reportUnmapped(part, callKeys, path, "OpenAI Responses", problems);
  if (part.signature !== undefined)
    problems.warn(
      "field-dropped",
      pointer(path, "signature"),
      "a tool-call signature is another provider's opaque data; OpenAI Responses has no place for it",
    );
  const fields = fieldsOf(part);
  const type = part.native_type;
  const server = type === undefined ? undefined : serverCalls[type];
  if (part.provider_executed === true || server !== undefined) {
    if (type === undefined || server === undefined) {
      problems.warn(
        "part-dropped",
        path,
        `${withIndefiniteArticle(`${type ?? "provider-executed"} call`)} was run by another provider and cannot be replayed to OpenAI Responses`,
      );
      return { consumedNext: false };
    }
    const item: JsonObject = { type, id: part.id };
    if (server.name === undefined) item.name = part.name;
    if (server.jsonArguments === true) item.arguments = argumentsText(part);
    else if (isJsonObject(part.input)) spreadInto(item, part.input);
    else
      problems.warn(
        "value-converted",
        pointer(path, "input"),
        `${type} takes its input as fields; a non-object input was left out`,
      );
    spreadInto(item, fields);
    const result =
      next !== undefined && isPartOfType(next, "tool_result") && next.call_id === part.id && next.native_type === type
        ? next
        : undefined;
    if (result !== undefined) {
      reportUnmapped(result, toolResultFields, path, "OpenAI Responses", problems);
      if (isJsonObject(result.output)) spreadInto(item, result.output);
      else if (result.output !== undefined)
        problems.warn("value-converted", path, `${type} keeps its results as fields; a non-object output was left out`);
      spreadInto(item, fieldsOf(result));
    }
    return { item, consumedNext: result !== undefined };
  }
  const callId = mappedCallId(part.id, pointer(path, "id"), context);
  const client = type === undefined ? undefined : clientCalls[type];
  let item: JsonObject;
  if (type === "custom_tool_call") {
    item = {
      type,
      call_id: callId,
      name: part.name,
      input: typeof part.input === "string" ? part.input : argumentsText(part),
    };
    if (typeof part.input !== "string")
      problems.warn(
        "value-converted",
        pointer(path, "input"),
        "a custom tool takes free-form text; the input was sent as JSON text",
      );
  } else if (client !== undefined && type !== undefined) {
    item = { type, call_id: callId };
    if (isJsonObject(part.input)) spreadInto(item, part.input);
    else
      problems.warn(
        "value-converted",
        pointer(path, "input"),
        `${type} takes its input as fields; a non-object input was left out`,
      );
  } else {
    if (type !== undefined && type !== "function_call")
      problems.warn(
        "value-converted",
        pointer(path, "native_type"),
        `${withIndefiniteArticle(`${type} call`)} sent as a function_call`,
      );
    item = { type: "function_call", call_id: callId, name: part.name, arguments: argumentsText(part) };
  }
  if (part.item_id !== undefined) item.id = part.item_id;
  return { item: spreadInto(item, fields), consumedNext: false };
}

function resultToItem(
  part: Tolerant.ToolResultPart,
  path: string,
  context: FromCanonicalContext,
): JsonObject | undefined {
  const { problems } = context;
  const type = part.native_type ?? "function_call_output";
  const spec = clientResults[type];
  if (part.provider_executed === true || spec === undefined) {
    if (
      part.provider_executed === true ||
      (part.native_type !== undefined && serverCalls[part.native_type] !== undefined)
    ) {
      problems.warn(
        "part-dropped",
        path,
        `${withIndefiniteArticle(`${type} result`)} has no call beside it that OpenAI Responses could carry it in`,
      );
      return undefined;
    }
  }
  reportUnmapped(part, toolResultFields, path, "OpenAI Responses", problems);
  const resultType = spec === undefined ? "function_call_output" : type;
  if (spec === undefined)
    problems.warn(
      "value-converted",
      pointer(path, "native_type"),
      `${withIndefiniteArticle(`${type} result`)} sent as a function_call_output`,
    );
  const fields = fieldsOf(part);
  const item: JsonObject = { type: resultType, call_id: mappedCallId(part.call_id, pointer(path, "call_id"), context) };
  const outputKey = outputKeyOf(resultType);
  const contentList = clientResults[resultType]?.contentList === true;
  if (part.content !== undefined && contentList) {
    const list: JsonObject[] = [];
    if (part.output !== undefined) {
      problems.warn(
        "parts-merged",
        pointer(path, "output"),
        "output and content sent as one content list, output first",
      );
      list.push({
        type: "input_text",
        text: typeof part.output === "string" ? part.output : JSON.stringify(part.output),
      });
    }
    part.content.forEach((entry, index) => {
      const content = partToContent(entry, pointer(path, "content", index), "input", problems);
      if (content !== undefined) list.push(content);
    });
    item[outputKey] = list;
  } else {
    if (part.content !== undefined)
      problems.warn("field-dropped", pointer(path, "content"), `${resultType} has no content list`);
    let output = part.output;
    if (output === undefined && part.error !== undefined) output = part.error;
    if (contentList && output !== undefined && typeof output !== "string") {
      problems.warn(
        "value-converted",
        pointer(path, "output"),
        "a JSON output sent as JSON text (function_call_output takes a string)",
      );
      output = JSON.stringify(output);
    }
    if (output === undefined && contentList) {
      problems.warn(
        "value-assumed",
        pointer(path, "output"),
        "a result with no output sent with an empty output string",
      );
      output = "";
    }
    if (output !== undefined) item[outputKey] = cloneJson(output);
  }
  if (part.error !== undefined && (part.output !== undefined || part.content !== undefined))
    problems.warn("field-dropped", pointer(path, "error"), `${resultType} has no error field`);
  if (part.status !== "ok" && fields?.status === undefined) {
    if (part.status === "interrupted") item.status = "incomplete";
    else
      problems.warn(
        "status-mapped",
        pointer(path, "status"),
        `${resultType} has no ${part.status} status; the result was sent as an ordinary output`,
      );
  }
  return spreadInto(item, fields);
}

function reasoningToItem(
  part: Tolerant.ReasoningPart,
  path: string,
  context: FromCanonicalContext,
): { item?: JsonObject; text?: string } {
  const { problems } = context;
  const decision = decideReasoning(part, responsesTarget, context.policy, path);
  if (decision.action === "as-text") {
    problems.warnings.push(decision.warning);
    return { text: decision.text };
  }
  if (decision.action === "drop") {
    if (decision.warning !== undefined) problems.warnings.push(decision.warning);
    return {};
  }
  // Responses replays its own reasoning by item id, or (unstored, as Codex sends it) by its encrypted content alone:
  // Codex records its reasoning items without ids and sends them back so.
  const sendable =
    isSameIssuer(part.issuer, responsesTarget) &&
    part.issuer !== undefined &&
    (part.id !== undefined || part.encrypted_content !== undefined);
  if (decision.action === "as-reasoning" || !sendable) {
    const text = [part.text, ...(part.summary ?? [])]
      .filter((entry): entry is string => typeof entry === "string" && entry !== "")
      .join("\n\n");
    if (context.policy === "text" && text !== "") {
      problems.warn(
        "reasoning-demoted",
        path,
        "reasoning not issued by OpenAI Responses (no reasoning item id or encrypted content) sent as text",
      );
      return { text };
    }
    problems.warn(
      "reasoning-dropped",
      path,
      "reasoning not issued by OpenAI Responses (no reasoning item id or encrypted content to replay it by) left out",
    );
    return {};
  }
  reportUnmapped(part, reasoningKeys, path, "OpenAI Responses", problems);
  const fields = fieldsOf(part);
  const item: JsonObject = { type: "reasoning", ...(part.id === undefined ? {} : { id: part.id }) };
  if (fields?.summary === undefined && (part.summary !== undefined || !absentOf(fields).includes("summary")))
    item.summary = (part.summary ?? []).map((text) => ({ type: "summary_text", text }));
  if (part.encrypted_content !== undefined) item.encrypted_content = part.encrypted_content;
  if (part.text !== undefined) item.content = [{ type: "reasoning_text", text: part.text }];
  return { item: spreadInto(item, nativeOnly(fields)) };
}

/** Builds a message item from its content; a lone plain text part becomes a string. */
function messageItem(
  role: string,
  envelope: JsonObject | undefined,
  content: JsonObject[],
  parts: Tolerant.Part[],
): JsonObject {
  const item: JsonObject = {};
  spreadInto(item, without(envelope, ["role"]));
  item.role = typeof envelope?.role === "string" ? envelope.role : role;
  const only = parts.length === 1 ? parts[0] : undefined;
  item.content =
    only !== undefined && content.length === 1 && isWrittenAsPlainText(only)
      ? (only as Tolerant.TextPart).text
      : content;
  return item;
}

/**
 * Writes the parts of one canonical message as items, in order. Content parts gather into message items of `role`
 * (a part marked with `provider_fields.openai.item` starts a new one); every other part is an item of its own.
 * `envelope` is the first message item's own fields (for non-assistant messages, kept at message level).
 */
export function partsToItems(
  parts: readonly Tolerant.Part[],
  path: string,
  role: string,
  envelope: JsonObject | undefined,
  context: FromCanonicalContext,
): WrittenItem[] {
  const written: WrittenItem[] = [];
  const side: ContentSide = role === "assistant" ? "assistant" : "input";
  let pending:
    { envelope: JsonObject | undefined; content: JsonObject[]; parts: Tolerant.Part[]; path: string } | undefined;
  let firstEnvelope = envelope;
  const flush = (): void => {
    if (pending === undefined) return;
    if (pending.content.length > 0 || pending.envelope !== undefined)
      written.push({ item: messageItem(role, pending.envelope, pending.content, pending.parts), path: pending.path });
    pending = undefined;
  };
  const addContent = (
    content: JsonObject,
    part: Tolerant.Part,
    partPath: string,
    marker: JsonObject | undefined,
  ): void => {
    const split =
      context.splitPlainAssistantText === true &&
      side === "assistant" &&
      pending !== undefined &&
      isWrittenAsPlainText(part) &&
      pending.parts.every(isWrittenAsPlainText);
    if (pending === undefined || marker !== undefined || split) {
      flush();
      pending = { envelope: marker ?? firstEnvelope, content: [], parts: [], path: partPath };
      firstEnvelope = undefined;
    }
    pending.content.push(content);
    pending.parts.push(part);
  };
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index] as Tolerant.Part;
    const partPath = pointer(path, index);
    const fields = fieldsOf(part);
    const marker = isJsonObject(fields?.item) ? fields.item : undefined;
    if (isContentPart(part)) {
      const sent = foreignCitedText(part, partPath, side, context);
      const content = partToContent(sent, partPath, side, context.problems);
      if (content !== undefined) addContent(content, sent, partPath, marker);
      continue;
    }
    if (isPartOfType(part, "reasoning")) {
      const { item, text } = reasoningToItem(part, partPath, context);
      if (text !== undefined)
        addContent(
          { type: side === "assistant" ? "output_text" : "input_text", text },
          { type: "text", text },
          partPath,
          undefined,
        );
      if (item !== undefined) {
        flush();
        written.push({ item, path: partPath });
      }
      continue;
    }
    flush();
    if (isPartOfType(part, "tool_call")) {
      const { item, consumedNext } = callToItem(part, partPath, parts[index + 1], context);
      if (item !== undefined) written.push({ item, path: partPath });
      if (consumedNext) index += 1;
    } else if (isPartOfType(part, "tool_result")) {
      const item = resultToItem(part, partPath, context);
      if (item !== undefined) written.push({ item, path: partPath });
    } else if (isPartOfType(part, "compaction")) {
      if (
        part.encrypted_content !== undefined &&
        isSameIssuer(part.issuer, responsesTarget) &&
        part.issuer !== undefined
      ) {
        reportUnmapped(
          part,
          ["type", "id", "encrypted_content", "issuer", "provider_fields"],
          partPath,
          "OpenAI Responses",
          context.problems,
        );
        const item: JsonObject = { type: "compaction" };
        if (part.id !== undefined) item.id = part.id;
        item.encrypted_content = part.encrypted_content;
        written.push({ item: spreadInto(item, fields), path: partPath });
      } else {
        context.problems.warn(
          "part-dropped",
          partPath,
          `a compaction ${part.encrypted_content === undefined ? "without OpenAI encrypted content" : "issued by another provider"} cannot be sent to OpenAI Responses${part.summary === undefined ? "" : " (its summary was left out too)"}`,
        );
      }
    } else if (isPartOfType(part, "native") && !isContentNative(part)) {
      if (isSameIssuer(part.issuer, responsesTarget) && isJsonObject(part.data))
        written.push({ item: cloneJson(part.data), path: partPath });
      else
        context.problems.warn(
          "part-dropped",
          partPath,
          `${withIndefiniteArticle(`${part.native_type} block`)} of ${part.issuer.provider}${part.issuer.api === undefined ? "" : ` ${part.issuer.api}`} has no OpenAI Responses equivalent`,
        );
    } else {
      context.problems.warn(
        "part-dropped",
        partPath,
        `${withIndefiniteArticle(`${part.type} part`)} has no OpenAI Responses equivalent`,
      );
    }
  }
  flush();
  if (firstEnvelope !== undefined && Object.keys(firstEnvelope).length > 0)
    context.problems.warn("field-dropped", path, "the message's item fields had no message item to go on");
  return written;
}

/**
 * In a request, assistant text with citations from another API is sent as plain text, its citations named as left
 * out: annotations go only on output_text in an output message, which needs that message's own `id` and `status`
 * (OpenAI's specification), and a part from another API has neither. Responses' own text parts keep theirs.
 */
function foreignCitedText(
  part: Tolerant.Part,
  path: string,
  side: ContentSide,
  context: FromCanonicalContext,
): Tolerant.Part {
  if (context.splitPlainAssistantText !== true || side !== "assistant" || !isPartOfType(part, "text")) return part;
  if (part.citations === undefined || openaiFields(part.provider_fields) !== undefined) return part;
  if (part.citations.length > 0)
    context.problems.warn(
      "field-dropped",
      pointer(path, "citations"),
      "citations of another API's assistant text have no place in a Responses request (annotations go on an output message with its own id and status); the text was sent without them",
    );
  const { citations: _citations, ...plain } = part;
  return plain;
}

/** Whether an item is one that a reasoning item may precede: model output other than reasoning. */
export function canFollowReasoning(item: unknown): boolean {
  return itemKind(item) === "output" && !(isJsonObject(item) && item.type === "reasoning");
}
