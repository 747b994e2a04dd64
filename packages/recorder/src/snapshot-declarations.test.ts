import { describe, expect, it } from "vitest";
import { readSnapshotDeclarations } from "./snapshot-declarations.js";

describe("readSnapshotDeclarations", () => {
  it("reads declarations, skipping and reporting malformed lines", () => {
    const text = [
      '{"version":1,"kind":"repo","path":"/workspace/app"}',
      '{"version":1,"kind":"repo","path":"relative/repo"}',
      '{"version":1,"kind":"file","path":"/tmp/agent.log"}',
      '{"version":1,"kind":"repo","path":"/workspace/my \\"quoted\\" repo"}',
      "not json",
    ].join("\n");
    const report = readSnapshotDeclarations(text);
    expect(report.declarations).toEqual([
      { version: 1, kind: "repo", path: "/workspace/app" },
      { version: 1, kind: "file", path: "/tmp/agent.log" },
      { version: 1, kind: "repo", path: '/workspace/my "quoted" repo' },
    ]);
    expect(report.problems).toEqual([
      { line: 2, pointer: "/path", message: 'must match pattern "^/"' },
      { line: 5, pointer: "", message: expect.stringMatching(/^incomplete last line/) },
    ]);
  });

  it("drops files inside a declared repo and repeated entries, saying why", () => {
    const text = [
      '{"version":1,"kind":"file","path":"/workspace/app/src/main.ts"}',
      '{"version":1,"kind":"repo","path":"/workspace/app"}',
      '{"version":1,"kind":"file","path":"/workspace/app-other/notes.md"}',
      '{"version":1,"kind":"repo","path":"/workspace/app/"}',
    ].join("\n");
    const report = readSnapshotDeclarations(text);
    expect(report.declarations).toEqual([
      { version: 1, kind: "repo", path: "/workspace/app" },
      { version: 1, kind: "file", path: "/workspace/app-other/notes.md" },
    ]);
    expect(report.redundant.map((entry) => [entry.line, entry.reason])).toEqual([
      [1, "inside declared repo /workspace/app"],
      [4, "declared earlier"],
    ]);
  });

  it("accepts fields from a newer minor version only when reading tolerantly, and never carries them", () => {
    const text = '{"version":1,"kind":"repo","path":"/w","label":"main"}\n';
    expect(readSnapshotDeclarations(text).problems).toEqual([{ line: 1, pointer: "/label", message: expect.stringContaining("unknown property 'label'") }]);
    expect(readSnapshotDeclarations(text, "tolerant").declarations).toEqual([{ version: 1, kind: "repo", path: "/w" }]);
  });
});
