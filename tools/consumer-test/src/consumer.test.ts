// Every published package as a user gets it. The packages are packed as `pnpm publish` packs them (workspace: and
// catalog: versions written out, publishConfig applied) and published to a real npm registry, Verdaccio, started on
// 127.0.0.1 for this test; then each is installed alone, with plain npm, into a fresh project outside the workspace,
// and used there: its README's runnable examples run as written, a file using every entry point (and a CommonJS one
// importing it) compiles under `tsc --strict` without skipLibCheck, its commands run from node_modules/.bin, and what it ships is checked (no
// workspace versions left, source maps that carry their sources).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readmeExamples, requiredNames, type ReadmeExample } from "./readme-examples.js";
import { startRegistry, type Registry } from "./registry.js";
import { describeRun, runCommand, type CommandResult } from "./run-command.js";
import { publicPackages, type PublicPackage } from "./workspace.js";

const workspaceRoot = fileURLToPath(new URL("../../../", import.meta.url));
const consumerFiles = fileURLToPath(new URL("../consumers/", import.meta.url));
const packages = publicPackages(workspaceRoot);
const examplesFolder = path.join(workspaceRoot, "schemas/v1/examples/Transcript");

/** The files a package's README examples read, put where they look for them (copies of the repository's examples). */
const exampleInputs: Readonly<Record<string, (project: string) => void>> = {
  core: (project) =>
    writeFileSync(
      path.join(project, "run.json.gz"),
      gzipSync(readFileSync(path.join(examplesFolder, "valid/awf-run.json"))),
    ),
  recorder: (project) => awfLog(project),
  // The run index's example indexes the same log.
  cli: (project) => awfLog(project),
};

function awfLog(project: string): void {
  mkdirSync(path.join(project, "storage/transcripts"), { recursive: true });
  writeFileSync(
    path.join(project, "storage/transcripts/550e8400-e29b-41d4-a716-446655440000.jsonl"),
    readFileSync(path.join(workspaceRoot, "packages/recorder/src/fixtures/awf-documented-example.jsonl")),
  );
}
/** What the ES module examples of each package print, in order, given those inputs. */
const exampleOutputs: Readonly<Record<string, readonly RegExp[]>> = {
  core: [/^redacted \d+ secrets$/m, /^# /m],
  providers: [/^\{ format: 'anthropic', kind: 'request' \}$/m, /^\[\]$/m, /"contents": \[/],
  recorder: [/^\d+ events$/m],
  cli: [/^runs read: 1; messages that mention a review: \d+$/m],
};

interface Consumption {
  readonly project: string;
  readonly install: CommandResult;
  /** The installed package's folder, node_modules/<name>. */
  readonly installed: string;
  readonly examples: readonly { example: ReadmeExample; result: CommandResult }[];
  readonly typecheck: CommandResult | undefined;
  readonly commands: readonly { args: readonly string[]; result: CommandResult }[];
}

let scratch: string;
let registry: Registry | undefined;
let published: readonly { pkg: PublicPackage; result: CommandResult }[] = [];
const consumptions = new Map<string, Consumption>();

/** pnpm as the test command was started with (turbo runs scripts through it), or the version the workspace pins. */
function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath !== undefined && /pnpm/.test(path.basename(execPath))) return [process.execPath, [execPath]];
  const manifest = JSON.parse(readFileSync(path.join(workspaceRoot, "package.json"), "utf8")) as {
    packageManager: string;
  };
  return ["npx", ["--yes", manifest.packageManager]];
}

/**
 * The environment of a user's shell: without the npm_config_* variables pnpm sets for the scripts it runs, which
 * outrank any configuration file (with them, npm would publish to the registry pnpm uses, not to ours).
 */
const userEnvironment: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(?:npm|pnpm)_/i.test(name)),
);

/**
 * npm's cache, kept between runs (git-ignored): downloads are found there by their checksum, so a tarball of ours
 * rebuilt under the same version is never taken for the old one, and the third-party packages are not fetched anew
 * by every run.
 */
const npmCache = path.join(workspaceRoot, ".tmp/consumer-test/npm-cache");

