// OpenTelemetry GenAI: a canonical document as OTLP/JSON traces that follow the GenAI semantic conventions, and such
// traces read back (the mappings are said in from-canonical.ts and to-canonical.ts).
export {
  OtlpRunSpans,
  OtlpTraceSpans,
  semanticConventionsVersion,
  toOtlpTraces,
  type OtlpExportOptions,
  type OtlpRunPlace,
} from "./from-canonical.js";
export { fromOtlpTraces, type OtlpImportOptions, type OtlpImportResult } from "./to-canonical.js";
export type * from "./types.js";
