import { currentVersion, formatVersion, parseVersion } from "./format-version.js";
import type * as Strict from "./generated/v1/types.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { validateTranscript } from "./generated/v1/validate/transcript.js";
import { defaultMaxDepth } from "./json-limits.js";
import { isPartOfType } from "./parts.js";
import { sumUsage } from "./usage.js";

/**
 * What a fold warning is about, for tools that count or filter them: a version assumed for the log, a step or
 * child run completed without a start, a tool result without its call or a call without its result, an event type
 * from a newer version, a child run not embedded (a cycle, too deep) or not naming its parent.
 */
export type FoldWarningCode =
  | "version-assumed"
  | "unmatched-step"
  | "child-run-not-started"
  | "result-without-call"
  | "unknown-event-type"
  | "call-without-result"
  | "child-run-cycle"
  | "child-run-too-deep"
  | "child-run-parent-mismatch";

export interface FoldWarning {
  /** What kind of warning: commands summarise warnings by code, and scripts can act on one kind. */
  code: FoldWarningCode;
  /** seq of the event line the warning is about. */
  seq?: number;
  message: string;
}

export interface FoldResult {
  document: Tolerant.Transcript;
  /** True when the folded document is strictly valid (every event and block was of this version's vocabulary). */
  strict: boolean;
  warnings: FoldWarning[];
}

export interface FoldOptions {
  /** Other runs' events by run id; child runs found here are folded and embedded in `run.children[].transcript`. */
  runs?: ReadonlyMap<string, readonly Tolerant.Event[]>;
  /**
   * How deep embedded child runs may nest before links are left unresolved. Default 16, at most 127: each embedded
   * run nests its transcript four levels deeper (run, children, the link, transcript), and the folded document must
   * stay within the nesting limit every reader enforces (`defaultMaxDepth`, 512).
   */
  maxDepth?: number;
}

type Message = Tolerant.Message;
type Part = Tolerant.Part;

/**
 * Folds an event log (the AWF transcript format) into a transcript document: message events become messages, tool events are
 * paired by call_id (a call already present as a tool_call part is not repeated), run and step events give the
 * run's status, timing and steps, call_workflow events give child-run links, artifact.created events give the
 * document's artifacts (such as the end-of-run workspace snapshot). Unknown event types become warnings.
 */
export function foldEventLog(events: readonly Tolerant.Event[], options: FoldOptions = {}): FoldResult {
  const maxDepth = Math.max(0, Math.min(options.maxDepth ?? defaultChildRunDepth, maximumChildRunDepth));
  return foldAtDepth(events, { ...options, maxDepth }, 0, new Set());
}

const defaultChildRunDepth = 16;
/** Child transcripts embedded this deep still leave their own contents room under the nesting limit. */
const maximumChildRunDepth = Math.floor(defaultMaxDepth / 4) - 1;

function foldAtDepth(
  events: readonly Tolerant.Event[],
  options: FoldOptions,
  depth: number,
  ancestors: Set<string>,
): FoldResult {
  const folder = new EventLogFolder();
  for (const event of events) folder.add(event);
  const { document, warnings } = folder.end();
  const runId = document.id ?? "unknown-run";
  for (const child of document.run?.children ?? []) {
    const childEvents = options.runs?.get(child.run_id);
    if (!childEvents) continue;
    if (ancestors.has(child.run_id) || child.run_id === runId) {
      warnings.push({
        code: "child-run-cycle",
        message: `child run ${child.run_id} links back to an ancestor; not embedded`,
      });
      continue;
    }
    const maxDepth = options.maxDepth ?? defaultChildRunDepth;
    if (depth + 1 > maxDepth) {
      warnings.push({
        code: "child-run-too-deep",
        message: `child run ${child.run_id} is nested deeper than ${maxDepth} levels; not embedded`,
      });
      continue;
    }
    const folded = foldAtDepth(childEvents, options, depth + 1, new Set([...ancestors, runId]));
    if (folded.document.run?.parent?.run_id !== runId)
      warnings.push({
        code: "child-run-parent-mismatch",
        message: `child run ${child.run_id} does not name ${runId} as its parent`,
      });
    child.transcript = folded.document;
    // One at a time: spreading a child's warnings into push() passes each as an argument, and a long log has more
    // warnings than a call can take arguments.
    for (const warning of folded.warnings)
      warnings.push({ ...warning, message: `child run ${child.run_id}: ${warning.message}` });
  }
  return { document, strict: validateTranscript(document).ok, warnings };
}

/**
 * One run's events folded as they come, for a reader that follows a log while it is written (a live exporter, a
 * follower): `add` each event in order and read `document` at any moment — messages are appended and never changed
 * once added; the run's status, timing and metadata are updated in place. `end()` adds what the folded document
 * keeps last (the steps, the child-run links, the usage total: the same key order as a whole log's fold) and the
 * warnings only the whole log can give (calls still without a result), and returns the document and the warnings.
 * `foldEventLog` is this, over a whole log, plus embedding the child runs it is given.
 */
