import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type * as declared from "./index.mjs";
import {
  debianGoPath,
  findSystemCommand,
  goPathEnvironment,
  systemCommand,
  systemEnvironment,
} from "./system-environment.mjs";
import { describePrefix, refreshEnvironmentFile, relinkAbsoluteSymlinks } from "./user-space-install.mjs";

// What TypeScript packages see (index.d.mts) must be what the implementation is: typecheck fails otherwise.
const _declarationsMatch: [
  typeof declared.systemCommand,
  typeof declared.systemEnvironment,
  typeof declared.goPathEnvironment,
] = [systemCommand, systemEnvironment, goPathEnvironment];

const script = (file: string, body: string): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
};

/** A prefix laid out as `dpkg-deb -x` leaves Debian's jq, go, cargo, rustc, python3-jsonschema and a crate. */
function fakePrefix(): { directory: string; root: string; systemRegistry: string } {
  const directory = mkdtempSync(path.join(tmpdir(), "system-deps-test-"));
  const root = path.join(directory, "root");
  script(path.join(root, "usr/bin/jq"), 'echo "jq from the prefix"');
  script(path.join(root, "usr/lib/go-1.19/bin/go"), 'echo "go version go1.19.8"');
  symlinkSync("../lib/go-1.19/bin/go", path.join(root, "usr/bin/go"));
  script(path.join(root, "usr/bin/cargo"), "echo cargo 1.65.0");
  script(path.join(root, "usr/bin/rustc"), "echo rustc 1.63.0");
  mkdirSync(path.join(root, "usr/lib/x86_64-linux-gnu"), { recursive: true });
  writeFileSync(path.join(root, "usr/lib/x86_64-linux-gnu/libstd-rust.so"), "");
  mkdirSync(path.join(root, "usr/lib/rustlib/lib"), { recursive: true });
  symlinkSync("/usr/lib/x86_64-linux-gnu/libstd-rust.so", path.join(root, "usr/lib/rustlib/lib/libstd-rust.so"));
  symlinkSync("/etc/hostname", path.join(root, "usr/lib/rustlib/lib/hostname"));
  mkdirSync(path.join(root, "usr/lib/python3/dist-packages/jsonschema"), { recursive: true });
  mkdirSync(path.join(root, "usr/share/gocode/src/github.com/xeipuuv/gojsonschema"), { recursive: true });
  mkdirSync(path.join(root, "usr/share/cargo/registry/serde_json-1.0.87"), { recursive: true });
  mkdirSync(path.join(root, "usr/share/gocode/src/golang.org/x/mod/zip"), { recursive: true });
  const systemRegistry = path.join(directory, "system-registry");
  mkdirSync(path.join(systemRegistry, "serde-1.0.152"), { recursive: true });
  mkdirSync(path.join(systemRegistry, "serde_json-1.0.87"), { recursive: true });
  return { directory, root, systemRegistry };
}

