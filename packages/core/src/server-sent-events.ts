/**
 * Server-sent events as provider streams are recorded: the event stream format of the HTML standard (§9.2.6, "text/
 * event-stream"), each event's data read as the JSON payload it carries. The one reader of it: the CLI's `convert`
 * reads captures with it and the test fixtures read recorded cassettes with it, so a capture means the same to both.
 *
 * Framing follows the standard: lines end in CRLF, LF or CR; a line starting with a colon is a comment; a field's
 * value is what follows its first colon, less one leading space; an event's `data` fields are joined by line feeds and
 * a blank line ends the event. The end of the text ends the last event too (a recording cut after its last payload is
 * still that payload, where a live reader would drop it). `id` and `retry` fields steer a live connection and mean
 * nothing in a recording: they are read and ignored.
 *
 * Payloads: an event with no data, or with OpenAI's `[DONE]` sentinel, carries none. Data that is not JSON is kept as
 * its text for the caller to report; JSON that breaks the limits (nesting depth, a number a double cannot hold) is
 * refused, naming the event's line and column in the text and the pointer in its payload. Time and memory are linear
 * in the text.
 */
import type { JsonLimits } from "./json-limits.js";
import { parseJson } from "./parse-json.js";

/** One event's payload. */
export interface ServerSentEventPayload {
  /** The event's type: its `event` field, `message` when it has none (as the standard names it). */
  type: string;
  /** The event's data parsed as JSON, or its text when that is not JSON. */
  value: unknown;
  /** The 1-based line of the text where the event's data starts. */
  line: number;
}

/** An event whose data is JSON that breaks the limits. */
export interface ServerSentEventsError {
  code: "too-deep" | "inexact-number";
  /** The 0-based index of the refused event among the payloads (events without a payload not counted). */
  index: number;
  /** 1-based line and column of the refused value in the text. */
  line: number;
  column: number;
  /** RFC 6901 pointer of the refused value in the event's payload. */
  pointer: string;
  /** What is wrong, without where: for callers that say where in their own terms. */
  reason: string;
  /** One sentence: where (event, line, column) and what. */
  message: string;
}

export type ServerSentEventsResult =
  { ok: true; events: ServerSentEventPayload[] } | { ok: false; error: ServerSentEventsError };

/** Where a data field's value starts in the text. */
interface FieldStart {
  line: number;
  column: number;
}

const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const byteOrderMark = 0xfeff;
const colonCode = 0x3a;
const spaceCode = 0x20;

/** The payload of each event of `text`, in order; never throws. */
export function parseServerSentEvents(text: string, limits: JsonLimits = {}): ServerSentEventsResult {
  const events: ServerSentEventPayload[] = [];
  let type = "";
  let data: string[] = [];
  let starts: FieldStart[] = [];

  /** Ends the event being read: its payload kept, or the refusal of it. */
  const dispatch = (): ServerSentEventsError | undefined => {
    const joined = data.join("\n");
    const fieldStarts = starts;
    const first = fieldStarts[0];
    const eventType = type === "" ? "message" : type;
    data = [];
    starts = [];
    type = "";
    const trimmed = joined.trim();
    if (first === undefined || trimmed === "" || trimmed === "[DONE]") return undefined;
    const parsed = parseJson(joined, limits);
    if (parsed.ok) {
      events.push({ type: eventType, value: parsed.value, line: first.line });
      return undefined;
    }
    const { error } = parsed;
    if (error.code === "invalid-json") {
      events.push({ type: eventType, value: joined, line: first.line });
      return undefined;
    }
    // The data's lines are its fields' values, one each: the error's line names the field, its column counts from
    // where that value starts.
    const field = fieldStarts[error.line - 1] ?? first;
    const line = field.line;
    const column = field.column + error.column - 1;
    return {
      code: error.code,
      index: events.length,
      line,
      column,
      pointer: error.pointer ?? "",
      reason: error.reason,
      message: `event ${events.length + 1} at line ${line}, column ${column}: ${error.reason}`,
    };
  };

  let position = text.charCodeAt(0) === byteOrderMark ? 1 : 0;
  for (let line = 1; position < text.length; line += 1) {
    // The BOM is skipped but counted, as parseJson counts it: columns on the first line include it.
    const lineStart = line === 1 ? 0 : position;
    let end = position;
    let colon = -1;
    for (; end < text.length; end += 1) {
      const code = text.charCodeAt(end);
      if (code === lineFeed || code === carriageReturn) break;
      if (code === colonCode && colon === -1) colon = end;
    }
    if (end === position) {
      const refused = dispatch();
      if (refused !== undefined) return { ok: false, error: refused };
    } else if (colon !== position) {
      const name = text.slice(position, colon === -1 ? end : colon);
      let valueStart = colon === -1 ? end : colon + 1;
      if (valueStart < end && text.charCodeAt(valueStart) === spaceCode) valueStart += 1;
      if (name === "data") {
        data.push(text.slice(valueStart, end));
        starts.push({ line, column: valueStart - lineStart + 1 });
      } else if (name === "event") type = text.slice(valueStart, end);
    }
    position = end + (text.charCodeAt(end) === carriageReturn && text.charCodeAt(end + 1) === lineFeed ? 2 : 1);
  }
  const refused = dispatch();
  return refused === undefined ? { ok: true, events } : { ok: false, error: refused };
}
