/**
 * OpenTelemetry's OTLP/JSON encoding of traces and the GenAI conventions' message shapes, as the import reads them:
 * the same types the export writes (`../../otel-genai/types.ts`), at this format's own entry point
 * (`@agent-transcript/providers/otlp-json`) like every other format's.
 */
export type * from "../../otel-genai/types.js";
