/**
 * A canonical document (with its child runs) as OTLP/JSON traces that follow the OpenTelemetry GenAI semantic
 * conventions, v1.41.1 (`semanticConventionsVersion`; Development stability).
 *
 * - Each run is an `invoke_agent` span (INTERNAL), the document's root run the trace's root; a child run is a child of
 *   the `execute_tool` span of the call that started it (`run.children[].call_id`), else of its parent run's span.
 * - Each assistant message is a model call: a `chat {model}` span (CLIENT) under its run's span, from the time of the
 *   message before it (when the request went out) to its own (`completed_at`, else `created_at`), with
 *   `gen_ai.provider.name`, request and response model, response id, finish reasons and the usage counts
 *   (`gen_ai.usage.input_tokens`, `output_tokens`, `cache_read.input_tokens`, `cache_creation.input_tokens`,
 *   `reasoning.output_tokens`).
 * - Each tool call is an `execute_tool {name}` span (INTERNAL) under the model call that asked for it, from the call's
 *   time to its result's (its `duration_ms` when the result gives one), with `gen_ai.tool.name`, `gen_ai.tool.call.id`
 *   and `gen_ai.tool.type`; a failed result is an error status and an `exception` event.
 * - Content is left out unless asked for (`content: "attributes"`): then the model call's input messages (the run's
 *   messages before it), output messages, system instructions and tool definitions, and each tool call's arguments
 *   and result, are JSON strings on the spans, each within `maxAttributeBytes` (the oldest input messages are left
 *   out first, a long text is cut; `agent_transcript.truncated` names what was). With `content: "reference"` each
 *   span names where its content is instead: the transcript file and the JSON pointer of the message.
 * - Trace and span ids are derived from the document's id and each item's place (name-based UUIDs), so exporting the same
 *   document twice gives the same ids and a backend that de-duplicates keeps one copy.
 *
 * What the conventions have no place for (and this export leaves out): reasoning signatures and encrypted reasoning,
 * citations, provider-specific fields, costs (`agent_transcript.cost.*` carries them as our own attributes), plan,
 * diff and command parts other than as text, attachments' bytes beyond the attribute size, redaction records.
 */
import { nameBasedUuid, utf8ByteLength, type Tolerant } from "@agent-transcript/core";
import type {
  GenAiChatMessage,
  GenAiOutputMessage,
  GenAiPart,
  GenAiToolDefinition,
  OtlpAnyValue,
  OtlpEvent,
  OtlpKeyValue,
  OtlpSpan,
  OtlpTraceRequest,
} from "./types.js";

/** The version of the GenAI semantic conventions this export follows. */
export const semanticConventionsVersion = "1.41.1";
const schemaUrl = `https://opentelemetry.io/schemas/${semanticConventionsVersion}`;

export interface OtlpExportOptions {
  /** `none` (the default): no message content; `attributes`: on the spans as JSON strings; `reference`: where it is. */
  content?: "none" | "attributes" | "reference";
  /** The file the document was read from, named by `content: "reference"`. */
  sourceFile?: string;
  /** Largest content attribute, in UTF-8 bytes; default 64 KiB. */
  maxAttributeBytes?: number;
  /** `service.name` of the resource; default `agent-transcript`. */
  serviceName?: string;
  /** The exporter's version, for the instrumentation scope. */
  version?: string;
}

type Transcript = Tolerant.Transcript;
type Message = Tolerant.Message;

/** Canonical issuers' providers as the conventions name them (`gen_ai.provider.name`'s well-known values). */
const providerNames: Readonly<Record<string, string>> = {
  anthropic: "anthropic",
  openai: "openai",
  google: "gcp.gemini",
  gemini: "gcp.gemini",
  "google-vertex": "gcp.vertex_ai",
  vertex: "gcp.vertex_ai",
  bedrock: "aws.bedrock",
  "aws-bedrock": "aws.bedrock",
  mistral: "mistral_ai",
  cohere: "cohere",
  deepseek: "deepseek",
  groq: "groq",
  xai: "x_ai",
  perplexity: "perplexity",
  azure: "azure.ai.openai",
};

