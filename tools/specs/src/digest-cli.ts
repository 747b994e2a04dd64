/**
 * `pnpm --filter @agent-transcript/specs digest:update` rewrites digest.json from the files in published/;
 * `digest:check` prints what differs and exits 1. Refresh only after looking at what the changed shapes mean for
 * the converters (digest.ts).
 */
import { writeFileSync } from "node:fs";
import { computeDigest, diffDigests, digestFile, readCommittedDigest } from "./digest.js";

const current = computeDigest();
const changes = diffDigests(readCommittedDigestOrEmpty(), current);

function readCommittedDigestOrEmpty(): ReturnType<typeof readCommittedDigest> {
  try {
    return readCommittedDigest();
  } catch {
    return {} as ReturnType<typeof readCommittedDigest>;
  }
}

for (const line of changes) console.log(line);
if (process.argv.includes("--write")) {
  writeFileSync(digestFile, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`wrote ${digestFile}`);
} else if (changes.length > 0) process.exitCode = 1;
