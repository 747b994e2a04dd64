/**
 * Claude Code's session log, one JSON record per line, as Claude Code 2.0 and 2.1 write it (see index.ts for the
 * files and the mapping). The types name what the importer reads; every record also carries fields not listed here,
 * and the importer keeps them.
 */

/** The fields of every record that takes part in the conversation tree. */
export interface ClaudeCodeRecordBase {
  type: string;
  uuid?: string;
  /** The record this one follows; null for a root (the first record, or a compaction boundary). */
  parentUuid?: string | null;
  /** A compaction boundary's link to the last record before it, across the boundary's null `parentUuid`. */
  logicalParentUuid?: string;
  /** True for a sub-agent's records. */
  isSidechain?: boolean;
  /** The sub-agent's id, on a sub-agent's records. */
  agentId?: string;
  sessionId?: string;
  timestamp?: string;
  /** Claude Code's version. */
  version?: string;
  cwd?: string;
  gitBranch?: string;
  userType?: string;
  slug?: string;
  entrypoint?: string;
}

/** An Anthropic Messages content block, as Claude Code stores it. */
export interface ClaudeCodeContentBlock {
  type: string;
  [field: string]: unknown;
}

export interface ClaudeCodeUserRecord extends ClaudeCodeRecordBase {
  type: "user";
  message: { role: "user"; content: string | ClaudeCodeContentBlock[] };
  /** Injected by Claude Code rather than typed (command caveats, command output). */
  isMeta?: boolean;
  /** The summary written after a compaction, not something the user typed. */
  isCompactSummary?: boolean;
  /** What the tool returned, in Claude Code's own shape per tool, beside the tool_result block the model saw. */
  toolUseResult?: unknown;
}

export interface ClaudeCodeAssistantRecord extends ClaudeCodeRecordBase {
  type: "assistant";
  /** The API response this line is part of: one line per content block, each repeating id, model and usage. */
  message: {
    id?: string;
    role: "assistant";
    model?: string;
    content: ClaudeCodeContentBlock[];
    stop_reason?: string | null;
    usage?: Record<string, unknown>;
  };
  /** The API request id; absent when Claude Code talks to a gateway that sends none. */
  requestId?: string;
  isApiErrorMessage?: boolean;
}

export interface ClaudeCodeSystemRecord extends ClaudeCodeRecordBase {
  type: "system";
  /** `compact_boundary`, `api_error`, `informational`, `local_command`, `turn_duration`, `stop_hook_summary`, … */
  subtype?: string;
  content?: string;
  /** On a compact boundary: the trigger (`auto`, `manual`) and the context size before (`preTokens`). */
  compactMetadata?: { trigger?: string; preTokens?: number; [field: string]: unknown };
}

/** Records that take no part in the conversation (progress, file-history-snapshot, titles, …), and types to come. */
export interface ClaudeCodeOtherRecord extends ClaudeCodeRecordBase {
  [field: string]: unknown;
}

/** One line of a Claude Code session file. */
export type ClaudeCodeRecord =
  ClaudeCodeUserRecord | ClaudeCodeAssistantRecord | ClaudeCodeSystemRecord | ClaudeCodeOtherRecord;
