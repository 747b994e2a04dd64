import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkEventLog } from "@agent-transcript/core";
import { parseJsonLines } from "./json-lines.js";

const event = (seq: number, payload: string): string =>
  `{"seq":${seq},"run_id":"550e8400-e29b-41d4-a716-446655440000","type":"tool.call","path":"a","iteration":0,"timestamp":"2026-06-08T08:14:42Z","payload":${payload}}`;

describe("parseJsonLines", () => {
  it("holds every line to the parse limits, naming line, column and pointer, and keeps reading (1,000 runs)", () => {
    const bad = fc.constantFrom(
      { payload: `{"call_id":"c","name":"n","input":{"n":1e400}}`, pointer: "/payload/input/n", token: "1e400" },
      {
        payload: `{"call_id":"c","name":"n","input":[9007199254740993]}`,
        pointer: "/payload/input/0",
        token: "9007199254740993",
      },
      { payload: `{"call_id":"c","name":"n","input":-0}`, pointer: "/payload/input", token: "-0" },
      {
        payload: `{"call_id":"c","name":"n","input":${"[".repeat(600)}${"]".repeat(600)}}`,
        // The outer object and payload are levels 1 and 2: the 511th array of input is level 513.
        pointer: `/payload/input${"/0".repeat(510)}`,
        token: "[".repeat(90) + "]",
      },
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 5 }), bad, (count, at, problem) => {
        const badIndex = at % count;
        const lines = Array.from({ length: count }, (_, index) =>
          event(
            index + 1,
            index === badIndex ? problem.payload : `{"call_id":"c${index}","name":"n","input":{},"fidelity":"router"}`,
          ),
        );
        const text = `${lines.join("\n")}\n`;
        const parsed = [...parseJsonLines(text)];
        expect(parsed.map((line) => line.ok)).toEqual(lines.map((_, index) => index !== badIndex));
        const failure = parsed[badIndex];
        const column = (lines[badIndex] as string).lastIndexOf(problem.token) + 1;
        expect(failure).toMatchObject({ line: badIndex + 1, pointer: problem.pointer, column, torn: false });
        const report = checkEventLog(text, "tolerant");
        // (A refused line's seq is not read, so the next line may also report a gap.)
        expect(report.problems[0]).toEqual({
          line: badIndex + 1,
          pointer: problem.pointer,
          message: expect.stringContaining(`(column ${column})`),
        });
        // The refused line is not an event, and the rest are read.
        expect(report.events).toHaveLength(count - 1);
      }),
    );
  });

  it("reports a syntax error by column, a torn last line as such, and takes maxDepth", () => {
    expect([...parseJsonLines('{"a": }\n{"a": 1}')]).toEqual([
      {
        line: 1,
        ok: false,
        message: expect.stringMatching(/^not JSON: .* \(column 7\)$/),
        column: 7,
        pointer: "",
        torn: false,
      },
      { line: 2, ok: true, value: { a: 1 } },
    ]);
    expect([...parseJsonLines('{"a": 1}\n{"a": [')][1]).toMatchObject({ ok: false, torn: true });
    expect([...parseJsonLines('[[1]]\n{"a": {"b": {}}}', { maxDepth: 2 })]).toEqual([
      { line: 1, ok: true, value: [[1]] },
      expect.objectContaining({ line: 2, ok: false, pointer: "/a/b", column: 13 }),
    ]);
  });

  it("reads a line nested 100,000 deep as a refusal, not a crash", () => {
    const [line] = [...parseJsonLines(`${"[".repeat(100_000)}${"]".repeat(100_000)}\n`)];
    expect(line).toMatchObject({ ok: false, column: 513, pointer: "/0".repeat(512) });
  });
});
