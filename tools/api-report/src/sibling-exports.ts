import path from "node:path";
import ts from "typescript";
import type { EntryPoint } from "./entry-points.js";

/** Where a user imports a symbol that one entry point's signatures name but another entry point exports. */
export interface SiblingExport {
  specifier: string;
  /** The name the other entry point exports it by (the generated validators' `Types` is the root's `Strict`). */
  exportName: string;
}

/**
 * Answers, for a name API Extractor calls a forgotten export of one entry point, whether another entry point of the
 * same package exports that very symbol: the same declaration, or for a namespace import the same module. Names are
 * compared only to find the candidates; identity decides, so a private type that happens to share a public type's
 * name still fails.
 */
export class SiblingExports {
  private readonly checker: ts.TypeChecker;
  private readonly packageFiles: readonly ts.SourceFile[];
  /** Per entry point: each exported symbol, resolved through aliases, with its exported name. */
  private readonly exports = new Map<string, Map<ts.Symbol, string>>();

  constructor(
    packageFolder: string,
    private readonly entries: readonly EntryPoint[],
  ) {
    const files = entries.map((entry) => path.resolve(packageFolder, entry.types));
    const program = ts.createProgram(files, {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      noEmit: true,
      skipLibCheck: true,
    });
    this.checker = program.getTypeChecker();
    const inPackage = `${path.resolve(packageFolder)}${path.sep}`;
    this.packageFiles = program
      .getSourceFiles()
      .filter(
        (file) => file.fileName.startsWith(inPackage) && !file.fileName.includes(`${path.sep}node_modules${path.sep}`),
      );
    entries.forEach((entry, index) => {
      const source = program.getSourceFile(files[index]!);
      const module = source === undefined ? undefined : this.checker.getSymbolAtLocation(source);
      const resolved = new Map<ts.Symbol, string>();
      for (const symbol of module === undefined ? [] : this.checker.getExportsOfModule(module))
        resolved.set(this.resolve(symbol), symbol.name);
      this.exports.set(entry.specifier, resolved);
    });
  }

  private resolve(symbol: ts.Symbol): ts.Symbol {
    return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  /** The symbols the package's declaration files declare or import under `name` at their top level. */
  private localSymbols(name: string): ts.Symbol[] {
    const symbols: ts.Symbol[] = [];
    for (const file of this.packageFiles)
      for (const local of this.checker.getSymbolsInScope(
        file,
        ts.SymbolFlags.Type | ts.SymbolFlags.Value | ts.SymbolFlags.Alias | ts.SymbolFlags.Namespace,
      ))
        if (local.name === name && local.declarations?.some((declaration) => declaration.getSourceFile() === file))
          // An exported declaration's local symbol stands for its export symbol (the one other files see).
          symbols.push(this.resolve(this.checker.getExportSymbolOfSymbol(local)));
    return symbols;
  }

  /** Where else `name`, forgotten by `entry`, is exported; undefined when no other entry point exports it. */
  find(entry: EntryPoint, name: string): SiblingExport | undefined {
    const candidates = this.localSymbols(name);
    if (candidates.length === 0) return undefined;
    for (const other of this.entries) {
      if (other === entry) continue;
      const exported = this.exports.get(other.specifier)!;
      if (candidates.every((symbol) => exported.has(symbol)))
        return { specifier: other.specifier, exportName: exported.get(candidates[0]!)! };
    }
    return undefined;
  }
}
