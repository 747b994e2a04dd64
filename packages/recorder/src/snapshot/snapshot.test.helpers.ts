// Real git repositories in temporary folders, and trees compared byte for byte (modes and links included).
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export function temporaryFolder(prefix = "snapshot-test-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

/** Runs git in `cwd` with a fixed identity and no user configuration, returning its stdout. */
export function runGit(cwd: string, args: readonly string[], input?: string): string {
  return execFileSync("git", [...args], {
    cwd,
    encoding: "utf8",
    input,
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: "Test",
      GIT_AUTHOR_EMAIL: "test@example.com",
      GIT_COMMITTER_NAME: "Test",
      GIT_COMMITTER_EMAIL: "test@example.com",
    },
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function initRepository(folder: string): string {
  runGit(path.dirname(folder), ["init", "-q", "-b", "main", folder]);
  return folder;
}

export function commitAll(folder: string, message = "commit"): string {
  runGit(folder, ["add", "-A"]);
  runGit(folder, ["commit", "-q", "--allow-empty", "-m", message]);
  return runGit(folder, ["rev-parse", "HEAD"]).trim();
}

/** A fresh clone of `source` checked out at `commit`, in `folder`. */
export function cloneAt(source: string, folder: string, commit: string): string {
  runGit(path.dirname(folder), ["clone", "-q", "--no-checkout", source, folder]);
  runGit(folder, ["checkout", "-q", commit]);
  return folder;
}

export interface TreeEntry {
  kind: "file" | "link";
  executable: boolean;
  content: string;
}

/** Every path under `folder` but `.git` and `ignore`: kind, exec bit, and content (base64) or link target. */
export function treeOf(folder: string, ignore: readonly string[] = []): Record<string, TreeEntry> {
  const tree: Record<string, TreeEntry> = {};
  const walk = (relative: string): void => {
    for (const name of readdirSync(path.join(folder, relative)).sort()) {
      const child = relative === "" ? name : `${relative}/${name}`;
      if (name === ".git" || ignore.includes(child)) continue;
      const absolute = path.join(folder, child);
      const stats = lstatSync(absolute);
      if (stats.isSymbolicLink()) tree[child] = { kind: "link", executable: false, content: readlinkSync(absolute) };
      else if (stats.isDirectory()) walk(child);
      else
        tree[child] = {
          kind: "file",
          executable: (stats.mode & 0o111) !== 0,
          content: readFileSync(absolute).toString("base64"),
        };
    }
  };
  walk("");
  return tree;
}
