import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram } from "@agent-transcript/fixtures/conformance";
import { describeRoundTrips } from "@agent-transcript/fixtures/round-trip-suite";
import { validatorFor } from "@agent-transcript/core/validators";
import { systemCommand } from "@agent-transcript/setup";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describeRoundTrips({
  language: "Go",
  strictValidator: (definition) => validatorFor(definition, "strict"),
  run: (requests) => {
    // The system's go, or Debian's unpacked for this user by tools/setup (with its GOROOT).
    const go = systemCommand("go");
    // No module downloads, ever: the bindings use the standard library only.
    const env: NodeJS.ProcessEnv = { ...go.env, GOPROXY: "off", GOFLAGS: "-mod=mod -buildvcs=false" };
    // go needs a build cache; with no HOME (a bare CI environment) it has nowhere to put one.
    if (!env.GOCACHE && !env.HOME && !env.XDG_CACHE_HOME) env.GOCACHE = mkdtempSync(path.join(tmpdir(), "go-cache-"));
    return runJsonProgram(go.command, ["run", "./internal/roundtrip"], requests, { cwd: packageRoot, env });
  },
});
