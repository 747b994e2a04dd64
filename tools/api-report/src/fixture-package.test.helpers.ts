import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

/**
 * A small built package in a temporary folder, shaped like ours: an ESM exports map with a root and one subpath,
 * declarations and JavaScript in dist/, the build's tsconfig. Tests change its files to change its surface.
 */
export interface FixturePackage {
  folder: string;
  write: (relative: string, text: string) => void;
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

export function fixturePackage(): FixturePackage {
  const folder = mkdtempSync(path.join(tmpdir(), "api-report-fixture-"));
  folders.push(folder);
  const write = (relative: string, text: string): void => {
    mkdirSync(path.dirname(path.join(folder, relative)), { recursive: true });
    writeFileSync(path.join(folder, relative), text);
  };
  write(
    "package.json",
    JSON.stringify({
      name: "@fixture/shapes",
      type: "module",
      exports: {
        ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
        "./grow": { types: "./dist/grow.d.ts", default: "./dist/grow.js" },
        "./package.json": "./package.json",
      },
    }),
  );
  write(
    "tsconfig.build.json",
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        declaration: true,
        rootDir: "src",
        outDir: "dist",
        types: [],
      },
    }),
  );
  write(
    "dist/index.d.ts",
    "export interface Shape {\n    size: number;\n}\nexport declare function area(shape: Shape): number;\n",
  );
  write("dist/index.js", "export function area(shape) {\n    return shape.size * shape.size;\n}\n");
  // The subpath names the root's `Shape` without exporting it: a user imports it from the root.
  write(
    "dist/grow.d.ts",
    'import type { Shape } from "./index.js";\nexport declare function grow(shape: Shape): Shape;\n',
  );
  write("dist/grow.js", "export function grow(shape) {\n    return { size: shape.size + 1 };\n}\n");
  return { folder, write };
}
