import { readFileSync } from "node:fs";
import path from "node:path";

/** One public entry point of a package: a subpath of its `exports` map that leads to a module. */
export interface EntryPoint {
  /** The key in `exports`: `.`, `./validators`, … */
  subpath: string;
  /** What a user writes: `@agent-transcript/core`, `@agent-transcript/core/validators`, … */
  specifier: string;
  /** The `types` target, relative to the package folder (`./dist/index.d.ts`). */
  types: string;
  /** The `default` target, relative to the package folder (`./dist/index.js`). */
  default: string;
}

export interface PackageManifest {
  name: string;
  exports?: Record<string, unknown>;
}

export function readManifest(packageFolder: string): PackageManifest {
  return JSON.parse(readFileSync(path.join(packageFolder, "package.json"), "utf8")) as PackageManifest;
}

/**
 * The package's entry points, in the order of its `exports` map. Only subpaths with the conditions our packages
 * use (`types`, then `default`) are modules; `./package.json` and other plain files are not, and an export in any
 * other shape is an error, since the reports and the smoke test would silently skip it.
 */
export function entryPoints(manifest: PackageManifest): EntryPoint[] {
  const points: EntryPoint[] = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === "string" && !/\.[cm]?js$/.test(target)) continue;
    const conditions = typeof target === "object" && target !== null ? (target as Record<string, unknown>) : {};
    const { types, default: implementation } = conditions;
    if (typeof types !== "string" || typeof implementation !== "string" || Object.keys(conditions)[0] !== "types")
      throw new Error(
        `${manifest.name}: exports["${subpath}"] must be { "types": "./dist/….d.ts", "default": "./dist/….js" }, types first`,
      );
    const specifier = subpath === "." ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, "")}`;
    points.push({ subpath, specifier, types, default: implementation });
  }
  if (points.length === 0) throw new Error(`${manifest.name}: no entry point in its exports map`);
  return points;
}
