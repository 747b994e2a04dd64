/**
 * What a tool call is about, in one line: the argument of its input that tells most (the command of a shell, the path
 * of a file tool, the pattern of a search, the URL of a fetch, the description of a sub-agent's task, else the first
 * string argument). The viewer shows it beside the call's name, the run index searches it and lists it: one choice,
 * made here, so every place names a call alike.
 */

/** The input's keys that tell most about a call, in the order they are looked for. */
const tellingKeys = [
  "command",
  "cmd",
  // Before a path: a search tool's path says only where it looked.
  "pattern",
  "query",
  "file_path",
  "path",
  "notebook_path",
  "url",
  "description",
  "prompt",
] as const;

/**
 * The most telling argument of a tool call's input, on one line (runs of white space made one space) and at most
 * `maxCharacters` long (cut with "…"); null when the input holds no string to tell by. An input that is itself a
 * string (a custom tool's free-form input, an input that was not JSON) is its own summary.
 */
export function toolCallSummary(input: unknown, maxCharacters = 500): string | null {
  if (typeof input === "string") return input.trim() === "" ? null : oneLine(input, maxCharacters);
  if (typeof input !== "object" || input === null || Array.isArray(input)) return null;
  const fields = input as Record<string, unknown>;
  for (const key of tellingKeys) {
    if (!Object.hasOwn(fields, key)) continue;
    const value = fields[key];
    if (typeof value === "string" && value.trim() !== "") return oneLine(value, maxCharacters);
    // Codex's shell takes its command as an argument vector.
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string"))
      return oneLine(value.join(" "), maxCharacters);
  }
  for (const value of Object.values(fields))
    if (typeof value === "string" && value.trim() !== "") return oneLine(value, maxCharacters);
  return null;
}

/**
 * Text on one line (runs of white space made one space), at most `maxCharacters` long, cut with "…". Only the head is
 * looked at: a megabyte of text costs what its first lines cost.
 */
export function oneLine(text: string, maxCharacters: number): string {
  const headLength = maxCharacters * 4 + 64;
  const cut = text.length > headLength;
  const line = (cut ? text.slice(0, headLength) : text).replace(/\s+/g, " ").trim();
  if (!cut && line.length <= maxCharacters) return line;
  return `${line.slice(0, Math.max(0, maxCharacters - 1))}…`;
}
