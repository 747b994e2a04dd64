import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkApiReport, reportFileName, writeApiReport } from "./api-report.js";
import { fixturePackage } from "./fixture-package.test.helpers.js";

describe("API reports", () => {
  it("record every entry point, and a subpath's use of another entry point's export", () => {
    const fixture = fixturePackage();
    expect(writeApiReport(fixture.folder)).toEqual({ ok: true, messages: [] });
    const report = readFileSync(path.join(fixture.folder, reportFileName), "utf8");
    expect(report).toMatch(/^# API report: `@fixture\/shapes`\n/);
    const [root, grow] = report.split(/^## /m).slice(1);
    expect(root).toMatch(/^`@fixture\/shapes`\n\n```ts\n/);
    expect(root).toContain("export function area(shape: Shape): number;");
    expect(root).toContain("export interface Shape {");
    expect(grow).toMatch(/^`@fixture\/shapes\/grow`\n\n```ts\n\/\/ Shape: exported by @fixture\/shapes\n/);
    expect(grow).toContain("export function grow(shape: Shape): Shape;");
    expect(grow).not.toContain("interface Shape");
    expect(checkApiReport(fixture.folder)).toEqual({ ok: true, messages: [] });
  });

  it("fail the check when the surface changes, showing the change and naming the fix", () => {
    const fixture = fixturePackage();
    writeApiReport(fixture.folder);
    fixture.write(
      "dist/index.d.ts",
      "export interface Shape {\n    size: number;\n    color?: string;\n}\nexport declare function area(shape: Shape): number;\n",
    );
    const result = checkApiReport(fixture.folder);
    expect(result.ok).toBe(false);
    expect(result.messages.join("\n")).toContain("@fixture/shapes: the public API differs from api-report.md");
    expect(result.messages.join("\n")).toContain("+     color?: string;");
    expect(result.messages.join("\n")).toContain("run pnpm api:update and commit api-report.md");
  });

  it("fail the check when an export is removed", () => {
    const fixture = fixturePackage();
    writeApiReport(fixture.folder);
    fixture.write("dist/grow.d.ts", 'import type { Shape } from "./index.js";\nexport type Grown = Shape;\n');
    const message = checkApiReport(fixture.folder).messages.join("\n");
    expect(message).toContain("- export function grow(shape: Shape): Shape;");
    expect(message).toContain("+ export type Grown = Shape;");
  });

  it("fail both commands on a type that public signatures name and no entry point exports", () => {
    const fixture = fixturePackage();
    fixture.write(
      "dist/grow.d.ts",
      // tsc ends such declarations with `export {}`: without it, everything a .d.ts declares is exported.
      "interface Growth {\n    by: number;\n}\nexport declare function grow(growth: Growth): void;\nexport {};\n",
    );
    const written = writeApiReport(fixture.folder);
    expect(written.ok).toBe(false);
    expect(written.messages).toEqual([
      expect.stringMatching(
        /^@fixture\/shapes\/grow: .*\(ae-forgotten-export\) The symbol "Growth" needs to be exported/,
      ),
    ]);
    expect(checkApiReport(fixture.folder).ok).toBe(false);
  });

  it("treat a private type that shares a name with another entry point's export as forgotten", () => {
    const fixture = fixturePackage();
    fixture.write(
      "dist/grow.d.ts",
      "interface Shape {\n    sides: number;\n}\nexport declare function grow(shape: Shape): void;\nexport {};\n",
    );
    expect(writeApiReport(fixture.folder).messages).toEqual([
      expect.stringContaining('(ae-forgotten-export) The symbol "Shape" needs to be exported'),
    ]);
  });

  it("fail the check when the report is missing or the package is not built", () => {
    const fixture = fixturePackage();
    expect(checkApiReport(fixture.folder).messages).toEqual([
      "@fixture/shapes: api-report.md is missing. Fix: run pnpm api:update and commit api-report.md.",
    ]);
    rmSync(path.join(fixture.folder, "dist"), { recursive: true });
    expect(checkApiReport(fixture.folder).messages).toEqual([
      "@fixture/shapes: ./dist/index.d.ts does not exist; build the package first (pnpm build)",
      "@fixture/shapes/grow: ./dist/grow.d.ts does not exist; build the package first (pnpm build)",
    ]);
  });
});
