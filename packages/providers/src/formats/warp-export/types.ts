/** The Warp export's native types, as spec GH10112 and its review rounds define them (see index.ts for the document). */
import type { JsonObject } from "../../conversion/index.js";

/** A JSON value with its type named, so scalar and text tool I/O round-trips as exactly what it was. */
export type WarpTypedValue =
  | { type: "object"; value: JsonObject }
  | { type: "array"; value: unknown[] }
  | { type: "string"; value: string }
  | { type: "number"; value: number }
  | { type: "boolean"; value: boolean }
  | { type: "null"; value: null };

export type WarpPlanStatus = "pending" | "in_progress" | "complete" | "blocked" | "cancelled";

export interface WarpPlanItem {
  id: string;
  title: string;
  status: WarpPlanStatus;
  blocked_reason: string | null;
  description: string | null;
  subitems: WarpPlanItem[];
}

export interface WarpDiffLine {
  kind: "context" | "added" | "removed" | "no_newline";
  text: string;
}

export interface WarpDiffHunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  header?: string;
  lines: WarpDiffLine[];
}

export interface WarpDiffFile {
  path: string;
  old_path?: string;
  change: "added" | "modified" | "deleted" | "renamed" | "copied";
  binary: boolean;
  old_mode?: string;
  new_mode?: string;
  hunks: WarpDiffHunk[];
}

export type WarpTruncationStrategy = "string_prefix" | "array_prefix" | "object_prefix";

export interface WarpToolCallBlock {
  type: "tool_call";
  tool: string;
  input: WarpTypedValue;
  output?: WarpTypedValue;
  duration_ms?: number;
  status?: "ok" | "error";
  truncated?: true;
  original_size_bytes?: number;
  truncation_strategy?: WarpTruncationStrategy;
}

export type WarpContentBlock =
  | { type: "text"; text: string }
  | { type: "reasoning"; text: string; duration_ms?: number }
  | WarpToolCallBlock
  | (WarpPlanItem & { type: "plan_step" })
  | { type: "code_diff"; files: WarpDiffFile[] }
  | { type: "image"; data_uri: string; alt?: string };

export interface WarpMessage {
  id: string;
  role: "user" | "assistant";
  created_at?: string;
  model?: string;
  content: WarpContentBlock[];
}

export interface WarpExport {
  schema_version: string;
  conversation_id: string;
  title: string | null;
  created_at?: string;
  updated_at?: string;
  exported_at?: string;
  messages: WarpMessage[];
}