/** An agent's session format, for the provider of its calls when a message names none. */
const providersOfFormats: Readonly<Record<string, string>> = {
  "claude-code": "anthropic",
  anthropic: "anthropic",
  codex: "openai",
  "openai-chat": "openai",
  "openai-responses": "openai",
  "gemini-cli": "gcp.gemini",
  gemini: "gcp.gemini",
  "bedrock-converse": "aws.bedrock",
  mistral: "mistral_ai",
};

/** A model's name, for its provider when nothing else names one (the families' own prefixes). */
const providersOfModels: ReadonlyArray<[RegExp, string]> = [
  [/^claude/, "anthropic"],
  [/^(?:gpt|o\d|codex|chatgpt)/, "openai"],
  [/^gemini/, "gcp.gemini"],
  [/^(?:mistral|codestral|devstral|magistral|ministral|pixtral)/, "mistral_ai"],
  [/^deepseek/, "deepseek"],
  [/^grok/, "x_ai"],
];

/** The provider of a call: its issuer's, else its run's (or root's) format's, else its model family's. */
function providerOf(message: Message, run: Transcript, root: Transcript): string | undefined {
  const issued = message.issuer?.provider;
  if (typeof issued === "string" && issued !== "") return providerNames[issued] ?? issued;
  const format = run.source?.format ?? root.source?.format;
  if (typeof format === "string" && providersOfFormats[format] !== undefined) return providersOfFormats[format];
  const model = typeof message.model === "string" ? message.model.toLowerCase() : "";
  return providersOfModels.find(([pattern]) => pattern.test(model))?.[1];
}

/** Canonical finish reasons as the conventions name them. */
const finishReasons: Readonly<Record<string, string>> = {
  stop: "stop",
  length: "length",
  max_tokens: "length",
  tool_calls: "tool_call",
  tool_call: "tool_call",
  content_filter: "content_filter",
  refusal: "content_filter",
  error: "error",
};

/** `bytes` bytes of hex derived from a name: a name-based UUID's (SHA-1, RFC 9562 version 5), without its dashes. */
function hex(text: string, bytes: number): string {
  return nameBasedUuid(text)
    .replaceAll("-", "")
    .slice(0, bytes * 2);
}

function nanos(milliseconds: number): string {
  return (BigInt(Math.round(milliseconds)) * 1_000_000n).toString();
}

function timeOf(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}

const attribute = (key: string, value: OtlpAnyValue): OtlpKeyValue => ({ key, value });
const text = (key: string, value: string): OtlpKeyValue => attribute(key, { stringValue: value });
const int = (key: string, value: number): OtlpKeyValue => attribute(key, { intValue: String(Math.trunc(value)) });

/**
 * A value as JSON within `maxBytes` of UTF-8; cut (and said so) when longer: a JSON string of the text kept (a string
 * value's own text, else the value's JSON text), so the attribute still parses, with a note of the whole size.
 */
function boundedJson(value: unknown, maxBytes: number): { json: string; cut: boolean } {
  const json = JSON.stringify(value) ?? "null";
  if (utf8ByteLength(json) <= maxBytes) return { json, cut: false };
  const whole = typeof value === "string" ? value : json;
  const note = `… [cut at ${maxBytes} of ${utf8ByteLength(whole)} bytes]`;
  let kept = whole.slice(0, Math.max(0, maxBytes - note.length - 8));
  while (utf8ByteLength(JSON.stringify(kept + note)) > maxBytes && kept.length > 0)
    kept = kept.slice(0, Math.floor(kept.length * 0.9));
  return { json: JSON.stringify(kept + note), cut: true };
}

/**
 * A value as JSON within `maxBytes`; when too long, `wrap` of its cut text (a text part in the shape the attribute
 * takes: a message, a list of parts), the whole still within `maxBytes`.
 */
function boundedAs(value: unknown, maxBytes: number, wrap: (text: string) => unknown): { json: string; cut: boolean } {
  const whole = boundedJson(value, maxBytes);
  if (!whole.cut) return whole;
  // The wrapper around an empty text, less the empty string's two quotes: what the cut text's JSON string goes into.
  const overhead = utf8ByteLength(JSON.stringify(wrap(""))) - 2;
  const cut = boundedJson(value, Math.max(64, maxBytes - overhead));
  return { json: JSON.stringify(wrap(JSON.parse(cut.json) as string)), cut: true };
}

