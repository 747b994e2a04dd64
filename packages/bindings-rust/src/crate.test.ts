// The crate as crates.io would get it: its manifest read by cargo, the file list `cargo package` makes, the package
// built by cargo's own verification, and the README's example built from the packaged crate outside this checkout.
// Offline throughout, against Debian's packaged crates (.cargo/config.toml).
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatVersion } from "@agent-transcript/core";
import { systemCommand, systemEnvironment } from "@agent-transcript/setup";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cargo = systemCommand("cargo");
const registry = systemEnvironment().cargoRegistry;
if (registry === undefined) throw new Error("no Debian crates: run node tools/setup/system-deps.mjs");
const source = ["--config", `source.debian.directory=${JSON.stringify(registry)}`];
const directory = mkdtempSync(path.join(tmpdir(), "bindings-rust-crate-"));

function runCargo(args: readonly string[], cwd = packageRoot, env = cargo.env): SpawnSyncReturns<string> {
  return spawnSync(cargo.command, [...source, ...args], { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function succeeded(result: SpawnSyncReturns<string>, what: string): string {
  if (result.error) throw new Error(`${what} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${what} exited with ${result.status}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

afterAll(() => rmSync(directory, { recursive: true, force: true }));

interface Manifest {
  name: string;
  version: string;
  description: string | null;
  license: string | null;
  repository: string | null;
  homepage: string | null;
  documentation: string | null;
  readme: string | null;
  keywords: string[];
  categories: string[];
  publish: string[] | null;
  rust_version: string | null;
}

describe("the crate's manifest, as cargo reads it", () => {
  const manifest = (
    JSON.parse(
      succeeded(runCargo(["metadata", "--no-deps", "--format-version", "1", "--offline"]), "cargo metadata"),
    ) as { packages: Manifest[] }
  ).packages[0];

  it("is versioned as the format version", () => {
    expect(manifest?.name).toBe("agent-transcript");
    expect(manifest?.version, "the version in Cargo.toml").toBe(formatVersion);
  });

  it("may be published, with what crates.io shows", () => {
    // null: no `publish` restriction (false would be []).
    expect(manifest?.publish).toBeNull();
    expect(manifest?.license).toBe("Apache-2.0");
    expect(manifest?.description).toMatch(/Agent Transcript/);
    expect(manifest?.repository).toBe("https://github.com/agent-transcript/agent-transcript");
    expect(manifest?.homepage).toMatch(/^https:\/\//);
    expect(manifest?.documentation).toBe("https://docs.rs/agent-transcript");
    expect(manifest?.readme).toBe("README.md");
    expect(manifest?.rust_version).toBe("1.63");
    // crates.io's limits: at most five keywords of at most 20 letters, digits, _ or -, starting with a letter.
    expect(manifest?.keywords.length).toBeGreaterThan(0);
    expect(manifest?.keywords.length).toBeLessThanOrEqual(5);
    for (const keyword of manifest?.keywords ?? []) expect(keyword).toMatch(/^[a-z][a-z0-9_-]{0,19}$/);
    expect(manifest?.categories).toEqual(["encoding", "parser-implementations"]);
  });

  it("ships the licence of the repository", () => {
    expect(readFileSync(path.join(packageRoot, "LICENSE"), "utf8")).toBe(
      readFileSync(path.join(packageRoot, "../../LICENSE"), "utf8"),
    );
  });
});

describe("cargo package", () => {
  let packaged: SpawnSyncReturns<string>;
  beforeAll(() => {
    // --allow-dirty: what is checked is the content, whether or not it is committed yet.
    packaged = runCargo(["package", "--offline", "--allow-dirty"]);
  }, 600_000);

  it("lists only what the crate needs: manifest, README, licence, lib.rs and the generated code", () => {
    const listed = succeeded(runCargo(["package", "--list", "--offline", "--allow-dirty"]), "cargo package --list")
      .split("\n")
      .filter(Boolean);
    // Written by cargo itself: the normalised manifest beside the original, the lock file (cargo 1.84 and later,
    // for every package), and the commit it was packaged from (when in Git).
    const writtenByCargo = ["Cargo.toml.orig", "Cargo.lock", ".cargo_vcs_info.json"];
    expect(listed).toContain("Cargo.toml.orig");
    expect(listed.filter((file) => !writtenByCargo.includes(file)).sort()).toEqual(
      ["Cargo.toml", "LICENSE", "README.md", "src/generated/mod.rs", "src/generated/v1.rs", "src/lib.rs"].sort(),
    );
  });

  it("packages and verifies the crate offline, warning only that the round-trip program stays behind", () => {
    expect(packaged.status, packaged.stderr).toBe(0);
    expect(packaged.stderr).toContain(`Verifying agent-transcript v${formatVersion}`);
    // Older cargo leaves the program out without saying so.
    const leftOut =
      "warning: ignoring binary `roundtrip` as `src/bin/roundtrip.rs` is not included in the published package";
    const warnings = packaged.stderr.split("\n").filter((line) => line.startsWith("warning") && line !== leftOut);
    expect(warnings).toEqual([]);
  });

  it("gives a crate whose README example builds and runs outside the checkout", () => {
    const crate = path.join(packageRoot, `target/package/agent-transcript-${formatVersion}.crate`);
    const unpacked = path.join(directory, "unpacked");
    mkdirSync(unpacked);
    succeeded(spawnSync("tar", ["-xzf", crate, "-C", unpacked], { encoding: "utf8" }), "tar");
    const readme = readFileSync(path.join(packageRoot, "README.md"), "utf8");
    const example = /```rust,no_run\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const consumer = path.join(directory, "consumer");
    mkdirSync(path.join(consumer, "src"), { recursive: true });
    writeFileSync(
      path.join(consumer, "Cargo.toml"),
      [
        "[package]",
        'name = "consumer"',
        'version = "0.1.0"',
        'edition = "2021"',
        "",
        "[dependencies]",
        `agent-transcript = { path = ${JSON.stringify(path.join(unpacked, `agent-transcript-${formatVersion}`))} }`,
        'serde_json = "1"',
        "",
      ].join("\n"),
    );
    writeFileSync(path.join(consumer, "src/main.rs"), example ?? "");
    mkdirSync(path.join(consumer, ".cargo"));
    writeFileSync(
      path.join(consumer, ".cargo/config.toml"),
      readFileSync(path.join(packageRoot, ".cargo/config.toml"), "utf8"),
    );
    const transcript = readFileSync(
      path.join(packageRoot, "../../schemas/v1/examples/Transcript/valid/request-with-tools.json"),
      "utf8",
    );
    writeFileSync(path.join(consumer, "transcript.json"), transcript);
    // The package's own target folder only as a cache of the compiled dependencies, shared with the round trip.
    const output = succeeded(
      runCargo(["run", "--quiet", "--offline"], consumer, {
        ...cargo.env,
        CARGO_TARGET_DIR: path.join(packageRoot, "target"),
      }),
      "cargo run",
    );
    const parsed = JSON.parse(transcript) as { id: string; messages: unknown[] };
    expect(output).toBe(`${parsed.id} ${parsed.messages.length} messages\n`);
    // A first build compiles serde_derive.
  }, 600_000);

  it("installs as the README says", () => {
    const readme = readFileSync(path.join(packageRoot, "README.md"), "utf8");
    expect(readme, "the cargo add line in README.md").toContain(
      `cargo add agent-transcript@${formatVersion} serde_json\n`,
    );
  });
});
