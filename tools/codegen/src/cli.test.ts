import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generatedRoots, repositoryRoot } from "./paths.js";
import { copyCheckout } from "./test-fixtures.js";

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "cli.ts");
const tsx = path.join(repositoryRoot, "node_modules/.bin/tsx");

function check(root: string): { status: number | null; stderr: string } {
  const result = spawnSync(tsx, [cli, "--check", "--root", root], {
    encoding: "utf8",
    env: { ...process.env, CI: "" },
  });
  return { status: result.status, stderr: result.stderr };
}

describe("pnpm check:generated", () => {
  it("passes on an unmodified checkout", () => {
    expect(check(copyCheckout())).toMatchObject({ status: 0 });
  });

  it("fails with the fix command when a schema description changes without regenerating", () => {
    const root = copyCheckout();
    const schema = path.join(root, "schemas/v1/snapshot-declaration.schema.json");
    writeFileSync(
      schema,
      readFileSync(schema, "utf8").replace(
        "Absolute path of the repository root or file.",
        "Absolute path of the root or file.",
      ),
    );
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("changed (out of date): packages/core/src/generated/v1/types.ts");
    expect(result.stderr).toContain("Fix: run `pnpm generate`");
  });

  it("fails when a generated file is deleted", () => {
    const root = copyCheckout();
    rmSync(path.join(root, generatedRoots.core, "v1/validators/event.tolerant.js"));
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "missing (new or deleted): packages/core/src/generated/v1/validators/event.tolerant.js",
    );
    expect(result.stderr).toContain("pnpm generate");
  });

  it("fails when a stray file appears in a generated folder", () => {
    const root = copyCheckout();
    writeFileSync(path.join(root, generatedRoots.go, "v1/extra.go"), "package v1\n");
    const result = check(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("stray (no generator writes it): packages/bindings-go/generated/v1/extra.go");
  });

  it("fails when generated output was edited by hand", () => {
    const root = copyCheckout();
    appendFileSync(path.join(root, generatedRoots.python, "v1.py"), "\n# hand edit\n");
    expect(check(root).status).toBe(1);
  });

  it("regenerates in place, removing orphans, so a check afterwards passes", () => {
    const root = copyCheckout();
    writeFileSync(path.join(root, generatedRoots.rust, "orphan.rs"), "");
    rmSync(path.join(root, generatedRoots.core, "v1/types.ts"));
    const write = spawnSync(tsx, [cli, "--write", "--root", root], { encoding: "utf8" });
    expect(write.status).toBe(0);
    expect(check(root).status).toBe(0);
  });

  it("answers a usage error with exit code 2", () => {
    expect(spawnSync(tsx, [cli], { encoding: "utf8" }).status).toBe(2);
  });
});

describe(".gitattributes", () => {
  it("marks every generated root as generated, LF and unmergeable", () => {
    const attributes = readFileSync(path.join(repositoryRoot, ".gitattributes"), "utf8");
    for (const root of Object.values(generatedRoots)) {
      expect(attributes).toContain(`${root}/** linguist-generated=true eol=lf -merge`);
    }
  });
});