export class EventLogFolder {
  readonly document: Tolerant.Transcript;
  readonly warnings: FoldWarning[] = [];
  private readonly run: Tolerant.Run = { status: "running" };
  private readonly messages: Message[] = [];
  private readonly steps: Strict.Step[] = [];
  private readonly children: Array<Strict.ChildRun | Tolerant.ChildRun> = [];
  private readonly callIds = new Set<string>();
  private readonly answeredCallIds = new Set<string>();
  private started = false;

  constructor() {
    this.document = {
      schema_version: formatVersion,
      id: "unknown-run",
      source: { format: "event-log" },
      run: this.run,
      messages: this.messages,
    };
  }

  /** Folds the next event of the run. */
  add(event: Tolerant.Event): void {
    const { document, run, messages, steps, children, callIds, answeredCallIds, warnings } = this;
    if (!this.started) {
      this.started = true;
      document.id = event.run_id;
      if (event.parent_run_id) run.parent = { run_id: event.parent_run_id };
    }
    const payload = event.payload;
    switch (event.type) {
      case "run.started": {
        run.started_at = event.timestamp;
        document.created_at = event.timestamp;
        // AWF writes run.started with a null payload; such a log declares no version and is folded as this one.
        const started = payload as Strict.RunStartedPayload | null;
        if (started === null) {
          warnings.push({
            code: "version-assumed",
            seq: event.seq,
            message: `run.started has no payload (as AWF writes it); folded as ${formatVersion}`,
          });
          break;
        }
        // A log of this minor or an earlier one of the same major is what this reader reads: minors only add.
        if (!isReadAsWritten(started.schema_version))
          warnings.push({
            code: "version-assumed",
            seq: event.seq,
            // AWF writes run.started with a plain step payload: a name and a kind, no version.
            message:
              started.schema_version === undefined
                ? `run.started declares no schema_version (as AWF writes it); folded as ${formatVersion}`
                : `log declares schema_version ${started.schema_version}; folded as ${formatVersion}`,
          });
        document.title = started.title ?? started.name;
        if (started.producer) document.producer = started.producer;
        run.metadata = { ...(started.metadata ?? {}), run_name: started.name, run_kind: started.kind };
        break;
      }
      case "run.completed": {
        const completed = payload as Strict.StepPayload | null;
        run.status = completed?.status ?? (completed?.error ? "failed" : "completed");
        run.ended_at = event.timestamp;
        if (completed?.error) run.error = completed.error;
        if (run.started_at) run.duration_ms = Math.max(0, Date.parse(event.timestamp) - Date.parse(run.started_at));
        break;
      }
      case "step.started":
      case "step.call_workflow.started": {
        const step = payload as Strict.StepPayload;
        steps.push({
          path: event.path,
          name: step.name,
          kind: step.kind,
          iteration: event.iteration,
          status: "running",
          started_at: event.timestamp,
          ...(event.child_run_id ? { child_run_id: event.child_run_id } : {}),
        });
        if (event.type === "step.call_workflow.started" && event.child_run_id) {
          children.push({
            run_id: event.child_run_id,
            title: step.name,
            status: "running",
            path: event.path,
            location: `${event.child_run_id}.jsonl`,
          });
        }
        break;
      }
      case "step.completed":
      case "step.call_workflow.completed": {
        const step = payload as Strict.StepPayload;
        const status = step.status ?? (step.error ? "failed" : "completed");
        const open = steps.findLast(
          (candidate) =>
            candidate.path === event.path && candidate.iteration === event.iteration && candidate.status === "running",
        );
        const target = open ?? {
          path: event.path,
          name: step.name,
          kind: step.kind,
          iteration: event.iteration,
          status,
        };
        if (!open) {
          warnings.push({
            code: "unmatched-step",
            seq: event.seq,
            message: `${event.type} for step ${event.path || "(run)"} with no matching start`,
          });
          steps.push(target);
        }
        target.status = status;
        target.ended_at = event.timestamp;
        if (step.error) target.error = step.error;
        if (step.result !== undefined) target.result = step.result;
        if (event.type === "step.call_workflow.completed" && event.child_run_id) {
          const child = children.find((candidate) => candidate.run_id === event.child_run_id);
          if (child) child.status = status;
          else
            warnings.push({
              code: "child-run-not-started",
              seq: event.seq,
              message: `child run ${event.child_run_id} completed but was never started`,
            });
        }
        break;
      }
      case "message.system":
      case "message.user":
      case "message.assistant": {
        const message = payload as Tolerant.MessagePayload;
        const parts = message.blocks.map((block) => fromLegacyBlock(block));
        for (const part of parts) {
          if (isPartOfType(part, "tool_call")) callIds.add(part.id);
          if (isPartOfType(part, "tool_result")) answeredCallIds.add(part.call_id);
        }
        messages.push(
          withoutUndefined({
            id: message.message_id,
            role: message.role,
            parts,
            created_at: event.timestamp,
            model: message.model,
            issuer: message.issuer,
            response_id: message.response_id,
            finish_reason: message.finish_reason,
            native_finish_reason: message.native_finish_reason,
            usage: message.usage,
            cost: message.cost,
            duration_ms: message.duration_ms,
            time_to_first_token_ms: message.time_to_first_token_ms,
            error: message.error,
            ...location(event),
          }) as Message,
        );
        break;
      }
      case "tool.call": {
        const call = payload as Strict.ToolPayload;
        if (callIds.has(call.call_id)) break;
        callIds.add(call.call_id);
        const part = withoutUndefined({
          type: "tool_call",
          id: call.call_id,
          name: call.name,
          input: call.input ?? null,
          provider_executed: call.provider_executed,
          fidelity: call.fidelity,
        });
        messages.push({ role: "assistant", parts: [part as Part], created_at: event.timestamp, ...location(event) });
        break;
      }
      case "tool.result": {
        const result = payload as Strict.ToolPayload;
        if (!callIds.has(result.call_id))
          warnings.push({
            code: "result-without-call",
            seq: event.seq,
            message: `tool.result for call ${result.call_id}, which was never called`,
          });
        answeredCallIds.add(result.call_id);
        const part = withoutUndefined({
          type: "tool_result",
          call_id: result.call_id,
          name: result.name,
          status: result.status ?? (result.error === undefined ? "ok" : "error"),
          output: result.output,
          content: result.content,
          error: result.error,
          duration_ms: result.duration_ms,
          provider_executed: result.provider_executed,
          fidelity: result.fidelity,
        });
        messages.push({ role: "tool", parts: [part as Part], created_at: event.timestamp, ...location(event) });
        break;
      }
      case "artifact.created": {
        // The artifact is recorded as written (a snapshot names its bundle by location and sha256): the document
        // lists what the run produced in the order the log announced it.
        (document.artifacts ??= []).push(payload as Strict.Artifact);
        break;
      }
      default:
        warnings.push({
          code: "unknown-event-type",
          seq: event.seq,
          message: `unknown event type ${event.type} (from a newer format version); skipped`,
        });
    }
  }

