import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram, rustToolchain } from "@agent-transcript/fixtures/conformance";
import { describeRoundTrips } from "@agent-transcript/fixtures/round-trip-suite";
import { validatorFor } from "@agent-transcript/core";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describeRoundTrips({
  language: "Rust",
  strictValidator: (definition) => validatorFor(definition, "strict"),
  dropAddedNulls: true,
  run: (requests) => {
    // Offline against Debian's packaged crates (.cargo/config.toml); the first build compiles serde_derive.
    const toolchain = rustToolchain();
    return runJsonProgram(toolchain.cargo, ["run", "--quiet", "--offline", "--bin", "roundtrip"], requests, {
      cwd: packageRoot,
      env: toolchain.env,
    });
  },
});
