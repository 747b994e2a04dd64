/**
 * Writes our own declarations of an SDK's types: every interface, type alias, enum and class the roots reach, each
 * written again under a name of our own, with nothing imported. What comes out is the same structure (the type tests
 * beside each converter prove it in both directions), minus what only the SDK's client has and plus what the wire
 * has instead, as a target states it:
 * - an enum becomes the union of its values (the wire carries the strings; a TypeScript enum accepts only its own
 *   members, so a string literal the user writes would not satisfy it);
 * - a class becomes an interface of its fields (getters, methods and constructors are the client's, not the wire's);
 * - `replaceTypes` writes a lib type as another (Bedrock's `Uint8Array` bytes are base64 text on the wire);
 * - `dropDeclarations` leaves out a declaration and takes it out of every union that names it (the AWS SDK's
 *   `$UnknownMember`); `dropProperties` leaves out fields (`modelId`, which travels in the URL);
 * - `pick` keeps only some fields of a root.
 * Comments are not carried over: the declarations say what the wire holds, the SDK's documentation stays the SDK's.
 *
 * Types the roots reach that come from TypeScript's own library (`Record`, `Array`, `Date`, …) are used as they are;
 * a type declared globally by anything else (`@types/node`, the DOM) is refused with its name, since a user's
 * project need not have it.
 */
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";

export interface MirrorRoot {
  /** The module the SDK exports the type from, as a user imports it. */
  module: string;
  /** Its exported name. */
  name: string;
  /** Keep only these fields (a class's, or an interface's): the rest are the client's. */
  pick?: readonly string[];
}

export interface MirrorTarget {
  /** What the file mirrors, for its header: the API and the SDK types it follows. */
  title: string;
  /** The SDK package whose version the header names (resolved from `resolveFrom`). */
  sdk: string;
  /**
   * The folder module resolution starts from: the SDK must be installed there (a package folder of this repository,
   * or, for a package's own dependency, `sdk:<package name>` for that package's installed folder).
   */
  resolveFrom: string;
  roots: readonly MirrorRoot[];
  /** A declaration's name in our file, where its own would be unclear or collide (`Blob_2` → `Blob`). */
  rename?: Readonly<Record<string, string>>;
  /** A type from TypeScript's library written as another type (`Uint8Array` → `string`). */
  replaceTypes?: Readonly<Record<string, string>>;
  /** Our names of declarations to leave out, also taken out of the unions that name them. */
  dropDeclarations?: (name: string) => boolean;
  /**
   * Globals declared outside TypeScript's library that the output may name as they are (`ReadableStream`,
   * `AbortSignal`: a Node package's users have Node's types).
   */
  globals?: readonly string[];
  /**
   * How an error class of the SDK (a class extending its base exception) is written: as the body the service sends,
   * the class's own writable fields and these fields of the base, each optional (`{ message: "string" }`). The
   * class's read-only tags (`name`, `$fault`) and the base's client state (`$metadata`, `stack`) are the client's.
   */
  errorBody?: Readonly<Record<string, string>>;
  /** Fields to leave out, by our name of their declaration (`*`: of every declaration). */
  dropProperties?: Readonly<Record<string, readonly string[]>>;
}

export interface MirrorResult {
  /** The declarations, printed, in our names' order. */
  text: string;
  /** The SDK's version (from its package.json). */
  sdkVersion: string;
  /** Our names of the roots, in the order given. */
  rootNames: string[];
  /** How many declarations were written. */
  count: number;
}

type MirroredDeclaration = ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.EnumDeclaration | ts.ClassDeclaration;

const entryFileName = "__native_types_entry__.ts";

function isMirrored(node: ts.Node): node is MirroredDeclaration {
  return (
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isClassDeclaration(node)
  );
}

/** The folder a target's module resolution starts from. */
export function resolutionFolder(target: MirrorTarget, repositoryRoot: string): string {
  if (!target.resolveFrom.startsWith("sdk:")) return path.resolve(repositoryRoot, target.resolveFrom);
  const [, owner, packageName] = /^sdk:([^>]+)>(.+)$/.exec(target.resolveFrom) ?? [];
  if (owner === undefined || packageName === undefined)
    throw new Error(`resolveFrom ${target.resolveFrom}: expected sdk:<folder>><package>`);
  const require = createRequire(path.join(path.resolve(repositoryRoot, owner), "package.json"));
  return path.dirname(require.resolve(`${packageName}/package.json`));
}

