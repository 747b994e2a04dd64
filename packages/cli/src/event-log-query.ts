/**
 * What the event log queries (`tools`, `text`, `timeline`, `tree`, `check`: the AWF transcript logs' jq recipes as
 * native commands, each a fold over the event log as it streams by) share: their options, how they write data, and how
 * a value is printed as jq prints it. They give the recipes' results (README, "Event log queries", says how each
 * compares), but hold only what the answer needs: a tool call waiting for its result, counts, a run's links.
 */
import { writeData, type CommandIo } from "./io.js";
import type { InputOptions } from "./input/limits.js";
import type { VerbosityOptions } from "./warning-summary.js";

export interface EventLogQueryOptions extends InputOptions, VerbosityOptions {
  json?: boolean;
}

/**
 * Data to stdout in pieces of about 64 KiB: one write per line would cost a system call per tool call on a large
 * log. A full piece waits for a slow stdout to drain, so a long result holds little in memory.
 */
export class DataWriter {
  private pending: string[] = [];
  private pendingLength = 0;

  constructor(private readonly io: CommandIo) {}

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= 65_536) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.pendingLength = 0;
    if (!writeData(this.io, text) && this.io.stdoutDrained) await this.io.stdoutDrained();
  }
}

/** A value as jq's string interpolation writes it: strings as they are, anything else as compact JSON. */
export function interpolated(value: unknown): string {
  if (typeof value === "string") return value;
  return value === undefined ? "null" : JSON.stringify(value);
}
