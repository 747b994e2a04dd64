import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixturePackage, type FixturePackage } from "./fixture-package.test.helpers.js";
import { checkPackageExports } from "./package-exports.js";

function setExports(fixture: FixturePackage, exports: Record<string, unknown>): void {
  const manifest = JSON.parse(readFileSync(path.join(fixture.folder, "package.json"), "utf8")) as object;
  fixture.write("package.json", JSON.stringify({ ...manifest, exports }));
}

describe("checkPackageExports", () => {
  it("imports every entry point of a built package by its name and finds its declarations", () => {
    expect(checkPackageExports(fixturePackage().folder)).toEqual({
      modules: [
        { specifier: "@fixture/shapes", names: ["area"] },
        { specifier: "@fixture/shapes/grow", names: ["grow"] },
      ],
      problems: [],
    });
  });

  it("reports an entry point whose built file is missing", () => {
    const fixture = fixturePackage();
    setExports(fixture, {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./shrink": { types: "./dist/shrink.d.ts", default: "./dist/shrink.js" },
    });
    expect(checkPackageExports(fixture.folder).problems).toEqual([
      "@fixture/shapes/shrink: ./dist/shrink.d.ts does not exist (is the package built? pnpm build)",
      "@fixture/shapes/shrink: ./dist/shrink.js does not exist (is the package built? pnpm build)",
    ]);
  });

  it("reports a module Node cannot load", () => {
    const fixture = fixturePackage();
    fixture.write("dist/grow.js", 'export { grow } from "./growth.js";\n');
    expect(checkPackageExports(fixture.folder).problems).toEqual([
      expect.stringMatching(
        /^@fixture\/shapes\/grow: Node cannot import it: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module .*growth\.js/,
      ),
    ]);
  });

  it("reports declarations TypeScript would not find, and conditions in the wrong order", () => {
    const fixture = fixturePackage();
    setExports(fixture, {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      // A `types` condition after `import` is never reached by TypeScript: it takes the first matching condition.
      "./grow": { import: "./dist/grow.js", types: "./dist/grow.d.ts", default: "./dist/grow.js" },
    });
    expect(checkPackageExports(fixture.folder).problems).toEqual([
      expect.stringContaining('exports["./grow"] must be { "types": "./dist/….d.ts", "default": "./dist/….js" }'),
    ]);
  });

  it("reports a package.json the exports map does not let users import", () => {
    const fixture = fixturePackage();
    setExports(fixture, {
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./package.json": "./manifest.json",
    });
    expect(checkPackageExports(fixture.folder).problems).toEqual([
      expect.stringMatching(
        /^package\.json: Node cannot import it: Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module .*manifest\.json/,
      ),
    ]);
  });
});
