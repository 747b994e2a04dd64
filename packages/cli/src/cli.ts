import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
// Each command's definition (commander and the option texts) is loaded when the command line names the command, and
// its code (and core, the converters, the recorder behind it) when it runs, so `--version`, `--help` and a light
// command start fast (README, "Performance", start-up rows).
import { addCommand, examples, type CommandDefinition, type FormatChoices } from "./command-definition.js";
import { packageJsonFile } from "./installation.js";
import { exitCodes, messageLine, shownLines, UserError, type CommandIo } from "./io.js";

/**
 * Every command, in the order `--help` lists them: the one list. A command is its folder, `commands/<name>/`, whose
 * `definition.ts` says what the command line needs of it (a test checks the folders and this list agree); it is
 * loaded only when needed: a command line that names a command loads that command's definition alone.
 */
export const commandList: ReadonlyArray<readonly [name: string, load: () => Promise<CommandDefinition>]> = [
  ["validate", async () => (await import("./commands/validate/definition.js")).validate],
  ["export", async () => (await import("./commands/export/definition.js")).exportCommand],
  ["view", async () => (await import("./commands/view/definition.js")).view],
  ["import", async () => (await import("./commands/import/definition.js")).importCommand],
  ["sessions", async () => (await import("./commands/sessions/definition.js")).sessions],
  ["convert", async () => (await import("./commands/convert/definition.js")).convert],
  ["tools", async () => (await import("./commands/tools/definition.js")).tools],
  ["text", async () => (await import("./commands/text/definition.js")).text],
  ["timeline", async () => (await import("./commands/timeline/definition.js")).timeline],
  ["tree", async () => (await import("./commands/tree/definition.js")).tree],
  ["check", async () => (await import("./commands/check/definition.js")).check],
  ["stats", async () => (await import("./commands/stats/definition.js")).stats],
  ["usage", async () => (await import("./commands/usage/definition.js")).usage],
  ["runs", async () => (await import("./commands/runs/definition.js")).runs],
  ["index", async () => (await import("./commands/index/definition.js")).indexCommand],
  ["search", async () => (await import("./commands/search/definition.js")).search],
  ["tail", async () => (await import("./commands/tail/definition.js")).tail],
  ["redact", async () => (await import("./commands/redact/definition.js")).redact],
  ["repair", async () => (await import("./commands/repair/definition.js")).repair],
  ["snapshot", async () => (await import("./commands/snapshot/definition.js")).snapshot],
  ["otel", async () => (await import("./commands/otel/definition.js")).otel],
  ["schema", async () => (await import("./commands/schema/definition.js")).schema],
  ["formats", async () => (await import("./commands/formats/definition.js")).formats],
  ["completion", async () => (await import("./commands/completion/definition.js")).completion],
];

/** Every command's definition, in the list's order. */
export function loadCommands(): Promise<CommandDefinition[]> {
  return Promise.all(commandList.map(([, load]) => load()));
}

/**
 * The definitions a command line needs: the named command's alone, or every one for the program's own help, for
 * `help` and `completion` (which list them all) and for a name that is no command (commander then lists them, or
 * suggests the nearest).
 */
async function definitionsFor(commandName: string | undefined): Promise<CommandDefinition[]> {
  const named = commandList.find(([name]) => name === commandName && name !== "completion");
  return named === undefined ? loadCommands() : [await named[1]()];
}

const packageJson = JSON.parse(readFileSync(packageJsonFile, "utf8")) as {
  version: string;
};
export const version = packageJson.version;

/**
 * Help is wrapped at 80 columns everywhere: the same text on every terminal, in a pipe and in a file, so that the
 * program's own help can be printed without building the command line (`generated/root-help.ts`, which `bin.ts`
 * prints for `--help`). Commander would follow a terminal's width, but below about 75 columns it stops wrapping
 * altogether (lines of 300 characters), which a terminal's own wrapping of 80-column lines reads better than.
 */
export const helpWidth = 80;

/**
 * The whole command line, with every command and option (and the format ids an option takes, when `formats` is
 * given). Exported for the tests and the completion scripts, which are generated from it.
 */
export function buildProgram(
  io: CommandIo,
  setExitCode: (code: number) => void,
  formats: FormatChoices | undefined,
  definitions: readonly CommandDefinition[],
  options: { programVersion?: boolean } = {},
): Command {
  const program = new Command()
    .name("agent-transcript")
    .description("Read, check and convert Agent Transcript files.")
    .option("--debug", "print stack traces for unexpected errors")
    .exitOverride()
    .configureHelp({ helpWidth })
    // Commander's errors quote the arguments (an unknown option, a bad choice): escaped like any message, keeping
    // the line feeds of its multi-line messages.
    .configureOutput({
      writeOut: io.stdout,
      writeErr: (text) => io.stderr(shownLines(text)),
    });

  // The program's --version is matched anywhere on the line (commander reads the program's options after the command
  // too); `schema --version v1` is schema's own option, so the program's is left out when schema is the command.
  if (options.programVersion !== false) program.version(version);
  program.addHelpText(
    "after",
    examples([
      "agent-transcript stats storage/transcripts/<run-id>.jsonl",
      "agent-transcript export storage/transcripts/<run-id>.jsonl --format markdown --output exports/",
      "agent-transcript convert request.json --to gemini",
      "agent-transcript help export",
    ]),
  );
  const context = { io, setExitCode, formats, program };
  for (const definition of definitions) addCommand(program, definition, context);
  return program;
}

/** Runs the command line and returns the exit code: 0 success, 1 failure, 2 usage error. Never throws. */
export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  let exitCode: number = exitCodes.success;
  // The command is the first argument that is not an option (the program's own options take no value).
  const commandName = argv.find((argument) => !argument.startsWith("-"));
  const definitions = await definitionsFor(commandName);
  // The format ids, from the providers' registry, are loaded before the options of a command that lists them (and
  // for `help`, whose output shows them).
  const formats =
    commandName === "help" ||
    definitions.some((definition) => definition.name === commandName && definition.namesFormats)
      ? await import("./format-choices.js")
      : undefined;
  const program = buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    formats,
    definitions,
    { programVersion: commandName !== "schema" },
  );
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; every other commander error is a usage error.
      return error.exitCode === 0 ? exitCodes.success : exitCodes.usage;
    }
    if (error instanceof UserError) {
      io.stderr(messageLine(`agent-transcript: ${error.message}`));
      return error.exitCode;
    }
    const debug = argv.includes("--debug");
    io.stderr(
      messageLine(`agent-transcript: unexpected error: ${error instanceof Error ? error.message : String(error)}`),
    );
    if (debug && error instanceof Error && error.stack) io.stderr(`${shownLines(error.stack)}\n`);
    else io.stderr("agent-transcript: run again with --debug for a stack trace\n");
    return exitCodes.failure;
  }
}
