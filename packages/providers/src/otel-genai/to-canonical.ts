/**
 * OTLP/JSON traces that follow the OpenTelemetry GenAI semantic conventions, read back into canonical documents: one
 * per trace, its `invoke_agent` spans as runs (a run under another's tool call a child run), each `chat` span a model
 * call whose input messages extend the conversation and whose output messages are the model's answer, each
 * `execute_tool` span's status and result the outcome of its call. What this export writes (`toOtlpTraces` with
 * `content: "attributes"`) comes back with its messages, tool calls, results and usage; other instrumentations that
 * write the conventions' message attributes (`gen_ai.input.messages`, `gen_ai.output.messages`,
 * `gen_ai.system_instructions`) are read the same way. A trace without a run span is one run of all its calls.
 *
 * What a trace does not carry, and so a document read from one does not have (each said as a warning where it
 * happens, by the JSON pointer of the span): message content when capture was off (the calls' tool names and ids
 * remain); the times of messages other than the model's answers; user messages after the last model call; message ids
 * (only response ids); the place of system messages in the conversation (the conventions hold them apart, so they come
 * first); reasoning signatures and other provider-opaque data; costs other than our own `agent_transcript.cost.*`;
 * anything an exporter cut to keep within its attribute size (`agent_transcript.truncated` names it).
 */
import { formatVersion, type Transcript } from "@agent-transcript/core";
import { parseJson as parseJsonText } from "@agent-transcript/core/json";
import type { ConversionWarning, ConversionWarningCode } from "../conversion/index.js";
import { semanticConventionsVersion } from "./from-canonical.js";

type Message = Transcript["messages"][number];
type Part = Message["parts"][number];
type ChildRun = NonNullable<NonNullable<Transcript["run"]>["children"]>[number];

export interface OtlpImportOptions {
  /** The file the traces were read from, recorded as each document's `source.path` and in its metadata. */
  path?: string;
  /** When the import ran (RFC 3339), recorded as `source.imported_at`; the reader never reads the clock. */
  importedAt?: string;
}

export type OtlpImportResult =
  | { ok: true; documents: Transcript[]; warnings: ConversionWarning[] }
  | { ok: false; error: { pointer: string; message: string } };

