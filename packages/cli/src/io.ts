import { escapeControlCharacters } from "@agent-transcript/core/json";

/**
 * Where a command reads and writes: the real process in bin.ts, captured buffers in tests. Commands write data
 * with `writeData` and messages with `messageLine`, never raw text from the input (see "Terminal safety" in the
 * README).
 */
export interface CommandIo {
  /** Returns false when the text was queued rather than handed on (a slow pipe): see `stdoutDrained`. */
  stdout: (text: string) => boolean | void;
  stderr: (text: string) => void;
  /** Standard input as bytes, read as a stream so the input layer can bound it (and recognise gzip). */
  stdin: () => AsyncIterable<Uint8Array>;
  /** Colour only for people: a TTY, and neither NO_COLOR nor TERM=dumb. */
  color: boolean;
  /** Whether stdout is a terminal: data written there is then made terminal-safe (`writeData`). */
  stdoutIsTerminal: boolean;
  /** Whether stderr is a terminal: progress lines are written only then. */
  stderrIsTerminal?: boolean;
  /** The terminal's width in columns, when stdout is a terminal: tables are fitted to it. */
  columns?: number;
  /**
   * Resolves when stdout has taken what was queued. A long write waits on it whenever `stdout` returns false, so that
   * streaming a large document into a slow pipe holds a bounded amount in memory, not the whole document.
   */
  stdoutDrained?: () => Promise<void>;
}

export const exitCodes = { success: 0, failure: 1, usage: 2 } as const;

/**
 * Whether the command's own text (tables, statuses; never input) is coloured: FORCE_COLOR (set, and not `0` or
 * `false`) asks for colour even into a pipe (`agent-transcript tail run.jsonl | less -R`); otherwise NO_COLOR or
 * TERM=dumb turns it off, and a terminal turns it on.
 */
export function wantsColour(environment: NodeJS.ProcessEnv, isTerminal: boolean): boolean {
  const force = environment.FORCE_COLOR;
  if (force !== undefined && force !== "" && force !== "0" && force !== "false") return true;
  const noColor = (environment.NO_COLOR ?? "") !== "" || environment.TERM === "dumb";
  return isTerminal && !noColor;
}

export function processIo(): CommandIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: () => process.stdin,
    color: wantsColour(process.env, Boolean(process.stdout.isTTY)),
    stdoutIsTerminal: Boolean(process.stdout.isTTY),
    stderrIsTerminal: Boolean(process.stderr.isTTY),
    columns: process.stdout.isTTY ? process.stdout.columns : undefined,
    stdoutDrained: () =>
      new Promise((resolve) => {
        // A reader that went away emits an error, not drain: stop waiting either way.
        const done = (): void => {
          process.stdout.off("drain", done);
          process.stdout.off("error", done);
          process.stdout.off("close", done);
          resolve();
        };
        process.stdout.once("drain", done);
        process.stdout.once("error", done);
        process.stdout.once("close", done);
      }),
  };
}

/**
 * Writes data (a document, a payload, a `--json` report) to stdout. Into a pipe or a file it goes byte for byte, so
 * `| jq` and `> out.json` get exactly what was produced; on a terminal every control character but line feed and tab
 * is shown as a `\u001b`-style escape, so content cannot retitle the window, write the clipboard, clear the screen
 * or overwrite what was printed. (JSON stays valid JSON meaning the same: those escapes are JSON's own.)
 */
export function writeData(io: CommandIo, text: string): boolean {
  return (
    io.stdout(io.stdoutIsTerminal ? escapeControlCharacters(text, { keepLineFeedsAndTabs: true }) : text) !== false
  );
}

/**
 * Input quoted in a message (a file name, a property name, a value, a parser's excerpt, another package's message),
 * shown so that it cannot act on a terminal: every control character, line feed and tab included, becomes a
 * `\u001b`-style escape. The one helper every message uses for what it quotes.
 */
export function shown(text: string): string {
  return escapeControlCharacters(text);
}

/** A message of several lines (a stack trace, commander's usage errors): each line `shown`, the line feeds kept. */
export function shownLines(text: string): string {
  return text.split("\n").map(shown).join("\n");
}

/** One message line, ready to write: `shown` applied to all of it (so it is one line whatever it quotes), then LF. */
export function messageLine(text: string): string {
  return `${shown(text)}\n`;
}

/** Colours text of ours; apply it after `shown`, never to input. */
export function paint(io: CommandIo, code: "red" | "green" | "dim", text: string): string {
  if (!io.color) return text;
  const codes = { red: 31, green: 32, dim: 2 } as const;
  return `\u001b[${codes[code]}m${text}\u001b[0m`;
}

/** An error the user can act on: printed as one line, no stack trace. */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = exitCodes.failure,
  ) {
    super(message);
  }
}
