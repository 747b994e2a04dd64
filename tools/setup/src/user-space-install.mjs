// @ts-check
// The user-space fallback: with neither root nor password-less sudo, fetch the missing Debian packages and the part
// of their dependency closure that is not installed with `apt-get download` (which needs no root), unpack them with
// `dpkg-deb -x` into a prefix of this checkout, and describe that prefix in environment.json for the tests.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { aptCacheDependsOptions, choosePackages, parseAptCacheDepends, parseDpkgQuery } from "./apt-depends.mjs";
import { debianCargoRegistry, environmentFilePath, readEnvironmentFile } from "./system-environment.mjs";

/** Why the packages cannot be unpacked, to report as it is (without a stack), with the packages to install instead. */
export class SetupError extends Error {}

/** @param {string} directory */
const isDirectory = (directory) => {
  try {
    return statSync(directory).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The environment.json that describes the prefix `<directory>/root` as it is on disk, or undefined when there is no
 * prefix. When crates are unpacked, the system's crates are linked beside them first: cargo reads one directory
 * source, and the unpacked crates' dependencies may be the system's.
 * @param {string} directory
 * @param {Record<string, string>} packages What is unpacked there, with versions.
 * @param {string} [systemRegistry] The system's crates.
 * @returns {import("./system-environment.mjs").EnvironmentFile | undefined}
 */
export function describePrefix(directory, packages, systemRegistry = debianCargoRegistry) {
  const root = path.join(directory, "root");
  if (!isDirectory(root)) return undefined;
  const existing = (/** @type {string[]} */ ...relatives) =>
    relatives.map((relative) => path.join(root, relative)).filter(isDirectory);
  const multiarchLibraries = ["usr/lib", "lib"].flatMap((relative) =>
    isDirectory(path.join(root, relative))
      ? readdirSync(path.join(root, relative))
          .filter((entry) => entry.endsWith("-linux-gnu"))
          .map((entry) => path.join(relative, entry))
      : [],
  );
  /** @type {Record<string, string[]>} */
  const prepend = {};
  const searchPaths = {
    PATH: existing("usr/bin", "bin"),
    LD_LIBRARY_PATH: existing(...multiarchLibraries),
    PYTHONPATH: existing("usr/lib/python3/dist-packages"),
  };
  for (const [name, directories] of Object.entries(searchPaths))
    if (directories.length > 0) prepend[name] = directories;
  /** @type {Record<string, string>} */
  const set = {};
  // Debian's go is /usr/bin/go -> ../lib/go-1.19/bin/go; its GOROOT is two levels above the real binary.
  const go = path.join(root, "usr/bin/go");
  if (existsSync(go)) set.GOROOT = path.resolve(realpathSync(go), "../..");
  const registry = path.join(root, "usr/share/cargo/registry");
  if (isDirectory(registry)) linkSystemCrates(registry, systemRegistry);
  return {
    root,
    prepend,
    set,
    cargoRegistry: isDirectory(registry) ? registry : null,
    packages,
  };
}

/**
 * Links every crate of the system's registry that the unpacked registry lacks, and drops links whose crate the
 * system no longer has.
 * @param {string} registry
 * @param {string} systemRegistry
 */
function linkSystemCrates(registry, systemRegistry) {
  for (const entry of readdirSync(registry)) {
    const file = path.join(registry, entry);
    if (lstatSync(file).isSymbolicLink() && !existsSync(file)) unlinkSync(file);
  }
  if (!isDirectory(systemRegistry)) return;
  const unpacked = new Set(readdirSync(registry));
  for (const entry of readdirSync(systemRegistry)) {
    if (!unpacked.has(entry)) symlinkSync(path.join(systemRegistry, entry), path.join(registry, entry));
  }
}

/**
 * Rewrites environment.json when it does not describe the prefix as it is (the checkout moved, or the system's
 * crates changed); returns what it now says.
 * @param {string} directory
 */
export function refreshEnvironmentFile(directory) {
  const current = readEnvironmentFile(directory);
  const described = describePrefix(directory, current?.packages ?? {});
  if (described === undefined) return current;
  const text = `${JSON.stringify(described, null, 2)}\n`;
  const file = environmentFilePath(directory);
  if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
  return described;
}

/**
 * Makes absolute symbolic links that point at a file the prefix holds point into the prefix instead: a package's
 * link to /usr/lib/… means its own file, which is here, not on the system.
 * @param {string} root
 */
export function relinkAbsoluteSymlinks(root) {
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) continue;
    const link = path.join(entry.parentPath, entry.name);
    const target = readlinkSync(link);
    if (!path.isAbsolute(target) || !existsSync(path.join(root, target))) continue;
    unlinkSync(link);
    symlinkSync(path.relative(path.dirname(link), path.join(root, target)), link);
  }
}

