/**
 * How commands write files: never half-written, never in place of the target until complete.
 */
import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { UserError } from "./io.js";

/** Write beside the target, then rename: a crash or a full disk never leaves a half-written export in its place. */
export async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${Date.now()}.partial`);
  try {
    await writeFile(temporary, bytes, { flag: "wx", mode: 0o644 });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new UserError(`cannot write ${target}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
