/**
 * Edits, writes and patches read from real tool calls (read here from the sessions' own lines, not through our
 * importers), the line comparison's invariant over generated texts, and its bound on hostile ones.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeCounts, compareTexts, fileChangesOf, parseApplyPatch, type ShownFileDiff } from "./edits.js";
import { repositoryRoot } from "./browser.test.helpers.js";

const real = (file: string) => path.join(repositoryRoot, "tools/fixtures/real", file);

/** Every tool call of a Claude Code session, as its lines hold them (tool_use blocks of assistant records). */
function claudeCodeCalls(file: string): Array<{ name: string; input: Record<string, unknown> }> {
  const calls: Array<{ name: string; input: Record<string, unknown> }> = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as { message?: { content?: unknown } };
    const content = record.message?.content;
    if (Array.isArray(content))
      for (const block of content as Array<{ type?: string; name?: string; input?: Record<string, unknown> }>)
        if (block.type === "tool_use" && block.name !== undefined && block.input !== undefined)
          calls.push({ name: block.name, input: block.input });
  }
  return calls;
}

/** Every apply_patch call of a Codex rollout: custom tool calls whose input is the envelope. */
function codexPatches(file: string): string[] {
  const patches: string[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as { payload?: { type?: string; name?: string; input?: unknown } };
    if (record.payload?.type === "custom_tool_call" && record.payload.name === "apply_patch")
      patches.push(record.payload.input as string);
  }
  return patches;
}

/** The old and the new side of a file's hunks, as text. */
function sides(file: ShownFileDiff): { before: string[]; after: string[] } {
  const before: string[] = [];
  const after: string[] = [];
  for (const hunk of file.hunks)
    for (const line of hunk.lines) {
      if (line.kind !== "added" && line.kind !== "no_newline") before.push(line.text);
      if (line.kind !== "removed" && line.kind !== "no_newline") after.push(line.text);
    }
  return { before, after };
}

const linesOf = (text: string) => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));

