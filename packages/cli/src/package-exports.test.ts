/**
 * The package as users install it: its entry point imported from the built files under plain Node ESM, by the
 * package's own name, with TypeScript (Node and bundler resolution) finding its declarations. Runs after the build
 * (turbo's test task depends on it), so a broken exports map fails here, not in a user's project.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkPackageExports } from "@agent-transcript/api-report/package-exports";
import { describe, expect, it } from "vitest";

const packageFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("the built package's entry points", () => {
  it("import under Node ESM and resolve their declarations", () => {
    const { modules, problems } = checkPackageExports(packageFolder);
    expect(problems).toEqual([]);
    expect(modules.map((module) => module.specifier)).toEqual([
      "@agent-transcript/cli",
      "@agent-transcript/cli/run-index",
    ]);
    expect(modules[0]?.names).toEqual(expect.arrayContaining(["run", "processIo", "exitCodes", "version"]));
    expect(modules[0]?.names).not.toContain("validateText");
    // The run index for programs: open, fill, search; its tables stay internal.
    expect(modules[1]?.names).toEqual(
      expect.arrayContaining(["openStore", "indexRoots", "searchIndex", "parseQuery", "defaultDatabasePath"]),
    );
    expect(modules[1]?.names).not.toContain("SqliteStore");
  });
});