describe("the unpacked prefix", () => {
  const { directory, root, systemRegistry } = fakePrefix();
  const registry = path.join(root, "usr/share/cargo/registry");
  let description: ReturnType<typeof describePrefix>;
  beforeAll(() => {
    relinkAbsoluteSymlinks(root);
    description = describePrefix(directory, { jq: "1.6-2.1+deb12u1" }, systemRegistry);
    writeFileSync(path.join(directory, "environment.json"), JSON.stringify(description));
  });

  it("has its absolute links to its own files made relative, and other absolute links kept", () => {
    expect(readlinkSync(path.join(root, "usr/lib/rustlib/lib/libstd-rust.so"))).toBe(
      "../../x86_64-linux-gnu/libstd-rust.so",
    );
    expect(readlinkSync(path.join(root, "usr/lib/rustlib/lib/hostname"))).toBe("/etc/hostname");
  });

  it("is described by the search paths, GOROOT and crate registry it holds", () => {
    expect(description).toEqual({
      root,
      prepend: {
        PATH: [path.join(root, "usr/bin")],
        LD_LIBRARY_PATH: [path.join(root, "usr/lib/x86_64-linux-gnu")],
        PYTHONPATH: [path.join(root, "usr/lib/python3/dist-packages")],
      },
      set: { GOROOT: path.join(root, "usr/lib/go-1.19") },
      cargoRegistry: registry,
      packages: { jq: "1.6-2.1+deb12u1" },
    });
  });

  it("gets links to the system's crates it lacks beside its own, so one registry holds both", () => {
    expect(readlinkSync(path.join(registry, "serde-1.0.152"))).toBe(path.join(systemRegistry, "serde-1.0.152"));
    expect(lstatSync(path.join(registry, "serde_json-1.0.87")).isDirectory()).toBe(true);
  });

  it("gives an environment with its directories first on the search paths", () => {
    const base = { AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: directory, PATH: "/usr/bin:/bin", PYTHONPATH: undefined };
    const { env, cargoRegistry } = systemEnvironment(base);
    expect(env.PATH).toBe(`${root}/usr/bin:/usr/bin:/bin`);
    expect(env.LD_LIBRARY_PATH).toBe(`${root}/usr/lib/x86_64-linux-gnu`);
    expect(env.PYTHONPATH).toBe(`${root}/usr/lib/python3/dist-packages`);
    expect(env.GOROOT).toBe(`${root}/usr/lib/go-1.19`);
    expect(cargoRegistry).toBe(registry);
  });

  it("gives its Go sources as a GOPATH entry, before the system's", () => {
    const { goPath } = systemEnvironment({ AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: directory });
    const system = existsSync(debianGoPath) ? [debianGoPath] : [];
    expect(goPath).toEqual([path.join(root, "usr/share/gocode"), ...system]);
  });

  it("gives go a GOPATH of the unpacked Go sources, then the system's, offline and outside module mode", () => {
    const env = goPathEnvironment({
      AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: directory,
      PATH: "/usr/bin",
      GOFLAGS: "-mod=mod",
    });
    const systemGoPath = existsSync(debianGoPath) ? [debianGoPath] : [];
    expect(env.GOPATH).toBe([path.join(root, "usr/share/gocode"), ...systemGoPath].join(":"));
    expect(env).toMatchObject({ GO111MODULE: "off", GOPROXY: "off", GOFLAGS: "", GOROOT: `${root}/usr/lib/go-1.19` });
    // With no HOME, go has nowhere to put its build cache unless it is given one.
    expect(env.GOCACHE).toBe(path.join(directory, "go-cache"));
    expect(
      goPathEnvironment({ AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: directory, HOME: "/home/dev" }).GOCACHE,
    ).toBeUndefined();
  });

  it("runs the unpacked programs", () => {
    const base = { AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: directory, PATH: "/nonexistent" };
    const jq = systemCommand("jq", base);
    expect(jq.command).toBe(path.join(root, "usr/bin/jq"));
    expect(spawnSync(jq.command, [], { env: jq.env, encoding: "utf8" }).stdout).toBe("jq from the prefix\n");
    expect(systemCommand("go", base).command).toBe(path.join(root, "usr/bin/go"));
    expect(systemCommand("cargo", base).command).toBe(path.join(root, "usr/bin/cargo"));
  });

  it("is described again where it now is after the checkout moved", () => {
    const moved = `${directory}-moved`;
    renameSync(directory, moved);
    refreshEnvironmentFile(moved);
    const file = JSON.parse(readFileSync(path.join(moved, "environment.json"), "utf8")) as { root: string };
    expect(file.root).toBe(path.join(moved, "root"));
    renameSync(moved, directory);
  });
});

describe("systemCommand", () => {
  const empty = mkdtempSync(path.join(tmpdir(), "system-deps-empty-"));

  it("leaves the environment as it is when nothing is unpacked", () => {
    expect(systemEnvironment({ AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: empty, PATH: "/bin" }).env).toEqual({
      AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: empty,
      PATH: "/bin",
    });
  });

  it("passes over a cargo that cannot say its version (a rustup proxy with no toolchain)", () => {
    const { directory, root } = fakePrefix();
    script(path.join(root, "usr/bin/cargo"), "exit 1");
    writeFileSync(path.join(directory, "environment.json"), JSON.stringify(describePrefix(directory, {})));
    const found = findSystemCommand("cargo", { AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: directory, PATH: "/nonexistent" });
    expect(found?.command).not.toBe(path.join(root, "usr/bin/cargo"));
  });

  it("takes PYTHON as the python3 to run", () => {
    expect(systemCommand("python3", { AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: empty, PYTHON: "/opt/python" }).command).toBe(
      "/opt/python",
    );
  });

  it("fails saying how to get a program that is missing", () => {
    expect(() => systemCommand("no-such-program", { AGENT_TRANSCRIPT_SYSTEM_DEPS_DIR: empty, PATH: "/bin" })).toThrow(
      "no-such-program is not installed, nor unpacked in",
    );
  });
});
