/**
 * Core runs in any JavaScript runtime: a browser bundles its entry points as they are (the viewer does, with no
 * stand-ins). Two checks over the built package, so they hold for what users install: no module any entry point
 * reaches imports a Node built-in (followed into the dependencies, ajv's CommonJS included), and with Node's
 * built-ins out of reach (no `process.getBuiltinModule`, no global `Buffer`) every operation that uses them on Node
 * gives the same results, except gzip, which is refused with a clear message.
 */
import { spawnSync } from "node:child_process";
import { isUtf8 } from "node:buffer";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { importGraph, isNodeBuiltin } from "@agent-transcript/fixtures/import-graph";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countUtf8Bytes } from "./canonical-json.js";
import { isUtf8ByDecoding } from "./utf8.js";

const packageFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(packageFolder, "package.json"), "utf8")) as {
  exports: Record<string, string | { default: string }>;
};
// Modules only: `./package.json` and the schema files (`./schemas/*`, JSON, imported by nothing) are not code.
const entryFiles = Object.entries(manifest.exports)
  .filter(([, target]) => typeof target !== "string" || /\.[cm]?js$/.test(target))
  .map(([, target]) => path.join(packageFolder, typeof target === "string" ? target : target.default));

describe("core in a runtime without Node", () => {
  it("imports no Node built-in from any module its entry points reach, its dependencies' included", () => {
    const graph = importGraph(entryFiles);
    const builtinImports = [...graph].flatMap(([file, specifiers]) =>
      specifiers.filter(isNodeBuiltin).map((specifier) => `${path.relative(packageFolder, file)} imports ${specifier}`),
    );
    expect(builtinImports).toEqual([]);
    // The walk reached the generated validators and followed them into ajv's CommonJS and ajv-formats.
    const reached = [...graph.keys()].map((file) => path.relative(packageFolder, file));
    expect(reached).toEqual(
      expect.arrayContaining([
        "dist/index.js",
        "dist/generated/v1/validators/ajv-runtime.js",
        expect.stringMatching(/ajv\/dist\/runtime\/ucs2length\.js$/),
        expect.stringMatching(/ajv-formats\/dist\/formats\.js$/),
      ]),
    );
  });

  it("finds a Node built-in however a module reaches it, and not in a comment", () => {
    // The walk above over a small tree that has them, so that check cannot pass by reading nothing.
    const folder = mkdtempSync(path.join(tmpdir(), "core-portable-"));
    try {
      writeFileSync(path.join(folder, "entry.js"), 'export { inflate } from "./inner.js";\nimport "./side.cjs";\n');
      writeFileSync(
        path.join(folder, "inner.js"),
        '// import { readFileSync } from "node:fs";\nimport { inflateSync as inflate } from "node:zlib";\nexport { inflate };\nexport const later = () => import("crypto");\n',
      );
      writeFileSync(path.join(folder, "side.cjs"), 'const { isUtf8 } = require("buffer");\nexports.isUtf8 = isUtf8;\n');
      const graph = importGraph([path.join(folder, "entry.js")]);
      expect(Object.fromEntries([...graph].map(([file, specifiers]) => [path.basename(file), specifiers]))).toEqual({
        "entry.js": ["./inner.js", "./side.cjs"],
        "inner.js": ["node:zlib", "crypto"],
        "side.cjs": ["buffer"],
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("gives the same results without Node's built-ins, and refuses gzip with a message saying what to do", () => {
    const withNode = runScenario({ withoutNode: false });
    const withoutNode = runScenario({ withoutNode: true });
    expect(withNode.runtime).toEqual({ getBuiltinModule: "function", Buffer: "function" });
    expect(withoutNode.runtime).toEqual({ getBuiltinModule: "undefined", Buffer: "undefined" });
    const { runtime: _withNodeRuntime, gzip: withNodeGzip, ...withNodeResults } = withNode;
    const { runtime: _withoutNodeRuntime, gzip: withoutNodeGzip, ...withoutNodeResults } = withoutNode;
    expect(withoutNodeResults).toEqual(withNodeResults);
    // What the scenario computes, so that equal results are also right ones.
    expect(withNodeResults).toMatchObject({
      invalidUtf8: { ok: false, error: { code: "invalid-utf8", line: 2, column: 15, byteOffset: 22 } },
      locate: 70_000,
      byteLength: Buffer.byteLength('{"n":[1,2],"text":"aé😀€"}'),
      truncated: { truncated: true },
      redacted: { report: { counts: { "basic-credentials": 1, "github-token": 1 } } },
    });
    expect(withNodeGzip).toMatchObject({ ok: true });
    expect(withoutNodeGzip).toMatchObject({ ok: false, error: { code: "invalid-gzip" } });
    expect(JSON.stringify(withoutNodeGzip)).toContain("DecompressionStream");
  });

  it("checks UTF-8 the portable way exactly as Node does (2,000 runs)", () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 40 }).map((text) => new TextEncoder().encode(text)),
      fc
        .tuple(fc.string({ unit: "grapheme", maxLength: 20 }), fc.integer({ min: 0, max: 255 }), fc.nat())
        .map(([text, byte, at]) => {
          const encoded = new TextEncoder().encode(text);
          const changed = Uint8Array.from(encoded);
          if (changed.length > 0) changed[at % changed.length] = byte;
          return changed;
        }),
    );
    fc.assert(
      fc.property(bytes, (value) => {
        expect(isUtf8ByDecoding(value)).toBe(isUtf8(value));
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("counts UTF-8 bytes the portable way exactly as Node does (2,000 runs)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (text) => {
        expect(countUtf8Bytes(text)).toBe(Buffer.byteLength(text, "utf8"));
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });
});

interface ScenarioResults {
  runtime: { getBuiltinModule: string; Buffer: string };
  gzip: unknown;
  [name: string]: unknown;
}

/**
 * Runs the operations that use Node's built-ins on Node through the built package in a fresh Node process, with
 * or without those built-ins in reach (taken away before the package loads, as a browser never has them).
 */
function runScenario({ withoutNode }: { withoutNode: boolean }): ScenarioResults {
  const takeAway = "delete globalThis.Buffer; process.getBuiltinModule = undefined;";
  const script = `
    const { canonicalByteLength, decodeTranscript, truncateValue } = await import("@agent-transcript/core");
    const { locateInvalidUtf8 } = await import("@agent-transcript/core/json");
    const { createRedactor } = await import("@agent-transcript/core/redact");
    const encoder = new TextEncoder();
    const binary = atob(process.env.GZIPPED);
    const gzipped = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    const invalid = [...encoder.encode('\\ufeff{\\n  "text": "é😀'), 0xff, ...encoder.encode('"}')];
    const long = new Uint8Array(80_000).fill(0x61);
    long.set(encoder.encode("é€😀"), 69_991);
    long[70_000] = 0xc0;
    const token = "ghp_" + "a1B2c3D4e5".repeat(4).slice(0, 36);
    const prose = "Some prose long enough for the keyword scan to copy it to bytes first; ".repeat(3);
    const results = {
      runtime: { getBuiltinModule: typeof process.getBuiltinModule, Buffer: typeof globalThis.Buffer },
      gzip: decodeTranscript(gzipped),
      invalidUtf8: decodeTranscript(Uint8Array.from(invalid)),
      locate: locateInvalidUtf8(long),
      byteLength: canonicalByteLength({ text: "aé😀€", n: [1, 2] }),
      truncated: truncateValue("é😀".repeat(5000), 1024),
      redacted: createRedactor().redactValue({
        note: prose + token + " then Basic dXNlcjpwYXNzd29yZA== and more " + prose,
      }),
    };
    process.stdout.write(JSON.stringify(results));
  `;
  const document = readFileSync(path.join(packageFolder, "../../schemas/v1/examples/Transcript/valid/minimal.json"));
  const child = spawnSync(
    process.execPath,
    [
      ...(withoutNode ? ["--import", `data:text/javascript,${encodeURIComponent(takeAway)}`] : []),
      "--input-type=module",
      "--eval",
      script,
    ],
    {
      cwd: packageFolder,
      encoding: "utf8",
      env: { ...process.env, GZIPPED: gzipSync(document).toString("base64") },
    },
  );
  expect(child.stderr).toBe("");
  expect(child.status).toBe(0);
  return JSON.parse(child.stdout) as ScenarioResults;
}
