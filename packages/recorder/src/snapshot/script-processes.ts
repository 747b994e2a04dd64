// Every process a declarations script started, found again when the script ends. Killing the script's process group
// misses whatever left it: a process that called setsid(), or that a double fork handed to init. Linux keeps no
// "started by" link a process cannot shed, so two traces are followed instead: a random marker variable put in the
// script's environment (every descendant inherits it unless it clears its environment), and the script's stderr
// (every descendant inherits the descriptor unless it closes it). A process that does both, or that changes user
// (setuid), cannot be told from any other process and survives; the README says so. Without /proc (not Linux) only
// the process group is killed.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, readdir, readFile, readlink, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** The variable the marker is put in. */
export const scriptMarkerVariable = "AGENT_TRANSCRIPT_SNAPSHOT_SCRIPT_MARKER";

export interface ScriptTraces {
  /** `NAME=value`, as it appears between NULs in `/proc/<pid>/environ`. */
  readonly environmentEntry: string;
  /** What `/proc/<pid>/fd/<n>` reads as for a descriptor of the script's stderr (`socket:[123]`), when known. */
  readonly descriptors: ReadonlySet<string>;
}

/** A fresh marker for one run of a script: 128 random bits, so no unrelated process carries it by chance. */
export function newScriptMarker(): { variable: string; value: string } {
  return { variable: scriptMarkerVariable, value: randomBytes(16).toString("hex") };
}

/** What `/proc/self/fd/<fd>` points to (`socket:[123]`, `pipe:[456]`), or undefined where it cannot be read. */
export async function descriptorLink(fd: number | undefined): Promise<string | undefined> {
  if (fd === undefined || !Number.isInteger(fd) || fd < 0) return undefined;
  return readlink(`/proc/self/fd/${fd}`).catch(() => undefined);
}

/** A stream for the script's stderr whose far end the script is given: one socket, the same object in every holder. */
export interface TracedStream {
  /** Given to the script as its stderr (then closed here): the descriptor its descendants inherit. */
  readonly childEnd: net.Socket;
  /** Where this process reads what the script writes. */
  readonly reader: net.Socket;
  /** What `/proc/<pid>/fd/<n>` reads as in any process holding `childEnd` (`socket:[123]`). */
  readonly trace: string | undefined;
}

/** Unix socket paths are limited to about 108 bytes; a temporary folder deeper than this gets no traced stream. */
const socketPathLimit = 100;

/**
 * A connected pair of Unix sockets for the script's stderr. Node's own `stdio: "pipe"` is a socketpair whose two
 * ends are different objects (inodes): a descendant holding the child's end could not be recognised from ours. Here
 * the child's end is a socket this process holds too, so its identity is known before the script starts. Made
 * through a listening socket in a fresh private folder (0700), removed as soon as the pair is connected. Undefined
 * where that cannot be done (a temporary folder path too long for a socket): the caller falls back to a pipe.
 */
export async function openTracedStream(): Promise<TracedStream | undefined> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "at-snapshot-"));
  const socketPath = path.join(folder, "stderr");
  if (Buffer.byteLength(socketPath) > socketPathLimit) {
    await rm(folder, { recursive: true, force: true });
    return undefined;
  }
  const server = net.createServer();
  try {
    server.listen(socketPath);
    await once(server, "listening");
    const accepted = once(server, "connection") as Promise<[net.Socket]>;
    const childEnd = net.connect(socketPath);
    await once(childEnd, "connect");
    const [reader] = await accepted;
    const fd = (childEnd as unknown as { _handle?: { fd?: number } })._handle?.fd;
    return { childEnd, reader, trace: await descriptorLink(fd) };
  } finally {
    server.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** The processes, other than this one, that carry the marker or hold one of the script's descriptors. */
export async function tracedProcesses(traces: ScriptTraces): Promise<number[]> {
  const entries = await readdir("/proc").catch(() => [] as string[]);
  const needle = Buffer.from(`${traces.environmentEntry}\0`);
  const pids = entries.filter((entry) => /^\d+$/.test(entry)).map(Number);
  // All at once: each check is a few reads of kernel memory, and one after another they add up to tens of ms.
  const traced = await Promise.all(
    pids.map(
      async (pid) =>
        pid !== process.pid &&
        ((await carries(pid, needle)) || (traces.descriptors.size > 0 && (await holds(pid, traces.descriptors)))),
    ),
  );
  return pids.filter((_pid, index) => traced[index]);
}

async function carries(pid: number, needle: Buffer): Promise<boolean> {
  // Unreadable (another user's process, or gone): not one we can find or kill. A zombie's reads as empty.
  const environment = await readFile(`/proc/${pid}/environ`).catch(() => undefined);
  if (environment === undefined) return false;
  const at = environment.indexOf(needle);
  return at === 0 || (at > 0 && environment[at - 1] === 0);
}

async function holds(pid: number, descriptors: ReadonlySet<string>): Promise<boolean> {
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
  for (const fd of fds) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => undefined);
    if (link !== undefined && descriptors.has(link)) return true;
  }
  return false;
}

/**
 * SIGKILLs every traced process, scanning again until a scan finds none (a process may fork while it is killed; a
 * killed one stops carrying either trace once it is a zombie), or until `boundMs` has passed. Returns the pids still
 * found at the end (none, unless something forks faster than it is killed).
 */
export async function killTracedProcesses(traces: ScriptTraces, boundMs: number): Promise<number[]> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    // Reading another process's environment waits for its memory lock: a process that holds it (stuck in a fault
    // on a hung file system) must not hold this up past the bound.
    const found = await Promise.race([
      tracedProcesses(traces),
      sleep(Math.max(0, deadline - Date.now()), undefined, { ref: false }),
    ]);
    if (found === undefined || found.length === 0 || Date.now() > deadline) return found ?? [];
    for (const pid of found) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone between the scan and the kill.
      }
    }
    // A killed process lingers until the kernel has torn it down: give it a moment before looking again.
    await sleep(5);
  }
}