/**
 * @param {string} command
 * @param {readonly string[]} args
 * @param {{ cwd?: string }} [options]
 */
const run = (command, args, options = {}) =>
  spawnSync(command, args, {
    cwd: options.cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, LC_ALL: "C.UTF-8" },
  });

/** @param {string} directory */
const hasPackageLists = (directory) =>
  isDirectory(directory) && readdirSync(directory).some((entry) => entry.includes("_Packages"));

/** Where apt keeps the system's package lists: /var/lib/apt/lists, unless apt is configured otherwise. */
const systemListsDirectory = () =>
  /^LISTS='(.*)'$/m.exec(run("apt-config", ["shell", "LISTS", "Dir::State::Lists/d"]).stdout)?.[1] ??
  "/var/lib/apt/lists";

/**
 * The options that point apt-cache and apt-get at the package lists to read: the system's, or this checkout's own.
 * @param {string} directory
 * @param {boolean} ownLists
 */
const aptOptions = (directory, ownLists) => {
  const apt = path.join(directory, "apt");
  const options = ownLists ? ["-o", `Dir::State::Lists=${apt}/lists`, "-o", `Dir::Cache=${apt}/cache`] : [];
  // As root apt downloads as the _apt user, which cannot write in a root-owned checkout: it would warn.
  if (process.getuid?.() === 0) options.push("-o", "APT::Sandbox::User=root");
  return options;
};

/**
 * Fetches the package lists into `<directory>/apt`, which needs no root: the system's sources, this checkout's lists.
 * @param {string} directory
 * @param {(line: string) => void} log
 * @returns {string[]} The apt options that read them.
 */
function updatePrivateLists(directory, log) {
  const apt = path.join(directory, "apt");
  mkdirSync(path.join(apt, "lists/partial"), { recursive: true });
  mkdirSync(path.join(apt, "cache/archives/partial"), { recursive: true });
  const options = aptOptions(directory, true);
  log(`apt-get update (lists for this checkout only, in ${displayPath(apt)})`);
  const result = run("apt-get", ["-qq", ...options, "update"]);
  // apt-get update exits 0 when it reaches no mirror at all (it only warns): what counts is the lists it wrote.
  if (result.status !== 0 || !hasPackageLists(path.join(apt, "lists")))
    throw new SetupError(
      `apt-get update fetched no package lists (no network to the mirror?):\n${result.stderr.trim()}`,
    );
  return options;
}

/** @param {string} file */
const displayPath = (file) => {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative;
};

/**
 * @param {readonly string[]} packages
 * @param {readonly string[]} options apt options (aptOptions)
 * @param {ReadonlySet<string>} present
 */
function plan(packages, options, present) {
  const depends = run("apt-cache", [...options, "depends", ...aptCacheDependsOptions, ...packages]);
  // apt-cache fails only when it knows none of the packages; choosePackages reports each unknown one.
  return choosePackages({ wanted: packages, stanzas: parseAptCacheDepends(depends.stdout), present });
}

/**
 * @param {readonly string[]} packages
 * @param {readonly string[]} options apt options (aptOptions)
 * @param {string} downloads
 */
function download(packages, options, downloads) {
  rmSync(downloads, { recursive: true, force: true });
  mkdirSync(downloads, { recursive: true });
  return run("apt-get", ["-qq", ...options, "download", ...packages], { cwd: downloads });
}

/**
 * Chooses what to download and downloads it into `<directory>/downloads`; says why when it cannot.
 * @param {readonly string[]} packages
 * @param {readonly string[]} options apt options (aptOptions)
 * @param {ReadonlySet<string>} present
 * @param {string} directory
 * @param {(line: string) => void} log
 * @returns {{ failure: string } | { failure: undefined, chosen: string[], downloads: string }}
 */
