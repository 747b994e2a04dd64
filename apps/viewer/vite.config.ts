import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const shim = (name: string) => fileURLToPath(new URL(`./src/shims/${name}.ts`, import.meta.url));

// One script and one stylesheet with fixed names and no module-preload polyfill: `agent-transcript export --format
// html` inlines exactly these two files (their hashes go in the page's Content-Security-Policy), and the served page
// loads them from its own origin. Relative paths, so the same build works under any URL.
export default defineConfig({
  base: "./",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  resolve: {
    // Core's root entry imports three Node built-ins. node:module: its generated validators load ajv's runtime
    // helpers with createRequire, bundled here instead. node:zlib and node:buffer serve only paths the viewer never
    // takes (gzip bytes given to decodeTranscript; locating invalid UTF-8): the viewer hands decode text it decoded
    // itself. These stand-ins keep the bundle free of Node and fail loudly if such a path is ever taken.
    alias: { "node:zlib": shim("zlib"), "node:buffer": shim("buffer"), "node:module": shim("module") },
  },
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