function stringOf(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "";
}

/** A call's arguments: its input, else (arguments that did not parse as JSON) the text the provider sent. */
function argumentsOf(call: Record<string, unknown>): unknown {
  if (call.input !== undefined) return call.input;
  return typeof call.raw_input === "string" ? call.raw_input : null;
}

/** A canonical part as a GenAI part; undefined for what the conventions do not carry. */
function genAiPart(part: Tolerant.Part): GenAiPart | undefined {
  const fields = part as unknown as Record<string, unknown>;
  switch (part.type) {
    case "text":
      return { type: "text", content: String(fields.text ?? "") };
    case "refusal":
      return { type: "text", content: String(fields.text ?? fields.refusal ?? "") };
    case "reasoning": {
      const content = typeof fields.text === "string" ? fields.text : stringOf(fields.summary ?? "");
      return content === "" ? undefined : { type: "reasoning", content };
    }
    case "tool_call":
      return {
        type: "tool_call",
        id: typeof fields.id === "string" ? fields.id : null,
        name: typeof fields.name === "string" ? fields.name : "(unnamed)",
        arguments: argumentsOf(fields),
      };
    case "tool_result":
      return {
        type: "tool_call_response",
        id: typeof fields.call_id === "string" ? fields.call_id : null,
        response: fields.error ?? fields.output ?? fields.content ?? null,
      };
    case "image":
    case "audio": {
      const modality = part.type;
      const mime = typeof fields.media_type === "string" ? fields.media_type : null;
      if (typeof fields.data === "string") return { type: "blob", modality, mime_type: mime, content: fields.data };
      if (typeof fields.url === "string") return { type: "uri", modality, mime_type: mime, uri: fields.url };
      if (typeof fields.file_id === "string")
        return { type: "file", modality, mime_type: mime, file_id: fields.file_id };
      return undefined;
    }
    case "file":
      return typeof fields.text === "string" ? { type: "text", content: fields.text } : undefined;
    case "command":
      return { type: "text", content: [stringOf(fields.command), stringOf(fields.output ?? "")].join("\n") };
    default:
      return undefined;
  }
}

function genAiParts(message: Message): GenAiPart[] {
  return message.parts.flatMap((part) => {
    const mapped = genAiPart(part);
    return mapped === undefined ? [] : [mapped];
  });
}

/** The conventions' roles: system, user, assistant, tool. */
function genAiRole(message: Message): string {
  return message.role === "developer" ? "system" : message.role;
}

function toolDefinitions(document: Transcript): GenAiToolDefinition[] {
  return (document.tools ?? []).map((tool) => ({
    type: "function" as const,
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    ...(tool.input_schema === undefined ? {} : { parameters: tool.input_schema }),
  }));
}

/** The input messages of a model call within the size: the newest first kept, the oldest left out first. */
function boundedInput(
  messages: readonly GenAiChatMessage[],
  maxBytes: number,
): { json: string; left: number; cut: boolean } {
  const kept: string[] = [];
  let bytes = 2;
  let index = messages.length - 1;
  for (; index >= 0; index -= 1) {
    const json = JSON.stringify(messages[index]);
    const size = utf8ByteLength(json) + (kept.length > 0 ? 1 : 0);
    if (bytes + size > maxBytes) break;
    kept.unshift(json);
    bytes += size;
  }
  if (kept.length === 0 && messages.length > 0) {
    // Not even the newest fits: it alone, its text cut.
    const newest = messages[messages.length - 1] as GenAiChatMessage;
    const { json, cut } = boundedAs(newest, maxBytes, (content) => [
      { role: newest.role, parts: [{ type: "text", content }] },
    ]);
    return { json, left: messages.length - 1, cut };
  }
  return { json: `[${kept.join(",")}]`, left: index + 1, cut: false };
}

interface RunPlace {
  document: Transcript;
  /** Child indices from the root joined with dots, "" for the root. */
  path: string;
  /** Where the document is in the file: "" for the root, `/run/children/0/transcript` for its first child, … */
  pointer: string;
  parentSpanId: string | undefined;
}

