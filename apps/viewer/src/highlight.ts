/**
 * Syntax colouring for code the page shows by file type (an edit's or a patch's lines), with highlight.js's core and
 * the grammars of the languages agents write most (each grammar is bundle weight every page parses: C, C++, SQL and
 * Markdown were left out for it). The viewer is one bundle by design (the HTML export inlines exactly
 * its two files), so the highlighter cannot be a chunk loaded later: it is loaded lazily in the sense that nothing of
 * it runs until a diff is opened — the grammars are registered then, once — and it colours only what is drawn.
 *
 * highlight.js escapes the text it is given (`&`, `<`, `>`, quotes) and wraps tokens in `<span class="hljs-…">`, so
 * what it returns holds no markup from the transcript; a line longer than {@link maxLineCharacters} is not coloured
 * (drawn as text by the caller), so no grammar's regular expressions meet an unbounded input.
 */
import highlighter from "highlight.js/lib/core";
import bash from "highlight.js/lib/languages/bash";
import css from "highlight.js/lib/languages/css";
import elixir from "highlight.js/lib/languages/elixir";
import go from "highlight.js/lib/languages/go";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import python from "highlight.js/lib/languages/python";
import ruby from "highlight.js/lib/languages/ruby";
import rust from "highlight.js/lib/languages/rust";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";

const grammars = {
  bash,
  css,
  elixir,
  go,
  java,
  javascript,
  json,
  python,
  ruby,
  rust,
  typescript,
  xml,
  yaml,
};
type Language = keyof typeof grammars;

/** File extensions (lower case, without the dot) and the language they are written in. */
const languageOfExtension = new Map<string, Language>([
  ["ts", "typescript"],
  ["tsx", "typescript"],
  ["mts", "typescript"],
  ["cts", "typescript"],
  ["js", "javascript"],
  ["jsx", "javascript"],
  ["mjs", "javascript"],
  ["cjs", "javascript"],
  ["py", "python"],
  ["go", "go"],
  ["rs", "rust"],
  ["java", "java"],
  ["kt", "java"],
  ["rb", "ruby"],
  ["ex", "elixir"],
  ["exs", "elixir"],
  ["sh", "bash"],
  ["bash", "bash"],
  ["zsh", "bash"],
  ["json", "json"],
  ["jsonl", "json"],
  ["yml", "yaml"],
  ["yaml", "yaml"],
  ["css", "css"],
  ["scss", "css"],
  ["html", "xml"],
  ["heex", "xml"],
  ["xml", "xml"],
  ["svg", "xml"],
  ["vue", "xml"],
]);

/** Lines longer than this are drawn as text: colouring them would cost more than it shows. */
export const maxLineCharacters = 1_000;

let registered = false;

/** The language of a file, by its extension; undefined for one the viewer does not colour. */
export function languageOf(path: string): Language | undefined {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return undefined;
  return languageOfExtension.get(name.slice(dot + 1).toLowerCase());
}

/**
 * One line of code as HTML: its tokens in `<span class="hljs-…">`, its text escaped. Lines are coloured one by one (a
 * diff shows lines out of their file), so a string or comment that spans lines is coloured line by line.
 */
export function highlightLine(text: string, language: Language): string {
  if (!registered) {
    for (const [name, grammar] of Object.entries(grammars)) highlighter.registerLanguage(name, grammar);
    registered = true;
  }
  return highlighter.highlight(text, { language, ignoreIllegals: true }).value;
}
