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
  splitPath,
  type SessionLine,
} from "../../conversion/index.js";
import { sidecarName } from "./to-canonical-files.js";
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
      sidecar: undefined,
      open: new Map(),
      responseLines: new Map(),
      boundaries: new Map(),
    };
    const sidecar = role === "related" ? sidecarName.exec(splitPath(path).name) : null;
    if (sidecar !== null) file.sidecar = { agentId: sidecar[1] as string, fields: undefined };
    this.files.push(file);
    return file;
  }

  /** Reads a held document as the web export, or its lines one by one when it is not one. */
  protected override readHeld(file: FileState, held: SessionLine[]): void {
    const text = heldDocumentText(held);
    if (file.sidecar !== undefined) {
      this.readSidecar(file, held[0]?.line ?? 1, parseJson(text, { maxDepth: sessionLineDepth }));
      return;
    }
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
    if (file.sidecar !== undefined) {
      if (line.error !== undefined || line.text.trim() !== "")
        this.readSidecar(
          file,
          line.line,
          line.error === undefined ? parseJson(line.text, { maxDepth: sessionLineDepth }) : undefined,
        );
      return;
    }
    const record = this.parseRecord(file, line, notRecord, (value) => typeof value.type === "string");
    if (record !== undefined) readRecord(file, line.line, record, this);
  }

  /** A sidecar is one JSON object; anything else in it is a loss of that file, and the agent goes unnamed by it. */
  private readSidecar(file: FileState, line: number, parsed: ReturnType<typeof parseJson> | undefined): void {
    const sidecar = file.sidecar as NonNullable<FileState["sidecar"]>;
    if (sidecar.fields === undefined && parsed?.ok === true && isJsonObject(parsed.value)) {
      sidecar.fields = parsed.value;
      return;
    }
    this.loss(
      file,
      line,
      sidecar.fields === undefined ? "unparsable-line" : "invalid-line",
      sidecar.fields === undefined
        ? "a sub-agent's sidecar that is not one JSON object; the agent is named without it"
        : "a sub-agent's sidecar holds one JSON object; this line after it is not read",
    );
  }

  protected result() {
    return assemble(this.files, this.losses, this.options, (file, line, code, message) =>
      this.loss(file, line, code, message),
    );
  }
}
