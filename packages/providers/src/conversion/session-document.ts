/**
 * What every session importer writes the same way: the document's `source` and `run` (its timing, and the usage of
 * its child runs rolled up), and, last, a strictly valid document handed over without dropping anything. A message
 * that still breaks a rule of the canonical schema (a hostile line the reading let through) is moved, as it was
 * converted, to `metadata[<format key>].invalid` with an `invalid-line` loss naming its line.
 */
import type {
  ChildRun,
  ClampedUsageCount,
  Message,
  Run,
  SourceFormat,
  Transcript,
  Usage,
} from "@agent-transcript/core";
import { formatVersion, sumUsageChecked } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { isJsonObject, type JsonObject } from "./json.js";
import type { SessionImportOptions, SessionLossCode } from "./session.js";

/** The losses `setAsideInvalidMessages` reports, by the line of the session file the message came from. */
export type InvalidMessageReport = (line: number | undefined, message: string) => void;

const invalidMessage = "a message that breaks the canonical schema; kept in metadata as it was converted";

/**
 * Returns `document` with every message that fails strict validation moved to `metadata[key].invalid` (in order,
 * after any already there), each reported once through `report` with the line `lineOf` finds. Tries three times, as
 * moving a message can leave another one breaking a rule that depended on it (a tool result without its call).
 */
export function setAsideInvalidMessages(
  document: Transcript,
  key: string,
  lineOf: (message: Message) => number | undefined,
  report: InvalidMessageReport,
): Transcript {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = validateTranscript(document);
    if (result.ok) return document;
    const broken = new Set<number>();
    for (const error of result.errors) {
      const match = /^\/messages\/(\d+)(?:\/|$)/.exec(error.pointer);
      if (match !== null) broken.add(Number(match[1]));
    }
    if (broken.size === 0) break;
    const aside: JsonObject[] = [];
    document.messages = document.messages.filter((message, index) => {
      if (!broken.has(index)) return true;
      report(lineOf(message), invalidMessage);
      aside.push(message as unknown as JsonObject);
      return false;
    });
    const metadata = (document.metadata ??= {});
    const own = (isJsonObject(metadata[key]) ? metadata[key] : (metadata[key] = {})) as JsonObject;
    own.invalid = [...(Array.isArray(own.invalid) ? (own.invalid as unknown[]) : []), ...aside];
  }
  return document;
}

/** The line of a message whose provider fields under `key` list the lines it came from (`lines[0].line`). */
export function firstLineOf(message: Message, key: string): number | undefined {
  const lines = message.provider_fields?.[key]?.lines;
  return Array.isArray(lines) && isJsonObject(lines[0]) && typeof lines[0].line === "number"
    ? lines[0].line
    : undefined;
}

/** A session document's `source`: the format, and the path, the session id and the import time when known. */
export function sessionSource(
  format: SourceFormat,
  path: string,
  sessionId: string | undefined,
  importedAt: string | undefined,
): NonNullable<Transcript["source"]> {
  return {
    format,
    ...(path === "" ? {} : { path }),
    ...(sessionId === undefined ? {} : { session_id: sessionId }),
    ...(importedAt === undefined ? {} : { imported_at: importedAt }),
  };
}

/** What a session run is built from; `usage` is the run's own (the document's `usage`). */
export interface SessionRunParts {
  status: Run["status"];
  first: string | undefined;
  last: string | undefined;
  parent?: Run["parent"];
  children?: ChildRun[];
  usage?: Usage | undefined;
  /** Told each counter of `usage_including_children` clamped at 2^53 − 1, with its JSON pointer in the document. */
  clamped?: (pointer: string, count: ClampedUsageCount) => void;
}

/**
 * The loss message of a token total clamped at `Number.MAX_SAFE_INTEGER` (see `sumUsageChecked`), at `pointer` of
 * the document, for a `clamped-total` loss.
 */
export function clampedTotalMessage(pointer: string, count: ClampedUsageCount): string {
  return `${pointer} adds up to ${count.sum}, beyond 2^53 − 1, past which a JSON number is not read back exactly; written as ${Number.MAX_SAFE_INTEGER}, a lower bound`;
}

/**
 * A session document's `run`: started and ended at its first and last times, its duration between them, its parent,
 * and its child runs with `usage_including_children`, the run's own usage plus each child's own roll-up (or its usage
 * when it has no children).
 */
