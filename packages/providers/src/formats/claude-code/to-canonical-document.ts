/**
 * Once every file is read: each run's main chain and branches, its messages with their usage, its document, and
 * the child runs (sub-agent files, and sidechain records of an older main file) linked to the tool calls that
 * started them and embedded in the parent's `run.children`.
 */
import type { ChildRun, Message, Run, Transcript, Usage } from "@agent-transcript/core";
import {
  isJsonObject,
  setField,
  splitPath,
  type JsonObject,
  type SessionChild,
  type SessionImportOptions,
  type SessionImportResult,
  type SessionLossCode,
  type SessionLoss,
  emptySessionDocument,
  relativeToMain,
  sessionRunDocument,
  uniqueRunId,
} from "../../conversion/index.js";
import {
  claudeCodeKey,
  finishReasonOf,
  titleFields,
  type FileState,
  type KeptRecord,
  type Unit,
} from "./to-canonical-records.js";
import { mainChain, type TreeNode } from "./to-canonical-tree.js";

type Report = (file: FileState, line: number | undefined, code: SessionLossCode, message: string) => void;

/** One run: the main conversation of a file, or a sidechain group of an older main file. */
interface RunPart {
  file: FileState;
  key: string;
  nodes: TreeNode[];
  units: Unit[];
  kept: KeptRecord[];
}

/** How a child run is linked to the parent: the tool call that started it, and how that call ended. */
interface ChildLink {
  callId: string;
  status: Run["status"] | undefined;
  title: string | undefined;
}

function runsOf(file: FileState): RunPart[] {
  const runs = new Map<string, RunPart>();
  const runFor = (key: string): RunPart => {
    let run = runs.get(key);
    if (run === undefined) {
      run = { file, key, nodes: [], units: [], kept: [] };
      runs.set(key, run);
    }
    return run;
  };
  runFor("main");
  for (const node of file.nodes) {
    const run = runFor(file.nodeRun.get(node) ?? "main");
    node.index = run.nodes.length;
    run.nodes.push(node);
  }
  for (const unit of file.units) runFor(unit.run).units.push(unit);
  for (const record of file.kept) runFor(record.run).kept.push(record);
  return [...runs.values()];
}

