/**
 * `tail` on an agent's session (Claude Code, Codex, Gemini CLI: the JSONL sessions an agent writes as it works), with
 * and without `-f`. The session's lines are read as they are written (input/follow-lines.ts: a line still being
 * written is held until its line feed; truncation, rotation and deletion are said), and after new lines the session
 * is imported again from all its lines, by its own importer, into the items tail prints (session-items.ts). Importing
 * again, rather than mapping each new record alone, is what keeps the agents' own rules: a response written over
 * several records is one message, a Gemini CLI message re-appended under its id replaces the earlier one, a rewind
 * drops what it rewound. It costs a read of the session held in memory (at most --max-input-size) per import, so
 * imports are spaced by twice the time the last one took: a long session is shown a little later, never at the cost
 * of the agent's machine.
 *
 * The rule against duplicates: an item is printed once it is settled, that is once a later item follows it, or the
 * session has not grown for {@link settleMs} (the agent is waiting: its last message is shown), or reading ends. An
 * item that changes after it was printed (a later record of the same response, an upsert) is printed again, marked
 * `(updated)` in the text view; with `--json` it is the same `seq` again, the last one holding.
 */
import type { Tolerant } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core/text";
import type { SessionFormatId, SessionLoss } from "@agent-transcript/providers";
import { FollowError, LineFollower, type FollowedLine, type FollowNotice } from "../../input/follow-lines.js";
import { describeSize, inputLimits, type InputOptions } from "../../input/limits.js";
import { exitCodes, messageLine, UserError, type CommandIo } from "../../io.js";
import { warningLines, type Verbosity } from "../../warning-summary.js";
import { isUnreadLoss, sessionItems } from "./session-items.js";

/** How long a session must not grow for its last item to count as settled, and be printed. */
export const settleMs = 500;
/** How often the file is looked at while following. */
export const pollIntervalMs = 100;

export interface SessionTailSettings {
  format: SessionFormatId;
  follow: boolean;
  /** How many of the last items to print first. */
  last: number;
  idleSeconds: number | undefined;
  /** How long a deleted session is waited for (unless --idle says otherwise) before tail stops, exit 1. */
  deletedGraceMs: number;
  verbosity: Verbosity;
  signal: AbortSignal;
  write(event: Tolerant.Event, updated: boolean): Promise<void>;
}

/** A wait that an abort ends early. */
function pause(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, milliseconds);
    signal.addEventListener("abort", done);
  });
}

