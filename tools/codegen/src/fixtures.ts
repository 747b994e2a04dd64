import { existsSync } from "node:fs";
import path from "node:path";
import { repositoryRoot } from "./paths.js";

/**
 * The real recorded provider payloads and agent sessions (third-party test data) live outside the repository,
 * in `shared/fixtures/real/` beside the checkout; `AGENT_TRANSCRIPT_REAL_FIXTURES` points elsewhere. Tests that
 * need them fail when they are missing: a skipped fixture test would pass without checking anything.
 */
export function realFixturesRoot(): string {
  const root = process.env.AGENT_TRANSCRIPT_REAL_FIXTURES ?? path.resolve(repositoryRoot, "../shared/fixtures/real");
  if (!existsSync(path.join(root, "README.md"))) {
    throw new Error(
      `real fixtures not found at ${root}: check out shared/ beside the repository or set AGENT_TRANSCRIPT_REAL_FIXTURES`,
    );
  }
  return root;
}
