/**
 * The one input layer of every command: bytes from a file or standard input, bounded, decompressed as a stream when the
 * bytes say gzip or Zstandard (whatever the name), strict UTF-8, then parsed under core's limits. Every refusal is an
 * {@link InputProblem} naming where: a byte offset, a line and column, a JSON pointer.
 */
import path from "node:path";
import { constants as bufferConstants } from "node:buffer";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { decodeTranscript, describeCount, foldEventLog, locatePointers, type Tolerant } from "@agent-transcript/core";
import { abbreviatePointer, checkJsonValue, decodeUtf8, linesAndColumns, parseJson } from "@agent-transcript/core/json";
import { type ValidationMode } from "@agent-transcript/core/validators";
import {
  detectFormat,
  detectSessionFormat,
  payloadToCanonical,
  formatIds,
  isDocumentFormatId,
  isProviderFormatId,
  isExpectedSessionLoss,
  isSessionFormatId,
  type SessionFormatId,
  importSessionLines,
  type ImportSessionOutcome,
  type SessionFile,
  type SessionImportResult,
  type SessionLine,
  type SessionLoss,
} from "@agent-transcript/providers";
import {
  createZstdDecompressor,
  findRelatedSessionFiles,
  isZstd,
  minimumLineBytes,
} from "@agent-transcript/providers/node";
import { checkEventLog } from "@agent-transcript/recorder";
import { exitCodes, UserError, type CommandIo } from "./io.js";
import type { ReportedWarning } from "./warning-summary.js";

export interface InputProblem {
  line?: number;
  column?: number;
  pointer: string;
  message: string;
}

import { defaultInputLimits, describeSize, type InputLimits } from "./input-limits.js";
import { meterInput } from "./input-meter.js";
import { openInput, type InputRole, type OpenedInput } from "./open-input.js";

export { defaultInputLimits, describeSize, type InputLimits };

/**
 * The largest size either limit may be raised to: the longest string Node.js can build (512 MiB on 64-bit), since
 * the whole text is one string when parsed. UTF-8 never has fewer bytes than UTF-16 code units, so this many bytes
 * always fit.
 */
export const largestInputBytes = bufferConstants.MAX_STRING_LENGTH;

/** At most this many problems of one input are listed; the rest are counted ("and N more"). */
export const maximumListedProblems = 100;

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

/** Why a read stopped early: a limit crossed, or bytes that are not gzip. Carries the sentence the user sees. */
class InputRefused extends Error {}

/**
 * An input's text, and whether it was compressed (its lines are then held to --max-decompressed-size); or why it
 * could not be read, and whether that is because it is not there at all (`missing`).
 */
export type InputText =
  { ok: true; text: string; compressed: boolean } | { ok: false; problem: InputProblem; missing?: boolean };

const readErrors: Record<string, string> = {
  ENOENT: "no such file",
  EISDIR: "is a directory",
  EACCES: "permission denied",
  EPERM: "permission denied",
};

export function describeReadError(error: unknown): string {
  const code = error instanceof Error && "code" in error ? String(error.code) : undefined;
  return code && readErrors[code]
    ? `${readErrors[code]} (${code})`
    : error instanceof Error
      ? error.message
      : String(error);
}

/**
 * Reads a file or standard input (`-`) as text under `limits`. Gzip is recognised by its magic bytes on files and
 * stdin alike and decompressed as a stream: reading stops as soon as either limit is crossed, so memory stays
 * within the limit plus a chunk. The bytes must be UTF-8; a leading byte order mark is ignored (RFC 8259 §8.1), the
 * same for every command. A pipe named as the input (a FIFO, a shell's `<(…)`) is read as standard input is; a
 * device, a socket or a folder is refused, and so is anything but a regular file when `role` is `found` (a file the
 * command looked for by itself: see open-input.ts). Never throws.
 */
export async function readInput(
  input: string,
  io: CommandIo,
  limits: InputLimits,
  role: InputRole = "named",
): Promise<InputText> {
  const read = await readInputBytes(input, io, limits, role);
  if (!read.ok) return read;
  const decoded = decodeUtf8(read.bytes);
  if (!decoded.ok) {
    const { line, column, reason } = decoded.error;
    return { ok: false, problem: { line, column, pointer: "", message: reason } };
  }
  return { ok: true, text: decoded.text, compressed: read.compressed };
}

