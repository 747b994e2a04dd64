// `tsx cli.ts --write|--check [package folder…]`: each published package's `api:update` and `api:check` scripts,
// which turbo runs after the package's build (`pnpm api:update`, `pnpm api:check` from the root). The folder
// defaults to the current one, where pnpm runs a package's script.
import path from "node:path";
import { checkApiReport, writeApiReport } from "./api-report.js";

const [mode, ...folders] = process.argv.slice(2);
if (mode !== "--write" && mode !== "--check") {
  process.stderr.write("usage: cli.ts --write|--check [package folder…]\n");
  process.exit(2);
}
let failed = false;
for (const folder of folders.length > 0 ? folders : ["."]) {
  const packageFolder = path.resolve(folder);
  const result = mode === "--write" ? writeApiReport(packageFolder) : checkApiReport(packageFolder);
  for (const message of result.messages) process.stderr.write(`${message}\n`);
  if (!result.ok) failed = true;
}
process.exitCode = failed ? 1 : 0;
