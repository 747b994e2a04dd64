// The examples a package README marks as runnable: fenced code blocks whose info string is `js example` (an ES
// module) or `cjs example` (CommonJS). The consumer test runs exactly this text, so the README cannot drift from what
// works; other code blocks are documentation only.

export interface ReadmeExample {
  readonly kind: "js" | "cjs";
  readonly code: string;
  /** The line of the opening fence, 1-based, for messages. */
  readonly line: number;
}

export function readmeExamples(markdown: string): ReadmeExample[] {
  const examples: ReadmeExample[] = [];
  const lines = markdown.split("\n");
  for (let index = 0; index < lines.length; index += 1) {
    const opening = /^(`{3,})(js|cjs) +example\s*$/.exec(lines[index] as string);
    if (opening === null) continue;
    const fence = opening[1] as string;
    const code: string[] = [];
    let end = index + 1;
    while (end < lines.length && lines[end] !== fence) code.push(lines[end++] as string);
    if (end === lines.length) throw new Error(`the example at line ${index + 1} has no closing fence`);
    examples.push({ kind: opening[2] as "js" | "cjs", code: `${code.join("\n")}\n`, line: index + 1 });
    index = end;
  }
  return examples;
}

/**
 * The names a CommonJS example takes from the package (`const { a, b } = require("…")`), so the test can check that
 * each is really there: a missing export is only `undefined` to CommonJS, never an error.
 */
export function requiredNames(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/const \{([^}]*)\} = require\(/g))
    for (const name of (match[1] as string).split(",")) {
      const binding = name.split(":").at(-1)?.trim();
      if (binding !== undefined && binding !== "") names.push(binding);
    }
  return names;
}
