/**
 * A progress bar on stderr for work that takes a while: only when stderr is a terminal (never into a pipe or a file,
 * where it would be noise in a log), never with --quiet or --json (stderr then carries errors only), and only once
 * the work has gone on for about a second, so quick runs print nothing extra. It shows the bytes read of the file
 * the input layer or the event log reader is reading (input/meter.ts). Colour follows NO_COLOR and FORCE_COLOR.
 */
import type { SingleBar } from "cli-progress";
import { currentInput } from "./input/meter.js";
import { shown, wantsColour, type CommandIo } from "./io.js";

/** How long work runs before a bar appears, and how often the bar is redrawn. */
export const progressDelayMs = 1000;
const redrawMs = 100;

function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

/** A command's streams while a bar may be shown, and how to end the bar. */
export interface WithProgress {
  /** The command's streams: a message written to stderr removes the bar first (for good), so lines never mix. */
  io: CommandIo;
  /** Removes the bar, if one was drawn, and stops watching. */
  stop: () => void;
}

/** Starts watching the reading: a bar appears after about a second of it, on a terminal only. */
export function startProgress(
  io: CommandIo,
  options: { quiet?: boolean; json?: boolean },
  environment: NodeJS.ProcessEnv = process.env,
): WithProgress {
  if (io.stderrIsTerminal !== true || options.quiet === true || options.json === true)
    return { io, stop: () => undefined };
  // The bar is drawn only on a terminal: colour as for any of our text there.
  const colour = wantsColour(environment, true);
  // The bar's library is loaded only here, on a terminal: a command in a pipe or a script never pays for it. It is
  // there long before the bar's first drawing, a second from now; until then there is nothing to draw.
  let Bar: typeof SingleBar | undefined;
  // cli-progress is CommonJS: its `module.exports` is the namespace's default, in Node and in the bundled command
  // alike (the bundler names no other export of a CommonJS module loaded on demand).
  void import("cli-progress").then((library) => (Bar = library.default.SingleBar));
  let bar: SingleBar | undefined;
  let shownFile: string | undefined;
  // A terminal-like stream for cli-progress that writes through the command's own stderr.
  const stream = {
    isTTY: true,
    columns: process.stderr.columns || 80,
    write: (text: string): boolean => {
      io.stderr(text);
      return true;
    },
    on: () => stream,
    removeListener: () => stream,
  } as unknown as NodeJS.WriteStream;
  const draw = (): void => {
    const meter = currentInput();
    if (meter === undefined || meter.totalBytes <= 0 || Bar === undefined) return;
    const read = Math.min(meter.bytesRead(), meter.totalBytes);
    if (bar === undefined || shownFile !== meter.file) {
      bar?.stop();
      shownFile = meter.file;
      const name = meter.file.length > 40 ? `…${meter.file.slice(-39)}` : meter.file;
      bar = new Bar({
        stream,
        format: `${colour ? "\u001b[2m" : ""}${shown(name)}${colour ? "\u001b[0m" : ""} [{bar}] {percentage}% {done} of {size} ETA {eta_formatted}`,
        barCompleteChar: "#",
        barIncompleteChar: "-",
        hideCursor: false,
        clearOnComplete: true,
        stopOnComplete: false,
        linewrap: false,
        noTTYOutput: false,
        fps: 10,
      });
      bar.start(meter.totalBytes, read, { done: sizeText(read), size: sizeText(meter.totalBytes) });
    } else bar.update(read, { done: sizeText(read) });
  };
  let ticker: NodeJS.Timeout | undefined;
  // AGENT_TRANSCRIPT_PROGRESS_DELAY_MS shortens the wait, for a demo or a test on a small input.
  const delayMs = Number(environment.AGENT_TRANSCRIPT_PROGRESS_DELAY_MS ?? progressDelayMs);
  const delay = setTimeout(
    () => {
      draw();
      ticker = setInterval(draw, redrawMs);
      ticker.unref();
    },
    Number.isFinite(delayMs) && delayMs >= 0 ? delayMs : progressDelayMs,
  );
  delay.unref();
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    clearTimeout(delay);
    if (ticker !== undefined) clearInterval(ticker);
    bar?.stop();
    bar = undefined;
  };
  return {
    io: {
      ...io,
      stderr: (text) => {
        stop();
        io.stderr(text);
      },
    },
    stop,
  };
}

/**
 * Runs a command's work with a progress bar for a large input, on a terminal only: its messages go through the
 * wrapped stderr, and the bar is removed however the work ends.
 */
export async function withProgress<T>(
  io: CommandIo,
  options: { quiet?: boolean; json?: boolean },
  work: (io: CommandIo) => Promise<T>,
): Promise<T> {
  const progress = startProgress(io, options);
  try {
    return await work(progress.io);
  } finally {
    progress.stop();
  }
}
