// The entry point `@agent-transcript/cli/run-index`: the run index the `index`, `search` and `--index` commands keep,
// for programs that read it or keep their own (a dashboard, a benchmark). The database's layout is internal: read it
// through these functions.
export { defaultDatabasePath, indexSchemaVersion } from "./database.js";
export { openStore, isPostgresUrl } from "./open-store.js";
export { highlightEnd, highlightStart } from "./store.js";
export type { RunIndexStore, StoredFile, StoredUnit, StoreFilters, SearchRow, UnitAppend, UnitWrite } from "./store.js";
export type { AppendedMessages, IndexedRun, IndexedMessage, IndexedToolCall } from "./content.js";
export { indexRoots, type IndexOptions, type IndexSummary } from "./indexer.js";
export {
  maxRankedMatches,
  parseQuery,
  searchIndex,
  type QueryTerm,
  type SearchFilters,
  type SearchHit,
  type SearchResult,
} from "./search.js";
export type { InputOptions } from "../input/limits.js";
export type { VerbosityOptions } from "../warning-summary.js";
export type { CommandIo } from "../io.js";
export type { SkippedFile, SkipKind } from "../skipped-files.js";
export type { CallBucket, ModelCall, RunStats, SpendTotals, StatsTotals, ToolStats } from "../run-stats.js";