  /**
   * Lets go of the messages folded so far: `document.messages` is emptied, and later events add to it as before. For
   * a reader that turns each message into something else as it comes (the live OpenTelemetry export makes its spans)
   * and must not hold a long run whole; `end()` then sums only the usage of the messages since. Returns how many
   * messages were let go.
   */
  releaseMessages(): number {
    const count = this.messages.length;
    this.messages.length = 0;
    return count;
  }

  /** The document as the whole log gives it, and every warning; call once, after the last event. */
  end(): { document: Tolerant.Transcript; warnings: FoldWarning[] } {
    const { document, run, messages, steps, children, warnings } = this;
    for (const callId of this.callIds) {
      if (!this.answeredCallIds.has(callId))
        warnings.push({
          code: "call-without-result",
          message: `tool call ${callId} has no result${run.status === "running" ? " (the run has not finished)" : ""}`,
        });
    }
    if (steps.length > 0) run.steps = steps;
    if (children.length > 0) run.children = children;
    const usages = messages.flatMap((message) => (message.usage ? [message.usage] : []));
    if (usages.length > 0) document.usage = sumUsage(usages);
    return { document, warnings };
  }
}

/**
 * AWF writes its own block shapes in message payloads; they map one to one onto canonical parts.
 * Anything else is kept as it is.
 */
export function fromLegacyBlock(block: Part): Part {
  const legacy: Record<string, unknown> = { ...block };
  const fidelity = legacy.fidelity === undefined ? {} : { fidelity: legacy.fidelity };
  switch (block.type) {
    case "thinking":
      return { type: "reasoning", text: String(legacy.thinking ?? ""), ...fidelity } as Part;
    case "tool_use":
      return {
        type: "tool_call",
        id: String(legacy.tool_id ?? ""),
        name: String(legacy.tool_name ?? ""),
        input: legacy.tool_input ?? null,
        ...fidelity,
      } as Part;
    case "stream":
      return { type: "stream_chunk", text: String(legacy.text ?? legacy.chunk ?? ""), ...fidelity } as Part;
    case "tool_result":
      if (!("call_id" in legacy) && "tool_id" in legacy) {
        return {
          type: "tool_result",
          call_id: String(legacy.tool_id),
          status: "ok",
          output: legacy.tool_content ?? null,
          ...fidelity,
        } as Part;
      }
      return block;
    default:
      return block;
  }
}

function location(event: Tolerant.Event): { path?: string; iteration?: number } {
  return {
    ...(event.path === "" ? {} : { path: event.path }),
    ...(event.iteration > 0 ? { iteration: event.iteration } : {}),
  };
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  // A loop, not entries and fromEntries: a live export folds every event a run writes.
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) if (value[key] !== undefined) out[key] = value[key];
  return out as T;
}

/** Whether a log's declared version is this one or an earlier minor of its major, which it reads as written. */
function isReadAsWritten(declared: string | undefined): boolean {
  const version = declared === undefined ? undefined : parseVersion(declared);
  return version !== undefined && version.major === currentVersion.major && version.minor <= currentVersion.minor;
}
