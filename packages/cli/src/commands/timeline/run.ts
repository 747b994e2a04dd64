import type { Tolerant } from "@agent-transcript/core";
import { describeCount, groupDigits } from "@agent-transcript/core/text";
import { compact, oneLine } from "../../event-summary.js";
import { isFailedResult, payloadOf, reportReading, streamEventLog } from "../../input/event-log.js";
import { messageLine, shown, type CommandIo } from "../../io.js";
import { verbosityOf } from "../../warning-summary.js";
import { DataWriter, interpolated, type EventLogQueryOptions } from "../../event-log-query.js";

/** One line of a conversation's timeline: a message, or a tool call or result it holds. */
interface ConversationEntry {
  /** The message's number in the conversation, from 1 (its tool calls and results share it). */
  message: number;
  timestamp: string;
  kind: string;
  summary: string;
  usage?: unknown;
}

/** A message's tokens in a few words, when it records them. */
function describeTokens(usage: unknown): string {
  const { input_tokens: input, output_tokens: output } = (usage ?? {}) as Record<string, unknown>;
  if (typeof input !== "number" || typeof output !== "number") return "";
  return ` [${groupDigits(input)} in, ${groupDigits(output)} out]`;
}

/**
 * The entries one message gives a conversation's timeline: the message (its text, with its tokens), then each tool
 * call and tool result among its parts. A message of tool results alone (a session's user turn that answers calls)
 * is shown by its results.
 */
function conversationEntries(message: Tolerant.Message, number: number, timestamp: string): ConversationEntry[] {
  const entry = (kind: string, summary: string, usage?: unknown): ConversationEntry => ({
    message: number,
    timestamp,
    kind,
    summary,
    ...(usage === undefined ? {} : { usage }),
  });
  const calls: ConversationEntry[] = [];
  const words: string[] = [];
  for (const part of message.parts as unknown[]) {
    const fields = (typeof part === "object" && part !== null ? part : {}) as Record<string, unknown>;
    if (fields.type === "tool_call")
      calls.push(entry("tool call", `${String(fields.name)} ${compact(fields.input)}`.trim()));
    else if (fields.type === "tool_result") {
      const failed = isFailedResult(fields);
      const said = compact(failed ? (fields.error ?? fields.output) : (fields.output ?? fields.content));
      calls.push(entry("tool result", `${String(fields.name ?? fields.call_id)} ${failed ? "error" : "ok"}: ${said}`));
    } else if (fields.type === "text" && typeof fields.text === "string") words.push(fields.text);
    else if (fields.type === "reasoning") words.push("(thinking)");
  }
  const text = oneLine(words.join(" "));
  if (text === "" && calls.length > 0 && message.usage === undefined) return calls;
  return [
    entry(message.role, `${text === "" ? "(no text)" : text}${describeTokens(message.usage)}`, message.usage),
    ...calls,
  ];
}

/**
 * `timeline`: of an event log, every step as it started, `seq`, `path`, `kind` and `name` separated by tabs, exactly
 * as the recipe prints them (null where a value is missing); `--json` the same as objects, with the time. Of anything
 * else (an agent's session, a document, a payload), which has no steps, the conversation as it happened: each message,
 * tool call and tool result with its time, `seq`, time, kind and summary separated by tabs, a message's tokens after
 * its text. An empty result is said on stderr, never silent.
 */
export async function runTimeline(input: string, options: EventLogQueryOptions, io: CommandIo): Promise<number> {
  const verbosity = verbosityOf(options);
  const out = new DataWriter(io);
  let first = true;
  let conversation: Tolerant.Transcript | undefined;
  const writeJson = async (value: unknown): Promise<void> => {
    await out.write(`${first ? "[\n" : ",\n"}  ${JSON.stringify(value)}`);
    first = false;
  };
  const reading = await streamEventLog(
    input,
    io,
    options,
    async (event) => {
      if (conversation !== undefined || event.type !== "step.started") return;
      const payload = payloadOf(event);
      if (options.json) {
        await writeJson({
          seq: event.seq,
          path: event.path ?? null,
          kind: payload.kind ?? null,
          name: payload.name ?? null,
          iteration: event.iteration ?? null,
          timestamp: event.timestamp ?? null,
        });
      } else {
        const fields = [event.seq, event.path, payload.kind, payload.name].map(interpolated);
        await out.write(`${fields.join("\t")}\n`);
        first = false;
      }
    },
    {
      // Not an event log: the document read holds what its event log cannot say (a message's tokens).
      onConverted: (converted) => {
        conversation = converted.document;
      },
    },
  );
  let untimed = 0;
  if (conversation !== undefined)
    for (const [index, message] of conversation.messages.entries()) {
      if (typeof message.created_at !== "string") {
        untimed += 1;
        continue;
      }
      for (const entry of conversationEntries(message, index + 1, message.created_at)) {
        if (options.json) await writeJson(entry);
        else {
          await out.write(`${[String(entry.message), entry.timestamp, entry.kind, shown(entry.summary)].join("\t")}\n`);
          first = false;
        }
      }
    }
  if (options.json) await out.write(first ? "[]\n" : "\n]\n");
  await out.flush();
  const status = reportReading(reading, io, verbosity);
  if (first) {
    const why =
      conversation !== undefined
        ? untimed > 0
          ? `no messages with a time (${untimed} record none)`
          : "no messages"
        : reading.events === 0
          ? "no events"
          : `no steps started among its ${reading.events} events (timeline lists step.started; \`tail\` shows every event)`;
    io.stderr(messageLine(`${reading.source}: ${why}`));
  } else if (untimed > 0 && verbosity !== "quiet")
    // A time is never made up (a Gemini CLI tool results' message records none): what has none is said, not skipped.
    io.stderr(
      messageLine(
        `${reading.source}: ${describeCount(untimed, "message")} without a time of ${untimed === 1 ? "its" : "their"} own not listed`,
      ),
    );
  return status;
}