export function sessionRun({ status, first, last, parent, children = [], usage, clamped }: SessionRunParts): Run {
  const run: Run = { status };
  if (first !== undefined) run.started_at = first;
  if (last !== undefined) run.ended_at = last;
  const duration = first === undefined || last === undefined ? Number.NaN : Date.parse(last) - Date.parse(first);
  if (Number.isSafeInteger(duration) && duration >= 0) run.duration_ms = duration;
  if (parent !== undefined) run.parent = parent;
  if (children.length > 0) {
    run.children = children;
    const childTotals: Usage[] = [];
    for (const child of children) {
      const childTotal = child.transcript?.run?.usage_including_children ?? child.transcript?.usage;
      if (childTotal !== undefined) childTotals.push(childTotal);
    }
    if (usage !== undefined && childTotals.length === 0) run.usage_including_children = usage;
    else {
      const sum = sumUsageChecked(usage === undefined ? childTotals : [usage, ...childTotals]);
      run.usage_including_children = sum.usage;
      for (const count of sum.clamped) clamped?.(`/run/usage_including_children/${count.counter}`, count);
    }
  }
  return run;
}

/** What one run's document of a session is made of; the importer has read it, this writes it. */
export interface SessionRunDocumentParts {
  format: SourceFormat;
  /** The key the format's own fields are kept under: `metadata` and the messages' `provider_fields`. */
  key: string;
  id: string;
  title?: string | undefined;
  /** The file's path as the source names it, the session id and the import time (see {@link sessionSource}). */
  path: string;
  sessionId: string | undefined;
  importedAt: string | undefined;
  /** The version of the agent that wrote the session, for `producer`. */
  version?: string | undefined;
  first: string | undefined;
  last: string | undefined;
  /** Whether the run has a `run`: it read records of the format, or has child runs. */
  hasRun: boolean;
  status: Run["status"];
  parent?: Run["parent"];
  children: ChildRun[];
  /** Each message's usage, summed into the document's `usage`. */
  usages: readonly Usage[];
  messages: Message[];
  /** The format's own fields of the run, `metadata[key]` when any. */
  metadata: JsonObject;
  /** The line a message came from (default: the first of its `provider_fields[key].lines`). */
  lineOf?: (message: Message) => number | undefined;
  /** Told every loss of writing the document: a total clamped, a message set aside as invalid. */
  report: (line: number | undefined, code: SessionLossCode, message: string) => void;
}

/**
 * A run's document, in the canonical examples' key order (`messages` after the run): its times, source and producer,
 * its run and usage (sums past 2^53 − 1 clamped, never rounded, each a `clamped-total` loss with its exact value),
 * its messages and kept fields; a message that still breaks a rule is set aside ({@link setAsideInvalidMessages}).
 */
export function sessionRunDocument(parts: SessionRunDocumentParts): Transcript {
  const { format, key, id, first, last, report } = parts;
  const document = { schema_version: formatVersion, id } as Transcript;
  if (parts.title !== undefined) document.title = parts.title;
  if (first !== undefined) document.created_at = first;
  if (last !== undefined) document.updated_at = last;
  document.source = sessionSource(format, parts.path, parts.sessionId, parts.importedAt);
  document.producer = { name: format, ...(parts.version === undefined ? {} : { version: parts.version }) };
  const clamped = (pointer: string, count: ClampedUsageCount): void =>
    report(undefined, "clamped-total", `${clampedTotalMessage(pointer, count)} (run ${id})`);
  const sum = parts.usages.length > 0 ? sumUsageChecked(parts.usages) : undefined;
  for (const count of sum?.clamped ?? []) clamped(`/usage/${count.counter}`, count);
  const usage = sum?.usage;
  if (parts.hasRun)
    document.run = sessionRun({
      status: parts.status,
      first,
      last,
      parent: parts.parent,
      children: parts.children,
      usage,
      clamped,
    });
  document.messages = parts.messages;
  if (usage !== undefined) document.usage = usage;
  if (Object.keys(parts.metadata).length > 0) document.metadata = { [key]: parts.metadata };
  // A message that still breaks a rule (a hostile line the reading let through) is kept in metadata, not dropped.
  return setAsideInvalidMessages(
    document,
    key,
    parts.lineOf ?? ((message) => firstLineOf(message, key)),
    (line, message) => report(line, "invalid-line", message),
  );
}

/** `id`, or when a run of the session already has it `id#2`, `id#3`, …: the first free one, marked as used. */
export function uniqueRunId(id: string, used: Set<string>): string {
  let runId = id;
  for (let suffix = 2; used.has(runId); suffix += 1) runId = `${id}#${suffix}`;
  used.add(runId);
  return runId;
}

/** The document of a session with no file read: `<format>-session`, with no messages. */
export function emptySessionDocument(format: SourceFormat, options: SessionImportOptions): Transcript {
  return {
    schema_version: formatVersion,
    id: `${format}-session`,
    source: {
      format,
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(options.importedAt === undefined ? {} : { imported_at: options.importedAt }),
    },
    producer: { name: format },
    messages: [],
  };
}
