/**
 * A user's project with one of our packages and nothing else: the packages packed as `npm pack` packs them (their
 * `files`, their built declarations) and unpacked into a fresh folder outside the repository, beside their runtime
 * dependencies and no provider SDK. The packages' tests compile a strict TypeScript file there with the real `tsc`
 * (no `skipLibCheck`: our declarations are checked as a user's compiler checks them) and walk every exported type for
 * an `any`, the silent kind an unresolved import used to leave behind.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";

const execFileAsync = promisify(execFile);

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Every SDK a package of ours names as an optional peer dependency: none of them may be reachable. */
export const providerSdks = [
  "openai",
  "@anthropic-ai/sdk",
  "@google/genai",
  "ollama",
  "@mistralai/mistralai",
  "@aws-sdk/client-bedrock-runtime",
  "ai",
  "@ai-sdk/provider",
] as const;

export interface StandaloneOptions {
  /** Our packages to install, by folder from the repository root (`packages/core`): the one tested and ours it needs. */
  packages: readonly string[];
  /** Their third-party runtime dependencies, linked from where the workspace installed them (`ajv`). */
  dependencies: readonly string[];
  /** Node's types (`@types/node`), which a Node package's declarations name (`Buffer`, `node:fs`). */
  nodeTypes: boolean;
}

export interface StandaloneProject {
  folder: string;
  /** Compiles `source` as `main.ts` with `tsc --strict --noEmit`; its diagnostics, one line each. */
  compile(source: string, options?: { lib?: string; nodeTypes?: boolean }): string[];
  /** Every exported type (and namespace member) of these entry points that is, or holds, `any`, with where. */
  anyTypes(specifiers: readonly string[]): string[];
  /** Whether the compiler resolves a module from the project's folder (an SDK must not resolve). */
  resolves(specifier: string): boolean;
  remove(): void;
}

/** The folder a dependency of `owner` (a package folder of the repository) is installed in, or undefined. */
function installedFolder(owner: string, name: string): string | undefined {
  // pnpm links each declared dependency into the package's own node_modules (a package's `exports` may not expose
  // its package.json, so resolving is not the way to find its folder).
  const link = path.join(repositoryRoot, owner, "node_modules", name);
  return existsSync(link) ? realpathSync(link) : undefined;
}