function attemptDownload(packages, options, present, directory, log) {
  const choice = plan(packages, options, present);
  if (choice.unknown.length > 0) return { failure: `apt's package lists do not know ${choice.unknown.join(", ")}` };
  if (choice.unsatisfiable.length > 0)
    return { failure: `no downloadable package satisfies:\n  ${choice.unsatisfiable.join("\n  ")}` };
  const downloads = path.join(directory, "downloads");
  if (choice.packages.length === 0) return { failure: undefined, chosen: [], downloads };
  log(`apt-get download ${choice.packages.join(" ")}`);
  const fetched = download(choice.packages, options, downloads);
  if (fetched.status !== 0 || fetched.error)
    return {
      failure: `apt-get download failed (package lists out of date, or no network to the mirror?):\n${(fetched.stderr || String(fetched.error)).trim()}`,
    };
  return { failure: undefined, chosen: choice.packages, downloads };
}

/**
 * Fetches `packages` and the part of their dependency closure that is neither installed nor already unpacked, and
 * unpacks them into `<directory>/root`. Throws a SetupError saying why when it cannot.
 * @param {object} input
 * @param {readonly string[]} input.packages
 * @param {string} input.directory
 * @param {(line: string) => void} input.log
 */
export function userSpaceInstall({ packages, directory, log }) {
  for (const tool of ["apt-get", "apt-cache", "dpkg-deb", "dpkg-query"]) {
    if (run(tool, ["--version"]).error)
      throw new SetupError(`cannot unpack them for this user: there is no ${tool} here.`);
  }
  const unpacked = readEnvironmentFile(directory)?.packages ?? {};
  const dpkg = run("dpkg-query", ["-W", "-f", "${Package}\t${db:Status-Abbrev}\t${Provides}\n"]);
  const present = new Set([...parseDpkgQuery(dpkg.stdout), ...Object.keys(unpacked)]);

  // This checkout's own lists, when an earlier run fetched them, else the system's.
  const ownLists = hasPackageLists(path.join(directory, "apt/lists"));
  let options = aptOptions(directory, ownLists);
  let freshLists = false;
  const systemLists = systemListsDirectory();
  if (!ownLists && !hasPackageLists(systemLists)) {
    log(`apt's package lists are missing (none in ${systemLists}: apt-get update never ran as root)`);
    options = updatePrivateLists(directory, log);
    freshLists = true;
  }
  // Lists that do not know a package, or name versions the mirror no longer has, may be out of date: the second
  // attempt fetches current lists for this checkout.
  let attempt = attemptDownload(packages, options, present, directory, log);
  if (attempt.failure !== undefined && !freshLists) {
    log(`${attempt.failure.split("\n")[0]?.replace(/:$/, "")}; fetching current package lists`);
    options = updatePrivateLists(directory, log);
    attempt = attemptDownload(packages, options, present, directory, log);
  }
  if (attempt.failure !== undefined) throw new SetupError(attempt.failure);
  const { chosen, downloads } = attempt;
  if (chosen.length === 0) return;

  const root = path.join(directory, "root");
  mkdirSync(root, { recursive: true });
  let bytes = 0;
  for (const file of readdirSync(downloads).filter((entry) => entry.endsWith(".deb"))) {
    const extracted = run("dpkg-deb", ["-x", path.join(downloads, file), root]);
    if (extracted.status !== 0) throw new SetupError(`dpkg-deb -x ${file} failed:\n${extracted.stderr.trim()}`);
    // apt-get download names files <package>_<version>_<architecture>.deb, the version URL-encoded (epoch's ':').
    const [name = file, version = ""] = file.slice(0, -".deb".length).split("_");
    unpacked[name] = decodeURIComponent(version);
    bytes += statSync(path.join(downloads, file)).size;
  }
  rmSync(downloads, { recursive: true, force: true });
  relinkAbsoluteSymlinks(root);
  writeFileSync(environmentFilePath(directory), `${JSON.stringify(describePrefix(directory, unpacked), null, 2)}\n`);
  log(
    `unpacked ${chosen.length} packages (${(bytes / 1e6).toFixed(0)} MB) into ${displayPath(root)}; ` +
      `tests run them through ${displayPath(environmentFilePath(directory))}`,
  );
}
