/**
 * Claude Code session lines → canonical documents: the fold every file layer feeds (see index.ts for the mapping).
 * Each line is parsed and converted as it arrives (to-canonical-records.ts) and only what the document needs is kept;
 * the tree, the main chain, the messages' usage and the child runs are settled once every file has been read
 * (to-canonical-document.ts).
 */
import { parseJson } from "@agent-transcript/core/json";
import {
  isJsonObject,
  parseSessionLine,
  recordLines,
  sessionLineDepth,
  type SessionFold,
  type SessionImportOptions,
  type SessionImportResult,
  type SessionLine,
  type SessionLoss,
  type SessionLossCode,
} from "../../conversion/index.js";
import { assemble } from "./to-canonical-document.js";
import { readRecord, type FileState } from "./to-canonical-records.js";

/**
 * The claude.ai web export holds the same records as one JSON document, `{ "loglines": [...] }`, pretty-printed: a
 * file whose first line is a lone `{` is held until it ends and read as that document (each record's line is the line
 * its object starts on); anything else in that shape is read line by line after all.
 */
interface HeldDocument {
  lines: SessionLine[];
}

class ClaudeCodeFold implements SessionFold {
  readonly files: FileState[] = [];
  readonly losses: SessionLoss[] = [];
  private current: FileState | undefined;
  private held: HeldDocument | undefined;
  private started = false;

  constructor(private readonly options: SessionImportOptions) {}

  file(path: string, role: "main" | "related"): void {
    this.release();
    this.started = false;
    this.current = {
      path,
      role,
      records: 0,
      nodes: [],
      byUuid: new Map(),
      nodeRun: new Map(),
      units: [],
      kept: [],
      session: {},
      titles: new Map(),
      firstAt: undefined,
      lastAt: undefined,
      agentId: undefined,
      open: new Map(),
      responseLines: new Map(),
      boundaries: new Map(),
    };
    this.files.push(this.current);
  }

  line(line: SessionLine): void {
    if (this.current === undefined) this.file("", "main");
    if (this.held !== undefined) {
      this.held.lines.push(line);
      return;
    }
    // A record line starts with its brace; only another first line needs a closer look.
    if (!this.started && line.error === undefined && (line.text.charCodeAt(0) === 0x7b || line.text.trim() !== "")) {
      this.started = true;
      if (line.text.trim() === "{") {
        this.held = { lines: [line] };
        return;
      }
    }
    this.read(line);
  }

  /** Reads a held document as the web export, or its lines one by one when it is not one. */
  private release(): void {
    const held = this.held;
    if (held === undefined) return;
    this.held = undefined;
    const file = this.current as FileState;
    const text = held.lines.map((line) => line.text).join("\n");
    const parsed = held.lines.every((line) => line.error === undefined)
      ? parseJson(text, { maxDepth: sessionLineDepth })
      : undefined;
    const records = parsed?.ok === true && isJsonObject(parsed.value) ? parsed.value.loglines : undefined;
    if (!Array.isArray(records)) {
      for (const line of held.lines) this.read(line);
      return;
    }
    const lines = recordLines(text, "loglines", records.length, held.lines[0]?.line ?? 1);
    records.forEach((record, index) => {
      const line = lines[index] as number;
      if (!isJsonObject(record) || typeof record.type !== "string")
        this.loss(file, line, "invalid-line", "not a Claude Code record (a JSON object with a string type)");
      else readRecord(file, line, record, this);
    });
  }

  private read(line: SessionLine): void {
    const file = this.current as FileState;
    const parsed = parseSessionLine(line, (message) => this.loss(file, line.line, "unparsable-line", message));
    if (parsed === undefined) return;
    const record = parsed.value;
    if (!isJsonObject(record) || typeof record.type !== "string") {
      this.loss(file, line.line, "invalid-line", "not a Claude Code record (a JSON object with a string type)");
      return;
    }
    readRecord(file, line.line, record, this);
  }

  loss(file: FileState, line: number | undefined, code: SessionLossCode, message: string): void {
    const loss: SessionLoss = { code, file: file.path, message };
    if (line !== undefined) loss.line = line;
    this.losses.push(loss);
  }

  finish(): SessionImportResult {
    this.release();
    return assemble(this.files, this.losses, this.options, (file, line, code, message) =>
      this.loss(file, line, code, message),
    );
  }
}

export function beginImport(options: SessionImportOptions = {}): SessionFold {
  return new ClaudeCodeFold(options);
}