/** The document (and its child runs) as one OTLP/JSON trace. */
export function toOtlpTraces(document: Tolerant.Transcript, options: OtlpExportOptions = {}): OtlpTraceRequest {
  const content = options.content ?? "none";
  const maxBytes = options.maxAttributeBytes ?? 64 * 1024;
  const identity =
    typeof document.id === "string" && document.id !== ""
      ? document.id
      : hex(
          JSON.stringify({ title: document.title, created_at: document.created_at, first: document.messages[0] }),
          16,
        );
  const traceId = hex(`agent-transcript trace ${identity}`, 16);
  const spanId = (what: string): string => hex(`agent-transcript span ${identity} ${what}`, 8);
  const spans: OtlpSpan[] = [];
  const definitions = toolDefinitions(document);
  const work: RunPlace[] = [{ document, path: "", pointer: "", parentSpanId: undefined }];
  while (work.length > 0) {
    const place = work.shift() as RunPlace;
    for (const span of runSpans(place)) spans.push(span);
  }
  return {
    resourceSpans: [
      {
        resource: { attributes: [text("service.name", options.serviceName ?? "agent-transcript")] },
        scopeSpans: [
          {
            scope: { name: "@agent-transcript/providers", version: options.version ?? "0.0.0" },
            schemaUrl,
            spans,
          },
        ],
      },
    ],
  };

  function runSpans(place: RunPlace): OtlpSpan[] {
    const run = place.document;
    const runSpanId = spanId(`run ${place.path}`);
    const out: OtlpSpan[] = [];
    let first: number | undefined;
    let last: number | undefined;
    for (const message of run.messages) {
      const at = timeOf(message.completed_at) ?? timeOf(message.created_at);
      if (at === undefined) continue;
      if (first === undefined || at < first) first = at;
      if (last === undefined || at > last) last = at;
    }
    const runStart = timeOf(run.run?.started_at) ?? first ?? 0;
    const runEnd = timeOf(run.run?.ended_at) ?? last ?? runStart;
    const agentName = run.title ?? run.producer?.name;
    const runAttributes: OtlpKeyValue[] = [
      text("gen_ai.operation.name", "invoke_agent"),
      ...(typeof run.id === "string" ? [text("gen_ai.agent.id", run.id)] : []),
      ...(typeof agentName === "string" ? [text("gen_ai.agent.name", agentName)] : []),
      ...(typeof document.id === "string" ? [text("gen_ai.conversation.id", document.id)] : []),
    ];
    const failed = run.run?.status === "failed";
    out.push({
      traceId,
      spanId: runSpanId,
      ...(place.parentSpanId === undefined ? {} : { parentSpanId: place.parentSpanId }),
      name: typeof agentName === "string" ? `invoke_agent ${agentName}` : "invoke_agent",
      kind: 1,
      startTimeUnixNano: nanos(runStart),
      endTimeUnixNano: nanos(Math.max(runStart, runEnd)),
      attributes: [...runAttributes, ...(failed ? [text("error.type", "run_failed")] : [])],
      events: [],
      status: failed
        ? { code: 2, ...(typeof run.run?.error === "string" ? { message: run.run.error } : {}) }
        : { code: 0 },
    });
    // Each tool call's span, by call id, for the child runs it started.
    const toolSpans = new Map<string, string>();
    const results = new Map<string, { part: Record<string, unknown>; at: number | undefined }>();
    for (const message of run.messages)
      for (const part of message.parts)
        if (part.type === "tool_result") {
          const fields = part as unknown as Record<string, unknown>;
          if (typeof fields.call_id === "string")
            results.set(fields.call_id, { part: fields, at: timeOf(message.created_at) });
        }
    const system = run.messages.filter((message) => message.role === "system" || message.role === "developer");
    const history: GenAiChatMessage[] = [];
    let previousAt = runStart;
    run.messages.forEach((message, index) => {
      const at = timeOf(message.created_at);
      const endAt = timeOf(message.completed_at) ?? at ?? previousAt;
      const genAi: GenAiChatMessage = { role: genAiRole(message), parts: genAiParts(message) };
      if (message.role !== "assistant") {
        if (message.role !== "system" && message.role !== "developer") history.push(genAi);
        previousAt = endAt;
        return;
      }
      const model = typeof message.model === "string" ? message.model : undefined;
      const callSpanId = spanId(`call ${place.path} ${index}`);
      const startAt =
        typeof message.duration_ms === "number" && message.duration_ms >= 0
          ? endAt - message.duration_ms
          : Math.min(previousAt, endAt);
      const provider = providerOf(message, run, document);
      const usage = message.usage;
      const attributes: OtlpKeyValue[] = [
        text("gen_ai.operation.name", "chat"),
        ...(provider === undefined ? [] : [text("gen_ai.provider.name", provider)]),
        ...(model === undefined
          ? []
          : [text("gen_ai.request.model", model), text("gen_ai.response.model", message.issuer?.model ?? model)]),
        ...(typeof message.response_id === "string"
          ? [text("gen_ai.response.id", message.response_id)]
          : typeof message.id === "string"
            ? [text("gen_ai.response.id", message.id)]
            : []),
        ...(typeof message.finish_reason === "string"
          ? [
              attribute("gen_ai.response.finish_reasons", {
                arrayValue: {
                  values: [{ stringValue: finishReasons[message.finish_reason] ?? message.finish_reason }],
                },
              }),
            ]
          : []),
        ...(typeof usage?.input_tokens === "number" ? [int("gen_ai.usage.input_tokens", usage.input_tokens)] : []),
        ...(typeof usage?.output_tokens === "number" ? [int("gen_ai.usage.output_tokens", usage.output_tokens)] : []),
        ...(typeof usage?.cache_read_tokens === "number"
          ? [int("gen_ai.usage.cache_read.input_tokens", usage.cache_read_tokens)]
          : []),
        ...(typeof usage?.cache_write_tokens === "number"
          ? [int("gen_ai.usage.cache_creation.input_tokens", usage.cache_write_tokens)]
          : []),
        ...(typeof usage?.reasoning_tokens === "number"
          ? [int("gen_ai.usage.reasoning.output_tokens", usage.reasoning_tokens)]
          : []),
        ...costAttributes(message.cost),
      ];
      const truncated: string[] = [];
      if (content === "attributes") {
        const input = boundedInput(history, maxBytes);
        attributes.push(text("gen_ai.input.messages", input.json));
        if (input.left > 0) attributes.push(int("agent_transcript.input_messages_left_out", input.left));
        if (input.cut) truncated.push("gen_ai.input.messages");
        const output: GenAiOutputMessage = {
          ...genAi,
          finish_reason: finishReasons[message.finish_reason ?? ""] ?? message.finish_reason ?? "stop",
        };
        const outputJson = boundedAs([output], maxBytes, (cutText) => [
          { role: "assistant", parts: [{ type: "text", content: cutText }], finish_reason: output.finish_reason },
        ]);
        attributes.push(text("gen_ai.output.messages", outputJson.json));
        if (outputJson.cut) truncated.push("gen_ai.output.messages");
        if (system.length > 0) {
          const instructions = boundedAs(
            system.flatMap((entry) => genAiParts(entry)),
            maxBytes,
            (cutText) => [{ type: "text", content: cutText }],
          );
          attributes.push(text("gen_ai.system_instructions", instructions.json));
          if (instructions.cut) truncated.push("gen_ai.system_instructions");
        }
        if (definitions.length > 0) {
          const tools = boundedJson(definitions, maxBytes);
          if (tools.cut) truncated.push("gen_ai.tool.definitions");
          else attributes.push(text("gen_ai.tool.definitions", tools.json));
        }
      } else if (content === "reference")
        attributes.push(
          text("agent_transcript.content.ref", `${options.sourceFile ?? ""}#${place.pointer}/messages/${index}`),
        );
      if (truncated.length > 0)
        attributes.push(
          attribute("agent_transcript.truncated", {
            arrayValue: { values: truncated.map((key) => ({ stringValue: key })) },
          }),
        );
      // A model's error is a string in the format (the error a provider or agent reported).
      const error = typeof message.error === "string" && message.error !== "" ? message.error : undefined;
      out.push({
        traceId,
        spanId: callSpanId,
        parentSpanId: runSpanId,
        name: model === undefined ? "chat" : `chat ${model}`,
        kind: 3,
        startTimeUnixNano: nanos(startAt),
        endTimeUnixNano: nanos(Math.max(startAt, endAt)),
        attributes: error === undefined ? attributes : [...attributes, text("error.type", "model_error")],
        events: [],
        status: error === undefined ? { code: 0 } : { code: 2, message: error.slice(0, 1024) },
      });
      message.parts.forEach((part, partIndex) => {
        if (part.type !== "tool_call") return;
        const call = part as unknown as Record<string, unknown>;
        const callId = typeof call.id === "string" ? call.id : undefined;
        const name = typeof call.name === "string" && call.name !== "" ? call.name : "(unnamed)";
        const toolSpanId = spanId(`tool ${place.path} ${index} ${partIndex}`);
        if (callId !== undefined) toolSpans.set(callId, toolSpanId);
        const result = callId === undefined ? undefined : results.get(callId);
        const duration = typeof result?.part.duration_ms === "number" ? result.part.duration_ms : undefined;
        const toolEnd = duration !== undefined ? endAt + duration : (result?.at ?? endAt);
        const failedResult =
          result !== undefined &&
          (result.part.status === "error" || (result.part.error !== undefined && result.part.error !== null));
        const toolAttributes: OtlpKeyValue[] = [
          text("gen_ai.operation.name", "execute_tool"),
          text("gen_ai.tool.name", name),
          ...(callId === undefined ? [] : [text("gen_ai.tool.call.id", callId)]),
          text("gen_ai.tool.type", call.provider_executed === true ? "extension" : "function"),
        ];
        if (content === "attributes") {
          const args = boundedJson(argumentsOf(call), maxBytes);
          toolAttributes.push(text("gen_ai.tool.call.arguments", args.json));
          const cut = args.cut ? ["gen_ai.tool.call.arguments"] : [];
          if (result !== undefined) {
            const response = boundedJson(
              result.part.error ?? result.part.output ?? result.part.content ?? null,
              maxBytes,
            );
            toolAttributes.push(text("gen_ai.tool.call.result", response.json));
            if (response.cut) cut.push("gen_ai.tool.call.result");
          }
          if (cut.length > 0)
            toolAttributes.push(
              attribute("agent_transcript.truncated", {
                arrayValue: { values: cut.map((key) => ({ stringValue: key })) },
              }),
            );
        } else if (content === "reference")
          toolAttributes.push(
            text(
              "agent_transcript.content.ref",
              `${options.sourceFile ?? ""}#${place.pointer}/messages/${index}/parts/${partIndex}`,
            ),
          );
        const events: OtlpEvent[] = failedResult
          ? [
              {
                timeUnixNano: nanos(toolEnd),
                name: "exception",
                attributes: [
                  text("exception.type", "tool_error"),
                  text("exception.message", stringOf(result?.part.error ?? "the tool failed").slice(0, 4096)),
                ],
              },
            ]
          : [];
        out.push({
          traceId,
          spanId: toolSpanId,
          parentSpanId: callSpanId,
          name: `execute_tool ${name}`,
          kind: 1,
          startTimeUnixNano: nanos(endAt),
          endTimeUnixNano: nanos(Math.max(endAt, toolEnd)),
          attributes: failedResult ? [...toolAttributes, text("error.type", "tool_error")] : toolAttributes,
          events,
          status: failedResult
            ? { code: 2, message: stringOf(result?.part.error ?? "the tool failed").slice(0, 1024) }
            : { code: 0 },
        });
      });
      history.push(genAi);
      previousAt = endAt;
    });
    (run.run?.children ?? []).forEach((child, childIndex) => {
      if (child.transcript === undefined) return;
      work.push({
        document: child.transcript,
        path: place.path === "" ? String(childIndex) : `${place.path}.${childIndex}`,
        pointer: `${place.pointer}/run/children/${childIndex}/transcript`,
        parentSpanId: (child.call_id === undefined ? undefined : toolSpans.get(child.call_id)) ?? runSpanId,
      });
    });
    return out;
  }
}

/** A call's cost, as our own attributes (the conventions have none). */
function costAttributes(cost: Tolerant.Message["cost"]): OtlpKeyValue[] {
  if (cost === undefined || cost === null || cost.status === "unknown") return [];
  return [
    attribute("agent_transcript.cost.amount", { doubleValue: cost.amount }),
    text("agent_transcript.cost.currency", cost.currency),
  ];
}
