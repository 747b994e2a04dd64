/**
 * Canonical parts → content blocks, the family's part: which part may go where (system prompt, message, tool result),
 * the foreign-reasoning policy, native blocks replayed only to their issuer, tool-call ids renamed with their results,
 * tool input the API cannot take, and the fallbacks every member shares (a refusal as text). How a block is spelled is
 * the member's (`BlockSpelling`). Every part or field left out is reported at its canonical path.
 */
import type { Tolerant } from "@agent-transcript/core";
import { isPartOfType, withIndefiniteArticle } from "@agent-transcript/core";
import {
  cloneJson,
  decideReasoning,
  isJsonObject,
  pointer,
  reportUnmapped,
  runFromCanonical,
  append,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  toolCallFields,
  type JsonObject,
  type Problems,
} from "../../conversion/index.js";
import {
  fromCanonicalContext,
  type BlockPlace,
  type ContentBlocksDialect,
  type FromCanonicalContext,
  type FromCanonicalMode,
} from "./dialect.js";
import { asNative, fieldsOf } from "./native-fields.js";

export { FromCanonicalContext, fromCanonicalContext, type FromCanonicalMode } from "./dialect.js";

/**
 * Runs one of the family's conversions from the canonical form (a request, a response or a stream: `mode`) in a fresh
 * context; `write` builds the member's native value, which is typed as the member's `T` only here, at the boundary.
 */
export function writeFromCanonical<T>(
  dialect: ContentBlocksDialect,
  document: unknown,
  options: FromCanonicalOptions,
  mode: FromCanonicalMode,
  write: (document: Tolerant.Transcript, context: FromCanonicalContext) => JsonObject | JsonObject[] | undefined,
): FromCanonicalResult<T> {
  return runFromCanonical(document, options, (checked, problems) => {
    const value = write(checked, fromCanonicalContext(dialect, checked, problems, options, mode));
    return value === undefined ? undefined : asNative<T>(value);
  });
}

/**
 * The blocks of a message's parts, each remembered with the canonical path of its part (`context.paths`, for the
 * warnings of later regrouping and streaming). In a message, a tool call is a tool-call block and a tool result what
 * `result` makes of it (the request's user turn and the response's model turn take different results); anything
 * else, and every part of the system prompt, is `partToBlocks`'.
 */
export function messageBlocks(
  dialect: ContentBlocksDialect,
  parts: readonly Tolerant.Part[],
  path: string,
  context: FromCanonicalContext,
  place: "message" | "system",
  result: (part: Tolerant.ToolResultPart, path: string) => JsonObject | undefined,
): JsonObject[] {
  const blocks: JsonObject[] = [];
  parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    const converted: JsonObject[] = [];
    if (place === "message" && isPartOfType(part, "tool_call")) {
      const block = toolCallBlock(dialect, part, partPath, context);
      if (block !== undefined) converted.push(block);
    } else if (place === "message" && isPartOfType(part, "tool_result")) {
      const block = result(part, partPath);
      if (block !== undefined) converted.push(block);
    } else append(converted, partToBlocks(dialect, part, partPath, context, place));
    for (const block of converted) context.paths.set(block, partPath);
    append(blocks, converted);
  });
  return blocks;
}

/** Reports every present field of a part outside `handled` as dropped. */
export function reportUnhandled(
  dialect: ContentBlocksDialect,
  part: object,
  handled: readonly string[],
  path: string,
  problems: Problems,
): void {
  reportUnmapped(part, handled, path, dialect.names.api, problems);
}

/** Whether opaque data or a native block was issued by the member's provider. */
export function isOwnIssuer(dialect: ContentBlocksDialect, issuer: { provider: string } | undefined): boolean {
  return issuer?.provider === dialect.issuer.provider;
}

