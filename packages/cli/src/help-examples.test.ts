// Every command's --help ends with examples, and every example runs a command that exists (a renamed or removed
// command would otherwise live on in the help of another).
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import { buildProgram, loadCommands, run } from "./cli.js";
import * as formats from "./format-choices.js";

const program = buildProgram(captureIo().io, () => undefined, formats, await loadCommands());

/** Every command and subcommand, as the words that run it. */
function commandPaths(command: Command, parents: string[] = []): string[][] {
  return command.commands.flatMap((child) => {
    const words = [...parents, child.name()];
    return [words, ...commandPaths(child, words)];
  });
}

const paths = commandPaths(program);

/** The lines of a help text's Examples section. */
function examplesOf(help: string): string[] {
  const section = help.split(/\nExamples:\n/)[1];
  if (section === undefined) return [];
  return section
    .split("\n")
    .filter((line) => line.startsWith("  "))
    .map((line) => line.trim());
}

describe("--help", () => {
  it("of the command itself ends with examples", async () => {
    const io = captureIo();
    expect(await run(["--help"], io.io)).toBe(0);
    expect(examplesOf(io.stdout())).toContain("agent-transcript help export");
  });

  it("covers the commands users run", () => {
    expect(paths.map((words) => words.join(" "))).toEqual(
      expect.arrayContaining([
        "validate",
        "export",
        "convert",
        "tail",
        "snapshot create",
        "schema",
        "formats",
        "completion",
      ]),
    );
  });

  it.each(paths.map((words) => [words.join(" "), words] as const))(
    "%s: ends with examples of real commands",
    async (_name, words) => {
      const io = captureIo();
      expect(await run([...words, "--help"], io.io)).toBe(0);
      const examples = examplesOf(io.stdout());
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        // The words after `agent-transcript` that are not options or values: the command (and subcommand) it runs.
        const match = /(?:^|\s|&&\s)agent-transcript\s+([a-z-]+)(?:\s+([a-z-]+))?/.exec(example);
        expect(match, example).not.toBeNull();
        const [, name, next] = match as RegExpExecArray;
        const command = program.commands.find((candidate) => candidate.name() === name);
        expect(command, `${example}: no command ${name}`).toBeDefined();
        // A command with subcommands needs one of them next.
        const subcommands = (command as Command | undefined)?.commands.map((sub) => sub.name()) ?? [];
        expect(subcommands.length === 0 || subcommands.includes(next as string), example).toBe(true);
      }
    },
  );
});
