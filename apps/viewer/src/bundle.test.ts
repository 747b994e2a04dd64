/**
 * The viewer's build bundles core as it is, with no stand-in for a Node built-in: the build's own configuration
 * (vite.config.ts) refuses one wherever it is imported, and the bundle built here holds no module Vite would have
 * put in a built-in's place.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Rolldown } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { scratchRoot } from "./browser.test.helpers.js";

const viewerRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const scratch = path.join(scratchRoot, "bundle-test");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Builds with the viewer's configuration into the scratch folder (`input`: another entry), returning the chunks. */
async function buildViewer(name: string, input?: string): Promise<Rolldown.OutputChunk[]> {
  const result = await build({
    root: viewerRoot,
    configFile: path.join(viewerRoot, "vite.config.ts"),
    logLevel: "silent",
    build: {
      outDir: path.join(scratch, name),
      emptyOutDir: true,
      ...(input === undefined ? {} : { rolldownOptions: { input } }),
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((output) => output.output.filter((item) => item.type === "chunk"));
}

describe("the viewer's bundle", () => {
  it("holds core with no stand-in for a Node built-in", async () => {
    const chunks = await buildViewer("viewer");
    expect(chunks.map((chunk) => chunk.fileName)).toEqual(["viewer.js"]);
    const modules = chunks.flatMap((chunk) => chunk.moduleIds).map((id) => path.relative(viewerRoot, id));
    expect(modules.filter((id) => /^node:|__vite-browser-external/.test(id))).toEqual([]);
    // Core's decoding and generated validators are in it, with ajv's run-time helper they import.
    expect(modules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/packages\/core\/dist\/decode\.js$/),
        expect.stringMatching(/packages\/core\/dist\/generated\/v1\/validators\/ajv-runtime\.js$/),
        expect.stringMatching(/ajv\/dist\/runtime\/ucs2length\.js$/),
      ]),
    );
    // And nothing imports anything at run time: the one script is the whole viewer.
    expect(chunks.flatMap((chunk) => [...chunk.imports, ...chunk.dynamicImports])).toEqual([]);
  });

  it("fails to build when anything imports a Node built-in, naming the importer", async () => {
    mkdirSync(scratch, { recursive: true });
    const entry = path.join(scratch, "uses-zlib.ts");
    writeFileSync(entry, 'import { gunzipSync } from "node:zlib";\nexport const gunzip = gunzipSync;\n');
    await expect(buildViewer("uses-zlib", entry)).rejects.toThrow(
      `${entry} imports the Node built-in node:zlib: the viewer runs in browsers`,
    );
    const bare = path.join(scratch, "uses-buffer.ts");
    writeFileSync(bare, 'import { isUtf8 } from "buffer";\nexport const check = isUtf8;\n');
    await expect(buildViewer("uses-buffer", bare)).rejects.toThrow("imports the Node built-in buffer");
  });
});
