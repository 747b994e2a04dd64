#!/usr/bin/env node
// Copies files tsc does not emit (generated .js validators and their .d.ts) from src/ to dist/, keeping paths.
// Usage: node copy-files.mjs <from> <to> <suffix>...
import { cpSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const [from, to, ...suffixes] = process.argv.slice(2);
if (!from || !to || suffixes.length === 0) {
  process.stderr.write("usage: copy-files.mjs <from> <to> <suffix>...\n");
  process.exit(2);
}
let copied = 0;
const visit = (relative) => {
  const source = path.join(from, relative);
  if (statSync(source).isDirectory()) {
    for (const name of readdirSync(source)) visit(path.join(relative, name));
  } else if (suffixes.some((suffix) => relative.endsWith(suffix))) {
    cpSync(source, path.join(to, relative));
    copied += 1;
  }
};
visit("");
process.stderr.write(`copied ${copied} files from ${from} to ${to}\n`);
