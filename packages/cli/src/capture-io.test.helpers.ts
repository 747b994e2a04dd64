import type { CommandIo } from "./io.js";

/**
 * A CommandIo that records what a command writes, and answers stdin with the given text or bytes (or chunks of them,
 * as a pipe delivers them). By default stdout is a pipe; `stdoutIsTerminal` makes it a terminal, to test what a
 * person at one would see.
 */
export function captureIo(
  stdin: string | Uint8Array | ReadonlyArray<string | Uint8Array> = "",
  options: { stdoutIsTerminal?: boolean; stderrIsTerminal?: boolean; color?: boolean; columns?: number } = {},
): { io: CommandIo; stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  const chunks = (typeof stdin === "string" || stdin instanceof Uint8Array ? [stdin] : stdin).map((chunk) =>
    typeof chunk === "string" ? Buffer.from(chunk) : chunk,
  );
  return {
    io: {
      stdout: (text) => {
        out += text;
      },
      stderr: (text) => (err += text),
      stdin: async function* () {
        yield* chunks;
      },
      color: options.color === true,
      stdoutIsTerminal: options.stdoutIsTerminal === true,
      stderrIsTerminal: options.stderrIsTerminal === true,
      columns: options.columns,
    },
    stdout: () => out,
    stderr: () => err,
  };
}
