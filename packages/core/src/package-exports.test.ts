/**
 * The package as users install it: every entry point of its exports map imported from the built files under plain
 * Node ESM, by the package's own name, with TypeScript (Node and bundler resolution) finding its declarations. Runs
 * after the build (turbo's test task depends on it), so a broken exports map fails here, not in a user's project.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkPackageExports } from "@agent-transcript/api-report/package-exports";
import { describe, expect, it } from "vitest";

const packageFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describe("the built package's entry points", () => {
  const { modules, problems } = checkPackageExports(packageFolder);
  const names = (specifier: string): string[] => modules.find((module) => module.specifier === specifier)?.names ?? [];

  it("import under Node ESM and resolve their declarations", () => {
    expect(problems).toEqual([]);
    expect(modules.map((module) => module.specifier)).toEqual([
      "@agent-transcript/core",
      "@agent-transcript/core/validators",
      "@agent-transcript/core/vocabularies",
      "@agent-transcript/core/redact",
      "@agent-transcript/core/json",
    ]);
  });

  it("keep each group of names at its own entry point", () => {
    expect(names("@agent-transcript/core")).toEqual(expect.arrayContaining(["decodeTranscript", "prepareExport"]));
    expect(names("@agent-transcript/core")).not.toContain("validateTranscript");
    expect(names("@agent-transcript/core/validators")).toEqual(
      expect.arrayContaining(["validateTranscript", "validateTranscriptTolerant", "validatorFor", "validators"]),
    );
    expect(names("@agent-transcript/core/vocabularies")).toEqual(expect.arrayContaining(["partTypes", "eventTypes"]));
    expect(names("@agent-transcript/core/redact")).toEqual(expect.arrayContaining(["createRedactor", "builtInRules"]));
  });
});
