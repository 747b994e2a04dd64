// OpenTelemetry GenAI: a canonical document as OTLP/JSON traces that follow the GenAI semantic conventions (the
// mapping is said in from-canonical.ts).
export { semanticConventionsVersion, toOtlpTraces, type OtlpExportOptions } from "./from-canonical.js";
export type * from "./types.js";
