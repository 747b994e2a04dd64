/**
 * Gemini `Content` ↔ canonical messages, and the pairing rules between function calls and their responses.
 *
 * Import: `systemInstruction` → a `system` message; `role: "model"` → `assistant` (issued by Google); `role: "user"`
 * → `tool` when every part is a functionResponse, otherwise `user` (tool_result parts may sit in user messages).
 * Consecutive Contents are never merged, so a request comes back Content for Content.
 *
 * Export: messages become Contents one for one (Gemini itself accepts consecutive Contents of one role and treats
 * them as one turn), except that Gemini requires all function responses answering one model turn in ONE user
 * Content, as many as there were calls. Results spread over several messages (OpenAI Chat's one tool message per
 * call) are regrouped into the first Content after the turn, in call order (`results-regrouped`); a call without a
 * result gets a stated `{ error }` response (`value-assumed`); a result answering no call of that turn is left out
 * (`tool-result-unmatched`).
 *
 * Gemini rejects a function call turn that does not come right after a user turn ("Please ensure that function
 * call turn comes immediately after a user turn or after a function response turn"). A history that opens with the
 * model's function calls (a response used alone) gets a placeholder user Content first, as the Anthropic converter
 * does (`value-assumed`); one that opens with plain model text is accepted by Gemini and left as it is.
 */
import type { Message, Part, Tolerant } from "@agent-transcript/core";
import { describeCount, isPartOfType, withIndefiniteArticle } from "@agent-transcript/core";
import { append, isSameIssuer } from "../../conversion/index.js";
import {
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
  geminiIssuer,
  googleFields,
  marker,
  mergeNative,
  providerFields,
} from "./native-fields.js";
import { importPart, type PartToCanonicalContext } from "./content-parts-to-canonical.js";
import {
  partFromCanonical,
  type PartFromCanonical,
  type PartFromCanonicalContext,
} from "./content-parts-from-canonical.js";

/** The text of the user Content put before a history that opens with the model's function calls. */
export const placeholderUserText = "Continue.";

/** The value AI SDK sends in place of a thought signature Gemini 3 requires but a foreign call cannot have. */
export const skipSignatureSentinel = "skip_thought_signature_validator";

/** One native Content as a canonical message. `kind` says where it came from. */
export function contentToCanonical(
  value: unknown,
  path: string,
  context: PartToCanonicalContext,
  kind: "system" | "content" | "candidate",
): Message | undefined {
  const { problems } = context;
  const reader = NativeReader.open(value, path, problems, "a Gemini Content");
  if (reader === undefined) return undefined;
  const fields: JsonObject = {};
  let role: Message["role"] = kind === "system" ? "system" : kind === "candidate" ? "assistant" : "user";
  // A candidate's content without a role (the API sends "model") is written back without one.
  if (kind === "candidate" && !reader.has("role")) setField(fields, marker.roleAbsent, true);
  if (kind === "content") {
    const nativeRole = reader.peek("role");
    if (nativeRole === undefined) setField(fields, marker.roleAbsent, true);
    else if (nativeRole === "model" || nativeRole === "user") {
      reader.take("role");
      role = nativeRole === "model" ? "assistant" : "user";
    } else {
      problems.error(reader.at("role"), 'must be "user" or "model"');
      return undefined;
    }
  } else if (kind === "candidate" && reader.peek("role") === "model") {
    reader.take("role");
  }
  // A new model turn starts a new set of calls to answer; consecutive model Contents form one turn.
  if (role === "assistant" && context.lastRole !== "assistant") context.pending.length = 0;
  context.lastRole = role;
  const parts: Part[] = [];
  const nativeParts = reader.array("parts");
  if (nativeParts === undefined && reader.peek("parts") === undefined) setField(fields, marker.partsAbsent, true);
  nativeParts?.forEach((item, index) => {
    const part = importPart(item, pointer(reader.path, "parts", index), context);
    if (part !== undefined) parts.push(part);
  });
  reader.keepRest(fields);
  if (
    role === "user" &&
    parts.length > 0 &&
    parts.every((part) => isPartOfType(part, "tool_result") && part.native_type === undefined)
  )
    role = "tool";
  const message: Message = { role, parts };
  if (role === "assistant") message.issuer = { ...geminiIssuer };
  const kept = providerFields(fields);
  if (kept !== undefined) message.provider_fields = kept;
  return message;
}

/** A Content being written, with where each part came from. */
export interface OutContent {
  role: "user" | "model";
  parts: PartFromCanonical[];
  message: Tolerant.Message;
  path: string;
}

export interface ContentsExport {
  contents: JsonObject[];
  systemInstruction?: JsonObject;
}

