/**
 * The payload loader: a provider request, response or stream, or another system's document, as the JSON value the
 * providers' registry converts. Its framing comes from the one detection order (detect.ts): one JSON value, JSON lines
 * (one stream chunk each) or server-sent events (the data of each event). Every value is parsed under core's limits.
 */
import { parseJson, parseServerSentEvents, type JsonTextError } from "@agent-transcript/core/json";
import { textShape, type TextShape } from "./detect.js";
import { defaultInputLimits, type InputLimits } from "./limits.js";

/** How the input was framed: one JSON value, JSON lines (one stream chunk each), or server-sent events. */
export type Framing = "json" | "jsonl" | "sse";

export type ReadPayload =
  | { ok: true; value: unknown; framing: Framing; text: string }
  | { ok: false; message: string; /** JSON pointer of the refused value, "" when none. */ pointer: string };

/** A value JSON parsed; a syntax error leaves the raw text (for the converter to report); a limit is a refusal. */
type Chunk = { parsed: true; value: unknown } | { parsed: false; value: string } | { refused: JsonTextError };

function parseChunk(text: string, limits: InputLimits): Chunk {
  const parsed = parseJson(text, { maxDepth: limits.maxDepth });
  if (parsed.ok) return { parsed: true, value: parsed.value };
  return parsed.error.code === "invalid-json" ? { parsed: false, value: text } : { refused: parsed.error };
}

/** A refused chunk, named by the line it starts on, its column there, and its pointer in the stream of chunks. */
function refusedChunk(error: JsonTextError, index: number, line: number): Extract<ReadPayload, { ok: false }> {
  return {
    ok: false,
    pointer: `/${index}${error.pointer ?? ""}`,
    message: `line ${line + error.line - 1}, column ${error.column}: ${error.reason}`,
  };
}

/** JSON lines: each non-blank line one chunk; a line that is not JSON stays its raw text, for the converter to report. */
function jsonLines(text: string, limits: InputLimits): ReadPayload {
  const chunks: unknown[] = [];
  let parsedAny = false;
  const lines = text.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const line = (lines[index] as string).replace(/\r$/, "");
    if (line.trim() === "") continue;
    const chunk = parseChunk(line, limits);
    if ("refused" in chunk) return refusedChunk(chunk.refused, chunks.length, index + 1);
    parsedAny ||= chunk.parsed;
    chunks.push(chunk.value);
  }
  if (!parsedAny)
    return {
      ok: false,
      pointer: "",
      message: "not JSON, JSON lines or server-sent events: no line holds a JSON value",
    };
  return { ok: true, value: chunks, framing: "jsonl", text };
}

/**
 * Server-sent events: the data of each event, read by core's one reader of them (CRLF, LF or CR, comments, data over
 * several lines, no `[DONE]`). An event whose data breaks the parse limits is refused, naming its line and column.
 */
function serverSentEvents(
  text: string,
  limits: InputLimits,
): { ok: true; events: unknown[] } | Extract<ReadPayload, { ok: false }> {
  const parsed = parseServerSentEvents(text, { maxDepth: limits.maxDepth });
  if (parsed.ok) return { ok: true, events: parsed.events.map((event) => event.value) };
  const { index, pointer, line, column, reason } = parsed.error;
  return { ok: false, pointer: `/${index}${pointer}`, message: `line ${line}, column ${column}: ${reason}` };
}

/**
 * The input's text as a payload, framed by its shape in the detection order. Text detected as one JSON value that does
 * not parse is read as JSON lines when it has several lines (a stream whose first chunk is damaged), so that its other
 * lines still count.
 */
export function parsePayload(
  input: string,
  text: string,
  limits: InputLimits = defaultInputLimits,
  shape: TextShape = textShape(input, text),
): ReadPayload {
  if (shape === "event-log" || shape === "json-lines") return jsonLines(text, limits);
  if (shape === "server-sent-events") {
    const events = serverSentEvents(text, limits);
    if (!events.ok) return events;
    if (events.events.length > 0) return { ok: true, value: events.events, framing: "sse", text };
  }
  const parsed = parseJson(text, { maxDepth: limits.maxDepth });
  if (parsed.ok) return { ok: true, value: parsed.value, framing: "json", text };
  // Valid JSON that breaks a limit is refused as it is, not retried as lines.
  if (parsed.error.code !== "invalid-json") {
    const { pointer = "", line, column, reason } = parsed.error;
    return { ok: false, pointer, message: `line ${line}, column ${column}: ${reason}` };
  }
  if (text.trim().includes("\n")) {
    const lines = jsonLines(text, limits);
    if (lines.ok || lines.pointer !== "") return lines;
  }
  return { ok: false, pointer: "", message: `not JSON, JSON lines or server-sent events (${parsed.error.message})` };
}
