/**
 * The program's own help (`agent-transcript --help`) as commander writes it, kept in `generated/root-help.ts` so that
 * `bin.ts` prints it without loading commander and the twenty-three command definitions: `--help` starts as fast as
 * `--version` (the README's "Performance", start-up rows). Help is wrapped at a fixed width (`helpWidth` in cli.ts),
 * so the text is the same on every terminal, in a pipe and in a file.
 *
 * `pnpm --filter @agent-transcript/cli generate` writes the file, `check:generated` (part of `pnpm test`) fails when
 * it differs from what the definitions give, and a test compares the built command's `--help` with commander's.
 */
import { run } from "./cli.js";
import type { CommandIo } from "./io.js";

/** The program's help as commander writes it into a pipe. */
export async function renderRootHelp(): Promise<string> {
  let text = "";
  let errors = "";
  const io: CommandIo = {
    stdout: (chunk) => {
      text += chunk;
    },
    stderr: (chunk) => {
      errors += chunk;
    },
    stdin: async function* () {},
    color: false,
    stdoutIsTerminal: false,
  };
  const status = await run(["--help"], io);
  if (status !== 0 || errors !== "") throw new Error(`--help failed (${status}): ${errors}`);
  return text;
}

/** The generated module's text for a given help text. */
export function rootHelpModule(help: string): string {
  return [
    "// AUTO-GENERATED FILE. DO NOT EDIT.",
    "// Source: packages/cli/src/commands/*/definition.ts, packages/cli/src/cli.ts (commander's --help)",
    "// Regenerate: pnpm --filter @agent-transcript/cli generate",
    "",
    "/** `agent-transcript --help`, as commander writes it at the help width (cli.ts). */",
    "export const rootHelp = [",
    ...help.split("\n").map((line) => `  ${JSON.stringify(line)},`),
    '].join("\\n");',
    "",
  ].join("\n");
}
