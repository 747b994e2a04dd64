/**
 * The run index a `--database` names: a `postgres://` or `postgresql://` URL for a team's shared PostgreSQL database,
 * anything else a SQLite file (by default in the user's data folder).
 */
import path from "node:path";
import { defaultDatabasePath, openIndex } from "./database.js";
import { SqliteStore } from "./sqlite-store.js";
import type { RunIndexStore } from "./store.js";

export function isPostgresUrl(target: string): boolean {
  return /^postgres(?:ql)?:\/\//i.test(target);
}

/** The database `--database` names (a URL as given, a file made absolute), else the default file. */
export function databaseTarget(database: string | undefined): string {
  if (database === undefined) return defaultDatabasePath();
  return isPostgresUrl(database) ? database : path.resolve(database);
}

/**
 * Opens the run index. `create`: false for commands that only read it, which then say no index is there rather
 * than make an empty one.
 */
export async function openStore(
  target: string,
  options: { create: boolean; readOnly?: boolean },
): Promise<RunIndexStore> {
  if (isPostgresUrl(target)) {
    const { PostgresStore } = await import("./postgres-store.js");
    return PostgresStore.open(target, options);
  }
  const { database, file, rebuilt } = await openIndex(target, options);
  return new SqliteStore(database, file, rebuilt);
}
