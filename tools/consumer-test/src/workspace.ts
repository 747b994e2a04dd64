// The packages of the workspace that are published: every workspace package whose package.json is not private.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface PublicPackage {
  readonly name: string;
  readonly version: string;
  readonly folder: string;
  /** The name without its scope (`core`): the consumer file `consumers/<short>.ts` and the project's folder. */
  readonly short: string;
  /** Its `bin` commands, by name. */
  readonly bin: Readonly<Record<string, string>>;
}

const workspaceFolders = ["packages", "apps", "tools"];

export function publicPackages(workspaceRoot: string): PublicPackage[] {
  const found: PublicPackage[] = [];
  for (const parent of workspaceFolders)
    for (const entry of readdirSync(path.join(workspaceRoot, parent), { withFileTypes: true })) {
      const folder = path.join(workspaceRoot, parent, entry.name);
      const manifestFile = path.join(folder, "package.json");
      if (!entry.isDirectory() || !existsSync(manifestFile)) continue;
      const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
        name: string;
        version: string;
        private?: boolean;
        bin?: Record<string, string>;
      };
      if (manifest.private === true) continue;
      found.push({
        name: manifest.name,
        version: manifest.version,
        folder,
        short: manifest.name.replace(/^@[^/]+\//, ""),
        bin: manifest.bin ?? {},
      });
    }
  return found.sort((first, second) => (first.name < second.name ? -1 : 1));
}
