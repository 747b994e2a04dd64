#!/usr/bin/env node
// Makes sure the programs the cross-language tests run are present, installing Debian packages when they are not.
// The tests need: Go (bindings-go), jq (AWF's recipes), Debian's python3 with jsonschema and dateutil (bindings-python and the
// python-jsonschema agreement check), and a working cargo with Debian's packaged serde crates (bindings-rust).
// It prints what it installs on stderr and fails with the list of packages when it cannot install them.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

const succeeds = (command, args) => {
  const result = spawnSync(command, args, { stdio: "ignore" });
  return result.status === 0;
};

const hasCrate = (name) =>
  existsSync("/usr/share/cargo/registry") &&
  readdirSync("/usr/share/cargo/registry").some((entry) => entry.startsWith(`${name}-`));

const requirements = [
  { what: "Go", packages: ["golang-go"], present: () => succeeds("go", ["version"]) },
  // AWF's jq recipes run unchanged against our event logs in the recorder's tests.
  { what: "jq", packages: ["jq"], present: () => succeeds("jq", ["--version"]) },
  {
    what: "python3 with jsonschema and dateutil",
    packages: ["python3", "python3-jsonschema", "python3-dateutil"],
    present: () => succeeds("/usr/bin/python3", ["-c", "import jsonschema, dateutil"]),
  },
  // A rustup proxy without a toolchain (for example under an empty HOME) does not count: Debian's cargo is used then.
  {
    what: "cargo and rustc",
    packages: ["cargo", "rustc"],
    present: () =>
      (succeeds("cargo", ["--version"]) && succeeds("rustc", ["--version"])) ||
      (existsSync("/usr/bin/cargo") && existsSync("/usr/bin/rustc")),
  },
  {
    what: "serde crates for offline Rust builds",
    packages: ["librust-serde-json-dev", "librust-serde-derive-dev"],
    present: () => hasCrate("serde_json") && hasCrate("serde_derive"),
  },
];

const missing = requirements.filter((requirement) => !requirement.present());
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.flatMap((requirement) => requirement.packages))];
process.stderr.write(`system-deps: missing ${missing.map((requirement) => requirement.what).join(", ")}\n`);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const prefix = isRoot ? [] : succeeds("sudo", ["-n", "true"]) ? ["sudo", "-n"] : undefined;
if (!succeeds("apt-get", ["--version"]) || prefix === undefined) {
  process.stderr.write(
    `system-deps: cannot install them here; install these Debian packages and run again:\n  apt-get install -y ${packages.join(" ")}\n`,
  );
  process.exit(1);
}

const run = (args) => {
  const [command, ...rest] = [...prefix, ...args];
  process.stderr.write(`system-deps: ${[command, ...rest].join(" ")}\n`);
  const result = spawnSync(command, rest, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) {
    process.stderr.write(`system-deps: ${args.join(" ")} failed (exit ${result.status})\n`);
    process.exit(1);
  }
};
run(["apt-get", "update", "-qq"]);
run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...packages]);

const stillMissing = requirements.filter((requirement) => !requirement.present());
if (stillMissing.length > 0) {
  process.stderr.write(
    `system-deps: still missing after install: ${stillMissing.map((requirement) => requirement.what).join(", ")}\n`,
  );
  process.exit(1);
}
