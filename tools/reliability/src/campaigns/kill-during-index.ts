/**
 * SIGKILL during an indexing of the run index: `agent-transcript index` (the real command, a process of its own)
 * indexes ten recorded agent sessions (sub-agents, 3 MB the largest) into a new SQLite database and is killed at a
 * random moment within the time a whole indexing takes (measured first); then the database is checked as the kill
 * left it, searched, and indexed again.
 *
 * A case survives when: the database the kill left (if it was made yet) passes SQLite's `integrity_check`; `search`
 * on it answers (found or not found, never an error); indexing again finishes, and then `usage` answers exactly what
 * it answers from a database that was never interrupted.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import SQLite from "better-sqlite3";
import { Tally, type Campaign } from "../campaign.js";
import { inParallel } from "./children/run-child.js";

const bin = path.join(
  path.dirname(createRequire(import.meta.url).resolve("@agent-transcript/cli/package.json")),
  "dist",
  "bin.js",
);

interface Command {
  readonly done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  kill(): void;
}

function command(...argv: string[]): Command {
  const child = spawn(process.execPath, [bin, ...argv], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  // A hang fails the case instead of stopping the campaign.
  const limit = setTimeout(() => child.kill("SIGKILL"), 300_000);
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code, signal) => {
        clearTimeout(limit);
        resolve({ code, signal, stdout, stderr });
      });
    },
  );
  return { done, kill: () => child.kill("SIGKILL") };
}

function integrity(database: string): string {
  const reader = new SQLite(database, { fileMustExist: true, timeout: 10_000 });
  try {
    return (reader.pragma("integrity_check") as Array<{ integrity_check: string }>)[0]?.integrity_check ?? "";
  } finally {
    reader.close();
  }
}

export const killDuringIndex: Campaign = {
  id: "kill-during-index",
  group: "Crashes",
  title: "SIGKILL at a random moment of `agent-transcript index` (ten recorded sessions into SQLite)",
  guarantee:
    "the database the kill left passes SQLite's integrity check and `search` answers on it; indexing again finishes and `usage` then answers exactly as from a database never interrupted",
  minimumCases: { fast: 4, full: 100 },
  async run({ mode, scratch, log }) {
    const corpus = path.join(scratch, "projects");
    cpSync(path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"), corpus, { recursive: true });
    const usage = (database: string) =>
      command("usage", "session", corpus, "--index", "--database", database, "--json", "--timezone", "UTC").done;

    // The answers of a database never interrupted, and how long a whole indexing takes: the kills spread over it (a
    // span that took in the answering too left a third of the kills after the indexing had ended).
    const cleanDatabase = path.join(scratch, "clean.sqlite");
    const began = performance.now();
    const indexed = await command("index", corpus, "--database", cleanDatabase).done;
    const indexingMs = performance.now() - began;
    if (indexed.code !== 0) throw new Error(`the clean indexing failed: ${indexed.stderr}`);
    const cleanUsage = await usage(cleanDatabase);
    if (cleanUsage.code !== 0) throw new Error(`usage on the clean index failed: ${cleanUsage.stderr}`);
    const clean = JSON.stringify(JSON.parse(cleanUsage.stdout));

    const tally = new Tally();
    const trials = mode === "full" ? 120 : 4;
    let killedWhileIndexing = 0;
    let beforeDatabase = 0;
    let done = 0;
    await inParallel(
      Array.from({ length: trials }, (_, index) => index + 1),
      2,
      async (trial) => {
        const folder = path.join(scratch, `trial-${trial}`);
        mkdirSync(folder);
        const database = path.join(folder, "index.sqlite");
        const delay = Math.round(Math.random() * indexingMs);
        const problems: string[] = [];
        try {
          const indexing = command("index", corpus, "--database", database);
          const timer = setTimeout(() => indexing.kill(), delay);
          const result = await indexing.done;
          clearTimeout(timer);
          if (result.signal === "SIGKILL") killedWhileIndexing += 1;
          else if (result.code !== 0) problems.push(`the indexing ended with ${result.code}: ${result.stderr.trim()}`);
          if (!existsSync(database)) beforeDatabase += 1;
          else {
            const check = integrity(database);
            if (check !== "ok") problems.push(`integrity_check: ${check}`);
            const search = await command("search", "test", "--database", database, "--json").done;
            // Found (0) or not found (1): never an error.
            if (search.code !== 0 && search.code !== 1)
              problems.push(`search ended with ${search.code}: ${search.stderr.trim()}`);
          }
          const again = await usage(database);
          if (again.code !== 0) problems.push(`indexing again ended with ${again.code}: ${again.stderr.trim()}`);
          else if (JSON.stringify(JSON.parse(again.stdout)) !== clean)
            problems.push("usage after indexing again differs from a database never interrupted");
        } catch (error) {
          problems.push(`threw ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
        tally.record(
          "killed indexing, checked, indexed again",
          problems.length === 0 ? undefined : `trial ${trial} (kill after ${delay} ms): ${problems.join("; ")}`,
        );
        if ((done += 1) % 20 === 0) log(`${done} of ${trials} trials`);
      },
    );
    tally.note(
      `a whole indexing took ${(indexingMs / 1000).toFixed(1)} s here; ${killedWhileIndexing} of ${trials} kills landed while it ran, ${beforeDatabase} of them before the database was made`,
    );
    return tally.outcome();
  },
};
