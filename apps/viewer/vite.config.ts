import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

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
 * The licences of the packages whose code the bundle holds (MIT, BSD and the like ask that their notice go with every
 * copy), written beside it as THIRD-PARTY-LICENSES.txt, one section per package in name order; the CLI ships it with
 * the viewer.
 */
const thirdPartyLicenses: Plugin = {
  name: "third-party-licenses",
  generateBundle(_options, bundle) {
    const roots = new Set<string>();
    for (const item of Object.values(bundle))
      if (item.type === "chunk")
        for (const id of item.moduleIds) {
          const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll("\\", "/"));
          if (match !== null) roots.add(match[1] as string);
        }
    const sections = [...roots].map((root) => {
      const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
        name: string;
        version: string;
        license?: string;
      };
      const licenceFile = readdirSync(root).find((name) => /^(?:licen[cs]e|copying)(?:\.|$)/i.test(name));
      const text =
        licenceFile === undefined
          ? `(no licence file; package.json says ${manifest.license})`
          : readFileSync(path.join(root, licenceFile), "utf8").trim();
      return { name: manifest.name, heading: `${manifest.name} ${manifest.version} (${manifest.license})`, text };
    });
    sections.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const rule = (heading: string) => "=".repeat(heading.length);
    this.emitFile({
      type: "asset",
      fileName: "THIRD-PARTY-LICENSES.txt",
      source: `Third-party code bundled into viewer.js, with each package's licence.\n${sections
        .map(({ heading, text }) => `\n${rule(heading)}\n${heading}\n${rule(heading)}\n\n${text}\n`)
        .join("")}`,
    });
  },
};

// One script and one stylesheet with fixed names and no module-preload polyfill: `agent-transcript export --format
// html` inlines exactly these two files (their hashes go in the page's Content-Security-Policy), and the served page
// loads them from its own origin. Relative paths, so the same build works under any URL.
export default defineConfig({
  base: "./",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  plugins: [noNodeBuiltins, thirdPartyLicenses],
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
