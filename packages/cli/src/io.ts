/** Where a command reads and writes: the real process in bin.ts, captured buffers in tests. */
export interface CommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input as bytes, read as a stream so the input layer can bound it (and recognise gzip). */
  stdin: () => AsyncIterable<Uint8Array>;
  /** Colour only for people: a TTY, and neither NO_COLOR nor TERM=dumb. */
  color: boolean;
}

export const exitCodes = { success: 0, failure: 1, usage: 2 } as const;

export function processIo(): CommandIo {
  const noColor = (process.env.NO_COLOR ?? "") !== "" || process.env.TERM === "dumb";
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stdin: () => process.stdin,
    color: Boolean(process.stdout.isTTY) && !noColor,
  };
}

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