/** {@link readInput} before the text: the bytes, bounded and decompressed, and whether they were. Never throws. */
async function readInputBytes(
  input: string,
  io: CommandIo,
  limits: InputLimits,
  role: InputRole = "named",
): Promise<{ ok: true; bytes: Buffer; compressed: boolean } | { ok: false; problem: InputProblem; missing?: boolean }> {
  try {
    if (input === "-") return { ok: true, ...(await readBounded(io.stdin(), limits)) };
    const opened = await openInput(input, role);
    try {
      if (opened.kind === "pipe") return { ok: true, ...(await readBounded(opened.chunks, limits)) };
      // A file already over the limit is refused before a byte of it is read.
      if (opened.size > limits.maxInputBytes) throw new InputRefused(tooLargeMessage(limits.maxInputBytes));
      const whole = await readWholeFile(input, opened, limits.maxInputBytes);
      meterInput(undefined);
      if (!isGzip(whole) && !isZstd(whole)) return { ok: true, bytes: whole, compressed: false };
      return { ok: true, ...(await readBounded([whole], limits)) };
    } finally {
      await opened.close();
    }
  } catch (error) {
    const message = error instanceof InputRefused ? error.message : `cannot read: ${describeReadError(error)}`;
    const missing = (error as { code?: unknown } | null)?.code === "ENOENT";
    return { ok: false, problem: { pointer: "", message }, ...(missing ? { missing } : {}) };
  }
}

/**
 * Why a file of records (a session's or an event log's lines) is past its limit once each line that is not indented
 * counts at least {@link minimumLineBytes}: a record costs about a kilobyte of memory however short it is (2.4 million
 * one-word messages, 255 MiB, took 2.8 GB to import; ordinary lines of the same size 1.3 GB). The text's own limit is
 * --max-decompressed-size when it was compressed, --max-input-size when not (the larger when unknown). Undefined when
 * it is within.
 */
export function linesPastLimit(
  content: string | Buffer,
  limits: InputLimits,
  compressed?: boolean,
): InputProblem | undefined {
  const limit =
    compressed === undefined
      ? Math.max(limits.maxInputBytes, limits.maxDecompressedBytes)
      : compressed
        ? limits.maxDecompressedBytes
        : limits.maxInputBytes;
  let lines = 0;
  let shortfall = 0;
  for (let start = 0; start < content.length;) {
    const end = typeof content === "string" ? content.indexOf("\n", start) : content.indexOf(0x0a, start);
    const next = end === -1 ? content.length : end + 1;
    lines += 1;
    // An indented line is part of a pretty-printed document (one value), never a record of JSON lines.
    const first = typeof content === "string" ? content.charCodeAt(start) : content[start];
    if (first !== 0x20 && first !== 0x09) shortfall += Math.max(0, minimumLineBytes - (next - start));
    start = next;
  }
  if (content.length + shortfall <= limit) return undefined;
  const flag =
    compressed === undefined
      ? "--max-input-size (--max-decompressed-size for compressed input)"
      : compressed
        ? "--max-decompressed-size"
        : "--max-input-size";
  return {
    pointer: "",
    message: `its ${lines.toLocaleString("en-US")} lines count as more than the limit of ${describeSize(limit)}, each line at least ${minimumLineBytes} bytes (a record costs memory however short it is); raise it with ${flag}`,
  };
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * A session's lines from its bytes, each decoded on its own as the importer comes to it (holding every line's text
 * and object at once would cost more than the bytes): a line that is not UTF-8 comes with an error for the importer
 * to report (that line lost, not the file). A byte order mark at the start and a carriage return before a line feed
 * are dropped.
 */
export function* sessionLines(bytes: Buffer): Generator<SessionLine> {
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let line = 1; start < bytes.length; line += 1) {
    let end = bytes.indexOf(0x0a, start);
    const next = end === -1 ? bytes.length : end + 1;
    if (end === -1) end = bytes.length;
    const stop = end > start && bytes[end - 1] === 0x0d ? end - 1 : end;
    try {
      yield { line, text: strictUtf8.decode(bytes.subarray(start, stop)) };
    } catch {
      yield { line, text: "", error: "not valid UTF-8" };
    }
    start = next;
  }
}

/**
 * A regular file's bytes in one buffer of its size: reading it in chunks and joining them would hold it twice. A file
 * that grew while being read is refused at the input limit rather than read on without end.
 */
