/**
 * OpenTelemetry's OTLP/JSON encoding of traces (an `ExportTraceServiceRequest`, as a collector's OTLP/HTTP receiver
 * takes it with `Content-Type: application/json`), and the GenAI semantic conventions' message shapes
 * (`gen_ai.input.messages`, `gen_ai.output.messages`, `gen_ai.system_instructions`, `gen_ai.tool.definitions`), as
 * far as this export writes them. Field names as the OTLP protobuf's JSON mapping and the conventions' JSON Schemas
 * spell them: trace and span ids are lower-case hex, times are nanoseconds since the epoch as decimal strings, integers
 * of 64 bits are strings.
 */

/** An attribute's value (OTLP `AnyValue`): one of its fields. */
export type OtlpAnyValue =
  | { stringValue: string }
  | { boolValue: boolean }
  | { intValue: string }
  | { doubleValue: number }
  | { arrayValue: { values: OtlpAnyValue[] } };

export interface OtlpKeyValue {
  key: string;
  value: OtlpAnyValue;
}

/** OTLP's span kinds: unspecified 0, internal 1, server 2, client 3, producer 4, consumer 5. */
export type OtlpSpanKind = 0 | 1 | 2 | 3 | 4 | 5;

/** Unset 0, ok 1, error 2. */
export interface OtlpStatus {
  code: 0 | 1 | 2;
  message?: string;
}

export interface OtlpEvent {
  timeUnixNano: string;
  name: string;
  attributes: OtlpKeyValue[];
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  /** Absent on the trace's root span. */
  parentSpanId?: string;
  name: string;
  kind: OtlpSpanKind;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: OtlpKeyValue[];
  events: OtlpEvent[];
  status: OtlpStatus;
}

export interface OtlpTraceRequest {
  resourceSpans: Array<{
    resource: { attributes: OtlpKeyValue[] };
    scopeSpans: Array<{
      scope: { name: string; version: string };
      /** The semantic conventions' schema the attributes follow. */
      schemaUrl: string;
      spans: OtlpSpan[];
    }>;
  }>;
}

/** A part of a GenAI message, as the conventions' JSON Schemas define the ones this export writes. */
export type GenAiPart =
  | { type: "text"; content: string }
  | { type: "reasoning"; content: string }
  | { type: "tool_call"; id: string | null; name: string; arguments: unknown }
  | { type: "tool_call_response"; id: string | null; response: unknown }
  | { type: "blob"; modality: "image" | "video" | "audio"; mime_type: string | null; content: string }
  | { type: "uri"; modality: "image" | "video" | "audio"; mime_type: string | null; uri: string }
  | { type: "file"; modality: "image" | "video" | "audio"; mime_type: string | null; file_id: string }
  | { type: string; [key: string]: unknown };

/** A message of `gen_ai.input.messages`. */
export interface GenAiChatMessage {
  role: string;
  parts: GenAiPart[];
  name?: string | null;
}

/** A message of `gen_ai.output.messages`. */
export interface GenAiOutputMessage extends GenAiChatMessage {
  finish_reason: string;
}

/** A tool the model was given (`gen_ai.tool.definitions`). */
export interface GenAiToolDefinition {
  type: "function";
  name: string;
  description?: string | null;
  parameters?: unknown;
}
