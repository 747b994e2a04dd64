/**
 * The one reader of event log lines: each line parsed under core's limits, validated, and held to the file's rules
 * (seq starts at 1 and grows by one, one run_id and one parent_run_id per file), with torn tails told apart from bad
 * lines. Every reader of event logs goes through it: the recorder's streaming reader (lines cut from bytes in constant
 * memory), `checkEventLog` and the viewer (lines of a whole text), so they report the same lines the same way. It
 * takes text: decoding is its caller's, which knows its bytes (Node's native decoder, or the platform's); what only a
 * byte reader can see (invalid UTF-8, over-long lines) is reported here in the same terms.
 */
import type { AwfContentBlock, Event } from "../generated/v1/types.js";
import type * as Tolerant from "../generated/v1/tolerant-types.js";
import type { JsonLimits } from "../json-limits.js";
import { parseJson } from "../parse-json.js";
import { locateInvalidUtf8 } from "../utf8.js";
import type { ValidationMode } from "../validation.js";
import { validateEvent, validateEventTolerant } from "../generated/v1/validate/event.js";
import { eventTypes, partTypes } from "../vocabularies.js";
import type { EventLogDiagnostic, EventLogItem, EventLogProblemCode } from "./diagnostics.js";
import { QuickEventCheck } from "./quick-event-check.js";

const knownEventTypes: ReadonlySet<string> = new Set<Event["type"]>(eventTypes);

/** AWF's six content blocks, which a tolerant reader accepts beside the canonical parts (the schema's AwfContentBlock). */
const awfBlockTypes = [
  "text",
  "thinking",
  "tool_use",
  "tool_result",
  "command",
  "stream",
] as const satisfies readonly AwfContentBlock["type"][];
// A block type the schema adds to AwfContentBlock fails to compile here until it is listed above.
const awfBlockTypesComplete: Exclude<AwfContentBlock["type"], (typeof awfBlockTypes)[number]> extends never
  ? true
  : never = true;
void awfBlockTypesComplete;

const knownBlockTypes: ReadonlySet<string> = new Set<string>([...partTypes, ...awfBlockTypes]);

const messageEventTypes: ReadonlySet<string> = new Set(["message.system", "message.user", "message.assistant"]);

const tornMessage = "incomplete last line (no newline; a write was cut short)";

/**
 * What the file's rules remember after a line (seq, the first line's run ids, run.completed): saved with the offset of
 * the next line, it lets a later reading of the same file, grown by appends, start there and hold the new lines to the
 * same rules (the run index reads an appended event log from where it stopped). Plain data: it survives JSON.
 */
export interface EventLogLineState {
  /** The highest seq seen on any line, valid or not. */
  highestSeq: number;
  /** Whether a run.completed event has been read. */
  runCompleted: boolean;
  /** The first event's run_id and parent_run_id and its line; absent before any event. */
  first?: { runId: string; parentRunId?: string; line: number };
}

export interface EventLogLineOptions {
  /** Strict (what a writer may emit) or tolerant (what a reader accepts from a newer minor). */
  mode: ValidationMode;
  /** Each line is parsed under these (nesting depth, exact numbers). */
  limits?: JsonLimits;
  /** The line length limit the caller applies, named in the message of a line it skipped for it. */
  maxLineBytes?: number;
}

/**
 * Turns lines into items, appended to `items` (the caller drains it as it goes). Never throws on content.
 */
export class EventLogLineReader {
  readonly items: EventLogItem[] = [];
  /** Whether a run.completed event has been read: a follower stops once it has caught up after one. */
  runCompleted = false;
  /** The highest seq seen on any line, valid or not (as `checkEventLog` counts it). */
  highestSeq = 0;
  private first: { runId: string; parentRunId: string | undefined; line: number } | undefined;
  private readonly validate: typeof validateEvent | typeof validateEventTolerant;
  /** Tolerant reading only: the strict validator also refuses unknown fields, which the shortcut does not look for. */
  private readonly quickCheck: QuickEventCheck | undefined;

  constructor(private readonly options: EventLogLineOptions) {
    this.validate = options.mode === "strict" ? validateEvent : validateEventTolerant;
    this.quickCheck = options.mode === "tolerant" ? new QuickEventCheck() : undefined;
  }