async function readWholeFile(
  file: string,
  opened: Extract<OpenedInput, { kind: "file" }>,
  limit: number,
): Promise<Buffer> {
  const size = opened.size;
  const buffer = Buffer.allocUnsafe(size);
  let filled = 0;
  meterInput({ file, totalBytes: size, bytesRead: () => filled });
  while (filled < size) {
    // In pieces of 16 MiB, so a progress bar moves while a large file is read.
    const bytesRead = await opened.read(buffer, filled, Math.min(size - filled, readPieceBytes), filled);
    if (bytesRead === 0) return buffer.subarray(0, filled);
    filled += bytesRead;
  }
  // What it has beyond its size (it is being written) is read on, in pieces, up to the limit.
  const pieces: Buffer[] = [buffer];
  let total = size;
  for (;;) {
    const piece = Buffer.allocUnsafe(readPieceBytes);
    const bytesRead = await opened.read(piece, 0, piece.length, total);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > limit) throw new InputRefused(tooLargeMessage(limit));
    pieces.push(piece.subarray(0, bytesRead));
  }
  return pieces.length === 1 ? buffer : Buffer.concat(pieces, total);
}

const readPieceBytes = 16 * 1024 * 1024;

function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === gzipMagic[0] && bytes[1] === gzipMagic[1];
}

function tooLargeMessage(limit: number): string {
  return `larger than the input limit of ${describeSize(limit)}; raise it with --max-input-size`;
}

/** Counts bytes through a stream and refuses the one chunk that would cross `limit`. */
function byteCounter(limit: number, message: string): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      total += chunk.length;
      if (total > limit) done(new InputRefused(message));
      else done(null, chunk);
    },
  });
}

const gzipMagic = [0x1f, 0x8b] as const;
/** How many bytes decide the compression: Zstandard's magic number is four. */
const zstdMagicLength = 4;

/**
 * All of a source's bytes, decompressed when they start with gzip's or Zstandard's magic bytes (Codex writes
 * `.jsonl.zst` rollouts), refused as soon as a limit is crossed: the compressed bytes by --max-input-size, what they
 * decompress to by --max-decompressed-size, for both formats alike.
 */
async function readBounded(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limits: InputLimits,
): Promise<{ bytes: Buffer; compressed: boolean }> {
  const chunks: Buffer[] = [];
  let compression: "gzip" | "zstd" | "none" | undefined;
  let head: Buffer = Buffer.alloc(0);
  const collect = async (stream: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of stream) chunks.push(chunk);
  };
  // The first bytes decide; they may arrive in separate chunks from a pipe.
  async function* withDecision(): AsyncGenerator<Buffer> {
    for await (const raw of source) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
      if (compression === undefined) {
        head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
        if (head.length < zstdMagicLength) continue;
        compression = isGzip(head) ? "gzip" : isZstd(head) ? "zstd" : "none";
        yield head;
      } else yield chunk;
    }
    if (compression === undefined && head.length > 0) {
      compression = isGzip(head) ? "gzip" : "none";
      yield head;
    }
  }
  const decided = withDecision();
  const first = await decided.next();
  if (first.done) return { bytes: Buffer.alloc(0), compressed: false };
  async function* all(): AsyncGenerator<Buffer> {
    yield first.value as Buffer;
    yield* decided;
  }
  const inputLimit = byteCounter(limits.maxInputBytes, tooLargeMessage(limits.maxInputBytes));
  const outputLimit = (): Transform =>
    byteCounter(
      limits.maxDecompressedBytes,
      `decompresses to more than the limit of ${describeSize(limits.maxDecompressedBytes)}; raise it with --max-decompressed-size`,
    );
  if (compression === "gzip") {
    const gunzip = createGunzip();
    // zlib's errors (codes Z_DATA_ERROR, Z_BUF_ERROR, …) say "incorrect header check" and the like: name the format.
    const gzipError = (error: unknown): never => {
      const code = error instanceof Error && "code" in error ? String(error.code) : "";
      if (!code.startsWith("Z_")) throw error;
      throw new InputRefused(`not valid gzip: ${error instanceof Error ? error.message : String(error)}`);
    };
    await pipeline(all(), inputLimit, gunzip, outputLimit(), collect).catch(gzipError);
  } else if (compression === "zstd") {
    // The decompressor names the format in its errors ("not valid Zstandard: …"); a limit crossed is refused as is.
    const zstdError = (error: unknown): never => {
      if (error instanceof InputRefused) throw error;
      throw new InputRefused(error instanceof Error ? error.message : String(error));
    };
    await pipeline(
      all(),
      inputLimit,
      createZstdDecompressor({ maxOutputBytes: limits.maxDecompressedBytes }),
      outputLimit(),
      collect,
    ).catch(zstdError);
  } else {
    await pipeline(all(), inputLimit, collect);
  }
  const compressed = compression !== "none";
  if (chunks.length === 1) return { bytes: chunks[0] as Buffer, compressed };
  const whole = Buffer.concat(chunks);
  // Let the pieces go before the text is decoded from the whole.
  chunks.length = 0;
  return { bytes: whole, compressed };
}

