/**
 * Where each coding agent keeps its sessions on the user's machine, and the walk that finds them there. The table names
 * agents by their session format id; `sessions` lists an agent only once its importer is in the providers' registry,
 * so an agent added to the registry shows up here by a row of this table, nothing more.
 */
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { UserError } from "./io.js";

/** One agent's sessions: its folder in the home directory and the path below it, level by level, to each session. */
export interface AgentSessionLocation {
  /** The agent's session format id. */
  agent: string;
  /** Its folder in the home directory. */
  folder: string;
  /** The path from that folder to a session file: a fixed name or a pattern per level, the last naming the files. */
  levels: ReadonlyArray<string | RegExp>;
  /** The level whose folder name is the session's project, when the layout has one. */
  projectLevel?: number;
}

// prettier-ignore
export const agentSessionLocations: readonly AgentSessionLocation[] = [
  // ~/.claude/projects/<project>/<session>.jsonl; sub-agents (`agent-*.jsonl`, `<session>/subagents/`) are read with their session.
  { agent: "claude-code", folder: ".claude", levels: ["projects", /^[^.]/, /^(?!agent-).+\.jsonl$/], projectLevel: 1 },
  // ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl, compressed as .jsonl.zst by newer versions.
  { agent: "codex", folder: ".codex", levels: ["sessions", /^\d{4}$/, /^\d{2}$/, /^\d{2}$/, /^rollout-.+\.jsonl(?:\.zst)?$/] },
  // ~/.gemini/tmp/<project hash>/chats/session-*.json (before v0.40) and .jsonl.
  { agent: "gemini-cli", folder: ".gemini", levels: ["tmp", /^[^.]/, "chats", /^session-.+\.jsonl?$/], projectLevel: 1 },
];

/** A session file found, with its project when the layout names one. */
export interface FoundAgentSession {
  path: string;
  project: string | null;
}

/** Whether `inside` is `folder` or below it (both real paths). */
function isWithin(folder: string, inside: string): boolean {
  const relative = path.relative(folder, inside);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * The session files of one agent under `root` (the agent's own folder), in path order. A symbolic link is followed
 * only when what it points to stays inside the root; one that leaves it is reported, not followed.
 */
export async function findAgentSessions(
  location: AgentSessionLocation,
  root: string,
  warn: (path: string, message: string) => void,
): Promise<FoundAgentSession[]> {
  const found: FoundAgentSession[] = [];
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return found;
  }
  const walk = async (folder: string, level: number, project: string | null): Promise<void> => {
    const pattern = location.levels[level] as string | RegExp;
    const last = level === location.levels.length - 1;
    let names: string[];
    try {
      names = typeof pattern === "string" ? [pattern] : (await readdir(folder)).sort();
    } catch (caught) {
      warn(folder, `cannot read the folder: ${reasonOf(caught)}`);
      return;
    }
    for (const name of names) {
      if (typeof pattern !== "string" && !pattern.test(name)) continue;
      const entry = path.join(folder, name);
      let stats;
      try {
        const link = await lstat(entry);
        if (link.isSymbolicLink()) {
          const target = await realpath(entry);
          if (!isWithin(realRoot, target)) {
            warn(entry, "a symbolic link out of the sessions folder; not followed");
            continue;
          }
          stats = await stat(target);
        } else stats = link;
      } catch (caught) {
        // A fixed name that is not there is an agent version without that folder, not a problem.
        if (typeof pattern !== "string") warn(entry, `cannot read: ${reasonOf(caught)}`);
        continue;
      }
      const projectHere = level === location.projectLevel ? name : project;
      if (last) {
        if (stats.isFile()) found.push({ path: entry, project: projectHere });
      } else if (stats.isDirectory()) await walk(entry, level + 1, projectHere);
    }
  };
  await walk(root, 0, null);
  return found;
}

function reasonOf(caught: unknown): string {
  const code = (caught as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : caught instanceof Error ? caught.message : String(caught);
}

/** A Claude Code sub-agent's file: `agent-<id>.jsonl`, beside its session (older versions) or in `<session>/subagents/`. */
const subAgentFile = /^agent-.+\.jsonl$/;

/** The session a sub-agent's file belongs to: its folder's name in `<session>/subagents/`, else its first `sessionId`. */
async function subAgentSession(file: string): Promise<string | undefined> {
  const folder = path.dirname(file);
  if (path.basename(folder) === "subagents") return path.basename(path.dirname(folder));
  const { readSessionLines } = await import("@agent-transcript/providers/node");
  let looked = 0;
  for await (const line of readSessionLines(file)) {
    const match = /"sessionId"\s*:\s*"([^"\\/]+)"/.exec(line.text);
    if (match !== null) return match[1];
    if ((looked += 1) >= 64) break;
  }
  return undefined;
}

