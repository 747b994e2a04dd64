// Run in a fresh child process by hostile-files.test.ts (`node --import tsx hostile-file-probe.test.helpers.ts <file>
// [options as JSON]`): imports the session file through the public importSession and prints, as JSON, whether it was
// imported, the refusal's message, and how many messages the document holds. The child's peak memory is measured by
// whoever runs it.
import { isExpectedSessionLoss } from "../conversion/index.js";
import { importSession } from "./session-files.js";

const [file, options = "{}"] = process.argv.slice(2) as [string, string?];
const outcome = await importSession(file, JSON.parse(options) as Parameters<typeof importSession>[1]);
process.stdout.write(
  JSON.stringify(
    outcome.ok
      ? {
          ok: true,
          messages: outcome.document.messages.length,
          losses: outcome.losses.length,
          relatedLosses: outcome.losses
            .filter((loss) => loss.file !== file && !isExpectedSessionLoss(loss))
            .slice(0, 20),
        }
      : { ok: false, message: outcome.message },
  ),
);
