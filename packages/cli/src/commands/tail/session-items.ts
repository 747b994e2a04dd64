/**
 * An agent's session as the items `tail` prints: the events the AWF transcript logs' exporter writes of the imported
 * document (what `export --format jsonl` writes, the view every query of a session shares), messages, tool calls and
 * results only. The run's opening and closing events are left out (a session being written has no end yet, and the
 * exporter puts the child runs' events after every message, where a growing session would move them), each message's
 * usage, which AWF's events have no field for, is put back in its event's payload (where an event log's
 * `MessagePayload` carries it), and the items are numbered from 1, so that `-n` and `seq` count the same items with
 * and without `-f`.
 */
import type { Message, Tolerant } from "@agent-transcript/core";
import {
  importSessionLines,
  isExpectedSessionLoss,
  sessionExporters,
  type SessionFormatId,
  type SessionLoss,
} from "@agent-transcript/providers";
import type { FollowedLine } from "../../input/follow-lines.js";

/** The session formats `tail` reads: the ones an agent writes line by line, as it works. */
export const followedSessionFormats: readonly SessionFormatId[] = ["claude-code", "codex", "gemini-cli"];

export interface SessionItems {
  events: Tolerant.Event[];
  /** What the import could not read (an unparsable line, a record of no known shape), and what it kept as metadata. */
  losses: SessionLoss[];
}

const runEvents = new Set([
  "run.started",
  "run.completed",
  "step.call_workflow.started",
  "step.call_workflow.completed",
]);

/** How many events the exporter writes of a message: one per tool result of a tool message, one otherwise. */
function eventCount(message: Message): number {
  if (message.role !== "tool") return 1;
  return message.parts.filter((part) => part.type === "tool_result").length;
}

/** Imports the session's lines (the main file's, as read so far) and writes them as `tail`'s items. */
export async function sessionItems(
  path: string,
  format: SessionFormatId,
  lines: readonly FollowedLine[],
): Promise<SessionItems> {
  const imported = await importSessionLines({ main: { path, lines } }, { format });
  if (!imported.ok) throw new Error(imported.message);
  const exporter = sessionExporters["awf-transcript"];
  const exported = exporter?.fromCanonical(imported.document);
  if (exported === undefined || !exported.ok)
    throw new Error(
      `the session could not be written as events: ${(exported?.ok === false ? exported.errors : []).map((error) => error.message).join("; ")}`,
    );
  const events: Tolerant.Event[] = [];
  for (const line of (exported.files[0]?.text ?? "").split("\n")) {
    if (line === "") continue;
    const event = JSON.parse(line) as Tolerant.Event;
    if (!runEvents.has(event.type)) events.push(event);
  }
  const messages = imported.document.messages;
  // The exporter writes the messages' events in the messages' order; only when the counts agree is each event's
  // message known, and its usage put back.
  const expected = messages.reduce((sum, message) => sum + eventCount(message), 0);
  if (expected === events.length) {
    let index = 0;
    for (const message of messages) {
      const count = eventCount(message);
      const event = events[index];
      if (message.usage !== undefined && count === 1 && event !== undefined && event.type.startsWith("message."))
        event.payload = { ...(event.payload as Record<string, unknown>), usage: message.usage };
      index += count;
    }
  }
  events.forEach((event, index) => {
    event.seq = index + 1;
  });
  return { events, losses: imported.losses };
}

/** A loss that says a line could not be read (as opposed to one the importer kept by its documented rule). */
export function isUnreadLoss(loss: SessionLoss): boolean {
  return !isExpectedSessionLoss(loss);
}
