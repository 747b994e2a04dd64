import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runJsonProgram } from "@agent-transcript/fixtures/conformance";
import { describeRoundTrips } from "@agent-transcript/fixtures/round-trip-suite";
import { validatorFor } from "@agent-transcript/core";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

describeRoundTrips({
  language: "Go",
  strictValidator: (definition) => validatorFor(definition, "strict"),
  run: (requests) => {
    // No module downloads, ever: the bindings use the standard library only.
    const env: NodeJS.ProcessEnv = { ...process.env, GOPROXY: "off", GOFLAGS: "-mod=mod -buildvcs=false" };
    // go needs a build cache; with no HOME (a bare CI environment) it has nowhere to put one.
    if (!env.GOCACHE && !env.HOME && !env.XDG_CACHE_HOME) env.GOCACHE = mkdtempSync(path.join(tmpdir(), "go-cache-"));
    return runJsonProgram("go", ["run", "./cmd/roundtrip"], requests, { cwd: packageRoot, env });
  },
});
