/**
 * The package as users install it: its entry points imported from the built files under plain Node ESM, by the
 * package's own name, with TypeScript (Node and bundler resolution) finding their declarations. Runs after the build
 * (turbo's test task depends on it), so a broken exports map fails here, not in a user's project.
 */
import { readFileSync, readdirSync } from "node:fs";
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
      "@agent-transcript/recorder",
      "@agent-transcript/recorder/reader",
      "@agent-transcript/recorder/instrument",
      "@agent-transcript/recorder/snapshot",
      "@agent-transcript/recorder/otel",
    ]);
  });

  it("keep each group of names at its own entry point", () => {
    expect(names("@agent-transcript/recorder")).toEqual(
      expect.arrayContaining(["checkEventLog", "createRecorder", "parseJsonLines", "findChildLog"]),
    );
    // The snapshot's names are its own entry point's, not the writer's root.
    for (const name of ["readSnapshotDeclarations", "takeSnapshot", "applySnapshotBundle", "createRunSnapshot"]) {
      expect(names("@agent-transcript/recorder")).not.toContain(name);
      expect(names("@agent-transcript/recorder/snapshot")).toContain(name);
    }
    // Its 16 values (and 18 types, which the api-report lists).
    expect(names("@agent-transcript/recorder/snapshot")).toHaveLength(16);
    expect(names("@agent-transcript/recorder/reader")).toEqual([
      "checkEventLog",
      "defaultMaxDecompressedBytes",
      "defaultMaxLineBytes",
      "findChildLog",
      "openRegularFile",
      "readEventLog",
    ]);
    expect(names("@agent-transcript/recorder")).not.toContain("validJsonLines");
    expect(names("@agent-transcript/recorder")).not.toContain("wrapOpenAI");
    expect(names("@agent-transcript/recorder/instrument")).toEqual([
      "RecordingError",
      "recordingFailedWarningCode",
      "recordingMiddleware",
      "wrapAnthropic",
      "wrapGoogleGenAI",
      "wrapOllama",
      "wrapOpenAI",
    ]);
    expect(names("@agent-transcript/recorder/otel")).toEqual([
      "createTraceSender",
      "exportToOpenTelemetry",
      "otlpTracesUrl",
    ]);
  });

  it("load no SDK: the instrumentation imports their types only", () => {
    const folder = path.join(packageFolder, "dist", "instrument");
    const imported = readdirSync(folder)
      // What the package publishes: `files` leaves the test files (`*.test.*`) out.
      .filter((file) => file.endsWith(".js") && !file.includes(".test."))
      .flatMap((file) =>
        [...readFileSync(path.join(folder, file), "utf8").matchAll(/(?:from|import)[\s(]*"([^"]+)"/g)].map(
          (match) => match[1],
        ),
      );
    // Only these, and the package's own files: no `openai`, `@anthropic-ai/sdk`, `@google/genai`, `ollama` or `ai`.
    expect(new Set(imported.filter((specifier) => !specifier?.startsWith(".")))).toEqual(
      new Set(["node:crypto", "node:perf_hooks", "@agent-transcript/core", "@agent-transcript/providers"]),
    );
  });
});

describe("what the root entry point loads", () => {
  it("no OpenTelemetry package: only the /otel entry point and its thread load them", () => {
    const run = modulesLoadedBy(
      ["--input-type=module", "-e", 'await import("@agent-transcript/recorder")'],
      packageFolder,
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.files.filter((file) => file.includes("@opentelemetry"))).toEqual([]);
    expect(run.files.filter((file) => /recorder\/dist\/otel\//.test(file))).toEqual([]);
    const otel = modulesLoadedBy(
      ["--input-type=module", "-e", 'await import("@agent-transcript/recorder/otel")'],
      packageFolder,
    );
    expect(otel.status).toBe(0);
    expect(otel.files.some((file) => file.includes("@opentelemetry"))).toBe(true);
  });
});

describe("what the reader's entry point loads", () => {
  it("neither the writer nor snapshots, and of core only the event log's reading with the event's validators", () => {
    const run = modulesLoadedBy(
      ["--input-type=module", "-e", 'await import("@agent-transcript/recorder/reader")'],
      packageFolder,
    );
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const ours = run.files
      .map((file) => /packages\/(core|recorder)\/dist\/(.*)$/.exec(file))
      .flatMap((match) => (match === null ? [] : [`${match[1]}/${match[2]}`]));
    expect(ours).toContain("recorder/reader/read-event-log.js");
    expect(ours.filter((file) => /^recorder\/(?:writer|snapshot|instrument)\//.test(file))).toEqual([]);
    expect(ours).not.toContain("core/index.js");
    expect(
      ours.filter((file) => /^core\/generated\/v1\/validators\/.*\.(?:strict|tolerant)\.js$/.test(file)).sort(),
    ).toEqual(["core/generated/v1/validators/event.strict.js", "core/generated/v1/validators/event.tolerant.js"]);
  });
});
