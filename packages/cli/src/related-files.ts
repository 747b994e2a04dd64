/**
 * The files an interchange format (ATIF, AWF transcript logs) writes beyond its main one (child runs, continuations),
 * as `convert --to` and `export --format` write them: beside an output file, each under its own name.
 */
import { describeCount } from "@agent-transcript/core/text";
import type { SessionExportFile } from "@agent-transcript/providers";
import path from "node:path";
import type { CommandIo } from "./io.js";
import { planOutput, writeOutput } from "./output.js";

/**
 * Whether a related file's name, which comes from the document (a run id, a continuation's file name), is a plain
 * file name: only such a name is written, never a path that would leave the output's folder.
 */
function isPlainFileName(name: string): boolean {
  return name !== "" && !/[/\\]/.test(name) && !name.includes("\0") && name !== "." && name !== "..";
}

/** The warning for a related file left unwritten because its name is not a plain file name. */
function notPlainFileNameMessage(name: string): string {
  return `a related file named ${JSON.stringify(name)} was not written: not a plain file name`;
}

/**
 * The related files whose names are plain ({@link isPlainFileName}); each one left out is said through `dropped`
 * with {@link notPlainFileNameMessage}, before anything is written.
 */
export function plainRelatedFiles(
  related: readonly SessionExportFile[],
  dropped: (message: string) => void,
): SessionExportFile[] {
  return related.filter((file) => {
    const plain = isPlainFileName(file.name);
    if (!plain) dropped(notPlainFileNameMessage(file.name));
    return plain;
  });
}

/** The warning for related files left unwritten because the output is not a file (standard output, a stream). */
export function writtenOnlyBesideFileMessage(related: readonly SessionExportFile[]): string {
  return `${describeCount(related.length, "related file")} (${related.map((file) => file.name).join(", ")}) written only beside an --output file`;
}

/**
 * Writes each related file into the folder of the output file `outputPath`, refusing, as the output does, to
 * overwrite an input. The names must be plain ({@link isPlainFileName}).
 */
export async function writeRelatedFiles(
  outputPath: string,
  related: readonly SessionExportFile[],
  io: CommandIo,
  inputs: readonly string[],
  filesRead: readonly string[],
  mode?: number,
): Promise<void> {
  for (const file of related) {
    const beside = await planOutput({
      output: path.join(path.dirname(outputPath), file.name),
      inputs,
      directory: "refuse",
      ...(mode === undefined ? {} : { mode }),
    });
    await writeOutput(beside, io, [file.text], filesRead);
  }
}
