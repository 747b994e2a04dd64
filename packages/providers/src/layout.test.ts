import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatRegistry, type FormatId } from "./registry.js";

// The folder layout ARCHITECTURE.md writes down, checked: a newcomer finds every format's code in the same places,
// and a file that fits none of them is a sign that it belongs in the conversion toolkit or a family.
const formatsFolder = path.join(import.meta.dirname, "formats");
const familiesFolder = path.join(import.meta.dirname, "families");

const providerRoles = ["index", "types", "request", "response", "stream", "content", "check", "native-fields"];
const providerRequired = ["index", "types", "request", "response", "stream", "check"];
const providerTestAspects = ["real-fixtures", "property", "check", "types", "cross-provider"];
const documentRoles = ["index", "types", "to-canonical", "from-canonical"];
// A session format may be import only: its from-canonical.ts comes with export (ATIF, AWF).
const sessionRoles = documentRoles;

function entries(folder: string): { files: string[]; folders: string[] } {
  const names = readdirSync(folder).sort();
  return {
    files: names.filter((name) => statSync(path.join(folder, name)).isFile()),
    folders: names.filter((name) => statSync(path.join(folder, name)).isDirectory()),
  };
}

/** Why a file does not belong in a format folder of this kind, or undefined when it does. */
function misplaced(id: string, file: string, roles: readonly string[], sources: readonly string[]): string | undefined {
  if (file.endsWith(".test.ts")) {
    const stem = file.slice(0, -".test.ts".length);
    if (stem === id) return undefined;
    if (stem.startsWith(`${id}.`) && providerTestAspects.includes(stem.slice(id.length + 1))) return undefined;
    if (sources.includes(`${stem}.ts`)) return undefined;
    return `a test is named <format id>.test.ts, <format id>.<aspect>.test.ts (${providerTestAspects.join(", ")}) or <source file>.test.ts`;
  }
  if (!file.endsWith(".ts")) return "only TypeScript sources and tests belong here (data goes in fixtures/)";
  const stem = file.slice(0, -".ts".length);
  if (roles.includes(stem)) return undefined;
  if (roles.some((role) => role !== "index" && role !== "types" && stem.startsWith(`${role}-`))) return undefined;
  return `a source file has one of the roles ${roles.join(", ")}, or is a <role>-<detail>.ts split of one`;
}

describe("the providers package layout", () => {
  const folders = entries(formatsFolder).folders;

  it("has one folder under formats/ per registered format, and no other", () => {
    expect(folders).toEqual(Object.keys(formatRegistry).sort());
  });

  for (const id of Object.keys(formatRegistry) as FormatId[]) {
    const kind = formatRegistry[id].kind;
    it(`formats/${id} follows the ${kind} format layout`, () => {
      const { files, folders: subfolders } = entries(path.join(formatsFolder, id));
      const sources = files.filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
      const roles = kind === "provider" ? providerRoles : kind === "session" ? sessionRoles : documentRoles;
      const required = kind === "provider" ? providerRequired : roles.filter((role) => role !== "from-canonical");
      const problems = files.flatMap((file) => {
        const reason = misplaced(id, file, roles, sources);
        return reason === undefined ? [] : [`${file}: ${reason}`];
      });
      for (const role of required) if (!files.includes(`${role}.ts`)) problems.push(`${role}.ts is missing`);
      if (!files.some((file) => file.endsWith(".test.ts"))) problems.push("it has no tests");
      for (const folder of subfolders)
        if (folder !== "fixtures" || kind === "provider")
          problems.push(`${folder}/: no subfolders but a document or session format's fixtures/`);
      expect(problems).toEqual([]);
    });
  }

  it("gives every family a dialect and an entry point", () => {
    const families = entries(familiesFolder).folders;
    expect(families.length).toBeGreaterThan(0);
    for (const family of families)
      expect(entries(path.join(familiesFolder, family)).files, family).toEqual(
        expect.arrayContaining(["dialect.ts", "index.ts"]),
      );
  });

  it("catches a file outside the layout (the check itself can fail)", () => {
    const sources = ["request.ts", "helpers.ts"];
    expect(misplaced("anthropic", "helpers.ts", providerRoles, sources)).toMatch(/one of the roles/);
    expect(misplaced("anthropic", "anthropic.fixtures.test.ts", providerRoles, sources)).toMatch(/a test is named/);
    expect(misplaced("anthropic", "request-tools.ts", providerRoles, sources)).toBeUndefined();
    expect(misplaced("anthropic", "anthropic.real-fixtures.test.ts", providerRoles, sources)).toBeUndefined();
    expect(misplaced("warp-export", "request.ts", documentRoles, sources)).toMatch(/one of the roles/);
  });
});
