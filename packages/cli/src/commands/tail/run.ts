/**
 * `tail`: the last events of an event log, one line each, and with `-f` every event as the recorder writes it, until
 * the run completes (or Ctrl-C, or `--idle` seconds without growth). Reading goes through the recorder's follower, so
 * a torn last line (a crash, or a line still being written) is waited for or reported, and a log the recorder repairs
 * is followed across. A log replaced, rewritten or truncated under `-f` is read from its start, saying so on stderr;
 * a deleted one is said and waited for (with `--idle`, tail stops saying it did not come back, exit 1); a FIFO or a
 * device, given or swapped in, is refused at once, never opened in a way that waits.
 */
import { stat } from "node:fs/promises";
import type { Tolerant } from "@agent-transcript/core";
import type { EventLogReadSummary } from "@agent-transcript/recorder";
import { summarizeEvent } from "../../event-summary.js";
import { payloadOf, reportReading, streamEventLog } from "../../input/event-log.js";
import type { InputOptions } from "../../input/limits.js";
import { exitCodes, messageLine, paint, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { verbosityOf, type VerbosityOptions } from "../../warning-summary.js";

export interface TailCommandOptions extends InputOptions, VerbosityOptions {
  follow?: boolean;
  /** How many of the last events to print first; a count as the user typed it. */
  lines?: string;
  /** With --follow: stop once the log has not grown for this many seconds. */
  idle?: string;
  json?: boolean;
}

const defaultLines = 10;

function count(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value))
    throw new UserError(`${flag} takes a whole number, not ${JSON.stringify(text)}`, exitCodes.usage);
  return value;
}

function formatEvent(event: Tolerant.Event, io: CommandIo): string {
  const time = typeof event.timestamp === "string" ? event.timestamp.slice(11, 23) : "";
  const type = event.type.padEnd(18);
  const where = event.path === "" ? "" : ` ${event.path}`;
  const { status } = payloadOf(event);
  const failed = (event.type === "tool.result" && status === "error") || status === "failed";
  const head = `${String(event.seq).padStart(6)} ${paint(io, "dim", time)} ${failed ? paint(io, "red", type) : type}`;
  return `${head}${shown(where)}  ${shown(summarizeEvent(event))}\n`;
}

export async function runTail(input: string, options: TailCommandOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const last = count(options.lines, "--lines", defaultLines);
  const idleSeconds = options.idle === undefined ? undefined : count(options.idle, "--idle", 0);
  if (options.follow && input === "-") throw new UserError("--follow needs a file, not -", exitCodes.usage);
  const write = async (event: Tolerant.Event): Promise<void> => {
    const text = options.json ? `${JSON.stringify(event)}\n` : formatEvent(event, io);
    if (!writeData(io, text) && io.stdoutDrained) await io.stdoutDrained();
  };
  // The last events: read to the end keeping only `last` of them.
  const ring: Tolerant.Event[] = [];
  const keep = (event: Tolerant.Event): void => {
    if (last === 0) return;
    ring.push(event);
    if (ring.length > last) ring.shift();
  };
  if (!options.follow) {
    const reading = await streamEventLog(input, io, options, keep);
    for (const event of ring) await write(event);
    return reportReading(reading, io, verbosity);
  }

  // Following, the log is read once: the events up to the size it had when tail started fill the ring, which is
  // printed as soon as the reader has got that far (by its summary's position, which moves once a chunk's events have
  // all been handed out); every event after that is printed as it comes.
  const sizeAtStart = await stat(input).then(
    (stats) => stats.size,
    () => 0,
  );
  let summary: Readonly<EventLogReadSummary> | undefined;
  let caughtUp = false;
  let printing: Promise<void> = Promise.resolve();
  const catchUp = (): Promise<void> => {
    if (caughtUp) return printing;
    caughtUp = true;
    const kept = ring.splice(0);
    printing = (async () => {
      for (const event of kept) await write(event);
    })();
    return printing;
  };
  // With nothing new written, no event arrives to notice the position: look now and then. A reader that has handed
  // out nothing for a while is waiting at the end too (a log repaired since it was measured may never reach that size).
  let lastItemAt = Date.now();
  /** The log's name is gone (the reader said so) and no file has appeared under it since. */
  let deleted = false;
  const watch = setInterval(() => {
    if ((summary !== undefined && summary.bytes >= sizeAtStart) || Date.now() - lastItemAt > 250) void catchUp();
  }, 25);
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once("SIGINT", stop);
  try {
    const followed = await streamEventLog(
      input,
      io,
      options,
      async (event) => {
        lastItemAt = Date.now();
        if (!caughtUp && (summary?.bytes ?? 0) < sizeAtStart) return keep(event);
        await catchUp();
        await write(event);
      },
      {
        follow: {
          ...(idleSeconds === undefined ? {} : { idleTimeoutMs: Math.max(1, idleSeconds * 1000) }),
        },
        signal: controller.signal,
        onStart: (started) => {
          summary = started;
        },
        onDiagnostic: (item) => {
          lastItemAt = Date.now();
          if (item.code === "file-deleted") deleted = true;
          else if (item.code === "file-replaced") deleted = false;
          // Said as they happen while following: a person is watching. A warning about the log as a whole (replaced,
          // truncated, deleted) names it and says what tail does next, in its own words; a problem of the whole input
          // (it could not be opened, or is a FIFO) ends the reading before any event, and is the error it throws.
          if (item.line === undefined) {
            if (item.kind === "warning" && verbosity !== "quiet") io.stderr(messageLine(item.message));
          } else if (verbosity !== "quiet" || item.kind === "problem")
            io.stderr(
              messageLine(
                `${input}: ${item.kind === "problem" ? "error" : "warning"}: line ${item.line}: ${item.code}: ${item.message}`,
              ),
            );
        },
      },
    );
    await catchUp();
    if (deleted && summary?.end === "idle-timeout") {
      io.stderr(
        messageLine(`${input} was deleted and did not appear again within --idle ${idleSeconds ?? 0} s; stopped`),
      );
      return exitCodes.failure;
    }
    return followed.diagnostics.some((item) => item.kind === "problem") ? exitCodes.failure : exitCodes.success;
  } finally {
    clearInterval(watch);
    process.off("SIGINT", stop);
  }
}