describe("what a tool call changes in files", () => {
  const session = real("spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl");
  const calls = claudeCodeCalls(session);

  it("reads every Claude Code Edit of a real session as a diff whose sides are its old and new strings", () => {
    const edits = calls.filter((call) => call.name === "Edit");
    expect(edits.length).toBeGreaterThan(10);
    for (const edit of edits) {
      const files = fileChangesOf(edit.name, edit.input) as ShownFileDiff[];
      expect(files).toHaveLength(1);
      const [file] = files as [ShownFileDiff];
      expect(file.path).toBe(edit.input.file_path);
      expect(file.change).toBe("modified");
      const { before, after } = sides(file);
      expect(before).toEqual(linesOf(edit.input.old_string as string));
      expect(after).toEqual(linesOf(edit.input.new_string as string));
      // A real edit changes something, and keeps what it does not change as context.
      const counts = changeCounts(files);
      expect(counts.added + counts.removed).toBeGreaterThan(0);
    }
  });

  it("reads every Write as the file's whole content, added", () => {
    const writes = calls.filter((call) => call.name === "Write");
    expect(writes.length).toBeGreaterThan(0);
    for (const write of writes) {
      const [file] = fileChangesOf(write.name, write.input) as [ShownFileDiff];
      expect(file.change).toBe("written");
      expect(changeCounts([file])).toEqual({ added: linesOf(write.input.content as string).length, removed: 0 });
    }
  });

  it("leaves calls that change no file alone (Bash, Read, Grep, Glob, Task)", () => {
    const others = calls.filter((call) => ["Bash", "Read", "Grep", "Glob", "Task"].includes(call.name));
    expect(others.length).toBeGreaterThan(50);
    for (const call of others) expect(fileChangesOf(call.name, call.input)).toBeUndefined();
  });

  it("reads Codex's apply_patch envelopes from real rollouts: added, updated and moved files with their hunks", () => {
    const folder = real("codemie-code/src/agents/plugins/codex/__tests__/fixtures");
    const patches = [
      ...codexPatches(real("agtrace/crates/agtrace-providers/tests/samples/codex_session.jsonl")),
      ...readdirSync(folder)
        .filter((name) => name.endsWith(".jsonl"))
        .flatMap((name) => codexPatches(path.join(folder, name))),
    ];
    expect(patches.length).toBeGreaterThanOrEqual(3);
    for (const patch of patches) {
      const files = fileChangesOf("apply_patch", patch) as ShownFileDiff[];
      expect(files.length).toBeGreaterThan(0);
      // Each file header of the envelope is a file, each +/- line a line added or removed.
      const headers = patch.match(/^\*\*\* (Add|Delete|Update) File: .+$/gm) ?? [];
      expect(files.map((file) => file.path)).toEqual(
        headers.map((header) => header.replace(/^\*\*\* (Add|Delete|Update) File: /, "")),
      );
      const body = patch.split("\n").filter((line) => !line.startsWith("***"));
      expect(changeCounts(files)).toEqual({
        added: body.filter((line) => line.startsWith("+")).length,
        removed: body.filter((line) => line.startsWith("-")).length,
      });
    }
    const added = fileChangesOf("apply_patch", patches[0]) as ShownFileDiff[];
    expect(added).toEqual([
      { path: "myapp/hoge.py", change: "added", hunks: [{ lines: [{ kind: "added", text: "print(1 + 1)" }] }] },
    ]);
  });

  it("reads an envelope inside a shell command (Codex's older `apply_patch <<'EOF'`) and a move", () => {
    const patch = [
      "*** Begin Patch",
      "*** Update File: src/old.ts",
      "*** Move to: src/new.ts",
      "@@ function main() {",
      " keep",
      "-before",
      "+after",
      "*** End of File",
      "*** Delete File: src/gone.ts",
      "*** End Patch",
    ].join("\n");
    const [moved, deleted] = fileChangesOf("shell", {
      command: ["bash", "-lc", `apply_patch <<'EOF'\n${patch}\nEOF`],
    }) as [ShownFileDiff, ShownFileDiff];
    expect(moved).toMatchObject({ path: "src/new.ts", oldPath: "src/old.ts", change: "renamed" });
    expect(moved.hunks[0]?.header).toBe("@@ function main() {");
    expect(moved.hunks[0]?.lines.map((line) => line.kind)).toEqual(["context", "removed", "added", "no_newline"]);
    expect(deleted).toMatchObject({ path: "src/gone.ts", change: "deleted", hunks: [] });
    expect(parseApplyPatch("not a patch")).toBeUndefined();
  });

  it("reads a MultiEdit, Gemini CLI's replace and OpenCode's edit by their fields", () => {
    const multi = fileChangesOf("MultiEdit", {
      file_path: "a.ts",
      edits: [
        { old_string: "one", new_string: "two" },
        { old_string: "x\ny", new_string: "x\nz" },
      ],
    }) as [ShownFileDiff];
    expect(multi[0].hunks).toHaveLength(2);
    expect(changeCounts(multi)).toEqual({ added: 2, removed: 2 });
    expect(fileChangesOf("replace", { file_path: "b.go", old_string: "a", new_string: "b" })?.[0]?.path).toBe("b.go");
    expect(fileChangesOf("edit", { filePath: "c.py", oldString: "a", newString: "b" })?.[0]?.path).toBe("c.py");
    // A field named by the input's own prototype is not a field.
    expect(
      fileChangesOf("Edit", JSON.parse('{"__proto__": {"file_path": "x", "old_string": "", "new_string": ""}}')),
    ).toBe(undefined);
  });
});

describe("comparing two texts line by line", () => {
  it("keeps every line of both sides in order: context and removed give the old, context and added the new", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "", "d e", "}"), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const beforeText = before.map((line) => `${line}\n`).join("");
        const afterText = after.map((line) => `${line}\n`).join("");
        const { hunk, note } = compareTexts(beforeText, afterText);
        expect(note).toBeUndefined();
        expect(sides({ path: "f", change: "modified", hunks: [hunk] })).toEqual({ before, after });
      }),
    );
  });

  it("stays linear on two large unrelated texts: past its bound it shows the old lines, then the new", () => {
    const before = Array.from({ length: 10_000 }, (_, index) => `old line ${index}`).join("\n");
    const after = Array.from({ length: 10_000 }, (_, index) => `new line ${index}`).join("\n");
    const { hunk, note } = compareTexts(before, after);
    expect(note).toBe("too many changes to compare line by line");
    expect(hunk.lines).toHaveLength(20_000);
    expect(hunk.lines[0]).toEqual({ kind: "removed", text: "old line 0" });
    expect(hunk.lines[10_000]).toEqual({ kind: "added", text: "new line 0" });
    const huge = compareTexts("x".repeat(300_000), "y".repeat(300_000));
    expect(huge.note).toBe("too large to compare line by line");
  });
});