  /**
   * One line of text, without its LF: `offset` is the byte offset of its first byte in the input, and `terminated` is
   * false only for a last line no LF followed (what a writer killed mid-line leaves).
   */
  line(text: string, line: number, offset: number, terminated: boolean): void {
    // Blank lines are skipped, as jq skips them; a line starting with `{` cannot be one.
    if (text.charCodeAt(0) !== 0x7b && text.trim() === "") return;
    const parsed = parseJson(text, this.options.limits);
    if (!parsed.ok) {
      const { code, reason, column, pointer = "" } = parsed.error;
      if (code === "invalid-json" && !terminated) this.torn(line, offset, `${tornMessage}: ${reason}`);
      else
        this.diagnostic(
          "problem",
          code,
          line,
          offset,
          pointer,
          code === "invalid-json" ? `not JSON: ${reason} (column ${column})` : `${reason} (column ${column})`,
        );
      return;
    }
    this.value(parsed.value, line, offset);
  }

  overlongLine(line: number, offset: number, length: number, terminated: boolean): void {
    const size = terminated ? `${length} bytes` : `at least ${length} bytes, and no newline`;
    this.diagnostic(
      "problem",
      "line-too-long",
      line,
      offset,
      "",
      `line is longer than the limit of ${this.options.maxLineBytes ?? length} bytes (${size}); skipped without reading it`,
    );
  }

  /** A problem of the input as a whole, or of where reading stopped. */
  inputProblem(code: EventLogProblemCode, message: string, line?: number, offset?: number): void {
    this.items.push({
      kind: "problem",
      code,
      ...(line === undefined ? {} : { line }),
      ...(offset === undefined ? {} : { offset }),
      pointer: "",
      message,
    });
  }

  /**
   * A warning about the followed file as a whole (replaced, truncated, deleted): no line, since it is about no line of
   * either file.
   */
  fileWarning(code: "file-replaced" | "file-truncated" | "file-deleted", message: string): void {
    this.items.push({ kind: "warning", code, pointer: "", message });
  }

  /** The file's rules as they stand after the lines read so far: see {@link EventLogLineState}. */
  state(): EventLogLineState {
    const first = this.first;
    return {
      highestSeq: this.highestSeq,
      runCompleted: this.runCompleted,
      ...(first === undefined
        ? {}
        : {
            first: {
              runId: first.runId,
              ...(first.parentRunId === undefined ? {} : { parentRunId: first.parentRunId }),
              line: first.line,
            },
          }),
    };
  }

  /**
   * Takes up the rules where `state()` left them, before the first line of a reading that starts after the lines
   * it was saved from. The state is checked here (it may have been stored and read back), never trusted blindly.
   */
  resume(state: EventLogLineState): void {
    const { highestSeq, runCompleted, first } = state;
    if (!Number.isSafeInteger(highestSeq) || highestSeq < 0)
      throw new RangeError(`highestSeq must be a whole number from 0, not ${String(highestSeq)}`);
    if (typeof runCompleted !== "boolean") throw new RangeError("runCompleted must be true or false");
    if (first !== undefined) {
      if (typeof first.runId !== "string") throw new RangeError("first.runId must be a string");
      if (first.parentRunId !== undefined && typeof first.parentRunId !== "string")
        throw new RangeError("first.parentRunId must be a string when given");
      if (!Number.isSafeInteger(first.line) || first.line < 1)
        throw new RangeError(`first.line must be a line number, not ${String(first.line)}`);
    }
    this.highestSeq = highestSeq;
    this.runCompleted = runCompleted;
    this.first =
      first === undefined ? undefined : { runId: first.runId, parentRunId: first.parentRunId, line: first.line };
  }

  /** Forgets the file's rules so far (seq, run ids, run.completed): a follower reads another file from its start. */
  restart(): void {
    this.runCompleted = false;
    this.highestSeq = 0;
    this.first = undefined;
  }

  /** The writer replaced an unfinished last line that a follower had seen part of. */
  replacedTail(line: number, offset: number, length: number): void {
    this.torn(
      line,
      offset,
      `${tornMessage}: ${length} bytes of an unfinished last line were removed by the writer (a repaired torn tail)`,
    );
  }

  /**
   * A line whose bytes are not well-formed UTF-8: `bytes` are the line's, `text` their decoding with replacement
   * characters.
   */
  invalidUtf8(bytes: Uint8Array, text: string, line: number, offset: number, terminated: boolean): void {
    // A torn last line that is cut inside a character is torn first: it is not JSON either way.
    if (!terminated) {
      const parsed = parseJson(text, this.options.limits);
      if (!parsed.ok && parsed.error.code === "invalid-json") {
        this.torn(line, offset, `${tornMessage}: ${parsed.error.reason}`);
        return;
      }
    }
    const at = offset + (locateInvalidUtf8(bytes) ?? 0);
    const shown = Array.from(
      bytes.subarray(at - offset, at - offset + 4),
      (byte) => `0x${byte.toString(16).padStart(2, "0")}`,
    ).join(" ");
    this.diagnostic(
      "problem",
      "invalid-utf8",
      line,
      at,
      "",
      `not valid UTF-8 at byte ${at}: ${shown} is not a well-formed sequence`,
    );
  }

