// The Go module as `go get` would fetch it once tagged: the zip the module proxy makes from the files Git tags,
// served from a folder (GOPROXY=file://…) to a consumer outside this checkout, which builds and runs the README's
// example from it with no other source of modules.
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatVersion } from "@agent-transcript/core";
import { systemCommand, systemEnvironment } from "@agent-transcript/setup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const go = systemCommand("go");
const major = Number(formatVersion.split(".")[0]);
/** `go get` finds a module in a repository's folder at the repository's path plus the folder (README.md). */
const packageJson = JSON.parse(readFileSync(path.join(packageRoot, "package.json"), "utf8")) as {
  repository: { url: string; directory: string };
};
const repositoryPath = packageJson.repository.url.replace(/^git\+https:\/\//, "").replace(/\.git$/, "");
const modulePath = `${repositoryPath}/${packageJson.repository.directory}${major >= 2 ? `/v${major}` : ""}`;
const version = `v${formatVersion}`;

const directory = mkdtempSync(path.join(tmpdir(), "bindings-go-module-"));
/** No module downloads but from the folder proxy, no checksum database, no toolchain switch; caches of our own. */
const goEnvironment: NodeJS.ProcessEnv = {
  ...go.env,
  GOPROXY: "off",
  GOFLAGS: "-mod=mod -buildvcs=false",
  GOSUMDB: "off",
  GOTOOLCHAIN: "local",
  GOCACHE: path.join(directory, "cache"),
  GOMODCACHE: path.join(directory, "module-cache"),
};

function run(command: string, args: readonly string[], cwd: string, env = goEnvironment): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function succeeded(result: SpawnSyncReturns<string>, what: string): string {
  if (result.error) throw new Error(`${what} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

afterAll(() => {
  // The module cache is written read-only, as Go does.
  spawnSync("chmod", ["-R", "u+w", directory]);
  rmSync(directory, { recursive: true, force: true });
});

describe("the Go module", () => {
  it("has the path go get resolves from the repository, with Go's major-version suffix", () => {
    const goMod = readFileSync(path.join(packageRoot, "go.mod"), "utf8");
    expect(goMod).toMatch(new RegExp(`^module ${modulePath.replaceAll(".", "\\.")}\\n`));
    expect(modulePath).toMatch(/^github\.com\/agent-transcript\/agent-transcript\/packages\/bindings-go(?:\/v\d+)?$/);
    expect(goMod).toMatch(/^go 1\.\d+$/m);
  });

  it("passes go vet and builds, offline", () => {
    const vet = run(go.command, ["vet", "./..."], packageRoot);
    expect(vet.status, vet.stderr).toBe(0);
    const build = run(go.command, ["build", "./..."], packageRoot);
    expect(build.status, build.stderr).toBe(0);
  });

  it("is versioned as the format: FormatVersion and the documented tag", () => {
    const documentation = readFileSync(path.join(packageRoot, "doc.go"), "utf8");
    expect(/^const FormatVersion = "([^"]*)"$/m.exec(documentation)?.[1], "FormatVersion in doc.go").toBe(
      formatVersion,
    );
    const readme = readFileSync(path.join(packageRoot, "README.md"), "utf8");
    expect(readme, "the go get line in README.md").toContain(`go get ${modulePath}@${version}\n`);
    expect(readme, "the tag in README.md's Versions").toContain(`tagged \`packages/bindings-go/${version}\``);
  });

  it("ships the licence of the repository", () => {
    expect(readFileSync(path.join(packageRoot, "LICENSE"), "utf8")).toBe(
      readFileSync(path.join(packageRoot, "../../LICENSE"), "utf8"),
    );
  });
});

describe("the module zip, served to a consumer outside the checkout", () => {
  let zip: { valid: string[]; omitted: string[] };
  const proxy = path.join(directory, "proxy");

  beforeAll(() => {
    // What a tag would hold: the files Git tracks, or would track once added (new, not ignored). Copied out, so
    // nothing else in this folder (node_modules, build output) can reach the zip.
    const listed = succeeded(
      spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
        cwd: packageRoot,
        encoding: "utf8",
      }),
      "git ls-files",
    );
    const stage = path.join(directory, "stage");
    for (const file of listed.split("\0").filter(Boolean)) {
      const source = path.join(packageRoot, file);
      // A file deleted in the working tree but still tracked is not in the next tag.
      if (!lstatSync(source, { throwIfNoEntry: false })) continue;
      mkdirSync(path.dirname(path.join(stage, file)), { recursive: true });
      cpSync(source, path.join(stage, file));
    }
    // The zip tool, against Debian's golang.org/x/mod in GOPATH mode (no module proxy to fetch it from).
    const goPath = systemEnvironment().goPath;
    if (goPath.length === 0) throw new Error("no Debian Go sources: run node tools/setup/system-deps.mjs");
    const tool = path.join(directory, "module-zip");
    succeeded(
      run(go.command, ["build", "-o", tool, "./module-zip"], packageRoot, {
        ...goEnvironment,
        GO111MODULE: "off",
        GOFLAGS: "",
        GOPATH: goPath.join(path.delimiter),
      }),
      "go build ./module-zip",
    );
    zip = JSON.parse(succeeded(run(tool, [stage, modulePath, version, proxy], directory), "module-zip")) as {
      valid: string[];
      omitted: string[];
    };
  }, 300_000);

  it("holds the module's sources, go.mod, README and licence, and leaves out the zip tool's own module", () => {
    expect(zip.valid).toEqual(
      [
        "LICENSE",
        "README.md",
        "doc.go",
        "generated/v1/registry.go",
        "generated/v1/v1.go",
        "go.mod",
        "internal/roundtrip/main.go",
        // The workspace's harness: Go modules have no exclude list (README.md says so); Go ignores these.
        "package.json",
        "src/bindings.test.ts",
        "src/module.test.ts",
        "tsconfig.json",
        "turbo.json",
        "vitest.config.ts",
      ].sort(),
    );
    expect(zip.omitted).toEqual(["module-zip"]);
  });

  it("is fetched by go get and runs the README's example", () => {
    const readme = readFileSync(path.join(packageRoot, "README.md"), "utf8");
    const example = /```go\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const consumer = path.join(directory, "consumer");
    mkdirSync(consumer);
    writeFileSync(path.join(consumer, "go.mod"), "module example.com/consumer\n\ngo 1.19\n");
    writeFileSync(path.join(consumer, "main.go"), example ?? "");
    const transcript = readFileSync(
      path.join(packageRoot, "../../schemas/v1/examples/Transcript/valid/request-with-tools.json"),
      "utf8",
    );
    writeFileSync(path.join(consumer, "transcript.json"), transcript);
    const fromProxy = { ...goEnvironment, GOPROXY: `file://${proxy}` };
    succeeded(run(go.command, ["get", `${modulePath}@${version}`], consumer, fromProxy), "go get");
    expect(readFileSync(path.join(consumer, "go.mod"), "utf8")).toContain(`require ${modulePath} ${version}`);
    const output = succeeded(run(go.command, ["run", "."], consumer, fromProxy), "go run");
    const parsed = JSON.parse(transcript) as { id: string; messages: unknown[] };
    expect(output).toBe(`${parsed.id} ${parsed.messages.length} messages\n`);
  });
});
