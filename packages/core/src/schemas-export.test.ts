/**
 * The schemas as an artifact of the package: packed as `npm pack` packs it, unpacked into a project outside the
 * workspace, resolved through the package's exports by name (ESM and CommonJS resolution, JSON import attributes),
 * and used alone to validate a document.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const repositoryRoot = path.resolve(packageFolder, "../..");
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule.default;

const entities = [
  "transcript",
  "event",
  "message",
  "part",
  "usage",
  "cost",
  "snapshot-declaration",
  "snapshot-bundle",
] as const;
const variants = ["", "tolerant/", "bundled/", "bundled/tolerant/"] as const;
const specifiers = entities.flatMap((entity) =>
  variants.map((variant) => `@agent-transcript/core/schemas/v1/${variant}${entity}.schema.json`),
);

let project: string;
let resolved: Record<string, { esm: string; commonJs: string; id: string }>;

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "core-schemas-consumer-"));
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", project], { cwd: packageFolder, encoding: "utf8" }),
  ) as Array<{ filename: string }>;
  const installed = path.join(project, "node_modules/@agent-transcript/core");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", path.join(project, packed[0]?.filename ?? ""), "-C", installed, "--strip-components=1"]);
  writeFileSync(
    path.join(project, "consumer.mjs"),
    `import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const result = {};
for (const specifier of process.argv.slice(2)) {
  const { default: schema } = await import(specifier, { with: { type: "json" } });
  result[specifier] = { esm: import.meta.resolve(specifier), commonJs: require.resolve(specifier), id: schema.$id };
}
process.stdout.write(JSON.stringify(result));
`,
  );
  resolved = JSON.parse(
    execFileSync(process.execPath, ["consumer.mjs", ...specifiers], { cwd: project, encoding: "utf8" }),
  ) as typeof resolved;
}, 120_000);

afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("@agent-transcript/core/schemas/*", () => {
  it("resolves every schema, strict, tolerant and bundled, through the exports of the packed package", () => {
    expect(Object.keys(resolved)).toHaveLength(entities.length * variants.length);
    for (const specifier of specifiers) {
      const { esm, commonJs, id } = resolved[specifier] ?? { esm: "", commonJs: "", id: "" };
      const inPackage = specifier.replace("@agent-transcript/core/", "");
      expect(fileURLToPath(esm)).toBe(path.join(project, "node_modules/@agent-transcript/core/dist", inPackage));
      expect(commonJs).toBe(fileURLToPath(esm));
      const entity = path.basename(specifier);
      expect(id, specifier).toBe(
        `https://agent-transcript.dev/schemas/v1/${specifier.includes("tolerant/") ? "tolerant/" : ""}${entity}`,
      );
    }
  });

  it("ships the schemas as they are in the repository", () => {
    const shipped = (variant: string, entity: string): string =>
      readFileSync(
        path.join(project, "node_modules/@agent-transcript/core/dist/schemas/v1", variant, `${entity}.schema.json`),
        "utf8",
      );
    expect(shipped("", "transcript")).toBe(
      readFileSync(path.join(repositoryRoot, "schemas/v1/transcript.schema.json"), "utf8"),
    );
    expect(shipped("bundled/tolerant", "event")).toBe(
      readFileSync(path.join(repositoryRoot, "schemas/generated/v1/bundled/tolerant/event.schema.json"), "utf8"),
    );
  });

  it("validates a document with the bundled schema alone, strictly and tolerantly", () => {
    const example = (file: string): unknown =>
      JSON.parse(readFileSync(path.join(repositoryRoot, "schemas/v1/examples/Transcript", file), "utf8"));
    const validator = (variant: string): ReturnType<Ajv2020["compile"]> => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      const specifier = `@agent-transcript/core/schemas/v1/${variant}transcript.schema.json`;
      const file = fileURLToPath(resolved[specifier]?.esm ?? "");
      return ajv.compile(JSON.parse(readFileSync(file, "utf8")) as object);
    };
    const strict = validator("bundled/");
    const tolerant = validator("bundled/tolerant/");
    expect(strict(example("valid/request-with-tools.json"))).toBe(true);
    expect(strict(example("invalid/message-with-unknown-role.json"))).toBe(false);
    expect(strict.errors).toContainEqual(expect.objectContaining({ instancePath: "/messages/0/role" }));
    expect(strict(example("newer-minor/unknown-part-type.json"))).toBe(false);
    expect(tolerant(example("newer-minor/unknown-part-type.json"))).toBe(true);
  });
});
