// What a repository's patch would do, read from the patch itself before `git apply` ever sees it. `git apply` takes
// its paths from several header lines and does not check all of them (`copy from /etc/passwd` copies that file into
// the tree), so a bundle's patch is held to the one shape `git diff --binary --full-index --find-renames` writes:
// every line is accounted for (headers from a closed list, hunks by their line counts, binary patches by their
// syntax), every path any line names is read, checked and must agree with the others, and copies, submodules and
// anything git would read as a second, older-style patch are refused. What is left is a list of sections, which
// apply compares with the changes the bundle declares.
import { unquoteGitPathBytes } from "./git.js";
import { PatchLineSplitter } from "./patch-lines.js";
import { unsafeRelativePath } from "./paths.js";

export type PatchSectionStatus = "added" | "deleted" | "modified" | "renamed";

/** One `diff --git` section of a patch: which paths it reads and writes, and how. */
export interface PatchSection {
  /** The 1-based line of its `diff --git` header. */
  line: number;
  status: PatchSectionStatus;
  /** The path it reads (absent for an added file). */
  oldPath?: string;
  /** The path it writes (absent for a deleted file). */
  newPath?: string;
  oldMode?: string;
  newMode?: string;
  binary: boolean;
  /** For a symbolic link it creates or changes: the link's target, as its added line gives it. */
  linkTarget?: string;
}

/** A patch that is not of the shape `snapshot create` writes, with the line where it went wrong. */
export class PatchStructureError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`patch line ${line}: ${reason}`);
  }
}

