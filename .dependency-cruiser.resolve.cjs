// Read by dependency-cruiser (`webpackConfig` in .dependency-cruiser.cjs) for its module resolution only.
const fs = require("node:fs");
const path = require("node:path");

/**
 * Workspace packages resolve to their sources, not their build output, so the rules see the real edges in a clone
 * that was never built: each export's `dist/….js` maps to `src/….ts`.
 */
function workspaceSourceAliases() {
  const aliases = {};
  for (const group of ["packages", "tools", "apps"]) {
    if (!fs.existsSync(group)) continue;
    for (const folder of fs.readdirSync(group)) {
      const manifestPath = path.join(group, folder, "package.json");
      if (!fs.existsSync(manifestPath)) continue;
      const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
      for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
        const file = typeof target === "string" ? target : (target.default ?? target.import);
        if (typeof file !== "string" || !/\.(js|ts)$/.test(file)) continue;
        const source = file.replace(/^\.\/dist\//, "./src/").replace(/\.js$/, ".ts");
        const specifier = subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
        aliases[`${specifier}$`] = path.resolve(group, folder, source);
      }
    }
  }
  return aliases;
}

module.exports = { resolve: { alias: workspaceSourceAliases() } };
