/**
 * Damaged tails at every offset: an event log the recorder wrote (lines of a few bytes to 20 KB, multi-byte text, so
 * cuts fall inside characters too) cut at every byte offset and followed by nothing, NUL bytes (what a file system can
 * leave after a power loss), garbage, or the start of another line — then read as it is and repaired.
 *
 * A case survives when: reading the damaged file (core's `checkEventLog`, tolerant) does not throw and returns every
 * complete line's event; `repairEventLog` keeps exactly the complete lines byte for byte and moves every other byte to
 * its quarantine file; and the repaired log reads with no problem.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkEventLog } from "@agent-transcript/core";
import { createRecorder, repairEventLog } from "@agent-transcript/recorder";
import { Tally, type Campaign } from "../campaign.js";

const runId = "5f0c8a4e-2b1d-4c3e-9f6a-7b8c9d0e1f2a";

/** The tails written after each cut. None may hold `}`, so that no tail can end a line holding a whole object. */
const tails: ReadonlyArray<{ label: string; bytes: Uint8Array }> = [
  { label: "cut", bytes: new Uint8Array(0) },
  { label: "cut + NUL bytes", bytes: new Uint8Array(4096) },
  {
    label: "cut + garbage",
    bytes: Uint8Array.from({ length: 300 }, (_, index) => (index * 131 + 7) % 251).map((byte) =>
      byte === 0x7d ? 0 : byte,
    ),
  },
  { label: "cut + a line's start", bytes: Buffer.from(`\n{"seq":99,"run_id":"${runId}","type":"step.sta`) },
];

async function recordedLog(folder: string): Promise<Buffer> {
  const recorder = createRecorder({ root: folder, runId, durability: "none" });
  recorder.append({ type: "run.started", payload: { name: "tails", kind: "workflow" } });
  recorder.append({
    type: "message.user",
    payload: { role: "user", blocks: [{ type: "text", text: "Prüfe die Änderung 🐛" }] },
  });
  recorder.append({
    type: "tool.result",
    payload: { call_id: "call_1", name: "Bash", output: "ok ✓\n".repeat(4000), duration_ms: 12, fidelity: "router" },
  });
  recorder.append({
    type: "message.assistant",
    payload: { role: "assistant", model: "gpt-5", blocks: [{ type: "text", text: '{"seq":7} — fertig' }] },
  });
  recorder.append({ type: "run.completed", payload: { name: "tails", kind: "workflow", status: "completed" } });
  await recorder.close();
  return readFileSync(recorder.file);
}

export const eventLogTails: Campaign = {
  id: "event-log-tails",
  group: "Damaged input",
  title: "torn and garbage tails at every byte offset of an event log",
  guarantee:
    "reading the damaged log returns every complete line's event without throwing; repair keeps exactly the complete lines and quarantines every other byte; the repaired log reads clean",
  minimumCases: { fast: 200, full: 20_000 },
  async run({ mode, scratch }) {
    const original = await recordedLog(path.join(scratch, "original"));
    const lineEnds: number[] = [];
    for (let index = original.indexOf(10); index !== -1; index = original.indexOf(10, index + 1))
      lineEnds.push(index + 1);
    const tally = new Tally();
    // Every offset in full; in fast, every offset near a line's end (where the cases differ) and a stride elsewhere.
    const offsets: number[] = [];
    for (let offset = 0; offset <= original.length; offset += 1)
      if (mode === "full" || lineEnds.some((end) => Math.abs(end - offset) <= 3) || offset % 997 === 0)
        offsets.push(offset);
    let index = 0;
    for (const offset of offsets)
      for (const tail of tails) {
        const folder = path.join(scratch, `case-${(index += 1)}`);
        mkdirSync(folder);
        const file = path.join(folder, `${runId}.jsonl`);
        const damaged = Buffer.concat([original.subarray(0, offset), tail.bytes]);
        writeFileSync(file, damaged);
        // A tail starting with LF right where a line's LF was cut completes that line.
        const completesLine = tail.bytes[0] === 10 && lineEnds.includes(offset + 1);
        const complete = lineEnds.filter((end) => end <= offset || (completesLine && end === offset + 1)).length;
        tally.record(
          tail.label,
          judge(file, damaged, original, lineEnds, complete, tail.bytes.length === 0 && lineEnds.includes(offset + 1)),
        );
        rmSync(folder, { recursive: true, force: true });
      }
    return tally.outcome();
  },
};

/** What is wrong with this case, or undefined. */
function judge(
  file: string,
  damaged: Buffer,
  original: Buffer,
  lineEnds: readonly number[],
  complete: number,
  onlyNewlineMissing: boolean,
): string | undefined {
  const at = `at byte ${damaged.length} (${complete} complete lines)`;
  try {
    const read = checkEventLog(damaged.toString("utf8"), "tolerant");
    const seqs = new Set(read.events.map((event) => event.seq));
    for (let seq = 1; seq <= complete; seq += 1)
      if (!seqs.has(seq)) return `${at}: reading the damaged log lost complete line ${seq}`;
  } catch (error) {
    return `${at}: reading the damaged log threw ${String(error)}`;
  }
  let report;
  try {
    report = repairEventLog(file);
  } catch (error) {
    return `${at}: repair threw ${String(error)}`;
  }
  const kept = onlyNewlineMissing
    ? (lineEnds[complete] as number)
    : complete === 0
      ? 0
      : (lineEnds[complete - 1] as number);
  const expectedKept = onlyNewlineMissing ? original.subarray(0, kept) : damaged.subarray(0, kept);
  if (!readFileSync(file).equals(expectedKept)) return `${at}: repair kept other bytes than the complete lines`;
  const quarantined = readdirSync(path.dirname(file)).filter((name) => name.includes(".quarantine-"));
  const rest = damaged.subarray(Math.min(kept, damaged.length));
  if (rest.length === 0 ? quarantined.length !== 0 : quarantined.length !== 1)
    return `${at}: ${quarantined.length} quarantine files for ${rest.length} damaged bytes`;
  if (rest.length > 0 && !readFileSync(path.join(path.dirname(file), quarantined[0] as string)).equals(rest))
    return `${at}: the quarantine file does not hold the damaged bytes`;
  if (report.lastSeq !== (onlyNewlineMissing ? complete + 1 : complete))
    return `${at}: repair said lastSeq ${report.lastSeq}`;
  const repaired = checkEventLog(readFileSync(file, "utf8"), "strict");
  if (repaired.problems.length > 0) return `${at}: the repaired log has problems: ${repaired.problems[0]?.message}`;
  return undefined;
}
