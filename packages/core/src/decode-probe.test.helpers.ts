// Run in a fresh child process by decode-bombs.test.ts (`node --import tsx decode-probe.test.helpers.ts <file>`):
// decodes the file's bytes with the public decodeTranscript at its default limits and prints, as JSON, whether it
// decoded and the error. The child's peak memory is measured by whoever runs it.
import { readFileSync } from "node:fs";
import { decodeTranscript } from "./decode.js";

const [file] = process.argv.slice(2) as [string];
const result = decodeTranscript(readFileSync(file));
process.stdout.write(JSON.stringify(result.ok ? { ok: true } : { ok: false, error: result.error }));
