// Run in a fresh child process by session-memory.test.ts and the session-import memory benchmark
// (`node --expose-gc --import tsx session-memory-probe.test.helpers.ts <format> <file>`): imports the session file
// and prints, as JSON, how much the process's peak resident memory grew while importing it and how much of the heap
// the imported document still holds after a full collection. Their difference is what the import cost beyond its
// result: reading the file a line at a time, that stays the same whatever the file's size.
import { readFileSync } from "node:fs";
import { importSessionText } from "../sessions.js";
import { importSession } from "./session-files.js";

const [format, file, how = "stream"] = process.argv.slice(2) as [string, string, string?];
const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error("run with --expose-gc");
collect();
const heapBefore = process.memoryUsage().heapUsed;
const restingRss = process.memoryUsage().rss;
const outcome =
  how === "stream"
    ? await importSession(file, { format: format as "codex" })
    : importSessionText(readFileSync(file, "utf8"), { format: format as "codex" });
const peakRss = process.resourceUsage().maxRSS * 1024;
collect();
const heapAfter = process.memoryUsage().heapUsed;
if (!outcome.ok) throw new Error(outcome.message);
process.stdout.write(
  JSON.stringify({
    messages: outcome.document.messages.length,
    losses: outcome.losses.length,
    peakGrowth: peakRss - restingRss,
    retained: heapAfter - heapBefore,
  }),
);
