// @ts-check
// Where the programs the cross-language tests run are, and the environment to run them in. One answer for both the
// setup script (which checks what is present with it) and the tests (which spawn with it), so that what setup
// verified is what the tests run: system programs, or the ones unpacked for this user under .tmp/system-deps/.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const checkoutRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** Where Debian's librust-*-dev packages put their crates, as a cargo directory source. */
export const debianCargoRegistry = "/usr/share/cargo/registry";

/** Where Debian's golang-*-dev packages put their Go sources, as a GOPATH entry (for GO111MODULE=off builds). */
export const debianGoPath = "/usr/share/gocode";

/**
 * @typedef {object} EnvironmentFile What `environment.json` holds: what the user-space fallback unpacked, and how to
 * run it. Every path is absolute.
 * @property {string} root The prefix the packages are unpacked into (`dpkg-deb -x`).
 * @property {Record<string, string[]>} prepend Directories to put before a search path's value: `PATH`,
 * `LD_LIBRARY_PATH`, `PYTHONPATH`.
 * @property {Record<string, string>} set Variables to set: `GOROOT` when Debian's Go is unpacked.
 * @property {string | null} cargoRegistry The unpacked crates (with links to the system's), or null when none are.
 * @property {Record<string, string>} packages Every package unpacked, with its version.
 */

/**
 * The directory of the user-space fallback: `AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR`, or `.tmp/system-deps` in this
 * checkout (git-ignored). It holds `root/` (the unpacked packages), `environment.json` and `apt/` (package lists
 * fetched when the system has none).
 * @param {NodeJS.ProcessEnv} [environment]
 */
export function systemDepsDirectory(environment = process.env) {
  return path.resolve(environment.AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR || path.join(checkoutRoot, ".tmp/system-deps"));
}

/** @param {string} directory */
export const environmentFilePath = (directory) => path.join(directory, "environment.json");

/**
 * @param {string} directory
 * @returns {EnvironmentFile | undefined}
 */
export function readEnvironmentFile(directory) {
  const file = environmentFilePath(directory);
  if (!existsSync(file)) return undefined;
  return /** @type {EnvironmentFile} */ (JSON.parse(readFileSync(file, "utf8")));
}

/**
 * @typedef {object} SystemEnvironment
 * @property {NodeJS.ProcessEnv} env The environment to run the programs in: the given one, with the unpacked
 * packages' directories first on the search paths when there are any.
 * @property {string | undefined} cargoRegistry The directory of Debian's packaged crates (unpacked or the system's),
 * or undefined when there is none.
 * @property {string[]} goPath The GOPATH entries holding Debian's packaged Go sources: the unpacked ones first, then
 * the system's; empty when there are none.
 */

/**
 * @param {NodeJS.ProcessEnv} [base] The environment to start from.
 * @returns {SystemEnvironment}
 */
export function systemEnvironment(base = process.env) {
  const file = readEnvironmentFile(systemDepsDirectory(base));
  const systemRegistry = existsSync(debianCargoRegistry) ? debianCargoRegistry : undefined;
  const goPath = [...(file ? [path.join(file.root, debianGoPath)] : []), debianGoPath].filter((entry) =>
    existsSync(entry),
  );
  if (!file) return { env: { ...base }, cargoRegistry: systemRegistry, goPath };
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...base };
  for (const [name, directories] of Object.entries(file.prepend)) {
    env[name] = [...directories, ...(base[name] ?? "").split(path.delimiter).filter(Boolean)].join(path.delimiter);
  }
  Object.assign(env, file.set);
  return { env, cargoRegistry: file.cargoRegistry ?? systemRegistry, goPath };
}

/** @param {string} file */
const isExecutableFile = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * @param {string} name
 * @param {NodeJS.ProcessEnv} env
 */
const onPath = (name, env) =>
  (env.PATH ?? "")
    .split(path.delimiter)
    .filter(Boolean)
    .map((directory) => path.join(directory, name))
    .find(isExecutableFile);

