/**
 * Claude Code session lines → canonical documents: the fold every file layer feeds (see index.ts for the mapping).
 * Each line is parsed and converted as it arrives (to-canonical-records.ts) and only what the document needs is kept;
 * the tree, the main chain, the messages' usage and the child runs are settled once every file has been read
 * (to-canonical-document.ts).
 */
import { parseJson } from "@agent-transcript/core/json";
import {
  heldDocumentText,
  isJsonObject,
  recordLines,
  SessionFoldBase,
  sessionLineDepth,
  type SessionLine,
} from "../../conversion/index.js";
import { assemble } from "./to-canonical-document.js";
import { readRecord, type FileState } from "./to-canonical-records.js";

const notRecord = "not a Claude Code record (a JSON object with a string type)";

/**
 * The claude.ai web export holds the same records as one JSON document, `{ "loglines": [...] }`, pretty-printed: a
 * file whose first line is a lone `{` is held until it ends and read as that document (each record's line is the line
 * its object starts on); anything else in that shape is read line by line after all.
 */
export class ClaudeCodeFold extends SessionFoldBase<FileState> {
  readonly files: FileState[] = [];

  protected override readonly documentFiles = "opening-brace";

  protected openFile(path: string, role: "main" | "related"): FileState {
    const file: FileState = {
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
    this.files.push(file);
    return file;
  }

  /** Reads a held document as the web export, or its lines one by one when it is not one. */
  protected override readHeld(file: FileState, held: SessionLine[]): void {
    const text = heldDocumentText(held);
    const parsed = held.every((line) => line.error === undefined)
      ? parseJson(text, { maxDepth: sessionLineDepth })
      : undefined;
    const records = parsed?.ok === true && isJsonObject(parsed.value) ? parsed.value.loglines : undefined;
    if (!Array.isArray(records)) {
      for (const line of held) this.readLine(file, line);
      return;
    }
    const lines = recordLines(text, "loglines", records.length, 1);
    records.forEach((record, index) => {
      const line = lines[index] as number;
      if (!isJsonObject(record) || typeof record.type !== "string") this.loss(file, line, "invalid-line", notRecord);
      else readRecord(file, line, record, this);
    });
  }

  protected readLine(file: FileState, line: SessionLine): void {
    const record = this.parseRecord(file, line, notRecord, (value) => typeof value.type === "string");
    if (record !== undefined) readRecord(file, line.line, record, this);
  }

  protected result() {
    return assemble(this.files, this.losses, this.options, (file, line, code, message) =>
      this.loss(file, line, code, message),
    );
  }
}
