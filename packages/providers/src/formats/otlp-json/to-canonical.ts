import { formatVersion, type Transcript } from "@agent-transcript/core";
import { linesAndColumns, locatePointers, parseJson } from "@agent-transcript/core/json";
import {
  heldDocumentText,
  HeldFilesFold,
  type HeldSessionFile,
  sessionLineDepth,
  type ConversionWarning,
  type SessionChild,
  type SessionImportResult,
  type SessionLine,
  type SessionLossCode,
} from "../../conversion/index.js";
import { semanticConventionsVersion } from "../../otel-genai/from-canonical.js";
import { fromOtlpTraces } from "../../otel-genai/to-canonical.js";

/** A resource's spans, from wherever in the file they were: the line of a request, and its pointer there. */
interface ResourcePlace {
  /** The request's line, for one request per line; undefined for a file that is one JSON value. */
  line: number | undefined;
  /** The pointer of the resource in what was parsed (`/resourceSpans/2`, `/0/resourceSpans/2`). */
  pointer: string;
}

/** The spans of a file, as one request, and where each of its resources came from. */
interface ReadRequests {
  request: { resourceSpans: unknown[] };
  places: ResourcePlace[];
  /** The whole text, for a file that is one JSON value (to find a pointer's line in it). */
  text: string | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isRequest = (value: unknown): value is { resourceSpans: unknown[] } =>
  isObject(value) && Array.isArray(value.resourceSpans);

/** What the mapping's warnings are as losses: what the trace never held, and the rest left out or read the nearest way. */
const lossCodes: Partial<Record<ConversionWarning["code"], SessionLossCode>> = {
  "value-assumed": "not-carried",
  "field-dropped": "not-carried",
};

/** The fold of an OTLP/JSON traces file: held whole, read when it ends (see index.ts). */
export class OtlpJsonFold extends HeldFilesFold {
  protected result(): SessionImportResult {
    const main = this.mainFile();
    const path = this.options.path ?? (main.path === "" ? undefined : main.path);
    const read = readRequests(main, this);
    const imported =
      read === undefined
        ? undefined
        : fromOtlpTraces(read.request, {
            ...(path === undefined ? {} : { path }),
            ...(this.options.importedAt === undefined ? {} : { importedAt: this.options.importedAt }),
          });
    if (read !== undefined && imported !== undefined && !imported.ok) {
      const place = locate(read, [imported.error.pointer]).get(imported.error.pointer);
      this.loss(
        main,
        place?.line,
        "invalid-line",
        `not OTLP/JSON traces: ${place?.pointer ?? imported.error.pointer}: ${imported.error.message}`,
      );
    }
    const documents = imported?.ok === true ? imported.documents : [];
    const [document] = documents;
    if (read === undefined || imported?.ok !== true || document === undefined) {
      if (read !== undefined && imported?.ok === true)
        this.loss(main, undefined, "invalid-line", "the traces hold no span: no run in them");
      return {
        document: emptyDocument(path, this.options.importedAt),
        children: [],
        losses: this.losses,
        files: [main.path],
        records: 0,
      };
    }
    // The traces left out first: of everything said, the most a reader would miss.
    if (documents.length > 1) {
      const others = documents.slice(1).map((other) => traceId(other) ?? other.id);
      const named = others.slice(0, 5).join(", ");
      this.loss(
        main,
        undefined,
        "left-out",
        `the file holds ${documents.length} traces: the first (trace ${traceId(document) ?? document.id}) is read; left out: ${named}${others.length > 5 ? ` and ${others.length - 5} more` : ""} (a file of one trace reads it)`,
      );
    }
    const located = locate(
      read,
      imported.warnings.map((warning) => warning.path),
    );
    for (const warning of imported.warnings) {
      const place = located.get(warning.path);
      this.loss(
        main,
        place?.line,
        lossCodes[warning.code] ?? "left-out",
        `${place?.pointer ?? warning.path}: ${warning.message}`,
      );
    }
    const children: SessionChild[] = (document.run?.children ?? []).flatMap((child) =>
      child.transcript === undefined ? [] : [{ runId: child.run_id, path: "", document: child.transcript }],
    );
    return { document, children, losses: this.losses, files: [main.path], records: countSpans(read.request) };
  }
}

/**
 * The file's requests: one JSON value (a request or an array of them), or one request per line, told apart by the
 * first line: a whole JSON object on its own opens a file of one request per line. Undefined, with the loss said, when neither.
 */
function readRequests(held: HeldSessionFile, report: OtlpJsonFold): ReadRequests | undefined {
  for (const { line, error } of held.lines)
    if (error !== undefined) report.loss(held, line, "unparsable-line", `line ${line}: ${error}`);
  const lines = held.lines.filter((line) => line.error === undefined && line.text.trim() !== "");
  const [first] = lines;
  if (first === undefined) {
    report.loss(held, undefined, "invalid-line", "the file is empty: no OTLP/JSON traces in it");
    return undefined;
  }
  const firstOnItsOwn = parseJson(first.text, { maxDepth: sessionLineDepth });
  if (lines.length > 1 && firstOnItsOwn.ok && isObject(firstOnItsOwn.value)) return requestLines(held, lines, report);
  const text = heldDocumentText(held.lines);
  const parsed = parseJson(text, { maxDepth: sessionLineDepth });
  if (!parsed.ok) {
    report.loss(held, parsed.error.line, "unparsable-line", `not OTLP/JSON traces: ${parsed.error.message}`);
    return undefined;
  }
  if (isRequest(parsed.value))
    return {
      request: parsed.value,
      places: parsed.value.resourceSpans.map((_resource, index) => ({
        line: undefined,
        pointer: `/resourceSpans/${index}`,
      })),
      text,
    };
  if (Array.isArray(parsed.value) && parsed.value.length > 0 && parsed.value.every(isRequest)) {
    const places: ResourcePlace[] = [];
    for (const [index, request] of parsed.value.entries())
      for (const [resource] of request.resourceSpans.entries())
        places.push({ line: undefined, pointer: `/${index}/resourceSpans/${resource}` });
    return { request: { resourceSpans: parsed.value.flatMap((request) => request.resourceSpans) }, places, text };
  }
  report.loss(
    held,
    undefined,
    "invalid-line",
    "not OTLP/JSON traces: expected an object with a resourceSpans array, or an array of them",
  );
  return undefined;
}

/** One request per line (the Collector's file exporter): a line that is not one costs that line. */
function requestLines(
  held: HeldSessionFile,
  lines: readonly SessionLine[],
  report: OtlpJsonFold,
): ReadRequests | undefined {
  const resourceSpans: unknown[] = [];
  const places: ResourcePlace[] = [];
  for (const line of lines) {
    const parsed = parseJson(line.text, { maxDepth: sessionLineDepth });
    if (!parsed.ok) {
      report.loss(
        held,
        line.line,
        "unparsable-line",
        `line ${line.line}: not read: ${parsed.error.reason ?? parsed.error.message}`,
      );
      continue;
    }
    if (!isRequest(parsed.value)) {
      report.loss(
        held,
        line.line,
        "invalid-line",
        `line ${line.line}: not an OTLP/JSON export request (no resourceSpans array)`,
      );
      continue;
    }
    for (const [index, resource] of parsed.value.resourceSpans.entries()) {
      resourceSpans.push(resource);
      places.push({ line: line.line, pointer: `/resourceSpans/${index}` });
    }
  }
  return { request: { resourceSpans }, places, text: undefined };
}

/** Each pointer into the combined request as the file's line and the pointer in what that line (or file) holds. */
function locate(
  read: ReadRequests,
  pointers: readonly string[],
): Map<string, { line: number | undefined; pointer: string }> {
  const placed = new Map<string, { line: number | undefined; pointer: string }>();
  for (const pointer of pointers) {
    const match = /^\/resourceSpans\/(\d+)(\/.*)?$/.exec(pointer);
    const place = match === null ? undefined : read.places[Number(match[1])];
    placed.set(
      pointer,
      place === undefined
        ? { line: undefined, pointer }
        : { line: place.line, pointer: `${place.pointer}${match?.[2] ?? ""}` },
    );
  }
  if (read.text !== undefined) {
    const inFile = [...new Set([...placed.values()].map((place) => place.pointer))];
    const offsets = locatePointers(read.text, inFile);
    const found = inFile.filter((pointer) => offsets.has(pointer));
    const lines = linesAndColumns(
      read.text,
      found.map((pointer) => offsets.get(pointer) as number),
    );
    const lineOf = new Map(found.map((pointer, index) => [pointer, lines[index]?.line]));
    for (const place of placed.values()) place.line = lineOf.get(place.pointer);
  }
  return placed;
}

function countSpans(request: { resourceSpans: unknown[] }): number {
  let spans = 0;
  for (const resource of request.resourceSpans)
    if (isObject(resource) && Array.isArray(resource.scopeSpans))
      for (const scope of resource.scopeSpans)
        if (isObject(scope) && Array.isArray(scope.spans)) spans += scope.spans.length;
  return spans;
}

function traceId(document: Transcript): string | undefined {
  const otel = document.metadata?.["otel-genai"];
  return isObject(otel) && typeof otel.trace_id === "string" ? otel.trace_id : undefined;
}

function emptyDocument(path: string | undefined, importedAt: string | undefined): Transcript {
  return {
    schema_version: formatVersion,
    id: "otlp-json",
    source: {
      format: "otlp-json",
      format_version: semanticConventionsVersion,
      ...(path === undefined ? {} : { path }),
      ...(importedAt === undefined ? {} : { imported_at: importedAt }),
    },
    messages: [],
  };
}