/** A file whose first line is a complete JSON object followed by more lines is JSONL, not one document. */
export function isJsonLines(text: string): boolean {
  const end = text.indexOf("\n");
  if (end === -1) return false;
  try {
    // Only telling the two apart: each line is parsed again, under the limits, by the reader that takes it.
    return typeof JSON.parse(text.slice(0, end)) === "object" && text.slice(end).trim() !== "";
  } catch {
    return false;
  }
}

/**
 * A document read, with the files it was read from (the input, and an event log's child runs found beside it); or
 * the problems (at most {@link maximumListedProblems}) and how many more there were, and whether the input could not
 * be read at all (`unreadable`: missing, a folder, over a limit, not UTF-8) rather than read and found invalid.
 */
export type LoadedDocument =
  | {
      ok: true;
      document: Tolerant.Transcript;
      /**
       * What the input was: our document, our event log (folded), an agent's session (imported), or a provider
       * payload or another system's document (converted, as `convert` does).
       */
      kind: "transcript" | "event-log" | "session" | "converted";
      /** The format id the input was read as, when it was not our own (a session's or a converted input's). */
      format?: string;
      warnings: ReportedWarning[];
      files: string[];
    }
  | { ok: false; problems: InputProblem[]; omitted: number; unreadable?: boolean };

/** An input as messages and reports name it: the path as given, `<stdin>` for standard input (`-`). */
export function inputName(input: string): string {
  return input === "-" ? "<stdin>" : input;
}

/** The first problems to list, and the count of the rest. */
export function capProblems(problems: readonly InputProblem[]): { problems: InputProblem[]; omitted: number } {
  return {
    problems: problems.slice(0, maximumListedProblems),
    omitted: Math.max(0, problems.length - maximumListedProblems),
  };
}

/**
 * Decodes a transcript document, turning errors into problems that name a line as well as a pointer. Linear
 * whatever the errors: the first {@link maximumListedProblems} are located in one pass over the text (a missing
 * property at its nearest existing ancestor) and their lines in another; the rest are only counted.
 */
export function decodeWithLines(
  text: string,
  mode: ValidationMode | "auto",
  limits: InputLimits = defaultInputLimits,
): LoadedDocument {
  // The bytes were bounded when read; the text is as long as they allowed.
  const result = decodeTranscript(text, { mode, maxDepth: limits.maxDepth, maxBytes: Number.MAX_SAFE_INTEGER });
  if (result.ok)
    return {
      ok: true,
      document: result.document,
      kind: "transcript",
      warnings: result.warnings.map((warning) => ({
        code: "newer-version",
        pointer: warning.pointer,
        message: warning.message,
      })),
      files: [],
    };
  const { error } = result;
  if (!error.errors) {
    // The location is printed by formatProblem; the reason says only what is wrong.
    const problem: InputProblem = { pointer: error.pointer ?? "", message: error.reason ?? error.message };
    if (error.line !== undefined) problem.line = error.line;
    if (error.column !== undefined) problem.column = error.column;
    return { ok: false, problems: [problem], omitted: 0 };
  }
  const listed = error.errors.slice(0, maximumListedProblems);
  const offsets = locatePointers(
    text,
    listed.map((entry) => entry.pointer),
    { nearestAncestor: true },
  );
  const lines = linesAndColumns(
    text,
    listed.map((entry) => offsets.get(entry.pointer) ?? 0),
  );
  return {
    ok: false,
    problems: listed.map((entry, index) => ({
      line: (lines[index] as { line: number }).line,
      pointer: entry.pointer,
      message: entry.message,
    })),
    omitted: error.errors.length - listed.length,
  };
}

/**
 * Loads what `export` and similar commands work on: a transcript document, or an event log folded into one.
 * Child runs of an event log are read from `<child_run_id>.jsonl` beside it, under the same limits; the id is a UUID
 * (the schema checks), so the name can never leave that directory.
 */
