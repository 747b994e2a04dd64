/**
 * The package as users install it: every entry point of its exports map imported from the built files under plain
 * Node ESM, by the package's own name, with TypeScript (Node and bundler resolution) finding its declarations. Runs
 * after the build (turbo's test task depends on it), so a broken exports map fails here, not in a user's project.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkPackageExports, modulesLoadedBy } from "@agent-transcript/api-report/package-exports";
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
      "@agent-transcript/core/event-log",
      "@agent-transcript/core/usage",
      "@agent-transcript/core/text",
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
    expect(names("@agent-transcript/core/event-log")).toEqual(
      expect.arrayContaining(["EventLogLineReader", "checkEventLog", "readEventLogText", "childLogNames"]),
    );
    expect(names("@agent-transcript/core/usage")).toEqual(
      expect.arrayContaining(["addUsage", "sumUsageChecked", "computeCost", "addCost", "defaultPriceTable"]),
    );
  });
});

describe("what the light entry points load", () => {
  // The package's own built files each entry loads, relative to dist/: a reader of event logs or a usage report
  // must not pay for the document validators (3.3 MB of generated code), the redactor or the Markdown renderer.
  function loaded(specifier: string): string[] {
    const run = modulesLoadedBy(
      ["--input-type=module", "-e", `await import(${JSON.stringify(specifier)})`],
      packageFolder,
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const dist = path.join(packageFolder, "dist") + path.sep;
    return run.files.filter((file) => file.startsWith(dist)).map((file) => file.slice(dist.length));
  }

  it("@agent-transcript/core/event-log: the event's validators only, nothing of the document operations", () => {
    const files = loaded("@agent-transcript/core/event-log");
    expect(files.filter((file) => /^generated\/v1\/validators\/.*\.js$/.test(file)).sort()).toEqual([
      "generated/v1/validators/ajv-runtime.js",
      "generated/v1/validators/event.strict.js",
      "generated/v1/validators/event.tolerant.js",
      "generated/v1/validators/formats.js",
      // The specialised checks of every hot definition, each written once (an Event reaches Part and Message).
      "generated/v1/validators/hot-definitions.strict.fast.js",
      "generated/v1/validators/hot-definitions.tolerant.fast.js",
    ]);
    expect(files).not.toContain("index.js");
    expect(files.filter((file) => /^(?:redact\/|markdown|export|decode|fold)/.test(file))).toEqual([]);
  });

  it("@agent-transcript/core/usage: no validator at all", () => {
    const files = loaded("@agent-transcript/core/usage");
    expect(files).toContain("cost.js");
    // The generated price table, and no generated validator.
    expect(files.filter((file) => file.startsWith("generated/"))).toEqual(["generated/prices.json"]);
  });

  it("@agent-transcript/core/text: no validator, no parser", () => {
    const files = loaded("@agent-transcript/core/text");
    expect(files).toContain("wording.js");
    expect(files.filter((file) => file.startsWith("generated/") || file === "parse-json.js")).toEqual([]);
  });

  it("the root loads every validator, as it always has (the light entries are the way around it)", () => {
    expect(loaded("@agent-transcript/core")).toContain("generated/v1/validators/transcript.strict.js");
  });
});