/** Header lines are short; a longer one is refused rather than held (a path is at most a few KiB). */
const maxHeaderLineBytes = 64 * 1024;
/** A symbolic link's target longer than this (PATH_MAX) is not a target any system would take. */
const maxLinkTargetBytes = 4096;
const modes = new Set(["100644", "100755", "120000"]);
const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/u;
const binaryHunk = /^(?:literal|delta) \d+$/u;
/** A line of a binary patch's base85 data: its length as a letter, then five characters per four bytes. */
const base85Line = /^[A-Za-z][\w!#$%&()*+;<=>?@^`{|}~-]+$/u;
const indexLine = /^index [0-9a-f]{7,64}\.\.[0-9a-f]{7,64}(?: (\d{6}))?$/u;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

interface OpenSection {
  line: number;
  /** The `diff --git` line's text after `diff --git `. */
  gitNames: string;
  minus?: string;
  plus?: string;
  renameFrom?: string;
  renameTo?: string;
  similarity: boolean;
  newFileMode?: string;
  deletedFileMode?: string;
  oldMode?: string;
  newMode?: string;
  indexMode?: string;
  index: boolean;
  hunks: number;
  binary: boolean;
  addedLines: Buffer[];
  addedBytes: number;
}

type State =
  | { kind: "start" }
  | { kind: "header" }
  | { kind: "hunk"; oldLeft: number; newLeft: number }
  | { kind: "after-hunk" }
  | { kind: "binary"; hunks: number; inData: boolean }
  | { kind: "binary-done" };

/**
 * Reads a patch's structure from its bytes as they arrive (`push`, then `end`), in memory bounded by a header line:
 * the content of hunks is not kept, only the first byte of each line (and a link's one added line).
 */
export class PatchStructureReader {
  readonly sections: PatchSection[] = [];
  private readonly splitter = new PatchLineSplitter(maxHeaderLineBytes);
  private state: State = { kind: "start" };
  private section: OpenSection | undefined;
  private lineNumber = 0;
  /** The segments of the line in progress, kept only while it may be a header line. */
  private lineParts: Buffer[] = [];
  private lineBytes = 0;
  private firstByte = -1;

  push(data: Buffer): void {
    for (const segment of this.splitter.push(data)) this.segment(segment.bytes, segment.start, segment.end);
  }

  /** Finishes the read; throws a {@link PatchStructureError} when the patch ends where it may not. */
  end(): PatchSection[] {
    for (const segment of this.splitter.end()) this.segment(segment.bytes, segment.start, true);
    const { state } = this;
    if (state.kind === "hunk") throw new PatchStructureError(this.lineNumber, "the patch ends inside a hunk");
    if (state.kind === "binary" && (state.inData || state.hunks === 0))
      throw new PatchStructureError(this.lineNumber, "the patch ends inside a binary patch");
    this.closeSection();
    return this.sections;
  }

  private segment(bytes: Buffer, start: boolean, end: boolean): void {
    if (start) {
      this.lineNumber += 1;
      this.lineParts = [];
      this.lineBytes = 0;
      this.firstByte = bytes.length > 0 ? (bytes[0] as number) : -1;
    }
    // Only a header line, a link's added line or a binary data line is read as text: a hunk's other lines are
    // counted by their first byte, whatever their length.
    if (this.keepsText()) {
      this.lineBytes += bytes.length;
      if (this.lineBytes > maxHeaderLineBytes)
        throw new PatchStructureError(this.lineNumber, `a header line longer than ${maxHeaderLineBytes} bytes`);
      this.lineParts.push(Buffer.from(bytes));
    }
    if (end) this.line();
  }

  private keepsText(): boolean {
    const { state } = this;
    if (state.kind !== "hunk") return true;
    return this.firstByte === 0x2b && this.section !== undefined && writesLink(this.section);
  }

  /** The line as text: header lines are UTF-8 (git quotes any other byte in a name), anything else is refused. */
  private text(): string {
    try {
      return strictUtf8.decode(Buffer.concat(this.lineParts));
    } catch {
      throw new PatchStructureError(this.lineNumber, "a header line that is not UTF-8");
    }
  }

  private line(): void {
    const { state } = this;
    switch (state.kind) {
      case "start":
        return this.startLine();
      case "header":
        return this.headerLine();
      case "hunk":
        return this.hunkLine(state);
      case "after-hunk":
        return this.afterHunkLine();
      case "binary":
        return this.binaryLine(state);
      case "binary-done":
        return this.nextSectionOrRefuse("after a binary patch");
    }
  }

  private startLine(): void {
    const text = this.text();
    if (!text.startsWith("diff --git "))
      throw new PatchStructureError(this.lineNumber, "a patch starts with its first `diff --git` line");
    this.openSection(text);
  }

  private openSection(text: string): void {
    this.closeSection();
    this.section = {
      line: this.lineNumber,
      gitNames: text.slice("diff --git ".length),
      similarity: false,
      index: false,
      hunks: 0,
      binary: false,
      addedLines: [],
      addedBytes: 0,
    };
    this.state = { kind: "header" };
  }

  private nextSectionOrRefuse(where: string): void {
    const text = this.text();
    if (text.startsWith("diff --git ")) return this.openSection(text);
    throw new PatchStructureError(this.lineNumber, `unexpected line ${JSON.stringify(text.slice(0, 80))} ${where}`);
  }

  private headerLine(): void {
    const section = this.section as OpenSection;
    const text = this.text();
    const refuse = (reason: string): never => {
      throw new PatchStructureError(this.lineNumber, reason);
    };
    const once = <Key extends keyof OpenSection>(key: Key, value: OpenSection[Key]): void => {
      if (section[key] !== undefined && section[key] !== false) refuse(`a second ${String(key)} line in one section`);
      section[key] = value;
    };
    const mode = (value: string): string => (modes.has(value) ? value : refuse(`mode ${value} is not carried`));
    if (text.startsWith("diff --git ")) return this.openSection(text);
    if (text.startsWith("@@ ")) return this.hunkHeaderLine(text);
    if (text.startsWith("--- ")) return once("minus", headerPath(text.slice(4), this.lineNumber));
    if (text.startsWith("+++ ")) return once("plus", headerPath(text.slice(4), this.lineNumber));
    if (text.startsWith("old mode ")) return once("oldMode", mode(text.slice(9)));
    if (text.startsWith("new mode ")) return once("newMode", mode(text.slice(9)));
    if (text.startsWith("new file mode ")) return once("newFileMode", mode(text.slice(14)));
    if (text.startsWith("deleted file mode ")) return once("deletedFileMode", mode(text.slice(18)));
    if (text.startsWith("rename from ")) return once("renameFrom", unquoteStrict(text.slice(12), this.lineNumber));
    if (text.startsWith("rename to ")) return once("renameTo", unquoteStrict(text.slice(10), this.lineNumber));
    if (/^similarity index \d{1,3}%$/u.test(text)) return once("similarity", true);
    if (text.startsWith("copy from ") || text.startsWith("copy to "))
      refuse("a copy: snapshots never carry copies, and git apply does not check where a copy reads from");
    const index = indexLine.exec(text);
    if (index !== null) {
      once("index", true);
      if (index[1] !== undefined) section.indexMode = mode(index[1]);
      return;
    }
    if (text === "GIT binary patch") {
      section.binary = true;
      this.state = { kind: "binary", hunks: 0, inData: false };
      return;
    }
    refuse(`unexpected header line ${JSON.stringify(text.slice(0, 80))}`);
  }

  private hunkHeaderLine(text: string): void {
    const section = this.section as OpenSection;
    const match = hunkHeader.exec(text);
    if (match === null) throw new PatchStructureError(this.lineNumber, "a malformed hunk header");
    if (section.minus === undefined || section.plus === undefined)
      throw new PatchStructureError(this.lineNumber, "a hunk before the section's --- and +++ lines");
    section.hunks += 1;
    const oldLeft = match[2] === undefined ? 1 : Number(match[2]);
    const newLeft = match[4] === undefined ? 1 : Number(match[4]);
    this.state = oldLeft <= 0 && newLeft <= 0 ? { kind: "after-hunk" } : { kind: "hunk", oldLeft, newLeft };
  }

  private hunkLine(state: { kind: "hunk"; oldLeft: number; newLeft: number }): void {
    const first = this.firstByte;
    // An empty line is a context line whose space an editor removed; git reads it so, and so do we.
    if (first === 0x20 || first === -1) {
      state.oldLeft -= 1;
      state.newLeft -= 1;
    } else if (first === 0x2d) state.oldLeft -= 1;
    else if (first === 0x2b) {
      state.newLeft -= 1;
      this.keepAddedLine();
    } else if (first === 0x5c) return;
    else throw new PatchStructureError(this.lineNumber, "a line inside a hunk that is not context, added or removed");
    if (state.oldLeft < 0 || state.newLeft < 0)
      throw new PatchStructureError(this.lineNumber, "a hunk longer than its header says");
    if (state.oldLeft === 0 && state.newLeft === 0) this.state = { kind: "after-hunk" };
  }

  private keepAddedLine(): void {
    const section = this.section as OpenSection;
    if (!writesLink(section)) return;
    const bytes = Buffer.concat(this.lineParts).subarray(1);
    section.addedBytes += bytes.length;
    if (section.addedBytes > maxLinkTargetBytes)
      throw new PatchStructureError(
        this.lineNumber,
        `a symbolic link's target longer than ${maxLinkTargetBytes} bytes`,
      );
    section.addedLines.push(bytes);
  }

  private afterHunkLine(): void {
    const text = this.text();
    if (this.firstByte === 0x5c) return;
    if (text.startsWith("@@ ")) return this.hunkHeaderLine(text);
    this.nextSectionOrRefuse("after a hunk");
  }

  private binaryLine(state: { kind: "binary"; hunks: number; inData: boolean }): void {
    const text = this.text();
    if (!state.inData) {
      if (!binaryHunk.test(text)) {
        if (state.hunks > 0) return this.nextSectionOrRefuse("after a binary patch");
        throw new PatchStructureError(this.lineNumber, "a binary patch without its literal or delta line");
      }
      state.hunks += 1;
      state.inData = true;
      return;
    }
    if (text === "") {
      state.inData = false;
      if (state.hunks === 2) this.state = { kind: "binary-done" };
      return;
    }
    if (!base85Line.test(text)) throw new PatchStructureError(this.lineNumber, "a malformed line of binary data");
  }

  private closeSection(): void {
    const open = this.section;
    this.section = undefined;
    if (open === undefined) return;
    this.sections.push(finishSection(open));
  }
}

/** A name as git quotes it, decoded as UTF-8 or refused (a lossy decoding would check another name than git uses). */
function unquoteStrict(text: string, line: number): string {
  const name = decodedName(text);
  if (name === undefined) throw new PatchStructureError(line, `the name ${text.slice(0, 80)} is not UTF-8`);
  return name;
}

function decodedName(text: string): string | undefined {
  try {
    return strictUtf8.decode(unquoteGitPathBytes(text));
  } catch {
    return undefined;
  }
}

/** Whether the section's file is a symbolic link afterwards: its one added line is the link's target. */
function writesLink(section: OpenSection): boolean {
  return (
    (section.newFileMode ?? section.newMode ?? section.indexMode) === "120000" && section.deletedFileMode === undefined
  );
}

/** A `---`/`+++` line's path: `/dev/null`, or the path after its `a/`/`b/` prefix (kept for the check). */
function headerPath(text: string, line: number): string {
  // git ends a name holding a space with a tab, so that other tools find where it ends.
  return unquoteStrict(text.endsWith("\t") ? text.slice(0, -1) : text, line);
}

/** The names a `diff --git` line can be read as: every split into an `a/` name and a `b/` name, quoted or not. */
function gitNameReadings(names: string): Array<[string, string]> {
  const readings: Array<[string, string]> = [];
  const right = (text: string): string | undefined => {
    if (!text.startsWith('"')) return text;
    return quotedEnd(text, 0) === text.length ? decodedName(text) : undefined;
  };
  if (names.startsWith('"')) {
    const end = quotedEnd(names, 0);
    if (end === undefined || names[end] !== " ") return readings;
    const other = right(names.slice(end + 1));
    const first = decodedName(names.slice(0, end));
    if (other !== undefined && first !== undefined) readings.push([first, other]);
    return readings;
  }
  for (let space = names.indexOf(" "); space >= 0; space = names.indexOf(" ", space + 1)) {
    const other = right(names.slice(space + 1));
    if (other !== undefined) readings.push([names.slice(0, space), other]);
  }
  return readings;
}

/** Where a C-quoted name starting at `start` ends (the index after its closing quote). */
function quotedEnd(text: string, start: number): number | undefined {
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === "\\") index += 1;
    else if (text[index] === '"') return index + 1;
  }
  return undefined;
}

