/**
 * What the structural checks of OpenAI Chat and Mistral share: every call of an assistant message is answered by
 * exactly one tool message in the run of tool messages right after it, and a tool message answers a call of the
 * assistant message before its run.
 */
import type { TargetProblem } from "../../conversion/index.js";

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