/** Writes the message list as Gemini contents plus systemInstruction. */
export function exportContents(
  messages: readonly Tolerant.Message[],
  context: PartFromCanonicalContext,
): ContentsExport {
  const { problems } = context;
  const systemParts: PartFromCanonical[] = [];
  const systemMessages: Array<{ message: Tolerant.Message; path: string }> = [];
  const out: OutContent[] = [];
  messages.forEach((message, index) => {
    const path = pointer("", "messages", index);
    reportUnmapped(message, ["role", "parts", "provider_fields", "issuer"], path, "Gemini", problems);
    const parts = message.parts.flatMap((part, partIndex) =>
      partFromCanonical(part, pointer(path, "parts", partIndex), context),
    );
    if (message.role === "system" || message.role === "developer") {
      if (message.role === "developer")
        problems.warn("role-mapped", pointer(path, "role"), "a developer message was sent as the system instruction");
      if (out.length > 0)
        problems.warn(
          "order-changed",
          path,
          "a system message inside the conversation was hoisted into systemInstruction",
        );
      append(systemParts, parts);
      systemMessages.push({ message, path });
      return;
    }
    if (message.role !== "user" && message.role !== "assistant" && message.role !== "tool") {
      problems.warn("message-dropped", path, `${withIndefiniteArticle(`${message.role} message`)} has no Gemini role`);
      return;
    }
    const fromGemini = googleFields(message) !== undefined || isSameIssuer(message.issuer, geminiIssuer);
    if (parts.length === 0 && (message.parts.length > 0 || !fromGemini)) {
      problems.warn(
        "message-dropped",
        path,
        "nothing of this message can be sent to Gemini, and Gemini rejects a Content without parts",
      );
      return;
    }
    if (message.role === "tool") {
      for (const part of parts) {
        if (part.result === undefined)
          problems.warn("role-mapped", part.path, "a non-result part of a tool message was sent in a user Content");
      }
    }
    out.push({ role: message.role === "assistant" ? "model" : "user", parts, message, path });
  });

  applySignaturePolicy(out, problems);
  regroupResults(out, problems);

  const contents = out.map((content) => {
    const google = googleFields(content.message);
    const native: JsonObject = {};
    if (!(google?.[marker.partsAbsent] === true && content.parts.length === 0))
      native.parts = content.parts.map((part) => part.native);
    if (google?.[marker.roleAbsent] !== true) native.role = content.role;
    mergeNative(native, google);
    applySnakeCase(native, google?.[marker.snakeCase]);
    return native;
  });
  if (opensWithCallTurn(contents)) {
    problems.warn(
      "value-assumed",
      out[0]?.path ?? "/messages",
      `Gemini needs a user turn before a function call turn, and the conversation starts with the model's function calls; a placeholder user Content (${JSON.stringify(placeholderUserText)}) was added`,
    );
    contents.unshift({ role: "user", parts: [{ text: placeholderUserText }] });
  }
  const result: ContentsExport = { contents };
  if (systemMessages.length > 0) {
    if (systemMessages.length > 1)
      problems.warn(
        "parts-merged",
        systemMessages[1]?.path ?? "",
        `${systemMessages.length} system messages were joined into one systemInstruction`,
      );
    const first = systemMessages[0]?.message;
    const google = googleFields(first);
    const instruction: JsonObject = {};
    if (!(google?.[marker.partsAbsent] === true && systemParts.length === 0))
      instruction.parts = systemParts.map((part) => part.native);
    mergeNative(instruction, google);
    applySnakeCase(instruction, google?.[marker.snakeCase]);
    result.systemInstruction = instruction;
  }
  return result;
}

/** Whether the first turn (the leading model Contents) makes function calls, which Gemini rejects with no user turn before. */
function opensWithCallTurn(contents: readonly JsonObject[]): boolean {
  for (const content of contents) {
    if (content.role !== "model") return false;
    const parts = Array.isArray(content.parts) ? content.parts : [];
    if (
      parts.some((part) => isJsonObject(part) && (isJsonObject(part.functionCall) || isJsonObject(part.function_call)))
    )
      return true;
  }
  return false;
}

/**
 * Gemini 3 rejects a model turn whose first function call has no thought signature. Calls another provider made
 * never have a Gemini signature, so each such model Content gets the documented sentinel (the AI SDK's policy) on
 * its first call, with a warning. Contents Gemini itself issued are replayed exactly as they were.
 */
function applySignaturePolicy(out: OutContent[], problems: Problems): void {
  for (const content of out) {
    if (content.role !== "model" || isSameIssuer(content.message.issuer, geminiIssuer)) continue;
    const calls = content.parts.filter((part) => part.call !== undefined && isJsonObject(part.native.functionCall));
    const first = calls[0];
    if (first === undefined || calls.some((part) => part.call?.signed === true)) continue;
    first.native.thoughtSignature = skipSignatureSentinel;
    problems.warn(
      "value-assumed",
      first.path,
      `a function call Gemini did not issue carries no thought signature; sent with "${skipSignatureSentinel}" so Gemini 3 accepts it`,
    );
  }
}

