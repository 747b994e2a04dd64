// Run in a child process by large.test.ts (`node --import tsx memory-probe.test.helpers.ts <repository> <checkout>
// <bundle>`): takes a snapshot of the repository, writes it, applies it to the checkout, and prints how much the
// process's peak resident memory grew while doing so, as JSON. A fresh process, so nothing else it did counts.
import { applySnapshotBundle } from "./apply.js";
import { writeSnapshotBundle } from "./bundle.js";
import { takeSnapshot } from "./create.js";

const [repository, checkout, bundle] = process.argv.slice(2) as [string, string, string];
const peakBefore = process.resourceUsage().maxRSS * 1024;
const staged = await takeSnapshot([{ version: 1, kind: "repo", path: repository }]);
await writeSnapshotBundle(staged, bundle);
await staged.dispose();
const afterCreate = process.resourceUsage().maxRSS * 1024;
const result = await applySnapshotBundle(bundle, { target: checkout });
const afterApply = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  JSON.stringify({
    changes: staged.repositories[0]?.changes.length ?? 0,
    createGrowth: afterCreate - peakBefore,
    applyGrowth: afterApply - peakBefore,
    problems: result.problems,
  }),
);
