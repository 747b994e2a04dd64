import { parseJson, type JsonLimits } from "@agent-transcript/core/json";

/** One line of a JSONL file: its 1-based number and either the parsed value or why it could not be parsed. */
export type JsonLine =
  | { line: number; ok: true; value: unknown }
  | {
      line: number;
      ok: false;
      message: string;
      /** 1-based column (UTF-16 code units) within the line where it stops being acceptable. */
      column: number;
      /** JSON pointer into the line's value: "" for a syntax error, the value's own for too-deep and inexact-number. */
      pointer: string;
      /** The last line, cut short by a crash mid-write. */
      torn: boolean;
    };

/**
 * Splits JSONL text on LF and parses each line with core's `parseJson`, so every line is held to the toolkit's
 * limits: nesting deeper than `maxDepth` (512 by default) and numbers a double cannot hold as written are refused
 * with their pointer and column, like a syntax error. Blank lines are skipped (as jq does); a line that is refused
 * is reported with its number instead of stopping the read, so one bad line never hides the rest of a file. A last
 * line with no terminating LF that fails to parse is marked `torn`: what a writer killed mid-line leaves.
 */
export function* parseJsonLines(text: string, limits: JsonLimits = {}): Generator<JsonLine> {
  let start = 0;
  let line = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    const isLast = end === -1;
    const content = text.slice(start, isLast ? text.length : end);
    line += 1;
    start = isLast ? text.length : end + 1;
    if (content.trim() === "") continue;
    const parsed = parseJson(content, limits);
    if (parsed.ok) {
      yield { line, ok: true, value: parsed.value };
      continue;
    }
    const { code, reason, column, pointer = "" } = parsed.error;
    const torn = isLast && code === "invalid-json";
    const message =
      code !== "invalid-json"
        ? `${reason} (column ${column})`
        : torn
          ? `incomplete last line (no newline; a write was cut short): ${reason}`
          : `not JSON: ${reason} (column ${column})`;
    yield { line, ok: false, message, column, pointer, torn };
  }
}

/** A problem found on one line: its number, a JSON pointer into the line's value ("" for the whole line), and why. */
export interface LineProblem {
  line: number;
  pointer: string;
  message: string;
}

/**
 * Parses each line and validates it, yielding the lines that pass and reporting every other one to `problems`
 * with its line number and pointer. The shared loop of every JSONL reader here.
 */
export function* validJsonLines<T>(
  text: string,
  validate: (
    value: unknown,
  ) => { ok: true; value: T } | { ok: false; errors: Array<{ pointer: string; message: string }> },
  problems: LineProblem[],
  limits: JsonLimits = {},
): Generator<{ line: number; ok: true; value: T } | { line: number; ok: false; value: unknown }> {
  for (const parsed of parseJsonLines(text, limits)) {
    if (!parsed.ok) {
      problems.push({ line: parsed.line, pointer: parsed.pointer, message: parsed.message });
      continue;
    }
    const result = validate(parsed.value);
    if (result.ok) {
      yield { line: parsed.line, ok: true, value: result.value };
      continue;
    }
    for (const error of result.errors)
      problems.push({ line: parsed.line, pointer: error.pointer, message: error.message });
    // An invalid line is still a line that was written: callers that track the file's sequence see it too.
    yield { line: parsed.line, ok: false, value: parsed.value };
  }
}
