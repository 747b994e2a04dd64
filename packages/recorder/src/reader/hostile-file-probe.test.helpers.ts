// Run in a fresh child process by hostile-files.test.ts (`node --import tsx hostile-file-probe.test.helpers.ts <file>
// [maxDecompressedBytes | run-tree]`): reads the file with the public readEventLog and prints, as JSON, how many
// events it read, its problems and how reading ended (with `run-tree`: reads the tree of runs from it, readRunTree). The child's peak memory is measured, and a hang guarded against, by the runner.
import { readRunTree } from "../writer/run-tree.js";
import { readEventLog } from "./read-event-log.js";

const [file, maxDecompressedBytes] = process.argv.slice(2) as [string, string?];
if (maxDecompressedBytes === "run-tree") {
  // The tree of runs from this root file: its runs and problems.
  const tree = await readRunTree(file);
  process.stdout.write(JSON.stringify({ runs: tree.runs.length, problems: tree.problems }));
  process.exit(0);
}
const reader = readEventLog(
  file,
  maxDecompressedBytes === undefined ? {} : { maxDecompressedBytes: Number(maxDecompressedBytes) },
);
let events = 0;
let warnings = 0;
// A bomb of bad lines has a problem per line: the first few and the last are enough to say what happened.
const problems: Array<{ code: string; message: string }> = [];
let last: { code: string; message: string } | undefined;
let problemCount = 0;
for await (const item of reader) {
  if (item.kind === "event") events += 1;
  else if (item.kind === "warning") warnings += 1;
  else {
    problemCount += 1;
    last = { code: item.code, message: item.message };
    if (problems.length < 5) problems.push(last);
  }
}
if (last !== undefined && problemCount > problems.length) problems.push(last);
process.stdout.write(JSON.stringify({ events, warnings, problems, problemCount, end: reader.summary.end }));
