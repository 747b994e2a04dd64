import { stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { describeCount, withIndefiniteArticle } from "@agent-transcript/core/text";
import { isSessionFormatId, type SessionFormatId } from "@agent-transcript/providers";
import { importSession } from "@agent-transcript/providers/node";
import { exitCodes, messageLine, paint, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { skippedLines, type SkippedFile } from "../../skipped-files.js";
import {
  agentSessionLocations,
  defaultSessionFolders,
  findAgentSessions,
  findLoneSubAgents,
  type AgentSessionLocation,
} from "../../session-locations.js";

export interface SessionsCommandOptions {
  /** Only this agent's sessions. */
  agent?: string;
  /** Instead of the home directory: a folder holding the agents' folders (`.claude`, …), or one agent's folder. */
  root?: string;
  json?: boolean;
  /** Name each file passed over (a sub-agent without its session), not only count them. */
  verbose?: boolean;
}

/** One session of the listing. */
export interface SessionSummary {
  agent: SessionFormatId;
  path: string;
  /** The project the layout names (Claude Code's project folder, Gemini CLI's project hash); null when it names none. */
  project: string | null;
  sessionId: string | null;
  startedAt: string | null;
  messages: number;
  /** The session's tokens, its sub-agents' included; null when it records none. */
  tokens: { input: number; output: number; total: number } | null;
  /** The models that answered, in the order they first did. */
  models: string[];
}

/** What `sessions --json` prints: the sessions, newest first, the files that could not be read, and those passed over. */
export interface SessionsReport {
  sessions: SessionSummary[];
  warnings: Array<{ path: string; message: string }>;
  /** Files that are no session of their own: a sub-agent whose session is not beside it. */
  skipped: SkippedFile[];
}

/** The agents the listing can read: a row in the location table and an importer in the registry. */
export function listableAgents(): AgentSessionLocation[] {
  return agentSessionLocations.filter((location) => isSessionFormatId(location.agent));
}

/**
 * The agent's own folders: `<root>/<folder>` when the root holds it, else the root itself (given as the agent's folder);
 * with no root, where the agent keeps them by its own variables (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`, `GEMINI_CLI_HOME`),
 * as `usage` and `runs` read them.
 */
async function agentRoots(location: AgentSessionLocation, root: string | undefined): Promise<string[]> {
  if (root === undefined)
    return [
      ...new Set(
        defaultSessionFolders(process.env, homedir())
          .filter((folder) => folder.agent === location.agent)
          // The defaults name the sessions' folder; the location's levels start from the agent's folder above it.
          .map((folder) => path.dirname(folder.folder)),
      ),
    ];
  const inside = path.join(root, location.folder);
  try {
    if ((await stat(inside)).isDirectory()) return [inside];
  } catch {
    // No agent folder inside: the root is the agent's folder.
  }
  return [root];
}

function summaryOf(
  agent: SessionFormatId,
  file: string,
  project: string | null,
  outcome: Awaited<ReturnType<typeof importSession>>,
): SessionSummary | string {
  if (!outcome.ok) return outcome.message;
  if (outcome.records === 0) {
    // Nothing in it was a record: the first loss says why (a damaged single-file session names its line and column).
    const first = outcome.losses[0];
    return first === undefined
      ? `no line is a ${agent} record`
      : `${first.line === undefined ? "" : `line ${first.line}: `}${first.code}: ${first.message}`;
  }
  const document = outcome.document;
  const usage = document.run?.usage_including_children ?? document.usage;
  const models: string[] = [];
  for (const message of document.messages)
    if (message.model !== undefined && !models.includes(message.model)) models.push(message.model);
  return {
    agent,
    path: file,
    project,
    sessionId: document.source?.session_id ?? null,
    startedAt: document.created_at ?? null,
    messages: document.messages.length,
    tokens:
      usage === undefined
        ? null
        : {
            input: usage.input_tokens,
            output: usage.output_tokens,
            total: usage.total_tokens ?? usage.input_tokens + usage.output_tokens,
          },
    models,
  };
}

const columns = ["AGENT", "PROJECT", "STARTED", "MESSAGES", "TOKENS", "MODEL", "PATH"] as const;

function tableRows(sessions: readonly SessionSummary[]): string[][] {
  return sessions.map((session) => [
    session.agent,
    session.project ?? "-",
    session.startedAt ?? "-",
    String(session.messages),
    session.tokens === null ? "-" : String(session.tokens.total),
    session.models.length === 0 ? "-" : session.models.join(", "),
    session.path,
  ]);
}

function table(io: CommandIo, sessions: readonly SessionSummary[]): string {
  // Input shown escaped, so a name cannot act on the terminal or break the columns.
  const rows = tableRows(sessions).map((row) => row.map((cell) => shown(cell)));
  const widths = columns.map((title) => title.length);
  for (const row of rows) row.forEach((cell, index) => (widths[index] = Math.max(widths[index] ?? 0, cell.length)));
  const numeric = new Set([3, 4]);
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => {
        const width = widths[index] ?? 0;
        if (index === cells.length - 1) return cell;
        return numeric.has(index) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ");
  return [paint(io, "dim", line(columns)), ...rows.map(line)].join("\n") + "\n";
}

export async function runSessions(options: SessionsCommandOptions, io: CommandIo): Promise<number> {
  const agents = listableAgents().filter((location) => options.agent === undefined || location.agent === options.agent);
  if (agents.length === 0)
    throw new UserError(
      `--agent ${options.agent ?? ""}: no sessions of that agent can be read; one of ${listableAgents()
        .map((location) => location.agent)
        .join(", ")}`,
      exitCodes.usage,
    );
  if (options.root !== undefined) {
    let isFolder: boolean;
    try {
      isFolder = (await stat(options.root)).isDirectory();
    } catch {
      isFolder = false;
    }
    if (!isFolder) {
      io.stderr(messageLine(`${options.root}: --root must be a folder that exists`));
      return exitCodes.failure;
    }
  }
  const report: SessionsReport = { sessions: [], warnings: [], skipped: [] };
  const warn = (file: string, message: string): void => {
    report.warnings.push({ path: file, message });
    if (!options.json) io.stderr(messageLine(`${file}: warning: ${message}`));
  };
  const files: Array<{ agent: SessionFormatId; path: string; project: string | null }> = [];
  for (const location of agents) {
    for (const root of await agentRoots(location, options.root)) {
      for (const found of await findAgentSessions(location, root, warn))
        files.push({ agent: location.agent as SessionFormatId, ...found });
      // A sub-agent is read with its session; one whose session is not there would be passed over unseen.
      if (location.agent === "claude-code")
        for (const lone of await findLoneSubAgents(root, warn))
          report.skipped.push({
            path: lone.path,
            kind: "sub-agent without its session",
            reason: `a sub-agent's file whose session${lone.session === undefined ? "" : ` (${lone.session}.jsonl)`} is not beside it; \`agent-transcript stats ${lone.path}\` reads it alone`,
          });
    }
  }
  // Progress is for a person watching: only on a terminal, and on stderr, so stdout stays data.
  const progress = io.stderrIsTerminal === true && files.length > 0;
  for (const [index, file] of files.entries()) {
    if (progress) io.stderr(`\rreading sessions: ${index + 1}/${files.length}\u001b[K`);
    const outcome = await importSession(file.path, { format: file.agent });
    const summary = summaryOf(file.agent, file.path, file.project, outcome);
    if (typeof summary === "string") {
      if (progress) io.stderr("\r\u001b[K");
      warn(file.path, `cannot be read as ${withIndefiniteArticle(`${file.agent} session`)}: ${summary}`);
    } else report.sessions.push(summary);
  }
  if (progress) io.stderr("\r\u001b[K");
  // Newest first; a session with no start time last; then by path, so the order is stable.
  report.sessions.sort((a, b) => {
    const at = (session: SessionSummary) =>
      session.startedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(session.startedAt);
    return at(b) - at(a) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  });
  if (options.json) writeData(io, `${JSON.stringify(report, null, 2)}\n`);
  else if (report.sessions.length > 0) writeData(io, table(io, report.sessions));
  else
    io.stderr(
      messageLine(
        `agent-transcript: no sessions found (${agents.map((location) => location.agent).join(", ")})${options.root === undefined ? "" : ` under ${options.root}`}`,
      ),
    );
  if (!options.json)
    for (const line of skippedLines(report.skipped, options.verbose ? "verbose" : "normal")) io.stderr(line);
  if (!options.json && report.warnings.length > 0)
    io.stderr(messageLine(`agent-transcript: ${describeCount(report.warnings.length, "warning")}`));
  return exitCodes.success;
}
