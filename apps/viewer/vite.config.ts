import { builtinModules } from "node:module";
import { defineConfig, type Plugin } from "vite";
import { packageRootOf, thirdPartyLicenses } from "../../tools/scripts/third-party-licenses.mjs";

const nodeBuiltins = new Set(builtinModules);

/**
 * The viewer runs in browsers, and so does everything it bundles (core included): a Node built-in reached from any
 * of it fails the build, naming the importer. Vite would otherwise put an empty stand-in in its place, and the
 * page would fail only when that code ran.
 */
const noNodeBuiltins: Plugin = {
  name: "no-node-builtins",
  enforce: "pre",
  resolveId(source, importer) {
    const name = source.startsWith("node:") ? source : (source.split("/")[0] ?? source);
    if (name.startsWith("node:") || nodeBuiltins.has(name))
      this.error(`${importer ?? "the entry"} imports the Node built-in ${source}: the viewer runs in browsers`);
    return null;
  },
};

/**
 * The licences of the packages whose code the bundle holds, written beside it as THIRD-PARTY-LICENSES.txt (the CLI
 * ships it with the viewer).
 */
const bundledLicenses: Plugin = {
  name: "third-party-licenses",
  generateBundle(_options, bundle) {
    const roots: string[] = [];
    for (const item of Object.values(bundle))
      if (item.type === "chunk")
        for (const id of item.moduleIds) {
          const root = packageRootOf(id);
          if (root !== undefined) roots.push(root);
        }
    this.emitFile({
      type: "asset",
      fileName: "THIRD-PARTY-LICENSES.txt",
      source: thirdPartyLicenses(roots, "Third-party code bundled into viewer.js, with each package's licence."),
    });
  },
};

// One script and one stylesheet with fixed names and no module-preload polyfill: `agent-transcript export --format
// html` inlines exactly these two files (their hashes go in the page's Content-Security-Policy), and the served page
// loads them from its own origin. Relative paths, so the same build works under any URL.
export default defineConfig({
  base: "./",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  plugins: [noNodeBuiltins, bundledLicenses],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    // One bundle by design (the export inlines it): its size is reported by the benchmark instead.
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      output: {
        codeSplitting: false,
        entryFileNames: "viewer.js",
        assetFileNames: "viewer[extname]",
      },
    },
  },
});