/** The blocks one canonical part becomes: none (left out, with a warning), one, or a fallback. */
export function partToBlocks(
  dialect: ContentBlocksDialect,
  part: Tolerant.Part,
  path: string,
  context: FromCanonicalContext,
  place: BlockPlace,
): JsonObject[] {
  const spelling = dialect.blocks;
  const { problems } = context;
  if (isPartOfType(part, "text")) return spelling.textBlocks(part, path, context);
  if (place === "system" && !(spelling.systemTakesNative && isPartOfType(part, "native"))) {
    problems.warn(
      "part-dropped",
      path,
      `${withIndefiniteArticle(`${part.type} part`)} cannot be part of ${dialect.names.short}'s system prompt, which holds ${spelling.systemHolds} only`,
    );
    return [];
  }
  if (isPartOfType(part, "native")) {
    if (isOwnIssuer(dialect, part.issuer) && isJsonObject(part.data)) return [cloneJson(part.data)];
    problems.warn(
      "part-dropped",
      path,
      `a native ${part.native_type} block from ${part.issuer.provider} has no ${dialect.names.api} equivalent`,
    );
    return [];
  }
  if (isPartOfType(part, "image")) return spelling.imageBlocks(part, path, context, place);
  if (isPartOfType(part, "file")) return spelling.fileBlocks(part, path, context, place);
  if (isPartOfType(part, "audio")) {
    const notice = place === "tool_result" ? spelling.audio.toolResult : spelling.audio.message;
    problems.warn(notice.code, path, notice.message);
    return [];
  }
  if (place === "tool_result") {
    problems.warn(
      "part-dropped",
      path,
      `${withIndefiniteArticle(`${part.type} part`)} cannot be in ${dialect.names.short} ${spelling.toolResult} content (${spelling.toolResultHolds} only)`,
    );
    return [];
  }
  if (isPartOfType(part, "reasoning")) return reasoningBlocks(dialect, part, path, context);
  if (isPartOfType(part, "compaction")) return spelling.compactionBlocks(part, path, context);
  if (isPartOfType(part, "refusal")) {
    problems.warn("value-converted", path, `${dialect.names.short} has no refusal block; the refusal was sent as text`);
    return [spelling.text(part.text)];
  }
  problems.warn(
    "part-dropped",
    path,
    `${withIndefiniteArticle(`${part.type} part`)} has no ${dialect.names.api} equivalent`,
  );
  return [];
}

/** Reasoning after the foreign-reasoning policy: left out, sent as text, or handed to the member's writer. */
function reasoningBlocks(
  dialect: ContentBlocksDialect,
  part: Tolerant.ReasoningPart,
  path: string,
  context: FromCanonicalContext,
): JsonObject[] {
  const { problems } = context;
  const decision = decideReasoning(part, dialect.issuer, context.policy, path);
  if (decision.action === "drop") {
    if (decision.warning) problems.warnings.push(decision.warning);
    return [];
  }
  if (decision.action === "as-text") {
    problems.warnings.push(decision.warning);
    return [dialect.blocks.text(decision.text)];
  }
  return dialect.blocks.reasoningBlocks(part, decision, path, context);
}

/** A tool call → the member's tool-call block; calls to tools another provider ran are left out. */
export function toolCallBlock(
  dialect: ContentBlocksDialect,
  part: Tolerant.ToolCallPart,
  path: string,
  context: FromCanonicalContext,
): JsonObject | undefined {
  const spelling = dialect.blocks;
  const { problems } = context;
  const { short } = dialect.names;
  if (part.provider_executed === true) {
    if (!spelling.isReplayableServerCall(part)) {
      problems.warn(
        "part-dropped",
        path,
        `a call to ${part.native_type ?? "a tool"} run by another provider cannot be replayed to ${short}`,
      );
      return undefined;
    }
  } else if (part.native_type !== undefined) {
    problems.warn(
      "field-dropped",
      pointer(path, "native_type"),
      `the native type ${part.native_type} was sent as a plain ${spelling.toolUse}`,
    );
  }
  const { block, body } = spelling.openToolUse(part, fieldsOf(dialect, part));
  body[spelling.callIdKey] = context.callId(part.id, pointer(path, "id"));
  body.name = context.toolNames.get(part.name) ?? part.name;
  const objectOnly = spelling.toolInput === "object";
  if (part.input === undefined && context.mode === "stream" && part.raw_input !== undefined) {
    // A stream sends the arguments as text, so a call cut off mid-arguments goes back as it was received.
    body.input = {};
    context.partialInputs.set(body, part.raw_input);
  } else if (part.input === undefined) {
    problems.warn(
      "value-assumed",
      pointer(path, "raw_input"),
      `the arguments did not parse as JSON (${part.input_error ?? "no reason given"}); ${short} needs ${objectOnly ? "an object" : "a JSON value"}, so {} was sent`,
    );
    body.input = {};
  } else if (!objectOnly || isJsonObject(part.input)) {
    body.input = part.input;
    if (part.raw_input !== undefined)
      problems.warn(
        "field-dropped",
        pointer(path, "raw_input"),
        `${short} takes the arguments as ${objectOnly ? "an object" : "JSON"}; their exact text was not kept`,
      );
  } else {
    problems.warn(
      "value-converted",
      pointer(path, "input"),
      `${short} tool input must be an object; the value was wrapped as {"value": …}`,
    );
    body.input = { value: part.input };
  }
  reportUnhandled(dialect, part, toolCallFields, path, problems);
  return block;
}

/** The text of readable reasoning: its text and summaries, blank ones left out. */
export function readableText(part: Tolerant.ReasoningPart): string {
  return [part.text, ...(part.summary ?? [])]
    .filter((entry): entry is string => typeof entry === "string" && entry !== "")
    .join("\n\n");
}
