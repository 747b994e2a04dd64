import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram } from "@agent-transcript/fixtures/conformance";
import { describeRoundTrips } from "@agent-transcript/fixtures/round-trip-suite";
import { validatorFor } from "@agent-transcript/core/validators";
import { systemCommand, systemEnvironment } from "@agent-transcript/setup";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describeRoundTrips({
  language: "Rust",
  strictValidator: (definition) => validatorFor(definition, "strict"),
  dropAddedNulls: true,
  run: (requests) => {
    // Offline against Debian's packaged crates (.cargo/config.toml), wherever they are: the system's, or unpacked for
    // this user by tools/setup. The first build compiles serde_derive.
    const cargo = systemCommand("cargo");
    const registry = systemEnvironment().cargoRegistry;
    if (registry === undefined) throw new Error("no Debian crates: run node tools/setup/system-deps.mjs");
    const source = `source.debian.directory=${JSON.stringify(registry)}`;
    return runJsonProgram(
      cargo.command,
      ["--config", source, "run", "--quiet", "--offline", "--bin", "roundtrip"],
      requests,
      {
        cwd: packageRoot,
        env: cargo.env,
      },
    );
  },
});
