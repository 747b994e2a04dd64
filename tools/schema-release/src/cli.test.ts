import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  addChangeset,
  copyReleasedCheckout,
  editJson,
  nextVersions,
  releasedVersion,
  repositoryRoot,
  setFormatVersion,
} from "./checkout.test.helpers.js";

const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "cli.ts");
const tsx = path.join(repositoryRoot, "node_modules/.bin/tsx");

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(tsx, [cli, ...args], { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("schema-release compat (pnpm schema:compat)", () => {
  it("fails a real breaking edit that comes with only a patch changeset, naming the change, its pointer and why", async () => {
    const root = await copyReleasedCheckout();
    // Making an optional property required: it regenerates cleanly and any changeset used to satisfy api:check.
    editJson(root, "schemas/v1/usage.schema.json", (schema) => schema.required.push("cache_read_tokens"));
    setFormatVersion(root, nextVersions.patch);
    addChangeset(root, "usage-cache-required", "patch");
    const result = run("compat", "--root", root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      "major schemas/v1/usage.schema.json#/properties/cache_read_tokens property-became-required: cache_read_tokens is now required: an old document without it is refused (old documents, new readers)",
    );
    expect(result.stderr).toContain("the breaking changes need a new major folder");
    expect(result.stderr).toContain(
      "@agent-transcript/core carries the schema, and its pending changesets bump it patch (.changeset/usage-cache-required.md): the changes need a major changeset",
    );
    expect(result.stdout).toBe("");
  });

  it("passes a compatible change with the version and changeset it needs, and prints the report as JSON on request", async () => {
    const root = await copyReleasedCheckout();
    editJson(root, "schemas/v1/message.schema.json", (schema) => schema.$defs.FinishReason.enum.push("paused"));
    setFormatVersion(root, nextVersions.minor);
    addChangeset(root, "finish-reason-paused", "minor");
    const result = run("compat", "--json", "--root", root);
    expect(result.stderr).toContain(
      'minor schemas/v1/message.schema.json#/$defs/FinishReason/enum extensible-enum-member-added: "paused" joined an x-extensible vocabulary',
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ release: releasedVersion, required: "minor", problems: [] });
  });

  it("passes this repository as it is", () => {
    const result = run("compat");
    expect(result.stderr).not.toContain("failed");
    expect(result.status).toBe(0);
  });

  it("answers a usage error with exit code 2", () => {
    expect(run("compare").status).toBe(2);
    expect(run("compat", "--loose").status).toBe(2);
  });
});

describe("schema-release release (pnpm schema:release)", () => {
  it("refuses to freeze a version that is already released, changing nothing", async () => {
    const root = await copyReleasedCheckout();
    const result = run("release", "--root", root);
    expect(result.stderr).toContain(
      `schemas/released/${releasedVersion} exists: ${releasedVersion} is released, and a release never changes`,
    );
    expect(result.status).toBe(1);
    expect(existsSync(path.join(root, `schemas/released/.${releasedVersion}.partial`))).toBe(false);
  });
});