/** A span as read: its place in the request, its ids, times (milliseconds) and attributes by key. */
interface ReadSpan {
  pointer: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  start: number;
  end: number;
  attributes: Map<string, unknown>;
  status: { code: number; message?: string };
  operation: string;
  /** Its place among the spans read, for a stable order of spans that start together. */
  order: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The conventions' finish reasons as canonical ones. */
const finishReasons: Readonly<Record<string, Message["finish_reason"]>> = {
  stop: "stop",
  length: "length",
  tool_call: "tool_calls",
  tool_calls: "tool_calls",
  content_filter: "content_filter",
  error: "error",
};

/** An OTLP AnyValue as a plain value: strings, numbers (int64 as a number when exact, else its text), arrays. */
function plainValue(value: unknown): unknown {
  if (!isObject(value)) return undefined;
  if (typeof value.stringValue === "string") return value.stringValue;
  if (typeof value.boolValue === "boolean") return value.boolValue;
  if (typeof value.doubleValue === "number") return value.doubleValue;
  if (typeof value.intValue === "number") return value.intValue;
  if (typeof value.intValue === "string" && /^-?\d{1,19}$/.test(value.intValue)) {
    const number = Number(value.intValue);
    return Number.isSafeInteger(number) ? number : value.intValue;
  }
  if (isObject(value.arrayValue) && Array.isArray(value.arrayValue.values))
    return value.arrayValue.values.map((entry) => plainValue(entry));
  return undefined;
}

/** Nanoseconds since the epoch (a decimal string or a number) as milliseconds. */
function milliseconds(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value / 1e6;
  if (typeof value !== "string" || !/^\d{1,20}$/.test(value)) return undefined;
  return Number(BigInt(value) / 1000n) / 1000;
}

const iso = (milliseconds: number): string => new Date(Math.round(milliseconds)).toISOString();

/** Every span of the request, or where the request is not OTLP/JSON traces. */
function readSpans(request: unknown): ReadSpan[] | { pointer: string; message: string } {
  if (!isObject(request) || !Array.isArray(request.resourceSpans))
    return { pointer: "/resourceSpans", message: "not OTLP/JSON traces: no resourceSpans array" };
  const spans: ReadSpan[] = [];
  for (const [resourceIndex, resource] of request.resourceSpans.entries()) {
    const scopes = isObject(resource) ? resource.scopeSpans : undefined;
    if (!Array.isArray(scopes))
      return { pointer: `/resourceSpans/${resourceIndex}/scopeSpans`, message: "expected an array of scope spans" };
    for (const [scopeIndex, scope] of scopes.entries()) {
      const list = isObject(scope) ? scope.spans : undefined;
      const at = `/resourceSpans/${resourceIndex}/scopeSpans/${scopeIndex}/spans`;
      if (list === undefined) continue;
      if (!Array.isArray(list)) return { pointer: at, message: "expected an array of spans" };
      for (const [spanIndex, span] of list.entries()) {
        const pointer = `${at}/${spanIndex}`;
        if (!isObject(span) || typeof span.traceId !== "string" || typeof span.spanId !== "string")
          return { pointer, message: "a span needs a traceId and a spanId" };
        const attributes = new Map<string, unknown>();
        if (Array.isArray(span.attributes))
          for (const entry of span.attributes)
            if (isObject(entry) && typeof entry.key === "string") attributes.set(entry.key, plainValue(entry.value));
        const start = milliseconds(span.startTimeUnixNano) ?? 0;
        const end = milliseconds(span.endTimeUnixNano) ?? start;
        const status = isObject(span.status) ? span.status : {};
        const name = typeof span.name === "string" ? span.name : "";
        const operation = attributes.get("gen_ai.operation.name");
        spans.push({
          pointer,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId:
            typeof span.parentSpanId === "string" && span.parentSpanId !== "" ? span.parentSpanId : undefined,
          name,
          start,
          end,
          attributes,
          status: {
            code: typeof status.code === "number" ? status.code : 0,
            ...(typeof status.message === "string" ? { message: status.message } : {}),
          },
          operation: typeof operation === "string" ? operation : (name.split(" ")[0] ?? ""),
          order: spans.length,
        });
      }
    }
  }
  return spans;
}

const modelCallOperations = new Set(["chat", "text_completion", "generate_content"]);

/** Reads OTLP/JSON traces (one request, as `export --format otlp-json` writes) into one document per trace. */
export function fromOtlpTraces(request: unknown, options: OtlpImportOptions = {}): OtlpImportResult {
  const spans = readSpans(request);
  if (!Array.isArray(spans)) return { ok: false, error: spans };
  const warnings: ConversionWarning[] = [];
  const warn = (code: ConversionWarningCode, path: string, message: string) => warnings.push({ code, path, message });
  const traces = new Map<string, ReadSpan[]>();
  for (const span of spans) {
    const list = traces.get(span.traceId) ?? [];
    list.push(span);
    traces.set(span.traceId, list);
  }
  const documents: Transcript[] = [];
  for (const [traceId, traceSpans] of traces) {
    const byId = new Map(traceSpans.map((span) => [span.spanId, span]));
    const children = new Map<string, ReadSpan[]>();
    for (const span of traceSpans) {
      if (span.parentSpanId === undefined || !byId.has(span.parentSpanId)) continue;
      const list = children.get(span.parentSpanId) ?? [];
      list.push(span);
      children.set(span.parentSpanId, list);
    }
    const ordered = (list: readonly ReadSpan[]) => [...list].sort((a, b) => a.start - b.start || a.order - b.order);
    /** The spans under `span` that belong to its run: down to, not into, other runs' spans. */
    const ownSpans = (span: ReadSpan): { calls: ReadSpan[]; tools: ReadSpan[]; runs: ReadSpan[] } => {
      const found = { calls: [] as ReadSpan[], tools: [] as ReadSpan[], runs: [] as ReadSpan[] };
      const stack = [...(children.get(span.spanId) ?? [])];
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        if (next.operation === "invoke_agent") {
          found.runs.push(next);
          continue;
        }
        if (modelCallOperations.has(next.operation)) found.calls.push(next);
        else if (next.operation === "execute_tool") found.tools.push(next);
        for (const child of children.get(next.spanId) ?? []) stack.push(child);
      }
      return { calls: ordered(found.calls), tools: ordered(found.tools), runs: ordered(found.runs) };
    };
    const topSpans = ordered(
      traceSpans.filter((span) => span.parentSpanId === undefined || !byId.has(span.parentSpanId)),
    );
    const rootRun = topSpans.find((span) => span.operation === "invoke_agent");
    // A trace without a run span (an instrumented client's calls): one run of all its calls, under a root made up.
    const root: ReadSpan = rootRun ?? {
      pointer: topSpans[0]?.pointer ?? "",
      traceId,
      spanId: "",
      parentSpanId: undefined,
      name: "",
      start: traceSpans.reduce((least, span) => Math.min(least, span.start), Number.POSITIVE_INFINITY),
      end: traceSpans.reduce((most, span) => Math.max(most, span.end), 0),
      attributes: new Map(),
      status: { code: 0 },
      operation: "invoke_agent",
      order: -1,
    };
    if (rootRun === undefined) children.set("", topSpans);
    const document = readRun(root, traceId);
    documents.push(document);
    if (topSpans.some((span) => span !== rootRun && span.operation === "invoke_agent"))
      warn(
        "message-dropped",
        rootRun?.pointer ?? "",
        "the trace has more than one run at its root: only the first is read",
      );

    function readRun(runSpan: ReadSpan, id: string): Transcript {
      const own = ownSpans(runSpan);
      const messages: Message[] = [];
      const agentId = runSpan.attributes.get("gen_ai.agent.id");
      const agentName = runSpan.attributes.get("gen_ai.agent.name");
      const conversation = runSpan.attributes.get("gen_ai.conversation.id");
      // Tool spans by call id, in time order: a run may reuse an id (a redacting tool writes one for all).
      const toolsById = new Map<string, ReadSpan[]>();
      for (const tool of own.tools) {
        const callId = tool.attributes.get("gen_ai.tool.call.id");
        if (typeof callId !== "string") continue;
        const list = toolsById.get(callId) ?? [];
        list.push(tool);
        toolsById.set(callId, list);
      }
      let tools: Transcript["tools"];
      let systemParts: Part[] | undefined;
      /** The conversation so far without its system messages: what a call's input messages repeat. */
      let history = 0;
      let contentless = false;
      for (const call of own.calls) {
        const truncated = call.attributes.get("agent_transcript.truncated");
        if (Array.isArray(truncated) && truncated.length > 0)
          warn(
            "field-dropped",
            call.pointer,
            `the exporter cut ${truncated.join(", ")} to keep within its attribute size: what it kept is read`,
          );
        // Each call carries the system messages before it: the last call's are all the run's that a call saw.
        const system = parseJson(call.attributes.get("gen_ai.system_instructions"));
        if (Array.isArray(system)) systemParts = system.flatMap((part) => canonicalParts(part, call.pointer));
        const definitions = parseJson(call.attributes.get("gen_ai.tool.definitions"));
        if (tools === undefined && Array.isArray(definitions)) tools = toolDefinitions(definitions);
        const input = parseJson(call.attributes.get("gen_ai.input.messages"));
        const output = parseJson(call.attributes.get("gen_ai.output.messages"));
        if (Array.isArray(input)) {
          const leftOut = call.attributes.get("agent_transcript.input_messages_left_out");
          const skipped = typeof leftOut === "number" ? leftOut : 0;
          const known = history - skipped;
          const fresh = known >= 0 && known <= input.length ? input.slice(known) : input;
          if (known < 0 || known > input.length)
            warn(
              "order-changed",
              call.pointer,
              "the call's input messages do not continue the conversation read so far: all are added",
            );
          for (const entry of fresh) {
            const message = canonicalMessage(entry, call.pointer);
            if (message === undefined) continue;
            if (message.role === "system") {
              messages.push(message);
              continue;
            }
            messages.push(message);
            history += 1;
          }
        }
        const answers = Array.isArray(output) ? output : undefined;
        if (answers === undefined) contentless = true;
        const callTools = own.tools.filter((tool) => isUnder(tool, call));
        const outputs =
          answers?.flatMap((entry) => {
            const message = canonicalMessage(entry, call.pointer);
            return message === undefined ? [] : [message];
          }) ?? [];
        if (outputs.length === 0)
          outputs.push({
            role: "assistant",
            parts: callTools.map((tool) => ({
              type: "tool_call" as const,
              id: stringAttribute(tool, "gen_ai.tool.call.id") ?? `call-${tool.spanId}`,
              name: stringAttribute(tool, "gen_ai.tool.name") ?? tool.name.replace(/^execute_tool /, ""),
              ...inputOf(parseJson(tool.attributes.get("gen_ai.tool.call.arguments"))),
            })),
          });
        for (const [index, message] of outputs.entries()) {
          describeCall(message, call, index === outputs.length - 1);
          messages.push(message);
          history += 1;
        }
      }
      if (systemParts !== undefined) messages.unshift({ role: "system", parts: systemParts });
      if (contentless)
        warn(
          "value-assumed",
          runSpan.pointer,
          "content capture was off for some calls: their messages are their tool calls' names, ids and arguments only",
        );
      // Each result in the messages takes its call's span in turn (its status and duration); the spans left over are
      // results no later call repeated (the run's last ones), read from the spans when they carry them.
      const taken = new Map<string, number>();
      for (const message of messages)
        for (const [index, part] of message.parts.entries()) {
          if (part.type !== "tool_result") continue;
          const count = taken.get(part.call_id) ?? 0;
          taken.set(part.call_id, count + 1);
          const tool = toolsById.get(part.call_id)?.[count];
          if (tool !== undefined) message.parts[index] = toolResult(part.call_id, part.output ?? part.error, tool);
        }
      const late: ReadSpan[] = [];
      for (const [callId, list] of toolsById)
        for (const tool of list.slice(taken.get(callId) ?? 0))
          if (tool.attributes.has("gen_ai.tool.call.result")) late.push(tool);
      if (late.length > 0)
        messages.push({
          role: "tool",
          parts: ordered(late).map((tool) =>
            toolResult(
              stringAttribute(tool, "gen_ai.tool.call.id") ?? "",
              parseJson(tool.attributes.get("gen_ai.tool.call.result")),
              tool,
            ),
          ),
        });
      const childRuns: ChildRun[] = own.runs.map((child, index) => {
        const parent = child.parentSpanId === undefined ? undefined : byId.get(child.parentSpanId);
        const callId =
          parent?.operation === "execute_tool" ? stringAttribute(parent, "gen_ai.tool.call.id") : undefined;
        const transcript = readRun(child, stringAttribute(child, "gen_ai.agent.id") ?? `${id}-${index}`);
        return {
          run_id: transcript.id,
          ...(transcript.title === undefined ? {} : { title: transcript.title }),
          ...(transcript.run?.status === undefined ? {} : { status: transcript.run.status }),
          ...(callId === undefined ? {} : { call_id: callId }),
          transcript,
        };
      });
      const failed = runSpan.status.code === 2;
      return {
        schema_version: formatVersion,
        id:
          typeof conversation === "string" && runSpan === root
            ? conversation
            : typeof agentId === "string"
              ? agentId
              : id,
        ...(typeof agentName === "string" ? { title: agentName } : {}),
        ...(runSpan.start > 0 ? { created_at: iso(runSpan.start) } : {}),
        source: {
          format: "otlp-json",
          format_version: semanticConventionsVersion,
          ...(options.path === undefined ? {} : { path: options.path }),
          ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
        },
        run: {
          status: failed ? "failed" : "completed",
          ...(runSpan.start > 0 ? { started_at: iso(runSpan.start) } : {}),
          ...(runSpan.end > 0 ? { ended_at: iso(runSpan.end) } : {}),
          ...(failed && runSpan.status.message !== undefined ? { error: runSpan.status.message } : {}),
          ...(childRuns.length > 0 ? { children: childRuns } : {}),
        },
        messages,
        ...(tools === undefined ? {} : { tools }),
        metadata: {
          "otel-genai": {
            trace_id: traceId,
            ...(runSpan.spanId === "" ? {} : { span_id: runSpan.spanId }),
            semantic_conventions: semanticConventionsVersion,
            ...(options.path === undefined ? {} : { path: options.path }),
          },
        },
      };
    }

    function isUnder(span: ReadSpan, ancestor: ReadSpan): boolean {
      for (let at = span.parentSpanId; at !== undefined; at = byId.get(at)?.parentSpanId) {
        if (at === ancestor.spanId) return true;
        if (byId.get(at)?.operation === "invoke_agent") return false;
      }
      return false;
    }

    /** A model call's facts on its answer: model, response id, finish reason, usage, time, error, cost. */
    function describeCall(message: Message, call: ReadSpan, last: boolean): void {
      // A span at the epoch is a call the exporter had no time for.
      if (call.end > 0) message.created_at = iso(call.end);
      const model = stringAttribute(call, "gen_ai.request.model") ?? stringAttribute(call, "gen_ai.response.model");
      if (model !== undefined) message.model = model;
      const responseId = stringAttribute(call, "gen_ai.response.id");
      if (responseId !== undefined) message.response_id = responseId;
      const reasons = call.attributes.get("gen_ai.response.finish_reasons");
      const reason = Array.isArray(reasons) && typeof reasons[0] === "string" ? reasons[0] : undefined;
      if (reason !== undefined) message.finish_reason = finishReasons[reason] ?? "other";
      if (call.status.code === 2) message.error = call.status.message ?? "the model call failed";
      if (!last) return;
      const count = (key: string) => {
        const value = call.attributes.get(key);
        return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
      };
      const input = count("gen_ai.usage.input_tokens");
      const output = count("gen_ai.usage.output_tokens");
      if (input !== undefined || output !== undefined) {
        const cacheRead = count("gen_ai.usage.cache_read.input_tokens");
        const cacheWrite = count("gen_ai.usage.cache_creation.input_tokens");
        const reasoning = count("gen_ai.usage.reasoning.output_tokens");
        message.usage = {
          input_tokens: input ?? 0,
          output_tokens: output ?? 0,
          ...(cacheRead === undefined ? {} : { cache_read_tokens: cacheRead }),
          ...(cacheWrite === undefined ? {} : { cache_write_tokens: cacheWrite }),
          ...(reasoning === undefined ? {} : { reasoning_tokens: reasoning }),
        };
        if (input === undefined || output === undefined)
          warn(
            "value-assumed",
            call.pointer,
            "the call's usage gives one of its token counts: the other is written as 0",
          );
      }
      const amount = call.attributes.get("agent_transcript.cost.amount");
      const currency = call.attributes.get("agent_transcript.cost.currency");
      if (
        typeof amount === "number" &&
        Number.isFinite(amount) &&
        amount >= 0 &&
        typeof currency === "string" &&
        /^[A-Z]{3}$/.test(currency)
      )
        message.cost = { status: "reported", amount, currency };
    }

    /** A GenAI message as a canonical one; undefined (and said) for what is not one. */
    function canonicalMessage(value: unknown, pointer: string): Message | undefined {
      if (!isObject(value) || typeof value.role !== "string" || !Array.isArray(value.parts)) {
        warn(
          "message-dropped",
          pointer,
          "an input or output message is not a GenAI message (role and parts): left out",
        );
        return undefined;
      }
      // The conventions' roles (ours less `developer`, which a reader of traces never sees).
      const role = (["system", "user", "assistant", "tool"] as const).find((known) => known === value.role);
      if (role === undefined) warn("role-mapped", pointer, `the role ${JSON.stringify(value.role)} is read as user`);
      const parts = value.parts.flatMap((part) => canonicalParts(part, pointer));
      const message: Message = { role: role ?? "user", parts };
      if (typeof value.name === "string") message.name = value.name;
      if (role === "assistant" && typeof value.finish_reason === "string")
        message.finish_reason = finishReasons[value.finish_reason] ?? "other";
      return message;
    }

    function canonicalParts(value: unknown, pointer: string): Part[] {
      if (!isObject(value) || typeof value.type !== "string") {
        warn("part-dropped", pointer, "a message part is not a GenAI part (no type): left out");
        return [];
      }
      switch (value.type) {
        case "text":
          return [{ type: "text", text: typeof value.content === "string" ? value.content : "" }];
        case "reasoning":
          return [{ type: "reasoning", text: typeof value.content === "string" ? value.content : "" }];
        case "tool_call":
          return [
            {
              type: "tool_call",
              id: typeof value.id === "string" && value.id !== "" ? value.id : `call-${pointer.split("/").pop()}`,
              name: typeof value.name === "string" ? value.name : "(unnamed)",
              ...inputOf(value.arguments),
            },
          ];
        case "tool_call_response": {
          const callId = typeof value.id === "string" ? value.id : "";
          return [{ type: "tool_result", call_id: callId, status: "ok", output: value.response ?? null }];
        }
        case "blob":
        case "uri":
        case "file": {
          const media = typeof value.mime_type === "string" ? { media_type: value.mime_type } : {};
          const source =
            value.type === "blob" && typeof value.content === "string"
              ? { data: value.content }
              : value.type === "uri" && typeof value.uri === "string"
                ? { url: value.uri }
                : typeof value.file_id === "string"
                  ? { file_id: value.file_id }
                  : undefined;
          if (source !== undefined && (value.modality === "image" || value.modality === "audio"))
            return [{ type: value.modality, ...media, ...source } as Part];
          break;
        }
      }
      warn("part-dropped", pointer, `a ${JSON.stringify(value.type)} part has no canonical equivalent: left out`);
      return [];
    }

    function toolResult(callId: string, response: unknown, tool: ReadSpan): Part {
      const failed = tool.status.code === 2;
      const duration = tool.end - tool.start;
      return {
        type: "tool_result",
        call_id: callId,
        status: failed ? "error" : "ok",
        // A failure's text is its error; a failure told as a value (a server tool's error object) stays that value.
        ...(failed && typeof response === "string"
          ? { error: response }
          : failed && (response === undefined || response === null)
            ? { error: tool.status.message ?? "the tool failed" }
            : { output: response ?? null }),
        ...(duration > 0 ? { duration_ms: Math.round(duration) } : {}),
      } as Part;
    }
  }
  return { ok: true, documents, warnings };
}

/** A call's input from the conventions' `arguments`: as given (null too), an empty object when there are none. */
const inputOf = (value: unknown): { input: unknown } => ({ input: value === undefined ? {} : value });

function stringAttribute(span: ReadSpan, key: string): string | undefined {
  const value = span.attributes.get(key);
  return typeof value === "string" && value !== "" ? value : undefined;
}

/**
 * An attribute that holds JSON text (the conventions' message attributes), parsed under core's limits (depth, exact
 * numbers); undefined when it is not such text.
 */
function parseJson(value: unknown): unknown {
  if (typeof value !== "string") return undefined;
  const parsed = parseJsonText(value);
  return parsed.ok ? parsed.value : undefined;
}

function toolDefinitions(definitions: readonly unknown[]): NonNullable<Transcript["tools"]> {
  return definitions.flatMap((definition) =>
    isObject(definition) && typeof definition.name === "string"
      ? [
          {
            name: definition.name,
            ...(typeof definition.description === "string" ? { description: definition.description } : {}),
            ...(isObject(definition.parameters) ? { input_schema: definition.parameters } : {}),
          },
        ]
      : [],
  );
}
