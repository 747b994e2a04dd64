/**
 * The providers' entry points but `./node` run in any JavaScript runtime: no module they reach, in the built package
 * as users install it and followed into the dependencies, imports a Node built-in. File access lives in the Node entry;
 * the hashing of tool-call ids (noble-hashes) and devflow's gzip (pako) are JavaScript, with the results Node's own
 * SHA-256 and zlib give.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { importGraph, isNodeBuiltin } from "@agent-transcript/fixtures/import-graph";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeDevflowTranscript } from "./index.js";
import { digest } from "./conversion/tool-call-ids.js";

const packageFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(packageFolder, "package.json"), "utf8")) as {
  exports: Record<string, string | { default: string }>;
};
const portableEntries = Object.entries(manifest.exports)
  .filter(([subpath, target]) => subpath !== "./node" && typeof target !== "string")
  .map(([, target]) => path.join(packageFolder, (target as { default: string }).default));

describe("providers in a runtime without Node", () => {
  it("imports no Node built-in from any module its entry points but ./node reach, its dependencies' included", () => {
    const graph = importGraph(portableEntries);
    const builtinImports = [...graph].flatMap(([file, specifiers]) =>
      specifiers.filter(isNodeBuiltin).map((specifier) => `${path.relative(packageFolder, file)} imports ${specifier}`),
    );
    expect(builtinImports).toEqual([]);
    // The walk reached the hashing and gzip, and followed them into their libraries.
    const reached = [...graph.keys()].map((file) => path.relative(packageFolder, file));
    expect(reached).toEqual(
      expect.arrayContaining([
        "dist/index.js",
        "dist/conversion/tool-call-ids.js",
        "dist/conversion/gzip.js",
        expect.stringMatching(/@noble\/hashes\/sha2\.js$/),
        expect.stringMatching(/pako\/dist\/pako\.[a-z.]*js$/),
      ]),
    );
  });

  it("derives tool-call ids from the SHA-256 Node computes, for any text (lone surrogates included)", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const nodeDigest = (basis: string): string => {
      const bytes = createHash("sha256").update(basis).digest();
      let out = "";
      for (let index = 0; out.length < 24; index += 1)
        out += alphabet[(bytes[index % bytes.length] as number) % alphabet.length];
      return out;
    };
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (basis) => {
        expect(digest(basis, alphabet, 24)).toBe(nodeDigest(basis));
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("writes devflow's gzip as zlib reads it", () => {
    const transcript = {
      runId: "run-1",
      status: "completed",
      turns: Array.from({ length: 400 }, (_, index) => ({
        id: index + 1,
        role: index % 2 === 0 ? "user" : "assistant",
        content: `turn ${index} ${"lorem ipsum ".repeat(40)}`,
      })),
    };
    const file = encodeDevflowTranscript(transcript as unknown as Parameters<typeof encodeDevflowTranscript>[0]);
    expect(file.fileName).toBe("transcript.json.gz");
    expect(JSON.parse(gunzipSync(file.bytes).toString("utf8"))).toEqual(transcript);
  });
});