export function mirror(target: MirrorTarget, repositoryRoot: string): MirrorResult {
  const folder = resolutionFolder(target, repositoryRoot);
  const entryPath = path.join(folder, entryFileName);
  const entryText = target.roots
    .map((root, index) => `import type { ${root.name} as Root${index} } from ${JSON.stringify(root.module)};\n`)
    .join("");
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts"],
    // Node's types only where a target names Node's globals (`globals`); found beside this tool.
    types: target.globals === undefined ? [] : ["node"],
    typeRoots: [path.join(repositoryRoot, "tools/native-types/node_modules/@types")],
    noEmit: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) =>
    path.resolve(fileName) === entryPath
      ? ts.createSourceFile(fileName, entryText, languageVersion, true)
      : getSourceFile(fileName, languageVersion, onError, shouldCreate);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === entryPath || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => (path.resolve(fileName) === entryPath ? entryText : readFile(fileName));
  const program = ts.createProgram([entryPath], options, host);
  const checker = program.getTypeChecker();
  const entry = program.getSourceFile(entryPath);
  if (entry === undefined) throw new Error(`${target.title}: the entry file was not compiled`);
  const unresolved = ts
    .getPreEmitDiagnostics(program, entry)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
  if (unresolved.length > 0) throw new Error(`${target.title}: ${unresolved.join("; ")}`);

  const names = new Map<ts.Symbol, string>();
  const declarationsOf = new Map<ts.Symbol, MirroredDeclaration[]>();
  const order: ts.Symbol[] = [];
  const usedNames = new Map<string, ts.Symbol>();
  const rename = target.rename ?? {};

  const isLibrary = (node: ts.Node) => program.isSourceFileDefaultLibrary(node.getSourceFile());
  const resolve = (symbol: ts.Symbol): ts.Symbol =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;

  /** Our name for a declaration: its own, prefixed with the namespaces it sits in (`ContentBlock.TextMember`). */
  function nameOf(symbol: ts.Symbol, declaration: MirroredDeclaration): string {
    const parts = [symbol.name];
    for (let node: ts.Node | undefined = declaration.parent; node !== undefined; node = node.parent)
      if (ts.isModuleDeclaration(node) && ts.isIdentifier(node.name)) parts.unshift(node.name.text);
    const own = parts.join("");
    return rename[own] ?? own;
  }

  function enqueue(symbol: ts.Symbol, where: ts.Node): string {
    const known = names.get(symbol);
    if (known !== undefined) return known;
    const declarations = (symbol.declarations ?? []).filter(isMirrored);
    const [first] = declarations;
    if (first === undefined)
      throw new Error(`${target.title}: ${symbol.name} (at ${describe(where)}) has no interface, type or enum`);
    const name = nameOf(symbol, first);
    const holder = usedNames.get(name);
    if (holder !== undefined && holder !== symbol)
      throw new Error(`${target.title}: two declarations would be named ${name}; give one another name in rename`);
    usedNames.set(name, symbol);
    names.set(symbol, name);
    declarationsOf.set(symbol, declarations);
    order.push(symbol);
    return name;
  }

  const rootNames = target.roots.map((root, index) => {
    const specifier = entry.statements[index];
    if (specifier === undefined || !ts.isImportDeclaration(specifier)) throw new Error("unexpected entry file");
    const element = (specifier.importClause?.namedBindings as ts.NamedImports).elements[0];
    if (element === undefined) throw new Error("unexpected entry file");
    const symbol = checker.getSymbolAtLocation(element.name);
    if (symbol === undefined) throw new Error(`${target.title}: ${root.module} exports no ${root.name}`);
    return enqueue(resolve(symbol), element);
  });
  const picks = new Map<ts.Symbol, readonly string[]>();
  target.roots.forEach((root, index) => {
    const name = rootNames[index];
    const symbol = name === undefined ? undefined : usedNames.get(name);
    if (root.pick !== undefined && symbol !== undefined) picks.set(symbol, root.pick);
  });

  const dropped = (name: string) => target.dropDeclarations?.(name) ?? false;
  const droppedProperties = (owner: string) =>
    new Set([...(target.dropProperties?.["*"] ?? []), ...(target.dropProperties?.[owner] ?? [])]);

  /**
   * What a reference to `symbol` is written as: our name of a mirrored declaration (queued to be written), the
   * literal value of an enum member, or, for TypeScript's library, the name itself (or its replacement).
   */
  function reference(node: ts.EntityName | ts.Expression, where: ts.Node): ts.TypeNode | undefined {
    const found = checker.getSymbolAtLocation(node);
    if (found === undefined) throw new Error(`${target.title}: cannot resolve ${node.getText()} at ${describe(where)}`);
    const symbol = resolve(found);
    if (symbol.flags & ts.SymbolFlags.TypeParameter) return undefined;
    if (symbol.flags & ts.SymbolFlags.EnumMember) {
      const value = checker.getConstantValue(symbol.valueDeclaration as ts.EnumMember);
      if (value === undefined) throw new Error(`${target.title}: enum member ${symbol.name} has no constant value`);
      return typeof value === "string"
        ? ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral(value))
        : ts.factory.createLiteralTypeNode(ts.factory.createNumericLiteral(value));
    }
    const declarations = symbol.declarations ?? [];
    if (declarations.some(isLibrary)) {
      const replacement = target.replaceTypes?.[symbol.name];
      return replacement === undefined
        ? undefined
        : ts.factory.createTypeReferenceNode(ts.factory.createIdentifier(replacement));
    }
    if (!declarations.some(isMirrored))
      throw new Error(`${target.title}: ${symbol.name} (at ${describe(where)}) is not a type the mirror can write`);
    if (declarations.some((declaration) => isGlobal(declaration))) {
      if (target.globals?.includes(symbol.name)) return undefined;
      throw new Error(
        `${target.title}: ${symbol.name} (at ${describe(where)}) is a global declared outside TypeScript's library`,
      );
    }
    return ts.factory.createTypeReferenceNode(ts.factory.createIdentifier(enqueue(symbol, where)));
  }

  function isDroppedReference(node: ts.TypeNode): boolean {
    if (!ts.isTypeReferenceNode(node)) return false;
    const found = checker.getSymbolAtLocation(node.typeName);
    if (found === undefined) return false;
    const symbol = resolve(found);
    const declaration = (symbol.declarations ?? []).find(isMirrored);
    return declaration !== undefined && !isLibrary(declaration) && dropped(nameOf(symbol, declaration));
  }

  function rewrite<T extends ts.Node>(root: T): T {
    const result = ts.transform<ts.Node>(root, [(context) => (node) => rewriteWith(context, node)]);
    const [transformed] = result.transformed;
    result.dispose();
    return transformed as T;
  }

  function rewriteWith(context: ts.TransformationContext, root: ts.Node): ts.Node {
    const visit = (node: ts.Node): ts.Node | undefined => {
      if (ts.isUnionTypeNode(node)) {
        const kept = node.types.filter((member) => !isDroppedReference(member));
        const members = kept.map((member) => visit(member) as ts.TypeNode);
        if (members.length === 0) return ts.factory.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword);
        return members.length === 1 ? members[0] : ts.factory.createUnionTypeNode(members);
      }
      if (ts.isTypeReferenceNode(node)) {
        if (isDroppedReference(node))
          throw new Error(
            `${target.title}: ${node.getText()} is dropped but used outside a union at ${describe(node)}`,
          );
        const replaced = reference(node.typeName, node);
        const typeArguments = node.typeArguments?.map((argument) => visit(argument) as ts.TypeNode);
        if (replaced === undefined)
          return ts.factory.updateTypeReferenceNode(
            node,
            node.typeName,
            typeArguments && ts.factory.createNodeArray(typeArguments),
          );
        if (!ts.isTypeReferenceNode(replaced)) return replaced;
        return ts.factory.createTypeReferenceNode(replaced.typeName, typeArguments);
      }
      if (ts.isExpressionWithTypeArguments(node)) {
        const replaced = reference(node.expression, node);
        const typeArguments = node.typeArguments?.map((argument) => visit(argument) as ts.TypeNode);
        const expression =
          replaced !== undefined && ts.isTypeReferenceNode(replaced) && ts.isIdentifier(replaced.typeName)
            ? replaced.typeName
            : node.expression;
        return ts.factory.createExpressionWithTypeArguments(expression, typeArguments);
      }
      // The SDK's `any` is `unknown` in ours: the same values, but a user must look before using one.
      if (node.kind === ts.SyntaxKind.AnyKeyword) return ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword);
      if (ts.isTypeQueryNode(node) || ts.isImportTypeNode(node))
        throw new Error(`${target.title}: ${node.getText()} (at ${describe(node)}) cannot be mirrored`);
      return ts.visitEachChild(node, visit, context);
    };
    return visit(root) as ts.Node;
  }

  function members(owner: string, symbol: ts.Symbol, list: readonly ts.Node[]): ts.TypeElement[] {
    const pick = picks.get(symbol);
    const drop = droppedProperties(owner);
    const result: ts.TypeElement[] = [];
    for (const member of list) {
      const name = member as ts.NamedDeclaration;
      const key =
        name.name !== undefined && (ts.isIdentifier(name.name) || ts.isStringLiteral(name.name))
          ? name.name.text
          : undefined;
      if (key !== undefined && (drop.has(key) || (pick !== undefined && !pick.includes(key)))) continue;
      if (ts.isPropertyDeclaration(member)) {
        const modifiers = ts.getModifiers(member) ?? [];
        if (
          modifiers.some(
            (modifier) =>
              modifier.kind === ts.SyntaxKind.PrivateKeyword ||
              modifier.kind === ts.SyntaxKind.ProtectedKeyword ||
              modifier.kind === ts.SyntaxKind.StaticKeyword,
          )
        )
          continue;
        if (member.type === undefined) throw new Error(`${target.title}: ${owner}.${key} has no type`);
        result.push(
          ts.factory.createPropertySignature(
            modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword)
              ? [ts.factory.createModifier(ts.SyntaxKind.ReadonlyKeyword)]
              : undefined,
            member.name,
            member.questionToken,
            rewrite(member.type),
          ),
        );
      } else if (ts.isTypeElement(member)) result.push(rewrite(member));
      // A class's constructor, methods and accessors are the client's, not the wire's.
    }
    if (pick !== undefined) {
      const missing = pick.filter(
        (key) => !result.some((member) => (member.name as ts.Identifier | undefined)?.text === key),
      );
      if (missing.length > 0) throw new Error(`${target.title}: ${owner} has no field ${missing.join(", ")}`);
    }
    return result;
  }

  const exportModifier = [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)];

  function write(symbol: ts.Symbol): ts.Statement {
    const name = names.get(symbol) as string;
    const declarations = declarationsOf.get(symbol) as MirroredDeclaration[];
    const [first] = declarations;
    if (first === undefined) throw new Error("unreachable");
    if (ts.isTypeAliasDeclaration(first) && containsTypeQuery(first.type)) {
      // The AWS SDK's enums: `type StopReason = (typeof StopReason)[keyof typeof StopReason]` over a const object.
      // Written as the union of values the checker computes; anything but literals is refused.
      const type = checker.getTypeAtLocation(first.name);
      const members = type.isUnion() ? type.types : [type];
      const literals = members.map((member) => {
        if (!member.isStringLiteral() && !member.isNumberLiteral())
          throw new Error(`${target.title}: ${name} uses typeof for something other than literal values`);
        return ts.factory.createLiteralTypeNode(
          member.isStringLiteral()
            ? ts.factory.createStringLiteral(member.value)
            : ts.factory.createNumericLiteral(member.value),
        );
      });
      return ts.factory.createTypeAliasDeclaration(
        exportModifier,
        name,
        undefined,
        ts.factory.createUnionTypeNode(literals),
      );
    }
    if (ts.isTypeAliasDeclaration(first))
      return ts.factory.createTypeAliasDeclaration(
        exportModifier,
        name,
        first.typeParameters?.map((parameter) => rewrite(parameter)),
        rewrite(first.type),
      );
    if (ts.isEnumDeclaration(first)) {
      const values = declarations.flatMap((declaration) =>
        (declaration as ts.EnumDeclaration).members.map((member) => {
          const value = checker.getConstantValue(member);
          if (value === undefined) throw new Error(`${target.title}: ${name}.${member.name.getText()} has no value`);
          return ts.factory.createLiteralTypeNode(
            typeof value === "string" ? ts.factory.createStringLiteral(value) : ts.factory.createNumericLiteral(value),
          );
        }),
      );
      return ts.factory.createTypeAliasDeclaration(
        exportModifier,
        name,
        undefined,
        ts.factory.createUnionTypeNode(values),
      );
    }
    const heritage = (declarations as Array<ts.InterfaceDeclaration | ts.ClassDeclaration>).flatMap((declaration) =>
      (declaration.heritageClauses ?? [])
        .filter((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
        .flatMap((clause) => clause.types),
    );
    if (ts.isClassDeclaration(first) && heritage.length > 0) {
      if (target.errorBody === undefined)
        throw new Error(`${target.title}: class ${name} extends another; its inherited fields would be lost`);
      // An error the SDK builds from the body of an error event: the body's fields, its own ones and the base's.
      const own = members(name, symbol, first.members).filter(
        (member) =>
          !(ts.canHaveModifiers(member) ? (ts.getModifiers(member) ?? []) : []).some(
            (modifier) => modifier.kind === ts.SyntaxKind.ReadonlyKeyword,
          ),
      );
      const base = Object.entries(target.errorBody).map(([field, type]) =>
        ts.factory.createPropertySignature(
          undefined,
          field,
          ts.factory.createToken(ts.SyntaxKind.QuestionToken),
          ts.factory.createTypeReferenceNode(type),
        ),
      );
      return ts.factory.createInterfaceDeclaration(exportModifier, name, undefined, undefined, [...base, ...own]);
    }
    const typeParameters = first.typeParameters?.map((parameter) => rewrite(parameter));
    const body = mergedMembers(
      name,
      (declarations as Array<ts.InterfaceDeclaration | ts.ClassDeclaration>).flatMap((declaration) =>
        members(name, symbol, declaration.members),
      ),
    );
    return ts.factory.createInterfaceDeclaration(
      exportModifier,
      name,
      typeParameters,
      heritage.length === 0
        ? undefined
        : [
            ts.factory.createHeritageClause(
              ts.SyntaxKind.ExtendsKeyword,
              heritage.map((type) => rewrite(type)),
            ),
          ],
      body,
    );
  }

  // Writing a declaration queues those it names, so the queue grows while it is walked.
  const statements = new Map<string, ts.Statement>();
  for (let index = 0; index < order.length; index++) {
    const symbol = order[index] as ts.Symbol;
    const name = names.get(symbol) as string;
    if (!dropped(name)) statements.set(name, write(symbol));
  }
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
  // No source file: the printer then writes every name and literal from the tree, never from a file's text (the
  // declarations come from many files, and the nodes written anew have none).
  const output = undefined as unknown as ts.SourceFile;
  const text = [...statements]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, statement]) => printer.printNode(ts.EmitHint.Unspecified, statement, output))
    .join("\n");
  // The version the compiler read the types from: its resolution records the package it found them in.
  const sdk = ts.resolveModuleName(target.sdk, entryPath, options, host).resolvedModule?.packageId;
  if (sdk?.version === undefined)
    throw new Error(`${target.title}: cannot tell which version of ${target.sdk} is installed`);
  return { text, sdkVersion: sdk.version, rootNames, count: statements.size };
}

