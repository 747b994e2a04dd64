/**
 * The one detection order: what an input is, decided once, in this order, for every command.
 *
 * 1. An agent's session (Claude Code, Codex, Gemini CLI), by its first lines, each decoded on its own: a session is
 *    always read as lines from its bytes, so one line that is not UTF-8 costs that line, never the session.
 * 2. JSON lines: a name that says so (`.jsonl`, `.ndjson`, `.chunks.txt`, gzip too), or a first line that is one
 *    complete JSON object with more lines after it. An event log when that first line is an event (a string `type`
 *    and a numeric `seq`); a stream's chunks otherwise.
 * 3. Server-sent events: a line that starts with a field name (`event:`, `data:`, `id:`, `retry:`), which no JSON value
 *    has outside a string.
 * 4. One JSON value: our document, a provider payload or another system's document, told apart by what it holds.
 *
 * What each loader then makes of the shape (a document, an event log, a session, a payload) is the loader's; the
 * order is only here.
 */
import { decodeUtf8, type DecodeUtf8Result } from "@agent-transcript/core/json";
import { detectSessionFormat, isSessionFormatId, type SessionFormatId } from "@agent-transcript/providers";
import type { InputProblem } from "./problems.js";
import { isEventLine, isJsonLines } from "./lines.js";
import { sessionLines } from "./read.js";

/** The shape of a text input, after the session check (step 1). */
export type TextShape = "event-log" | "json-lines" | "server-sent-events" | "json";

export type DetectedInput =
  | { ok: true; shape: "session"; format: SessionFormatId }
  | { ok: true; shape: TextShape; text: string }
  | { ok: false; problem: InputProblem };

/** How many first lines decide whether an input is an agent's session. */
const sessionHeadLines = 64;

const jsonLinesNames = /\.(?:jsonl|ndjson|chunks\.txt)(?:\.gz)?$/i;
const serverSentEventField = /^(?:event|data|id|retry):/m;

/**
 * Detects what `bytes` (the input, decompressed) are. `named` is the format the user named (`--format`, `--from`): a
 * session format makes it a session, any other format skips the session check. The text of a text input is decoded
 * here, strictly: bytes that are not UTF-8 are refused, naming the line and column.
 */
export function detectInput(input: string, bytes: Buffer, named?: string): DetectedInput {
  if (named !== undefined && isSessionFormatId(named)) return { ok: true, shape: "session", format: named };
  let whole: string | undefined;
  if (named === undefined) {
    const head = decodedHead(bytes, sessionHeadLines);
    const format = detectSessionFormat(head.lines);
    if (format !== undefined) return { ok: true, shape: "session", format };
    whole = head.whole;
  }
  const decoded: DecodeUtf8Result = whole === undefined ? decodeUtf8(bytes) : { ok: true, text: whole };
  if (!decoded.ok) {
    const { line, column, reason } = decoded.error;
    return { ok: false, problem: { line, column, pointer: "", message: reason } };
  }
  return { ok: true, shape: textShape(input, decoded.text), text: decoded.text };
}

/** Steps 2 to 4 of the order, for a text that is no agent's session. */
export function textShape(input: string, text: string): TextShape {
  if ((input !== "-" && jsonLinesNames.test(input)) || isJsonLines(text))
    return isEventLine(text.slice(0, lineEnd(text))) ? "event-log" : "json-lines";
  if (serverSentEventField.test(text)) return "server-sent-events";
  return "json";
}

/**
 * The first `count` lines for detection, decoded together, each line a slice of that text; and that text when it is
 * all of the input. The first line of a compact document is the whole document: decoded on its own and then again
 * with the rest, a large document's text was held twice. Lines that are not all UTF-8 are decoded one by one
 * ({@link headOf}), so that a bad byte costs only its line's detection.
 */
function decodedHead(bytes: Buffer, count: number): { lines: string[]; whole?: string } {
  let end = 0;
  for (let lines = 0; lines < count && end < bytes.length; lines += 1) {
    const feed = bytes.indexOf(0x0a, end);
    end = feed === -1 ? bytes.length : feed + 1;
  }
  const decoded = decodeUtf8(end === bytes.length ? bytes : bytes.subarray(0, end));
  if (!decoded.ok) return { lines: headOf(bytes, count) };
  const text = decoded.text;
  const lines: string[] = [];
  for (let start = 0; start < text.length;) {
    const feed = text.indexOf("\n", start);
    const stop = feed === -1 ? text.length : feed;
    lines.push(text.slice(start, stop > start && text.charCodeAt(stop - 1) === 0x0d ? stop - 1 : stop));
    start = stop + 1;
  }
  return end === bytes.length ? { lines, whole: text } : { lines };
}

/** The text of the first `count` lines, each decoded on its own. */
export function headOf(bytes: Buffer, count: number): string[] {
  const head: string[] = [];
  for (const line of sessionLines(bytes)) {
    if (head.length >= count) break;
    head.push(line.text);
  }
  return head;
}

function lineEnd(text: string): number {
  const end = text.indexOf("\n");
  return end === -1 ? text.length : end;
}
