/**
 * A run's spans as its events come: each run's events (the root's and its child runs', interleaved as they were
 * written) folded as they come with core's `EventLogFolder`, and each span made once it is finished by the providers'
 * `OtlpTraceSpans` — what `toOtlpTraces` makes of the finished logs, with the same ids. A child run's events that come
 * before the parent's line announcing it wait for that line (its place in the trace names its spans).
 */
import { EventLogFolder, type Tolerant } from "@agent-transcript/core";
import {
  OtlpTraceSpans,
  type OtlpExportOptions,
  type OtlpRunSpans,
  type OtlpSpan,
  type OtlpTraceRequest,
} from "@agent-transcript/providers";

interface RunState {
  readonly folder: EventLogFolder;
  /** Made once the run's place in the trace is known (a child's: when its parent's log announces it). */
  spans: OtlpRunSpans | undefined;
  /** Events of a child run that came before its parent announced it. */
  waiting: Tolerant.Event[];
  /** Messages already turned into spans (and let go of: the folder's document holds only newer ones). */
  read: number;
  /** Child runs its log has announced: the next one's index. */
  children: number;
  ended: boolean;
}

export class LiveTrace {
  private readonly runs = new Map<string, RunState>();
  private trace: OtlpTraceSpans | undefined;

  constructor(
    /** The root run's id: its first event starts the trace. */
    private readonly rootRunId: string,
    private readonly options: OtlpExportOptions,
    /** Receives each span once it is finished. */
    private readonly emit: (span: OtlpSpan) => void,
  ) {}

  /** The resource and scope the spans go out with (what `toOtlpTraces` writes around them). */
  envelope(): OtlpTraceRequest {
    return new OtlpTraceSpans({ schema_version: "1.0.0", id: this.rootRunId, messages: [] }, this.options).request([]);
  }

  /** The next event of one of the trace's runs, in the order its log has it. */
  add(event: Tolerant.Event): void {
    const state = this.stateOf(event.run_id);
    if (state.spans === undefined) {
      if (event.run_id !== this.rootRunId) {
        // A child run's events before its parent's line announcing it: held until then.
        state.waiting.push(event);
        return;
      }
      state.folder.add(event);
      this.trace = new OtlpTraceSpans(state.folder.document, this.options);
      state.spans = this.trace.run(state.folder.document, { path: "", pointer: "" });
      this.follow(state, event);
      return;
    }
    state.folder.add(event);
    this.follow(state, event);
  }

  /** The log ended (the recorder closed): the runs that did not complete are finished as they are. */
  end(): void {
    for (const state of this.runs.values())
      if (state.spans !== undefined && !state.ended) {
        state.ended = true;
        this.emitAll(state.spans.end());
      }
  }

  /** Events of child runs never announced: they have no place in the trace. */
  get unplaced(): number {
    let count = 0;
    for (const state of this.runs.values()) if (state.spans === undefined) count += state.waiting.length;
    return count;
  }

  private stateOf(runId: string): RunState {
    let state = this.runs.get(runId);
    if (state === undefined) {
      state = { folder: new EventLogFolder(), spans: undefined, waiting: [], read: 0, children: 0, ended: false };
      this.runs.set(runId, state);
    }
    return state;
  }

  /** Spans of the messages the event added, of the child run it announced, of the run it completed. */
  private follow(state: RunState, event: Tolerant.Event): void {
    const spans = state.spans as OtlpRunSpans;
    // Each message once its spans are made is let go of, so a long run is followed in bounded memory: the spans
    // keep what later ones need (open tool calls, the input messages a call may still include), not the document.
    const messages = state.folder.document.messages;
    for (const [offset, message] of messages.entries()) this.emitAll(spans.message(message, state.read + offset));
    state.read += state.folder.releaseMessages();
    if (event.type === "step.call_workflow.started" && typeof event.child_run_id === "string") {
      const index = state.children;
      state.children += 1;
      const child = this.stateOf(event.child_run_id);
      if (child.spans === undefined && this.trace !== undefined) {
        const place = spans.place;
        child.spans = this.trace.run(child.folder.document, {
          path: place.path === "" ? String(index) : `${place.path}.${index}`,
          pointer: `${place.pointer}/run/children/${index}/transcript`,
          // An event log's child runs are started by steps, not tool calls: they are under their parent run.
          parentSpanId: spans.spanId,
        });
        for (const waiting of child.waiting.splice(0)) {
          child.folder.add(waiting);
          this.follow(child, waiting);
        }
      }
    }
    if (event.type === "run.completed" && !state.ended) {
      state.ended = true;
      this.emitAll(spans.end());
    }
  }

  private emitAll(spans: readonly OtlpSpan[]): void {
    for (const span of spans) this.emit(span);
  }
}
