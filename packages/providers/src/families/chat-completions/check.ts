/**
 * What the members' structural checks share: each message is an object with a role the member knows; and (OpenAI Chat,
 * Mistral) every call of an assistant message is answered by exactly one tool message in the run of tool messages
 * right after it, and a tool message answers a call of the assistant message before its run.
 */
import { isJsonObject, pointer, type JsonObject, type TargetProblem } from "../../conversion/index.js";

/**
 * Checks each message of a request's list: one that is not an object, or has a role outside `roles`, is reported
 * (`member` names who does not know the role); `check` goes on with each object, its role (undefined when the member
 * does not know it) and its path.
 */
export function checkEachMessage(
  messages: readonly unknown[],
  roles: ReadonlySet<string>,
  member: string,
  problems: TargetProblem[],
  check: (message: JsonObject, role: string | undefined, path: string, index: number) => void,
): void {
  messages.forEach((message, index) => {
    const path = pointer("", "messages", index);
    if (!isJsonObject(message)) {
      problems.push({ path, message: "must be an object" });
      return;
    }
    const role = message["role"];
    const known = typeof role === "string" && roles.has(role);
    if (!known)
      problems.push({
        path: pointer(path, "role"),
        message: `role ${JSON.stringify(role)} is not one ${member} knows`,
      });
    check(message, known ? role : undefined, path, index);
  });
}

/** Follows the runs of tool messages of a request, message by message, reporting what breaks the pairing. */
export class ToolMessageRuns {
  /** The calls of the latest assistant message still waiting for their tool message; undefined outside a run. */
  private open: Map<string, string> | undefined;
  private answered = new Set<string>();

  /** `noCall` ends the problem of a tool message whose id no call of the run has ("answers no call …"). */
  constructor(
    private readonly problems: TargetProblem[],
    private readonly noCall: string,
  ) {}

  /** An assistant message with calls starts a run: its calls wait for their tool messages. */
  start(): void {
    this.open = new Map();
  }

  /** A call (at `path`) of the message that started the run. */
  expect(id: string, path: string): void {
    this.open?.set(id, path);
  }

  /** Whether a call of the run has this id. */
  expects(id: string): boolean {
    return this.open?.has(id) ?? false;
  }

  /** A tool message answering `id` (its `tool_call_id` at `path`). */
  answer(id: string, path: string): void {
    if (this.open === undefined || !this.open.has(id)) {
      const reason = this.answered.has(id) ? "answers a call that already has its tool message" : this.noCall;
      this.problems.push({ path, message: `tool message for ${id} ${reason}` });
      return;
    }
    this.open.delete(id);
    this.answered.add(id);
  }

  /** A message other than a tool message ends the run: a call still waiting has no tool message. */
  end(): void {
    for (const [id, path] of this.open ?? [])
      this.problems.push({ path, message: `tool call ${id} has no tool message right after its assistant message` });
    this.open = undefined;
    this.answered = new Set();
  }
}
