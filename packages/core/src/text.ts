// The entry point `@agent-transcript/core/text`: what every tool that prints its input and writes messages needs —
// text from documents and files made safe to show, errors in JSON text located by line, and English that keeps its
// plurals and articles right ("1 record" / "2 records", "an assistant message"). Also exported by the root; this
// entry loads no validator, so a command's messages cost nothing at start-up.
export {
  escapeControlCharacters,
  isControlCharacter,
  type EscapeControlCharactersOptions,
} from "./control-characters.js";
export { describeJsonParseError, lineAndColumn, locatePointers } from "./json-syntax.js";
export { describeCount, formatDuration, formatMoney, groupDigits, withIndefiniteArticle } from "./wording.js";
export { oneLine, toolCallSummary } from "./tool-call-summary.js";
export {
  firstText,
  firstUserPrompt,
  promptText,
  sessionContext,
  shownRole,
  type RunContextDocument,
  type SessionContext,
} from "./run-context.js";
