/**
 * Opening an input file at the moment it is read, never in a way that can block: opened without blocking and judged
 * by what the open descriptor is (no look at the path first that a swap could outdate). A regular file is read as a
 * file; a pipe (a FIFO, or the `/dev/fd/N` of a shell's `<(…)`) named as the main input is read as a stream, as
 * standard input is; anything else (a device such as /dev/zero, a socket, a folder), and any special file or link
 * where the command looks for a file by itself (an event log's child log, a session's related file), is refused with
 * what it is.
 */
import { close, constants, fstat, open, read, type Stats } from "node:fs";
import { Socket } from "node:net";
import { promisify } from "node:util";

const openDescriptor = promisify(open);
const statDescriptor = promisify(fstat);
const closeDescriptor = promisify(close);
const readDescriptor = promisify(read);

/** A file the user named (links followed, a pipe read as a stream), or one the command found (neither). */
export type InputRole = "named" | "found";

/** Why an input cannot be read: what it is, in words; or the error of opening it. */
export class InputNotReadable extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** An input opened: a regular file (its descriptor and size), or a pipe as a stream of chunks. */
export type OpenedInput =
  | {
      kind: "file";
      size: number;
      read(buffer: Buffer, offset: number, length: number, position: number): Promise<number>;
      close(): Promise<void>;
    }
  | { kind: "pipe"; chunks: AsyncIterable<Buffer>; close(): Promise<void> };

/** What a file that is not a regular one is, for a message. */
export function describeFileType(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO (named pipe)";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * Opens `file` without blocking: `named`, a link is followed and a pipe becomes a stream; `found`, a link at the last
 * step is refused (ELOOP) and so is anything but a regular file. Throws an {@link InputNotReadable} saying why not, or
 * the open's own error (a missing file: ENOENT).
 */
export async function openInput(file: string, role: InputRole): Promise<OpenedInput> {
  let descriptor: number;
  try {
    descriptor = await openDescriptor(
      file,
      constants.O_RDONLY | constants.O_NONBLOCK | (role === "found" ? constants.O_NOFOLLOW : 0),
    );
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "ELOOP" && role === "found") throw new InputNotReadable("is a symbolic link; not followed", code);
    // A socket cannot be opened as a file at all.
    if (code === "ENXIO")
      throw new InputNotReadable("is a socket or a device with nothing behind it, not a file", code);
    throw error;
  }
  let stats: Stats;
  try {
    stats = await statDescriptor(descriptor);
  } catch (error) {
    await closeDescriptor(descriptor);
    throw error;
  }
  if (stats.isFile())
    return {
      kind: "file",
      size: stats.size,
      read: async (buffer, offset, length, position) =>
        (await readDescriptor(descriptor, buffer, offset, length, position)).bytesRead,
      close: () => closeDescriptor(descriptor),
    };
  if (stats.isFIFO() && role === "named") return pipeInput(descriptor);
  await closeDescriptor(descriptor);
  if (stats.isDirectory()) throw new InputNotReadable("is a directory", "EISDIR");
  throw new InputNotReadable(
    role === "named"
      ? `is ${describeFileType(stats)}, not a file: name a regular file or a pipe, or - for standard input`
      : `is ${describeFileType(stats)}, not a regular file`,
  );
}

/**
 * A pipe opened without blocking, read as a stream. Linux never says "hung up" of a FIFO that has had no writer, so a
 * first read decides: nothing and no writer (0 bytes) is an empty input, there and then; otherwise libuv reads the rest
 * as it should, waiting for data without holding a thread and ending when the last writer closes.
 */
async function pipeInput(descriptor: number): Promise<OpenedInput> {
  const first = Buffer.allocUnsafe(64 * 1024);
  let firstBytes: number;
  try {
    firstBytes = (await readDescriptor(descriptor, first, 0, first.length, null)).bytesRead;
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== "EAGAIN") {
      await closeDescriptor(descriptor);
      throw error;
    }
    // A writer is there, with nothing written yet.
    firstBytes = -1;
  }
  if (firstBytes === 0) {
    await closeDescriptor(descriptor);
    const nothing = (async function* (): AsyncGenerator<Buffer> {})();
    return { kind: "pipe", chunks: nothing, close: async () => undefined };
  }
  const socket = new Socket({ fd: descriptor, readable: true, writable: false });
  async function* chunks(): AsyncGenerator<Buffer> {
    if (firstBytes > 0) yield first.subarray(0, firstBytes);
    for await (const chunk of socket) yield chunk as Buffer;
  }
  return {
    kind: "pipe",
    chunks: chunks(),
    close: async () => {
      socket.destroy();
    },
  };
}

const readErrors: Record<string, string> = {
  ENOENT: "no such file",
  // Only stats and sessions read whole folders; every other command reads one file.
  EISDIR: "is a folder, not a file (give a file in it; stats and sessions read whole folders)",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

/** Why a file could not be opened or read, in words, with the system's code. */
export function describeReadError(error: unknown): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : undefined;
  return code && readErrors[code]
    ? `${readErrors[code]} (${code})`
    : error instanceof Error
      ? error.message
      : String(error);
}
