// @ts-check
// What the cross-language tests need, the Debian packages that provide it, and how to tell it is there: each check
// runs the program the tests will run, found the way the tests find it (system-environment.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { findSystemCommand, goPathEnvironment, systemEnvironment } from "./system-environment.mjs";

/**
 * @param {string} name
 * @param {readonly string[]} args
 * @param {NodeJS.ProcessEnv} base
 */
const runs = (name, args, base) => {
  const found = findSystemCommand(name, base);
  return found !== undefined && spawnSync(found.command, args, { env: found.env, stdio: "ignore" }).status === 0;
};

/**
 * Whether Debian's crate registry holds a version of each named crate (`regex-1.7.1`, not `regex-syntax-0.6.27`).
 * @param {readonly string[]} names
 * @returns {(base: NodeJS.ProcessEnv) => boolean}
 */
const hasCrates = (names) => (base) => {
  const registry = systemEnvironment(base).cargoRegistry;
  if (registry === undefined) return false;
  const crates = readdirSync(registry);
  return names.every((name) =>
    crates.some((crate) => crate.startsWith(`${name}-`) && /^\d/.test(crate.slice(name.length + 1))),
  );
};

/**
 * The folder of Debian's PostgreSQL server programs (`/usr/lib/postgresql/<major>/bin`, the newest), or undefined.
 * @returns {string | undefined}
 */
export function postgresBinaries() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const majors = readdirSync(base)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(base, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return majors.length > 0 ? path.join(base, majors[0] ?? "", "bin") : undefined;
}

/** Where the viewer's browser tests find Chromium (apps/viewer). */
export const chromiumPath = "/usr/bin/chromium";

/**
 * @typedef {object} Requirement
 * @property {string} what
 * @property {string[]} packages The Debian packages that provide it.
 * @property {(base: NodeJS.ProcessEnv) => boolean} present
 * @property {false} [unpackable] When the user-space fallback cannot provide it: it fails at once, naming it.
 */

/** @type {Requirement[]} */
export const requirements = [
  // bindings-go's round trip.
  { what: "Go", packages: ["golang-go"], present: (base) => runs("go", ["version"], base) },
  // AWF's jq recipes run unchanged against our event logs in the recorder's tests.
  { what: "jq", packages: ["jq"], present: (base) => runs("jq", ["--version"], base) },
  // bindings-python's round trip and the python-jsonschema agreement check.
  {
    what: "python3 with jsonschema and dateutil",
    packages: ["python3", "python3-jsonschema", "python3-dateutil"],
    present: (base) => runs("python3", ["-c", "import jsonschema, dateutil"], base),
  },
  // bindings-python's packaging check: the wheel and sdist built without isolation (no PyPI), twine check, and the
  // wheel installed into a fresh venv by the system's pip.
  {
    what: "Python packaging tools (build, twine, pip, setuptools, wheel)",
    packages: ["python3-build", "twine", "python3-pip", "python3-setuptools", "python3-wheel"],
    present: (base) => runs("python3", ["-c", "import setuptools, wheel, build, twine, pip"], base),
  },
  // bindings-go's packaging check makes the module zip the Go proxy would serve with golang.org/x/mod/zip.
  {
    what: "golang.org/x/mod (Go module zips)",
    packages: ["golang-golang-x-mod-dev"],
    present: (base) =>
      systemEnvironment(base).goPath.some((entry) => existsSync(path.join(entry, "src/golang.org/x/mod/zip"))),
  },
  // bindings-rust's round trip, built offline against Debian's packaged crates.
  {
    what: "cargo and rustc",
    packages: ["cargo", "rustc"],
    present: (base) => findSystemCommand("cargo", base) !== undefined,
  },
  // rustc links through `cc`. Installed with cargo as a dependency; unpacked it would not serve (`cc` is an
  // update-alternatives link, and libc's linker script names absolute paths).
  {
    what: "a C compiler (cc) for rustc to link with",
    packages: ["gcc", "libc6-dev"],
    present: (base) => findSystemCommand("cc", base) !== undefined,
    unpackable: false,
  },
  // The viewer's browser tests and benchmark drive Debian's Chromium with playwright-core, at this path. Unpacked
  // for a user it would not serve: it needs dozens of shared libraries, fonts and a sandbox helper set up by the
  // package's scripts, so without root it is named for the user to install.
  {
    what: "Chromium (/usr/bin/chromium) for the viewer's browser tests",
    packages: ["chromium"],
    present: () => existsSync(chromiumPath) && spawnSync(chromiumPath, ["--version"], { stdio: "ignore" }).status === 0,
    unpackable: false,
  },
  // The shared run index's test starts a throwaway PostgreSQL server of its own (packages/cli/src/run-index). Like
  // Chromium, the server needs its package's libraries, users and locale set up: named for the user without root.
  {
    what: "PostgreSQL's server (initdb, pg_ctl) for the shared run index's test",
    packages: ["postgresql"],
    present: () => postgresBinaries() !== undefined,
    unpackable: false,
  },
  // The CLI's completion scripts run through their own shells (packages/cli/src/completion.test.ts).
  { what: "zsh", packages: ["zsh"], present: (base) => runs("zsh", ["-fc", "true"], base) },
  { what: "fish", packages: ["fish"], present: (base) => runs("fish", ["--no-config", "-c", "true"], base) },
  {
    what: "serde crates for offline Rust builds",
    packages: ["librust-serde-json-dev", "librust-serde-derive-dev"],
    present: hasCrates(["serde", "serde_json", "serde_derive"]),
  },
  // The cross-language validator check (tools/portability): Go's gojsonschema, built in GOPATH mode from Debian's
  // sources (/usr/share/gocode), offline.
  {
    what: "gojsonschema (Go) for the cross-language validator check",
    packages: ["golang-github-xeipuuv-gojsonschema-dev"],
    present: (base) => runs("go", ["list", "-deps", "github.com/xeipuuv/gojsonschema"], goPathEnvironment(base)),
  },
  // The schema patterns compiled with Rust's regex, as a Rust consumer would (default features), offline.
  {
    what: "Rust's regex crate for the pattern check",
    packages: ["librust-regex+default-dev"],
    present: hasCrates(["regex", "regex-syntax", "aho-corasick", "memchr"]),
  },
];
