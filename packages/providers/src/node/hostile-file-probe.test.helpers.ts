// Run in a fresh child process by hostile-files.test.ts (`node --import tsx hostile-file-probe.test.helpers.ts <file>
// [options as JSON]`): imports the session file through the public importSession and prints, as JSON, whether it was
// imported, the refusal's message, and how many messages the document holds (with `devflow` for options: converts the
// file's bytes with the devflow converter, which gunzips them itself). The child's peak memory is measured by
// whoever runs it; the probe says what it held before reading (`startMebibytes`: Node, tsx and the modules loaded), so
// that the input's own cost can be told from the process's.
import { readFileSync } from "node:fs";
import { isExpectedSessionLoss } from "../conversion/index.js";
import { devflowConverter } from "../converters.js";
import { importSession } from "./session-files.js";

const [file, options = "{}"] = process.argv.slice(2) as [string, string?];
const startMebibytes = process.memoryUsage().rss / (1024 * 1024);
if (options === "devflow") {
  // The devflow converter takes a transcript.json.gz's bytes and gunzips them itself.
  const result = devflowConverter.toCanonical(readFileSync(file));
  process.stdout.write(
    JSON.stringify({
      ...(result.ok ? { ok: true } : { ok: false, message: result.errors[0]?.message }),
      startMebibytes,
    }),
  );
  process.exit(0);
}
const outcome = await importSession(file, JSON.parse(options) as Parameters<typeof importSession>[1]);
process.stdout.write(
  JSON.stringify({
    ...(outcome.ok
      ? {
          ok: true,
          messages: outcome.document.messages.length,
          losses: outcome.losses.length,
          relatedLosses: outcome.losses
            .filter((loss) => loss.file !== file && !isExpectedSessionLoss(loss))
            .slice(0, 20),
        }
      : { ok: false, message: outcome.message }),
    startMebibytes,
  }),
);