/**
 * The running Node's own headers, for node-gyp to build the CLI's SQLite addon (better-sqlite3) against: a Node
 * installed in a prefix keeps them in <prefix>/include/node. Without them node-gyp downloads them, which a machine
 * whose only network is the npm registry cannot (a user's ~/.npmrc naming `nodedir` is not read: the test's npm has a
 * configuration of its own).
 */
function nodeHeadersOption(): string[] {
  const prefix = path.resolve(path.dirname(process.execPath), "..");
  return existsSync(path.join(prefix, "include", "node", "node.h")) ? [`--nodedir=${prefix}`] : [];
}

/** npm with only the test's configuration: this registry (named on the command line too), its token, the cache. */
function npm(args: readonly string[], cwd: string, timeoutMs = 180_000): Promise<CommandResult> {
  const configuration = ["--userconfig", path.join(scratch, "npmrc"), "--cache", npmCache, ...nodeHeadersOption()];
  return runCommand("npm", [...args, "--registry", (registry as Registry).url, ...configuration], {
    cwd,
    env: userEnvironment,
    timeoutMs,
  });
}

/** Installs one package alone into a fresh project and uses it as its README says. */
async function consume(pkg: PublicPackage, typesNodeVersion: string): Promise<Consumption> {
  const project = path.join(scratch, "consumers", pkg.short);
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(project, "package.json"),
    `${JSON.stringify({ name: `consumer-of-${pkg.short}`, private: true, type: "module" }, null, 2)}\n`,
  );
  const installed = path.join(project, "node_modules", pkg.name);
  // The CLI's run index builds SQLite (better-sqlite3) from source on install: minutes on a loaded 2-core machine.
  const install = await npm(
    ["install", `${pkg.name}@${pkg.version}`, `@types/node@${typesNodeVersion}`],
    project,
    480_000,
  );
  step(`${pkg.name} installed`);
  if (install.code !== 0) return { project, install, installed, examples: [], typecheck: undefined, commands: [] };

  exampleInputs[pkg.short]?.(project);
  const examples: { example: ReadmeExample; result: CommandResult }[] = [];
  for (const [index, example] of readmeExamples(readFileSync(path.join(pkg.folder, "README.md"), "utf8")).entries()) {
    const file = path.join(project, `example-${index + 1}.${example.kind === "cjs" ? "cjs" : "mjs"}`);
    let code = example.code;
    const names = requiredNames(code);
    if (names.length > 0)
      code += `for (const [name, value] of Object.entries({ ${names.join(", ")} }))\n  if (value === undefined) throw new Error(\`\${name} is not exported\`);\n`;
    writeFileSync(file, code);
    examples.push({
      example,
      result: await runCommand(process.execPath, [file], { cwd: project, env: userEnvironment, timeoutMs: 60_000 }),
    });
  }

  writeFileSync(path.join(project, "use.ts"), readFileSync(path.join(consumerFiles, `${pkg.short}.ts`)));
  writeFileSync(path.join(project, "use.cts"), readFileSync(path.join(consumerFiles, `${pkg.short}.cts`)));
  writeFileSync(
    path.join(project, "tsconfig.json"),
    `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          // Our declarations are checked too, as a user's compiler would (skipLibCheck hides a broken .d.ts).
          skipLibCheck: false,
          noEmit: true,
          module: "nodenext",
          moduleResolution: "nodenext",
          target: "es2022",
          lib: ["es2023"],
          types: ["node"],
        },
        files: ["use.ts", "use.cts"],
      },
      null,
      2,
    )}\n`,
  );
  // The workspace's compiler (the version it pins), reading only the project's own node_modules.
  const tsc = path.join(workspaceRoot, "node_modules/typescript/bin/tsc");
  step(`${pkg.name}: examples run`);
  const typecheck = await runCommand(process.execPath, [tsc, "-p", project], {
    cwd: project,
    env: userEnvironment,
    timeoutMs: 120_000,
  });

  step(`${pkg.name}: compiled`);
  const commands: { args: readonly string[]; result: CommandResult }[] = [];
  if ("agent-transcript" in pkg.bin) {
    writeFileSync(path.join(project, "transcript.json"), readFileSync(path.join(examplesFolder, "valid/awf-run.json")));
    writeFileSync(
      path.join(project, "run.json"),
      readFileSync(path.join(examplesFolder, "invalid/message-with-unknown-role.json")),
    );
    const bin = path.join(project, "node_modules/.bin/agent-transcript");
    for (const args of [["--version"], ["validate", "transcript.json"], ["validate", "run.json"]])
      commands.push({
        args,
        result: await runCommand(bin, args, { cwd: project, env: userEnvironment, timeoutMs: 60_000 }),
      });
  }
  return { project, install, installed, examples, typecheck, commands };
}

