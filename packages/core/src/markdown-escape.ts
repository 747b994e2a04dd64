/**
 * Putting untrusted text into Markdown, one function per context. The rules hold for the worst renderer a reader may
 * use: CommonMark with raw HTML allowed (markdown-it `html: true`, GitHub before sanitising, most static-site
 * generators). Every function is one linear pass over its text: no regular expression here can backtrack.
 *
 * - `inlineText`: plain text on one line of ours (a heading, a list item, a link label, a table cell): every
 *   character that could make structure is escaped, so the reader sees exactly the text.
 * - `codeSpan`: an identifier shown as code, whatever backticks it holds.
 * - `markdownBlock`: text that is itself Markdown (what a model wrote): its formatting is kept, but no raw HTML, no
 *   link, image or reference definition, and no code fence it opens can reach past its own end.
 * - `codeBlock`: literal text in a fence no line of the text can close.
 * - `checkLinkTarget`: the only URLs we link to: http, https, mailto and relative references.
 */
import { escapeControlCharacters } from "./control-characters.js";

const asciiPunctuation = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
const isAsciiAlphanumeric = (character: string | undefined): boolean =>
  character !== undefined && /^[\da-z]$/i.test(character);
const isAsciiLetter = (character: string | undefined): boolean => character !== undefined && /^[a-z]$/i.test(character);
const isAsciiDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** CR LF and a lone CR are line endings to a Markdown reader, and a lone CR an overwrite to a terminal: both become LF. */
function normaliseLineEndings(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

/**
 * Whether `&` at `index` starts something a Markdown reader decodes as a character reference (`&lt;`, `&#60;`,
 * `&#x3c;`). Those are escaped so the reader shows the text as written; a decoded `&#x202e;` would also smuggle in a
 * control character. A lone `&` (`R&D`, `a && b`) is left alone. Looks at most 34 characters ahead.
 */
function startsCharacterReference(text: string, index: number): boolean {
  let position = index + 1;
  if (text[position] === "#") {
    position += 1;
    const hexadecimal = text[position] === "x" || text[position] === "X";
    if (hexadecimal) position += 1;
    const digits = hexadecimal ? /^[\da-f]$/i : /^\d$/;
    const limit = hexadecimal ? 6 : 7;
    let count = 0;
    while (count < limit && digits.test(text[position] ?? "")) {
      position += 1;
      count += 1;
    }
    return count > 0 && text[position] === ";";
  }
  if (!isAsciiLetter(text[position])) return false;
  let count = 0;
  while (count < 32 && isAsciiAlphanumeric(text[position])) {
    position += 1;
    count += 1;
  }
  return count >= 2 && text[position] === ";";
}

/** `<` followed by what would make it a tag, a comment, a declaration, a processing instruction or an autolink. */
function startsHtml(text: string, index: number): boolean {
  const next = text[index + 1];
  return next === "/" || next === "!" || next === "?" || isAsciiLetter(next);
}

/**
 * Plain text placed on one line of ours: a title after `# `, a name in a heading, a list item, a link label, an image's
 * alt text, a table cell. The reader sees exactly the text (trimmed, its whitespace runs, line breaks among them,
 * shown as one space, and control characters as `\u001b`-style escapes); nothing in it can make structure:
 *
 * - `\` `` ` `` `*` `[` `]` `~` are backslash-escaped (no code span, emphasis, link, image or strikethrough), `_`
 *   too unless it sits between two letters or digits, where it cannot emphasise (`snake_case` stays readable);
 * - `<` and `>` become `&lt;` `&gt;` (no HTML, no autolink), `&` becomes `&amp;` where it would start a character
 *   reference;
 * - a leading block marker (`# `, `- `, `+ `, `1. `, `1) `, `===`, `---`) is escaped (no heading, list or rule,
 *   should the text ever start a line), and so is a trailing run of `#` (an ATX heading would drop it as a closing
 *   sequence).
 *
 * `|` elsewhere is left alone: we write no tables. A backslash is escaped only where it would escape what follows.
 */
export function inlineText(text: string): string {
  // Leading and trailing whitespace is invisible in every context this is used in, and a leading space would let a
  // marker after it (`-  - x`) still count as one.
  const source = escapeControlCharacters(text.replace(/\s+/g, " ").trim());
  let trailingHashes = source.length;
  while (trailingHashes > 0 && source[trailingHashes - 1] === "#") trailingHashes -= 1;

  // Where a block marker would end if the text started a line: a list item (`-`, `+`, `1.`, `1)`), an ATX heading
  // (`#` to `######`) or a setext underline / thematic break (`===`, `---`) needs a space, the end, or more of itself.
  let leadingDigits = 0;
  while (leadingDigits < 10 && isAsciiDigit(source.charCodeAt(leadingDigits))) leadingDigits += 1;
  let leadingHashes = 0;
  while (leadingHashes < 7 && source[leadingHashes] === "#") leadingHashes += 1;
  const endsMarker = (index: number): boolean => source[index] === undefined || source[index] === " ";
  const orderedListMarker =
    leadingDigits > 0 &&
    leadingDigits < 10 &&
    (source[leadingDigits] === "." || source[leadingDigits] === ")") &&
    endsMarker(leadingDigits + 1)
      ? leadingDigits
      : -1;
  const escapeFirst =
    (leadingHashes > 0 && leadingHashes < 7 && endsMarker(leadingHashes)) ||
    ((source[0] === "-" || source[0] === "+" || source[0] === "=") && (endsMarker(1) || source[1] === source[0]));

  // Ordinary characters are copied a stretch at a time; `replace` cuts in only where one is escaped.
  let result = "";
  let copiedUpTo = 0;
  const replace = (index: number, replacement: string): void => {
    result += source.slice(copiedUpTo, index) + replacement;
    copiedUpTo = index + 1;
  };
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index] as string;
    switch (character) {
      case "\\": {
        const next = source[index + 1];
        if (next === undefined || asciiPunctuation.has(next)) replace(index, "\\\\");
        break;
      }
      case "`":
      case "*":
      case "[":
      case "]":
      case "~":
        replace(index, `\\${character}`);
        break;
      case "_":
        if (!isAsciiAlphanumeric(source[index - 1]) || !isAsciiAlphanumeric(source[index + 1])) replace(index, "\\_");
        break;
      case "<":
        replace(index, "&lt;");
        break;
      case ">":
        replace(index, "&gt;");
        break;
      case "&":
        if (startsCharacterReference(source, index)) replace(index, "&amp;");
        break;
      case "#":
        if ((index === 0 && escapeFirst) || index >= trailingHashes) replace(index, "\\#");
        break;
      case "-":
      case "+":
      case "=":
        if (index === 0 && escapeFirst) replace(index, `\\${character}`);
        break;
      case ".":
      case ")":
        if (index === orderedListMarker) replace(index, `\\${character}`);
        break;
    }
  }
  return result + source.slice(copiedUpTo);
}

