// The OpenTelemetry OTLP/HTTP exporter a sender or the live export's thread sends with. A module of its own, so that no
// declaration the entry point publishes names an OpenTelemetry type (a user without the SDK still compiles).
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import type { SpanExporter } from "@opentelemetry/sdk-trace";
import type { TraceSenderOptions } from "./trace-options.js";

/** The OpenTelemetry exporter of the protocol asked for. */
export function otlpSpanExporter(options: TraceSenderOptions): SpanExporter {
  const Exporter = options.protocol === "http/json" ? JsonExporter : ProtobufExporter;
  return new Exporter({
    url: options.url,
    ...(options.headers === undefined ? {} : { headers: { ...options.headers } }),
    timeoutMillis: options.timeoutMillis ?? 10_000,
  });
}
