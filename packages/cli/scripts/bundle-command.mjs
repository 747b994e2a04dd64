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
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { packageRootOf, thirdPartyLicenses } from "../../../tools/scripts/third-party-licenses.mjs";

const packageRoot = process.cwd();
const lazyValidatorsFolder = "validators";
/** The schema validators ajv generated, each loaded only when a value fails its fast check (see lazyValidators). */
const lazyModules = new Map();
/** What every build of the command shares: Node's target, minified as below, linked source maps, a metafile. */
const common = {
  absWorkingDir: packageRoot,
  allowOverwrite: true,
  bundle: true,
  platform: "node",
  target: "node20.19",
  sourcemap: "linked",
  // Less to read and parse at start-up; names are kept, so a stack trace still names its functions.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcesContent: true,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
};
const result = await build({
  ...common,
  // The read pool's worker (src/read-pool) is an entry of its own, beside bin.js where the pool looks for it; it
  // shares the command's chunks.
  entryPoints: { bin: "src/bin.ts", "read-worker": "src/read-pool/read-worker.ts" },
  outdir: "dist",
  splitting: true,
  format: "esm",
  chunkNames: "chunk-[hash]",
  // A native addon (the run index's SQLite) is loaded from where it was installed and built, never bundled; the
  // PostgreSQL client is loaded from its package too (it loads optional native bindings of its own by name).
  external: ["better-sqlite3", "pg"],
  plugins: [lazyValidators(lazyModules)],
  // commander and cli-progress are CommonJS and `require` Node's modules: in an ES module bundle they get a real
  // `require` to do it with.
  banner: {
    js: 'import { createRequire as __agentTranscriptRequire } from "node:module"; const require = __agentTranscriptRequire(import.meta.url);',
  },
});
if (result.errors.length > 0) process.exit(1);
// Each validator ajv generated, bundled on its own as CommonJS beside the chunks: what the lazy stand-ins require.
for (const [file, name] of lazyModules) {
  const validator = await build({
    ...common,
    entryPoints: [file],
    outfile: path.join("dist", lazyValidatorsFolder, `${name}.cjs`),
    format: "cjs",
  });
  if (validator.errors.length > 0) process.exit(1);
  Object.assign(result.metafile.inputs, validator.metafile.inputs);
  Object.assign(result.metafile.outputs, validator.metafile.outputs);
}
writeFileSync(path.join(packageRoot, "dist", "bundle-meta.json"), `${JSON.stringify(result.metafile)}\n`);
writeFileSync(path.join(packageRoot, "dist", "THIRD-PARTY-LICENSES.txt"), bundledLicenses(result.metafile));
const outputs = Object.keys(result.metafile.outputs).filter((file) => /\.c?js$/.test(file));
process.stderr.write(`bundled the command into ${outputs.length} files in dist/\n`);

/**
 * ajv's validators for the schemas (core's generated/v1/validators/*.strict.js and *.tolerant.js, 1.3 MB of code)
 * are what core's validators fall back on only when a value fails the fast check generated for the hot definitions,
 * to say what is wrong and where. Loaded with everything else they cost every command that validates 60-80 ms of
 * start-up, most of it V8 reading their source; a valid input never runs them. So in the command each is a stand-in
 * of the same exports that requires the real one (bundled on its own as CommonJS, in dist/validators/) on its first
 * call, and hands on its answer and its `errors`, which is all core's createValidator reads of it. The library stays
 * as it is: a browser has no synchronous way to load code, and the viewer's policy allows no eval.
 */
function lazyValidators(modules) {
  return {
    name: "lazy-validators",
    setup(build) {
      build.onResolve({ filter: /\/validators\/[a-z-]+\.(?:strict|tolerant)\.js$/ }, (args) => {
        if (!/[\\/]generated[\\/]v1[\\/]validate$/.test(args.resolveDir)) return undefined;
        return { path: path.resolve(args.resolveDir, args.path), namespace: "lazy-validator" };
      });
      build.onLoad({ filter: /.*/, namespace: "lazy-validator" }, (args) => {
        const name = path.basename(args.path, ".js");
        modules.set(args.path, name);
        const exported = [...readFileSync(args.path, "utf8").matchAll(/export const (\w+) =/g)].map(
          (match) => match[1],
        );
        if (exported.length === 0) throw new Error(`${args.path}: no exported validator found`);
        const lines = [
          'import { createRequire } from "node:module";',
          "const requireValidator = createRequire(import.meta.url);",
          "let loaded;",
          "function standIn(name) {",
          "  const validate = (value, context) => {",
          `    loaded ??= requireValidator(${JSON.stringify(`./${lazyValidatorsFolder}/${name}.cjs`)});`,
          "    const real = loaded[name];",
          "    const valid = real(value, context);",
          "    validate.errors = real.errors;",
          "    return valid;",
          "  };",
          "  validate.errors = null;",
          "  return validate;",
          "}",
          ...exported.map((exportName) => `export const ${exportName} = standIn(${JSON.stringify(exportName)});`),
        ];
        return { contents: lines.join("\n"), loader: "js", resolveDir: path.dirname(args.path) };
      });
    },
  };
}

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
