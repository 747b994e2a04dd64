import { spawnSync } from "node:child_process";

/**
 * Runs a program that reads one JSON document on stdin and writes one on stdout, as the language harnesses do.
 * Fails loudly, with the program's stderr, when it cannot run or prints something that is not JSON.
 */
export function runJsonProgram(
  command: string,
  args: readonly string[],
  input: unknown,
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): unknown {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    input: JSON.stringify(input),
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status}:\n${result.stderr}`);
  try {
    return JSON.parse(result.stdout) as unknown;
  } catch {
    throw new Error(
      `${command} ${args.join(" ")} printed something that is not JSON:\n${result.stdout.slice(0, 2000)}\n${result.stderr}`,
    );
  }
}

const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * Deep equality up to what the generated bindings cannot keep, both documented in their READMEs:
 * - two RFC 3339 date-times are equal when they name the same instant (Python's datetime re-spells them);
 * - an object property whose value is null equals an absent one (flattened unions make every field optional, and
 *   the bindings write optional fields only when they hold a value, or, in Rust, write absent any-typed ones as null).
 */
export function sameMeaning(left: unknown, right: unknown): boolean {
  if (typeof left === "string" && typeof right === "string") {
    if (left === right) return true;
    return dateTimePattern.test(left) && dateTimePattern.test(right) && Date.parse(left) === Date.parse(right);
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameMeaning(item, right[index]))
    );
  }
  if (typeof left === "object" && left !== null && typeof right === "object" && right !== null) {
    const presentKeys = (value: object): string[] =>
      Object.entries(value)
        .filter(([, entry]) => entry !== null)
        .map(([key]) => key)
        .sort();
    const leftKeys = presentKeys(left);
    const rightKeys = presentKeys(right);
    return (
      leftKeys.length === rightKeys.length &&
      leftKeys.every(
        (key, index) =>
          key === rightKeys[index] &&
          sameMeaning((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
      )
    );
  }
  return Object.is(left, right);
}
