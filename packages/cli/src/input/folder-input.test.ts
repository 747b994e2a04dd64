// A folder given where a command reads one file: every command says it is a folder and what to give instead, once,
// naming it once, and fails; none prints a result for it (a nameless run, an empty tree) or a bare system code.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../cli.js";
import { captureIo } from "../capture-io.test.helpers.js";

const folder = mkdtempSync(path.join(tmpdir(), "folder-input-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a folder where one file is read", () => {
  it.each([
    ["validate", [folder]],
    ["tree", [folder]],
    ["redact", [folder]],
    ["view", [folder]],
    ["tools", [folder]],
    ["check", [folder]],
    ["text", [folder]],
    ["timeline", [folder]],
    ["export", [folder]],
  ])("%s says it is a folder and what to give instead", async (command, args) => {
    const output = captureIo();
    const code = await run([command, ...args], output.io);
    expect(code).toBe(1);
    const stderr = output.stderr();
    expect(stderr).toMatch(/is a folder/);
    expect(stderr).toMatch(/give (one |a |the )?(file|event log)/);
    expect(stderr).not.toContain("is a directory");
    // Named once: no `DIR: DIR:` doubling.
    expect(stderr).not.toContain(`${folder}: ${folder}:`);
    expect(output.stdout()).toBe("");
  });
});
