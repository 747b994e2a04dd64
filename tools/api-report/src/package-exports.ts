import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { entryPoints, readManifest, type EntryPoint } from "./entry-points.js";

/**
 * Bounds a child the tests wait for synchronously: a child that hangs would otherwise block the test worker itself,
 * where no test timeout can fire, and the whole suite would wait for it until CI's own time limit.
 */
const hangGuard = { timeout: 300_000, killSignal: "SIGKILL" } as const;

/** How the child was ended when it did not exit by itself (` (SIGKILL: spawnSync … ETIMEDOUT)`), else nothing. */
function endedBy(child: { error?: Error; signal: NodeJS.Signals | null }): string {
  if (child.error === undefined && child.signal === null) return "";
  return ` (${child.signal === null ? "" : `${child.signal}: `}${child.error?.message ?? "killed"})`;
}

export interface ExportsCheck {
  /** Every entry point that imported, with the names its module exports at run time. */
  modules: { specifier: string; names: string[] }[];
  /** What is broken, one sentence each; empty when every entry point works. */
  problems: string[];
}

/**
 * The resolutions a user's TypeScript may use for an ESM package: Node's (`nodenext`, also what `node16` does for
 * ESM importers) and a bundler's. Each must find the `types` file the exports map names, as attw checks.
 */
const typeResolutions: { name: string; options: ts.CompilerOptions }[] = [
  {
    name: "nodenext",
    options: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  },
  {
    name: "bundler",
    options: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler },
  },
];

function checkTypes(packageFolder: string, entry: EntryPoint): string[] {
  const expected = realpathSync(path.resolve(packageFolder, entry.types));
  // An ESM file inside the package imports it by its own name (self-reference), as a user's file would.
  const importer = path.join(packageFolder, "exports-check.mts");
  return typeResolutions.flatMap(({ name, options }) => {
    const resolved = ts.resolveModuleName(entry.specifier, importer, options, ts.sys).resolvedModule;
    if (resolved === undefined) return [`${entry.specifier}: TypeScript (${name}) finds no declarations`];
    const found = realpathSync(resolved.resolvedFileName);
    return found === expected ? [] : [`${entry.specifier}: TypeScript (${name}) resolves ${found}, not ${entry.types}`];
  });
}

/**
 * Imports every entry point of the built package under plain Node ESM, in a child process started in the package
 * folder, by the package's own name: exactly what a user's `import` goes through (the exports map, the built files
 * and their relative imports), with none of the test runner's module resolution in between.
 */
function importAll(packageFolder: string, specifiers: string[], withManifest: boolean): ExportsCheck {
  const script = `
const results = [];
for (const specifier of ${JSON.stringify(specifiers)}) {
  try { results.push({ specifier, names: Object.keys(await import(specifier)).sort() }); }
  catch (error) { results.push({ specifier, error: String(error) }); }
}
${withManifest ? `try { await import(${JSON.stringify(`${readManifest(packageFolder).name}/package.json`)}, { with: { type: "json" } }); } catch (error) { results.push({ specifier: "package.json", error: String(error) }); }` : ""}
process.stdout.write(JSON.stringify(results));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "--eval", script], {
    cwd: packageFolder,
    encoding: "utf8",
    ...hangGuard,
  });
  if (child.status !== 0)
    return { modules: [], problems: [`node exited with ${child.status}${endedBy(child)}: ${child.stderr}`] };
  const results = JSON.parse(child.stdout) as { specifier: string; names?: string[]; error?: string }[];
  return {
    modules: results.flatMap(({ specifier, names }) => (names === undefined ? [] : [{ specifier, names }])),
    problems: results.flatMap(({ specifier, error }) =>
      error === undefined ? [] : [`${specifier}: Node cannot import it: ${error}`],
    ),
  };
}

/**
 * Checks a built package's exports map the way its users meet it: each entry point's files exist, TypeScript finds
 * its declarations, and Node imports it. A broken map (a missing file, a subpath left out of the build, a wrong
 * condition) fails here, not in a user's project.
 */
export function checkPackageExports(packageFolder: string): ExportsCheck {
  const manifest = readManifest(packageFolder);
  let entries: EntryPoint[];
  try {
    entries = entryPoints(manifest);
  } catch (error) {
    return { modules: [], problems: [(error as Error).message] };
  }
  const problems: string[] = [];
  for (const entry of entries)
    for (const file of [entry.types, entry.default])
      if (!existsSync(path.resolve(packageFolder, file)))
        problems.push(`${entry.specifier}: ${file} does not exist (is the package built? pnpm build)`);
  if (problems.length > 0) return { modules: [], problems };
  for (const entry of entries) problems.push(...checkTypes(packageFolder, entry));
  const imported = importAll(
    packageFolder,
    entries.map((entry) => entry.specifier),
    manifest.exports?.["./package.json"] !== undefined,
  );
  return { modules: imported.modules, problems: [...problems, ...imported.problems] };
}

/** What a Node process loaded: every module file it read, as an absolute path, in the order it was loaded. */
export interface LoadedModules {
  status: number | null;
  stdout: string;
  stderr: string;
  files: string[];
}

// A module loader hook, registered before anything else loads, that writes each file module's URL to stderr as it is
// loaded. fs.writeSync, because the hooks run on a thread of their own and an asynchronous write may be lost at exit.
const loadHooks = `import { writeSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:")) writeSync(2, "\\nloaded-module=" + url + "\\n");
  return next(url, context);
}`;
const registerLoadHooks = `import { register } from "node:module"; register(${JSON.stringify(
  `data:text/javascript,${encodeURIComponent(loadHooks)}`,
)});`;

/**
 * Runs `node <args>` in `cwd` and says which module files it loaded: how a test shows that an entry point or a
 * command loads only what it uses (start-up time is the benchmarks' business; what is loaded is exact and can be
 * asserted on any machine).
 */
export function modulesLoadedBy(args: readonly string[], cwd: string): LoadedModules {
  const child = spawnSync(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(registerLoadHooks)}`, ...args],
    { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, ...hangGuard },
  );
  if (child.error !== undefined) throw new Error(`node ${args.join(" ")} did not finish${endedBy(child)}`);
  const marker = /\nloaded-module=(.*)\n/g;
  return {
    status: child.status,
    stdout: child.stdout,
    stderr: child.stderr.replace(marker, ""),
    files: [...child.stderr.matchAll(marker)].map((match) => fileURLToPath(match[1] as string)),
  };
}
