// A deliberately small Claude Code → canonical converter, only so the benchmark corpus has the sizes and shapes of
// real sessions (long tool outputs, many small messages, split API responses). It is not the importer: it keeps no
// progress/system/snapshot lines, does not link subagents, and drops nothing else on purpose beyond that.
import { formatVersion, normalizeUsage, sumUsage } from "@agent-transcript/core";
import type {
  FinishReason,
  Message,
  Part,
  ToolCallPart,
  ToolResultPart,
  ToolResultStatus,
  Transcript,
  Usage,
} from "@agent-transcript/core";

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringField(record: JsonRecord, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" ? value : undefined;
}

const anthropicIssuer = (model: string | undefined): { provider: string; api: string; model?: string } =>
  model === undefined ? { provider: "anthropic", api: "messages" } : { provider: "anthropic", api: "messages", model };

const finishReasons: Readonly<Record<string, FinishReason>> = {
  end_turn: "stop",
  stop_sequence: "stop",
  tool_use: "tool_calls",
  max_tokens: "length",
  pause_turn: "pause",
  refusal: "refusal",
};

/** Claude Code writes these texts for tool uses the user refused or cut short; everything else with is_error failed. */
function toolResultStatus(isError: boolean, text: string): ToolResultStatus {
  if (!isError) return "ok";
  if (text.includes("doesn't want to proceed") || text.includes("tool use was rejected")) return "denied";
  if (text.includes("[Request interrupted")) return "interrupted";
  return "error";
}

/** Parts inside a tool_result's `content` array (text and images in practice). */
function nestedPart(block: JsonRecord, model: string | undefined): Part {
  const type = stringField(block, "type");
  const text = stringField(block, "text");
  if (type === "text" && text !== undefined) return { type: "text", text };
  const source = block.source;
  if (type === "image" && isRecord(source) && source.type === "base64" && typeof source.data === "string") {
    const mediaType = stringField(source, "media_type");
    return mediaType === undefined
      ? { type: "image", data: source.data }
      : { type: "image", media_type: mediaType, data: source.data };
  }
  return { type: "native", native_type: type ?? "unknown", data: block, issuer: anthropicIssuer(model) };
}

/** A content block of an assistant (or user) message; tool results are handled by the caller. */
function contentPart(block: JsonRecord, model: string | undefined): Part {
  const type = stringField(block, "type");
  if (type === "thinking") {
    const signature = stringField(block, "signature");
    const text = stringField(block, "thinking") ?? "";
    return signature
      ? { type: "reasoning", text, signature, issuer: anthropicIssuer(model) }
      : { type: "reasoning", text };
  }
  if (type === "redacted_thinking" && typeof block.data === "string") {
    return { type: "reasoning", redacted_data: block.data, issuer: anthropicIssuer(model) };
  }
  const id = stringField(block, "id");
  const name = stringField(block, "name");
  if (type === "tool_use" && id && name) {
    // Claude Code adds fields such as `caller`; they have no canonical place, so they ride in provider_fields.
    const { type: _type, id: _id, name: _name, input, ...rest } = block;
    const part: ToolCallPart = { type: "tool_call", id, name, input };
    return Object.keys(rest).length > 0 ? { ...part, provider_fields: { anthropic: rest } } : part;
  }
  return nestedPart(block, model);
}

interface PendingAssistant {
  message: Message;
  responseId: string;
}

/**
 * Converts the lines of one Claude Code session (JSONL lines, or the `loglines` of a claude.ai export) into a
 * canonical transcript. `sourcePath` is only recorded in `source.path`.
 */
