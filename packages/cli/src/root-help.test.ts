// `--help` is printed from generated/root-help.ts without building the command line: it must be what commander
// writes, in a pipe and on a terminal of any width alike.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import { helpWidth, run } from "./cli.js";
import { renderRootHelp } from "./root-help.js";

const builtCommand = fileURLToPath(new URL("../dist/bin.js", import.meta.url));

describe("the program's help", () => {
  it("printed by the built command for --help and -h is what commander writes from the definitions", async () => {
    const expected = await renderRootHelp();
    expect(expected).toContain("\nCommands:\n  validate [options] <inputs...>");
    for (const flag of ["--help", "-h"]) {
      const result = spawnSync(process.execPath, [builtCommand, flag], { encoding: "utf8" });
      expect(result.status).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toBe(expected);
    }
  });

  it("is wrapped at the help width on a terminal of any width, as in a pipe", async () => {
    const expected = await renderRootHelp();
    const described = expected.slice(0, expected.indexOf("\nExamples:")).split("\n");
    expect(Math.max(...described.map((line) => line.length))).toBe(helpWidth);
    for (const columns of [40, 60, 200]) {
      const terminal = captureIo("", { stdoutIsTerminal: true });
      // Commander reads the width from process.stdout when it is a terminal.
      Object.defineProperty(process.stdout, "isTTY", { value: true, configurable: true });
      Object.defineProperty(process.stdout, "columns", { value: columns, configurable: true });
      try {
        expect(await run(["--help"], terminal.io)).toBe(0);
      } finally {
        Reflect.deleteProperty(process.stdout, "isTTY");
        Reflect.deleteProperty(process.stdout, "columns");
      }
      expect(terminal.stdout()).toBe(expected);
    }
  });
});
