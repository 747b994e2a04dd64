// How the tests run each language's regular expressions and JSON Schema validator: one program per language that
// reads a JSON request on stdin and writes a JSON answer (tools/fixtures' runJsonProgram), run offline with what
// tools/setup made sure of.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram } from "@agent-transcript/fixtures/conformance";
import { goPathEnvironment, systemCommand, systemEnvironment } from "@agent-transcript/setup";
import { RE2JS } from "re2js";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One engine's answer for one pattern: the compile error, or whether each string matches anywhere in it. */
export interface PatternResult {
  pattern: string;
  error: string | null;
  matches: boolean[];
}

export type PatternEngine = (patterns: readonly string[], strings: readonly string[]) => PatternResult[];

const inProcess =
  (test: (pattern: string) => (text: string) => boolean): PatternEngine =>
  (patterns, strings) =>
    patterns.map((pattern) => {
      try {
        const matches = test(pattern);
        return { pattern, error: null, matches: strings.map(matches) };
      } catch (error) {
        return { pattern, error: (error as Error).message, matches: [] };
      }
    });

/** ECMA-262 with the u flag, as ajv compiles a `pattern`. */
export const ecmaScript: PatternEngine = inProcess((pattern) => {
  const expression = new RegExp(pattern, "u");
  return (text) => expression.test(text);
});

/** re2js, the JavaScript port of RE2 the schema lint compiles with. */
export const re2js: PatternEngine = inProcess((pattern) => {
  const expression = RE2JS.compile(pattern);
  return (text) => expression.matcher(text).find();
});

/** Go's regexp (RE2), which gojsonschema compiles a `pattern` with. */
export const goRegexp: PatternEngine = (patterns, strings) => {
  const go = systemCommand("go");
  return runJsonProgram(
    go.command,
    ["run", path.join(packageRoot, "go/regexp/main.go")],
    { patterns, strings },
    { env: goPathEnvironment() },
  ) as PatternResult[];
};

/** Rust's regex crate (Debian's 1.7, default features), built offline against Debian's crates. */
export const rustRegex: PatternEngine = (patterns, strings) => {
  const cargo = systemCommand("cargo");
  const registry = systemEnvironment().cargoRegistry;
  if (registry === undefined) throw new Error("no Debian crates: run node tools/setup/system-deps.mjs");
  return runJsonProgram(
    cargo.command,
    ["--config", `source.debian.directory=${JSON.stringify(registry)}`, "run", "--quiet", "--offline"],
    { patterns, strings },
    { cwd: path.join(packageRoot, "rust"), env: cargo.env },
  ) as PatternResult[];
};

/** Python's re, as python-jsonschema applies a `pattern` (re.search). */
export const pythonRe: PatternEngine = (patterns, strings) => {
  const python = systemCommand("python3");
  return runJsonProgram(
    python.command,
    [path.join(packageRoot, "python/pattern_verdicts.py")],
    { patterns, strings },
    { env: python.env },
  ) as PatternResult[];
};

export interface CompileResult {
  reference: string;
  error: string | null;
}

/** Every reference compiled with python-jsonschema (Draft 2020-12): meta-schema, `$ref`s and patterns. */
export function pythonJsonSchemaCompile(schemas: readonly object[], references: readonly string[]): CompileResult[] {
  const python = systemCommand("python3");
  return runJsonProgram(
    python.command,
    [path.join(packageRoot, "python/jsonschema_compile.py")],
    { schemas, references },
    { env: python.env },
  ) as CompileResult[];
}

export interface ValidationItem {
  reference: string;
  value: unknown;
}

/**
 * python-jsonschema's verdicts (Draft 2020-12 with format checking), from the Python bindings' own script: the one
 * their README points Python users to.
 */
export function pythonJsonSchemaVerdicts(schemas: readonly object[], items: readonly ValidationItem[]): boolean[] {
  const python = systemCommand("python3");
  const bindings = path.dirname(
    createRequire(import.meta.url).resolve("@agent-transcript/bindings-python/package.json"),
  );
  return runJsonProgram(
    python.command,
    [path.join(bindings, "scripts/jsonschema_verdicts.py")],
    { schemas, items },
    { env: python.env },
  ) as boolean[];
}

export interface GoJsonSchemaAnswer {
  compiled: CompileResult[];
  /** Null where the reference did not compile. */
  verdicts: ({ valid: boolean; errors: string[] } | null)[];
}

/** Go's gojsonschema (Debian's), given the draft-07 translations of the schemas. */
export function goJsonSchema(
  schemas: readonly object[],
  compile: readonly string[],
  items: readonly ValidationItem[],
): GoJsonSchemaAnswer {
  const go = systemCommand("go");
  return runJsonProgram(
    go.command,
    ["run", path.join(packageRoot, "go/gojsonschema/main.go")],
    { schemas, compile, items },
    { env: goPathEnvironment() },
  ) as GoJsonSchemaAnswer;
}
