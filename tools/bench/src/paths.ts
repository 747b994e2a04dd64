import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** tools/bench/src → the repository root. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export const benchRoot = path.join(repositoryRoot, "tools/bench");

export const defaultResultsFile = path.join(benchRoot, "results/latest.json");

/** The valid Transcript examples: small, hand-written, but every optional block of the format appears somewhere. */
export const transcriptExamplesDirectory = path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid");

/**
 * The real recorded sessions live outside the repository, in `shared/fixtures/real/` beside the checkout;
 * `AGENT_TRANSCRIPT_REAL_FIXTURES` points elsewhere. Without them there is no realistic corpus, and a benchmark on
 * a made-up one would report numbers that mean nothing, so this fails instead of falling back.
 */
export function realFixturesRoot(): string {
  const root = process.env.AGENT_TRANSCRIPT_REAL_FIXTURES ?? path.resolve(repositoryRoot, "../shared/fixtures/real");
  if (!existsSync(path.join(root, "README.md"))) {
    throw new Error(`real fixtures not found at ${root}: check out shared/ beside the repository or set AGENT_TRANSCRIPT_REAL_FIXTURES`);
  }
  return root;
}
