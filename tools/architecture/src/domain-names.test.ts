import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const repositoryRoot = path.resolve(import.meta.dirname, "../../..");

// The five systems this project grew from are named for what they are (ARCHITECTURE.md, glossary): the Warp
// export, AWF transcript logs, devflow runs, Oz snapshot declarations, the OpenAF portable format. "Seed" was the
// project's private word for their source documents; users never saw it, so code, file names, messages and package
// documents do not use it. The sampling parameter `seed` of the provider APIs is a field name, not this word.
const privateName =
  /\bseed[ _-]?0\d\d\b|\bseeds?[ _-](?:system|document|example|export|converter|format|fixture)s?\b|\bseeds\//i;

function trackedFiles(): string[] {
  return execFileSync(
    "git",
    ["ls-files", "-z", "packages", "apps", "schemas", "tools", "ARCHITECTURE.md", "CONTRIBUTING.md", "README.md"],
    {
      cwd: repositoryRoot,
      encoding: "utf8",
    },
  )
    .split("\0")
    .filter((file) => file !== "" && !file.startsWith("tools/fixtures/real/"));
}

describe("domain names", () => {
  const files = trackedFiles();

  it("reads the repository's own files", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain("packages/providers/src/registry.ts");
  });

  it("name the source systems, never 'seed', in file names", () => {
    expect(files.filter((file) => /seed/i.test(path.basename(file)))).toEqual([]);
  });

  it("name the source systems, never 'seed', in code, messages and documents", () => {
    const hits: string[] = [];
    for (const file of files) {
      if (file === "tools/architecture/src/domain-names.test.ts") continue;
      const text = readFileSync(path.join(repositoryRoot, file), "utf8");
      text.split("\n").forEach((line, index) => {
        if (privateName.test(line)) hits.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it("catches the private word in its usual forms (the check itself can fail)", () => {
    for (const line of [
      "see seed 001",
      "Seed-004's rules",
      "the seed documents",
      "src/seeds/conversion.ts",
      "seed_000",
    ])
      expect(privateName.test(line), line).toBe(true);
    for (const line of ['"seed": 42', "seed?: number;", "random_seed", "SeedableRng", "backoff-seed-7.bin"])
      expect(privateName.test(line), line).toBe(false);
  });
});
