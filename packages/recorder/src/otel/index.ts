// OpenTelemetry: a recorder's run sent to a collector or backend while it is recorded (`exportToOpenTelemetry`, on a
// thread of its own), and finished traces sent through the OpenTelemetry exporters (`createTraceSender`, what
// `agent-transcript otel push` uses). Needs the OpenTelemetry SDK beside it: `@opentelemetry/api`,
// `@opentelemetry/resources`, `@opentelemetry/sdk-trace`, `@opentelemetry/exporter-trace-otlp-proto` and `-http`.
export {
  exportToOpenTelemetry,
  type LiveExport,
  type LiveExportOptions,
  type LiveExportStats,
  type LiveExportWarning,
} from "./live-export.js";
export {
  createTraceSender,
  otlpTracesUrl,
  type OtlpProtocol,
  type TraceSender,
  type TraceSendResult,
  type TraceSenderOptions,
} from "./trace-sender.js";
