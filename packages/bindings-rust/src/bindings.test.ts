import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram, rustToolchain, sameJsonModuloInstants } from "@agent-transcript/codegen/conformance";
import { loadExamples } from "@agent-transcript/codegen/examples";
import * as core from "@agent-transcript/core";
import { beforeAll, describe, expect, it } from "vitest";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function strictValidator(definition: string): (value: unknown) => { ok: boolean } {
  const candidate: unknown = (core as Record<string, unknown>)[`validate${definition}`];
  if (typeof candidate !== "function") throw new Error(`@agent-transcript/core has no validator for ${definition}`);
  return candidate as (value: unknown) => { ok: boolean };
}

describe("Rust bindings", () => {
  const valid = loadExamples().filter((example) => example.group === "valid");
  // Offline against Debian's packaged crates (.cargo/config.toml); the first build compiles serde_derive.
  let results: Array<{ output?: unknown; error?: string }> = [];
  // Compiling and running the harness can take a while on a cold cache.
  beforeAll(() => {
    const toolchain = rustToolchain();
    results = runJsonProgram(
      toolchain.cargo,
      ["run", "--quiet", "--offline", "--bin", "roundtrip"],
      valid.map((example) => ({ version: example.version, definition: example.definition, value: example.value })),
      { cwd: packageRoot, env: toolchain.env },
    ) as typeof results;
  }, 300_000);

  it.each(valid.map((example, index) => [example.file, example, index] as const))(
    "parse and re-serialise %s to JSON that validates strictly and means the same",
    (_file, example, index) => {
      const result = results[index];
      expect(result?.error).toBeUndefined();
      expect(strictValidator(example.definition)(result?.output)).toMatchObject({ ok: true });
      expect(sameJsonModuloInstants(result?.output, example.value)).toBe(true);
    },
  );
});
