/**
 * What one line, or the first line of a text, says about its shape: the two tests the detection order (detect.ts)
 * makes of JSON lines. Apart from detect.ts, so that a reader of event logs can ask them without loading the
 * session importers behind the detection.
 */

/** A text whose first line is a complete JSON object followed by more lines is JSON lines, not one value. */
export function isJsonLines(text: string): boolean {
  const end = text.indexOf("\n");
  if (end === -1) return false;
  try {
    // Only telling the two apart: each line is parsed again, under the limits, by the reader that takes it.
    return typeof JSON.parse(text.slice(0, end)) === "object" && text.slice(end).trim() !== "";
  } catch {
    return false;
  }
}

/** Whether a line is an event of an event log: an object with a string `type` and a numeric `seq`. */
export function isEventLine(line: string): boolean {
  try {
    // Only telling lines apart: the event log reader parses each line again, under the limits.
    const value: unknown = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
    return (
      typeof value === "object" &&
      value !== null &&
      typeof (value as { type?: unknown }).type === "string" &&
      typeof (value as { seq?: unknown }).seq === "number"
    );
  } catch {
    return false;
  }
}