export function assemble(
  files: readonly FileState[],
  losses: SessionLoss[],
  options: SessionImportOptions,
  report: Report,
): SessionImportResult {
  const main = files[0];
  if (main === undefined) {
    return { document: emptySessionDocument("claude-code", options), children: [], losses, files: [], records: 0 };
  }
  const sessionId = sessionIdOf(main);
  // Older versions kept every sub-agent's file beside the sessions of the project: only this session's are its own.
  const related = files.slice(1).filter((file) => {
    const own = sessionIdOf(file);
    return file.records > 0 && (sessionId === undefined || own === undefined || own === sessionId);
  });
  const mainUuids = main.byUuid;
  const runs = runsOf(main);
  // A sub-agent's file read on its own: its sidechain records are the run itself, and the session is its parent.
  const alone = runs.length === 2 && (runs[0] as RunPart).units.length === 0 ? (runs[1] as RunPart) : undefined;
  if (alone !== undefined) {
    const empty = runs.shift() as RunPart;
    alone.key = "main";
    alone.kept = [...empty.kept, ...alone.kept].sort((a, b) => a.line - b.line);
    alone.nodes = [...empty.nodes, ...alone.nodes].sort((a, b) => a.line - b.line);
    alone.nodes.forEach((node, index) => (node.index = index));
  }
  const [mainRun, ...sidechains] = runs;
  const links = childLinks(main);
  const sidecars = new Map<string, JsonObject>();
  for (const file of files.slice(1))
    if (file.sidecar?.fields !== undefined) sidecars.set(file.sidecar.agentId, file.sidecar.fields);
  const childParts: Array<{ run: RunPart; path: string }> = [];
  for (const run of sidechains) childParts.push({ run, path: "" });
  for (const file of related) for (const run of runsOf(file)) childParts.push({ run, path: file.path });
  const countedElsewhere = responsesCountedElsewhere([mainRun as RunPart, ...childParts.map((part) => part.run)]);

  // Each child's name and the call that started it: the sidecar's word first (written for this), then the call's result
  // and the agent's progress records, then the call's own input.
  const usedIds = new Set<string>();
  const parentId = alone === undefined ? documentId(main, options) : runAgentId(alone, main.path);
  const callOwners = new Map<string, RunPart>();
  for (const run of [mainRun as RunPart, ...childParts.map((part) => part.run)])
    for (const unit of run.units)
      for (const part of unit.parts)
        if (part.type === "tool_call" && !callOwners.has(part.id)) callOwners.set(part.id, run);
  const entries = childParts.map(({ run, path }) => {
    const agentId = runAgentId(run, path);
    const sidecar = sidecars.get(agentId);
    const link = links.byAgent.get(agentId);
    const sidecarCall =
      typeof sidecar?.toolUseId === "string" && sidecar.toolUseId !== "" ? sidecar.toolUseId : undefined;
    const callId = sidecarCall ?? link?.callId;
    const named = (value: unknown): string | undefined =>
      typeof value === "string" && value !== "" ? value : undefined;
    const title =
      named(sidecar?.description) ??
      (callId === undefined ? undefined : links.titles.get(callId)) ??
      named(sidecar?.agentType) ??
      (agentId.startsWith("acompact") ? "compaction" : undefined);
    const status = callId === undefined ? undefined : links.statuses.get(callId);
    return { run, path, agentId, runId: uniqueRunId(agentId, usedIds), sidecar, callId, title, status };
  });
  type Entry = (typeof entries)[number];
  // An agent a sub-agent started (spawnDepth 2 and deeper) is that agent's child, found by the call that started it.
  const ownerOf = (entry: Entry): Entry | undefined => {
    const owner = entry.callId === undefined ? undefined : callOwners.get(entry.callId);
    return owner === undefined || owner === entry.run ? undefined : entries.find((other) => other.run === owner);
  };
  const owners = new Map<Entry, Entry | undefined>(entries.map((entry) => [entry, ownerOf(entry)]));
  // A loop of agents each naming a call of another (no real file does) is cut where it is first met: that agent is the
  // session's child, the others nest under it.
  for (const entry of entries) {
    const owner = owners.get(entry);
    if (owner !== undefined && reaches(owners, owner, entry)) owners.set(entry, undefined);
  }
  const children: SessionChild[] = [];
  const building = new Set<Entry>();
  const childLink = (entry: Entry, parentRunId: string): ChildRun => {
    building.add(entry);
    const nested = ordered(
      entries
        .filter((other) => owners.get(other) === entry && !building.has(other))
        .map((other) => childLink(other, entry.runId)),
    );
    const document = runDocument(entry.run, report, {
      id: entry.runId,
      path: entry.path === "" ? (options.path ?? main.path) : entry.path,
      importedAt: options.importedAt,
      parent: { run_id: parentRunId, ...(entry.callId === undefined ? {} : { call_id: entry.callId }) },
      status: entry.status ?? "completed",
      inParent: (uuid) => mainUuids.has(uuid),
      children: nested,
      agent: entry.sidecar,
      countedElsewhere,
    });
    const child: ChildRun = { run_id: entry.runId };
    if (entry.title !== undefined) child.title = entry.title;
    child.status = document.run?.status ?? "completed";
    if (entry.callId !== undefined) child.call_id = entry.callId;
    if (entry.path !== "") child.location = relativeToMain(main.path, entry.path);
    child.transcript = document;
    children.push({ runId: entry.runId, path: entry.path, document });
    return child;
  };
  const topLinks = ordered(
    entries.filter((entry) => owners.get(entry) === undefined).map((entry) => childLink(entry, parentId)),
  );
  const orderedLinks = topLinks;
  const orderedChildren = [...children].sort((a, b) => startOfDocument(a.document) - startOfDocument(b.document));

  const document = runDocument(mainRun as RunPart, report, {
    id: parentId,
    path: options.path ?? main.path,
    importedAt: options.importedAt,
    parent: alone === undefined || sessionId === undefined ? undefined : { run_id: sessionId },
    status: "completed",
    inParent: () => false,
    children: orderedLinks,
    agent: undefined,
    countedElsewhere,
  });
  return {
    document,
    children: orderedChildren,
    losses,
    files: [
      main.path,
      ...related.map((file) => file.path),
      ...files.slice(1).flatMap((file) => (file.sidecar?.fields === undefined ? [] : [file.path])),
    ],
    records: main.records,
  };
}