export async function loadDocument(input: string, io: CommandIo, limits: InputLimits): Promise<LoadedDocument> {
  const read = await readInput(input, io, limits);
  if (!read.ok) return { ok: false, problems: [read.problem], omitted: 0, unreadable: true };
  return loadDocumentText(input, read.text, io, limits, read.compressed);
}

/**
 * {@link loadDocument} for an input whose text was read already (standard input cannot be read twice); `compressed`
 * says which limit its lines count toward (see {@link linesPastLimit}).
 */
export async function loadDocumentText(
  input: string,
  text: string,
  io: CommandIo,
  limits: InputLimits,
  compressed?: boolean,
): Promise<LoadedDocument> {
  const files = input === "-" ? [] : [input];
  // An agent's session (a Claude Code log) is imported, by what its first lines hold.
  const sessionFormat = detectSessionFormat(text);
  if (sessionFormat !== undefined) {
    const session = await loadSessionText(input, text, sessionFormat, io, limits, compressed);
    if (!session.ok) return session;
    return {
      ok: true,
      document: session.result.document,
      kind: "session",
      format: session.format,
      warnings: session.warnings,
      files: session.files,
    };
  }
  if (!isJsonLines(text)) {
    const decoded = decodeWithLines(text, "auto", limits);
    if (decoded.ok) return { ...decoded, files };
    // Not our document: a provider payload or another system's document is converted, as `convert` would.
    return convertedDocument(input, text, limits) ?? decoded;
  }
  const tooManyLines = linesPastLimit(text, limits, compressed);
  if (tooManyLines) return { ok: false, problems: [tooManyLines], omitted: 0, unreadable: true };
  const jsonLimits = { maxDepth: limits.maxDepth };
  const log = checkEventLog(text, "tolerant", jsonLimits);
  if (log.problems.length > 0) return { ok: false, ...capProblems(log.problems) };
  const runs = new Map<string, readonly Tolerant.Event[]>();
  const warnings: ReportedWarning[] = log.unknownEventTypes.map((type) => ({
    code: "unknown-event-type",
    pointer: "",
    message: `unknown event type ${type} (from a newer format version)`,
  }));
  if (input !== "-") {
    // Breadth-first through grandchildren too, each read once; the fold bounds the depth and refuses cycles.
    const pending = childRunIds(log.events);
    const seen = new Set(pending);
    for (let index = 0; index < pending.length && index < 1000; index += 1) {
      const runId = pending[index] as string;
      if (runs.has(runId)) continue;
      const sibling = path.join(path.dirname(input), `${path.basename(runId)}.jsonl`);
      // Looked for, not named: only a regular file is read, never through a link, never waited on.
      const child = await readInput(sibling, io, limits, "found");
      // A child log that is not beside its parent stays a link without a transcript.
      if (!child.ok && child.missing === true) continue;
      const unread = child.ok ? linesPastLimit(child.text, limits, child.compressed) : child.problem;
      if (!child.ok || unread !== undefined) {
        warnings.push({
          code: "child-run-not-embedded",
          pointer: "",
          message: `child run ${runId}: ${sibling}: ${unread?.message ?? ""}; not embedded`,
        });
        continue;
      }
      const childLog = checkEventLog(child.text, "tolerant", jsonLimits);
      if (childLog.problems.length > 0) {
        warnings.push({
          code: "child-run-not-embedded",
          pointer: "",
          message: `child run ${runId}: ${describeCount(childLog.problems.length, "problem")} in ${sibling}; not embedded`,
        });
        continue;
      }
      files.push(sibling);
      runs.set(runId, childLog.events);
      for (const id of childRunIds(childLog.events)) {
        if (seen.has(id)) continue;
        seen.add(id);
        pending.push(id);
      }
    }
  }
  const folded = foldEventLog(log.events, { runs });
  // Each line was within the nesting limit, but a tool input sits two levels deeper in a document than in its event
  // line: a document past the limit is refused here, before anything walks it.
  const tooDeep = checkJsonValue(folded.document, { maxDepth: limits.maxDepth });
  if (tooDeep)
    return {
      ok: false,
      problems: [
        { pointer: tooDeep.pointer, message: `the document folded from this event log is ${tooDeep.message}` },
      ],
      omitted: 0,
    };
  for (const warning of folded.warnings)
    warnings.push({
      code: warning.code,
      pointer: "",
      message: warning.seq === undefined ? warning.message : `seq ${warning.seq}: ${warning.message}`,
    });
  return { ok: true, document: folded.document, kind: "event-log", warnings, files };
}

