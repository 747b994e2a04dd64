import { describe, expect, it } from "vitest";
import { toolCallSummary } from "./text.js";

describe("toolCallSummary", () => {
  it("names a call by the argument that tells most, as each agent's tools take it", () => {
    // Claude Code's Bash, Read, Grep, WebFetch and Task; Codex's shell (an argument vector); Gemini CLI's read_file.
    expect(toolCallSummary({ command: "npm test -- --run", description: "Run the tests" })).toBe("npm test -- --run");
    expect(toolCallSummary({ file_path: "/work/app/src/auth.go", limit: 40 })).toBe("/work/app/src/auth.go");
    expect(toolCallSummary({ pattern: "TODO\\(", path: "src", output_mode: "content" })).toBe("TODO\\(");
    expect(toolCallSummary({ path: "src", recursive: true })).toBe("src");
    expect(toolCallSummary({ url: "https://example.com/docs", prompt: "summarise" })).toBe("https://example.com/docs");
    expect(
      toolCallSummary({ description: "Explore the sync code", prompt: "Find every…", subagent_type: "Explore" }),
    ).toBe("Explore the sync code");
    expect(toolCallSummary({ command: ["bash", "-lc", "ls -la"], workdir: "/work" })).toBe("bash -lc ls -la");
    expect(toolCallSummary({ absolute_path: "/work/README.md" })).toBe("/work/README.md");
  });

  it("falls back to the first string argument, else none", () => {
    expect(toolCallSummary({ count: 3, name: "release notes" })).toBe("release notes");
    expect(toolCallSummary({ count: 3, flags: [1, 2] })).toBeNull();
    expect(toolCallSummary({ command: "   ", note: "kept" })).toBe("kept");
    expect(toolCallSummary({})).toBeNull();
    expect(toolCallSummary(null)).toBeNull();
    expect(toolCallSummary(["ls"])).toBeNull();
    expect(toolCallSummary(42)).toBeNull();
  });

  it("takes a string input as it is, on one line", () => {
    expect(toolCallSummary("*** Begin Patch\n*** Update File: a.go\n")).toBe("*** Begin Patch *** Update File: a.go");
    expect(toolCallSummary("  \n ")).toBeNull();
  });

  it("is one line of at most the length asked, cut with an ellipsis, whatever the input's size", () => {
    expect(toolCallSummary({ command: "a\n\tb   c" })).toBe("a b c");
    const long = toolCallSummary({ command: "x".repeat(10_000) }, 20) as string;
    expect(long).toHaveLength(20);
    expect(long.endsWith("…")).toBe(true);
    // A head that is all white space still says it was cut.
    expect(toolCallSummary({ command: `${" ".repeat(5_000)}tail` }, 20)).toBe("…");
    expect(toolCallSummary({ command: "exactly twenty chars" }, 20)).toBe("exactly twenty chars");
  });

  it("reads only the input's own keys: a key on a prototype or named __proto__ is no argument", () => {
    const inherited = Object.create({ command: "from the prototype" }) as Record<string, unknown>;
    expect(toolCallSummary(inherited)).toBeNull();
    const hostile = JSON.parse('{"__proto__": {"command": "rm -rf /"}, "path": "/safe"}') as unknown;
    expect(toolCallSummary(hostile)).toBe("/safe");
    expect(({} as Record<string, unknown>).command).toBeUndefined();
  });
});
