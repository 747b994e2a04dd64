// A long run followed live in bounded memory: the live trace lets go of each message once its spans are made, and
// keeps of the conversation only what a later model call's input may still include — so the export's thread of a
// recording that runs for days holds its open calls, not the whole run.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Tolerant } from "@agent-transcript/core";
import type { OtlpSpan } from "@agent-transcript/providers";
import { describe, expect, it } from "vitest";
import { LiveTrace } from "./live-spans.js";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

const runId = "0b7e6c1a-5f3e-4b8e-9c1d-2a4b6c8d0e1f";
const text = (value: string) => ({ type: "text", text: value });

/** The events of a turn: a question, a call asking for a tool, its ~4 KB result, the answer. */
function* turns(count: number): Generator<Tolerant.Event> {
  let seq = 0;
  const event = (type: string, payload: unknown): Tolerant.Event => ({
    seq: (seq += 1),
    run_id: runId,
    type,
    path: "",
    iteration: 0,
    timestamp: new Date(Date.UTC(2026, 11, 7) + seq * 1000).toISOString(),
    payload,
  });
  yield event("run.started", { name: "long", kind: "workflow" });
  for (let turn = 0; turn < count; turn += 1) {
    yield event("message.user", { role: "user", blocks: [text(`Check module ${turn}.`)] });
    yield event("message.assistant", {
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      finish_reason: "tool_calls",
      usage: { input_tokens: 100, output_tokens: 20 },
      blocks: [{ type: "tool_call", id: `toolu_${turn}`, name: "Bash", input: { command: `npm test -- ${turn}` } }],
    });
    yield event("tool.result", {
      call_id: `toolu_${turn}`,
      name: "Bash",
      output: `${turn} `.padEnd(4096, "x"),
      duration_ms: 900,
    });
    yield event("message.assistant", {
      role: "assistant",
      model: "claude-sonnet-4-5-20250929",
      finish_reason: "stop",
      blocks: [text(`Module ${turn} passes.`)],
    });
  }
  yield event("run.completed", { name: "long", kind: "workflow", status: "completed" });
}

function heapAfterCollecting(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

describe("the live trace of a long run", () => {
  for (const content of ["none", "attributes"] as const)
    it(`holds a bounded amount of the run, content ${content}: 20,000 turns (over 80 MB of tool output) in under 16 MiB`, () => {
      const spans: Record<string, number> = {};
      let largestInput = 0;
      const trace = new LiveTrace(runId, { content, maxAttributeBytes: 16 * 1024 }, (span: OtlpSpan) => {
        const kind = span.name.split(" ")[0] as string;
        spans[kind] = (spans[kind] ?? 0) + 1;
        const input = span.attributes.find((entry) => entry.key === "gen_ai.input.messages")?.value;
        if (input !== undefined && "stringValue" in input)
          largestInput = Math.max(largestInput, Buffer.byteLength(input.stringValue));
      });
      const before = heapAfterCollecting();
      let turnsSeen = 0;
      for (const event of turns(20_000)) {
        trace.add(event);
        if (event.type === "message.user") turnsSeen += 1;
      }
      const held = heapAfterCollecting() - before;
      trace.end();
      expect(turnsSeen).toBe(20_000);
      expect(spans).toEqual({ invoke_agent: 1, chat: 40_000, execute_tool: 20_000 });
      // With content on, each call's input is the newest messages up to the size (the size is reached); off, none.
      expect(largestInput > 8 * 1024).toBe(content === "attributes");
      expect(held).toBeLessThan(16 * 1024 * 1024);
    });
});
