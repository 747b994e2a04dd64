/**
 * The spans of an OTLP/JSON request (what `toOtlpTraces` writes) as the OpenTelemetry SDK's finished spans, so the
 * SDK's own exporters send them: their encoding (OTLP/HTTP protobuf or JSON), headers, timeouts and retries are the
 * library's, not ours. Ids, times, kinds, statuses, attributes and events go across as they are.
 */
import type { Attributes, AttributeValue, HrTime } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import type { OtlpAnyValue, OtlpKeyValue, OtlpTraceRequest } from "@agent-transcript/providers";

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

/** Nanoseconds since the epoch, as OTLP/JSON writes them, as the SDK's [seconds, nanoseconds]. */
function hrTime(nanos: string): HrTime {
  const value = BigInt(nanos);
  return [Number(value / 1_000_000_000n), Number(value % 1_000_000_000n)];
}

/** Every span of the request, as finished SDK spans with their resource and instrumentation scope. */
export function readableSpans(request: OtlpTraceRequest): ReadableSpan[] {
  const spans: ReadableSpan[] = [];
  for (const resourceSpans of request.resourceSpans) {
    const resource = resourceFromAttributes(attributesOf(resourceSpans.resource?.attributes));
    for (const scopeSpans of resourceSpans.scopeSpans) {
      const instrumentationScope = {
        name: scopeSpans.scope?.name ?? "",
        ...(scopeSpans.scope?.version === undefined ? {} : { version: scopeSpans.scope.version }),
        ...(scopeSpans.schemaUrl === undefined ? {} : { schemaUrl: scopeSpans.schemaUrl }),
      };
      for (const span of scopeSpans.spans) {
        const context = { traceId: span.traceId, spanId: span.spanId, traceFlags: 1 };
        const duration = BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano);
        spans.push({
          name: span.name,
          // OTLP numbers the kinds from 1 (INTERNAL); the API from 0.
          kind: Math.max(0, span.kind - 1),
          spanContext: () => context,
          ...(span.parentSpanId === undefined
            ? {}
            : { parentSpanContext: { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: 1 } }),
          startTime: hrTime(span.startTimeUnixNano),
          endTime: hrTime(span.endTimeUnixNano),
          duration: [Number(duration / 1_000_000_000n), Number(duration % 1_000_000_000n)],
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
          resource,
          instrumentationScope,
          droppedAttributesCount: 0,
          droppedEventsCount: 0,
          droppedLinksCount: 0,
        });
      }
    }
  }
  return spans;
}
