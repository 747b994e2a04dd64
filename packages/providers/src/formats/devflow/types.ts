/** devflow's run transcript as ADR-011 defines it (see index.ts for the document and the mapping). */

export type DevflowRunStatus = "running" | "completed" | "failed" | "canceled";
export type DevflowRole = "system" | "user" | "assistant" | "tool_result";

export interface DevflowToolCall {
  id?: string;
  name: string;
  /** Go `map[string]any`: an object, or null for a nil map. */
  input: unknown;
  output?: string;
  error?: string;
}

export interface DevflowTurn {
  id: number;
  role: DevflowRole;
  content?: string;
  tokensIn?: number;
  tokensOut?: number;
  timestamp?: string;
  toolCalls?: DevflowToolCall[];
  durationMs?: number;
}

export interface DevflowMetadata {
  flowId?: string;
  nodeId?: string;
  input?: unknown;
  startedAt?: string;
  endedAt?: string;
  status?: DevflowRunStatus;
  totalTokensIn?: number;
  totalTokensOut?: number;
  totalCost?: number;
  error?: string;
}

export interface DevflowTranscript {
  runId: string;
  metadata: DevflowMetadata;
  turns: DevflowTurn[];
}
