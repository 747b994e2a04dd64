// @ts-check
// Chooses which Debian packages to fetch for the user-space fallback: the packages asked for and their dependency
// closure, less what dpkg has installed and what an earlier run unpacked. Pure functions over the text apt-cache and
// dpkg-query print, so the planner is tested without apt or the network.

/** The options that make `apt-cache depends --recurse` follow hard dependencies only (Depends and PreDepends). */
export const aptCacheDependsOptions = [
  "--recurse",
  "--no-recommends",
  "--no-suggests",
  "--no-conflicts",
  "--no-breaks",
  "--no-replaces",
  "--no-enhances",
];

/**
 * @typedef {object} Alternative One way to satisfy a dependency.
 * @property {string} name The package (or virtual package) named.
 * @property {boolean} virtual Whether apt printed it as `<name>`: no package of that name exists, only providers.
 * @property {string[]} providers The packages apt lists as providing it.
 *
 * @typedef {object} PackageStanza What `apt-cache depends` says about one package.
 * @property {boolean} virtual Whether it is a virtual package (printed as `<name>`), which cannot be downloaded.
 * @property {Alternative[][]} dependencies Each dependency is a list of alternatives (`a | b | c`), any one of which
 * satisfies it.
 */

/** `python3:any` is satisfied by the native `python3`; dpkg and our sets use bare names. */
const bareName = (/** @type {string} */ name) => name.replace(/:any$/, "");

/**
 * Parses `apt-cache depends` output. A stanza starts with a package name in the first column (`<name>` when
 * virtual); `  Depends: x` lines follow, ` |Depends: x` when x is an alternative to the next line, and lines indented
 * four spaces list the providers of the dependency above them.
 * @param {string} text
 * @returns {Map<string, PackageStanza>}
 */
export function parseAptCacheDepends(text) {
  /** @type {Map<string, PackageStanza>} */
  const stanzas = new Map();
  /** @type {PackageStanza | undefined} */
  let current;
  /** @type {Alternative | undefined} */
  let lastAlternative;
  let continuesGroup = false;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const dependency = /^ ([ |])(?:Depends|PreDepends): (\S+)$/.exec(line);
    if (dependency && current) {
      const [, marker, target = ""] = dependency;
      const virtual = target.startsWith("<");
      lastAlternative = { name: bareName(virtual ? target.slice(1, -1) : target), virtual, providers: [] };
      if (continuesGroup) current.dependencies.at(-1)?.push(lastAlternative);
      else current.dependencies.push([lastAlternative]);
      continuesGroup = marker === "|";
      continue;
    }
    const provider = /^ {4}(\S+)$/.exec(line);
    if (provider) {
      lastAlternative?.providers.push(bareName(provider[1] ?? ""));
      continue;
    }
    if (/^\S/.test(line)) {
      const virtual = line.startsWith("<");
      const name = bareName(virtual ? line.trim().slice(1, -1) : line.trim());
      current = stanzas.get(name) ?? { virtual, dependencies: [] };
      stanzas.set(name, current);
      lastAlternative = undefined;
      continuesGroup = false;
      continue;
    }
    // Any other relation (Recommends, Breaks …) only appears when the filtering options are left out: skip it, and
    // its providers with it.
    lastAlternative = undefined;
  }
  return stanzas;
}

/**
 * The packages dpkg has on disk, and the virtual packages they provide, from
 * `dpkg-query -W -f '${Package}\t${db:Status-Abbrev}\t${Provides}\n'`. A package counts when its files are unpacked
 * (status installed, unpacked, half-configured or awaiting triggers), not when only its configuration remains.
 * @param {string} text
 * @returns {Set<string>}
 */
export function parseDpkgQuery(text) {
  const present = new Set();
  for (const line of text.split("\n")) {
    const [name, status = "", provides = ""] = line.split("\t");
    const state = status.charAt(1);
    if (!name || state === "" || !"iUFWt".includes(state)) continue;
    present.add(name);
    for (const entry of provides.split(",")) {
      const provided = entry.trim().split(/\s/)[0];
      if (provided) present.add(bareName(provided));
    }
  }
  return present;
}

/**
 * The packages to download so that `wanted` and everything they depend on are present, given what already is.
 * Walks from the wanted packages; a dependency some alternative (or a provider of one) already satisfies is skipped,
 * otherwise the first alternative that is a real package is taken, as apt would, or the first provider of a virtual
 * one. Only what is taken is followed, so the unchosen alternatives' own dependencies never enter the closure.
 * @param {object} input
 * @param {readonly string[]} input.wanted The packages asked for.
 * @param {Map<string, PackageStanza>} input.stanzas `parseAptCacheDepends` of `apt-cache depends` on `wanted`.
 * @param {ReadonlySet<string>} input.present Installed by dpkg, or unpacked by an earlier run.
 * @returns {{ packages: string[], unknown: string[], unsatisfiable: string[] }} `packages` to download, sorted;
 * `unknown`: wanted packages apt does not know; `unsatisfiable`: dependencies with no downloadable alternative.
 */
export function choosePackages({ wanted, stanzas, present }) {
  /** Every package taken so far, in the order taken; a package is taken once, when first needed. */
  /** @type {Set<string>} */
  const taken = new Set();
  const unknown = [];
  const unsatisfiable = [];
  const have = (/** @type {string} */ name) => present.has(name) || taken.has(name);
  const downloadable = (/** @type {string} */ name) => stanzas.get(name)?.virtual === false;
  for (const name of wanted) {
    if (present.has(name)) continue;
    if (downloadable(name)) taken.add(name);
    else unknown.push(name);
  }
  // A Set iterates over what is added during the iteration: this walks the closure breadth first.
  for (const name of taken) {
    for (const alternatives of stanzas.get(name)?.dependencies ?? []) {
      if (alternatives.some((alternative) => have(alternative.name) || alternative.providers.some(have))) continue;
      const pick =
        alternatives.find((alternative) => !alternative.virtual && downloadable(alternative.name))?.name ??
        alternatives.flatMap((alternative) => alternative.providers).find(downloadable);
      if (pick === undefined)
        unsatisfiable.push(`${name}: ${alternatives.map((alternative) => alternative.name).join(" | ")}`);
      else taken.add(pick);
    }
  }
  return { packages: [...taken].sort(), unknown, unsatisfiable };
}
