// Real provider payloads written as the files a user would give the command line: one JSON value, or a stream as
// JSON lines (a chunk that was not JSON stays its raw line). Shared by the tests that read every real payload.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-payloads-"));
let written = 0;

/** A payload as a file in a scratch folder of this process. */
export function payloadFile(payload: Payload): string {
  written += 1;
  if (payload.kind === "stream") {
    const file = path.join(scratch, `payload-${written}.jsonl`);
    writeFileSync(
      file,
      payload.chunks.map((chunk) => (typeof chunk === "string" ? chunk : JSON.stringify(chunk))).join("\n") + "\n",
    );
    return file;
  }
  const file = path.join(scratch, `payload-${written}.json`);
  writeFileSync(file, JSON.stringify(payload.value, null, 2));
  return file;
}

/**
 * Every real run a user would hand the command line: agents' sessions (not their prompt logs) and trajectories, as
 * paths, and every provider payload that is not an error body.
 */
export function realRuns(): { sessionFiles: string[]; payloads: Payload[] } {
  const fixtures = loadRealFixtures();
  return {
    sessionFiles: fixtures
      .filter(
        (fixture) =>
          (fixture.classification.category === "agent-session" && fixture.classification.role !== "prompt-log") ||
          fixture.classification.category === "trajectory",
      )
      .map((fixture) => path.join(realFixturesRoot(), fixture.file)),
    payloads: fixtures.flatMap((fixture) => fixture.payloads).filter((payload) => payload.kind !== "error"),
  };
}