export function claudeCodeTranscript(lines: readonly unknown[], sourcePath: string, fallbackId: string): Transcript {
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();
  let sessionId: string | undefined;
  let version: string | undefined;
  let firstTimestamp: string | undefined;
  let lastTimestamp: string | undefined;
  let pending: PendingAssistant | undefined;

  for (const line of lines) {
    if (!isRecord(line) || !isRecord(line.message)) continue;
    const lineType = stringField(line, "type");
    if (lineType !== "user" && lineType !== "assistant") continue;
    const message = line.message;
    const timestamp = stringField(line, "timestamp");
    const uuid = stringField(line, "uuid");
    sessionId ??= stringField(line, "sessionId");
    version ??= stringField(line, "version");
    if (timestamp !== undefined) {
      firstTimestamp ??= timestamp;
      lastTimestamp = timestamp;
    }
    const content = message.content;

    if (lineType === "assistant") {
      const model = stringField(message, "model");
      const responseId = stringField(message, "id");
      const blocks = Array.isArray(content) ? content.filter(isRecord) : [];
      const parts = blocks.map((block) => contentPart(block, model));
      for (const block of blocks) {
        const id = stringField(block, "id");
        const name = stringField(block, "name");
        if (block.type === "tool_use" && id && name) toolNames.set(id, name);
      }
      // Claude Code writes one API response as several lines sharing message.id, one content block each.
      const target =
        pending !== undefined && responseId !== undefined && pending.responseId === responseId
          ? pending.message
          : undefined;
      if (target !== undefined) {
        target.parts.push(...parts);
        if (timestamp !== undefined) target.completed_at = timestamp;
      } else {
        const created: Message = { role: "assistant", parts };
        if (uuid !== undefined) created.id = uuid;
        if (timestamp !== undefined) created.created_at = timestamp;
        if (model !== undefined) created.model = model;
        if (responseId !== undefined) created.response_id = responseId;
        messages.push(created);
        pending = responseId === undefined ? undefined : { message: created, responseId };
      }
      const current = target ?? (messages[messages.length - 1] as Message);
      const stopReason = stringField(message, "stop_reason");
      if (stopReason !== undefined) {
        current.native_finish_reason = stopReason;
        current.finish_reason = finishReasons[stopReason] ?? "other";
      }
      // Every line of a split response repeats the usage; the last one is final.
      const usage = normalizeUsage("anthropic", message.usage);
      if (usage !== undefined) current.usage = usage;
      continue;
    }

    pending = undefined;
    const userParts: Part[] = [];
    const toolParts: Part[] = [];
    if (typeof content === "string") userParts.push({ type: "text", text: content });
    else if (Array.isArray(content)) {
      for (const block of content.filter(isRecord)) {
        const callId = stringField(block, "tool_use_id");
        if (block.type === "tool_result" && callId)
          toolParts.push(toolResultPart(block, callId, toolNames.get(callId)));
        else userParts.push(contentPart(block, undefined));
      }
    }
    // Anthropic puts tool results in user turns; the canonical form gives them a tool message of their own.
    for (const [role, parts, suffix] of [
      ["tool", toolParts, ""],
      ["user", userParts, toolParts.length > 0 ? "-text" : ""],
    ] as const) {
      if (parts.length === 0) continue;
      const created: Message = { role, parts };
      if (uuid !== undefined) created.id = `${uuid}${suffix}`;
      if (timestamp !== undefined) created.created_at = timestamp;
      messages.push(created);
    }
  }

  const firstUserText = messages.find((message) => message.role === "user")?.parts.find((part) => part.type === "text");
  const transcript: Transcript = {
    schema_version: formatVersion,
    id: sessionId ?? fallbackId,
    source: { format: "claude-code", path: sourcePath },
    producer: { name: "claude-code" },
    messages,
  };
  if (firstUserText?.type === "text") transcript.title = firstUserText.text.slice(0, 80);
  if (firstTimestamp !== undefined) transcript.created_at = firstTimestamp;
  if (lastTimestamp !== undefined) transcript.updated_at = lastTimestamp;
  if (version !== undefined) {
    transcript.producer = { name: "claude-code", version };
    if (transcript.source) transcript.source.format_version = version;
  }
  if (sessionId !== undefined && transcript.source) transcript.source.session_id = sessionId;
  if (firstTimestamp !== undefined && lastTimestamp !== undefined) {
    transcript.run = {
      status: "completed",
      started_at: firstTimestamp,
      ended_at: lastTimestamp,
      duration_ms: Math.max(0, Date.parse(lastTimestamp) - Date.parse(firstTimestamp)),
    };
  }
  const usages = messages.flatMap((message): Usage[] => (message.usage === undefined ? [] : [message.usage]));
  if (usages.length > 0) transcript.usage = sumUsage(usages);
  return transcript;
}

function toolResultPart(block: JsonRecord, callId: string, name: string | undefined): Part {
  const content = block.content;
  const nested = Array.isArray(content)
    ? content.filter(isRecord).map((item) => nestedPart(item, undefined))
    : undefined;
  const text =
    typeof content === "string"
      ? content
      : (nested ?? []).map((part) => (part.type === "text" ? part.text : "")).join("\n");
  const part: ToolResultPart = {
    type: "tool_result",
    call_id: callId,
    status: toolResultStatus(block.is_error === true, text),
  };
  if (name !== undefined) part.name = name;
  if (nested !== undefined) part.content = nested;
  else if (content !== undefined) part.output = content;
  return part;
}
