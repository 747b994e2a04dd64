import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram } from "@agent-transcript/fixtures/conformance";
import { describeRoundTrips } from "@agent-transcript/fixtures/round-trip-suite";
import { validatorFor } from "@agent-transcript/core/validators";
import { systemCommand } from "@agent-transcript/setup";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Debian's python3, which has python3-jsonschema and python3-dateutil (installed, or unpacked for this user by
// tools/setup and found through PYTHONPATH).
const python = systemCommand("python3");

describeRoundTrips({
  language: "Python",
  strictValidator: (definition) => validatorFor(definition, "strict"),
  run: (requests) =>
    runJsonProgram(python.command, [path.join(packageRoot, "scripts/roundtrip.py")], requests, { env: python.env }),
});
