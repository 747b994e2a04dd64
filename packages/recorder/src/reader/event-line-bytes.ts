/**
 * The streaming reader's side of core's line reader: the lines a `LineSplitter` cuts from bytes, decoded with Node's
 * native decoder and checked for well-formed UTF-8 where their chunk was not, handed to core's `EventLogLineReader`,
 * which holds every rule of a line and of the file.
 */
import { isUtf8 } from "node:buffer";
import { EventLogLineReader } from "@agent-transcript/core/event-log";
import type { LineHandler } from "./line-splitter.js";

/** Core's line reader fed with bytes: items accumulate in `items`, drained by the caller after each chunk. */
export class EventLines extends EventLogLineReader implements LineHandler {
  lineBytes(...[bytes, start, end, line, offset, terminated, knownUtf8]: Parameters<LineHandler["lineBytes"]>): void {
    const text = bytes.toString("utf8", start, end);
    // Decoding replaces ill-formed UTF-8 with U+FFFD: a line not checked with its chunk, and holding one, is checked
    // byte by byte.
    if (!knownUtf8 && text.includes("\ufffd") && !isUtf8(bytes.subarray(start, end)))
      this.invalidUtf8(bytes.subarray(start, end), text, line, offset, terminated);
    else this.line(text, line, offset, terminated);
  }
}
