/**
 * `tail`: the last events of an event log, one line each, and with `-f` every event as the recorder writes it, until
 * the run completes (or Ctrl-C, or `--idle` seconds without growth). Reading goes through the recorder's follower, so
 * a torn last line (a crash, or a line still being written) is waited for or reported, and a log the recorder repairs
 * is followed across. A log replaced, rewritten or truncated under `-f` is read from its start, saying so on stderr;
 * a deleted one is said and waited for, for --idle seconds or else {@link deletedGraceMs}, then tail stops saying it
 * did not come back, exit 1; a FIFO or a device, given or swapped in, is refused at once, never opened in a way that
 * waits. An agent's session (Claude Code, Codex, Gemini CLI) is read by session-tail.ts, in the same view.
 */
import { stat } from "node:fs/promises";
import { groupDigits } from "@agent-transcript/core/text";
import type { Tolerant } from "@agent-transcript/core";
import type { SessionFormatId } from "@agent-transcript/providers";
import type { EventLogReadSummary } from "@agent-transcript/recorder";
import { summarizeEvent } from "../../event-summary.js";
import { isEventLogHead, payloadOf, reportReading, streamEventLog } from "../../input/event-log.js";
import { openInput } from "../../input/open.js";
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
/** How long a deleted file is waited for (unless --idle says otherwise) before tail stops, exit 1. */
export const deletedGraceMs = 5000;

/** How much of a file's start decides whether it is an agent's session: its first lines, however long. */
const sessionHeadBytes = 1024 * 1024;

/**
 * The session format of the file named, when it is an agent's session of a format tail reads as one (its first lines
 * decide, as `import` detects them); undefined for an event log, anything else, or a file that cannot be opened (the
 * event log path says why).
 */
async function sessionFormatOf(input: string): Promise<SessionFormatId | undefined> {
  let opened;
  try {
    opened = await openInput(input, "named");
  } catch {
    return undefined;
  }
  try {
    if (opened.kind !== "file" || opened.size === 0) return undefined;
    const head = Buffer.alloc(Math.min(sessionHeadBytes, opened.size));
    const bytesRead = await opened.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (isEventLogHead(bytes)) return undefined;
    const { detectSessionFormat } = await import("@agent-transcript/providers");
    const { followedSessionFormats } = await import("./session-items.js");
    // A last line cut by the head's end is left out: judged whole or not at all.
    const whole = bytesRead === opened.size ? bytes : bytes.subarray(0, bytes.lastIndexOf(0x0a) + 1);
    const format = detectSessionFormat(whole.toString("utf8"));
    return format !== undefined && followedSessionFormats.includes(format) ? format : undefined;
  } finally {
    await opened.close();
  }
}

function count(text: string | undefined, flag: string, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value))
    throw new UserError(`${flag} takes a whole number, not ${JSON.stringify(text)}`, exitCodes.usage);
  return value;
}

/** A message's tokens, as `stats` words them: `[1,200 in, 81 out, 11,502 cache read]`. */
function usageWords(usage: unknown): string {
  if (typeof usage !== "object" || usage === null) return "";
  const { input_tokens: input, output_tokens: output, cache_read_tokens: cacheRead } = usage as Record<string, unknown>;
  const words: string[] = [];
  if (typeof input === "number") words.push(`${groupDigits(input)} in`);
  if (typeof output === "number") words.push(`${groupDigits(output)} out`);
  if (typeof cacheRead === "number" && cacheRead > 0) words.push(`${groupDigits(cacheRead)} cache read`);
  return words.length === 0 ? "" : `  [${words.join(", ")}]`;
}

function formatEvent(event: Tolerant.Event, io: CommandIo, updated = false): string {
  const time = typeof event.timestamp === "string" ? event.timestamp.slice(11, 23) : "";
  const type = event.type.padEnd(18);
  const where = event.path === "" ? "" : ` ${event.path}`;
  const { status } = payloadOf(event);
  const failed = (event.type === "tool.result" && status === "error") || status === "failed";
  const head = `${String(event.seq).padStart(6)} ${paint(io, "dim", time)} ${failed ? paint(io, "red", type) : type}`;
  const summary = `${updated ? "(updated) " : ""}${summarizeEvent(event)}`;
  return `${head}${shown(where)}  ${shown(summary)}${usageWords(payloadOf(event).usage)}\n`;
}

export async function runTail(input: string, options: TailCommandOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const last = count(options.lines, "--lines", defaultLines);
  const idleSeconds = options.idle === undefined ? undefined : count(options.idle, "--idle", 0);
  if (options.follow && input === "-") throw new UserError("--follow needs a file, not -", exitCodes.usage);
  const write = async (event: Tolerant.Event, updated = false): Promise<void> => {
    const text = options.json ? `${JSON.stringify(event)}\n` : formatEvent(event, io, updated);
    if (!writeData(io, text) && io.stdoutDrained) await io.stdoutDrained();
  };
  const format = input === "-" ? undefined : await sessionFormatOf(input);
  if (format !== undefined) {
    const { tailSession } = await import("./session-tail.js");
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once("SIGINT", stop);
    try {
      return await tailSession(input, options, io, {
        format,
        follow: options.follow === true,
        last,
        idleSeconds,
        deletedGraceMs,
        verbosity,
        signal: controller.signal,
        write,
      });
    } finally {
      process.off("SIGINT", stop);
    }
  }
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
  /** When the log's name was found gone (the reader said so), while no file has appeared under it since. */
  let deletedAt: number | undefined;
  /** The deleted log did not come back in time: reading was stopped for that. */
  let gaveUp = false;
  const graceMs = idleSeconds === undefined ? deletedGraceMs : Math.max(1, idleSeconds * 1000);
  const watch = setInterval(() => {
    if ((summary !== undefined && summary.bytes >= sizeAtStart) || Date.now() - lastItemAt > 250) void catchUp();
    // A deleted log is waited for, not for ever: what is still written to it, or a file under its name, is read
    // meanwhile; nothing for the grace time, and tail stops saying so.
    if (deletedAt !== undefined && Date.now() - Math.max(deletedAt, lastItemAt) >= graceMs) {
      gaveUp = true;
      controller.abort();
    }
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
          if (item.code === "file-deleted") deletedAt = Date.now();
          else if (item.code === "file-replaced") deletedAt = undefined;
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
    if (deletedAt !== undefined && (gaveUp || summary?.end === "idle-timeout")) {
      io.stderr(
        messageLine(
          idleSeconds === undefined
            ? `${input} was deleted and did not appear again within ${graceMs / 1000} s; stopped`
            : `${input} was deleted and did not appear again within --idle ${idleSeconds} s; stopped`,
        ),
      );
      return exitCodes.failure;
    }
    return followed.diagnostics.some((item) => item.kind === "problem") ? exitCodes.failure : exitCodes.success;
  } finally {
    clearInterval(watch);
    process.off("SIGINT", stop);
  }
}
