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
 * - Trace and span ids are derived from the document's id and each item's place (the trace id a name-based UUID, the
 *   span ids a hash of the item's place seeded by one), so exporting the same document twice gives the same ids and a
 *   backend that de-duplicates keeps one copy.
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

/** Whole milliseconds since the epoch as nanoseconds in decimal (six zeros more: no BigInt needed). */
function nanos(milliseconds: number): string {
  const whole = Math.round(milliseconds);
  if (whole <= 0) return whole === 0 ? "0" : (BigInt(whole) * 1_000_000n).toString();
  return `${whole}000000`;
}

/** A 32-bit hash of a text (a multiply-and-rotate mix, seeded): fast, and spread well enough for span ids. */
function hash32(seed: number, text: string): number {
  let hash = (seed ^ text.length) >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x5bd1e995);
    hash ^= hash >>> 15;
  }
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
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

/**
 * Each history message's JSON and its UTF-8 size, made once: every later call of a run writes the same messages again
 * (the newest up to the attribute's size), and a long run would otherwise serialise its history once per call.
 */
const messageJsonCache = new WeakMap<GenAiChatMessage, { json: string; size: number }>();

function messageJson(message: GenAiChatMessage): { json: string; size: number } {
  let cached = messageJsonCache.get(message);
  if (cached === undefined) {
    const json = JSON.stringify(message);
    cached = { json, size: utf8ByteLength(json) };
    messageJsonCache.set(message, cached);
  }
  return cached;
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
    const { json, size: own } = messageJson(messages[index] as GenAiChatMessage);
    const size = own + (kept.length > 0 ? 1 : 0);
    if (bytes + size > maxBytes) break;
    kept.push(json);
    bytes += size;
  }
  kept.reverse();
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

/** Where a run is in its trace. */
export interface OtlpRunPlace {
  /** Child indices from the root joined with dots, "" for the root. */
  path: string;
  /** Where the run's document is in the file: "" for the root, `/run/children/0/transcript` for its first child, … */
  pointer: string;
  /** The span the run's span is under: a tool call's, else its parent run's; none for the root. */
  parentSpanId?: string | undefined;
}

/**
 * The spans of one trace as its runs' messages come: what `toOtlpTraces` writes for a whole document, and what a live
 * exporter writes while the run is recorded. Every span is made once it is finished — a model call's when its
 * message comes, a tool call's when its result comes (or its run ends), a run's when it ends — with the same ids,
 * names, times and attributes whichever way the messages arrive.
 */
export class OtlpTraceSpans {
  readonly traceId: string;
  readonly content: "none" | "attributes" | "reference";
  readonly maxAttributeBytes: number;
  readonly #identity: string;
  readonly #seeds: [number, number];
  readonly #definitions: GenAiToolDefinition[];

  /** `root` is the trace's root document; its id (else its title, time and first message) names the trace. */
  constructor(
    readonly root: Tolerant.Transcript,
    readonly options: OtlpExportOptions = {},
  ) {
    this.content = options.content ?? "none";
    this.maxAttributeBytes = options.maxAttributeBytes ?? 64 * 1024;
    this.#identity =
      typeof root.id === "string" && root.id !== ""
        ? root.id
        : hex(JSON.stringify({ title: root.title, created_at: root.created_at, first: root.messages[0] }), 16);
    this.traceId = hex(`agent-transcript trace ${this.#identity}`, 16);
    // Span ids hash what a span is with two seeds from the identity's SHA-1: one digest per trace, not per span.
    const seeds = hex(`agent-transcript span ${this.#identity}`, 8);
    this.#seeds = [Number.parseInt(seeds.slice(0, 8), 16), Number.parseInt(seeds.slice(8), 16)];
    this.#definitions = toolDefinitions(root);
  }

  /** The id of a span, derived from the trace's identity and what the span is. */
  spanId(what: string): string {
    const id = `${hash32(this.#seeds[0], what).toString(16).padStart(8, "0")}${hash32(this.#seeds[1], what).toString(16).padStart(8, "0")}`;
    // An id of zeros is OTLP's "no span".
    return id === "0000000000000000" ? "0000000000000001" : id;
  }

