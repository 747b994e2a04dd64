/**
 * The input limits every command takes, and how a size is written: the light part of the input layer, which the
 * command line needs to describe its options before any command's code is loaded.
 */
import { constants as bufferConstants } from "node:buffer";
import { defaultMaxDepth, defaultMaxInputBytes } from "@agent-transcript/core/json";
import { exitCodes, UserError } from "../io.js";

/** What every command holds its input to; the README's "Limits" section documents each. */
export interface InputLimits {
  /** Most bytes read from a file or standard input (the compressed size, for gzip). */
  maxInputBytes: number;
  /** Most bytes a gzip input may decompress to. */
  maxDecompressedBytes: number;
  /** Deepest nesting of arrays and objects in any JSON value read. */
  maxDepth: number;
}

export const defaultInputLimits: Readonly<InputLimits> = Object.freeze({
  maxInputBytes: defaultMaxInputBytes,
  maxDecompressedBytes: defaultMaxInputBytes,
  maxDepth: defaultMaxDepth,
});

/** `256 MiB (268435456 bytes)`: a limit as people and scripts both read it. */
export function describeSize(bytes: number): string {
  const mebibytes = bytes / 1024 ** 2;
  const human = Number.isInteger(mebibytes)
    ? `${mebibytes} MiB`
    : bytes >= 1024 && Number.isInteger(bytes / 1024)
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;
  return human.endsWith(" bytes") ? human : `${human} (${bytes} bytes)`;
}

/**
 * The largest size either limit may be raised to: the longest string Node.js can build (512 MiB on 64-bit), since
 * the whole text is one string when parsed. UTF-8 never has fewer bytes than UTF-16 code units, so this many bytes
 * always fit.
 */
export const largestInputBytes = bufferConstants.MAX_STRING_LENGTH;

/** The options every command takes for its input, as commander hands them over. */
export interface InputOptions {
  maxInputSize?: string;
  maxDecompressedSize?: string;
}

// No gigabytes: no limit here may exceed 512 MiB.
const units: Record<string, number> = { b: 1, kb: 1000, kib: 1024, mb: 1000 ** 2, mib: 1024 ** 2 };

/** `65536`, `64KiB`, `64 KiB`, `1MB`: a whole number of bytes, at least `minimum`, or a usage error naming `flag`. */
export function parseByteSize(text: string, flag: string, minimum: number): number {
  const match = /^(\d{1,12})\s?([a-z]{0,3})$/i.exec(text.trim());
  const unit = units[(match?.[2] || "b").toLowerCase()];
  const bytes = match && unit ? Number(match[1]) * unit : Number.NaN;
  if (!Number.isSafeInteger(bytes) || bytes < minimum)
    throw new UserError(
      `${flag} ${JSON.stringify(text)} is not a size of at least ${minimum} bytes (for example 65536, 64KiB, 1MiB)`,
      exitCodes.usage,
    );
  return bytes;
}

/** The limits a command runs with: the defaults, or what its --max-input-size and --max-decompressed-size say. */
export function inputLimits(options: InputOptions): InputLimits {
  const size = (text: string | undefined, flag: string, fallback: number): number => {
    if (text === undefined) return fallback;
    const bytes = parseByteSize(text, flag, 1);
    if (bytes > largestInputBytes)
      throw new UserError(
        `${flag} ${text} is more than ${describeSize(largestInputBytes)}, the longest text Node.js can hold`,
        exitCodes.usage,
      );
    return bytes;
  };
  return {
    maxInputBytes: size(options.maxInputSize, "--max-input-size", defaultInputLimits.maxInputBytes),
    maxDecompressedBytes: size(
      options.maxDecompressedSize,
      "--max-decompressed-size",
      defaultInputLimits.maxDecompressedBytes,
    ),
    maxDepth: defaultInputLimits.maxDepth,
  };
}
