// One side of the snapshot benchmark, run as a child process (timed from the parent, both sides alike):
// `node snapshot-side.mjs create <repository> <bundle>` or `node snapshot-side.mjs apply <bundle> <checkout>`.
import { applySnapshotBundle, takeSnapshot, writeSnapshotBundle } from "@agent-transcript/recorder/snapshot";

const [operation, first, second] = process.argv.slice(2);
if (operation === "create") {
  const staged = await takeSnapshot([{ version: 1, kind: "repo", path: first }]);
  await writeSnapshotBundle(staged, second);
  await staged.dispose();
} else {
  const result = await applySnapshotBundle(first, { target: second });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
}
