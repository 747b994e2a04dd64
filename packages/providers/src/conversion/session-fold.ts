/**
 * The opening every session fold shares: the file being read (lines before any `file()` belong to a main file with no
 * name), the losses it records by file and line, a line read as one record or a loss naming it, and a file that is one
 * JSON document (pretty-printed over many lines, so no line of it can be read alone) held until the file ends. A fold
 * states only what is its own: what a file holds, how a record or a held document is read, and its result.
 */
import type { JsonObject } from "./json.js";
import { isJsonObject } from "./json.js";
import {
  parseSessionLine,
  type SessionFold,
  type SessionImportOptions,
  type SessionImportResult,
  type SessionLine,
  type SessionLoss,
  type SessionLossCode,
} from "./session.js";

/** What a fold knows of every file it reads: its path as the caller named it. */
export interface SessionFoldFile {
  readonly path: string;
}

/** Where a fold's readers report what they could not map: a loss naming the file and the line. */
export interface SessionLossReport<File extends SessionFoldFile = SessionFoldFile> {
  loss(file: File, line: number | undefined, code: SessionLossCode, message: string): void;
}

/**
 * Which files a fold holds whole: `never` (a record a line), `opening-brace` (a file whose first record line is a
 * lone `{` is one pretty-printed document; any other is read line by line) or `always` (every file is one document).
 */
export type SessionDocumentFiles = "never" | "opening-brace" | "always";

/** A loss naming its file, and its line when it has one. */
export function sessionLoss(
  path: string,
  line: number | undefined,
  code: SessionLossCode,
  message: string,
): SessionLoss {
  const loss: SessionLoss = { code, file: path, message };
  if (line !== undefined) loss.line = line;
  return loss;
}

/**
 * The text of a held document with the file's own line numbers: each held line on its line, and the lines not held
 * (read before the document opened, or skipped by the file layer) blank, so the parser's positions are the file's.
 */
export function heldDocumentText(lines: readonly SessionLine[]): string {
  const texts: string[] = [];
  for (const line of lines) {
    while (texts.length < line.line - 1) texts.push("");
    texts.push(line.text);
  }
  return texts.join("\n");
}

export abstract class SessionFoldBase<File extends SessionFoldFile> implements SessionFold, SessionLossReport<File> {
  /** Everything not mapped, in the order found. */
  readonly losses: SessionLoss[] = [];
  /** The file being read: undefined until the first file or line. */
  protected current: File | undefined;
  private heldLines: SessionLine[] | undefined;
  private started = false;

  /** Which files are one JSON document, held until they end. */
  protected readonly documentFiles: SessionDocumentFiles = "never";

  constructor(protected readonly options: SessionImportOptions = {}) {}

  /** What the fold keeps of a file it starts. */
  protected abstract openFile(path: string, role: "main" | "related"): File;
  /** Reads one line of a file that is not held. */
  protected abstract readLine(file: File, line: SessionLine): void;
  /** The result, once every file is read. */
  protected abstract result(): SessionImportResult;

  /** Reads a held file when it ends (its text with the file's line numbers: {@link heldDocumentText}). */
  protected readHeld(file: File, lines: SessionLine[]): void {
    for (const line of lines) this.readLine(file, line);
  }

  file(path: string, role: "main" | "related"): void {
    this.release();
    this.started = false;
    this.current = this.openFile(path, role);
    if (this.documentFiles === "always") this.heldLines = [];
  }

  line(line: SessionLine): void {
    // Lines before any file() belong to a main file with no name.
    if (this.current === undefined) this.file("", "main");
    if (this.heldLines !== undefined) {
      this.heldLines.push(line);
      return;
    }
    // A record line starts with its brace; only another first line needs a closer look.
    if (
      this.documentFiles === "opening-brace" &&
      !this.started &&
      line.error === undefined &&
      (line.text.charCodeAt(0) === 0x7b || line.text.trim() !== "")
    ) {
      this.started = true;
      if (line.text.trim() === "{") {
        this.heldLines = [line];
        return;
      }
    }
    this.readLine(this.current as File, line);
  }

  finish(): SessionImportResult {
    this.release();
    return this.result();
  }

  loss(file: File, line: number | undefined, code: SessionLossCode, message: string): void {
    this.losses.push(sessionLoss(file.path, line, code, message));
  }

  /** The held file, read now that it has ended. */
  protected release(): void {
    const held = this.heldLines;
    if (held === undefined) return;
    this.heldLines = undefined;
    this.readHeld(this.current as File, held);
  }

  /**
   * A line read as a record of the format: a JSON object `isRecord` accepts; nothing for a blank line, and a loss
   * naming the line for one that cannot be read (`unparsable-line`) or is not such a record (`invalid-line`, saying
   * `notRecord`).
   */
  protected parseRecord(
    file: File,
    line: SessionLine,
    notRecord: string,
    isRecord: (record: JsonObject) => boolean = () => true,
  ): JsonObject | undefined {
    const parsed = parseSessionLine(line, (message) => this.loss(file, line.line, "unparsable-line", message));
    if (parsed === undefined) return undefined;
    const record = parsed.value;
    if (!isJsonObject(record) || !isRecord(record)) {
      this.loss(file, line.line, "invalid-line", notRecord);
      return undefined;
    }
    return record;
  }
}

/** A file a fold holds whole: its path, its role, and its lines once it has ended. */
export interface HeldSessionFile {
  readonly path: string;
  readonly role: "main" | "related";
  lines: SessionLine[];
}

/**
 * The fold of a format whose every file is one JSON document (an ATIF trajectory, OTLP/JSON traces): each file is held
 * until it ends, and the result is made once every file has (`files`, in the order read).
 */
export abstract class HeldFilesFold extends SessionFoldBase<HeldSessionFile> {
  protected readonly files: HeldSessionFile[] = [];

  protected override readonly documentFiles = "always";

  protected openFile(path: string, role: "main" | "related"): HeldSessionFile {
    const file: HeldSessionFile = { path, role, lines: [] };
    this.files.push(file);
    return file;
  }

  protected override readHeld(file: HeldSessionFile, lines: SessionLine[]): void {
    file.lines = lines;
  }

  protected readLine(): void {
    // Never called: every line of every file is held.
  }

  /** The main file: an empty one with no name when no line came. */
  protected mainFile(): HeldSessionFile {
    return this.files.find((file) => file.role === "main") ?? { path: "", role: "main", lines: [] };
  }
}
