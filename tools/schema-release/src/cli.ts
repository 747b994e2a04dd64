import path from "node:path";
import { fileURLToPath } from "node:url";
import { FreezeError, freezeRelease } from "./freeze.js";
import { describeReport, runGate } from "./gate.js";

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const usage = "usage: schema-release (compat [--json] | release) [--root <checkout>]\n";

/**
 * `compat`: the compatibility gate (`pnpm schema:compat`, part of `pnpm test`): the report on stderr (or, with
 * `--json`, on stdout), exit 1 when it fails. `release`: freezes the working schemas as the stated format version
 * (`pnpm schema:release`).
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const rootIndex = rest.indexOf("--root");
  const root = rootIndex >= 0 ? rest[rootIndex + 1] : repositoryRoot;
  const known = new Set(["--json", "--root", ...(rootIndex >= 0 && root !== undefined ? [root] : [])]);
  if ((command !== "compat" && command !== "release") || root === undefined || rest.some((arg) => !known.has(arg))) {
    process.stderr.write(usage);
    return 2;
  }
  if (command === "compat") {
    const report = await runGate(path.resolve(root));
    if (rest.includes("--json")) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    process.stderr.write(describeReport(report));
    return report.problems.length > 0 ? 1 : 0;
  }
  try {
    const { generateAll } = await import("@agent-transcript/codegen/generate");
    const { compareWithDisk } = await import("@agent-transcript/codegen/cli");
    const { loadSchemaSet } = await import("@agent-transcript/codegen/schema-set");
    const result = await freezeRelease(path.resolve(root), {
      // Loaded only once the checks pass: the corpus needs the built providers and the real fixtures.
      corpus: async () => (await import("./corpus.js")).buildCorpus(),
      checkGenerated: async (checkout) => {
        const drift = compareWithDisk(await generateAll(loadSchemaSet(path.join(checkout, "schemas"))), checkout);
        return [...drift.changed, ...drift.missing, ...drift.stray];
      },
    });
    process.stderr.write(`froze format ${result.version} in ${result.folder}: commit it\n`);
    return 0;
  } catch (error) {
    if (error instanceof FreezeError) {
      process.stderr.write(`schema:release refused: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
