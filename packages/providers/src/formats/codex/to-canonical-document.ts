/**
 * Once every file is read: the echoes settled (an `event_msg` that repeats an item is dropped, one that stands alone
 * is the message), each turn's usage worked out from the cumulative counters, each file's document built, and the
 * child rollouts embedded in their parent's `run.children`, the parent's usage rolled up with theirs.
 */
import type { ChildRun, Message, Run, Transcript, Usage } from "@agent-transcript/core";
import { sumUsageChecked } from "@agent-transcript/core";
import {
  isJsonObject,
  splitPath,
  type JsonObject,
  type SessionChild,
  type SessionImportOptions,
  type SessionImportResult,
  type SessionLoss,
  type SessionLossCode,
  clampedTotalMessage,
  emptySessionDocument,
  relativeToMain,
  sessionRunDocument,
  uniqueRunId,
} from "../../conversion/index.js";
import { codexKey, parentOf, type Counters, type FileState, type Spoken, type Unit } from "./to-canonical-records.js";

type Report = (file: FileState, line: number | undefined, code: SessionLossCode, message: string) => void;

/** The counters since `base`: the difference, or the counters themselves when they went down (a new count). */
function since(total: Counters, base: Counters | undefined): Counters {
  if (base === undefined) return total;
  const delta: Counters = {};
  for (const key of Object.keys(total)) {
    const value = (total[key] as number) - (base[key] ?? 0);
    if (value < 0) return total;
    delta[key] = value;
  }
  return delta;
}

/** Codex's counters as canonical usage: cached input is part of input, reasoning part of output, as in Responses. */
export function usageOf(counters: Counters): Usage | undefined {
  const input = counters.input_tokens ?? 0;
  const output = counters.output_tokens ?? 0;
  const usage: Usage = { input_tokens: input, output_tokens: output };
  const cached = counters.cached_input_tokens;
  if (cached !== undefined) {
    if (cached > input) return undefined;
    usage.cache_read_tokens = cached;
  }
  const written = counters.cache_write_input_tokens;
  if (written !== undefined && written > 0) {
    if (written + (cached ?? 0) > input) return undefined;
    usage.cache_write_tokens = written;
  }
  const reasoning = counters.reasoning_output_tokens;
  if (reasoning !== undefined) {
    if (reasoning > output) return undefined;
    usage.reasoning_tokens = reasoning;
  }
  // Without Codex's own total, input + output is one only while a double holds it exactly; past that, sums add them.
  const total = counters.total_tokens ?? input + output;
  if (Number.isSafeInteger(total)) usage.total_tokens = total;
  usage.raw = { provider: "codex", usage: { ...counters } };
  return usage;
}

function sessionIdOf(file: FileState): string | undefined {
  const id = file.meta?.id;
  return typeof id === "string" && id !== "" ? id : undefined;
}

function documentId(file: FileState, path: string): string {
  const id = sessionIdOf(file);
  if (id !== undefined) return id;
  const name = splitPath(path).name.replace(/\.jsonl(?:\.zst|\.gz)?$/, "");
  return name === "" ? "codex-session" : name;
}

/**
 * The echoes that repeat the item written next to them, with that item's line. Codex writes each echo right before or
 * after its item, in the same turn, so the place tells them apart where the text cannot: a rollout whose texts were
 * redacted has each copy replaced apart, and the same words can be said twice. An item repeated by one echo only; an
 * echo with no item of its kind beside it (older rollouts wrote only the event) stands alone.
 */
function echoesBeside(file: FileState): Map<Unit, number> {
  const repeated = new Map<Unit, number>();
  const paired = new Set<Spoken>();
  const { spoken } = file;
  spoken.forEach((entry, index) => {
    const echo = entry.echo;
    // An echo whose text an item holds is settled by that text.
    if (echo === undefined || file.texts.has((echo.echo as string).trim())) return;
    const candidates = [spoken[index - 1], spoken[index + 1]].filter(
      (item): item is Spoken =>
        item !== undefined &&
        item.echo === undefined &&
        item.kind === entry.kind &&
        item.turn === entry.turn &&
        !paired.has(item),
    );
    const item = candidates[0];
    if (item === undefined) return;
    paired.add(item);
    repeated.set(echo, item.line);
  });
  return repeated;
}

