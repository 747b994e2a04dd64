/**
 * Where each coding agent keeps its sessions on the user's machine, and the walk that finds them there. The table names
 * agents by their session format id; `sessions` lists an agent only once its importer is in the providers' registry,
 * so an agent added to the registry shows up here by a row of this table, nothing more.
 */
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";

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
