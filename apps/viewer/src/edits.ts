/**
 * What a tool call changed in files, read from its input, so the page can show edits and writes as diffs: an edit's
 * old and new strings (Claude Code's Edit and MultiEdit, Gemini CLI's replace, OpenCode's edit — the same fields under
 * three spellings), a write's whole content, and Codex's apply_patch envelope (`*** Begin Patch` … `*** End Patch`).
 * Recognised by the input's shape, not the tool's name, except a write (a path and a `content` string say nothing
 * more). The line diff is jsdiff's (`diff`), bounded so that a hostile input cannot make it quadratic.
 */
import { diffLines } from "diff";

export type ShownLineKind = "context" | "added" | "removed" | "no_newline";

export interface ShownHunk {
  /** The `@@ … @@` line when the change says where it is in the file (a patch does; an edit's strings do not). */
  header?: string;
  lines: Array<{ kind: ShownLineKind; text: string }>;
}

/** One file's change as the page draws it: a code_diff part's, or one made from a tool call's input. */
export interface ShownFileDiff {
  path: string;
  oldPath?: string;
  change: string;
  binary?: boolean;
  hunks: ShownHunk[];
  /** Why the lines are shown whole rather than compared: too many changes to compare within the bound. */
  note?: string;
}

/**
 * At most this many lines added plus removed are looked for when comparing two strings (jsdiff's `maxEditLength`):
 * past it the old and new lines are shown one after the other, so an edit of two unrelated megabytes stays linear.
 */
const maxEditLength = 2_000;
/** Strings longer than this are not compared at all (a diff of them would not be read line by line either). */
const maxComparedCharacters = 400_000;

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function stringField(fields: Fields, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (typeof value === "string") return value;
  }
  return undefined;
}

const pathNames = ["file_path", "filePath", "path", "notebook_path"] as const;
const oldNames = ["old_string", "oldString", "old_str"] as const;
const newNames = ["new_string", "newString", "new_str"] as const;

/** A text's lines without their endings; a final newline ends the last line rather than starting an empty one. */
function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The hunk that turns `before` into `after`, line by line. */
export function compareTexts(before: string, after: string): { hunk: ShownHunk; note?: string } {
  const whole = (note: string) => ({
    hunk: {
      lines: [
        ...linesOf(before).map((text) => ({ kind: "removed" as const, text })),
        ...linesOf(after).map((text) => ({ kind: "added" as const, text })),
      ],
    },
    note,
  });
  if (before.length + after.length > maxComparedCharacters) return whole("too large to compare line by line");
  const changes = diffLines(before, after, { maxEditLength });
  if (changes === undefined) return whole("too many changes to compare line by line");
  const lines: ShownHunk["lines"] = [];
  for (const change of changes) {
    const kind: ShownLineKind = change.added ? "added" : change.removed ? "removed" : "context";
    for (const text of linesOf(change.value)) lines.push({ kind, text });
  }
  return { hunk: { lines } };
}

function editDiff(path: string, pairs: ReadonlyArray<{ before: string; after: string }>): ShownFileDiff {
  const hunks: ShownHunk[] = [];
  const notes = new Set<string>();
  for (const { before, after } of pairs) {
    const { hunk, note } = compareTexts(before, after);
    hunks.push(hunk);
    if (note !== undefined) notes.add(note);
  }
  return { path, change: "modified", hunks, ...(notes.size === 0 ? {} : { note: [...notes].join("; ") }) };
}

/**
 * The files a patch in Codex's apply_patch envelope changes: `*** Add File:`, `*** Delete File:` and `*** Update
 * File:` (with an optional `*** Move to:`), hunks opened by `@@` lines. Undefined when the text is not one.
 */
