/**
 * A member's stream ↔ canonical transcript, the family's part. A stream reads as exactly what the same call,
 * unstreamed, would have returned: the member's fold aggregates its events into that response (its event grammar:
 * Anthropic's typed server-sent events, Bedrock's one-key event frames) with the helpers here (text grown from
 * deltas, tool input assembled from JSON text, signatures set whole from their delta), then reads it as a response;
 * the family runs the conversion around it and makes the document.
 * Writing streams each assistant message's response as the member's events (`StreamDialect.eventsOf`).
 */
import type { Message, Part, Tolerant } from "@agent-transcript/core";
import {
  cloneJson,
  pointer,
  runToCanonical,
  type FromCanonicalOptions,
  type FromCanonicalResult,
  type JsonObject,
  type Problems,
  type ToCanonicalResult,
  append,
} from "../../conversion/index.js";
import { writeFromCanonical } from "./content-from-canonical.js";
import type { ContentBlocksDialect, StreamDialect } from "./dialect.js";
import { messageFromCanonical } from "./response.js";

/** A tool call's streamed input that is not JSON once assembled (a stream cut off mid-call): its text and why. */
interface UnparsedInput {
  text: string;
  error: string;
}

/** Appends a streamed piece of text to a block's field. */
export function appendText(block: JsonObject, key: string, value: unknown): void {
  if (typeof value !== "string") return;
  block[key] = `${typeof block[key] === "string" ? String(block[key]) : ""}${value}`;
}

/** Sets a reasoning block's signature from its delta: it arrives whole, in one delta after the text, never in pieces. */
export function completeSignature(block: JsonObject, value: unknown): void {
  if (typeof value === "string") block.signature = value;
}

/**
 * The tool inputs of one streamed message, by block index: each call's input arrives as pieces of JSON text, parsed
 * when its block stops. A text that is not JSON once assembled (a stream cut off mid-call) is reported, and the call's
 * part keeps it as `raw_input`, with the reason as `input_error`, instead of an input.
 */
export class StreamedInputs {
  private readonly texts = new Map<number, string>();
  private readonly unparsed = new Map<number, UnparsedInput>();

  /** A piece of block `index`'s input text (anything but a string is no piece). */
  append(index: number, piece: unknown): void {
    if (typeof piece === "string") this.texts.set(index, `${this.texts.get(index) ?? ""}${piece}`);
  }

  /** The blocks whose input text has not been taken yet. */
  pending(): number[] {
    return [...this.texts.keys()];
  }

  /**
   * Takes block `index`'s input text: its value, or undefined when no text (or an empty one) arrived, or when it is
   * not JSON (reported at `path`, and kept for {@link keepRaw}).
   */
  take(index: number, path: string, problems: Problems): { value: unknown } | undefined {
    const text = this.texts.get(index);
    this.texts.delete(index);
    if (text === undefined || text === "") return undefined;
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.unparsed.set(index, { text, error: reason });
      problems.warn(
        "input-normalized",
        path,
        `the streamed input of block ${index} is not JSON once assembled (${reason}); it is kept as raw_input`,
      );
      return undefined;
    }
  }

  /** Each call whose input never became JSON keeps the text as it was received; `partOf` is the part of a block. */
  keepRaw(partOf: (index: number) => Part | undefined): void {
    for (const [index, unparsed] of this.unparsed) {
      const part = partOf(index);
      if (part?.type !== "tool_call") continue;
      delete part.input;
      part.raw_input = unparsed.text;
      part.input_error = unparsed.error;
    }
  }
}

/** Marks the message an error event interrupted, keeping the event in the member's provider_fields. */
export function interruptedBy(dialect: ContentBlocksDialect, message: Message, text: string, event: unknown): void {
  const key = dialect.providerKey;
  message.error = text;
  message.finish_reason = "error";
  message.provider_fields = {
    ...message.provider_fields,
    [key]: { ...message.provider_fields?.[key], stream_error: cloneJson(event) },
  };
}

/** A member's events → the document of the messages its event grammar (`StreamDialect.readEvents`) reads them as. */
export function streamToCanonical(dialect: StreamDialect, chunks: readonly unknown[]): ToCanonicalResult {
  return runToCanonical((problems) => {
    const read = dialect.readEvents(chunks, problems);
    return read === undefined ? undefined : dialect.response.documentOf(read.messages, read.source);
  });
}

export function streamFromCanonical<Event>(
  dialect: StreamDialect,
  document: Tolerant.Transcript,
  options: FromCanonicalOptions = {},
): FromCanonicalResult<Event[]> {
  const { response } = dialect;
  return writeFromCanonical<Event[]>(response.content, document, options, "stream", (checked, context) => {
    const { problems } = context;
    const events: JsonObject[] = [];
    let streamed = 0;
    checked.messages.forEach((message, index) => {
      const path = pointer("/messages", index);
      if (message.role !== "assistant" || (dialect.oneMessage !== undefined && streamed > 0)) {
        problems.warn(
          "message-dropped",
          path,
          message.role === "assistant" && dialect.oneMessage !== undefined ? dialect.oneMessage : dialect.notAssistant,
        );
        return;
      }
      streamed += 1;
      const native = messageFromCanonical(response, message, path, context);
      if (native !== undefined) append(events, dialect.eventsOf(native, context, path));
    });
    if (problems.errors.length > 0) return undefined;
    if (events.length === 0) {
      problems.error("/messages", "the document has no assistant message to stream");
      return undefined;
    }
    return events;
  });
}