/** Settles a file's echoes and its turns' usage; returns the messages' units and the usage of each turn. */
function settle(file: FileState, report: Report): { units: Unit[]; usages: Usage[]; unattributed: JsonObject[] } {
  const units: Unit[] = [];
  const repeated = echoesBeside(file);
  const standalonePrompts = new Map<string, Unit>();
  for (const unit of file.units) {
    const item = repeated.get(unit);
    if (item !== undefined) {
      report(
        file,
        unit.firstLine,
        "duplicate-line",
        `an event_msg that repeats the response_item at line ${item}, written beside it in the same turn; read once, from the item`,
      );
      continue;
    }
    if (unit.echo !== undefined && file.texts.has(unit.echo.trim())) {
      report(
        file,
        unit.firstLine,
        "duplicate-line",
        "an event_msg that repeats a response_item; read once, from the item",
      );
      continue;
    }
    // A prompt written both as a completed UserMessage item and as a user_message event, with no response_item of
    // it: read once, from the first of the two.
    if (unit.echo !== undefined && unit.role === "user") {
      const key = `${unit.turn}\u0000${unit.echo.trim()}`;
      const earlier = standalonePrompts.get(key);
      if (earlier !== undefined && (earlier.echoType === "item_completed") !== (unit.echoType === "item_completed")) {
        report(
          file,
          unit.firstLine,
          "duplicate-line",
          `an event_msg ${unit.echoType ?? "user_message"} that repeats the prompt at line ${earlier.firstLine}; read once`,
        );
        continue;
      }
      standalonePrompts.set(key, unit);
    }
    // An echo read once no longer splits the assistant's turn: the items around it are one message again.
    const previous = units.at(-1);
    if (
      previous !== undefined &&
      previous.echo === undefined &&
      unit.echo === undefined &&
      previous.role === unit.role &&
      (unit.role === "assistant" || unit.role === "tool") &&
      previous.turn === unit.turn
    ) {
      for (const part of unit.parts) previous.parts.push(part);
      for (const entry of unit.lines) previous.lines.push(entry);
      if (unit.lastAt !== undefined) previous.lastAt = unit.lastAt;
      previous.model ??= unit.model;
      continue;
    }
    units.push(unit);
  }
  const usages: Usage[] = [];
  const unattributed: JsonObject[] = [];
  // Each turn's usage goes on its last assistant message: found in one pass, not by a search per turn.
  const lastAssistant = new Map<number, Unit>();
  for (const unit of units) if (unit.role === "assistant") lastAssistant.set(unit.turn, unit);
  let base = file.baseline;
  for (const turn of file.turns) {
    if (turn.total === undefined) continue;
    const delta = since(turn.total, base);
    base = turn.total;
    const usage = usageOf(delta);
    const last = turn.lines.at(-1) as number;
    if (usage === undefined) {
      report(file, last, "invalid-field", "a token_count whose counters do not add up; not counted");
      unattributed.push({ lines: turn.lines, counters: turn.total });
      continue;
    }
    usages.push(usage);
    const owner = lastAssistant.get(turn.index);
    if (owner === undefined) {
      unattributed.push({ lines: turn.lines, usage: usage as unknown as JsonObject });
      continue;
    }
    if (owner.usage === undefined) owner.usage = usage;
    else {
      // A turn whose counters fell counts each stretch: their sum is the message's.
      const sum = sumUsageChecked([owner.usage, usage]);
      owner.usage = sum.usage;
      for (const count of sum.clamped)
        report(
          file,
          last,
          "clamped-total",
          clampedTotalMessage(`/messages/${units.indexOf(owner)}/usage/${count.counter}`, count),
        );
    }
    for (const line of turn.lines) owner.lines.push({ line, type: "event_msg:token_count" });
  }
  return { units, usages, unattributed };
}

function toMessage(unit: Unit): Message {
  const message = { id: `line-${unit.firstLine}`, role: unit.role } as Message;
  if (unit.createdAt !== undefined) message.created_at = unit.createdAt;
  if (unit.role === "assistant" && unit.lastAt !== undefined && unit.lastAt !== unit.createdAt)
    message.completed_at = unit.lastAt;
  if (unit.model !== undefined) message.model = unit.model;
  message.parts = unit.parts;
  if (unit.usage !== undefined) message.usage = unit.usage;
  message.provider_fields = {
    [codexKey]: { lines: unit.lines, ...(unit.injected === undefined ? {} : { injected: unit.injected }) },
  };
  return message;
}

