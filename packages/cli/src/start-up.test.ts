/**
 * What the built command loads, as an installed package runs it: `--version` nothing but itself, `--help` its
 * generated text, `help` every command's definition and none of their code, and `stats` of an event log its own
 * definition and code, the event log reader and usage arithmetic — no other command, no converter, no writer, no
 * document validator, and none of the validators ajv generated, which only an invalid input needs (the bundle loads
 * each on its first call: scripts/bundle-command.mjs). Start-up time is `pnpm bench`'s business (cli-startup*); which
 * files load is exact and holds on any machine, so it is tested here. The command is bundled: each file it loads is
 * mapped back to the sources it holds.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { modulesLoadedBy } from "@agent-transcript/api-report/package-exports";
import { writeLargeEventLog } from "@agent-transcript/fixtures/large-event-log";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { afterAll, describe, expect, it } from "vitest";
import { commandList } from "./cli.js";

const packagesFolder = fileURLToPath(new URL("../../", import.meta.url));
const builtCommand = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), "cli-start-up-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface BundleMetafile {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

// The command is bundled (scripts/bundle-command.mjs): dist/bin.js and its chunks, each holding some of the sources.
// The bundler's metafile says which, so what a command line loads is still said file by file, as the packages
// build them.
const bundle = JSON.parse(
  readFileSync(fileURLToPath(new URL("../dist/bundle-meta.json", import.meta.url)), "utf8"),
) as BundleMetafile;
const cliFolder = fileURLToPath(new URL("../", import.meta.url));

/** A bundled input as `<package>/<file below dist>` (the CLI's own `src/x.ts` as `cli/x.js`); a dependency's, none. */
function workspaceFile(input: string): string[] {
  if (input.includes("node_modules/")) return [];
  const relative = path.relative(packagesFolder, path.resolve(cliFolder, input)).split(path.sep);
  if (relative[0] === "cli" && relative[1] === "src")
    return [`cli/${relative.slice(2).join("/").replace(/\.ts$/, ".js")}`];
  return relative[1] === "dist" ? [`${relative[0]}/${relative.slice(2).join("/")}`] : [];
}

/** The workspace packages' built files a command line loads, as `<package>/<file below dist>`; and its output. */
function loadedBy(args: readonly string[]): { files: string[]; stdout: string; status: number | null } {
  const run = modulesLoadedBy([builtCommand, ...args], scratch);
  const files = run.files.flatMap((file) => {
    const output = bundle.outputs[path.relative(cliFolder, file).split(path.sep).join("/")];
    // Every module the command loads is a file of the bundle: not one of the workspace's built modules, nor a
    // dependency's from node_modules.
    expect(output, `${file} is not part of the bundled command`).toBeDefined();
    return Object.keys(output?.inputs ?? {}).flatMap(workspaceFile);
  });
  return { files: [...new Set(files)].sort(), stdout: run.stdout, status: run.status };
}

const validators = (files: readonly string[]): string[] =>
  files.filter((file) => /^core\/generated\/v1\/validators\/.*\.(?:strict|tolerant)\.js$/.test(file)).sort();

/**
 * The validators ajv generated that a command line required (the bundle's dist/validators/*.cjs, loaded through
 * `require`, which the ES module hooks of `loadedBy` do not see): Node's own account of the modules it loads.
 */
function requiredValidators(args: readonly string[]): {
  validators: string[];
  stdout: string;
  stderr: string;
  status: number | null;
} {
  const run = spawnSync(process.execPath, [builtCommand, ...args], {
    cwd: scratch,
    encoding: "utf8",
    env: { ...process.env, NODE_DEBUG: "module", NO_COLOR: "1" },
    timeout: 120_000,
  });
  const loaded = [...run.stderr.matchAll(/load "([^"]+[\\/]dist[\\/]validators[\\/][^"\\/]+\.cjs)"/g)].map((match) =>
    path.basename(match[1] as string),
  );
  const stderr = run.stderr
    .split("\n")
    .filter((line) => !/^MODULE \d+:/.test(line))
    .join("\n");
  return { validators: [...new Set(loaded)].sort(), stdout: run.stdout, stderr, status: run.status };
}

describe("what each command line loads", () => {
  it("--version: the command's entry and nothing else of ours", () => {
    const run = loadedBy(["--version"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(run.files).toEqual(["cli/bin.js"]);
  });

  it("--help: the help generated from the definitions, and nothing else of ours", () => {
    const run = loadedBy(["--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: agent-transcript \[options\] \[command\]\n/);
    expect(run.files).toEqual(["cli/bin.js", "cli/generated/root-help.js"]);
  });

  // `help` also lists the format ids an option takes, from the providers' registry.
  it("help: every command's definition, none of their code, nothing of the recorder", () => {
    const run = loadedBy(["help"]);
    expect(run.status).toBe(0);
    const definitions = run.files.filter((file) => /^cli\/commands\/[a-z-]+\/definition\.js$/.test(file));
    expect(definitions).toHaveLength(commandList.length);
    expect(run.files.filter((file) => /^cli\/commands\/.*\/(?!definition\.js$)[^/]+$/.test(file))).toEqual([]);
    expect(run.files.filter((file) => /^recorder\//.test(file))).toEqual([]);
  });

  it("stats of an event log: its own definition and code, the reader and usage, no document validator", () => {
    const log = path.join(scratch, "run.jsonl");
    writeLargeEventLog(log, 64 * 1024);
    const run = loadedBy(["stats", log, "--json"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true });
    const commandFiles = run.files.filter((file) => file.startsWith("cli/commands/"));
    expect(commandFiles.every((file) => file.startsWith("cli/commands/stats/"))).toBe(true);
    expect(commandFiles).toContain("cli/commands/stats/run.js");
    expect(run.files).toContain("recorder/reader/read-event-log.js");
    expect(
      run.files.filter((file) => /^(?:providers\/|recorder\/(?:writer|snapshot|instrument)\/)/.test(file)),
    ).toEqual([]);
    expect(run.files).not.toContain("core/index.js");
    expect(run.files).not.toContain("recorder/index.js");
    expect(validators(run.files)).toEqual([]);
    const required = requiredValidators(["stats", log, "--json"]);
    expect(required.status).toBe(0);
    expect(required.validators).toEqual([]);
  });

  it("validate of an invalid event log: ajv's event validator is loaded then, and says what is wrong and where", () => {
    const log = path.join(scratch, "invalid.jsonl");
    writeLargeEventLog(log, 16 * 1024);
    const lines = readFileSync(log, "utf8").split("\n");
    lines[1] = (lines[1] as string).replace(/"seq":2\b/, '"seq":"two"');
    writeFileSync(log, lines.join("\n"));
    const run = requiredValidators(["validate", log]);
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain(`${log}:2: /seq: "seq" must be a whole number, not "two"`);
    expect(run.validators).toEqual(["event.strict.cjs"]);
  });

  it("stats of a Claude Code session: no event validator is loaded to find that it is not an event log", () => {
    const session = path.join(
      realFixturesRoot(),
      "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    );
    const run = requiredValidators(["stats", session, "--json", "--quiet"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ ok: true });
    expect(run.validators).toEqual([]);
  });
});
