import { appendFileSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyReleasedCheckout, releasedVersion, repositoryRoot } from "./checkout.test.helpers.js";
import { runGate } from "./gate.js";
import { manifestName, verifyRelease } from "./manifest.js";
import { releasedFolder, releasedVersions } from "./releases.js";

const mkfifo = (file: string): void => {
  // Node has no mkfifo of its own; the coreutils one makes a real FIFO.
  execFileSync("mkfifo", [file]);
};

describe("the released folders of this repository", () => {
  const { versions, strays } = releasedVersions(repositoryRoot);

  it("hold only version folders, each matching its manifest byte for byte", () => {
    expect(strays).toEqual([]);
    for (const version of versions) {
      const folder = `${releasedFolder}/${version}`;
      expect(verifyRelease(path.join(repositoryRoot, folder), folder), folder).toEqual([]);
    }
  });
});

describe(".gitattributes", () => {
  it("keeps the released folders byte for byte: no end-of-line conversion, no merge", () => {
    const attributes = readFileSync(path.join(repositoryRoot, ".gitattributes"), "utf8");
    expect(attributes).toContain("schemas/released/** linguist-generated=true -text -eol -merge");
  });
});

describe("a released folder's manifest", () => {
  it("catches a one-byte edit to a released schema, naming the file", async () => {
    const root = await copyReleasedCheckout();
    const file = path.join(root, `schemas/released/${releasedVersion}/strict/usage.schema.json`);
    const bytes = readFileSync(file);
    const offset = bytes.indexOf("integer");
    bytes[offset] = "I".charCodeAt(0);
    writeFileSync(file, bytes);
    const problems = verifyRelease(
      path.join(root, `schemas/released/${releasedVersion}`),
      `schemas/released/${releasedVersion}`,
    );
    expect(problems).toEqual([
      {
        file: `schemas/released/${releasedVersion}/strict/usage.schema.json`,
        problem: expect.stringContaining(`differs from ${manifestName}`),
      },
    ]);
    // The gate refuses to compare with a tampered release.
    expect((await runGate(root)).problems).toEqual([
      expect.stringContaining(`schemas/released/${releasedVersion}/strict/usage.schema.json differs from SHA256SUMS`),
    ]);
  });

  it("catches a file added, a file removed and a manifest line that is not one", async () => {
    const root = await copyReleasedCheckout();
    const folder = path.join(root, `schemas/released/${releasedVersion}`);
    writeFileSync(path.join(folder, "bundled/extra.schema.json"), "{}\n");
    rmSync(path.join(folder, "tolerant/cost.schema.json"));
    appendFileSync(path.join(folder, manifestName), "not a line\n");
    expect(verifyRelease(folder, `schemas/released/${releasedVersion}`)).toEqual(
      expect.arrayContaining([
        { file: `schemas/released/${releasedVersion}/SHA256SUMS`, problem: expect.stringMatching(/^line \d+ is not/) },
        {
          file: `schemas/released/${releasedVersion}/bundled/extra.schema.json`,
          problem: expect.stringContaining("is not in SHA256SUMS"),
        },
        {
          file: `schemas/released/${releasedVersion}/tolerant/cost.schema.json`,
          problem: "is listed in SHA256SUMS but missing",
        },
      ]),
    );
  });

  it("refuses a symbolic link or a FIFO in place of a released file, without following or opening it", async () => {
    const root = await copyReleasedCheckout();
    const folder = path.join(root, `schemas/released/${releasedVersion}`);
    const linked = path.join(folder, "strict/usage.schema.json");
    const original = readFileSync(linked);
    unlinkSync(linked);
    // A link to a file with the very same bytes: following it would find nothing wrong.
    const twin = path.join(root, "twin.json");
    writeFileSync(twin, original);
    symlinkSync(twin, linked);
    const fifo = path.join(folder, "strict/cost.schema.json");
    unlinkSync(fifo);
    mkfifo(fifo);
    const problems = verifyRelease(folder, `schemas/released/${releasedVersion}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: `schemas/released/${releasedVersion}/strict/usage.schema.json`,
          problem: expect.stringContaining("a symbolic link"),
        },
        {
          file: `schemas/released/${releasedVersion}/strict/cost.schema.json`,
          problem: expect.stringContaining("not a regular file"),
        },
      ]),
    );
  });

  it("is what sha256sum -c checks", async () => {
    const root = await copyReleasedCheckout();
    const output = execFileSync("sha256sum", ["--check", "--strict", manifestName], {
      cwd: path.join(root, `schemas/released/${releasedVersion}`),
      encoding: "utf8",
    });
    expect(output).toContain("strict/usage.schema.json: OK");
    expect(output).not.toContain("FAILED");
  });
});
