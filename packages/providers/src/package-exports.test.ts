/**
 * The package as users install it: its entry point imported from the built files under plain Node ESM, by the
 * package's own name, with TypeScript (Node and bundler resolution) finding its declarations. Runs after the build
 * (turbo's test task depends on it), so a broken exports map fails here, not in a user's project.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkPackageExports } from "@agent-transcript/api-report/package-exports";
import { describe, expect, it } from "vitest";
import { formatIds } from "./registry.js";

const packageFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("the built package's entry points", () => {
  it("import under Node ESM and resolve their declarations", () => {
    const { modules, problems } = checkPackageExports(packageFolder);
    expect(problems).toEqual([]);
    expect(modules.map((module) => module.specifier)).toEqual([
      "@agent-transcript/providers",
      "@agent-transcript/providers/node",
      ...formatIds.map((id) => `@agent-transcript/providers/${id}`).sort(),
    ]);
    // A format's entry point holds its native types, and no value: the converters are the registry's, at the root.
    for (const module of modules.slice(2)) expect(module.names, module.specifier).toEqual([]);
    expect(modules[0]?.names).toEqual(
      expect.arrayContaining(["anthropicConverter", "detectFormat", "formatRegistry", "importSessionText"]),
    );
    expect(modules[0]?.names).not.toContain("ToolCallIdMap");
    expect(modules[0]?.names).not.toContain("importSession");
    expect(modules[1]?.names).toEqual([
      "SessionFileError",
      "ZstdError",
      "createZstdDecompressor",
      "findRelatedSessionFiles",
      "findSessionFiles",
      "importSession",
      "importSessions",
      "isZstd",
      "minimumLineBytes",
      "readSessionLines",
    ]);
  });
});