/**
 * A provider payload (request, response or stream) or another system's document, detected as `convert` detects it and
 * converted to canonical; undefined when the text is not JSON or not any format the registry reads, so that the
 * caller reports why it is not our document instead.
 */
function convertedDocument(input: string, text: string, limits: InputLimits): LoadedDocument | undefined {
  const parsed = parseJson(text, { maxDepth: limits.maxDepth });
  if (!parsed.ok) return undefined;
  const detected = detectFormat(parsed.value);
  if (detected === undefined || detected.format === "agent-transcript") return undefined;
  const { format, kind } = detected;
  if (!isDocumentFormatId(format) && !isProviderFormatId(format)) return undefined;
  const result = payloadToCanonical(format, kind, parsed.value, { path: input });
  if (!result.ok)
    return {
      ok: false,
      ...capProblems(result.errors.map((error) => ({ pointer: error.path, message: `${format}: ${error.message}` }))),
    };
  return {
    ok: true,
    document: result.document as Tolerant.Transcript,
    kind: "converted",
    format,
    warnings: result.warnings.map((warning) => ({
      code: warning.code,
      pointer: warning.path,
      message: warning.message,
    })),
    files: input === "-" ? [] : [input],
  };
}

/** An agent's session imported, with its losses as warnings; or why nothing of it could be. */
export type LoadedSession =
  | {
      ok: true;
      format: SessionFormatId;
      result: SessionImportResult;
      /** Every file read: the input and the related files (sub-agents) that belong to the session. */
      files: string[];
      /** The importer's losses, and related files that could not be read, as every command reports warnings. */
      warnings: ReportedWarning[];
    }
  | { ok: false; problems: InputProblem[]; omitted: number; unreadable?: boolean };

/** Where a loss is, as a warning says it: `line 12` in the input, `<file>:12` in a related file. */
function lossWarning(loss: SessionLoss, main: string): ReportedWarning {
  const file = loss.file === main ? "" : loss.file;
  const place = loss.line === undefined ? file : file === "" ? `line ${loss.line}` : `${file}:${loss.line}`;
  return { code: loss.code, pointer: "", ...(place === "" ? {} : { at: place }), message: loss.message };
}

/**
 * Loads an agent's session (README, "Sessions"): the input through the one input layer, its format named or detected
 * from its first lines, its related files (a Claude Code session's sub-agents) found beside it and read under the same
 * limits, all imported into one document. A session read from standard input has no related files.
 */
export async function loadSession(
  input: string,
  io: CommandIo,
  limits: InputLimits,
  format?: SessionFormatId,
): Promise<LoadedSession> {
  const read = await readInputBytes(input, io, limits);
  if (!read.ok) return { ok: false, problems: [read.problem], omitted: 0, unreadable: true };
  const tooManyLines = linesPastLimit(read.bytes, limits, read.compressed);
  if (tooManyLines) return { ok: false, problems: [tooManyLines], omitted: 0, unreadable: true };
  const lines = sessionLines(read.bytes);
  const detected = format ?? detectSessionFormat(headOf(sessionLines(read.bytes), 64));
  if (detected === undefined) {
    const known = formatIds.filter(isSessionFormatId).join(", ");
    return {
      ok: false,
      problems: [{ pointer: "", message: `not a session of a known agent (${known}); name its format with --format` }],
      omitted: 0,
    };
  }
  const main = input === "-" ? "" : input;
  const { related, warnings } = relatedFiles(input, detected, io, limits);
  const imported = await importSessionLines({ main: { path: main, lines }, related }, { format: detected, path: main });
  return loaded(input, detected, imported, warnings);
}

/** The text of the first `count` lines. */
function headOf(lines: Iterable<SessionLine>, count: number): string[] {
  const head: string[] = [];
  for (const line of lines) {
    if (head.length >= count) break;
    head.push(line.text);
  }
  return head;
}

/**
 * The related files of a session (its sub-agents), each read under the same limits when the importer comes to it, so
 * one file's bytes are held at a time (a Codex rollout's candidates are every rollout of its day); one that cannot be
 * read is a warning, added to `warnings` as it is met.
 */
