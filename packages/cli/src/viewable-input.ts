/**
 * What `view` and `export --format html` can show: whatever `export` reads (a transcript document, an event log with
 * its child runs, an agent's session), and besides that a provider payload or another system's document (what
 * `convert` reads as one JSON value), converted to canonical first with the providers' converters.
 */
import type { Tolerant } from "@agent-transcript/core";
import { parseJson } from "@agent-transcript/core/json";
import {
  detectFormat,
  documentConverters,
  isDocumentFormatId,
  isProviderFormatId,
  providerConverters,
  type ToCanonicalResult,
} from "@agent-transcript/providers";
import {
  capProblems,
  isJsonLines,
  loadDocumentText,
  readInput,
  type InputLimits,
  type LoadedDocument,
} from "./input.js";
import type { CommandIo } from "./io.js";

export type LoadedViewable =
  (Extract<LoadedDocument, { ok: true }> & { format?: string }) | Extract<LoadedDocument, { ok: false }>;

export async function loadViewable(input: string, io: CommandIo, limits: InputLimits): Promise<LoadedViewable> {
  // Read once: the text is tried as a document, an event log or a session first, then as a payload.
  const read = await readInput(input, io, limits);
  if (!read.ok) return { ok: false, problems: [read.problem], omitted: 0, unreadable: true };
  const loaded = await loadDocumentText(input, read.text, io, limits);
  // Standard input is shown only as a document, an event log or a session, never tried as a payload.
  if (loaded.ok || loaded.unreadable || input === "-" || isJsonLines(read.text)) return loaded;
  const parsed = parseJson(read.text, { maxDepth: limits.maxDepth });
  if (!parsed.ok) return loaded;
  const detected = detectFormat(parsed.value);
  if (detected === undefined || detected.format === "agent-transcript") return loaded;
  const { format, kind } = detected;
  let result: ToCanonicalResult;
  if (isDocumentFormatId(format)) result = documentConverters[format].toCanonical(parsed.value, { path: input });
  else if (isProviderFormatId(format)) {
    const converter = providerConverters[format];
    result =
      kind === "stream"
        ? converter.streamToCanonical(Array.isArray(parsed.value) ? parsed.value : [parsed.value])
        : kind === "response"
          ? converter.responseToCanonical(parsed.value)
          : converter.requestToCanonical(parsed.value);
  } else return loaded;
  if (!result.ok)
    return {
      ok: false,
      ...capProblems(result.errors.map((error) => ({ pointer: error.path, message: error.message }))),
    };
  return {
    ok: true,
    document: result.document as Tolerant.Transcript,
    kind: "transcript",
    format,
    warnings: result.warnings.map((warning) => ({
      code: warning.code,
      pointer: warning.path,
      message: warning.message,
    })),
    files: [input],
  };
}
