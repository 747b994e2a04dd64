import type { CommandIo } from "./io.js";

/**
 * A CommandIo that records what a command writes, and answers stdin with the given text. By default stdout is a
 * pipe; `stdoutIsTerminal` makes it a terminal, to test what a person at one would see.
 */
export function captureIo(
  stdin = "",
  options: { stdoutIsTerminal?: boolean } = {},
): { io: CommandIo; stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  return {
    io: {
      stdout: (text) => (out += text),
      stderr: (text) => (err += text),
      readStdin: async () => stdin,
      color: false,
      stdoutIsTerminal: options.stdoutIsTerminal === true,
    },
    stdout: () => out,
    stderr: () => err,
  };
}
