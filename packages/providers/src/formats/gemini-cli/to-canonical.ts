/**
 * Gemini CLI session lines → a canonical document: the fold every file layer feeds (see index.ts for the mapping).
 * A JSONL session (v0.40 on) is read line by line as it arrives: each message record is converted at once and kept by
 * its id, so a later record with the same id replaces it where it stood and a rewind takes back what follows the id.
 * The single-file session (`session-*.json`, one JSON document, pretty-printed) cannot be read before it ends: its
 * lines are held and parsed at the end of the file, and a damaged one is one loss naming the line and column.
 */
import type { ChildRun, Message, Transcript, Usage } from "@agent-transcript/core";
import { parseJson } from "@agent-transcript/core/json";
import {
  append,
  isDateTime,
  isJsonObject,
  heldDocumentText,
  recordLines,
  relativeToMain,
  sessionLineDepth,
  SessionFoldBase,
  setField,
  splitPath,
  type JsonObject,
  type SessionChild,
  type SessionFoldFile,
  type SessionImportResult,
  type SessionLine,
  type SessionLossCode,
  sessionRunDocument,
} from "../../conversion/index.js";
import { convertRecord, geminiCliKey, isNoticeType, isTurnType, type ConvertedRecord } from "./to-canonical-message.js";

/** A message record as read: converted (a turn), or kept verbatim (a notice, a type not known, a broken record). */
type Entry =
  | { line: number; kind: "turn"; converted: ConvertedRecord }
  | { line: number; kind: "kept"; code: SessionLossCode; why: string; record: unknown };

export class GeminiCliFold extends SessionFoldBase<SessionFoldFile> {
  private ignoring = false;
  private layout: "json" | "jsonl" | undefined;
  private records = 0;
  private readonly session: JsonObject = {};
  private readonly entries = new Map<string, Entry>();
  private readonly branches: Array<{ line: number; entries: Entry[] }> = [];
  private index = 0;
  /** The related files read, each a session of its own: the sub-agents' chats, once they prove to be this session's. */
  private readonly related: Array<{ path: string; fold: GeminiCliFold }> = [];

  // Gemini CLI writes the single-file session pretty-printed: a first line that is a lone brace opens it.
  protected override readonly documentFiles = "opening-brace";

  /** The main file, whose path every loss of this session names. */
  private get path(): string {
    return this.current?.path ?? "";
  }

  protected openFile(path: string): SessionFoldFile {
    return { path };
  }

  override file(path: string, role: "main" | "related"): void {
    if (role === "main" && this.current === undefined) {
      super.file(path, role);
      return;
    }
    this.release();
    if (role === "related" && !this.ignoring) {
      // A sub-agent's chat (`chats/<this session's id>/<its id>.jsonl`) is read as a session of its own.
      const fold = new GeminiCliFold({
        ...(this.options.importedAt === undefined ? {} : { importedAt: this.options.importedAt }),
      });
      fold.file(path, "main");
      this.related.push({ path, fold });
      return;
    }
    // A second main file, or a related file of a sub-agent's chat: not read.
    this.ignoring = true;
  }

  override line(line: SessionLine): void {
    if (this.ignoring) return;
    const related = this.related.at(-1);
    if (related !== undefined) {
      related.fold.line(line);
      return;
    }
    super.line(line);
  }

  private lose(line: number | undefined, code: SessionLossCode, message: string): void {
    this.loss({ path: this.path }, line, code, message);
  }

  protected readLine(file: SessionFoldFile, line: SessionLine): void {
    const record = this.parseRecord(file, line, "not a Gemini CLI record (a JSON object)");
    if (record === undefined) return;
    // A whole single-file session written on one line.
    if (this.layout === undefined && Array.isArray(record.messages) && typeof record.sessionId === "string") {
      this.readDocument(record, line.text, line.line);
      return;
    }
    this.layout ??= "jsonl";
    this.readRecord(record, line.line);
  }

