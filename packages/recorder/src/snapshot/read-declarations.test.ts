import { describe, expect, it } from "vitest";
import { validateTranscript } from "@agent-transcript/core/validators";
import { readSnapshotDeclarations, snapshotArtifact } from "./read-declarations.js";

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
      { line: 2, pointer: "/path", message: '"relative/repo" is not a valid "path": expected text matching ^/' },
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
    expect(readSnapshotDeclarations(text).problems).toEqual([
      { line: 1, pointer: "/label", message: expect.stringContaining('unknown property "label"') },
    ]);
    expect(readSnapshotDeclarations(text, "tolerant").declarations).toEqual([{ version: 1, kind: "repo", path: "/w" }]);
  });
});

describe("Oz snapshot declarations in the canonical form", () => {
  // Oz's own template: one repo line per git repository, written with printf, plus a file outside any repo.
  const ozTemplate = [
    '{"version":1,"kind":"repo","path":"/workspace/warp-internal"}',
    '{"version":1,"kind":"repo","path":"/workspace/my \\"quoted\\" repo"}',
    '{"version":1,"kind":"file","path":"/tmp/agent-run.log"}',
    '{"version":1,"kind":"file","path":"/workspace/warp-internal/notes.md"}',
  ].join("\n");

  it("records every declaration, field for field, in a strictly valid transcript artifact", () => {
    const report = readSnapshotDeclarations(ozTemplate);
    const artifact = snapshotArtifact(report, "2026-05-19T23:52:00Z");
    const document = { schema_version: "1.0.0", id: "run-1", messages: [], artifacts: artifact ? [artifact] : [] };
    expect(validateTranscript(document).ok).toBe(true);
    const lines = ozTemplate.split("\n").map((line) => JSON.parse(line) as unknown);
    expect(artifact?.declarations).toEqual(lines);
    // Taking the snapshot drops the file inside a declared repo; recording it keeps what was declared.
    expect(report.declarations).toHaveLength(3);
    expect(report.redundant.map((entry) => entry.reason)).toEqual(["inside declared repo /workspace/warp-internal"]);
  });

  it("has no artifact for a run that declared nothing valid", () => {
    expect(snapshotArtifact(readSnapshotDeclarations('{"version":2,"kind":"repo","path":"/x"}\n'))).toBeUndefined();
  });
});
