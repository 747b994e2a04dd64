#!/usr/bin/env node
// Bundles the agent-transcript command (packages/cli/src/bin.ts, with the workspace packages' built code and its
// dependencies) into dist/bin.js and chunks beside it, replacing tsc's dist/bin.js; the rest of dist/ (the package's
// library entry and its types) stays tsc's. Why: Node resolves and loads each ES module on its own, and `stats` of a
// small log loaded some 60 of them across four packages — a tenth of a second before any work (issue 23's start-up
// targets). Each command is still its own dynamic import, so a command loads only the chunks its code is in; the
// metafile (dist/bundle-meta.json, not published) says which source files each chunk holds, for the start-up test.
//
// Every chunk sits in dist/ itself, where tsc's top-level modules sit, so a module that finds the package's files
// from its own URL (`new URL("../package.json", import.meta.url)`, see installation.ts) finds them bundled or not.
//
// Usage (from packages/cli): node scripts/bundle-command.mjs
import { writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { packageRootOf, thirdPartyLicenses } from "../../../tools/scripts/third-party-licenses.mjs";

const packageRoot = process.cwd();
const result = await build({
  absWorkingDir: packageRoot,
  // The read pool's worker (src/read-pool) is an entry of its own, beside bin.js where the pool looks for it; it
  // shares the command's chunks.
  entryPoints: { bin: "src/bin.ts", "read-worker": "src/read-pool/read-worker.ts" },
  outdir: "dist",
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20.19",
  chunkNames: "chunk-[hash]",
  sourcemap: "linked",
  // Less to read and parse at start-up; names are kept, so a stack trace still names its functions.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcesContent: true,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  // A native addon (the run index's SQLite) is loaded from where it was installed and built, never bundled; the
  // PostgreSQL client is loaded from its package too (it loads optional native bindings of its own by name).
  external: ["better-sqlite3", "pg"],
  // commander and cli-progress are CommonJS and `require` Node's modules: in an ES module bundle they get a real
  // `require` to do it with.
  banner: {
    js: 'import { createRequire as __agentTranscriptRequire } from "node:module"; const require = __agentTranscriptRequire(import.meta.url);',
  },
});
if (result.errors.length > 0) process.exit(1);
writeFileSync(path.join(packageRoot, "dist", "bundle-meta.json"), `${JSON.stringify(result.metafile)}\n`);
writeFileSync(path.join(packageRoot, "dist", "THIRD-PARTY-LICENSES.txt"), bundledLicenses(result.metafile));
const outputs = Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js"));
process.stderr.write(`bundled the command into ${outputs.length} files in dist/\n`);

/** The licences of the dependencies whose code the bundle holds, from esbuild's list of its inputs. */
function bundledLicenses(metafile) {
  const roots = [];
  for (const input of Object.keys(metafile.inputs)) {
    const root = packageRootOf(input);
    if (root !== undefined) roots.push(path.resolve(packageRoot, root));
  }
  return thirdPartyLicenses(
    roots,
    "Third-party code bundled into dist/bin.js and its chunks, with each package's licence.",
  );
}
