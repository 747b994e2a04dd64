import { describe, expect, it } from "vitest";
import { choosePackages, parseAptCacheDepends, parseDpkgQuery } from "./apt-depends.mjs";

// `apt-cache depends --recurse --no-recommends … cargo rustc jq python3-dateutil` on Debian bookworm, trimmed.
const bookworm = `cargo
  Depends: libc6
  Depends: libgit2-1.5
  Depends: rustc
    rustc-web
  Depends: binutils
 |Depends: gcc
 |Depends: clang
  Depends: <c-compiler>
    clang-14
    gcc
    gcc-12
rustc
  Depends: libc6
  Depends: libstd-rust-dev
  Depends: gcc
  Depends: <libc-dev>
    libc6-dev
  Depends: binutils
jq
  Depends: libjq1
  Depends: libc6
python3-dateutil
  Depends: python3-six
  Depends: <python3:any>
    python3
  Depends: tzdata
libc6
  Depends: libgcc-s1
libgit2-1.5
  Depends: libc6
  Depends: libhttp-parser2.9
rustc-web
  Depends: libc6
  Depends: libllvm15
binutils
  Depends: binutils-common
gcc
  Depends: cpp
  Depends: gcc-12
clang
  Depends: clang-14
clang-14
  Depends: libllvm14
gcc-12
  PreDepends: gcc-12-base
libstd-rust-dev
  Depends: libstd-rust-1.63
libc6-dev
  Depends: libc6
libjq1
  Depends: libonig5
python3-six
  Depends: <python3:any>
    python3
python3
  PreDepends: python3-minimal
tzdata
 |Depends: debconf
  Depends: <debconf-2.0>
    cdebconf
    debconf
libhttp-parser2.9
  Depends: libc6
libllvm15
libstd-rust-1.63
  Depends: libllvm14
libonig5
libllvm14
debconf
<c-compiler>
<libc-dev>
<python3:any>
<debconf-2.0>
`;

describe("parseAptCacheDepends", () => {
  const stanzas = parseAptCacheDepends(bookworm);

  it("reads one stanza per package, virtual ones marked", () => {
    expect(stanzas.get("cargo")?.virtual).toBe(false);
    expect(stanzas.get("c-compiler")).toEqual({ virtual: true, dependencies: [] });
    expect(stanzas.get("libllvm15")).toEqual({ virtual: false, dependencies: [] });
  });

  it("groups alternatives joined by | and keeps each one's providers", () => {
    expect(stanzas.get("cargo")?.dependencies.map((group) => group.map((alternative) => alternative.name))).toEqual([
      ["libc6"],
      ["libgit2-1.5"],
      ["rustc"],
      ["binutils"],
      ["gcc", "clang", "c-compiler"],
    ]);
    expect(stanzas.get("cargo")?.dependencies[4]?.[2]).toEqual({
      name: "c-compiler",
      virtual: true,
      providers: ["clang-14", "gcc", "gcc-12"],
    });
    expect(stanzas.get("cargo")?.dependencies[2]).toEqual([
      { name: "rustc", virtual: false, providers: ["rustc-web"] },
    ]);
  });

  it("reads PreDepends as dependencies and python3:any as python3", () => {
    expect(stanzas.get("gcc-12")?.dependencies).toEqual([[{ name: "gcc-12-base", virtual: false, providers: [] }]]);
    expect(stanzas.get("python3-six")?.dependencies).toEqual([
      [{ name: "python3", virtual: true, providers: ["python3"] }],
    ]);
  });

  it("skips the relations the filtering options leave out, with their providers", () => {
    const parsed = parseAptCacheDepends("libc6\n  Depends: libgcc-s1\n  Suggests: <debconf-2.0>\n    debconf\n");
    expect(parsed.get("libc6")?.dependencies).toEqual([[{ name: "libgcc-s1", virtual: false, providers: [] }]]);
  });
});

describe("parseDpkgQuery", () => {
  const present = parseDpkgQuery(
    [
      "libc6\tii \t",
      "python3\tii \tpython3-profiler (= 3.11.2-1+b1)",
      "debconf\tii \tdebconf-2.0",
      "gcc-12\tiU \t",
      "old-tool\trc \t",
      "never\tun \t",
      "",
    ].join("\n"),
  );

  it("counts packages whose files are on disk, and what they provide", () => {
    expect([...present].sort()).toEqual(["debconf", "debconf-2.0", "gcc-12", "libc6", "python3", "python3-profiler"]);
  });
});

describe("choosePackages", () => {
  const stanzas = parseAptCacheDepends(bookworm);
  // What user dev has on the test machine: a C toolchain and Python, no Rust.
  const machine = new Set(["libc6", "libgcc-s1", "binutils", "gcc", "gcc-12", "libc6-dev", "python3", "libllvm14"]);

  it("takes the missing packages and the part of their closure that is not installed", () => {
    expect(choosePackages({ wanted: ["cargo", "rustc"], stanzas, present: machine })).toEqual({
      packages: ["cargo", "libgit2-1.5", "libhttp-parser2.9", "libstd-rust-1.63", "libstd-rust-dev", "rustc"],
      unknown: [],
      unsatisfiable: [],
    });
  });

  it("takes the first real alternative when none is there, and follows only what it takes", () => {
    const bare = new Set(["libc6", "libgcc-s1"]);
    const { packages } = choosePackages({ wanted: ["cargo"], stanzas, present: bare });
    expect(packages).toContain("gcc");
    expect(packages).toContain("libc6-dev");
    // clang, the second alternative, and rustc-web, rustc's provider, are not taken, nor what they need.
    expect(packages).not.toContain("clang");
    expect(packages).not.toContain("rustc-web");
    expect(packages).not.toContain("libllvm15");
  });

  it("counts a dependency as satisfied by an installed provider of a virtual alternative", () => {
    const tool = parseAptCacheDepends(
      "tool\n |Depends: gcc\n  Depends: <c-compiler>\n    clang-14\n    gcc\ngcc\nclang-14\n<c-compiler>\n",
    );
    expect(choosePackages({ wanted: ["tool"], stanzas: tool, present: new Set(["clang-14"]) }).packages).toEqual([
      "tool",
    ]);
    expect(choosePackages({ wanted: ["tool"], stanzas: tool, present: new Set() }).packages).toEqual(["gcc", "tool"]);
  });

  it("satisfies a virtual dependency with its first provider", () => {
    const { packages } = choosePackages({ wanted: ["tzdata"], stanzas, present: new Set() });
    expect(packages).toEqual(["debconf", "tzdata"]);
  });

  it("takes nothing that is installed or unpacked, including the wanted packages themselves", () => {
    expect(
      choosePackages({ wanted: ["python3", "python3-dateutil"], stanzas, present: new Set([...machine, "tzdata"]) }),
    ).toEqual({ packages: ["python3-dateutil", "python3-six"], unknown: [], unsatisfiable: [] });
    expect(choosePackages({ wanted: ["jq"], stanzas, present: new Set([...machine, "jq"]) }).packages).toEqual([]);
  });

  it("reports wanted packages apt does not know, and dependencies nothing downloadable satisfies", () => {
    const partial = parseAptCacheDepends("jq\n  Depends: libjq1\n  Depends: <libfoo-abi-1>\nlibjq1\n<libfoo-abi-1>\n");
    expect(choosePackages({ wanted: ["jq", "no-such-package"], stanzas: partial, present: new Set() })).toEqual({
      packages: ["jq", "libjq1"],
      unknown: ["no-such-package"],
      unsatisfiable: ["jq: libfoo-abi-1"],
    });
  });
});
