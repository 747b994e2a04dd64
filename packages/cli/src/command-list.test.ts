import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Command } from "commander";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { captureIo } from "./capture-io.test.helpers.js";
import { commandList, loadCommands, run } from "./cli.js";
import type { CommandDefinition } from "./command-definition.js";
import * as formats from "./format-choices.js";

// A command is its folder: adding one touches commands/<name>/ and the one list in cli.ts, nothing else.
const commandsFolder = fileURLToPath(new URL("./commands/", import.meta.url));
const folders = readdirSync(commandsFolder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const commands = await loadCommands();
const names = commandList.map(([name]) => name);

/** Whitespace as one space: commander wraps long descriptions to the terminal's width. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

describe("the commands", () => {
  it("are exactly the folders of commands/, each with a definition named after it and the run it loads", async () => {
    expect([...names].sort()).toEqual(folders);
    // Each name in the list loads the definition of that name.
    expect(commands.map((command) => command.name)).toEqual(names);
    for (const folder of folders) {
      const module = (await import(pathToFileURL(path.join(commandsFolder, folder, "definition.ts")).href)) as Record<
        string,
        CommandDefinition
      >;
      const definitions = Object.values(module);
      expect(definitions, folder).toHaveLength(1);
      expect(definitions[0]?.name).toBe(folder);
      expect(commands).toContain(definitions[0]);
      // The body is loaded from the same folder, when the command runs.
      expect(existsSync(path.join(commandsFolder, folder, "run.ts")), folder).toBe(true);
      expect(readFileSync(path.join(commandsFolder, folder, "definition.ts"), "utf8")).toContain('import("./run.js")');
    }
  });

  it("show the help, options and examples their folder's definition gives", async () => {
    for (const definition of commands) {
      const captured = captureIo();
      expect(await run([definition.name, "--help"], captured.io), definition.name).toBe(0);
      const help = captured.stdout();
      expect(help).toContain(`Usage: agent-transcript ${definition.name} `);
      expect(flat(help)).toContain(flat(definition.description));
      expect(help).toContain(definition.help ?? "");
      expect(help).toContain(`\nExamples:\n${definition.examples.map((example) => `  ${example}`).join("\n")}`);
      // Every option the definition adds is the one the help lists.
      const alone = new Command(definition.name);
      definition.define(alone, {
        io: captured.io,
        setExitCode: () => undefined,
        formats,
        program: new Command(),
      });
      const options = alone.options.map((option) => option.flags);
      const listed = [...help.matchAll(/^ {2}(-[^\n]*?)(?: {2,}|\n)/gm)].map((match) => (match[1] as string).trim());
      expect(listed.filter((flags) => flags !== "-h, --help")).toEqual(options);
    }
  });

  it("are the ones the READMEs and the package's description list", () => {
    const readme = readFileSync(path.join(repositoryRoot, "README.md"), "utf8");
    const row = /the `agent-transcript` command \(([^)]*)\)/.exec(readme)?.[1] ?? "";
    const listed = (text: string): string[] => [...text.matchAll(/`([a-z-]+)`/g)].map((match) => match[1] as string);
    expect(listed(row)).toEqual(names);
    const cliReadme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
    const scope = /## Scope\n\nToday: ([\s\S]*?)\.\n/.exec(cliReadme)?.[1] ?? "";
    expect(listed(scope)).toEqual(names);
    const packageJson = JSON.parse(
      readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8"),
    ) as {
      description: string;
    };
    const described = /: ([a-z, -]+?) and ([a-z-]+) /.exec(packageJson.description);
    expect([...(described?.[1]?.split(", ") ?? []), described?.[2]]).toEqual(names);
  });
});
