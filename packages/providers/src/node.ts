// The entry point `@agent-transcript/providers/node`: agent sessions read from the file system (the session file
// streamed line by line, gzip and Zstandard included, and its related files such as sub-agents found beside it).
// Everything else of the package, the importers themselves included, stays in the root entry and touches no file
// system.
export {
  findRelatedSessionFiles,
  importSession,
  minimumLineBytes,
  readSessionLines,
  SessionFileError,
  type ReadSessionLinesOptions,
} from "./node/session-files.js";
export { createZstdDecompressor, isZstd, ZstdError, type ZstdDecompressorOptions } from "./node/zstandard.js";
export {
  findSessionFiles,
  importSessions,
  type FoundSessionFile,
  type FoundSessionFiles,
  type ImportedSessionFile,
} from "./node/session-directory.js";