interface RunContext {
  id: string;
  path: string;
  importedAt: string | undefined;
  parent: Run["parent"];
  children: ChildRun[];
}

function runDocument(file: FileState, report: Report, context: RunContext): Transcript {
  const { units, usages, unattributed } = settle(file, report);
  const messages = units.map(toMessage);
  const meta = file.meta;
  const version = typeof meta?.cli_version === "string" ? meta.cli_version : undefined;
  const metadata: JsonObject = {};
  if (meta !== undefined) {
    metadata.session = meta;
    metadata.session_line = file.metaLine as number;
  }
  if (file.kept.length > 0) metadata.records = file.kept.map((kept) => ({ line: kept.line, record: kept.record }));
  if (file.inherited.length > 0)
    metadata.inherited = file.inherited.map((kept) => ({ line: kept.line, record: kept.record }));
  if (unattributed.length > 0) metadata.turn_usage = unattributed;
  return sessionRunDocument({
    format: "codex",
    key: codexKey,
    id: context.id,
    path: context.path,
    sessionId: sessionIdOf(file),
    importedAt: context.importedAt,
    version,
    first: file.firstAt,
    last: file.lastAt,
    hasRun: file.records > 0 || context.children.length > 0,
    status: "completed",
    parent: context.parent,
    children: context.children,
    usages,
    messages,
    metadata,
    report: (line, code, message) => report(file, line, code, message),
  });
}

/** A related rollout kept as a child, with the id of the run that started it. */
export interface ChildFile {
  file: FileState;
  parentId: string;
}

export function assemble(
  main: FileState | undefined,
  childFiles: readonly ChildFile[],
  losses: SessionLoss[],
  options: SessionImportOptions,
  report: Report,
): SessionImportResult {
  if (main === undefined)
    return { document: emptySessionDocument("codex", options), children: [], losses, files: [], records: 0 };
  const mainPath = options.path ?? main.path;
  const mainId = documentId(main, mainPath);
  // Built deepest first (a child's rollout comes after its parent's), so each embeds its own children.
  const byParent = new Map<string, ChildRun[]>();
  const built = new Map<FileState, SessionChild>();
  const usedIds = new Set<string>([mainId]);
  for (const { file, parentId } of [...childFiles].reverse()) {
    const runId = uniqueRunId(documentId(file, file.path), usedIds);
    const document = runDocument(file, report, {
      id: runId,
      path: file.path,
      importedAt: options.importedAt,
      parent: { run_id: parentId },
      children: (byParent.get(runId) ?? []).reverse(),
    });
    const child: ChildRun = { run_id: runId, status: "completed" };
    const nickname = file.meta?.agent_nickname;
    const source = file.meta?.source;
    const title =
      typeof nickname === "string"
        ? nickname
        : isJsonObject(source) && typeof source.subagent === "string"
          ? source.subagent
          : undefined;
    if (title !== undefined) child.title = title;
    child.location = relativeToMain(mainPath, file.path);
    child.transcript = document;
    const list = byParent.get(parentId) ?? [];
    list.push(child);
    byParent.set(parentId, list);
    built.set(file, { runId, path: file.path, document });
  }
  const parentId = main.meta === undefined ? undefined : parentOf(main.meta);
  const document = runDocument(main, report, {
    id: mainId,
    path: mainPath,
    importedAt: options.importedAt,
    parent: parentId === undefined ? undefined : { run_id: parentId },
    children: (byParent.get(mainId) ?? []).reverse(),
  });
  // Every child run, nested ones too, depth first in the order of the `run.children` they are in.
  const byRunId = new Map([...built.values()].map((child) => [child.runId, child]));
  const children: SessionChild[] = [];
  const walk = (links: readonly ChildRun[] | undefined): void => {
    for (const link of links ?? []) {
      const child = byRunId.get(link.run_id);
      if (child === undefined) continue;
      children.push(child);
      walk(child.document.run?.children);
    }
  };
  walk(document.run?.children);
  return {
    document,
    children,
    losses,
    files: [main.path, ...childFiles.map(({ file }) => file.path)],
    records: main.records,
  };
}
