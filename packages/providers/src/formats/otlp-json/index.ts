/**
 * OpenTelemetry traces as an import format (`otlp-json`): OTLP/JSON spans that follow the OpenTelemetry GenAI
 * semantic conventions, read back into a run with its child runs. What the mapping reads and what a trace cannot
 * carry is said in `../../otel-genai/to-canonical.ts`; this is the file around it:
 *
 * - One export request (`{"resourceSpans": […]}`, as `export --format otlp-json` writes it, compact or
 *   pretty-printed), an array of them, or one request per line (the OpenTelemetry Collector's file exporter), whose
 *   spans are read together; a line that is not a request costs that line.
 * - The first trace of the file is the document (the trace of the first span read); a file of several traces names
 *   the others as a `left-out` loss, so nothing is dropped silently.
 * - Each warning of the mapping is a loss naming the file's line and the span's JSON pointer: what the trace never
 *   held (content capture off, an exporter's cut) is `not-carried`; a value no canonical field takes as written is
 *   `left-out` (left out, or read the nearest way). Both are expected kinds: a trace is lossy by nature, and these
 *   are the rules its reading documents, not damage.
 * - `source.format` is `otlp-json` and `source.format_version` the conventions' version the reader follows.
 */
import type { SessionImporter } from "../../conversion/index.js";
import { OtlpJsonFold } from "./to-canonical.js";

/** An export request opens with its one key, whether the file is one request, an array of them or one per line. */
const requestOpening = /^\s*(?:\[\s*)?\{\s*"resourceSpans"\s*:/;

/** Whether a file's first lines open OTLP/JSON traces. */
function detectOtlpJson(head: readonly string[]): boolean {
  const first = head.findIndex((line) => line.trim() !== "");
  if (first === -1) return false;
  // A pretty-printed request puts its brackets on lines of their own: the key is within the first three lines. Only
  // their starts are looked at: the first line of a compact file is the whole file.
  return requestOpening.test(
    head
      .slice(first, first + 3)
      .map((line) => line.slice(0, 1024))
      .join("\n"),
  );
}

/** OTLP/JSON traces' importer: detection by content, no related files, and the fold that reads a file of spans. */
export const otlpJsonImporter: SessionImporter = {
  id: "otlp-json",
  detect: detectOtlpJson,
  // A trace holds its child runs: nothing of it is in another file.
  relatedFiles: () => [],
  begin: (options) => new OtlpJsonFold(options),
};