function longestRun(text: string, character: string): number {
  let longest = 0;
  for (let start = text.indexOf(character); start !== -1;) {
    let end = start + 1;
    while (text[end] === character) end += 1;
    if (end - start > longest) longest = end - start;
    start = text.indexOf(character, end);
  }
  return longest;
}

/**
 * An identifier (a tool name, a call id, a file path) shown as inline code, exactly: on one line, its control
 * characters escaped, between backtick runs longer than any run inside it (so nothing in it can close the span),
 * padded with a space where it starts or ends with a backtick or a space (the reader removes that one space). Inside
 * a code span nothing else is special: `<`, `&` and `[` are shown as they are.
 */
export function codeSpan(text: string): string {
  const content = escapeControlCharacters(text.replace(/\s+/g, " "));
  if (content === "") return "` `";
  const ticks = "`".repeat(longestRun(content, "`") + 1);
  const pad = (/^[ `]/.test(content) || /[ `]$/.test(content)) && !/^ +$/.test(content) ? " " : "";
  return `${ticks}${pad}${content}${pad}${ticks}`;
}

/** A fence's language: the first word of an info string, if it is a plain name (`ts`, `c++`, `objective-c`). */
function fenceLanguage(info: string): string {
  const word = info.trim().split(/\s/, 1)[0] ?? "";
  return /^[\w#+.-]{1,40}$/.test(word) ? word : "";
}

/**
 * Literal text in a fenced code block. The fence is a backtick run longer than any inside the text, so no line of
 * the text can close it; tildes need no counting, because a backtick fence closes only on backticks. The language is
 * kept only if it is a plain name (an info string is copied into an HTML attribute by some renderers). Line endings
 * become LF and control characters other than tab are shown as escapes. With `indent`, every line of the block
 * (fences included) starts with it, which keeps the block inside the list item it was written in.
 */
export function codeBlock(content: string, language = "", indent = ""): string {
  const text = escapeControlCharacters(normaliseLineEndings(content), { keepLineFeedsAndTabs: true });
  const fence = `${indent}${"`".repeat(Math.max(3, longestRun(text, "`") + 1))}`;
  const body = indent === "" ? text : text.replaceAll("\n", `\n${indent}`);
  return `${fence}${fenceLanguage(language)}\n${indent}${body}\n${fence}`;
}

interface FenceOpening {
  indent: string;
  character: "`" | "~";
  length: number;
  language: string;
}

/**
 * A line that opens a fenced code block: any indentation, then at least three backticks or tildes; a backtick
 * fence's info string holds no backtick. Any indentation, not only CommonMark's up to three spaces: a deeper fence is
 * a fence in a list item, or (at the top level) part of an indented code block, and re-emitting it as a block of its
 * own is safe either way.
 */
function fenceOpening(line: string): FenceOpening | undefined {
  let position = 0;
  while (line[position] === " " || line[position] === "\t") position += 1;
  const character = line[position];
  if (character !== "`" && character !== "~") return undefined;
  let length = 0;
  while (line[position + length] === character) length += 1;
  if (length < 3) return undefined;
  const info = line.slice(position + length);
  if (character === "`" && info.includes("`")) return undefined;
  return { indent: line.slice(0, position), character, length, language: fenceLanguage(info) };
}

/** A closing fence: the opening's character, at least as many, nothing after; indented at most three more than it. */
function closesFence(line: string, opening: FenceOpening): boolean {
  let position = 0;
  while (line[position] === " " || line[position] === "\t") position += 1;
  if (position > opening.indent.length + 3) return false;
  let length = 0;
  while (line[position + length] === opening.character) length += 1;
  return length >= opening.length && line.slice(position + length).trim() === "";
}

/** A content line of a fence, with the opening fence's indentation (or as much leading space as it has) removed. */
function dedent(line: string, indent: string): string {
  if (line.startsWith(indent)) return line.slice(indent.length);
  let position = 0;
  while (position < indent.length && (line[position] === " " || line[position] === "\t")) position += 1;
  return line.slice(position);
}

/**
 * Text that is Markdown in its own right — a message, reasoning, a refusal, a summary — placed where a block starts.
 * Its formatting is kept (paragraphs, emphasis, lists, headings, quotes, tables, code spans and code blocks); what
 * could act beyond the text is neutralised:
 *
 * - raw HTML: `<` before a letter, `/`, `!` or `?` becomes `&lt;` (no tag, comment, `</details>` or autolink),
 *   `&` becomes `&amp;` where it would start a character reference; `a < b` and `R&D` stay as they are;
 * - links, images, reference definitions and footnotes: `[` is backslash-escaped, so `[x](javascript:…)` and
 *   `![alt](…)` are shown as written;
 * - code fences: each fenced block (closed or not) is written again as our own fence (`codeBlock`), with its
 *   indentation, a blank line before and after, so it ends where the text ends and cannot swallow what follows;
 *   a run of three or more backticks or tildes anywhere else is escaped, so no fence can open inside a quote or a
 *   list item without us seeing it;
 * - code spans: a backtick run closed on the same line by a run of the same length (with no `|` between, which a
 *   table would split on) is a code span and kept verbatim; every other backtick is escaped. So every code span the
 *   reader finds is one we found, and only code spans keep `<` unescaped;
 * - control characters are shown as escapes (tab and line feed kept); CR LF and CR become LF.
 *
 * Inside an indented code block (four spaces after a blank line) the escapes show literally: such blocks are rare
 * in model output, and telling them from list continuations needs a whole parser.
 */
export function markdownBlock(text: string): string {
  const lines = escapeControlCharacters(normaliseLineEndings(text), { keepLineFeedsAndTabs: true }).split("\n");
  const segments: string[] = [];
  let prose: string[] = [];
  const flushProse = (): void => {
    // Blank lines at either end are dropped: the blank line we put around every block stands for them.
    let first = 0;
    let last = prose.length;
    while (first < last && (prose[first] as string).trim() === "") first += 1;
    while (last > first && (prose[last - 1] as string).trim() === "") last -= 1;
    if (first < last) segments.push(prose.slice(first, last).map(escapeProseLine).join("\n"));
    prose = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const opening = fenceOpening(line);
    if (!opening) {
      prose.push(line);
      continue;
    }
    flushProse();
    const content: string[] = [];
    index += 1;
    while (index < lines.length && !closesFence(lines[index] as string, opening)) {
      content.push(dedent(lines[index] as string, opening.indent));
      index += 1;
    }
    // A fence left open runs to the end of the text; the text's final line break is not a line of code.
    if (index >= lines.length) while (content.length > 0 && content[content.length - 1] === "") content.pop();
    segments.push(codeBlock(content.join("\n"), opening.language, opening.indent));
  }
  flushProse();
  return segments.join("\n\n");
}

/**
 * Positions where each length of backtick run starts on a line, answering "the next run of exactly n backticks at
 * or after p" with a cursor per length: the scan only moves forward, so all questions together cost one pass.
 */
class BacktickRuns {
  private readonly startsByLength = new Map<number, number[]>();
  private readonly cursors = new Map<number, number>();
  private readonly pipes: number[] = [];
  private pipeCursor = 0;

  constructor(line: string) {
    for (let index = 0; index < line.length; index += 1) {
      if (line[index] === "|") this.pipes.push(index);
      if (line[index] !== "`") continue;
      let end = index;
      while (line[end] === "`") end += 1;
      const starts = this.startsByLength.get(end - index) ?? [];
      starts.push(index);
      this.startsByLength.set(end - index, starts);
      index = end - 1;
    }
  }

  /** Start of the first run of exactly `length` backticks that starts at or after `from`. */
  next(length: number, from: number): number | undefined {
    const starts = this.startsByLength.get(length);
    if (!starts) return undefined;
    let cursor = this.cursors.get(length) ?? 0;
    while (cursor < starts.length && (starts[cursor] as number) < from) cursor += 1;
    this.cursors.set(length, cursor);
    return starts[cursor];
  }

  /** Whether a `|` lies in [from, to). */
  hasPipe(from: number, to: number): boolean {
    while (this.pipeCursor < this.pipes.length && (this.pipes[this.pipeCursor] as number) < from) this.pipeCursor += 1;
    const pipe = this.pipes[this.pipeCursor];
    return pipe !== undefined && pipe < to;
  }
}

/** One line of prose, escaped as `markdownBlock` says. */
function escapeProseLine(line: string): string {
  const runs = line.includes("`") ? new BacktickRuns(line) : undefined;
  let result = "";
  let index = 0;
  while (index < line.length) {
    // Ordinary text is copied a stretch at a time, up to the next character that may need escaping.
    const stretch = nextSpecial(line, index);
    result += line.slice(index, stretch);
    index = stretch;
    if (index >= line.length) break;
    const character = line[index] as string;
    if (character === "\\") {
      // The text's own escape: kept with what it escapes, as the reader pairs them.
      const next = line[index + 1];
      result += next !== undefined && asciiPunctuation.has(next) ? `\\${next}` : "\\";
      index += next !== undefined && asciiPunctuation.has(next) ? 2 : 1;
      continue;
    }
    if (character === "`" && runs) {
      let length = 0;
      while (line[index + length] === "`") length += 1;
      // As the reader does: the closer is the next run of exactly this length, wherever backslashes are.
      const closer = runs.next(length, index + length);
      if (closer !== undefined && !runs.hasPipe(index + length, closer)) {
        result += line.slice(index, closer + length);
        index = closer + length;
      } else {
        result += "\\`".repeat(length);
        index += length;
      }
      continue;
    }
    if (character === "~") {
      let length = 0;
      while (line[index + length] === "~") length += 1;
      result += length >= 3 ? "\\~".repeat(length) : "~".repeat(length);
      index += length;
      continue;
    }
    if (character === "<") result += startsHtml(line, index) ? "&lt;" : "<";
    else if (character === "&") result += startsCharacterReference(line, index) ? "&amp;" : "&";
    else result += "\\[";
    index += 1;
  }
  return result;
}

/** Index of the first backslash, backtick, `~`, `<`, `&` or `[` at or after `from`, or the length. */
function nextSpecial(line: string, from: number): number {
  for (let index = from; index < line.length; index += 1) {
    const code = line.charCodeAt(index);
    if (code === 0x5c || code === 0x60 || code === 0x7e || code === 0x3c || code === 0x26 || code === 0x5b)
      return index;
  }
  return line.length;
}

/** Schemes we link to. Everything else (javascript:, vbscript:, data:, file:, blob:, …) is left out. */
const allowedSchemes = new Set(["http", "https", "mailto"]);

export type LinkTarget = { ok: true; destination: string } | { ok: false; reason: string };

/**
 * Whether a URL from content may become a link, and the Markdown link destination that makes the reader's href
 * exactly the URL checked.
 *
 * The check is the browser's view of the URL: leading and trailing C0 controls and spaces are dropped and tabs and
 * line breaks removed (as the WHATWG URL parser does), then whatever comes before the first `:` — if a `:` comes
 * before any `/`, `?` or `#` — is the scheme, and must be http, https or mailto. Without a scheme the URL is a
 * relative reference (a path, `//host/…`, `?query`, `#fragment`) and is kept.
 *
 * The destination percent-encodes what the URL grammar does not allow and what Markdown would read: spaces,
 * controls, `<` `>` `(` `)` `\` `` ` `` `"` `{` `}` `|` `^` and all non-ASCII (a lone surrogate as U+FFFD);
 * `&` is written `&amp;`, so no character reference (`jav&#x61;script:`) is decoded after the check.
 */
export function checkLinkTarget(url: string): LinkTarget {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end -= 1;
  const cleaned = url.slice(start, end).replace(/[\t\n\r]/g, "");
  if (cleaned === "") return { ok: false, reason: "empty URL" };
  for (let index = 0; index < cleaned.length; index += 1) {
    const character = cleaned[index];
    // A character reference where the scheme would be (`jav&#x61;script:`, `javascript&colon;`) is harmless once
    // `&` is written `&amp;`, but would not be to a renderer that decoded twice: such a URL is not linked to.
    if (character === "&" && (cleaned[index + 1] === "#" || isAsciiLetter(cleaned[index + 1])))
      return { ok: false, reason: "URL with a character reference before its path" };
    if (character === "/" || character === "?" || character === "#") break;
    if (character === ":") {
      const scheme = cleaned.slice(0, index).toLowerCase();
      if (!allowedSchemes.has(scheme))
        return { ok: false, reason: /^[a-z][\d+.a-z-]*$/.test(scheme) ? `${scheme}: URL` : "URL with no valid scheme" };
      break;
    }
  }
  return { ok: true, destination: encodeDestination(cleaned) };
}

const keptInDestination = new Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$'*+,;=%");
const utf8 = new TextEncoder();

function encodeDestination(url: string): string {
  let result = "";
  for (const character of url) {
    if (keptInDestination.has(character)) result += character;
    else if (character === "&") result += "&amp;";
    else {
      // A lone surrogate (for..of yields it alone) has no UTF-8 form: U+FFFD stands in for it.
      const code = character.codePointAt(0) as number;
      const encodable = code < 0xd800 || code > 0xdfff ? character : "\ufffd";
      for (const byte of utf8.encode(encodable)) result += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    }
  }
  return result;
}

/**
 * `[label](url)` when the URL may be linked to, else the label and why there is no link (`label (link left out:
 * javascript: URL)`). `label` is Markdown already (escape content with `inlineText`).
 */
export function markdownLink(label: string, url: string): string {
  const target = checkLinkTarget(url);
  return target.ok ? `[${label}](${target.destination})` : `${label} (link left out: ${inlineText(target.reason)})`;
}
