// `generate` and `check:generated` for the CLI: writes or checks `generated/root-help.ts` (see root-help.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { renderRootHelp, rootHelpModule } from "./root-help.js";

const target = fileURLToPath(new URL("generated/root-help.ts", import.meta.url));
const expected = rootHelpModule(await renderRootHelp());
if (process.argv.includes("--check")) {
  let current: string | undefined;
  try {
    current = readFileSync(target, "utf8");
  } catch {
    current = undefined;
  }
  if (current !== expected) {
    process.stderr.write(
      `${target} is not the help the command definitions give: run pnpm --filter @agent-transcript/cli generate\n`,
    );
    process.exitCode = 1;
  }
} else {
  writeFileSync(target, expected);
}
