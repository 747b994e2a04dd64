import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { verbosityOf, warningLines, type ReportedWarning } from "./warning-summary.js";

const isControlCharacter = (character: string): boolean => {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

const warning = (code: string, pointer: string, message: string): ReportedWarning => ({ code, pointer, message });

describe("warningLines", () => {
  const many: ReportedWarning[] = [
    warning("field-dropped", "/messages/3/parts/0", "logprobs has no equivalent"),
    warning("id-remapped", "/messages/1/parts/0", "call id rewritten"),
    ...Array.from({ length: 119_998 }, (_, index) =>
      warning("field-dropped", `/messages/${index + 4}/parts/0`, "logprobs has no equivalent"),
    ),
  ];

  it("summarises by code: a count line, then one line per code with its first place", () => {
    expect(warningLines("run.json", many, "normal")).toEqual([
      "run.json: 120000 warnings: field-dropped ×119999, id-remapped ×1; --verbose lists each\n",
      "run.json: warning: field-dropped ×119999, first at /messages/3/parts/0: logprobs has no equivalent\n",
      "run.json: warning: /messages/1/parts/0: id-remapped: call id rewritten\n",
    ]);
  });

  it("prints one line for warnings of one code: its count and first place, no count line above it", () => {
    const same = [
      warning("kept-as-metadata", "/steps/4", "the step's extra"),
      warning("kept-as-metadata", "/steps/5", "x"),
    ];
    expect(warningLines("t.json", same, "normal")).toEqual([
      "t.json: warning: kept-as-metadata ×2 (--verbose lists each), first at /steps/4: the step's extra\n",
    ]);
  });

  it("prints each warning once in full when no code repeats, with no count line", () => {
    const few = [warning("a", "", "whole value"), warning("b", "/x", "one field")];
    expect(warningLines("-", few, "normal")).toEqual([
      "-: warning: (root): a: whole value\n",
      "-: warning: /x: b: one field\n",
    ]);
  });

  it("lists every warning with --verbose and none with --quiet", () => {
    expect(warningLines("run.json", many, "verbose")).toHaveLength(many.length);
    expect(warningLines("run.json", many, "quiet")).toEqual([]);
  });

  it("prints one line per distinct code plus at most one count line, and counts every warning (generated)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ code: fc.constantFrom("a", "b", "c", "d"), pointer: fc.string(), message: fc.string() }), {
          maxLength: 200,
        }),
        (warnings) => {
          const lines = warningLines("in.json", warnings, "normal");
          const codes = new Set(warnings.map((entry) => entry.code));
          const repeated =
            codes.size > 1 && [...codes].some((code) => warnings.filter((entry) => entry.code === code).length > 1);
          expect(lines).toHaveLength(codes.size + (repeated ? 1 : 0));
          // One line each, whatever the messages hold: control characters and line feeds are escaped.
          for (const line of lines) {
            expect(line.endsWith("\n")).toBe(true);
            expect([...line.slice(0, -1)].filter(isControlCharacter)).toEqual([]);
          }
          expect(lines.some((line) => line.startsWith(`in.json: ${warnings.length} warnings: `))).toBe(repeated);
        },
      ),
    );
  });
});

describe("verbosityOf", () => {
  it("reads --quiet and --verbose, and refuses both at once as a usage error", () => {
    expect(verbosityOf({})).toBe("normal");
    expect(verbosityOf({ quiet: true })).toBe("quiet");
    expect(verbosityOf({ verbose: true })).toBe("verbose");
    expect(() => verbosityOf({ quiet: true, verbose: true })).toThrow(
      expect.objectContaining({ exitCode: 2, message: expect.stringContaining("contradict") }),
    );
  });
});
