import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
// The commands' definitions are light (commander and the option texts): each command's code (and core, the
// converters, the recorder behind it) is imported by its definition when that command runs, so `--version`, `--help`
// and a light command start fast (README, "Start-up").
import { addCommand, examples, type CommandDefinition, type FormatChoices } from "./command-definition.js";
import { check } from "./commands/check/definition.js";
import { completion } from "./commands/completion/definition.js";
import { convert } from "./commands/convert/definition.js";
import { exportCommand } from "./commands/export/definition.js";
import { formats as formatsCommand } from "./commands/formats/definition.js";
import { importCommand } from "./commands/import/definition.js";
import { redact } from "./commands/redact/definition.js";
import { repair } from "./commands/repair/definition.js";
import { schema } from "./commands/schema/definition.js";
import { sessions } from "./commands/sessions/definition.js";
import { snapshot } from "./commands/snapshot/definition.js";
import { stats } from "./commands/stats/definition.js";
import { tail } from "./commands/tail/definition.js";
import { text } from "./commands/text/definition.js";
import { timeline } from "./commands/timeline/definition.js";
import { tools } from "./commands/tools/definition.js";
import { tree } from "./commands/tree/definition.js";
import { validate } from "./commands/validate/definition.js";
import { view } from "./commands/view/definition.js";
import { exitCodes, messageLine, shownLines, UserError, type CommandIo } from "./io.js";

/**
 * Every command, in the order `--help` lists them: the one list. A command is its folder, `commands/<name>/`, whose
 * `definition.ts` says what the command line needs of it (a test checks the folders and this list agree).
 */
export const commands: readonly CommandDefinition[] = [
  validate,
  exportCommand,
  view,
  importCommand,
  sessions,
  convert,
  tools,
  text,
  timeline,
  tree,
  check,
  stats,
  tail,
  redact,
  repair,
  snapshot,
  schema,
  formatsCommand,
  completion,
];

/** Commands whose options list format ids, and `help`: the registry is loaded before their options are defined. */
const commandsNamingFormats = new Set([
  ...commands.filter((command) => command.namesFormats === true).map((command) => command.name),
  "help",
]);

// src/ and dist/ both sit one level below package.json, so this resolves in tests and when installed.
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};
export const version = packageJson.version;

/**
 * The whole command line, with every command and option (and the format ids an option takes, when `formats` is
 * given). Exported for the tests and the completion scripts, which are generated from it.
 */
export function buildProgram(
  io: CommandIo,
  setExitCode: (code: number) => void,
  formats: FormatChoices | undefined,
  options: { programVersion?: boolean } = {},
): Command {
  const program = new Command()
    .name("agent-transcript")
    .description("Read, check and convert Agent Transcript files.")
    .option("--debug", "print stack traces for unexpected errors")
    .exitOverride()
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
  for (const definition of commands) addCommand(program, definition, context);
  return program;
}

/** Runs the command line and returns the exit code: 0 success, 1 failure, 2 usage error. Never throws. */
export async function run(argv: readonly string[], io: CommandIo): Promise<number> {
  let exitCode: number = exitCodes.success;
  // The command is the first argument that is not an option (the program's own options take no value).
  const commandName = argv.find((argument) => !argument.startsWith("-"));
  const formats =
    commandName !== undefined && commandsNamingFormats.has(commandName)
      ? await import("./format-choices.js")
      : undefined;
  const program = buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    formats,
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
