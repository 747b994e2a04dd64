import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repositoryRoot = path.resolve(import.meta.dirname, "../../..");
const depcruise = path.join(import.meta.dirname, "../node_modules/.bin/depcruise");

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/**
 * Runs the repository's dependency rules over `root` (a repository-shaped tree) as CI does, for the exit status,
 * and again for the report's details.
 */
function check(root: string): { status: number | null; violations: Violation[] } {
  const run = (outputType: string) =>
    spawnSync(
      depcruise,
      ["packages", "tools", "apps", "--config", ".dependency-cruiser.cjs", "--output-type", outputType],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
  const status = run("err").status;
  const result = run("json");
  const report = JSON.parse(result.stdout) as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
  };
  return {
    status,
    violations: report.summary.violations
      .map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }))
      .sort((a, b) => `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`)),
  };
}

const scratch = mkdtempSync(path.join(tmpdir(), "architecture-rules-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A small repository laid out like ours, with the rules' own configuration. */
function repository(name: string, files: Record<string, string>): string {
  const root = path.join(scratch, name);
  for (const config of [".dependency-cruiser.cjs", ".dependency-cruiser.resolve.cjs", "tsconfig.base.json"]) {
    write(root, config, "");
    copyFileSync(path.join(repositoryRoot, config), path.join(root, config));
  }
  for (const [folder, packageName] of [
    ["packages/core", "@agent-transcript/core"],
    ["packages/providers", "@agent-transcript/providers"],
    ["packages/recorder", "@agent-transcript/recorder"],
    ["packages/cli", "@agent-transcript/cli"],
  ] as const) {
    const manifest = {
      name: packageName,
      exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
    };
    write(root, `${folder}/package.json`, JSON.stringify(manifest));
    write(root, `${folder}/src/index.ts`, "export const value = 1;\n");
  }
  write(
    root,
    "tools/fixtures/package.json",
    JSON.stringify({ name: "@agent-transcript/fixtures", exports: { ".": "./src/index.ts" } }),
  );
  write(root, "tools/fixtures/src/index.ts", "export const data = 1;\n");
  write(root, "apps/viewer/package.json", JSON.stringify({ name: "@agent-transcript/viewer", private: true }));
  write(root, "apps/viewer/src/main.ts", "export const main = 1;\n");
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

describe("the dependency rules", () => {
  it("accept a tree that keeps them, including tests that use test support and commands' own tests", () => {
    const root = repository("clean", {
      "packages/providers/src/formats/alpha/index.ts":
        'import { value } from "@agent-transcript/core";\nimport { json } from "../../conversion/json.js";\nimport { fold } from "../../families/one/fold.js";\nexport const alpha = [value, json, fold];\n',
      "packages/providers/src/families/one/fold.ts":
        'import { json } from "../../conversion/json.js";\nimport type { Dialect } from "./dialect.js";\nexport const fold = json;\nexport type Folded = Dialect;\n',
      "packages/providers/src/families/one/dialect.ts": "export type Dialect = { name: string };\n",
      "packages/providers/src/conversion/json.ts": "export const json = 1;\n",
      "packages/core/src/decode.test.ts": 'import { gzipSync } from "node:zlib";\nexport const gzip = gzipSync;\n',
      "packages/providers/src/formats/alpha/alpha.test.ts":
        'import { data } from "@agent-transcript/fixtures";\nimport { alpha } from "./index.js";\nexport const checked = [data, alpha];\n',
      "packages/cli/src/commands/convert.ts":
        'import { shared } from "../shared.js";\nimport { value } from "@agent-transcript/providers";\nexport const convert = [shared, value];\n',
      "packages/cli/src/commands/convert.test.ts":
        'import { convert } from "./convert.js";\nexport const checked = convert;\n',
      "packages/cli/src/shared.ts": "export const shared = 1;\n",
      "packages/providers/src/node/files.ts":
        'import { readFile } from "node:fs/promises";\nexport const files = readFile;\n',
      "packages/providers/src/node.ts": 'export { files } from "./node/files.js";\n',
      "packages/providers/src/formats/alpha/alpha.node.test.ts":
        'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
      "packages/recorder/src/instrument/index.ts":
        'import { value } from "@agent-transcript/providers";\nimport { value as core } from "@agent-transcript/core";\nexport const instrument = [value, core];\n',
      "apps/viewer/src/app.tsx":
        'import { value } from "@agent-transcript/core";\nexport const App = () => <p>{value}</p>;\n',
      "apps/viewer/src/viewer.test.ts":
        'import { readFileSync } from "node:fs";\nimport { data } from "@agent-transcript/fixtures";\nexport const read = [readFileSync, data];\n',
      "packages/cli/src/cli.ts":
        'import type { convert } from "./commands/convert.js";\nexport const load = (): Promise<{ convert: typeof convert }> => import("./commands/convert.js");\n',
    });
    expect(check(root)).toEqual({ status: 0, violations: [] });
  });

  it("name every broken rule, with the file that breaks it and what it imports", () => {
    const root = repository("broken", {
      "packages/core/src/uses-providers.ts":
        'import { value } from "@agent-transcript/providers";\nexport const a = value;\n',
      "packages/core/src/uses-zlib.ts": 'import { gunzipSync } from "node:zlib";\nexport const z = gunzipSync;\n',
      "packages/providers/src/uses-recorder.ts":
        'import { value } from "@agent-transcript/recorder";\nexport const b = value;\n',
      "packages/recorder/src/uses-fixtures.ts":
        'import { data } from "@agent-transcript/fixtures";\nexport const c = data;\n',
      "packages/providers/src/formats/alpha/index.ts":
        'import { beta } from "../beta/index.js";\nexport const alpha = beta;\n',
      "packages/providers/src/formats/beta/index.ts": "export const beta = 1;\n",
      "packages/providers/src/families/one/fold.ts":
        'import { beta } from "../../formats/beta/index.js";\nexport const fold = beta;\n',
      "packages/providers/src/conversion/json.ts":
        'import { fold } from "../families/one/fold.js";\nexport const json = fold;\n',
      "packages/cli/src/commands/convert.ts":
        'import { exported } from "./export.js";\nexport const convert = exported;\n',
      "packages/cli/src/commands/export.ts": "export const exported = 1;\n",
      "packages/cli/src/deep.ts": 'import { value } from "../../core/src/index.js";\nexport const d = value;\n',
      "packages/cli/src/cycle-a.ts": 'import { b } from "./cycle-b.js";\nexport const a = () => b;\n',
      "packages/cli/src/cycle-b.ts": 'import { a } from "./cycle-a.js";\nexport const b = () => a;\n',
      "packages/cli/src/missing.ts": 'import { nothing } from "./not-there.js";\nexport const m = nothing;\n',
      "packages/bindings-go/src/types.ts": "export const go = 1;\n",
      "packages/cli/src/uses-bindings.ts":
        'import { go } from "../../bindings-go/src/types.js";\nexport const g = go;\n',
      "packages/providers/src/formats/beta/files.ts":
        'import { readFileSync } from "node:fs";\nexport const f = readFileSync;\n',
      "packages/recorder/src/instrument/uses-cli.ts":
        'import { value } from "@agent-transcript/cli";\nexport const i = value;\n',
      "packages/recorder/src/writer/uses-providers.ts":
        'import { value } from "@agent-transcript/providers";\nexport const w = value;\n',
      "packages/recorder/src/reader/uses-instrument.ts":
        'import { i } from "../instrument/uses-cli.js";\nexport const r = i;\n',
      "packages/cli/src/cli.ts": 'import { convert } from "./commands/convert.js";\nexport const c = convert;\n',
      "apps/viewer/src/uses-cli.ts":
        'import { value } from "@agent-transcript/cli";\nimport { readFileSync } from "node:fs";\nexport const v = [value, readFileSync];\n',
    });
    const { status, violations } = check(root);
    expect(status).not.toBe(0);
    expect(violations).toEqual([
      {
        rule: "command-line-start-up-loads-no-command",
        from: "packages/cli/src/cli.ts",
        to: "packages/cli/src/commands/convert.ts",
      },
      {
        rule: "commands-are-independent",
        from: "packages/cli/src/commands/convert.ts",
        to: "packages/cli/src/commands/export.ts",
      },
      {
        rule: "conversion-toolkit-is-the-base",
        from: "packages/providers/src/conversion/json.ts",
        to: "packages/providers/src/families/one/fold.ts",
      },
      { rule: "core-imports-no-node-builtins", from: "packages/core/src/uses-zlib.ts", to: "zlib" },
      {
        rule: "core-imports-no-package",
        from: "packages/core/src/uses-providers.ts",
        to: "packages/providers/src/index.ts",
      },
      {
        rule: "families-are-below-formats",
        from: "packages/providers/src/families/one/fold.ts",
        to: "packages/providers/src/formats/beta/index.ts",
      },
      {
        rule: "formats-are-independent",
        from: "packages/providers/src/formats/alpha/index.ts",
        to: "packages/providers/src/formats/beta/index.ts",
      },
      {
        rule: "instrumentation-reads-payloads-through-providers",
        from: "packages/recorder/src/instrument/uses-cli.ts",
        to: "packages/cli/src/index.ts",
      },
      {
        rule: "layers-point-down",
        from: "packages/providers/src/uses-recorder.ts",
        to: "packages/recorder/src/index.ts",
      },
      {
        rule: "layers-point-down",
        from: "packages/recorder/src/writer/uses-providers.ts",
        to: "packages/providers/src/index.ts",
      },
      {
        rule: "no-bindings-imports",
        from: "packages/cli/src/uses-bindings.ts",
        to: "packages/bindings-go/src/types.ts",
      },
      { rule: "no-circular", from: "packages/cli/src/cycle-a.ts", to: "packages/cli/src/cycle-b.ts" },
      { rule: "not-to-unresolvable", from: "packages/cli/src/missing.ts", to: "./not-there.js" },
      {
        rule: "only-instrumentation-imports-providers",
        from: "packages/recorder/src/reader/uses-instrument.ts",
        to: "packages/recorder/src/instrument/uses-cli.ts",
      },
      { rule: "packages-use-public-entry-points", from: "packages/cli/src/deep.ts", to: "packages/core/src/index.ts" },
      {
        rule: "packages-use-public-entry-points",
        from: "packages/cli/src/uses-bindings.ts",
        to: "packages/bindings-go/src/types.ts",
      },
      {
        rule: "providers-node-builtins-in-the-node-entry",
        from: "packages/providers/src/formats/beta/files.ts",
        to: "fs",
      },
      {
        rule: "shipped-code-imports-no-tools",
        from: "packages/recorder/src/uses-fixtures.ts",
        to: "tools/fixtures/src/index.ts",
      },
      { rule: "viewer-imports-no-node-builtins", from: "apps/viewer/src/uses-cli.ts", to: "fs" },
      { rule: "viewer-runs-in-browsers", from: "apps/viewer/src/uses-cli.ts", to: "packages/cli/src/index.ts" },
    ]);
  });

  it("refuse a circle that only type imports close, in any package, a family's dialect and fold included", () => {
    const root = repository("type-circles", {
      "packages/providers/src/registry.ts":
        'import type { PayloadKind } from "./detect.js";\nexport const registry = 1;\nexport type Kind = PayloadKind;\n',
      "packages/providers/src/detect.ts":
        'import { registry } from "./registry.js";\nexport const detect = registry;\nexport type PayloadKind = "request";\n',
      "packages/providers/src/families/one/fold.ts":
        'import type { Dialect } from "./dialect.js";\nexport const fold = 1;\nexport type Folded = Dialect;\n',
      "packages/providers/src/families/one/dialect.ts":
        'import type { Folded } from "./fold.js";\nexport type Dialect = { folded?: Folded };\n',
    });
    const { status, violations } = check(root);
    expect(status).not.toBe(0);
    expect(violations).toEqual(
      expect.arrayContaining([
        { rule: "no-circular", from: "packages/providers/src/detect.ts", to: "packages/providers/src/registry.ts" },
        {
          rule: "no-circular",
          from: "packages/providers/src/families/one/dialect.ts",
          to: "packages/providers/src/families/one/fold.ts",
        },
      ]),
    );
  });
});