export async function tailSession(
  input: string,
  options: InputOptions,
  io: CommandIo,
  settings: SessionTailSettings,
): Promise<number> {
  const { follow, verbosity, signal } = settings;
  let format = settings.format;
  /** The file was replaced or rewritten: what it is now is judged again by its first lines. */
  let redetect = false;
  const limit = inputLimits(options).maxInputBytes;
  const follower = new LineFollower(input, limit);
  try {
    await follower.start();
  } catch (error) {
    if (error instanceof FollowError) throw new UserError(error.message);
    throw error;
  }
  const say = (text: string): void => io.stderr(messageLine(text));
  let failed = false;
  /** The session's complete lines read so far, and their bytes: what each import reads. */
  let held: FollowedLine[] = [];
  let heldBytes = 0;
  /** What each item printed looked like (JSON without its seq), by position: a change is an update. */
  let printed: string[] = [];
  /** The items of the last import not yet printed (the last one, not settled yet). */
  let latest: Tolerant.Event[] = [];
  let firstImport = true;
  let dirty = false;
  /** The losses already said, by code and line, so that an import again does not say them again. */
  let saidLosses = new Set<string>();
  let lastGrowthAt = Date.now();
  let nextImportAt = 0;
  let deletedAt: number | undefined;

  const notice = (item: FollowNotice): void => {
    if (item.kind === "line-too-long") {
      failed = true;
      say(`${input}: error: line ${item.line}: line-too-long: ${item.message}`);
    } else if (verbosity !== "quiet") say(item.message);
  };

  const fingerprint = (event: Tolerant.Event): string => JSON.stringify({ ...event, seq: undefined });

  /** Imports the held lines again and prints what is new or changed; with `settled`, the last item too. */
  const refresh = async (settled: boolean): Promise<void> => {
    if (dirty) {
      const started = Date.now();
      let items;
      if (redetect) {
        redetect = false;
        const { detectSessionFormat } = await import("@agent-transcript/providers");
        const detected = detectSessionFormat(held.slice(0, 64).map((line) => line.text));
        if (detected !== undefined && detected !== format) {
          if (verbosity !== "quiet") say(`${input}: now read as ${withIndefiniteArticle(`${detected} session`)}`);
          format = detected;
        }
      }
      try {
        items = await sessionItems(input, format, held);
      } catch (error) {
        throw new UserError(`${input}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const took = Date.now() - started;
      nextImportAt = Date.now() + Math.max(pollIntervalMs, 2 * took);
      dirty = false;
      reportLosses(items.losses);
      latest = items.events;
      if (firstImport) {
        firstImport = false;
        // The items there when tail started: the last of them printed, all of them counted as seen.
        const shown = settings.last === 0 ? [] : latest.slice(-settings.last);
        for (const event of shown) await settings.write(event, false);
        printed = latest.map(fingerprint);
      } else {
        const kept = Math.min(printed.length, latest.length);
        for (let index = 0; index < kept; index += 1) {
          const event = latest[index] as Tolerant.Event;
          const now = fingerprint(event);
          if (now !== printed[index]) {
            printed[index] = now;
            await settings.write(event, true);
          }
        }
        if (latest.length < printed.length) {
          if (verbosity !== "quiet")
            say(
              `${input}: the session no longer holds items ${latest.length + 1} to ${printed.length} (rewound or rewritten); items from ${latest.length + 1} on are new`,
            );
          printed = printed.slice(0, latest.length);
        }
      }
    }
    // New items: all but the last, which waits to be settled.
    const end = settled ? latest.length : latest.length - 1;
    for (let index = printed.length; index < end; index += 1) {
      const event = latest[index] as Tolerant.Event;
      printed.push(fingerprint(event));
      await settings.write(event, false);
    }
  };

  /**
   * What the import could not read: following, each line once as it is found (an import again finds it again);
   * otherwise summarised by code as every query reports warnings (each with --verbose).
   */
  const reportLosses = (losses: readonly SessionLoss[]): void => {
    const unread = losses.filter(isUnreadLoss);
    if (!follow) {
      for (const line of warningLines(
        input,
        unread.map((loss) => ({
          code: loss.code,
          pointer: "",
          ...(loss.line === undefined ? {} : { at: `line ${loss.line}` }),
          message: loss.message,
        })),
        verbosity,
      ))
        io.stderr(line);
      return;
    }
    for (const loss of unread) {
      const key = `${loss.code}:${loss.line ?? ""}`;
      if (saidLosses.has(key)) continue;
      saidLosses.add(key);
      say(
        `${input}: warning: ${loss.line === undefined ? "(input)" : `line ${loss.line}`}: ${loss.code}: ${loss.message}`,
      );
    }
  };

  try {
    for (;;) {
      let step;
      try {
        step = await follower.poll();
      } catch (error) {
        if (!(error instanceof FollowError)) throw error;
        await refresh(true);
        say(`${input}: error: ${error.message}`);
        return exitCodes.failure;
      }
      for (const item of step.notices) notice(item);
      if (step.restarted) {
        // Another file, or the same one from its start: all of it is new, printed from its first item.
        held = [];
        heldBytes = 0;
        printed = [];
        latest = [];
        saidLosses = new Set();
        firstImport = false;
        dirty = true;
        redetect = true;
      }
      if (step.lines.length > 0) {
        for (const line of step.lines) {
          held.push(line);
          heldBytes += Buffer.byteLength(line.text) + 1;
        }
        if (heldBytes > limit) {
          await refresh(true);
          say(
            `${input}: error: the session grew past the input limit of ${describeSize(limit)}; stopped (raise it with --max-input-size)`,
          );
          return exitCodes.failure;
        }
        dirty = true;
      }
      // Items that appear after tail started are all new, however many.
      if (!dirty) firstImport = false;
      const now = Date.now();
      if (step.grew || step.restarted) lastGrowthAt = now;
      if (!follow) {
        const unfinished = follower.unfinishedLine();
        if (unfinished !== undefined) {
          held.push(unfinished);
          dirty = true;
        }
        await refresh(true);
        return failed ? exitCodes.failure : exitCodes.success;
      }
      const quiet = now - lastGrowthAt >= settleMs;
      if (dirty && (now >= nextImportAt || quiet)) await refresh(false);
      if (quiet && !dirty) await refresh(true);
      if (step.deleted) deletedAt ??= now;
      else deletedAt = undefined;
      const graceMs = settings.idleSeconds === undefined ? settings.deletedGraceMs : settings.idleSeconds * 1000;
      const idle = settings.idleSeconds !== undefined && now - lastGrowthAt >= settings.idleSeconds * 1000;
      if (deletedAt !== undefined && (idle || now - Math.max(deletedAt, lastGrowthAt) >= graceMs)) {
        await refresh(true);
        say(
          settings.idleSeconds === undefined
            ? `${input} was deleted and did not appear again within ${graceMs / 1000} s; stopped`
            : `${input} was deleted and did not appear again within --idle ${settings.idleSeconds} s; stopped`,
        );
        return exitCodes.failure;
      }
      if (idle) break;
      if (signal.aborted) break;
      await pause(pollIntervalMs, signal);
      if (signal.aborted) break;
    }
    await refresh(true);
    return failed ? exitCodes.failure : exitCodes.success;
  } finally {
    await follower.close();
  }
}
