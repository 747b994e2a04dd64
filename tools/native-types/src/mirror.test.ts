import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { mirror, type MirrorTarget } from "./mirror.js";
import { targets } from "./targets.js";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

// A small SDK, installed in a folder of its own, with each construct the real SDKs use.
const sdkDeclarations = `
export declare enum Category { A = "CATEGORY_A", B = "CATEGORY_B" }
export declare const Reason: { readonly STOP: "stop"; readonly LENGTH: "length" };
export type Reason = (typeof Reason)[keyof typeof Reason];
declare interface Blob_2 { data?: Uint8Array; at?: Date }
export { Blob_2 as Blob };
export interface Request {
  model: string;
  category?: Category;
  only?: Category.A;
  blob?: Blob_2;
  reason?: Reason;
  settings?: Request.Settings;
  extra?: { [key: string]: any };
  block?: Block;
}
export declare namespace Request {
  interface Settings { level: number }
  interface Settings { level: number; name?: string }
}
export type Block = Block.TextMember | Block.$UnknownMember;
export declare namespace Block {
  interface TextMember { text: string; $unknown?: never }
  interface $UnknownMember { text?: never; $unknown: [string, any] }
}
declare class BaseError extends Error { $metadata: object }
export declare class ThrottledError extends BaseError {
  readonly name: "ThrottledError";
  retryAfter?: number;
  constructor(message: string);
}
export declare class Response {
  id: string;
  events?: ThrottledError[];
  private secret;
  get text(): string;
  method(): void;
}
`;

const folder = mkdtempSync(path.join(tmpdir(), "native-types-mirror-"));
mkdirSync(path.join(folder, "node_modules", "fake-sdk"), { recursive: true });
writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: "consumer", type: "module" }));
writeFileSync(
  path.join(folder, "node_modules", "fake-sdk", "package.json"),
  JSON.stringify({
    name: "fake-sdk",
    version: "1.2.3",
    type: "module",
    types: "./index.d.ts",
    exports: { ".": { types: "./index.d.ts" } },
  }),
);
writeFileSync(path.join(folder, "node_modules", "fake-sdk", "index.d.ts"), sdkDeclarations);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const base: MirrorTarget = {
  title: "Fake",
  sdk: "fake-sdk",
  resolveFrom: folder,
  roots: [
    { module: "fake-sdk", name: "Request" },
    { module: "fake-sdk", name: "Response", pick: ["id", "events"] },
  ],
  rename: { Blob_2: "Blob" },
  replaceTypes: { Uint8Array: "string", Date: "string" },
  dropDeclarations: (name) => name.endsWith("$UnknownMember"),
  dropProperties: { "*": ["$unknown"] },
  errorBody: { message: "string" },
};

/** The declarations as one line each, whitespace collapsed. */
function declarations(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const block of text.split(/\n(?=export )/)) {
    const name = /^export (?:interface|type) (\w[\w$]*)/.exec(block)?.[1];
    if (name !== undefined) result[name] = block.replace(/\s+/g, " ").trim();
  }
  return result;
}

describe("mirror", () => {
  const result = mirror(base, repositoryRoot);
  const written = declarations(result.text);

  it("writes every declaration the roots reach under our names, and nothing else", () => {
    expect(Object.keys(written).sort()).toEqual(
      [
        "Blob",
        "Block",
        "BlockTextMember",
        "Category",
        "Reason",
        "Request",
        "RequestSettings",
        "Response",
        "ThrottledError",
      ].sort(),
    );
    expect(result.rootNames).toEqual(["Request", "Response"]);
    expect(result.sdkVersion).toBe("1.2.3");
    expect(result.text).not.toMatch(/\bimport\b|\bany\b|\bdeclare\b|\benum\b|\bclass\b/);
  });

  it("writes enums, const-object enums and enum members as their values", () => {
    expect(written.Category).toBe('export type Category = "CATEGORY_A" | "CATEGORY_B";');
    expect(written.Reason).toBe('export type Reason = "stop" | "length";');
    expect(written.Request).toContain('only?: "CATEGORY_A";');
  });

  it("replaces the stated library types, drops the stated members and fields, and writes any as unknown", () => {
    expect(written.Blob).toBe("export interface Blob { data?: string; at?: string; }");
    expect(written.Block).toBe("export type Block = BlockTextMember;");
    expect(written.BlockTextMember).toBe("export interface BlockTextMember { text: string; }");
    expect(written.Request).toContain("extra?: { [key: string]: unknown; };");
  });

  it("merges an interface declared twice, field by field", () => {
    expect(written.RequestSettings).toBe("export interface RequestSettings { level: number; name?: string; }");
  });

  it("writes a class as its picked fields and an error class as the body the service sends", () => {
    expect(written.Response).toBe("export interface Response { id: string; events?: ThrottledError[]; }");
    expect(written.ThrottledError).toBe("export interface ThrottledError { message?: string; retryAfter?: number; }");
  });

  it("compiles on its own, with no library beyond ES2023 and no types", () => {
    const file = path.join(folder, "mirrored.ts");
    writeFileSync(file, result.text);
    const program = ts.createProgram([file], { strict: true, noEmit: true, lib: ["lib.es2023.d.ts"], types: [] });
    expect(ts.getPreEmitDiagnostics(program).map((diagnostic) => diagnostic.messageText)).toEqual([]);
  });

  it("refuses what it cannot write faithfully, naming it", () => {
    expect(() => mirror({ ...base, errorBody: undefined }, repositoryRoot)).toThrow(
      "class ThrottledError extends another",
    );
    expect(() =>
      mirror({ ...base, dropDeclarations: undefined, dropProperties: undefined, rename: {} }, repositoryRoot),
    ).not.toThrow();
    expect(() =>
      mirror({ ...base, roots: [{ module: "fake-sdk", name: "Response", pick: ["id", "missing"] }] }, repositoryRoot),
    ).toThrow("Response has no field missing");
    expect(() => mirror({ ...base, roots: [{ module: "fake-sdk", name: "Nothing" }] }, repositoryRoot)).toThrow(
      /Nothing/,
    );
  });
});

/** The `any` keywords and imports (declarations, `import("…")` types, `require`) of a file. */
function anysAndImports(text: string): string[] {
  const file = ts.createSourceFile("generated.ts", text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword || ts.isImportDeclaration(node) || ts.isImportTypeNode(node))
      found.push(node.getText(file));
    if (ts.isIdentifier(node) && node.text === "require") found.push(node.getText(file));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the committed declarations", () => {
  it("are found by this check when they hold an any or an import", () => {
    expect(anysAndImports('import type { X } from "sdk";\nexport interface A { any: any; x: import("y").Z }')).toEqual([
      'import type { X } from "sdk";',
      "any",
      'import("y").Z',
    ]);
  });

  it.each(targets.map((target) => [target.output]))("%s imports nothing and has no any", (output) => {
    expect(anysAndImports(readFileSync(path.join(repositoryRoot, output), "utf8"))).toEqual([]);
  });
});