function finishSection(open: OpenSection): PatchSection {
  const refuse = (reason: string): never => {
    throw new PatchStructureError(open.line, `the section starting here: ${reason}`);
  };
  const strip = (name: string, prefix: string): string | undefined => {
    if (name === "/dev/null") return undefined;
    return name.startsWith(prefix) ? name.slice(prefix.length) : refuse(`${JSON.stringify(name)} lacks its ${prefix}`);
  };
  if ((open.minus === undefined) !== (open.plus === undefined)) refuse("a --- line without its +++ line, or back");
  if ((open.renameFrom === undefined) !== (open.renameTo === undefined))
    refuse("a rename from line without its rename to line, or back");
  if (open.similarity && open.renameFrom === undefined) refuse("a similarity index without a rename");
  const minus = open.minus === undefined ? undefined : strip(open.minus, "a/");
  const plus = open.plus === undefined ? undefined : strip(open.plus, "b/");
  if (open.minus !== undefined && minus === undefined && open.newFileMode === undefined)
    refuse("--- /dev/null for a file that is not new");
  if (open.plus !== undefined && plus === undefined && open.deletedFileMode === undefined)
    refuse("+++ /dev/null for a file that is not deleted");
  if (open.newFileMode !== undefined && open.deletedFileMode !== undefined) refuse("a file both new and deleted");
  const readings = gitNameReadings(open.gitNames);

  let oldPath: string | undefined;
  let newPath: string | undefined;
  if (open.renameFrom !== undefined) {
    oldPath = open.renameFrom;
    newPath = open.renameTo;
  } else if (open.minus !== undefined) {
    oldPath = minus;
    newPath = plus;
  } else {
    // No other line names the file (a mode change, a binary patch): the `diff --git` line does, with one name twice.
    const same = readings.filter(([a, b]) => a.startsWith("a/") && b.startsWith("b/") && a.slice(2) === b.slice(2));
    if (same.length !== 1) refuse("its diff --git line does not name one file");
    const name = (same[0] as [string, string])[0].slice(2);
    oldPath = open.newFileMode === undefined ? name : undefined;
    newPath = open.deletedFileMode === undefined ? name : undefined;
  }
  if (open.renameFrom !== undefined && open.minus !== undefined && (minus !== oldPath || plus !== newPath))
    refuse("its --- and +++ lines name other files than its rename lines");
  if (open.newFileMode !== undefined && oldPath !== undefined) refuse("a new file that is read from a path");
  if (open.deletedFileMode !== undefined && newPath !== undefined) refuse("a deleted file that is written to a path");
  if (open.renameFrom === undefined && oldPath !== undefined && newPath !== undefined && oldPath !== newPath)
    refuse("it reads one path and writes another without a rename");
  // git takes the names from the `diff --git` line too: it must name the same files.
  const named = [`a/${oldPath ?? newPath ?? ""}`, `b/${newPath ?? oldPath ?? ""}`];
  if (!readings.some(([a, b]) => a === named[0] && b === named[1]))
    refuse(`its diff --git line names other files than its other lines (${named.join(" ")})`);
  for (const checked of [oldPath, newPath]) {
    if (checked === undefined) continue;
    const unsafe = checked === "." ? "it names the repository itself" : unsafeRelativePath(checked);
    if (unsafe !== undefined) refuse(`unsafe path ${JSON.stringify(checked)}: ${unsafe}`);
  }

  const status: PatchSectionStatus =
    open.newFileMode !== undefined
      ? "added"
      : open.deletedFileMode !== undefined
        ? "deleted"
        : open.renameFrom !== undefined
          ? "renamed"
          : "modified";
  const oldMode = open.deletedFileMode ?? open.oldMode ?? (status === "added" ? undefined : open.indexMode);
  const newMode = open.newFileMode ?? open.newMode ?? (status === "deleted" ? undefined : open.indexMode);
  const section: PatchSection = { line: open.line, status, binary: open.binary };
  if (oldPath !== undefined) section.oldPath = oldPath;
  if (newPath !== undefined) section.newPath = newPath;
  if (oldMode !== undefined) section.oldMode = oldMode;
  if (newMode !== undefined) section.newMode = newMode;
  if (newMode === "120000" && open.addedLines.length > 0) {
    if (open.addedLines.length > 1) refuse("a symbolic link's target of more than one line");
    try {
      section.linkTarget = strictUtf8.decode(open.addedLines[0] as Buffer);
    } catch {
      refuse("a symbolic link's target that is not UTF-8");
    }
  }
  return section;
}
