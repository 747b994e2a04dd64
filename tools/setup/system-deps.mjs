#!/usr/bin/env node
// @ts-check
// Makes sure the programs the cross-language tests run are there (Go with Debian's gojsonschema, jq, Debian's python3
// with jsonschema and dateutil, cargo and rustc with Debian's packaged serde and regex crates), before `pnpm test`
// runs them. Plain Node, no dependencies: it runs before anything in the workspace is built.
// - Everything there: prints nothing.
// - As root, or with password-less sudo: apt-get installs the missing Debian packages.
// - Otherwise (or with AGENT_TRANSCRIPT_SYSTEM_DEPS=user): unpacks them for this user alone under .tmp/system-deps/
//   (AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR), where the tests find them through @agent-transcript/setup.
// It says what it does on stderr, and fails naming the packages when it cannot get them.
import { spawnSync } from "node:child_process";
import { requirements } from "./src/requirements.mjs";
import { systemDepsDirectory } from "./src/system-environment.mjs";
import { SetupError, refreshEnvironmentFile, userSpaceInstall } from "./src/user-space-install.mjs";

const log = (/** @type {string} */ line) => process.stderr.write(`system-deps: ${line}\n`);
const fail = (/** @type {string} */ message) => {
  log(message);
  process.exit(1);
};

const modes = ["auto", "system", "user"];
const mode = process.env.AGENT_TRANSCRIPT_SYSTEM_DEPS || "auto";
if (!modes.includes(mode)) fail(`AGENT_TRANSCRIPT_SYSTEM_DEPS must be one of ${modes.join(", ")}, not ${mode}`);

const directory = systemDepsDirectory();
refreshEnvironmentFile(directory);
const missingRequirements = () => requirements.filter((requirement) => !requirement.present(process.env));
const missing = missingRequirements();
if (missing.length === 0) process.exit(0);

const packages = [...new Set(missing.flatMap((requirement) => requirement.packages))];
log(`missing ${missing.map((requirement) => requirement.what).join("; ")}`);

const succeeds = (/** @type {string} */ command, /** @type {string[]} */ args) =>
  spawnSync(command, args, { stdio: "ignore" }).status === 0;
const askToInstall = (/** @type {string} */ why, /** @type {string[]} */ needed) =>
  fail(`${why}\nInstall these Debian packages (as root) and run again:\n  apt-get install -y ${needed.join(" ")}`);

const hasAptGet = succeeds("apt-get", ["--version"]);
/** How to run apt-get install: directly as root, through sudo when it needs no password, or not at all. */
const systemInstaller =
  mode === "user" || !hasAptGet
    ? undefined
    : process.getuid?.() === 0
      ? []
      : succeeds("sudo", ["-n", "true"])
        ? ["sudo", "-n"]
        : undefined;

if (systemInstaller !== undefined) {
  const install = (/** @type {string[]} */ args) => {
    const [command = "apt-get", ...rest] = [...systemInstaller, ...args];
    log([command, ...rest].join(" "));
    const result = spawnSync(command, rest, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) fail(`${args.join(" ")} failed (exit ${result.status})`);
  };
  install(["apt-get", "update", "-qq"]);
  install(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...packages]);
} else {
  const why =
    mode === "user"
      ? "AGENT_TRANSCRIPT_SYSTEM_DEPS=user"
      : hasAptGet
        ? "not root and no password-less sudo"
        : "no apt-get";
  if (mode === "system") askToInstall(`cannot install them here (${why}).`, packages);
  const notUnpackable = missing.filter((requirement) => requirement.unpackable === false);
  if (notUnpackable.length > 0)
    askToInstall(
      `${why}, and ${notUnpackable.map((requirement) => requirement.what).join("; ")} cannot be unpacked for a user.`,
      packages,
    );
  log(`${why}: unpacking them for this user`);
  try {
    userSpaceInstall({ packages, directory, log });
  } catch (error) {
    if (error instanceof SetupError) askToInstall(error.message, packages);
    throw error;
  }
}

const stillMissing = missingRequirements();
if (stillMissing.length > 0) {
  askToInstall(
    `still missing after install: ${stillMissing.map((requirement) => requirement.what).join("; ")}` +
      (systemInstaller === undefined ? ` (or delete ${directory} to unpack afresh)` : ""),
    [...new Set(stillMissing.flatMap((requirement) => requirement.packages))],
  );
}