  private value(value: unknown, line: number, offset: number): void {
    // Message and tool events take the shortcut; the full validator decides everything else, and every error.
    const result = this.quickCheck?.isSurelyValid(value) === true ? undefined : this.validate(value);
    if (result !== undefined && !result.ok) {
      // An invalid line is still a line that was written: its seq counts, or the next line would show a gap that is
      // not there.
      const seq = (value as { seq?: unknown } | null)?.seq;
      const numericSeq = typeof seq === "number" && Number.isSafeInteger(seq) ? seq : undefined;
      for (const error of result.errors)
        this.diagnostic("problem", "invalid-event", line, offset, error.pointer, error.message, numericSeq);
      if (numericSeq !== undefined && numericSeq > this.highestSeq) this.highestSeq = numericSeq;
      return;
    }
    const event = value as Tolerant.Event;
    const seq = event.seq;
    if (seq <= this.highestSeq)
      this.diagnostic(
        "problem",
        "seq-not-increasing",
        line,
        offset,
        "/seq",
        `seq ${seq} is not after ${this.highestSeq}: seq must strictly increase`,
        seq,
      );
    else if (seq > this.highestSeq + 1)
      this.diagnostic(
        "problem",
        "seq-gap",
        line,
        offset,
        "/seq",
        `seq ${seq} skips ${this.highestSeq + 1}: a gap means lost lines`,
        seq,
      );
    if (seq > this.highestSeq) this.highestSeq = seq;
    const first = this.first;
    if (first === undefined) this.first = { runId: event.run_id, parentRunId: event.parent_run_id, line };
    else {
      if (event.run_id !== first.runId)
        this.diagnostic(
          "problem",
          "run-id-mismatch",
          line,
          offset,
          "/run_id",
          `run_id ${event.run_id} differs from ${first.runId} on line ${first.line}: one file records one run`,
          seq,
        );
      if (event.parent_run_id !== first.parentRunId)
        this.diagnostic(
          "problem",
          "parent-run-id-mismatch",
          line,
          offset,
          "/parent_run_id",
          `parent_run_id differs from line ${first.line}: a child run's lines all name the same parent`,
          seq,
        );
    }
    const type = event.type;
    if (!knownEventTypes.has(type))
      this.diagnostic(
        "warning",
        "unknown-event-type",
        line,
        offset,
        "/type",
        `unknown event type ${JSON.stringify(type)} (from a newer minor version); read as it is`,
        seq,
      );
    else if (type === "run.completed") this.runCompleted = true;
    const payload = event.payload as { blocks?: unknown; content?: unknown } | null;
    if (payload !== null && typeof payload === "object") {
      if (messageEventTypes.has(type)) this.checkBlocks(payload.blocks, "/payload/blocks", line, offset, seq);
      else if (type === "tool.call" || type === "tool.result")
        this.checkBlocks(payload.content, "/payload/content", line, offset, seq);
    }
    this.items.push({ kind: "event", line, offset, event });
  }

  /** Warns about every block (and part nested in a tool result's content) of a type this version does not know. */
  private checkBlocks(blocks: unknown, pointer: string, line: number, offset: number, seq: number): void {
    if (!Array.isArray(blocks)) return;
    for (let index = 0; index < blocks.length; index += 1) {
      const block = blocks[index] as { type?: unknown; content?: unknown } | null;
      if (block === null || typeof block !== "object") continue;
      const type = block.type;
      if (typeof type === "string" && !knownBlockTypes.has(type))
        this.diagnostic(
          "warning",
          "unknown-block-type",
          line,
          offset,
          `${pointer}/${index}/type`,
          `unknown content block type ${JSON.stringify(type)} (from a newer minor version); kept as it is`,
          seq,
        );
      else if (type === "tool_result")
        this.checkBlocks(block.content, `${pointer}/${index}/content`, line, offset, seq);
    }
  }

  private torn(line: number, offset: number, message: string): void {
    this.diagnostic("warning", "torn-tail", line, offset, "", message);
  }

  private diagnostic<Kind extends EventLogDiagnostic["kind"]>(
    kind: Kind,
    code: Extract<EventLogDiagnostic, { kind: Kind }>["code"],
    line: number,
    offset: number,
    pointer: string,
    message: string,
    seq?: number,
  ): void {
    this.items.push({
      kind,
      code,
      line,
      offset,
      ...(seq === undefined ? {} : { seq }),
      pointer,
      message,
    } as EventLogDiagnostic);
  }
}