export async function createStandaloneProject(options: StandaloneOptions): Promise<StandaloneProject> {
  const folder = realpathSync(mkdtempSync(path.join(tmpdir(), "agent-transcript-standalone-")));
  try {
    const modules = path.join(folder, "node_modules");
    mkdirSync(modules);
    // Packed side by side: npm's start-up is most of each pack's time.
    await Promise.all(
      options.packages.map(async (packageFolder) => {
        const { stdout } = await execFileAsync(
          "npm",
          ["pack", "--json", "--ignore-scripts", "--pack-destination", folder],
          { cwd: path.join(repositoryRoot, packageFolder), encoding: "utf8" },
        );
        const [packed] = JSON.parse(stdout) as Array<{ name: string; filename: string }>;
        if (packed === undefined) throw new Error(`npm pack printed nothing in ${packageFolder}`);
        const target = path.join(modules, packed.name);
        mkdirSync(target, { recursive: true });
        await execFileAsync("tar", ["-xzf", path.join(folder, packed.filename), "-C", target, "--strip-components=1"]);
        rmSync(path.join(folder, packed.filename));
      }),
    );
    const link = (name: string, real: string) => {
      const at = path.join(modules, name);
      mkdirSync(path.dirname(at), { recursive: true });
      symlinkSync(real, at, "dir");
    };
    for (const name of options.dependencies) {
      const real = options.packages.map((owner) => installedFolder(owner, name)).find((found) => found !== undefined);
      if (real === undefined) throw new Error(`no package of ${options.packages.join(", ")} installs ${name}`);
      link(name, real);
    }
    if (options.nodeTypes) {
      const real = installedFolder("tools/native-types", "@types/node");
      if (real === undefined) throw new Error("@types/node is not installed beside tools/native-types");
      link("@types/node", real);
    }
    writeFileSync(
      path.join(folder, "package.json"),
      JSON.stringify({ name: "standalone", private: true, type: "module" }),
    );
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  const compilerOptions = (lib: string, nodeTypes: boolean) => ({
    strict: true,
    noEmit: true,
    target: "ES2022",
    lib: [lib],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    types: nodeTypes ? ["node"] : [],
    skipLibCheck: false,
  });

  return {
    folder,
    compile(source, { lib = "ES2023", nodeTypes = options.nodeTypes } = {}) {
      writeFileSync(path.join(folder, "main.ts"), source);
      writeFileSync(
        path.join(folder, "tsconfig.json"),
        JSON.stringify({ compilerOptions: compilerOptions(lib, nodeTypes), files: ["main.ts"] }, null, 2),
      );
      const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin/tsc");
      const run = spawnSync(process.execPath, [tsc, "-p", folder, "--pretty", "false"], {
        cwd: folder,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "" },
        // A compiler that hangs would block the test worker itself, where no test timeout fires.
        timeout: 300_000,
        killSignal: "SIGKILL",
      });
      if (run.error !== undefined) throw run.error;
      const lines = `${run.stdout}${run.stderr}`.split("\n").filter((line) => line.trim() !== "");
      if (run.status !== 0 && lines.length === 0) return [`tsc exited with ${run.status} and printed nothing`];
      return lines;
    },
    anyTypes(specifiers) {
      const entry = path.join(folder, "any-walk.ts");
      writeFileSync(
        entry,
        specifiers.map((specifier, index) => `export * as entry${index} from ${JSON.stringify(specifier)};\n`).join(""),
      );
      const parsed = ts.convertCompilerOptionsFromJson(compilerOptions("ES2023", options.nodeTypes), folder);
      const program = ts.createProgram([entry], parsed.options);
      const checker = program.getTypeChecker();
      const found: string[] = [];
      specifiers.forEach((specifier, index) => {
        const module = checker.getSymbolAtLocation(
          (program.getSourceFile(entry)?.statements[index] as ts.ExportDeclaration).moduleSpecifier as ts.Expression,
        );
        if (module === undefined) {
          found.push(`${specifier}: does not resolve`);
          return;
        }
        walkExports(checker, module, specifier, found);
      });
      rmSync(entry);
      return found;
    },
    resolves(specifier) {
      // As the compiler resolves it (a test runner's NODE_PATH, which pnpm's shims set, is no part of that).
      const parsed = ts.convertCompilerOptionsFromJson(compilerOptions("ES2023", options.nodeTypes), folder);
      const resolved = ts.resolveModuleName(specifier, path.join(folder, "main.ts"), parsed.options, ts.sys);
      return resolved.resolvedModule !== undefined;
    },
    remove() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Whether a type is declared by one of our packages (and not by TypeScript's library, Node's types or a dependency). */
function isOurs(type: ts.Type): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const declarations = symbol?.declarations ?? [];
  // Anonymous object types (a type literal in our declarations) have a symbol too, declared where they are written.
  return (
    declarations.length > 0 &&
    declarations.every((declaration) =>
      /[\\/]node_modules[\\/]@agent-transcript[\\/]/.test(declaration.getSourceFile().fileName),
    )
  );
}

/**
 * Walks every type an entry point exports, through properties, union and intersection members, type arguments,
 * call signatures and index signatures, and notes each `any` with the path that reached it. Each type is walked once;
 * the members of a type declared elsewhere (`Array`, `Buffer`) are not ours to answer for, its type arguments are.
 */
function walkExports(checker: ts.TypeChecker, module: ts.Symbol, specifier: string, found: string[]): void {
  const seen = new Set<ts.Type>();
  const visit = (type: ts.Type, where: string, depth: number) => {
    if (type.flags & ts.TypeFlags.Any) {
      found.push(`${where}: any`);
      return;
    }
    if (seen.has(type) || depth > 64) return;
    seen.add(type);
    if (type.isUnionOrIntersection()) for (const member of type.types) visit(member, where, depth + 1);
    if (type.flags & ts.TypeFlags.Object) {
      const reference = type as ts.TypeReference;
      const ours = isOurs(type);
      const typeArguments = [
        ...((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference ? checker.getTypeArguments(reference) : []),
        ...(type.aliasTypeArguments ?? []),
      ];
      // A library generic's own defaults are `any` (`Iterable<T, TReturn = any, TNext = any>`): those are not ours.
      for (const argument of typeArguments)
        if (ours || !(argument.flags & ts.TypeFlags.Any)) visit(argument, `${where}<>`, depth + 1);
      if (!ours) return;
      for (const property of checker.getPropertiesOfType(type)) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        // A class's private members (`private x;`, `#private;` in a declaration file) are untyped there and out of
        // a user's reach: not part of what the type holds for them.
        if (property.name.startsWith("#") || (declaration !== undefined && isPrivate(declaration))) continue;
        const propertyType =
          declaration === undefined
            ? checker.getTypeOfSymbol(property)
            : checker.getTypeOfSymbolAtLocation(property, declaration);
        visit(propertyType, `${where}.${property.name}`, depth + 1);
      }
      for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
        for (const parameter of signature.getParameters())
          visit(checker.getTypeOfSymbol(parameter), `${where}(${parameter.name})`, depth + 1);
        visit(signature.getReturnType(), `${where}()`, depth + 1);
      }
      for (const info of checker.getIndexInfosOfType(type)) visit(info.type, `${where}[]`, depth + 1);
    }
  };
  const exports = (symbol: ts.Symbol, prefix: string) => {
    for (const exported of checker.getExportsOfModule(symbol)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = `${prefix}${exported.name}`;
      if (
        target.flags & (ts.SymbolFlags.Namespace | ts.SymbolFlags.ValueModule) &&
        !(target.flags & ts.SymbolFlags.Type)
      )
        exports(target, `${name}.`);
      if (target.flags & ts.SymbolFlags.Type) visit(checker.getDeclaredTypeOfSymbol(target), name, 0);
      if (target.flags & ts.SymbolFlags.Value) visit(checker.getTypeOfSymbol(target), name, 0);
    }
  };
  exports(module, `${specifier}: `);
}

function isPrivate(declaration: ts.Declaration): boolean {
  return (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Private) !== 0;
}
