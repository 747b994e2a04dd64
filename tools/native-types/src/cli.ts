/**
 * `generate` writes every target's declarations; `check:generated` fails, naming the file, when a committed file
 * differs from what the installed SDKs give (an SDK was upgraded and the mirror not regenerated, or a file was edited).
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { render } from "./render.js";
import { targets } from "./targets.js";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const mode = process.argv[2];
if (mode !== "--write" && mode !== "--check") {
  process.stderr.write("usage: cli.ts --write | --check\n");
  process.exit(2);
}

let stale = 0;
for (const target of targets) {
  const file = path.join(repositoryRoot, target.output);
  const text = render(target, repositoryRoot);
  if (mode === "--write") {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    process.stderr.write(`wrote ${target.output}\n`);
  } else if (!existsSync(file) || readFileSync(file, "utf8") !== text) {
    stale++;
    process.stderr.write(`${target.output} differs from what the installed ${target.sdk} gives\n`);
  }
}
if (stale > 0) {
  process.stderr.write("Fix: pnpm --filter @agent-transcript/native-types generate, and commit the result.\n");
  process.exit(1);
}
