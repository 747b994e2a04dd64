// An OTLP/HTTP trace receiver on 127.0.0.1 for the tests that send traces: it takes what a collector's receiver takes
// (POST /v1/traces, protobuf or JSON) and decodes protobuf with the OpenTelemetry transformer's own generated code, so
// what arrives is read by OpenTelemetry's decoder, not by ours. Each request is kept as OTLP/JSON spans (hex ids,
// nanoseconds as strings), with its headers; it can answer the first requests with an error, and be stopped.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import type { OtlpAnyValue, OtlpKeyValue, OtlpSpan } from "@agent-transcript/providers";

interface ProtobufType {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
}

const root = createRequire(import.meta.url)("otlp-transformer-decoder/build/src/generated/root") as {
  opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: ProtobufType } } } } };
};
const requestType = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

export interface ReceivedRequest {
  contentType: string;
  headers: IncomingHttpHeaders;
  bytes: number;
  spans: OtlpSpan[];
}

export interface Receiver {
  /** The base URL (`http://127.0.0.1:PORT`); the traces path is `/v1/traces`. */
  url: string;
  requests: ReceivedRequest[];
  /** Every span received, in order. */
  spans: () => OtlpSpan[];
  /** Answer the next `count` requests with `status` (after reading them), as a busy or failing backend does. */
  failNext: (count: number, status: number) => void;
  stop: () => Promise<void>;
}

const hex = (value: unknown): string =>
  value instanceof Uint8Array ? Buffer.from(value).toString("hex") : typeof value === "string" ? value : "";

/** A decoded protobuf AnyValue (longs as strings) as OTLP/JSON writes it. */
function anyValue(value: Record<string, unknown>): OtlpAnyValue {
  if (typeof value.stringValue === "string") return { stringValue: value.stringValue };
  if (typeof value.boolValue === "boolean") return { boolValue: value.boolValue };
  if (value.intValue !== undefined) return { intValue: String(value.intValue) };
  if (typeof value.doubleValue === "number") return { doubleValue: value.doubleValue };
  const array = value.arrayValue as { values?: Array<Record<string, unknown>> } | undefined;
  return { arrayValue: { values: (array?.values ?? []).map(anyValue) } };
}

const keyValues = (list: unknown): OtlpKeyValue[] =>
  ((list as Array<{ key: string; value: Record<string, unknown> }> | undefined) ?? []).map((entry) => ({
    key: entry.key,
    value: anyValue(entry.value),
  }));

/** The spans of a decoded request (protobuf or JSON), as OTLP/JSON spans. */
function spansOf(request: Record<string, unknown>): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  for (const resource of (request.resourceSpans as Array<Record<string, unknown>> | undefined) ?? [])
    for (const scope of (resource.scopeSpans as Array<Record<string, unknown>> | undefined) ?? [])
      for (const span of (scope.spans as Array<Record<string, unknown>> | undefined) ?? []) {
        const parent = hex(span.parentSpanId);
        const status = (span.status as { code?: number; message?: string } | undefined) ?? {};
        spans.push({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          ...(parent === "" ? {} : { parentSpanId: parent }),
          name: span.name as string,
          kind: Number(span.kind ?? 0) as OtlpSpan["kind"],
          startTimeUnixNano: String(span.startTimeUnixNano),
          endTimeUnixNano: String(span.endTimeUnixNano),
          attributes: keyValues(span.attributes),
          events: ((span.events as Array<Record<string, unknown>> | undefined) ?? []).map((event) => ({
            timeUnixNano: String(event.timeUnixNano),
            name: event.name as string,
            attributes: keyValues(event.attributes),
          })),
          status: {
            code: (status.code ?? 0) as 0 | 1 | 2,
            ...(status.message === undefined || status.message === "" ? {} : { message: status.message }),
          },
        });
      }
  return spans;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  let failures = { count: 0, status: 503 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      if (request.method !== "POST" || request.url !== "/v1/traces") {
        response.writeHead(404).end();
        return;
      }
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        response.writeHead(failures.status, { "Content-Type": "text/plain" }).end("try again");
        return;
      }
      const contentType = request.headers["content-type"] ?? "";
      const decoded = contentType.startsWith("application/x-protobuf")
        ? requestType.toObject(requestType.decode(body), { longs: String, defaults: false })
        : (JSON.parse(body.toString("utf8")) as Record<string, unknown>);
      requests.push({ contentType, headers: request.headers, bytes: body.length, spans: spansOf(decoded) });
      const json = contentType.startsWith("application/json");
      response.writeHead(200, { "Content-Type": json ? "application/json" : "application/x-protobuf" });
      response.end(json ? "{}" : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    spans: () => requests.flatMap((entry) => entry.spans),
    failNext: (count, status) => {
      failures = { count, status };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
