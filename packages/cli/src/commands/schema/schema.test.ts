import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";

// The repository's schemas: what the package ships must be them, byte for byte.
const source = (name: string): string =>
  readFileSync(new URL(`../../../../../schemas/v1/${name}.schema.json`, import.meta.url), "utf8");

describe("schema", () => {
  it("prints a schema exactly as the repository holds it", async () => {
    for (const name of ["transcript", "event", "snapshot-declaration"]) {
      const io = captureIo();
      expect(await run(["schema", name], io.io)).toBe(0);
      expect(io.stdout()).toBe(source(name));
      expect(io.stderr()).toBe("");
    }
  });

  it("takes the version as v1 or 1, and the name as the file is named", async () => {
    const io = captureIo();
    expect(await run(["schema", "Usage.schema.json", "--version", "1"], io.io)).toBe(0);
    expect((JSON.parse(io.stdout()) as { $id: string }).$id).toBe(
      "https://agent-transcript.dev/schemas/v1/usage.schema.json",
    );
  });

  it("lists the schemas, as text or JSON", async () => {
    const text = captureIo();
    expect(await run(["schema", "--list"], text.io)).toBe(0);
    expect(text.stdout().split("\n")).toEqual(expect.arrayContaining(["transcript", "event", "part", "message"]));
    const json = captureIo();
    expect(await run(["schema", "--list", "--json"], json.io)).toBe(0);
    expect(JSON.parse(json.stdout())).toContainEqual({ name: "transcript", version: "v1" });
  });

  it("refuses an unknown name or version with exit 2, listing what there is", async () => {
    const name = captureIo();
    expect(await run(["schema", "transcripts"], name.io)).toBe(2);
    expect(name.stdout()).toBe("");
    expect(name.stderr()).toMatch(
      /no schema named "transcripts" in v1; the schemas are: cost, event, .*transcript, usage/,
    );
    const version = captureIo();
    expect(await run(["schema", "transcript", "--version", "v7"], version.io)).toBe(2);
    expect(version.stderr()).toMatch(/no schemas of version v7; this package ships v1/);
    const malformed = captureIo();
    expect(await run(["schema", "transcript", "--version", "latest"], malformed.io)).toBe(2);
    expect(malformed.stderr()).toMatch(/--version takes a format major version such as v1, not "latest"/);
  });
});
