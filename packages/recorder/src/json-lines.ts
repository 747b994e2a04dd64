import { describeJsonParseError } from "@agent-transcript/core";

/** One line of a JSONL file: its 1-based number and either the parsed value or why it could not be parsed. */
export type JsonLine =
  | { line: number; ok: true; value: unknown }
  | { line: number; ok: false; message: string; /** The last line, cut short by a crash mid-write. */ torn: boolean };

/**
 * Splits JSONL text on LF and parses each line. Blank lines are skipped (as jq does); a line that is not JSON is
 * reported with its number instead of stopping the read, so one bad line never hides the rest of a file.
 * A last line with no terminating LF that fails to parse is marked `torn`: what a writer killed mid-line leaves.
 */
export function* parseJsonLines(text: string): Generator<JsonLine> {
  let start = 0;
  let line = 0;
  while (start < text.length) {
    const end = text.indexOf("\n", start);
    const isLast = end === -1;
    const content = text.slice(start, isLast ? text.length : end);
    line += 1;
    start = isLast ? text.length : end + 1;
    if (content.trim() === "") continue;
    try {
      yield { line, ok: true, value: JSON.parse(content) as unknown };
    } catch (error) {
      // V8 quotes an excerpt of the line: untrusted text, shown with its control characters escaped.
      const reason = describeJsonParseError(error);
      yield isLast
        ? {
            line,
            ok: false,
            message: `incomplete last line (no newline; a write was cut short): ${reason}`,
            torn: true,
          }
        : { line, ok: false, message: `not JSON: ${reason}`, torn: false };
    }
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
): Generator<{ line: number; ok: true; value: T } | { line: number; ok: false; value: unknown }> {
  for (const parsed of parseJsonLines(text)) {
    if (!parsed.ok) {
      problems.push({ line: parsed.line, pointer: "", message: parsed.message });
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
