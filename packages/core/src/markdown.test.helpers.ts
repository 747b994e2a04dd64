/**
 * A real Markdown reader for the Markdown tests: markdown-it with raw HTML allowed (the worst case: a renderer that
 * passes HTML through), and what a person would see of its output.
 */
import fc from "fast-check";
import MarkdownIt, { type Token } from "markdown-it";
import { escapeControlCharacters } from "./control-characters.js";

export const reader = new MarkdownIt({ html: true });
// markdown-it refuses javascript:, vbscript:, file: and most data: links by itself; many renderers do not. The tests
// read as one that links to anything, so only our own filtering keeps such links out.
reader.validateLink = () => true;

export type { Token };

/** Every token, inline children included, in document order. */
export function allTokens(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => [token, ...allTokens(token.children ?? [])]);
}

/** The text a reader sees: text, code and code blocks, line breaks as spaces, whitespace runs as one space. */
export function visibleText(tokens: readonly Token[]): string {
  return normaliseSpace(
    allTokens(tokens)
      .map((token) => {
        switch (token.type) {
          case "text":
          case "code_inline":
          case "code_block":
          case "fence":
            return token.content;
          case "softbreak":
          case "hardbreak":
            return " ";
          default:
            // Block boundaries separate words as a rendered page does.
            return token.nesting !== 0 ? " " : "";
        }
      })
      .join(""),
  );
}

export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** What a value shows as on one line: control characters escaped, whitespace runs as one space. */
export function shownOnOneLine(text: string): string {
  return escapeControlCharacters(normaliseSpace(text));
}

/**
 * A URL's scheme as a browser finds it (WHATWG URL parsing, simplified): leading and trailing C0 controls and spaces
 * dropped, tabs and line breaks removed, then letters, digits, `+`, `-` and `.` up to a `:`. Written apart from the
 * code under test on purpose.
 */
export function schemeOf(url: string): string | undefined {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start += 1;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end -= 1;
  const cleaned = url.slice(start, end).replace(/[\t\n\r]/g, "");
  return /^([a-z][\d+.a-z-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
}

export const safeSchemes = new Set(["http", "https", "mailto"]);

/** Pieces of hostile content: HTML, fences of every kind, link and image syntax, unsafe URLs, terminal controls. */
export const hostileFragments = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  "<iframe src=javascript:alert(1)>",
  "<style>body{display:none}</style>",
  "<textarea>",
  "<pre>",
  "<details open>",
  "</details>",
  "</summary>",
  "<!-- ",
  " -->",
  "<!DOCTYPE html>",
  "<![CDATA[x]]>",
  "<?php echo 1 ?>",
  "<javascript:alert(1)>",
  "<https://example.com>",
  "<a@example.com>",
  "[x](javascript:alert(1))",
  "[x](<javascript:alert(1)>)",
  '[x]( javascript:alert(1) "t")',
  "![alt](javascript:alert(1))",
  "![a](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "![a](https://tracker.example/pixel.png)",
  "[ref]: javascript:alert(1)",
  "[ref]",
  "[^1]",
  "[x]",
  "](javascript:alert(1))",
  "&lt;script&gt;",
  "&#x202e;",
  "&#60;",
  "&amp;",
  "&colon;",
  "a < b",
  "R&D",
  "x<y",
  "`",
  "``",
  "```",
  "````",
  "```js",
  "~~~",
  "~~~~ `x`",
  "` <b>x</b> `",
  "`</details>`",
  "|",
  "| a | b |",
  "|---|---|",
  "*",
  "_",
  "~~",
  "\\",
  "# ",
  "## ",
  "> ",
  "- ",
  "1. ",
  "---",
  "===",
  "    ",
  "\t",
  "\n",
  "\n\n",
  "\r",
  "\r\n",
  "\u001b]0;pwned\u0007",
  "\u001b]52;c;ZXZpbA==\u0007",
  "\u001b[2J",
  "\u009b31m",
  "\u0007",
  "\u0008\u0008\u0008",
  "\u0000",
  "\u202e",
  "\u2066",
  "\u0085",
];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileFragments) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 4 }) },
);

/** How a line may start: containers and indentation, then fences, backtick and tilde runs, table rows. */
const linePrefix = fc.constantFrom(
  "",
  "",
  "",
  " ",
  "  ",
  "   ",
  "    ",
  "\t",
  "> ",
  ">  ",
  "- ",
  "1. ",
  "  - ",
  "| ",
  "# ",
);
const lineStart = fc.constantFrom(
  "",
  "",
  "",
  "```",
  "````",
  "~~~",
  "```js",
  "~~~ `x`",
  "`",
  "``",
  "|---|---|",
  "---",
  "===",
);
const lineBreak = fc.constantFrom("\n", "\n", "\n\n", "\r\n", "\r");

/**
 * Hostile text: lines made of fragments and arbitrary strings (any code point, controls included), shaped so that
 * fences, containers and tables meet HTML, links and blank lines; never the marker `§`.
 */
export const hostileText: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(linePrefix, lineStart, fc.array(piece, { maxLength: 4 }), lineBreak).map((line) => line.join("")),
    { maxLength: 6 },
  )
  .map((lines) => lines.join("").replaceAll("§", ""));

export const hostileUrl: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "\u0001javascript:alert(1)",
    "jav&#x61;script:alert(1)",
    "javascript&colon;alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "file:///etc/passwd",
    "blob:https://example.com/1",
    "https://example.com/a?b=1&c=2#d",
    "http://example.com/(x)",
    'https://example.com/" onmouseover="alert(1)',
    "https://example.com/<script>",
    "mailto:a@example.com?subject=<b>",
    "relative/path.md",
    "/absolute/path",
    "//example.com/x",
    "#fragment",
    "?query=1",
    "\\\\evil.example\\x",
    "C:\\Users\\x",
  ),
  hostileText,
);