/** How long each step took, printed for the CI log: the test has a budget of about two minutes. */
const started = performance.now();
function step(name: string): void {
  process.stdout.write(`consumer test: ${name} at ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "agent-transcript-consumer-"));
  // Third-party packages come through the registry npm is configured with here (the machine's), Verdaccio's uplink.
  const uplink = (
    await runCommand("npm", ["config", "get", "registry"], { cwd: scratch, env: userEnvironment })
  ).stdout.trim();
  registry = await startRegistry(path.join(scratch, "registry"), uplink);
  const token = await registry.addUser("consumer-test", randomBytes(24).toString("hex"));
  writeFileSync(
    path.join(scratch, "npmrc"),
    [
      `registry=${registry.url}`,
      `//127.0.0.1:${registry.port}/:_authToken=${token}`,
      "update-notifier=false",
      "audit=false",
      "fund=false",
      "",
    ].join("\n"),
  );

  step(`registry started at ${registry.url}, uplink ${uplink}`);
  const tarballs = path.join(scratch, "tarballs");
  const [pnpm, pnpmArgs] = pnpmCommand();
  const filters = packages.flatMap((pkg) => ["--filter", pkg.name]);
  const pack = await runCommand(pnpm, [...pnpmArgs, ...filters, "-r", "pack", "--pack-destination", tarballs], {
    cwd: workspaceRoot,
    timeoutMs: 120_000,
  });
  if (pack.code !== 0) throw new Error(describeRun("pnpm pack", pack));
  step("packed");
  const tarballNames = readdirSync(tarballs);
  // Published as a release publishes them, without provenance, which only a CI run with an identity can sign (the
  // manifests ask for it: publishConfig.provenance, which an explicit flag overrides).
  published = await Promise.all(
    packages.map(async (pkg) => {
      const tarball = tarballNames.find((name) => name === `${pkg.name.slice(1).replace("/", "-")}-${pkg.version}.tgz`);
      if (tarball === undefined) throw new Error(`pnpm pack wrote no tarball for ${pkg.name}: ${tarballNames.join()}`);
      return { pkg, result: await npm(["publish", path.join(tarballs, tarball), "--provenance=false"], scratch) };
    }),
  );
  step("published");
  if (published.some(({ result }) => result.code !== 0)) return;

  const typesNodeVersion = (
    JSON.parse(readFileSync(path.join(workspaceRoot, "node_modules/@types/node/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  for (const consumption of await Promise.all(packages.map((pkg) => consume(pkg, typesNodeVersion))))
    consumptions.set(path.basename(consumption.project), consumption);
  step("installed and used");
}, 900_000);

afterAll(async () => {
  await registry?.stop();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

/** Every file under a folder, relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

function consumption(pkg: PublicPackage): Consumption {
  const found = consumptions.get(pkg.short);
  if (found === undefined)
    throw new Error(
      `${pkg.name} was not installed: ${published.map(({ pkg: other, result }) => describeRun(`npm publish ${other.name}`, result)).join("\n")}`,
    );
  return found;
}

it("finds the published packages: every workspace package that is not private", () => {
  expect(packages.map((pkg) => pkg.name)).toEqual([
    "@agent-transcript/cli",
    "@agent-transcript/core",
    "@agent-transcript/providers",
    "@agent-transcript/recorder",
  ]);
});

describe.each(packages)("$name", (pkg) => {
  it("is published to the registry", () => {
    const publish = published.find((entry) => entry.pkg === pkg);
    expect(publish, "not published").toBeDefined();
    expect(publish?.result.code, describeRun(`npm publish ${pkg.name}`, publish?.result as CommandResult)).toBe(0);
  });

  it("installs alone with npm from the registry, with no workspace or catalog versions left", () => {
    const { install, installed } = consumption(pkg);
    expect(
      install.code,
      `${describeRun(`npm install ${pkg.name}`, install)}\n--- the registry's log\n${registry?.output() ?? ""}`,
    ).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest.version).toBe(pkg.version);
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"])
      for (const [name, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>))
        expect(range, `${field}.${name}`).not.toMatch(/^(workspace|catalog):/);
  });

  it("ships source maps that carry their sources, and no map that points at a file it does not ship", () => {
    const { installed } = consumption(pkg);
    const files = filesUnder(installed);
    expect(files.filter((file) => file.endsWith(".d.ts.map"))).toEqual([]);
    const maps = files.filter((file) => file.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const map of maps) {
      const { sources, sourcesContent } = JSON.parse(readFileSync(path.join(installed, map), "utf8")) as {
        sources: string[];
        sourcesContent?: (string | null)[];
      };
      sources.forEach((source, index) => {
        if (typeof sourcesContent?.[index] !== "string") missing.push(`${map}: ${source}`);
      });
    }
    expect(missing).toEqual([]);
    const dangling = files
      .filter((file) => /\.(?:js|d\.ts)$/.test(file))
      .flatMap((file) => {
        const reference = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(path.join(installed, file), "utf8"));
        if (reference === null || reference[1]?.startsWith("data:")) return [];
        const target = path.join(path.dirname(file), reference[1] as string);
        return files.includes(target) ? [] : [`${file} → ${target}`];
      });
    expect(dangling).toEqual([]);
  });

  it("runs its README's examples as written", () => {
    const { examples } = consumption(pkg);
    const kinds = examples.map(({ example }) => example.kind);
    // Every README shows loading the package from CommonJS (require(esm)), and each library its ES module example.
    expect(kinds).toContain("cjs");
    expect(kinds.includes("js"), "an ES module example").toBe(exampleOutputs[pkg.short] !== undefined);
    for (const { example, result } of examples) {
      const label = `README.md:${example.line} (${example.kind} example)`;
      expect(result.code, describeRun(label, result)).toBe(0);
      // An example may write its own messages to stderr (the providers' prints a conversion's warnings); Node's own
      // warnings (an experimental or deprecated feature used) must not be among them.
      expect(result.stderr, label).not.toMatch(/^\(node:\d+\) /m);
    }
    const printed = examples
      .filter(({ example }) => example.kind === "js")
      .map(({ result }) => result.stdout)
      .join("");
    let rest = printed;
    for (const pattern of exampleOutputs[pkg.short] ?? []) {
      const match = pattern.exec(rest);
      expect(match, `${pattern} in what the examples printed:\n${printed}`).not.toBeNull();
      rest = rest.slice((match?.index ?? 0) + (match?.[0].length ?? 0));
    }
  });

  it("compiles a file using every entry point under tsc --strict, without skipLibCheck", () => {
    const { typecheck } = consumption(pkg);
    expect(typecheck?.stdout, describeRun("tsc --strict", typecheck as CommandResult)).toBe("");
    expect(typecheck?.code).toBe(0);
  });
});

it("runs the agent-transcript command from node_modules/.bin of a project with only @agent-transcript/cli", () => {
  const cli = packages.find((pkg) => "agent-transcript" in pkg.bin);
  expect(cli?.name).toBe("@agent-transcript/cli");
  const [version, valid, invalid] = consumption(cli as PublicPackage).commands.map(({ args, result }) => ({
    label: args.join(" "),
    result,
  }));
  expect(version?.result.stdout, describeRun("--version", version?.result as CommandResult)).toBe(`${cli?.version}\n`);
  expect(valid?.result.code, describeRun(valid?.label ?? "", valid?.result as CommandResult)).toBe(0);
  expect(invalid?.result.code, describeRun(invalid?.label ?? "", invalid?.result as CommandResult)).toBe(1);
  expect(invalid?.result.stdout).toMatch(/^run\.json:\d+: \/messages\/0\/role: /m);
  expect(invalid?.result.stderr).toBe("run.json: invalid transcript (1 problem, strict)\n");
});
