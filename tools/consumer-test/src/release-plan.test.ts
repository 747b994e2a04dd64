// The first step of `pnpm release`, `changeset version`, run on a copy of the workspace's manifests and changeset
// configuration with one pending patch of core: what it versions is what the release publishes, and it must never
// version a private package (the viewer, tools/*, the bindings' npm manifests), which nobody publishes.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeRun, runCommand } from "./run-command.js";
import { publicPackages } from "./workspace.js";

const workspaceRoot = fileURLToPath(new URL("../../../", import.meta.url));
const changesets = path.join(workspaceRoot, "node_modules/@changesets/cli/bin.js");

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
}

/** Every workspace package's folder, relative to the root, with its manifest. */
function workspaceManifests(): { folder: string; manifest: Manifest }[] {
  const found: { folder: string; manifest: Manifest }[] = [];
  for (const parent of ["packages", "apps", "tools"])
    for (const name of readdirNames(path.join(workspaceRoot, parent))) {
      const file = path.join(workspaceRoot, parent, name, "package.json");
      if (existsSync(file))
        found.push({ folder: path.join(parent, name), manifest: JSON.parse(readFileSync(file, "utf8")) as Manifest });
    }
  return found;
}

function readdirNames(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

let copy: string;
const before = workspaceManifests();
const after = new Map<string, { version: string; changelog: boolean }>();

beforeAll(async () => {
  copy = mkdtempSync(path.join(os.tmpdir(), "agent-transcript-release-plan-"));
  for (const file of ["package.json", "pnpm-workspace.yaml", ".changeset/config.json"]) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    copyFileSync(path.join(workspaceRoot, file), path.join(copy, file));
  }
  for (const { folder } of before) {
    mkdirSync(path.join(copy, folder), { recursive: true });
    copyFileSync(path.join(workspaceRoot, folder, "package.json"), path.join(copy, folder, "package.json"));
  }
  writeFileSync(
    path.join(copy, ".changeset/a-core-fix.md"),
    '---\n"@agent-transcript/core": patch\n---\n\nA fix in core.\n',
  );
  const version = await runCommand(process.execPath, [changesets, "version"], { cwd: copy, timeoutMs: 60_000 });
  if (version.code !== 0) throw new Error(describeRun("changeset version", version));
  for (const { folder, manifest } of before)
    after.set(manifest.name, {
      version: (JSON.parse(readFileSync(path.join(copy, folder, "package.json"), "utf8")) as Manifest).version,
      changelog: existsSync(path.join(copy, folder, "CHANGELOG.md")),
    });
}, 120_000);

afterAll(() => {
  if (copy !== undefined) rmSync(copy, { recursive: true, force: true });
});

describe("changeset version, with a patch of core pending", () => {
  it("versions every published package together, with a changelog each", () => {
    const published = publicPackages(workspaceRoot);
    expect(published.length).toBeGreaterThan(0);
    for (const pkg of published) expect(after.get(pkg.name), pkg.name).toEqual({ version: "0.0.1", changelog: true });
  });

  it("leaves every private package's version alone, and writes it no changelog", () => {
    const privates = before.filter(({ manifest }) => manifest.private === true);
    expect(privates.map(({ manifest }) => manifest.name)).toContain("@agent-transcript/viewer");
    const changed = privates.filter(
      ({ manifest }) =>
        after.get(manifest.name)?.version !== manifest.version || after.get(manifest.name)?.changelog === true,
    );
    expect(changed.map(({ manifest }) => `${manifest.name}: ${JSON.stringify(after.get(manifest.name))}`)).toEqual([]);
  });
});