function startOfDocument(document: Transcript | undefined): number {
  const at = document?.created_at;
  const time = at === undefined ? Number.NaN : Date.parse(at);
  return Number.isNaN(time) ? Number.MAX_SAFE_INTEGER : time;
}

/** Children in start order: the time of their first record, then as found. */
function ordered(links: ChildRun[]): ChildRun[] {
  return links
    .map((child, index) => ({ child, index, at: startOfDocument(child.transcript) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((entry) => entry.child);
}

/** Whether following owners from `from` comes back to `to`. */
function reaches<Entry>(owners: ReadonlyMap<Entry, Entry | undefined>, from: Entry, to: Entry): boolean {
  const seen = new Set<Entry>();
  for (
    let current: Entry | undefined = from;
    current !== undefined && !seen.has(current);
    current = owners.get(current)
  ) {
    if (current === to) return true;
    seen.add(current);
  }
  return false;
}

/**
 * Responses written again in another file of the session (a sub-agent's file repeating a record of another, a
 * workflow's agent replaying what it was given): the same `message.id`, from the same request (or a gateway's,
 * naming none), is one API call, its usage counted in the run that was read first, never twice.
 */
function responsesCountedElsewhere(runs: readonly RunPart[]): Map<Unit, { path: string; line: number }> {
  const first = new Map<string, { run: RunPart; unit: Unit }>();
  const elsewhere = new Map<Unit, { path: string; line: number }>();
  for (const run of runs)
    for (const unit of run.units) {
      if (unit.responseId === undefined || unit.usages.length === 0) continue;
      const seen = first.get(unit.responseId);
      if (seen === undefined) first.set(unit.responseId, { run, unit });
      else if (
        seen.run !== run &&
        (seen.unit.requestId === undefined || unit.requestId === undefined || seen.unit.requestId === unit.requestId)
      )
        elsewhere.set(unit, { path: seen.run.file.path, line: seen.unit.firstLine });
    }
  return elsewhere;
}

function runAgentId(run: RunPart, path: string): string {
  if (run.key.startsWith("sidechain:") && run.key.length > "sidechain:".length)
    return run.key.slice("sidechain:".length);
  if (run.file.agentId !== undefined && run.file.agentId !== "") return run.file.agentId;
  const match = /^agent-(.+?)\.jsonl(?:\.gz)?$/.exec(splitPath(path).name);
  if (match !== null) return match[1] as string;
  return path === "" ? "sidechain" : splitPath(path).name;
}

/**
 * The tool calls that started sub-agents, by agent id (from the results of the calls that started them, `Agent` or
 * `Task`, and from agent progress records); the title each call gives its agent (its description or agent type); and
 * how each call ended, by call id.
 */
function childLinks(main: FileState): {
  byAgent: Map<string, ChildLink>;
  titles: Map<string, string>;
  statuses: Map<string, Run["status"]>;
} {
  const links = new Map<string, ChildLink>();
  const titles = new Map<string, string>();
  const statuses = new Map<string, Run["status"]>();
  for (const unit of main.units)
    for (const part of unit.parts)
      if (part.type === "tool_call" && isJsonObject(part.input)) {
        const title = part.input.description ?? part.input.subagent_type;
        if (typeof title === "string") titles.set(part.id, title);
      }
  for (const record of main.kept) {
    const data = record.record.data;
    if (record.record.type !== "progress" || !isJsonObject(data) || data.type !== "agent_progress") continue;
    const callId = record.record.parentToolUseID;
    if (typeof data.agentId === "string" && typeof callId === "string" && !links.has(data.agentId))
      links.set(data.agentId, { callId, status: undefined, title: titles.get(callId) });
  }
  for (const unit of main.units)
    for (const part of unit.parts) {
      if (part.type !== "tool_result") continue;
      const result = part.provider_fields?.[claudeCodeKey]?.toolUseResult;
      if (!isJsonObject(result)) continue;
      const status = runStatusOf(result.status);
      if (status !== undefined) statuses.set(part.call_id, status);
      if (typeof result.agentId !== "string") continue;
      links.set(result.agentId, { callId: part.call_id, status, title: titles.get(part.call_id) });
    }
  return { byAgent: links, titles, statuses };
}

function runStatusOf(status: unknown): Run["status"] | undefined {
  if (status === "completed") return "completed";
  if (status === "failed" || status === "error") return "failed";
  if (status === "killed" || status === "interrupted" || status === "cancelled" || status === "canceled")
    return "canceled";
  return undefined;
}

interface RunContext {
  id: string;
  path: string;
  importedAt: string | undefined;
  parent: Run["parent"];
  status: Run["status"];
  inParent: (uuid: string) => boolean;
  children: ChildRun[];
  /** A sub-agent's sidecar, kept in its document's metadata. */
  agent: JsonObject | undefined;
  /** Responses whose usage another file's run counts (see {@link responsesCountedElsewhere}). */
  countedElsewhere: ReadonlyMap<Unit, { path: string; line: number }>;
}

/** The session id the file's records carry, if they carry a usable one. */
function sessionIdOf(file: FileState): string | undefined {
  const id = file.session.sessionId;
  return typeof id === "string" && id !== "" ? id : undefined;
}

function documentId(main: FileState, options: SessionImportOptions): string {
  const id = sessionIdOf(main);
  if (id !== undefined) return id;
  const name = splitPath(options.path ?? main.path).name.replace(/\.jsonl?(?:\.gz)?$/, "");
  return name === "" ? "claude-code-session" : name;
}

/**
 * A message's usage: the figures that hold every record's. Records of one response whose counts disagree (none holding
 * the others', which Claude Code never writes) leave no figures that are right: the largest is counted, and the others
 * are kept beside their records and named, so no count of them is dropped unsaid.
 */
function usageOf(unit: Unit, file: FileState, report: Report): Usage | undefined {
  const [first, ...others] = unit.usages;
  if (first === undefined) return undefined;
  if (others.length === 0) return first.value;
  let chosen = first;
  for (const entry of others) if (countOf(entry.value) >= countOf(chosen.value)) chosen = entry;
  const rest = unit.usages.filter((entry) => entry !== chosen);
  for (const entry of rest) setField(entry.fields, "usage", entry.raw);
  const lines = rest.flatMap((entry) => entry.lines).sort((a, b) => a - b);
  report(
    file,
    lines[0],
    "invalid-field",
    `the records of response ${unit.responseId ?? `at line ${unit.firstLine}`} disagree on its usage, none holding the others' counts: ${linesNamed(chosen.lines)}'s is counted (${countsNamed(chosen.value)}), the largest; not counted: ${rest.map((entry) => `${linesNamed(entry.lines)} (${countsNamed(entry.value)})`).join("; ")}, each kept on its last line's entry in provider_fields["claude-code"].lines`,
  );
  return chosen.value;
}

/** A usage's total, to choose between figures that disagree. */
function countOf(usage: Usage): number {
  return usage.input_tokens + usage.output_tokens;
}

function linesNamed(lines: readonly number[]): string {
  return lines.length === 1 ? `line ${lines[0]}` : `lines ${lines.join(", ")}`;
}

function countsNamed(usage: Usage): string {
  return `input ${usage.input_tokens}, output ${usage.output_tokens}`;
}

function toMessage(unit: Unit, usage: Usage | undefined): Message {
  // Built in the canonical examples' key order: identity and timing, the model's fields, the parts, then usage.
  const message = { id: unit.id ?? `line-${unit.firstLine}`, role: unit.role } as Message;
  if (unit.createdAt !== undefined) message.created_at = unit.createdAt;
  if (unit.lastAt !== undefined && unit.lastAt !== unit.createdAt && unit.role === "assistant")
    message.completed_at = unit.lastAt;
  if (unit.model !== undefined) message.model = unit.model;
  if (unit.responseId !== undefined) message.response_id = unit.responseId;
  if (unit.stopReason !== undefined) {
    const reason = finishReasonOf(unit.stopReason);
    if (reason !== undefined) message.finish_reason = reason;
    message.native_finish_reason = unit.stopReason;
  }
  message.parts = unit.parts;
  if (usage !== undefined) message.usage = usage;
  const fields: Record<string, JsonObject> = { [claudeCodeKey]: { lines: unit.lines } };
  if (unit.apiFields !== undefined) fields.anthropic = unit.apiFields;
  message.provider_fields = fields;
  return message;
}

function runDocument(run: RunPart, report: Report, context: RunContext): Transcript {
  const file = run.file;
  const { chain, branches } = mainChain(run.nodes, run.units, {
    byUuid: file.byUuid,
    inParent: context.inParent,
    missing: (node, message) => report(file, node.line, "parent-missing", message),
  });
  const usages: Usage[] = [];
  const messageOf = (unit: Unit): Message => {
    const counted = context.countedElsewhere.get(unit);
    if (counted !== undefined) {
      for (const entry of unit.usages) setField(entry.fields, "usage", entry.raw);
      report(
        file,
        unit.firstLine,
        "duplicate-line",
        `response ${unit.responseId ?? ""} was read first in ${splitPath(counted.path).name} (line ${counted.line}), where its usage is counted; not counted again (kept on its lines in provider_fields["claude-code"].lines)`,
      );
      return toMessage(unit, undefined);
    }
    const usage = usageOf(unit, file, report);
    if (usage !== undefined) usages.push(usage);
    return toMessage(unit, usage);
  };
  const messages: Message[] = [];
  for (const unit of run.units) if (chain.has(unit)) messages.push(messageOf(unit));
  const keptBranches = branches.map((branch) => {
    for (const unit of branch.units)
      report(
        file,
        unit.firstLine,
        "branch-kept",
        `off the main chain (a rewind or an abandoned answer); kept in metadata["claude-code"].branches`,
      );
    return {
      ...(branch.from === undefined ? {} : { from: branch.from }),
      messages: branch.units.map((unit) => messageOf(unit)),
    };
  });

  const own: JsonObject = {};
  const session: JsonObject = {};
  for (const key in file.session) if (Object.hasOwn(file.session, key)) setField(session, key, file.session[key]);
  if (Object.keys(session).length > 0) own.session = session;
  if (context.agent !== undefined) setField(own, "agent", context.agent);
  if (run.kept.length > 0) own.records = run.kept.map((kept) => ({ line: kept.line, record: kept.record }));
  if (keptBranches.length > 0) own.branches = keptBranches;

  const version = typeof file.session.version === "string" ? file.session.version : undefined;
  const title =
    run.key === "main"
      ? titleFields.map(([type]) => file.titles.get(type)).find((text) => text !== undefined)
      : undefined;
  return sessionRunDocument({
    format: "claude-code",
    key: claudeCodeKey,
    id: context.id,
    title,
    path: context.path,
    sessionId: sessionIdOf(file),
    importedAt: context.importedAt,
    version,
    first: run.key === "main" ? file.firstAt?.text : firstTime(run),
    last: run.key === "main" ? file.lastAt?.text : lastTime(run),
    hasRun: file.records > 0 || context.children.length > 0,
    status: context.status,
    parent: context.parent,
    children: context.children,
    usages,
    messages,
    metadata: own,
    report: (line, code, message) => report(file, line, code, message),
  });
}

function firstTime(run: RunPart): string | undefined {
  let first: { time: number; text: string } | undefined;
  for (const unit of run.units) {
    if (unit.createdAt === undefined) continue;
    const time = Date.parse(unit.createdAt);
    if (first === undefined || time < first.time) first = { time, text: unit.createdAt };
  }
  return first?.text;
}

function lastTime(run: RunPart): string | undefined {
  let last: { time: number; text: string } | undefined;
  for (const unit of run.units) {
    if (unit.lastAt === undefined) continue;
    const time = Date.parse(unit.lastAt);
    if (last === undefined || time >= last.time) last = { time, text: unit.lastAt };
  }
  return last?.text;
}