/**
 * @param {string} command
 * @param {NodeJS.ProcessEnv} env
 */
const answersVersion = (command, env) => spawnSync(command, ["--version"], { env, stdio: "ignore" }).status === 0;

/**
 * @typedef {object} SystemCommand
 * @property {string} command The program to spawn (an absolute path, or what `PYTHON` or `CARGO` names).
 * @property {NodeJS.ProcessEnv} env The environment to spawn it in.
 */

/**
 * A program the cross-language tests run, or undefined when it is not there.
 * - `python3`: `PYTHON`, else Debian's `/usr/bin/python3` (it has python3-jsonschema and python3-dateutil; a pyenv
 *   `python3` first on PATH has not), else the unpacked one.
 * - `cargo`: `CARGO`, else the `cargo` and `rustc` first on PATH (the unpacked ones first), else Debian's, paired
 *   with Debian's rustc explicitly. A rustup proxy with no toolchain (rustup under an empty HOME) fails `--version`
 *   and is passed over, since it cannot build.
 * - anything else: the first on PATH, the unpacked packages' directories first.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} [base]
 * @returns {SystemCommand | undefined}
 */
export function findSystemCommand(name, base = process.env) {
  const { env } = systemEnvironment(base);
  if (name === "python3") {
    if (env.PYTHON) return { command: env.PYTHON, env };
    const root = readEnvironmentFile(systemDepsDirectory(base))?.root;
    const command = ["/usr/bin/python3", ...(root ? [path.join(root, "usr/bin/python3")] : [])].find(isExecutableFile);
    return command ? { command, env } : undefined;
  }
  if (name === "cargo") {
    if (env.CARGO && answersVersion(env.CARGO, env)) return { command: env.CARGO, env };
    const cargo = onPath("cargo", env);
    const rustc = onPath("rustc", env);
    if (cargo && rustc && answersVersion(cargo, env) && answersVersion(rustc, env)) return { command: cargo, env };
    if (answersVersion("/usr/bin/cargo", env) && answersVersion("/usr/bin/rustc", env))
      return { command: "/usr/bin/cargo", env: { ...env, RUSTC: "/usr/bin/rustc", RUSTDOC: "/usr/bin/rustdoc" } };
    return undefined;
  }
  const command = onPath(name, env);
  return command ? { command, env } : undefined;
}

/**
 * Like `findSystemCommand`, for tests: fails, saying how to get the program, when it is not there.
 * @param {string} name
 * @param {NodeJS.ProcessEnv} [base]
 * @returns {SystemCommand}
 */
export function systemCommand(name, base = process.env) {
  const found = findSystemCommand(name, base);
  if (found) return found;
  throw new Error(
    `${name} is not installed, nor unpacked in ${systemDepsDirectory(base)}: run node tools/setup/system-deps.mjs`,
  );
}

/**
 * The environment to run `go` in for a program that builds against Debian's packaged Go libraries
 * (golang-*-dev: gojsonschema) rather than a module: GOPATH mode (`GO111MODULE=off`) with GOPATH the directories
 * that hold them (the unpacked ones first, then the system's /usr/share/gocode), no module proxy, none of the
 * caller's GOFLAGS (`-mod` is refused outside module mode), and a build cache under the setup directory when there
 * is no HOME to put one in. Nothing is downloaded: what is not in GOPATH fails to build.
 * @param {NodeJS.ProcessEnv} [base]
 * @returns {NodeJS.ProcessEnv}
 */
export function goPathEnvironment(base = process.env) {
  const { env, goPath } = systemEnvironment(base);
  /** @type {NodeJS.ProcessEnv} */
  const goEnv = { ...env, GO111MODULE: "off", GOPATH: goPath.join(path.delimiter), GOPROXY: "off", GOFLAGS: "" };
  if (!goEnv.GOCACHE && !goEnv.HOME && !goEnv.XDG_CACHE_HOME)
    goEnv.GOCACHE = path.join(systemDepsDirectory(base), "go-cache");
  return goEnv;
}