/**
 * Claude Code's sub-agent files under `root` (its `.claude` folder) whose session is not beside them: a sub-agent
 * copied or kept without its session. The listing reads sub-agents with their session, so these would otherwise go
 * unseen.
 */
export async function findLoneSubAgents(
  root: string,
  warn: (path: string, message: string) => void,
): Promise<Array<{ path: string; session: string | undefined }>> {
  const lone: Array<{ path: string; session: string | undefined }> = [];
  const beside: AgentSessionLocation = {
    agent: "claude-code",
    folder: ".claude",
    levels: ["projects", /^[^.]/, subAgentFile],
  };
  const nested: AgentSessionLocation = {
    agent: "claude-code",
    folder: ".claude",
    levels: ["projects", /^[^.]/, /^[^.]/, "subagents", subAgentFile],
  };
  const files = [...(await findAgentSessions(beside, root, warn)), ...(await findAgentSessions(nested, root, warn))];
  for (const { path: file } of files) {
    let session: string | undefined;
    try {
      session = await subAgentSession(file);
    } catch {
      session = undefined;
    }
    const projectFolder =
      path.basename(path.dirname(file)) === "subagents"
        ? path.dirname(path.dirname(path.dirname(file)))
        : path.dirname(file);
    const parent = session === undefined ? undefined : path.join(projectFolder, `${session}.jsonl`);
    const found =
      parent === undefined
        ? false
        : await lstat(parent).then(
            (stats) => stats.isFile(),
            () => false,
          );
    if (!found) lone.push({ path: file, session });
  }
  return lone.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A folder where an agent keeps its sessions on this machine, and what named it. */
export interface DefaultSessionFolder {
  agent: string;
  folder: string;
  /** The environment variable that placed it, or `default`. */
  from: string;
}

/**
 * Where each agent keeps its sessions, as the agents themselves decide: Claude Code under `CLAUDE_CONFIG_DIR` (a
 * comma-separated list, as ccusage reads it) or else both `~/.config/claude` (newer versions) and `~/.claude`; Codex
 * under `CODEX_HOME` or `~/.codex`; Gemini CLI under `GEMINI_CLI_HOME` (the folder holding `.gemini`) or the home
 * directory. Folders that do not exist are included: the caller says which it found.
 */
export function defaultSessionFolders(environment: NodeJS.ProcessEnv, home: string): DefaultSessionFolder[] {
  const folders: DefaultSessionFolder[] = [];
  const claude = (environment.CLAUDE_CONFIG_DIR ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (claude.length > 0)
    for (const entry of claude)
      folders.push({ agent: "claude-code", folder: path.join(entry, "projects"), from: "CLAUDE_CONFIG_DIR" });
  else
    for (const entry of [path.join(home, ".config", "claude"), path.join(home, ".claude")])
      folders.push({ agent: "claude-code", folder: path.join(entry, "projects"), from: "default" });
  const codex = environment.CODEX_HOME;
  folders.push({
    agent: "codex",
    folder: path.join(codex !== undefined && codex !== "" ? codex : path.join(home, ".codex"), "sessions"),
    from: codex !== undefined && codex !== "" ? "CODEX_HOME" : "default",
  });
  const gemini = environment.GEMINI_CLI_HOME;
  folders.push({
    agent: "gemini-cli",
    folder: path.join(gemini !== undefined && gemini !== "" ? gemini : home, ".gemini", "tmp"),
    from: gemini !== undefined && gemini !== "" ? "GEMINI_CLI_HOME" : "default",
  });
  return folders;
}

/**
 * What a report over every run reads: the inputs named, else each agent's own folder that exists on this machine
 * (once each, however many variables name it). None at all is an error that says where it looked.
 */
export async function inputsOrAgentFolders(inputs: readonly string[]): Promise<string[]> {
  if (inputs.length > 0) return [...inputs];
  const found: string[] = [];
  const seen = new Set<string>();
  const folders = defaultSessionFolders(process.env, homedir());
  for (const { folder } of folders) {
    try {
      if (!(await stat(folder)).isDirectory()) continue;
      const real = await realpath(folder);
      if (seen.has(real)) continue;
      seen.add(real);
      found.push(folder);
    } catch {
      // An agent this machine does not have.
    }
  }
  if (found.length === 0)
    throw new UserError(
      `no agent sessions found: looked in ${folders.map(({ folder }) => folder).join(", ")}; name session files, event logs or folders`,
    );
  return found;
}
