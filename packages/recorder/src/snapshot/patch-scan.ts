// The secret scanner over a repository's patch. Only the lines the patch adds are scanned: its context and removed
// lines are the recorded HEAD commit's, which the receiving machine has already, and its binary sections are
// compressed. With redaction, the added lines are rewritten in place and the hunk keeps its line count (a secret
// spanning lines, a private key, becomes its placeholder followed by empty lines), so the patch still applies.
import { open, type FileHandle } from "node:fs/promises";
import type { Redactor } from "@agent-transcript/core/redact";
import { unquoteGitPath } from "./git.js";
import { PatchLineSplitter } from "./patch-lines.js";
import { addCounts, scanBufferBytes, scanPiece, scanPieceBytes, type RuleCounts } from "./secrets.js";

/** A line longer than this is handled in segments of this size, so memory stays bounded whatever the patch holds. */
const maxLineBytes = 8 * 1024 * 1024;

const hunkHeader = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

class PatchScanner {
  readonly findings = new Map<string, RuleCounts>();
  private inHunk = false;
  private oldLeft = 0;
  private newLeft = 0;
  private file: string | undefined;
  private block: Buffer[] = [];
  private blockBytes = 0;
  /** The kind of the line whose segments are arriving ("+", " ", "-", "\\", or "h" for a header line). */
  private lineKind = "";
  private output: Buffer[] = [];
  private outputBytes = 0;

  constructor(
    private readonly redactor: Redactor,
    private readonly sink: FileHandle | undefined,
  ) {}

  /** One piece of one line: the whole line, or a segment of a long one. `line` excludes the line feed. */
  async segment(bytes: Buffer, start: boolean, end: boolean): Promise<void> {
    if (start) this.lineKind = this.inHunk ? String.fromCharCode(bytes[0] ?? 0x20) : "h";
    if (this.lineKind === "+") {
      const content = start ? bytes.subarray(1) : bytes;
      if (start && end) {
        // A copy: `content` is a view into the reader's buffer, which the next read overwrites.
        this.block.push(Buffer.from(content), Buffer.from("\n"));
        this.blockBytes += content.length + 1;
        if (this.blockBytes >= scanBufferBytes || (this.blockBytes >= scanPieceBytes && !this.openPrivateKey()))
          await this.flushBlock();
      } else {
        // A line too long to hold: scanned a segment at a time, on its own.
        await this.flushBlock();
        const { counts, output } = scanPiece(this.redactor, content, this.sink !== undefined);
        this.count(counts);
        await this.emit(start ? Buffer.concat([Buffer.from("+"), output]) : output, end);
      }
      if (end) this.consumed(false, true);
      if (end && this.oldLeft <= 0 && this.newLeft <= 0) this.inHunk = false;
      return;
    }
    if (start) await this.flushBlock();
    if (this.lineKind === "h" && start) this.header(bytes);
    await this.emit(bytes, end);
    if (end && this.lineKind === " ") this.consumed(true, true);
    if (end && this.lineKind === "-") this.consumed(true, false);
    if (end && this.inHunk && this.oldLeft <= 0 && this.newLeft <= 0) this.inHunk = false;
  }

  private consumed(old: boolean, added: boolean): void {
    if (old) this.oldLeft -= 1;
    if (added) this.newLeft -= 1;
  }

  private header(line: Buffer): void {
    // Most header-mode lines are a binary patch's base85 (starting with a letter other than `d`): not decoded, so a
    // large binary costs no string per line.
    const first = line[0];
    if (first !== 0x64 && first !== 0x2b && first !== 0x40) return;
    const text = line.toString("utf8");
    if (text.startsWith("diff --git ")) this.file = undefined;
    else if (text.startsWith("+++ ")) {
      const named = text.slice(4).replace(/\t$/, "");
      const path = unquoteGitPath(named);
      this.file = path === "/dev/null" ? undefined : path.replace(/^b\//, "");
    } else {
      const match = hunkHeader.exec(text);
      if (match) {
        this.inHunk = true;
        this.oldLeft = match[1] === undefined ? 1 : Number(match[1]);
        this.newLeft = match[2] === undefined ? 1 : Number(match[2]);
        if (this.oldLeft <= 0 && this.newLeft <= 0) this.inHunk = false;
      }
    }
  }

  /** Whether the block holds a `-----BEGIN` with no `-----END` after it: cutting there would split a key. */
  private openPrivateKey(): boolean {
    const text = Buffer.concat(this.block);
    const begin = text.lastIndexOf("-----BEGIN");
    return begin >= 0 && text.indexOf("-----END", begin) < 0;
  }

  private count(counts: RuleCounts): void {
    if (Object.keys(counts).length === 0) return;
    const key = this.file ?? "";
    const counted = this.findings.get(key) ?? {};
    addCounts(counted, counts);
    this.findings.set(key, counted);
  }

  async flushBlock(): Promise<void> {
    if (this.block.length === 0) return;
    const original = Buffer.concat(this.block);
    this.block = [];
    this.blockBytes = 0;
    const { counts, output } = scanPiece(this.redactor, original, this.sink !== undefined);
    this.count(counts);
    if (this.sink === undefined) return;
    const lines = output.toString("latin1").split("\n");
    lines.pop();
    const expected = original.toString("latin1").split("\n").length - 1;
    while (lines.length < expected) lines.push("");
    for (const line of lines) await this.emit(Buffer.from(`+${line}`, "latin1"), true);
  }

  private async emit(bytes: Buffer, end: boolean): Promise<void> {
    if (this.sink === undefined) return;
    this.output.push(Buffer.from(bytes));
    this.outputBytes += bytes.length;
    if (end) {
      this.output.push(Buffer.from("\n"));
      this.outputBytes += 1;
    }
    if (this.outputBytes >= scanPieceBytes) await this.drain();
  }

  async drain(): Promise<void> {
    if (this.sink === undefined || this.output.length === 0) return;
    const bytes = Buffer.concat(this.output);
    this.output = [];
    this.outputBytes = 0;
    let written = 0;
    while (written < bytes.length) written += (await this.sink.write(bytes, written)).bytesWritten;
  }
}

/**
 * Scans the lines `patchFile` adds for secrets; returns what was found per file (by its path in the repository).
 * With `redactTo`, also writes the patch with those lines redacted to that file.
 */
export async function scanPatch(
  patchFile: string,
  redactor: Redactor,
  redactTo?: string,
): Promise<Map<string, RuleCounts>> {
  const input = await open(patchFile, "r");
  const sink = redactTo === undefined ? undefined : await open(redactTo, "w", 0o600);
  try {
    const scanner = new PatchScanner(redactor, sink);
    const splitter = new PatchLineSplitter(maxLineBytes);
    // Lines are handed on as views into one reused buffer: each is scanned before the next read overwrites it.
    const chunk = Buffer.allocUnsafe(1024 * 1024);
    for (;;) {
      const { bytesRead } = await input.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      for (const segment of splitter.push(chunk.subarray(0, bytesRead)))
        await scanner.segment(segment.bytes, segment.start, segment.end);
    }
    for (const segment of splitter.end()) await scanner.segment(segment.bytes, segment.start, segment.end);
    await scanner.flushBlock();
    await scanner.drain();
    return scanner.findings;
  } finally {
    await input.close();
    await sink?.close();
  }
}