  private readRecord(record: JsonObject, line: number): void {
    if (typeof record.$rewindTo === "string") {
      this.records += 1;
      this.rewind(record.$rewindTo, line);
    } else if (isJsonObject(record.$set)) {
      this.records += 1;
      for (const key of Object.keys(record.$set)) setField(this.session, key, record.$set[key]);
    } else if (typeof record.id === "string") {
      this.records += 1;
      this.message(record.id, record, line);
    } else if (typeof record.sessionId === "string") {
      // The header: the session's id, project hash, start time, kind.
      this.records += 1;
      for (const key of Object.keys(record)) setField(this.session, key, record[key]);
    } else {
      this.keep(`line-${line}`, line, "unknown-line-type", "a record of a kind this importer does not know", record);
    }
  }

  private keep(key: string, line: number, code: SessionLossCode, why: string, record: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, { line, kind: "kept", code, why, record });
  }

  private message(key: string, record: JsonObject, line: number): void {
    const previous = this.entries.get(key);
    if (previous !== undefined)
      this.lose(
        previous.line,
        "duplicate-line",
        `message ${JSON.stringify(key)} is written again on line ${line}; the later record replaces this one, as Gemini CLI reads it`,
      );
    const index = this.index++;
    let entry: Entry;
    if (typeof record.type !== "string")
      entry = { line, kind: "kept", code: "invalid-line", why: "a message record without a string type", record };
    else if (isTurnType(record.type)) entry = { line, kind: "turn", converted: convertRecord(record, line, index) };
    else if (isNoticeType(record.type))
      entry = {
        line,
        kind: "kept",
        code: "kept-as-metadata",
        why: `Gemini CLI's ${record.type} notice, no turn of the conversation`,
        record,
      };
    else
      entry = {
        line,
        kind: "kept",
        code: "unknown-line-type",
        why: `message type ${JSON.stringify(record.type)} is not known to this importer`,
        record,
      };
    // Like Gemini CLI's own reader, a replaced message keeps its place.
    this.entries.set(key, entry);
  }

  /** Takes back the message with this id and everything after it (all of it when the id is not there). */
  private rewind(id: string, line: number): void {
    const taken: Entry[] = [];
    let found = !this.entries.has(id);
    for (const [key, entry] of this.entries) {
      if (key === id) found = true;
      if (!found) continue;
      taken.push(entry);
      this.entries.delete(key);
    }
    if (taken.length > 0) this.branches.push({ line, entries: taken });
  }

  /** Reads the held single-file session, or says where it is damaged. */
  protected override readHeld(file: SessionFoldFile, held: SessionLine[]): void {
    const first = held[0]?.line ?? 1;
    // A JSONL session whose first line is a stray brace: its records are lines of their own; read them so, whatever
    // else is broken among them (a pretty-printed document has no line that is a whole record).
    if (held.slice(1).some((line) => line.error === undefined && isRecordLine(line.text))) {
      for (const line of held) this.readLine(file, line);
      return;
    }
    const broken = held.find((line) => line.error !== undefined);
    if (broken !== undefined) {
      this.lose(broken.line, "unparsable-line", `the session document cannot be read: ${broken.error as string}`);
      return;
    }
    const text = heldDocumentText(held);
    const parsed = parseJson(text, { maxDepth: sessionLineDepth });
    if (!parsed.ok) {
      const { line, column, reason } = parsed.error;
      this.lose(
        line,
        "unparsable-line",
        `the session document is not valid JSON at line ${line}, column ${column}: ${reason}`,
      );
      return;
    }
    const value = parsed.value;
    if (!isJsonObject(value) || !Array.isArray(value.messages)) {
      this.lose(first, "invalid-line", "not a Gemini CLI session (a JSON object with a messages list)");
      return;
    }
    this.readDocument(value, text, 1);
  }

  private readDocument(document: JsonObject, text: string, first: number): void {
    this.layout = "json";
    this.records += 1;
    for (const key of Object.keys(document)) if (key !== "messages") setField(this.session, key, document[key]);
    const messages = document.messages as unknown[];
    const lines = recordLines(text, "messages", messages.length, first);
    messages.forEach((record, index) => {
      const line = lines[index] as number;
      // Messages of one document are told apart by their place, not their id: nothing replaces anything.
      const key = `#${index}`;
      if (!isJsonObject(record)) this.keep(key, line, "invalid-line", "a message that is not a JSON object", record);
      else {
        this.records += 1;
        this.message(key, record, line);
      }
    });
  }

  protected result(): SessionImportResult {
    const usages: Usage[] = [];
    const kept: JsonObject[] = [];
    const messages = this.messagesOf([...this.entries.values()], usages, kept);
    const branches = this.branches.map((branch) => {
      const branchKept: JsonObject[] = [];
      const branchMessages = this.messagesOf(branch.entries, [], branchKept, branch.line);
      const out: JsonObject = { rewound_at: branch.line, messages: branchMessages };
      if (branchKept.length > 0) out.records = branchKept;
      return out;
    });
    const subagents = this.subagents(messages);
    return {
      document: this.document(messages, usages, kept, branches, subagents.links),
      children: subagents.children,
      losses: this.losses,
      files: [...(this.records > 0 || this.path !== "" ? [this.path] : []), ...subagents.files],
      records: this.records,
    };
  }

  /**
   * The sub-agents' chats among the related files: a session of kind `subagent` in the folder named by this session's
   * id (Gemini CLI nests them so). Each becomes a child run, linked to the tool call that names its id as `agentId`;
   * a file that proves to be another session's is not read into this one.
   */
  private subagents(messages: readonly Message[]): { links: ChildRun[]; children: SessionChild[]; files: string[] } {
    const sessionId = typeof this.session.sessionId === "string" ? this.session.sessionId : undefined;
    const callsByAgent = new Map<string, string>();
    for (const message of messages)
      for (const part of message.parts)
        if (part.type === "tool_call") {
          const agentId = part.provider_fields?.[geminiCliKey]?.agentId;
          if (typeof agentId === "string" && !callsByAgent.has(agentId)) callsByAgent.set(agentId, part.id);
        }
    const links: ChildRun[] = [];
    const children: SessionChild[] = [];
    const files: string[] = [];
    const runIds = new Set<string>(sessionId === undefined ? [] : [sessionId]);
    for (const { path, fold } of this.related) {
      const result = fold.finish();
      const own = result.document.metadata?.[geminiCliKey];
      const session = isJsonObject(own) && isJsonObject(own.session) ? own.session : undefined;
      if (
        sessionId === undefined ||
        session?.kind !== "subagent" ||
        splitPath(splitPath(path).folder).name !== sessionId
      )
        continue;
      let runId = result.document.id;
      for (let suffix = 2; runIds.has(runId); suffix += 1) runId = `${result.document.id}#${suffix}`;
      runIds.add(runId);
      const document: Transcript = { ...result.document, id: runId };
      if (document.run !== undefined) document.run = { ...document.run, parent: { run_id: sessionId } };
      const link: ChildRun = { run_id: runId, status: "completed" };
      const childId = typeof session.sessionId === "string" ? session.sessionId : undefined;
      const callId = childId === undefined ? undefined : callsByAgent.get(childId);
      if (callId !== undefined) link.call_id = callId;
      if (document.title !== undefined) link.title = document.title;
      link.location = relativeToMain(this.options.path ?? this.path, path);
      link.transcript = document;
      links.push(link);
      children.push({ runId, path, document });
      for (const file of result.files) files.push(file);
      append(this.losses, result.losses);
    }
    return { links, children, files };
  }

  /** The canonical messages of these entries in order, their losses reported, notices and the rest kept aside. */
  private messagesOf(entries: Entry[], usages: Usage[], kept: JsonObject[], rewoundAt?: number): Message[] {
    const messages: Message[] = [];
    for (const entry of entries) {
      if (entry.kind === "kept") {
        const after = messages.at(-1)?.id;
        kept.push({ line: entry.line, ...(after === undefined ? {} : { after }), record: entry.record });
        this.lose(entry.line, entry.code, `${entry.why}; kept in metadata["gemini-cli"].records`);
        continue;
      }
      for (const loss of entry.converted.losses) this.lose(entry.line, loss.code, loss.message);
      if (rewoundAt !== undefined)
        this.lose(
          entry.line,
          "branch-kept",
          `taken back by the rewind on line ${rewoundAt}; kept in metadata["gemini-cli"].branches`,
        );
      if (entry.converted.usage !== undefined) usages.push(entry.converted.usage);
      append(messages, entry.converted.messages);
    }
    return messages;
  }

  private document(
    messages: Message[],
    usages: Usage[],
    kept: JsonObject[],
    branches: JsonObject[],
    children: ChildRun[],
  ): Transcript {
    const session = this.session;
    const sessionId = typeof session.sessionId === "string" && session.sessionId !== "" ? session.sessionId : undefined;
    const path = this.options.path ?? this.path;
    const stem = splitPath(path).name.replace(/\.jsonl?(?:\.gz)?$/, "");
    // lastUpdated is written with the message that changed the session, not always with the last one: the latest
    // time of the session and its messages ends it.
    // So do the times the calls were last recorded, kept on their results (the results' message has none of its own).
    const times = messages.flatMap((message) => [
      ...(message.created_at === undefined ? [] : [message.created_at]),
      ...message.parts.flatMap((part) => {
        const at = part.type === "tool_result" ? part.provider_fields?.[geminiCliKey]?.timestamp : undefined;
        return typeof at === "string" && isDateTime(at) ? [at] : [];
      }),
    ]);
    const own: JsonObject = {};
    if (this.layout !== undefined) own.layout = this.layout;
    if (Object.keys(session).length > 0) own.session = session;
    if (kept.length > 0) own.records = kept;
    if (branches.length > 0) own.branches = branches;
    return sessionRunDocument({
      format: "gemini-cli",
      key: geminiCliKey,
      id: sessionId ?? (stem === "" ? "gemini-cli-session" : stem),
      title: typeof session.summary === "string" && session.summary !== "" ? session.summary : undefined,
      path,
      sessionId,
      importedAt: this.options.importedAt,
      first: dateOf(session.startTime) ?? times[0],
      last: latest([dateOf(session.lastUpdated), ...times]),
      hasRun: this.records > 0 || children.length > 0,
      status: "completed",
      children,
      usages,
      messages,
      metadata: own,
      lineOf: (message) => {
        const line = message.provider_fields?.[geminiCliKey]?.line;
        return typeof line === "number" ? line : undefined;
      },
      report: (line, code, message) => this.lose(line, code, message),
    });
  }
}

/** Whether a line is a JSONL record on its own: a message, an update, a rewind or a header. */
function isRecordLine(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return false;
  const parsed = parseJson(trimmed, { maxDepth: sessionLineDepth });
  if (!parsed.ok || !isJsonObject(parsed.value)) return false;
  const record = parsed.value;
  return (
    typeof record.id === "string" ||
    isJsonObject(record.$set) ||
    typeof record.$rewindTo === "string" ||
    typeof record.sessionId === "string"
  );
}

function latest(times: ReadonlyArray<string | undefined>): string | undefined {
  let found: { time: number; text: string } | undefined;
  for (const text of times) {
    if (text === undefined) continue;
    const time = Date.parse(text);
    if (!Number.isNaN(time) && (found === undefined || time >= found.time)) found = { time, text };
  }
  return found?.text;
}

function dateOf(value: unknown): string | undefined {
  return typeof value === "string" && isDateTime(value) ? value : undefined;
}
