/**
 * How many threads read a command's files (read-pool.ts), kept apart from the pool so that a command deciding it
 * needs none loads nothing of it.
 */
import { availableParallelism } from "node:os";

/** The environment variable that sets how many threads read (1: the main thread alone). */
export const readThreadsVariable = "AGENT_TRANSCRIPT_READ_THREADS";

/** At most this many workers: past it, the disk and the main thread's share of the work are what is waited on. */
const maxThreads = 8;

/**
 * How many threads should read `files` files: the variable's number when it names one (1 to 64), else one per core up
 * to {@link maxThreads}, and 1 when there is one core or too few files to pay for starting a worker (each loads the
 * readers anew: a few hundred milliseconds).
 */
export function readThreads(files: number, environment: NodeJS.ProcessEnv = process.env): number {
  const named = environment[readThreadsVariable];
  if (named !== undefined && /^\d{1,3}$/.test(named)) return Math.max(1, Math.min(Number(named), 64));
  if (files < 8) return 1;
  return Math.max(1, Math.min(availableParallelism(), maxThreads, Math.ceil(files / 4)));
}
