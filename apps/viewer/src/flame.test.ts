/**
 * The flame graph's bars from a run's times, on a small run whose every time is known: each bar lasts what the
 * document says, nests where it belongs (a sub-agent beneath the call that started it), and a run without times has
 * none. The browser test (viewer.test.ts) holds the drawn bars of a real session to the same rules.
 */
import type { Tolerant } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { flameOf } from "./flame.js";
import { buildRunView } from "./model.js";

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second)).toISOString();
const ms = (second: number) => Date.parse(at(second));

function run(): Tolerant.Transcript {
  return {
    schema_version: "1.0.0",
    id: "parent",
    run: {
      status: "completed",
      children: [
        {
          run_id: "child",
          call_id: "call-task",
          title: "explore",
          transcript: {
            schema_version: "1.0.0",
            id: "child",
            messages: [
              { role: "user", created_at: at(11), parts: [{ type: "text", text: "look around" }] },
              { role: "assistant", model: "m", created_at: at(15), parts: [{ type: "text", text: "done" }] },
            ],
          },
        },
      ],
    },
    messages: [
      { role: "user", created_at: at(0), parts: [{ type: "text", text: "first task" }] },
      {
        role: "assistant",
        model: "m",
        created_at: at(2),
        usage: { input_tokens: 100, output_tokens: 10 },
        parts: [{ type: "tool_call", id: "call-bash", name: "Bash", input: { command: "ls" } }],
      },
      {
        role: "user",
        created_at: at(5),
        parts: [{ type: "tool_result", call_id: "call-bash", status: "ok", output: "a b", duration_ms: 2500 }],
      },
      {
        role: "assistant",
        model: "m",
        created_at: at(10),
        usage: { input_tokens: 200, output_tokens: 20 },
        parts: [{ type: "tool_call", id: "call-task", name: "Task", input: { description: "explore" } }],
      },
      { role: "user", created_at: at(16), parts: [{ type: "tool_result", call_id: "call-task", status: "ok" }] },
      { role: "user", created_at: at(20), parts: [{ type: "text", text: "second task" }] },
      {
        role: "assistant",
        model: "m",
        created_at: at(23),
        usage: { input_tokens: 300, output_tokens: 30 },
        parts: [{ type: "text", text: "ok" }],
      },
    ],
  } as Tolerant.Transcript;
}

describe("the flame graph of a run", () => {
  it("has bars that last what the document says, nested run > turn > call, a sub-agent beneath its call", () => {
    const flame = flameOf(buildRunView(run()));
    expect(flame).toBeDefined();
    const bars = flame?.bars ?? [];
    const of = (kind: string, runPath = "") => bars.filter((bar) => bar.kind === kind && bar.runPath === runPath);
    expect(of("run").map((bar) => [bar.start, bar.end, bar.depth])).toEqual([[ms(0), ms(23), 0]]);
    // Two turns, split at the second prompt; the first ends with the sub-agent's result.
    expect(of("turn").map((bar) => [bar.start, bar.end, bar.depth])).toEqual([
      [ms(0), ms(16), 1],
      [ms(20), ms(23), 1],
    ]);
    // A model call runs from the message before it to its answer; a tool call for its result's duration, or to its
    // result's time.
    expect(of("model").map((bar) => [bar.start, bar.end])).toEqual([
      [ms(0), ms(2)],
      [ms(5), ms(10)],
      [ms(20), ms(23)],
    ]);
    expect(of("tool").map((bar) => [bar.label, bar.start, bar.end, bar.depth])).toEqual([
      ["Bash", ms(2), ms(2) + 2500, 2],
      ["Task", ms(10), ms(16), 2],
    ]);
    // The sub-agent: its own run, one row beneath the call that started it, and its turns and calls below.
    expect(of("run", "0").map((bar) => [bar.label, bar.start, bar.end, bar.depth])).toEqual([
      ["explore", ms(11), ms(15), 3],
    ]);
    expect(of("model", "0").map((bar) => [bar.start, bar.end, bar.depth])).toEqual([[ms(11), ms(15), 5]]);
    expect(flame?.depth).toBe(6);
    // Tokens per turn, and the context each model call saw.
    expect(flame?.turns.map((turn) => turn.tokens)).toEqual([330, 330]);
    expect(flame?.context).toEqual([
      { at: ms(2), tokens: 100 },
      { at: ms(10), tokens: 200 },
      { at: ms(23), tokens: 300 },
    ]);
  });

  it("is not drawn for a run whose messages carry no times", () => {
    const untimed = run();
    for (const message of untimed.messages) delete (message as { created_at?: string }).created_at;
    expect(flameOf(buildRunView(untimed))).toBeUndefined();
  });
});
