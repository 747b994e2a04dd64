/**
 * The spans of an OTLP/JSON request (what `toOtlpTraces` writes) as the OpenTelemetry SDK's finished spans, so the
 * SDK's own exporters send them: their encoding (OTLP/HTTP protobuf or JSON), headers, timeouts and retries are the
 * library's, not ours. Ids, times, kinds, statuses, attributes and events go across as they are.
 */
import type { Attributes, AttributeValue, HrTime } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import type { OtlpAnyValue, OtlpKeyValue, OtlpSpan, OtlpTraceRequest } from "@agent-transcript/providers";

/** An OTLP AnyValue as an attribute value: what the SDK's attributes hold (a homogeneous array at most). */
function attributeValue(value: OtlpAnyValue): AttributeValue | undefined {
  if ("stringValue" in value) return value.stringValue;
  if ("boolValue" in value) return value.boolValue;
  if ("doubleValue" in value) return value.doubleValue;
  if ("intValue" in value) return Number(value.intValue);
  if ("arrayValue" in value) {
    const values = value.arrayValue.values.map(attributeValue);
    // The SDK's arrays hold one primitive type; ours hold strings (finish reasons, truncated keys).
    return values.every((entry) => typeof entry === "string") ? (values as string[]) : undefined;
  }
  return undefined;
}

function attributesOf(list: readonly OtlpKeyValue[] | undefined): Attributes {
  const attributes: Attributes = Object.create(null) as Attributes;
  for (const { key, value } of list ?? []) {
    const converted = attributeValue(value);
    if (converted !== undefined) attributes[key] = converted;
  }
  return attributes;
}

/** Nanoseconds since the epoch, as OTLP/JSON writes them, as the SDK's [seconds, nanoseconds]: cut as text. */
function hrTime(nanos: string): HrTime {
  if (!/^\d{1,30}$/.test(nanos)) return [0, 0];
  const seconds = nanos.length > 9 ? Number(nanos.slice(0, -9)) : 0;
  return [seconds, Number(nanos.slice(-9))];
}

/** The SDK's [seconds, nanoseconds] between two of them. */
function between(start: HrTime, end: HrTime): HrTime {
  let seconds = end[0] - start[0];
  let nanos = end[1] - start[1];
  if (nanos < 0) {
    seconds -= 1;
    nanos += 1_000_000_000;
  }
  return seconds < 0 ? [0, 0] : [seconds, nanos];
}

/** A span's resource and instrumentation scope, as the SDK holds them. */
export interface SpanOrigin {
  resource: ReadableSpan["resource"];
  instrumentationScope: ReadableSpan["instrumentationScope"];
}

/** The resource and scope of each of a request's groups of spans (what `OtlpTraceSpans.request` writes around them). */
export function originsOf(request: OtlpTraceRequest): Array<SpanOrigin & { spans: readonly OtlpSpan[] }> {
  return request.resourceSpans.flatMap((resourceSpans) => {
    const resource = resourceFromAttributes(attributesOf(resourceSpans.resource?.attributes));
    return resourceSpans.scopeSpans.map((scopeSpans) => ({
      resource,
      instrumentationScope: {
        name: scopeSpans.scope?.name ?? "",
        ...(scopeSpans.scope?.version === undefined ? {} : { version: scopeSpans.scope.version }),
        ...(scopeSpans.schemaUrl === undefined ? {} : { schemaUrl: scopeSpans.schemaUrl }),
      },
      spans: scopeSpans.spans,
    }));
  });
}

/** One OTLP/JSON span as a finished SDK span. */
export function readableSpan(span: OtlpSpan, origin: SpanOrigin): ReadableSpan {
  const context = { traceId: span.traceId, spanId: span.spanId, traceFlags: 1 };
  const startTime = hrTime(span.startTimeUnixNano);
  const endTime = hrTime(span.endTimeUnixNano);
  return {
    name: span.name,
    // OTLP numbers the kinds from 1 (INTERNAL); the API from 0.
    kind: Math.max(0, span.kind - 1),
    spanContext: () => context,
    ...(span.parentSpanId === undefined
      ? {}
      : { parentSpanContext: { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: 1 } }),
    startTime,
    endTime,
    duration: between(startTime, endTime),
    status: {
      code: span.status.code,
      ...(span.status.message === undefined ? {} : { message: span.status.message }),
    },
    attributes: attributesOf(span.attributes),
    links: [],
    events: span.events.map((event) => ({
      name: event.name,
      time: hrTime(event.timeUnixNano),
      attributes: attributesOf(event.attributes),
    })),
    ended: true,
    resource: origin.resource,
    instrumentationScope: origin.instrumentationScope,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/** Every span of the request, as finished SDK spans with their resource and instrumentation scope. */
export function readableSpans(request: OtlpTraceRequest): ReadableSpan[] {
  const spans: ReadableSpan[] = [];
  for (const origin of originsOf(request)) for (const span of origin.spans) spans.push(readableSpan(span, origin));
  return spans;
}
