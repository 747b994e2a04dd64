// Compiled by the consumer test under `tsc --strict` (no skipLibCheck) in a project where @agent-transcript/cli (and
// what it depends on) is installed alone: the command run in-process, as its README's API section shows.
import { exitCodes, processIo, run, version, type CommandIo } from "@agent-transcript/cli";

/** True only for `any`: a declaration that lost its type reads as `any`, which assignability never catches. */
type IsAny<Value> = 0 extends 1 & Value ? true : false;
const ioIsTyped: IsAny<CommandIo> = false;

export async function validate(file: string): Promise<boolean> {
  const code: number = await run(["validate", file], processIo());
  return code === exitCodes.success;
}
export const uses = [ioIsTyped, version];
