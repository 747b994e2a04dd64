/**
 * The validation snippets schemas/README.md prints, run as printed: the Python one with Debian's python3-jsonschema and
 * the Go one with Debian's gojsonschema, on the bundled documents, for a valid, an invalid and a newer-minor document.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { goPathEnvironment, systemCommand } from "@agent-transcript/setup";
import { afterAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "./checkout.test.helpers.js";

const readme = readFileSync(path.join(repositoryRoot, "schemas/README.md"), "utf8");

function snippet(language: string): string {
  const blocks = [...readme.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))];
  expect(blocks, `one ${language} block in schemas/README.md`).toHaveLength(1);
  return blocks[0]?.[1] ?? "";
}

const folder = mkdtempSync(path.join(tmpdir(), "schema-snippets-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const bundled = (variant: "" | "tolerant/"): string =>
  path.join(repositoryRoot, `schemas/generated/v1/bundled/${variant}transcript.schema.json`);
const example = (file: string): string => path.join(repositoryRoot, "schemas/v1/examples/Transcript", file);

describe("schemas/README.md's Python snippet", () => {
  const script = path.join(folder, "validate.py");
  writeFileSync(script, snippet("python"));
  const python = systemCommand("python3");
  const run = (schema: string, document: string): { status: number | null; stdout: string; stderr: string } => {
    const result = spawnSync(python.command, [script, schema, document], { env: python.env, encoding: "utf8" });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it("accepts a valid document with the strict bundle alone", () => {
    expect(run(bundled(""), example("valid/request-with-tools.json"))).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("rejects an invalid one, naming where", () => {
    const result = run(bundled(""), example("invalid/message-with-unknown-role.json"));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("$.messages[0].role");
  });

  it("reads a newer minor's document with the tolerant bundle, which the strict one refuses", () => {
    expect(run(bundled(""), example("newer-minor/unknown-part-type.json")).status).toBe(1);
    expect(run(bundled("tolerant/"), example("newer-minor/unknown-part-type.json"))).toMatchObject({ status: 0 });
  });
});

describe("schemas/README.md's Go snippet", () => {
  const program = path.join(folder, "go", "main.go");
  mkdirSync(path.dirname(program));
  writeFileSync(program, snippet("go"));
  const go = systemCommand("go");
  // Built once: `go run` per call would compile it for every document.
  const binary = path.join(folder, "go", "validate");
  const run = (schema: string, document: string): { status: number | null; stdout: string; stderr: string } => {
    const result = spawnSync(binary, [schema, document], { encoding: "utf8" });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it("builds against gojsonschema as printed", () => {
    const build = spawnSync(go.command, ["build", "-o", binary, program], {
      cwd: path.dirname(program),
      env: goPathEnvironment(),
      encoding: "utf8",
    });
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
  });

  it("accepts a valid document with the strict bundle alone", () => {
    expect(run(bundled(""), example("valid/request-with-tools.json"))).toEqual({ status: 0, stdout: "", stderr: "" });
  });

  it("rejects an invalid one, naming where", () => {
    const result = run(bundled(""), example("invalid/message-with-unknown-role.json"));
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("messages.0.role");
  });

  it("reads a newer minor's document with the tolerant bundle, which the strict one refuses", () => {
    expect(run(bundled(""), example("newer-minor/unknown-part-type.json")).status).toBe(1);
    expect(run(bundled("tolerant/"), example("newer-minor/unknown-part-type.json"))).toMatchObject({ status: 0 });
  });
});
