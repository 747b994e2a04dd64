import { examples, type CommandDefinition } from "../../command-definition.js";
import type { SnapshotApplyOptions, SnapshotCreateOptions, SnapshotShowOptions } from "./run.js";

export const snapshot: CommandDefinition = {
  name: "snapshot",
  description:
    "workspace snapshots for handing a run to another machine (Oz snapshot declarations): create one from the declarations the environment names, show one, apply one",
  examples: [
    "agent-transcript snapshot create --output run.snapshot.jsonl",
    "agent-transcript snapshot show run.snapshot.jsonl",
    "agent-transcript snapshot apply run.snapshot.jsonl --target app",
  ],
  define(command, { io, setExitCode }) {
    command
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
        examples([
          "AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE=/work/declarations.jsonl agent-transcript snapshot create --output run.snapshot.jsonl",
          "AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT=./declare.sh agent-transcript snapshot create --output snapshots/ --redact",
        ]),
      )
      .action(async (options: SnapshotCreateOptions) => {
        const { runSnapshotCreate } = await import("./run.js");
        setExitCode(await runSnapshotCreate(options, io));
      });
    command
      .command("show")
      .description(
        "check a snapshot bundle and summarise it: repositories, files, sizes, secrets found, what was left out",
      )
      .argument("<bundle>", "a snapshot bundle (.snapshot.jsonl)")
      .option("--json", "print the summary as JSON")
      .addHelpText(
        "after",
        examples([
          "agent-transcript snapshot show run.snapshot.jsonl",
          "agent-transcript snapshot show run.snapshot.jsonl --json | jq .files",
        ]),
      )
      .action(async (bundle: string, options: SnapshotShowOptions) => {
        const { runSnapshotShow } = await import("./run.js");
        setExitCode(await runSnapshotShow(bundle, options, io));
      });
    command
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
        examples([
          "git clone URL app && git -C app checkout HEAD_FROM_SHOW && agent-transcript snapshot apply run.snapshot.jsonl --target app",
          "agent-transcript snapshot apply run.snapshot.jsonl --force --json",
        ]),
      )
      .action(async (bundle: string, options: SnapshotApplyOptions) => {
        const { runSnapshotApply } = await import("./run.js");
        setExitCode(await runSnapshotApply(bundle, options, io));
      });
  },
};