function regroupResults(out: OutContent[], problems: Problems): void {
  const placed = new Set<PartFromCanonical>();
  let index = 0;
  while (index < out.length) {
    if (out[index]?.role !== "model") {
      index += 1;
      continue;
    }
    let end = index;
    const calls: NonNullable<PartFromCanonical["call"]>[] = [];
    const callPaths: string[] = [];
    while (end < out.length && out[end]?.role === "model") {
      for (const part of out[end]?.parts ?? []) {
        // Server-side calls (executableCode, toolCall) are answered inside the model turn itself.
        if (part.call !== undefined && isJsonObject(part.native.functionCall)) {
          calls.push(part.call);
          callPaths.push(part.path);
        }
      }
      end += 1;
    }
    if (calls.length === 0) {
      index = end;
      continue;
    }
    let userEnd = end;
    while (userEnd < out.length && out[userEnd]?.role === "user") userEnd += 1;
    const userContents = out.slice(end, userEnd);
    const results = userContents.flatMap((content) =>
      content.parts.filter((part) => part.result !== undefined && isJsonObject(part.native.functionResponse)),
    );
    const target = userContents[0];
    const inFirst =
      target?.parts.filter((part) => part.result !== undefined && isJsonObject(part.native.functionResponse)) ?? [];
    const ids = calls.map((call) => call.id);
    const fine =
      target !== undefined &&
      inFirst.length === results.length &&
      results.length === calls.length &&
      ids.every((id) => results.filter((part) => part.result?.callId === id).length === 1);
    if (fine) {
      for (const part of results) placed.add(part);
      index = userEnd;
      continue;
    }
    const used = new Set<PartFromCanonical>();
    const ordered: PartFromCanonical[] = calls.map((call, callIndex) => {
      const match = results.find((part) => !used.has(part) && part.result?.callId === call.id);
      if (match !== undefined) {
        used.add(match);
        return match;
      }
      const path = callPaths[callIndex] ?? "";
      problems.warn(
        "value-assumed",
        path,
        `the ${call.name} call has no result; Gemini requires one, so { error } stating that none was recorded was sent`,
      );
      const response: JsonObject = { name: call.name, response: { error: "no result was recorded for this call" } };
      return { native: { functionResponse: response }, result: { callId: call.id, name: call.name }, path };
    });
    for (const part of ordered) placed.add(part);
    const others = (target?.parts ?? []).filter(
      (part) => !(part.result !== undefined && isJsonObject(part.native.functionResponse)),
    );
    problems.warn(
      "results-regrouped",
      results[0]?.path ?? callPaths[0] ?? "",
      `${describeCount(results.length, "function response")} ${results.length === 1 ? "was" : "were"} regrouped into one user Content answering the ${describeCount(calls.length, "call")} of the model turn, in call order`,
    );
    if (target === undefined) {
      out.splice(end, 0, {
        role: "user",
        parts: ordered,
        message: { role: "tool", parts: [] },
        path: callPaths[0] ?? "",
      });
      index = end + 1;
      continue;
    }
    // Matching by id copies the call's native id onto its placeholder response.
    for (const part of ordered) {
      const response = part.native.functionResponse;
      const call = out
        .slice(index, end)
        .flatMap((content) => content.parts)
        .find((candidate) => candidate.call?.id === part.result?.callId);
      const callBody = call?.native.functionCall;
      if (isJsonObject(response) && isJsonObject(callBody) && callBody.id !== undefined && response.id === undefined)
        response.id = callBody.id;
    }
    target.parts = [...ordered, ...others];
    for (const content of userContents.slice(1))
      content.parts = content.parts.filter(
        (part) => !(part.result !== undefined && isJsonObject(part.native.functionResponse)),
      );
    index = userEnd;
  }
  // Function responses outside the Content right after a call turn answer nothing Gemini can pair them with.
  for (const content of out) {
    content.parts = content.parts.filter((part) => {
      if (part.result === undefined || !isJsonObject(part.native.functionResponse) || placed.has(part)) return true;
      problems.warn(
        "tool-result-unmatched",
        part.path,
        `the result for ${part.result.callId} answers no call of the model turn before it; left out`,
      );
      return false;
    });
  }
  for (let position = out.length - 1; position >= 0; position -= 1) {
    const content = out[position];
    if (content !== undefined && content.parts.length === 0 && content.message.parts.length > 0)
      out.splice(position, 1);
  }
}
