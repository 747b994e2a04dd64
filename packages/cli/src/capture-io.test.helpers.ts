import type { CommandIo } from "./io.js";

/** A CommandIo that records what a command writes, and answers stdin with the given text. */
export function captureIo(stdin = ""): { io: CommandIo; stdout: () => string; stderr: () => string } {
  let out = "";
  let err = "";
  return {
    io: {
      stdout: (text) => (out += text),
      stderr: (text) => (err += text),
      readStdin: async () => stdin,
      color: false,
    },
    stdout: () => out,
    stderr: () => err,
  };
}
