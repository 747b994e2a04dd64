import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./paths.js";

const read = (relative: string): string => readFileSync(path.join(repositoryRoot, relative), "utf8");

describe("README Quick start", () => {
  const readme = read("README.md");
  const quickStart = readme.split(/^## /m).find((section) => section.startsWith("Quick start")) ?? "";
  const commands = [...quickStart.matchAll(/```sh\n([^\n]+)\n```/g)].map((match) => match[1]);

  it("has exactly two commands: the demo, then the tests", () => {
    expect(commands).toHaveLength(2);
    // pnpm itself, or the pinned one through npx (`npx --yes pnpm@10.34.9 demo`).
    expect(commands[0]).toMatch(/pnpm(?:@[\d.]+)? demo$/);
    expect(commands[1]).toMatch(/pnpm(?:@[\d.]+)? test$/);
  });

  it("is what CI runs: .ci/run calls the test command verbatim", () => {
    expect(read(".ci/run")).toContain(`\n${commands[1]}\n`);
  });
});

describe("workspace packages", () => {
  const packageFolders = ["packages", "tools", "apps"].flatMap((group) =>
    existsSync(path.join(repositoryRoot, group))
      ? readdirSync(path.join(repositoryRoot, group))
          .map((name) => `${group}/${name}`)
          .filter((folder) => existsSync(path.join(repositoryRoot, folder, "package.json")))
      : [],
  );
  const manifests = packageFolders.map((folder) => ({
    folder,
    manifest: JSON.parse(read(`${folder}/package.json`)) as Record<string, unknown>,
  }));
  const published = manifests.filter((entry) => entry.manifest.private !== true);

  it("are all ESM with a test script", () => {
    // The packages are found, and some are published: the publishing test below runs over those.
    expect(manifests.length).toBeGreaterThan(10);
    expect(published.length).toBeGreaterThan(3);
    for (const { folder, manifest } of manifests) {
      expect(manifest.type, folder).toBe("module");
      expect((manifest.scripts as Record<string, string>).test, folder).toBeDefined();
    }
  });

  it.each(published.map((entry) => [entry.folder, entry.manifest] as const))(
    "%s is publishable: scope, engines, types-first exports, publint, README",
    (folder, manifest) => {
      expect(String(manifest.name)).toMatch(/^@agent-transcript\//);
      // The Node.js versions whose require() loads ES modules (the READMEs' CommonJS line), as the root states them.
      expect(manifest.engines).toEqual({ node: "^20.19.0 || >=22.12.0" });
      expect(manifest.engines).toEqual((JSON.parse(read("package.json")) as { engines: unknown }).engines);
      expect(manifest.publishConfig).toEqual({ access: "public", provenance: true });
      expect(manifest.keywords).toEqual(expect.arrayContaining(["agent-transcript"]));
      const root = (manifest.exports as Record<string, Record<string, string>>)["."];
      expect(Object.keys(root ?? {})[0]).toBe("types");
      expect((manifest.scripts as Record<string, string>).publint).toBe("publint --strict");
      expect((manifest.scripts as Record<string, string>).attw).toBe("attw --pack . --profile esm-only");
      const readme = read(`${folder}/README.md`);
      for (const heading of ["## Install", "## Example", "## ESM and CommonJS", "## Scope"])
        expect(readme, `${folder} README`).toContain(heading);
    },
  );

  it("pin the generators exactly", () => {
    const catalog = read("pnpm-workspace.yaml");
    for (const generator of ["json-schema-to-typescript", "quicktype-core", "ajv", "ajv-formats"]) {
      expect(catalog).toMatch(new RegExp(`^  ${generator}: \\d+\\.\\d+\\.\\d+$`, "m"));
    }
  });
});
