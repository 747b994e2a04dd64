import { readFileSync } from "node:fs";
import { Argument, Command, CommanderError, Option } from "commander";
// Only types at the top: each command's code (and core, the converters, the recorder behind it) is loaded when that
// command runs, so `--version`, `--help` and a light command start fast (README, "Start-up").
import type { ConvertCommandOptions } from "./commands/convert.js";
import type { EventLogQueryOptions } from "./commands/event-log-queries.js";
import type { CompletionShell } from "./commands/completion.js";
import type { ExportCommandOptions } from "./commands/export.js";
import type { FormatsCommandOptions } from "./commands/formats.js";
import type { ImportCommandOptions } from "./commands/import.js";
import type { RedactCommandOptions } from "./commands/redact.js";
import type { RepairCommandOptions } from "./commands/repair.js";
import type { SchemaCommandOptions } from "./commands/schema.js";
import type { SessionsCommandOptions } from "./commands/sessions.js";
import type { StatsCommandOptions } from "./commands/stats.js";
import type { TailCommandOptions } from "./commands/tail.js";
import type { SnapshotApplyOptions, SnapshotCreateOptions, SnapshotShowOptions } from "./commands/snapshot.js";
import type { ValidateOptions } from "./commands/validate.js";
import type { ViewCommandOptions } from "./commands/view.js";
import type * as formatChoices from "./format-choices.js";
import { defaultInputLimits, describeSize } from "./input-limits.js";
import { exitCodes, messageLine, shownLines, UserError, type CommandIo } from "./io.js";

/** The format ids of the options that take one, from the providers' registry, loaded only when needed. */
type FormatChoices = typeof formatChoices;

/** Commands whose options list format ids: the registry is loaded before their options are defined. */
const commandsNamingFormats = new Set(["convert", "export", "import", "sessions", "help", "completion"]);

/** `option.choices(ids)` when the ids are loaded; the option as it is otherwise (its command is not the one run). */
function withChoices(option: Option, ids: readonly string[] | undefined): Option {
  return ids === undefined ? option : option.choices(ids);
}

/**
 * The options every command shares: how much it says (README, "Warnings") and the limits of the one input layer
 * (README, "Limits").
 */
function withCommonOptions(command: Command): Command {
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

// src/ and dist/ both sit one level below package.json, so this resolves in tests and when installed.
const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
};
export const version = packageJson.version;