function relatedFiles(
  input: string,
  format: SessionFormatId,
  io: CommandIo,
  limits: InputLimits,
): { related: AsyncIterable<SessionFile>; warnings: ReportedWarning[] } {
  const warnings: ReportedWarning[] = [];
  async function* files(): AsyncGenerator<SessionFile> {
    if (input === "-") return;
    for (const file of await findRelatedSessionFiles(input, format)) {
      // Found beside the session, not named: only a regular file is read, never through a link, never waited on.
      const read = await readInputBytes(file, io, limits, "found");
      const unread = read.ok ? linesPastLimit(read.bytes, limits, read.compressed) : read.problem;
      if (read.ok && unread === undefined) yield { path: file, lines: sessionLines(read.bytes) };
      else
        warnings.push({
          code: "related-file-unreadable",
          pointer: "",
          at: file,
          message: `not imported: ${unread?.message ?? ""}`,
        });
    }
  }
  return { related: files(), warnings };
}

/**
 * {@link loadSession} for a session whose text was read already (standard input cannot be read twice); `compressed`
 * says which limit its lines count toward (see {@link linesPastLimit}).
 */
export async function loadSessionText(
  input: string,
  text: string,
  format: SessionFormatId,
  io: CommandIo,
  limits: InputLimits,
  compressed?: boolean,
): Promise<LoadedSession> {
  const tooManyLines = linesPastLimit(text, limits, compressed);
  if (tooManyLines) return { ok: false, problems: [tooManyLines], omitted: 0, unreadable: true };
  const main = input === "-" ? "" : input;
  const { related, warnings } = relatedFiles(input, format, io, limits);
  const imported = await importSessionLines({ main: { path: main, lines: text }, related }, { format, path: main });
  return loaded(input, format, imported, warnings);
}

function loaded(
  input: string,
  format: SessionFormatId,
  imported: ImportSessionOutcome,
  warnings: ReportedWarning[],
): LoadedSession {
  const main = input === "-" ? "" : input;
  if (!imported.ok) return { ok: false, problems: [{ pointer: "", message: imported.message }], omitted: 0 };
  const { format: _format, ok: _ok, ...result } = imported;
  if (result.records === 0) {
    // Nothing in it was a record of the format: a wrong file, not a session with a few bad lines.
    const problems: InputProblem[] = result.losses
      .filter((loss) => loss.file === main)
      .map((loss) => ({
        ...(loss.line === undefined ? {} : { line: loss.line }),
        pointer: "",
        message: `${loss.code}: ${loss.message}`,
      }));
    problems.push({ pointer: "", message: `no line is a ${format} record` });
    return { ok: false, ...capProblems(problems) };
  }
  for (const loss of result.losses) warnings.push(lossWarning(loss, main));
  return { ok: true, format, result, files: input === "-" ? [] : result.files, warnings };
}

/** How many of a session's losses are not of an expected, named kind. */
export function unexplainedLosses(losses: readonly SessionLoss[]): number {
  return losses.filter((loss) => !isExpectedSessionLoss(loss)).length;
}

function childRunIds(events: readonly Tolerant.Event[]): string[] {
  return [...new Set(events.flatMap((event) => (event.child_run_id ? [event.child_run_id] : [])))];
}

/**
 * `file:line:column: /pointer: message`, the shape editors and CI annotations understand. A pointer hundreds of levels
 * deep is shortened to its ends (`--json` reports carry it whole).
 */
export function formatProblem(file: string, problem: InputProblem): string {
  const where =
    problem.line === undefined
      ? file
      : problem.column === undefined
        ? `${file}:${problem.line}`
        : `${file}:${problem.line}:${problem.column}`;
  return `${where}:${problem.pointer === "" ? "" : ` ${abbreviatePointer(problem.pointer)}:`} ${problem.message}`;
}

/** A problem without its file, for a report that names the file beside it: `line 3:7: /messages/0: …`. */
export function describeProblem(problem: InputProblem): string {
  const where =
    problem.line === undefined
      ? ""
      : `line ${problem.line}${problem.column === undefined ? "" : `:${problem.column}`}: `;
  return `${where}${problem.pointer === "" ? "" : `${abbreviatePointer(problem.pointer)}: `}${problem.message}`;
}

/** The line that follows a capped list of problems. */
export function describeOmitted(file: string, omitted: number): string {
  return `${file}: and ${describeCount(omitted, "more problem", "more problems")} (only the first ${maximumListedProblems} are listed)`;
}
