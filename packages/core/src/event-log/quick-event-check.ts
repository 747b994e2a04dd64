/**
 * A shortcut past the generated tolerant `Event` validator for the lines that make up almost every event log:
 * message and tool events. The envelope's fields are checked here directly, and the payload with the generated
 * validator of its own definition (`MessagePayload`, `ToolPayload`), which is what the event schema's `allOf` applies
 * to those types. About half of validating an event is the envelope (its if/then branch per event type, its formats),
 * and the reader validates every line.
 *
 * The check only ever says yes when the full validator would: whatever it is not sure of (another event type, a
 * `child_run_id`, a timestamp or UUID in an unusual but valid spelling, any invalid value) answers false, and the
 * reader then runs the full validator, whose answer and errors are used as they are. So the warnings a reader reports
 * are the full validator's, line for line; a property test holds the check to that on valid and damaged events.
 */
import { validateMessagePayloadTolerant, validateToolPayloadTolerant } from "../generated/v1/validate/event.js";
// The schema's path rule, the one the recorder checks before writing a path.
import { isStepPath } from "./step-path.js";

/** The role each message event type allows (`enum`/`const` in the event schema's allOf). */
const messageRoles: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["message.user", new Set(["user"])],
  ["message.assistant", new Set(["assistant"])],
  ["message.system", new Set(["system", "developer"])],
]);

// ajv-formats' `uuid`, lower case only: upper-case hex (valid too) is left to the full validator.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// The common shape of an RFC 3339 date-time, the same fast path core's generated `date-time` format takes before
// its full check; only days 29–31 need the month (and year) looked at.
const commonDateTime =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[T ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i;

function isCommonDateTime(text: string): boolean {
  if (!commonDateTime.test(text)) return false;
  const day = (text.charCodeAt(8) - 48) * 10 + text.charCodeAt(9) - 48;
  // A day past the 28th is left to the full check (month lengths, leap years).
  return day <= 28;
}

/**
 * The check for one reader. It remembers the last run id and timestamp it passed: every line of a file has the same
 * run id (and parent run id), and events recorded in a burst share their millisecond, so most lines skip those
 * patterns.
 */
export class QuickEventCheck {
  // Undefined until a value passed: an empty string must never count as checked.
  private runId: string | undefined;
  private parentRunId: string | undefined;
  private timestamp: string | undefined;

  /**
   * True only if `validateEventTolerant(value)` is sure to accept `value`; false means "ask the full validator", not
   * "invalid".
   */
  isSurelyValid(value: unknown): boolean {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const event = value as Record<string, unknown>;
    const { seq, run_id, type, path, iteration, timestamp, payload } = event;
    if (typeof type !== "string") return false;
    if (typeof seq !== "number" || !Number.isInteger(seq) || seq < 1) return false;
    if (typeof iteration !== "number" || !Number.isInteger(iteration) || iteration < 0) return false;
    if (!isStepPath(path)) return false;
    if (typeof run_id !== "string") return false;
    if (run_id !== this.runId) {
      if (!uuidPattern.test(run_id)) return false;
      this.runId = run_id;
    }
    if (typeof timestamp !== "string") return false;
    if (timestamp !== this.timestamp) {
      if (!isCommonDateTime(timestamp)) return false;
      this.timestamp = timestamp;
    }
    if (event.child_run_id !== undefined) return false;
    const parentRunId = event.parent_run_id;
    if (parentRunId !== undefined) {
      if (typeof parentRunId !== "string") return false;
      if (parentRunId !== this.parentRunId) {
        if (!uuidPattern.test(parentRunId)) return false;
        this.parentRunId = parentRunId;
      }
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return false;
    const fields = payload as Record<string, unknown>;
    const roles = messageRoles.get(type);
    if (roles !== undefined) {
      const role = fields.role;
      return typeof role === "string" && roles.has(role) && validateMessagePayloadTolerant(payload).ok;
    }
    if (type === "tool.result") return fields.output !== undefined && validateToolPayloadTolerant(payload).ok;
    if (type === "tool.call") return fields.input !== undefined && validateToolPayloadTolerant(payload).ok;
    return false;
  }
}
