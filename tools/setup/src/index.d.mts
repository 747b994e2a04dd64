// Declarations of index.mjs for the TypeScript packages that import it; the implementation's JSDoc is the same.

/** A program the cross-language tests run, and the environment to spawn it in. */
export interface SystemCommand {
  /** The program to spawn: an absolute path, or what `PYTHON` or `CARGO` names. */
  command: string;
  /** The environment to spawn it in: the current one, with the unpacked packages' directories first on the search paths. */
  env: NodeJS.ProcessEnv;
}

export interface SystemEnvironment {
  /** The environment to run the programs in. */
  env: NodeJS.ProcessEnv;
  /** The directory of Debian's packaged crates (unpacked or the system's), or undefined when there is none. */
  cargoRegistry: string | undefined;
  /** The GOPATH entries holding Debian's packaged Go sources (unpacked first, then the system's), for GO111MODULE=off builds. */
  goPath: string[];
}

/**
 * A program the cross-language tests run (`go`, `jq`, `python3`, `cargo`): the system's, or the one
 * `node tools/setup/system-deps.mjs` unpacked for this user. Throws, saying to run that script, when there is none.
 * `python3` is Debian's `/usr/bin/python3` (or `PYTHON`); `cargo` is one that can build, with a rustc (or `CARGO`).
 */
export function systemCommand(name: string, base?: NodeJS.ProcessEnv): SystemCommand;

/** The environment the programs run in, and where Debian's packaged crates are. */
export function systemEnvironment(base?: NodeJS.ProcessEnv): SystemEnvironment;

/**
 * The environment to run `go` in for a program built against Debian's packaged Go libraries (golang-*-dev, such as
 * gojsonschema) in GOPATH mode, offline: `GO111MODULE=off`, GOPATH the unpacked and the system's /usr/share/gocode,
 * `GOPROXY=off`, no GOFLAGS, and a build cache when there is no HOME.
 */
export function goPathEnvironment(base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;

/** The folder of Debian's PostgreSQL server programs (`/usr/lib/postgresql/<major>/bin`, the newest), or undefined. */
export function postgresBinaries(): string | undefined;