  /** The spans of one of the trace's runs: the root (`path` "") or a child run. */
  run(document: Tolerant.Transcript, place: OtlpRunPlace): OtlpRunSpans {
    return new OtlpRunSpans(this, document, place);
  }

  /** Spans as one OTLP/JSON request: the resource, the instrumentation scope and the conventions' schema URL. */
  request(spans: OtlpSpan[]): OtlpTraceRequest {
    return {
      resourceSpans: [
        {
          resource: { attributes: [text("service.name", this.options.serviceName ?? "agent-transcript")] },
          scopeSpans: [
            {
              scope: { name: "@agent-transcript/providers", version: this.options.version ?? "0.0.0" },
              schemaUrl,
              spans,
            },
          ],
        },
      ],
    };
  }

  /**
   * Content attributes for a model call (`content: "attributes"`), the keys that were cut, and how many of the oldest
   * messages of `history` were left out — left out of every later call too, since newer messages only add to what
   * fills the size. `leftOutBefore`: messages of the conversation already gone from `history` for that reason.
   */
  callContent(
    history: readonly GenAiChatMessage[],
    output: GenAiOutputMessage,
    system: readonly Tolerant.Message[],
    leftOutBefore = 0,
  ): { attributes: OtlpKeyValue[]; truncated: string[]; left: number } {
    const maxBytes = this.maxAttributeBytes;
    const attributes: OtlpKeyValue[] = [];
    const truncated: string[] = [];
    const input = boundedInput(history, maxBytes);
    attributes.push(text("gen_ai.input.messages", input.json));
    const leftOut = leftOutBefore + input.left;
    if (leftOut > 0) attributes.push(int("agent_transcript.input_messages_left_out", leftOut));
    if (input.cut) truncated.push("gen_ai.input.messages");
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
    if (this.#definitions.length > 0) {
      const tools = boundedJson(this.#definitions, maxBytes);
      if (tools.cut) truncated.push("gen_ai.tool.definitions");
      else attributes.push(text("gen_ai.tool.definitions", tools.json));
    }
    return { attributes, truncated, left: input.left };
  }
}

/** A tool call whose span waits for its result. */
interface OpenToolCall {
  spanId: string;
  parentSpanId: string;
  call: Record<string, unknown>;
  name: string;
  callId: string | undefined;
  /** When the model call that asked for it ended: the tool span's start. */
  startAt: number;
  /** `/messages/i/parts/j` within the run. */
  pointer: string;
}

interface ToolResult {
  part: Record<string, unknown>;
  at: number | undefined;
}

/** The first of a key's queue, taken out. */
function take<T>(queues: Map<string, T[]>, key: string): T | undefined {
  const queue = queues.get(key);
  if (queue === undefined) return undefined;
  const first = queue.shift();
  if (queue.length === 0) queues.delete(key);
  return first;
}

function append<T>(queues: Map<string, T[]>, key: string, value: T): void {
  const queue = queues.get(key);
  if (queue === undefined) queues.set(key, [value]);
  else queue.push(value);
}

/** One run's spans, made as its messages come (`message`) and finished when it ends (`end`). */
export class OtlpRunSpans {
  /** The run's own span (`invoke_agent`). */
  readonly spanId: string;
  readonly #system: Message[] = [];
  /**
   * The conversation so far as the conventions write it, for the input messages of the next model call: kept only
   * when content goes on the spans, and only from the oldest message a call could still include (`#leftOut` before it
   * are out of every call's size for good), so a long run's spans are made in bounded memory.
   */
  readonly #history: GenAiChatMessage[] = [];
  #leftOut = 0;
  #previousAt: number | undefined;
  #first: number | undefined;
  #last: number | undefined;
  /**
   * Tool calls without a result yet, by call id, in order: calls that share an id (a redacted log's) take its
   * results in turn. A call without an id waits for the run's end.
   */
  readonly #open = new Map<string, OpenToolCall[]>();
  readonly #openWithoutId: OpenToolCall[] = [];
  /** Results that came before their call (a log may write them so), by call id, in order. */
  readonly #early = new Map<string, ToolResult[]>();
  /** Each tool call's span, by call id: where the child runs it started go. */
  readonly #toolSpans = new Map<string, string>();
  #ended = false;

