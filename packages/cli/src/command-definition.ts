/**
 * What a command is to the command line: its name, what it says in help, and how it adds its arguments and options.
 * Each command's folder (`commands/<name>/`) has a `definition.ts` holding this, beside the `run.ts` that does the
 * work; `cli.ts` only lists the definitions. A definition is light: its action imports `run.ts` when the command
 * runs, so `--help`, `--version` and a small command load only what they use (the README's "Performance", start-up rows).
 */
import type { Command, Option } from "commander";
import type * as formatChoices from "./format-choices.js";
import type { EventLogQueryOptions } from "./event-log-query.js";
import type { CommandIo } from "./io.js";
import { defaultInputLimits, describeSize } from "./input/limits.js";

/** The format ids of the options that take one, from the providers' registry, loaded only when needed. */
export type FormatChoices = typeof formatChoices;

/** What a definition gets to add its command with. */
export interface CommandContext {
  io: CommandIo;
  setExitCode: (code: number) => void;
  /** The format ids, when loaded: for a command that `namesFormats`, and for `help` and `completion`. */
  formats: FormatChoices | undefined;
  /** The whole command line (the completion scripts are generated from it). */
  program: Command;
}

export interface CommandDefinition {
  name: string;
  /** The one-line description `--help` shows in the list of commands and above the command's own help. */
  description: string;
  /** What the command's help says after its options, before its examples. */
  help?: string;
  /** The examples its help ends with: every command has some (a test checks each names a real command). */
  examples: readonly string[];
  /** Whether its options list format ids: the registry is then loaded before they are defined. */
  namesFormats?: boolean;
  /** Adds the arguments, options, subcommands and action to `command` (named and described already). */
  define(command: Command, context: CommandContext): void;
}

/** The examples a command's help ends with. */
export function examples(lines: readonly string[]): string {
  return `\nExamples:\n${lines.map((line) => `  ${line}`).join("\n")}`;
}

/** Adds a definition's command to `program`, with its help; returns the command. */
export function addCommand(program: Command, definition: CommandDefinition, context: CommandContext): Command {
  const command = program.command(definition.name).description(definition.description);
  definition.define(command, context);
  command.addHelpText(
    "after",
    `${definition.help === undefined ? "" : `\n${definition.help}\n`}${examples(definition.examples)}`,
  );
  return command;
}

/** `option.choices(ids)` when the ids are loaded; the option as it is otherwise (its command is not the one run). */
export function withChoices(option: Option, ids: readonly string[] | undefined): Option {
  return ids === undefined ? option : option.choices(ids);
}

/**
 * The options every command that reads input shares: how much it says (README, "Warnings") and the limits of the one
 * input layer (README, "Limits").
 */
export function withCommonOptions(command: Command): Command {
  return command
    .option("-q, --quiet", "print only errors on stderr: no warnings, no summary")
    .option("--verbose", "list every warning in full, instead of one line per kind of warning")
    .option(
      "--max-input-size <size>",
      `refuse input larger than this, read from a file or stdin (compressed size for gzip and Zstandard); default ${describeSize(defaultInputLimits.maxInputBytes)}`,
    )
    .option(
      "--max-decompressed-size <size>",
      `refuse gzip or Zstandard input that decompresses to more than this; default ${describeSize(defaultInputLimits.maxDecompressedBytes)}`,
    );
}

/**
 * One of the AWF transcript logs' jq recipes as a command (README, "Event log queries"): it reads the log as a stream,
 * and its help names the recipe it answers.
 */
export function eventLogQuery(query: {
  name: string;
  description: string;
  recipe: string;
  example: string;
  load: () => Promise<(input: string, options: EventLogQueryOptions, io: CommandIo) => Promise<number>>;
}): CommandDefinition {
  return {
    name: query.name,
    description: query.description,
    help: `The AWF transcript logs' recipe it answers: ${query.recipe}`,
    examples: [query.example, `agent-transcript ${query.name} storage/transcripts/<run-id>.jsonl.gz --quiet`],
    define(command, { io, setExitCode }) {
      command
        .argument("<log>", "an event log (.jsonl, .jsonl.gz); - reads standard input")
        .option("--json", "print the result as JSON on stdout");
      withCommonOptions(command).action(async (input: string, options: EventLogQueryOptions) => {
        const run = await query.load();
        setExitCode(await run(input, options, io));
      });
    },
  };
}