export function parseApplyPatch(text: string): ShownFileDiff[] | undefined {
  const lines = text.split(/\r?\n/);
  let at = 0;
  while (at < lines.length && (lines[at] as string).trim() === "") at += 1;
  if ((lines[at] ?? "").trim() !== "*** Begin Patch") return undefined;
  const files: ShownFileDiff[] = [];
  let file: ShownFileDiff | undefined;
  let hunk: ShownHunk | undefined;
  const startFile = (path: string, change: string) => {
    file = { path, change, hunks: [] };
    hunk = undefined;
    files.push(file);
  };
  for (at += 1; at < lines.length; at += 1) {
    const line = lines[at] as string;
    if (line.trim() === "*** End Patch") break;
    const header = /^\*\*\* (Add|Delete|Update) File: (.+)$/.exec(line);
    if (header !== null) {
      startFile(header[2] as string, header[1] === "Add" ? "added" : header[1] === "Delete" ? "deleted" : "modified");
      continue;
    }
    if (file === undefined) continue;
    const move = /^\*\*\* Move to: (.+)$/.exec(line);
    if (move !== null) {
      file.oldPath = file.path;
      file.path = move[1] as string;
      file.change = "renamed";
      continue;
    }
    if (line === "*** End of File") {
      hunk?.lines.push({ kind: "no_newline", text: "end of file" });
      continue;
    }
    if (line.startsWith("@@")) {
      const context = line.slice(2).trim();
      hunk = { ...(context === "" ? {} : { header: line }), lines: [] };
      file.hunks.push(hunk);
      continue;
    }
    if (hunk === undefined) {
      hunk = { lines: [] };
      file.hunks.push(hunk);
    }
    const marker = line[0];
    const kind: ShownLineKind = marker === "+" ? "added" : marker === "-" ? "removed" : "context";
    hunk.lines.push({ kind, text: marker === "+" || marker === "-" || marker === " " ? line.slice(1) : line });
  }
  return files.length === 0 ? undefined : files;
}

/** The envelope in a call's input: the input itself, its `input`/`patch` field, or an argument of a command array. */
function patchTextOf(input: unknown): string | undefined {
  const candidates: unknown[] = [input];
  if (isFields(input)) {
    candidates.push(input.input, input.patch);
    if (Array.isArray(input.command)) candidates.push(...input.command);
    if (typeof input.command === "string") candidates.push(input.command);
  } else if (Array.isArray(input)) candidates.push(...input);
  for (const candidate of candidates)
    if (typeof candidate === "string") {
      const start = candidate.indexOf("*** Begin Patch");
      // A shell command that pipes the envelope in (`apply_patch <<'EOF' … EOF`) holds it after the command.
      if (start >= 0) return candidate.slice(start);
    }
  return undefined;
}

/** What a tool call changes in files, when its input says: diffs to draw, else undefined. */
export function fileChangesOf(name: string, input: unknown): ShownFileDiff[] | undefined {
  const patch = patchTextOf(input);
  if (patch !== undefined) return parseApplyPatch(patch);
  if (!isFields(input)) return undefined;
  const path = stringField(input, pathNames);
  if (path === undefined) return undefined;
  const before = stringField(input, oldNames);
  const after = stringField(input, newNames);
  if (before !== undefined && after !== undefined) return [editDiff(path, [{ before, after }])];
  if (Array.isArray(input.edits)) {
    const pairs: Array<{ before: string; after: string }> = [];
    for (const edit of input.edits) {
      if (!isFields(edit)) return undefined;
      const editBefore = stringField(edit, oldNames);
      const editAfter = stringField(edit, newNames);
      if (editBefore === undefined || editAfter === undefined) return undefined;
      pairs.push({ before: editBefore, after: editAfter });
    }
    return pairs.length === 0 ? undefined : [editDiff(path, pairs)];
  }
  const content = stringField(input, ["content"]);
  if (content !== undefined && /write|create/i.test(name))
    return [{ path, change: "written", hunks: [{ lines: linesOf(content).map((text) => ({ kind: "added", text })) }] }];
  return undefined;
}

/** How many lines a change adds and removes. */
export function changeCounts(files: readonly ShownFileDiff[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const file of files)
    for (const hunk of file.hunks)
      for (const line of hunk.lines) {
        if (line.kind === "added") added += 1;
        else if (line.kind === "removed") removed += 1;
      }
  return { added, removed };
}
