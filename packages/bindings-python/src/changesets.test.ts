// The bindings' versions follow the format version (each README's "Versions"), never changesets: a release's
// `changeset version` must leave the three bindings' workspace packages as they are, whatever the pending changesets
// say. Run on a copy of the workspace's manifests with the real changesets configuration.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const bindings = ["bindings-python", "bindings-go", "bindings-rust"];
const copy = mkdtempSync(path.join(tmpdir(), "bindings-changesets-"));
const manifest = (folder: string): { name: string; version: string } =>
  JSON.parse(readFileSync(path.join(copy, folder, "package.json"), "utf8")) as { name: string; version: string };

let result: ReturnType<typeof spawnSync>;

beforeAll(() => {
  // Every workspace package's manifest (pnpm-workspace.yaml: packages/*, apps/*, tools/*), the root's, the
  // configuration and every pending changeset.
  for (const group of ["packages", "apps", "tools"]) {
    for (const name of readdirSync(path.join(repositoryRoot, group))) {
      const file = path.join(group, name, "package.json");
      if (existsSync(path.join(repositoryRoot, file))) cpSync(path.join(repositoryRoot, file), path.join(copy, file));
    }
  }
  for (const file of ["package.json", "pnpm-workspace.yaml"]) {
    cpSync(path.join(repositoryRoot, file), path.join(copy, file));
  }
  cpSync(path.join(repositoryRoot, ".changeset"), path.join(copy, ".changeset"), { recursive: true });
  // A major change of core (the package the bindings depend on) and a change named for each binding.
  writeFileSync(
    path.join(copy, ".changeset/core-major-for-the-test.md"),
    '---\n"@agent-transcript/core": major\n---\n\nA major change.\n',
  );
  for (const binding of bindings) {
    writeFileSync(
      path.join(copy, `.changeset/${binding}-for-the-test.md`),
      `---\n"@agent-transcript/${binding}": minor\n---\n\nA change to the ${binding} package.\n`,
    );
  }
  result = spawnSync(process.execPath, [path.join(repositoryRoot, "node_modules/@changesets/cli/bin.js"), "version"], {
    cwd: copy,
    encoding: "utf8",
  });
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("changeset version", () => {
  it("runs and versions the published packages", () => {
    expect(result.status, String(result.stderr)).toBe(0);
    expect(manifest("packages/core").version).not.toBe(
      (JSON.parse(readFileSync(path.join(repositoryRoot, "packages/core/package.json"), "utf8")) as { version: string })
        .version,
    );
  });

  it.each(bindings)("leaves %s unversioned, private and without a changelog", (binding) => {
    const folder = `packages/${binding}`;
    const original = JSON.parse(readFileSync(path.join(repositoryRoot, folder, "package.json"), "utf8")) as {
      private: boolean;
    };
    expect(original.private).toBe(true);
    expect(readFileSync(path.join(copy, folder, "package.json"), "utf8")).toBe(
      readFileSync(path.join(repositoryRoot, folder, "package.json"), "utf8"),
    );
    expect(existsSync(path.join(copy, folder, "CHANGELOG.md"))).toBe(false);
  });
});
