/**
 * Codex rollout lines → canonical documents: the fold every file layer feeds (see index.ts for the mapping). Each line
 * is parsed and read as it arrives (to-canonical-records.ts); a related rollout is kept or passed over at its first
 * record, the `session_meta` that names its parent; the documents are built in `finish()` (to-canonical-document.ts).
 */
import {
  isJsonObject,
  sessionLoss,
  SessionFoldBase,
  type SessionLine,
  type SessionLoss,
  type SessionLossCode,
} from "../../conversion/index.js";
import { assemble, type ChildFile } from "./to-canonical-document.js";
import { newFile, parentOf, readRecord, type FileState } from "./to-canonical-records.js";

export class CodexFold extends SessionFoldBase<FileState> {
  private main: FileState | undefined;
  private readonly children: ChildFile[] = [];
  /** The thread ids whose children are this session's: the session's own and its children's. */
  private readonly family = new Set<string>();
  /** A related file's losses before its first record says whether it belongs to the session. */
  private pending: SessionLoss[] | undefined;

  protected openFile(path: string, role: "main" | "related"): FileState {
    this.settleFamily();
    const file = newFile(path, this.main === undefined ? "main" : role);
    if (this.main === undefined) {
      this.main = file;
      this.pending = undefined;
    } else this.pending = [];
    return file;
  }

  /** Once the main file is read, its id opens the family a related rollout must name as its parent. */
  private settleFamily(): void {
    const main = this.main;
    if (main !== undefined && this.family.size === 0 && typeof main.meta?.id === "string")
      this.family.add(main.meta.id);
  }

  protected readLine(file: FileState, line: SessionLine): void {
    if (file.foreign) return;
    const record = this.parseRecord(
      file,
      line,
      "not a Codex rollout record (a JSON object with a string type and an object payload)",
    );
    if (record === undefined) return;
    if (this.pending !== undefined && !this.belongs(file, record)) {
      file.foreign = true;
      this.pending = undefined;
      return;
    }
    readRecord(file, line.line, record, this);
  }

  /**
   * Whether a related rollout, judged by its first record, is a child of this session: its `session_meta` names a
   * thread of the session as its parent (a spawned sub-agent, a fork), or it is a review sub-agent (which names none)
   * started at the moment the session entered review mode.
   */
  private belongs(file: FileState, record: Record<string, unknown>): boolean {
    this.settleFamily();
    const meta = record.payload;
    if (record.type !== "session_meta" || !isJsonObject(meta) || (typeof meta.id === "string") === false) return false;
    const parent = parentOf(meta);
    let parentId: string | undefined;
    if (parent !== undefined && this.family.has(parent)) parentId = parent;
    else if (parent === undefined && isJsonObject(meta.source) && meta.source.subagent !== undefined) {
      const at = typeof meta.timestamp === "string" ? meta.timestamp : undefined;
      const main = this.main as FileState;
      if (at !== undefined && main.reviews.has(at) && typeof main.meta?.id === "string") parentId = main.meta.id;
    }
    if (parentId === undefined || meta.id === (this.main as FileState).meta?.id) return false;
    this.family.add(meta.id as string);
    this.children.push({ file, parentId });
    for (const loss of this.pending ?? []) this.losses.push(loss);
    this.pending = undefined;
    return true;
  }

  override loss(file: FileState, line: number | undefined, code: SessionLossCode, message: string): void {
    const loss = sessionLoss(file.path, line, code, message);
    if (file !== this.main && this.pending !== undefined && file === this.current) this.pending.push(loss);
    else this.losses.push(loss);
  }

  protected result() {
    return assemble(this.main, this.children, this.losses, this.options, (file, line, code, message) =>
      this.loss(file, line, code, message),
    );
  }
}