  readonly #trace: OtlpTraceSpans;
  /** The run's document; read again at the end for its status and times (a live run's grows meanwhile). */
  readonly #document: Tolerant.Transcript;

  constructor(
    trace: OtlpTraceSpans,
    document: Tolerant.Transcript,
    readonly place: OtlpRunPlace,
  ) {
    this.#trace = trace;
    this.#document = document;
    this.spanId = trace.spanId(`run ${place.path}`);
  }

  /** The span of the tool call with this id, once its call has come: the parent of a child run it started. */
  toolSpanId(callId: string): string | undefined {
    return this.#toolSpans.get(callId);
  }

  /** The run's message at `index` (messages come in order): the spans it finishes. */
  message(message: Tolerant.Message, index: number): OtlpSpan[] {
    if (this.#ended) return [];
    const out: OtlpSpan[] = [];
    const at = timeOf(message.created_at);
    const finishedAt = timeOf(message.completed_at) ?? at;
    if (finishedAt !== undefined) {
      if (this.#first === undefined || finishedAt < this.#first) this.#first = finishedAt;
      if (this.#last === undefined || finishedAt > this.#last) this.#last = finishedAt;
    }
    // Before the first message with a time, a call starts at the run's start (or its own end).
    const previousAt = this.#previousAt ?? timeOf(this.#document.run?.started_at) ?? this.#first ?? 0;
    const endAt = finishedAt ?? previousAt;
    for (const part of message.parts)
      if (part.type === "tool_result") {
        const fields = part as unknown as Record<string, unknown>;
        if (typeof fields.call_id !== "string") continue;
        const result = { part: fields, at };
        const waiting = take(this.#open, fields.call_id);
        if (waiting !== undefined) out.push(this.#toolSpan(waiting, result));
        else append(this.#early, fields.call_id, result);
      }
    // The message as the conventions write it, and the instructions and history: only content on the spans needs them.
    const genAi: GenAiChatMessage | undefined =
      this.#trace.content === "attributes" ? { role: genAiRole(message), parts: genAiParts(message) } : undefined;
    if (message.role !== "assistant") {
      const instructions = message.role === "system" || message.role === "developer";
      if (genAi !== undefined && instructions) this.#system.push(message);
      else if (genAi !== undefined) this.#history.push(genAi);
      this.#previousAt = endAt;
      return out;
    }
    const callSpanId = this.#trace.spanId(`call ${this.place.path} ${index}`);
    out.push(this.#callSpan(message, index, callSpanId, genAi, previousAt, endAt));
    message.parts.forEach((part, partIndex) => {
      if (part.type !== "tool_call") return;
      const call = part as unknown as Record<string, unknown>;
      const callId = typeof call.id === "string" ? call.id : undefined;
      const open: OpenToolCall = {
        spanId: this.#trace.spanId(`tool ${this.place.path} ${index} ${partIndex}`),
        parentSpanId: callSpanId,
        call,
        name: typeof call.name === "string" && call.name !== "" ? call.name : "(unnamed)",
        callId,
        startAt: endAt,
        pointer: `/messages/${index}/parts/${partIndex}`,
      };
      // A call without an id gets no result: its span ends with the run.
      if (callId === undefined) {
        this.#openWithoutId.push(open);
        return;
      }
      if (!this.#toolSpans.has(callId)) this.#toolSpans.set(callId, open.spanId);
      const early = take(this.#early, callId);
      if (early !== undefined) out.push(this.#toolSpan(open, early));
      else append(this.#open, callId, open);
    });
    if (genAi !== undefined) this.#history.push(genAi);
    this.#previousAt = endAt;
    return out;
  }

  /** The run has ended (or its log did): the tool calls still without a result, then the run's own span. */
  end(): OtlpSpan[] {
    if (this.#ended) return [];
    this.#ended = true;
    const out: OtlpSpan[] = [];
    for (const list of this.#open.values()) for (const open of list) out.push(this.#toolSpan(open, undefined));
    for (const open of this.#openWithoutId) out.push(this.#toolSpan(open, undefined));
    this.#open.clear();
    this.#openWithoutId.length = 0;
    out.push(this.#runSpan());
    return out;
  }

  #runSpan(): OtlpSpan {
    const run = this.#document;
    const runStart = timeOf(run.run?.started_at) ?? this.#first ?? 0;
    const runEnd = timeOf(run.run?.ended_at) ?? this.#last ?? runStart;
    const agentName = run.title ?? run.producer?.name;
    const root = this.#trace.root;
    const failed = run.run?.status === "failed";
    return {
      traceId: this.#trace.traceId,
      spanId: this.spanId,
      ...(this.place.parentSpanId === undefined ? {} : { parentSpanId: this.place.parentSpanId }),
      name: typeof agentName === "string" ? `invoke_agent ${agentName}` : "invoke_agent",
      kind: 1,
      startTimeUnixNano: nanos(runStart),
      endTimeUnixNano: nanos(Math.max(runStart, runEnd)),
      attributes: [
        text("gen_ai.operation.name", "invoke_agent"),
        ...(typeof run.id === "string" ? [text("gen_ai.agent.id", run.id)] : []),
        ...(typeof agentName === "string" ? [text("gen_ai.agent.name", agentName)] : []),
        ...(typeof root.id === "string" ? [text("gen_ai.conversation.id", root.id)] : []),
        ...(failed ? [text("error.type", "run_failed")] : []),
      ],
      events: [],
      status: failed
        ? { code: 2, ...(typeof run.run?.error === "string" ? { message: run.run.error } : {}) }
        : { code: 0 },
    };
  }

  #callSpan(
    message: Message,
    index: number,
    spanId: string,
    genAi: GenAiChatMessage | undefined,
    previousAt: number,
    endAt: number,
  ): OtlpSpan {
    const trace = this.#trace;
    const model = typeof message.model === "string" ? message.model : undefined;
    const startAt =
      typeof message.duration_ms === "number" && message.duration_ms >= 0
        ? endAt - message.duration_ms
        : Math.min(previousAt, endAt);
    const provider = providerOf(message, this.#document, trace.root);
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
    if (genAi !== undefined) {
      const output: GenAiOutputMessage = {
        ...genAi,
        finish_reason: finishReasons[message.finish_reason ?? ""] ?? message.finish_reason ?? "stop",
      };
      const content = trace.callContent(this.#history, output, this.#system, this.#leftOut);
      this.#history.splice(0, content.left);
      this.#leftOut += content.left;
      for (const entry of content.attributes) attributes.push(entry);
      for (const key of content.truncated) truncated.push(key);
    } else if (trace.content === "reference")
      attributes.push(
        text(
          "agent_transcript.content.ref",
          `${trace.options.sourceFile ?? ""}#${this.place.pointer}/messages/${index}`,
        ),
      );
    if (truncated.length > 0)
      attributes.push(
        attribute("agent_transcript.truncated", {
          arrayValue: { values: truncated.map((key) => ({ stringValue: key })) },
        }),
      );
    // A model's error is a string in the format (the error a provider or agent reported).
    const error = typeof message.error === "string" && message.error !== "" ? message.error : undefined;
    return {
      traceId: trace.traceId,
      spanId,
      parentSpanId: this.spanId,
      name: model === undefined ? "chat" : `chat ${model}`,
      kind: 3,
      startTimeUnixNano: nanos(startAt),
      endTimeUnixNano: nanos(Math.max(startAt, endAt)),
      attributes: error === undefined ? attributes : [...attributes, text("error.type", "model_error")],
      events: [],
      status: error === undefined ? { code: 0 } : { code: 2, message: error.slice(0, 1024) },
    };
  }

  #toolSpan(open: OpenToolCall, result: ToolResult | undefined): OtlpSpan {
    const trace = this.#trace;
    const maxBytes = trace.maxAttributeBytes;
    const { call, name, callId } = open;
    const duration = typeof result?.part.duration_ms === "number" ? result.part.duration_ms : undefined;
    const toolEnd = duration !== undefined ? open.startAt + duration : (result?.at ?? open.startAt);
    const failedResult =
      result !== undefined &&
      (result.part.status === "error" || (result.part.error !== undefined && result.part.error !== null));
    const toolAttributes: OtlpKeyValue[] = [
      text("gen_ai.operation.name", "execute_tool"),
      text("gen_ai.tool.name", name),
      ...(callId === undefined ? [] : [text("gen_ai.tool.call.id", callId)]),
      text("gen_ai.tool.type", call.provider_executed === true ? "extension" : "function"),
    ];
    if (trace.content === "attributes") {
      const args = boundedJson(argumentsOf(call), maxBytes);
      toolAttributes.push(text("gen_ai.tool.call.arguments", args.json));
      const cut = args.cut ? ["gen_ai.tool.call.arguments"] : [];
      if (result !== undefined) {
        const response = boundedJson(result.part.error ?? result.part.output ?? result.part.content ?? null, maxBytes);
        toolAttributes.push(text("gen_ai.tool.call.result", response.json));
        if (response.cut) cut.push("gen_ai.tool.call.result");
      }
      if (cut.length > 0)
        toolAttributes.push(
          attribute("agent_transcript.truncated", {
            arrayValue: { values: cut.map((key) => ({ stringValue: key })) },
          }),
        );
    } else if (trace.content === "reference")
      toolAttributes.push(
        text("agent_transcript.content.ref", `${trace.options.sourceFile ?? ""}#${this.place.pointer}${open.pointer}`),
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
    return {
      traceId: trace.traceId,
      spanId: open.spanId,
      parentSpanId: open.parentSpanId,
      name: `execute_tool ${name}`,
      kind: 1,
      startTimeUnixNano: nanos(open.startAt),
      endTimeUnixNano: nanos(Math.max(open.startAt, toolEnd)),
      attributes: failedResult ? [...toolAttributes, text("error.type", "tool_error")] : toolAttributes,
      events,
      status: failedResult
        ? { code: 2, message: stringOf(result?.part.error ?? "the tool failed").slice(0, 1024) }
        : { code: 0 },
    };
  }
}

/**
 * The document (and its child runs) as one OTLP/JSON trace: each run's span first, then its calls' and tools' spans
 * in the order they finish, then its child runs', breadth first.
 */
export function toOtlpTraces(document: Tolerant.Transcript, options: OtlpExportOptions = {}): OtlpTraceRequest {
  const trace = new OtlpTraceSpans(document, options);
  const spans: OtlpSpan[] = [];
  const work: Array<{ document: Tolerant.Transcript; place: OtlpRunPlace }> = [
    { document, place: { path: "", pointer: "" } },
  ];
  while (work.length > 0) {
    const { document: run, place } = work.shift() as (typeof work)[number];
    const runSpans = trace.run(run, place);
    const finished: OtlpSpan[] = [];
    run.messages.forEach((message, index) => {
      for (const span of runSpans.message(message, index)) finished.push(span);
    });
    const last = runSpans.end();
    // The run's own span (the last to finish) is written first, as a reader expects a trace to begin.
    spans.push(last[last.length - 1] as OtlpSpan);
    for (const span of finished) spans.push(span);
    for (const span of last.slice(0, -1)) spans.push(span);
    (run.run?.children ?? []).forEach((child, childIndex) => {
      if (child.transcript === undefined) return;
      work.push({
        document: child.transcript,
        place: {
          path: place.path === "" ? String(childIndex) : `${place.path}.${childIndex}`,
          pointer: `${place.pointer}/run/children/${childIndex}/transcript`,
          parentSpanId:
            (child.call_id === undefined ? undefined : runSpans.toolSpanId(child.call_id)) ?? runSpans.spanId,
        },
      });
    });
  }
  return trace.request(spans);
}

/** A call's cost, as our own attributes (the conventions have none). */
function costAttributes(cost: Tolerant.Message["cost"]): OtlpKeyValue[] {
  if (cost === undefined || cost === null || cost.status === "unknown") return [];
  return [
    attribute("agent_transcript.cost.amount", { doubleValue: cost.amount }),
    text("agent_transcript.cost.currency", cost.currency),
  ];
}