/**
 * The members of an interface declared more than once (the OpenAI SDK declares some twice, field for field): each
 * field once. Two declarations of one field that differ are refused, since a merged interface would not compile.
 */
function mergedMembers(owner: string, members: readonly ts.TypeElement[]): ts.TypeElement[] {
  const printer = ts.createPrinter({ removeComments: true });
  const seen = new Map<string, string>();
  const result: ts.TypeElement[] = [];
  for (const member of members) {
    const name = member.name !== undefined && ts.isIdentifier(member.name) ? member.name.text : undefined;
    const text = printer.printNode(ts.EmitHint.Unspecified, member, undefined as unknown as ts.SourceFile);
    if (name === undefined || !ts.isPropertySignature(member)) {
      result.push(member);
      continue;
    }
    const earlier = seen.get(name);
    if (earlier === undefined) {
      seen.set(name, text);
      result.push(member);
    } else if (earlier !== text) throw new Error(`${owner}.${name} is declared twice with different types`);
  }
  return result;
}

function containsTypeQuery(node: ts.Node): boolean {
  return ts.isTypeQueryNode(node) || (ts.forEachChild(node, (child) => containsTypeQuery(child) || undefined) ?? false);
}

function isGlobal(declaration: ts.Node): boolean {
  const file = declaration.getSourceFile();
  if (!ts.isExternalModule(file)) return true;
  for (let node: ts.Node | undefined = declaration.parent; node !== undefined; node = node.parent)
    if (ts.isModuleDeclaration(node) && node.flags & ts.NodeFlags.GlobalAugmentation) return true;
  return false;
}

function describe(node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
  return `${file.fileName.replace(/^.*node_modules\//, "")}:${line + 1}`;
}