/** The examples a command's help ends with: every command has some (a test checks each names a real command). */
function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  ${line}`).join("\n")}`;
}

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
    examples(
      "agent-transcript stats storage/transcripts/<run-id>.jsonl",
      "agent-transcript export storage/transcripts/<run-id>.jsonl --format markdown --output exports/",
      "agent-transcript convert request.json --to gemini",
      "agent-transcript help export",
    ),
  );

  const validate = program
    .command("validate")
    .description(
      "check event logs and snapshot declarations against the schema; every problem names its file, line and JSON pointer",
    )
    .argument("<inputs...>", "files to check; - reads standard input")
    .option(
      "--tolerant",
      "accept what a newer minor version may write (unknown fields and event types) instead of only what this version writes",
    )
    .option("--json", "print a JSON report on stdout")
    .addHelpText(
      "after",
      examples(
        "agent-transcript validate run.json storage/transcripts/*.jsonl",
        "agent-transcript validate run.json --json | jq '.files[].problems'",
        "cat run.json | agent-transcript validate -",
      ),
    );
  withCommonOptions(validate).action(async (inputs: string[], options: ValidateOptions) => {
    const { runValidate } = await import("./commands/validate.js");
    setExitCode(await runValidate(inputs, options, io));
  });

  const exportCommand = program
    .command("export")
    .description(
      "export a transcript document or an event log as JSON or Markdown, with secrets redacted (on by default), reasoning included or omitted, and large tool outputs optionally truncated",
    )
    .argument(
      "<input>",
      "a transcript document (.json, .json.gz), an event log (.jsonl) or an agent's session (imported as `import` does); - reads standard input",
    )
    .addOption(
      withChoices(
        new Option(
          "--format <format>",
          "output format: JSON, Markdown, HTML (one self-contained page with the viewer, opens offline), an event log (jsonl; an event log input is streamed), or an interchange format (atif, awf-transcript)",
        ),
        formats === undefined ? undefined : ["json", "markdown", "html", "jsonl", ...formats.sessionExportFormatIds],
      ).default("json"),
    )
    .option(
      "--output <path>",
      "where to write: a file, a directory (a safe file name is generated), or - for standard output (the default)",
    )
    .addOption(
      new Option("--reasoning <policy>", "include or omit reasoning parts")
        .choices(["include", "omit"])
        .default("include"),
    )
    .option("--truncate", "truncate tool outputs larger than the limit")
    .option("--limit <size>", "truncation limit in bytes of canonical JSON: 65536, 64KiB, 1MiB (default 64KiB)")
    .option("--no-redact", "do not redact secrets")
    .option("--json", "print a JSON report of what was read and written on stdout (the export then goes to --output)")
    .addHelpText(
      "after",
      examples(
        "agent-transcript export storage/transcripts/<run-id>.jsonl --format markdown --output exports/",
        "agent-transcript export run.json --reasoning omit --truncate --limit 16KiB > shared.json",
        "agent-transcript export storage/transcripts/<run-id>.jsonl --format jsonl --output shared.jsonl",
        "agent-transcript export storage/transcripts/<run-id>.jsonl --format html --output run.html",
        "agent-transcript export session.jsonl --format atif --output out/trajectory.json --json",
      ),
    );
  withCommonOptions(exportCommand).action(async (input: string, options: ExportCommandOptions) => {
    const { runExport } = await import("./commands/export.js");
    setExitCode(await runExport(input, options, io));
  });

  const viewCommand = program
    .command("view")
    .description(
      "show a transcript in the browser: serves the viewer and this one input, with secrets redacted (on by default), on 127.0.0.1 (a free port, read-only) to whoever has the printed URL, which carries a random access token; Ctrl-C stops",
    )
    .argument(
      "<input>",
      "a transcript document, an event log (with its child runs beside it), an agent's session or a provider payload; - reads standard input",
    )
    .option("--open", "open the URL in the default browser (when none can be opened, the URL is still printed)")
    .option("--port <port>", "serve on this port instead of a free one")
    .option("--no-redact", "do not redact secrets")
    .addHelpText(
      "after",
      examples(
        "agent-transcript view storage/transcripts/<run-id>.jsonl --open",
        "agent-transcript view ~/.claude/projects/-work-app/<session>.jsonl --port 8080",
      ),
    );
  withCommonOptions(viewCommand).action(async (input: string, options: ViewCommandOptions) => {
    const { runView } = await import("./commands/view.js");
    setExitCode(await runView(input, options, io));
  });

  const importCommand = program
    .command("import")
    .description(
      "import an agent's session (a Claude Code log, a Codex rollout, a Gemini CLI session, with its sub-agents; a folder of them) as a transcript document; what has no canonical place is kept and named, line by line, as warnings",
    )
    .argument(
      "<path>",
      "the session file (Claude Code: ~/.claude/projects/<project>/<session>.jsonl; Codex: ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl or .jsonl.zst; Gemini CLI: ~/.gemini/tmp/<project-hash>/chats/session-*.json or .jsonl; gzip too); its sub-agent files are found beside it; a folder imports every session in it (--output DIR/); - reads standard input",
    )
    .addOption(
      withChoices(
        new Option("--format <format-id>", "the session's format, instead of detecting it from its first lines"),
        formats?.sessionFormatIds,
      ),
    )
    .option(
      "--output <path>",
      "where to write the document: a file, a directory (a safe file name is generated), or - for standard output (the default)",
    )
    .option(
      "--json",
      "print a JSON report of what was read, written and lost on stdout (the document then goes to --output)",
    )
    .addHelpText(
      "after",
      `
Examples:
  agent-transcript import ~/.claude/projects/-home-me-app/4d5611e5.jsonl --output session.json
  agent-transcript import session.jsonl --json --output session.json --quiet
  agent-transcript import ~/.gemini/tmp/fb8e24…/chats --output imported/`,
    );
  withCommonOptions(importCommand).action(async (input: string, options: ImportCommandOptions) => {
    const { runImport } = await import("./commands/import.js");
    setExitCode(await runImport(input, options, io));
  });

  const sessionsCommand = program
    .command("sessions")
    .description(
      "list the sessions coding agents keep on this machine (Claude Code, Codex CLI, Gemini CLI): project, start time, messages, tokens and models per session, read through the session importers",
    )
    .addOption(withChoices(new Option("--agent <format-id>", "only this agent's sessions"), formats?.listedAgentIds))
    .option(
      "--root <dir>",
      "look here instead of the home directory: a folder holding the agents' folders (.claude, .codex, .gemini), or one agent's folder",
    )
    .option("--json", "print the sessions as JSON on stdout (newest first), with the files that could not be read")
    .addHelpText(
      "after",
      `
Examples:
  agent-transcript sessions
  agent-transcript sessions --agent gemini-cli --json
  agent-transcript sessions --root ~/backup/laptop-home`,
    );
  sessionsCommand.action(async (options: SessionsCommandOptions) => {
    const { runSessions } = await import("./commands/sessions.js");
    setExitCode(await runSessions(options, io));
  });

  const convert = program
    .command("convert")
    .description(
      "convert a provider request, response or stream, another system's document (portable message list, Warp export, devflow run), an agent's session (Claude Code, Gemini CLI) or a transcript document to another format; losses are reported as warnings (or, with --strict, refused)",
    )
    .argument(
      "<input>",
      "a JSON file (.json, .json.gz), a stream as JSON lines (.jsonl, .chunks.txt), server-sent events or an agent's session, told apart by content; - reads standard input",
    )
    .addOption(
      withChoices(
        new Option("--to <format-id>", "the format to write"),
        formats?.convertTargetFormatIds,
      ).makeOptionMandatory(),
    )
    .addOption(
      withChoices(
        new Option("--from <format-id>", "the input's format, instead of detecting it"),
        formats?.convertFormatIds,
      ),
    )
    .option("--output <path>", "where to write the converted payload; - for standard output (the default)")
    .option("--strict", "fail, writing nothing, when anything would be lost or changed")
    .addOption(
      new Option(
        "--foreign-reasoning <policy>",
        "reasoning another provider produced: drop it, send it as text, or keep it without its opaque data",
      ).choices(["drop", "text", "keep"]),
    )
    .addOption(
      new Option(
        "--kind <kind>",
        "what to write when the input is a document (a transcript or another system's) and the target a provider",
      )
        .choices(["request", "response", "stream"])
        .default("request"),
    )
    .option(
      "--model <name>",
      "the model a request names, whatever the input says (carried from the input's settings otherwise)",
    )
    .option(
      "--max-tokens <count>",
      "the output token limit a request sets, in the target's field (max_tokens, max_output_tokens, maxOutputTokens, …)",
    )
    .option("--json", "print a JSON report on stdout (the payload then goes to --output, which is required)")
    .option(
      "--redact",
      "redact secrets in the converted payload with export's default redactor, for payloads sent elsewhere; the counts per rule go to stderr (or the --json report)",
    )
    .option("--no-redact", "do not redact secrets (the default; cancels an earlier --redact)")
    .addHelpText(
      "after",
      examples(
        "agent-transcript convert request.json --to gemini --output gemini-request.json",
        "agent-transcript convert gemini-request.json --to anthropic --model claude-sonnet-4-5 --max-tokens 2048",
        "agent-transcript convert rollout.jsonl --from codex --to openai-responses --output request.json",
        "agent-transcript convert session.json --to awf-transcript --output storage/transcripts/run.jsonl",
      ),
    );
  withCommonOptions(convert).action(async (input: string, options: ConvertCommandOptions) => {
    const { runConvert } = await import("./commands/convert.js");
    setExitCode(await runConvert(input, options, io));
  });

  // The AWF transcript logs' jq recipes as commands: each reads the log as a stream (README, "Event log queries").
  const queries: Array<{
    name: string;
    description: string;
    recipe: string;
    example: string;
    run: "runTools" | "runText" | "runTimeline" | "runTree" | "runCheck";
  }> = [
    {
      name: "tools",
      description: "each tool call paired with its result by call_id: call id, tool, ok or error, duration",
      recipe: "group_by(.payload.call_id) over tool.call and tool.result",
      example: "agent-transcript tools storage/transcripts/<run-id>.jsonl --json | jq 'sort_by(.call_id)'",
      run: "runTools",
    },
    {
      name: "text",
      description: "the assistant's text: every text block of every message.assistant event",
      recipe: 'select(.type == "message.assistant") | .payload.blocks[] | select(.type == "text") | .text',
      example: "agent-transcript text storage/transcripts/<run-id>.jsonl",
      run: "runText",
    },
    {
      name: "timeline",
      description: "every step as it started: seq, path, kind and name, tab-separated",
      recipe: 'select(.type == "step.started") | "\\(.seq)\\t\\(.path)\\t\\(.payload.kind)\\t\\(.payload.name)"',
      example: "agent-transcript timeline storage/transcripts/<run-id>.jsonl",
      run: "runTimeline",
    },
    {
      name: "tree",
      description: "the run and every child run it started, at any depth, from the logs beside it",
      recipe: 'select(.type == "step.call_workflow.started") | .child_run_id, followed into each child\'s log',
      example: "agent-transcript tree storage/transcripts/<parent-run-id>.jsonl",
      run: "runTree",
    },
    {
      name: "check",
      description:
        "check a log's rules (seq sorted and contiguous from 1, one run id, every line readable) and count tool calls by fidelity; exit 1 when broken",
      recipe: "[.[].seq] | . == (sort), and group_by(.payload.fidelity) over tool.call",
      example: "agent-transcript check storage/transcripts/<run-id>.jsonl --json",
      run: "runCheck",
    },
  ];
  for (const query of queries) {
    const command = program
      .command(query.name)
      .description(query.description)
      .argument("<log>", "an event log (.jsonl, .jsonl.gz); - reads standard input")
      .option("--json", "print the result as JSON on stdout")
      .addHelpText(
        "after",
        `
The AWF transcript logs' recipe it answers: ${query.recipe}
${examples(query.example, `agent-transcript ${query.name} storage/transcripts/<run-id>.jsonl.gz --quiet`)}`,
      );
    withCommonOptions(command).action(async (input: string, options: EventLogQueryOptions) => {
      const queries = await import("./commands/event-log-queries.js");
      setExitCode(await queries[query.run](input, options, io));
    });
  }

  const stats = program
    .command("stats")
    .description(
      "what a run did, in numbers: messages by role, tool calls by name with errors and durations, tokens (cache, reasoning), cost with its pricing date, duration, models; per child run and rolled up; a folder gives one row per run and the totals",
    )
    .argument(
      "<inputs...>",
      "event logs (streamed, child logs beside them followed), documents, sessions, or folders of them; - reads standard input",
    )
    .option("--json", "print the statistics as JSON on stdout")
    .addHelpText(
      "after",
      `
Examples:
  agent-transcript stats storage/transcripts/<run-id>.jsonl
  agent-transcript stats storage/transcripts --json | jq .totals
  agent-transcript stats ~/.claude/projects/-home-me-app/4d5611e5.jsonl`,
    );
  withCommonOptions(stats).action(async (inputs: string[], options: StatsCommandOptions) => {
    const { runStats } = await import("./commands/stats.js");
    setExitCode(await runStats(inputs, options, io));
  });

  const tail = program
    .command("tail")
    .description(
      "the last events of an event log, one line each; with -f, every event as it is written, until the run completes",
    )
    .argument("<log>", "an event log (.jsonl, .jsonl.gz); - reads standard input (not with -f)")
    .option("-f, --follow", "keep reading as the log grows, until run.completed, --idle, or Ctrl-C")
    .option("-n, --lines <count>", "how many of the last events to print first (default 10; 0 for none)")
    .option("--idle <seconds>", "with -f: stop once the log has not grown for this long")
    .option("--json", "print each event as one JSON line, as the log holds it")
    .addHelpText(
      "after",
      `
Examples:
  agent-transcript tail -f storage/transcripts/<run-id>.jsonl
  agent-transcript tail -n 0 -f --json storage/transcripts/<run-id>.jsonl | jq -r 'select(.type == "tool.call") | .payload.name'`,
    );
  withCommonOptions(tail).action(async (input: string, options: TailCommandOptions) => {
    const { runTail } = await import("./commands/tail.js");
    setExitCode(await runTail(input, options, io));
  });

  const redact = program
    .command("redact")
    .description(
      "replace the secrets in a file, keeping its format (JSON stays JSON, an event log or session stays JSON lines), and report what was replaced by rule",
    )
    .argument("<input>", "any JSON or JSON lines file (.gz too); - reads standard input")
    .option("--output <path>", "where to write the redacted file; - for standard output (the default)")
    .option("--json", "print a JSON report on stdout (the redacted file then goes to --output)")
    .addHelpText(
      "after",
      `
Examples:
  agent-transcript redact storage/transcripts/<run-id>.jsonl --output shared.jsonl
  agent-transcript redact request.json --json --output request.redacted.json | jq .redaction`,
    );
  withCommonOptions(redact).action(async (input: string, options: RedactCommandOptions) => {
    const { runRedact } = await import("./commands/redact.js");
    setExitCode(await runRedact(input, options, io));
  });

  program
    .command("repair")
    .description(
      "after a crash, move an event log's damaged tail (a line cut short, NUL bytes, garbage) to a sibling quarantine file and truncate the log to its last complete line, so a recorder continues its seq; nothing is destroyed",
    )
    .argument("<logs...>", "event logs (.jsonl) to repair in place")
    .option("--json", "print a JSON report of what was found and done on stdout")
    .option("-q, --quiet", "print only errors on stderr")
    .option("--verbose", "(accepted for symmetry; repair says one line per log)")
    .addHelpText(
      "after",
      `
A log a live recorder is writing is refused (its lock is held). Lines before the damage are never read or changed.
${examples("agent-transcript repair storage/transcripts/<run-id>.jsonl", "agent-transcript repair storage/transcripts/*.jsonl --json")}`,
    )
    .action(async (files: string[], options: RepairCommandOptions) => {
      const { runRepair } = await import("./commands/repair.js");
      setExitCode(await runRepair(files, options, io));
    });

  const snapshot = program
    .command("snapshot")
    .description(
      "workspace snapshots for handing a run to another machine (Oz snapshot declarations): create one from the declarations the environment names, show one, apply one",
    )
    .addHelpText(
      "after",
      examples(
        "agent-transcript snapshot create --output run.snapshot.jsonl",
        "agent-transcript snapshot show run.snapshot.jsonl",
        "agent-transcript snapshot apply run.snapshot.jsonl --target app",
      ),
    );
  snapshot
    .command("create")
    .description(
      "run $AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT (or read $AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE) and write a snapshot bundle: each repository's changes as a git patch, each declared file's content",
    )
    .option(
      "--output <path>",
      "where to write the bundle: a file, a folder (a name is generated), or - for standard output",
    )
    .option("--no-snapshot", "take no snapshot (as a run started with --no-snapshot)")
    .option("--redact", "replace the secrets the scanner finds with placeholders before writing")
    .option("--timeout <seconds>", "how long the declarations script may run before it is killed (default 60)")
    .option("--max-file-size <size>", "leave out files larger than this (default 100MiB)")
    .option("--run-id <id>", "the run the snapshot belongs to (recorded, and names the bundle in a folder)")
    .option("--json", "print a JSON report on stdout (the bundle then goes to --output, which is required)")
    .option("-q, --quiet", "print only errors on stderr")
    .option("--verbose", "(accepted for symmetry with the other commands)")
    .addHelpText(
      "after",
      "\nExamples:\n  AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE=/work/declarations.jsonl agent-transcript snapshot create --output run.snapshot.jsonl\n  AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT=./declare.sh agent-transcript snapshot create --output snapshots/ --redact",
    )
    .action(async (options: SnapshotCreateOptions) => {
      const { runSnapshotCreate } = await import("./commands/snapshot.js");
      setExitCode(await runSnapshotCreate(options, io));
    });
  snapshot
    .command("show")
    .description(
      "check a snapshot bundle and summarise it: repositories, files, sizes, secrets found, what was left out",
    )
    .argument("<bundle>", "a snapshot bundle (.snapshot.jsonl)")
    .option("--json", "print the summary as JSON")
    .addHelpText(
      "after",
      examples(
        "agent-transcript snapshot show run.snapshot.jsonl",
        "agent-transcript snapshot show run.snapshot.jsonl --json | jq .files",
      ),
    )
    .action(async (bundle: string, options: SnapshotShowOptions) => {
      const { runSnapshotShow } = await import("./commands/snapshot.js");
      setExitCode(await runSnapshotShow(bundle, options, io));
    });
  snapshot
    .command("apply")
    .description(
      "apply a snapshot bundle onto checkouts at the recorded commits, reproducing the working trees; refuses another HEAD or a dirty tree unless --force",
    )
    .argument("<bundle>", "a snapshot bundle (.snapshot.jsonl)")
    .option("--target <folder>", "the folder the snapshot's root maps to (default: the current folder)")
    .option("--force", "apply even onto another HEAD or a dirty tree, and replace declared files that differ")
    .option("--json", "print a JSON report on stdout")
    .addHelpText(
      "after",
      examples(
        "git clone URL app && git -C app checkout HEAD_FROM_SHOW && agent-transcript snapshot apply run.snapshot.jsonl --target app",
        "agent-transcript snapshot apply run.snapshot.jsonl --force --json",
      ),
    )
    .action(async (bundle: string, options: SnapshotApplyOptions) => {
      const { runSnapshotApply } = await import("./commands/snapshot.js");
      setExitCode(await runSnapshotApply(bundle, options, io));
    });

  program
    .command("schema")
    .description("print one of the format's JSON Schemas (as this package ships them) on stdout, or list them")
    .argument(
      "[name]",
      "the schema: transcript, event, message, part, usage, cost, snapshot-declaration, snapshot-bundle",
    )
    .option("--version <version>", "the format's major version (v1); default the newest shipped")
    .option("--list", "list the schemas' names instead")
    .option("--json", "with --list: the list as JSON")
    .addHelpText(
      "after",
      examples(
        "agent-transcript schema transcript > transcript.schema.json",
        "agent-transcript schema event --version v1 | jq '.properties | keys'",
        "agent-transcript schema --list",
      ),
    )
    .action(async (name: string | undefined, options: SchemaCommandOptions) => {
      const { runSchema } = await import("./commands/schema.js");
      setExitCode(await runSchema(name, options, io));
    });

  program
    .command("formats")
    .description(
      "every format id: what reads and writes it, what it is detected by, the files it comes in (from the providers' registry)",
    )
    .option("--json", "print the formats as JSON")
    .addHelpText(
      "after",
      examples(
        "agent-transcript formats",
        "agent-transcript formats --json | jq -r '.[] | select(.write != []) | .id'",
      ),
    )
    .action(async (options: FormatsCommandOptions) => {
      const { runFormats } = await import("./commands/formats.js");
      setExitCode(runFormats(options, io));
    });

  program
    .command("completion")
    .description("print a shell completion script (commands, options, format ids), generated from this command line")
    .addArgument(new Argument("<shell>", "the shell").choices(["bash", "zsh", "fish"]))
    .addHelpText(
      "after",
      examples(
        "agent-transcript completion bash > ~/.local/share/bash-completion/completions/agent-transcript",
        'agent-transcript completion zsh > "${fpath[1]}/_agent-transcript"',
        "agent-transcript completion fish > ~/.config/fish/completions/agent-transcript.fish",
      ),
    )
    .action(async (shell: CompletionShell) => {
      const { runCompletion } = await import("./commands/completion.js");
      setExitCode(runCompletion(shell, program, io));
    });

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
