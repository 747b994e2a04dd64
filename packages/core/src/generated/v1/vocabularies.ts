// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate

import type * as Types from "./types.js";

/**
 * What tokens cost: computed from a dated price table, reported by the producing tool, or unknown. An unknown model's cost is `unknown`, never zero.
 *
 * The `status` of every `Cost` format v1 defines, in schema order (schemas/v1/cost.schema.json).
 * Closed in v1: a new member needs a new major version.
 */
export const costStatuses = ["computed", "reported", "unknown"] as const satisfies readonly Types.Cost["status"][];

/**
 * The closed event vocabulary: AWF's ten types plus `message.system` (added in 1.0.0 for system and developer instructions, which AWF folds into message.user) and `artifact.created` (added in 1.0.0: something the run produced besides messages, such as its end-of-run workspace snapshot). Writers emit only these values; a newer minor version may add values, which tolerant readers accept and surface as warnings.
 *
 * Every member of `EventType` format v1 defines, in schema order (schemas/v1/event.schema.json#/$defs/EventType).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const eventTypes = ["run.started", "run.completed", "step.started", "step.completed", "step.call_workflow.started", "step.call_workflow.completed", "message.system", "message.user", "message.assistant", "tool.call", "tool.result", "artifact.created"] as const satisfies readonly Types.EventType[];

/**
 * Who speaks. `system` and `developer` carry instructions; `tool` carries tool results (tool_result parts may also appear in `user` messages, as Anthropic places them).
 *
 * Every member of `Role` format v1 defines, in schema order (schemas/v1/message.schema.json#/$defs/Role).
 * Closed in v1: a new member needs a new major version.
 */
export const roles = ["system", "developer", "user", "assistant", "tool"] as const satisfies readonly Types.Role[];

/**
 * Why the model stopped, normalised: `stop` (natural end or stop sequence), `length` (token limit), `tool_calls` (waiting for tool results), `content_filter`, `refusal`, `pause` (a long turn paused to be continued), `error`, `other`.
 *
 * Every member of `FinishReason` format v1 defines, in schema order (schemas/v1/message.schema.json#/$defs/FinishReason).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const finishReasons = ["stop", "length", "tool_calls", "content_filter", "refusal", "pause", "error", "other"] as const satisfies readonly Types.FinishReason[];

/**
 * One typed piece of a message: text, reasoning, a tool call or result, media, a plan step, a code diff, a command, a refusal, a compaction marker, a stream chunk, or a provider-native block. Discriminated by `type`; a newer minor version may add part types, which readers keep unchanged.
 *
 * The `type` of every `Part` format v1 defines, in schema order (schemas/v1/part.schema.json).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const partTypes = ["text", "reasoning", "tool_call", "tool_result", "image", "audio", "file", "plan_step", "code_diff", "command", "refusal", "compaction", "stream_chunk", "native"] as const satisfies readonly Types.Part["type"][];

/**
 * Where a part came from (AWF transcript logs): `router` — synthesised at the tool router seam, authoritative for in-process tool calls; `agent_emitted` — reported by the agent itself. Consumers use it to avoid counting one tool call reported on two channels twice.
 *
 * Every member of `Fidelity` format v1 defines, in schema order (schemas/v1/part.schema.json#/$defs/Fidelity).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const fidelities = ["router", "agent_emitted"] as const satisfies readonly Types.Fidelity[];

/**
 * How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a policy refused to run it), `interrupted` (cancelled or cut off before finishing).
 *
 * Every member of `ToolResultStatus` format v1 defines, in schema order (schemas/v1/part.schema.json#/$defs/ToolResultStatus).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const toolResultStatuses = ["ok", "error", "denied", "interrupted"] as const satisfies readonly Types.ToolResultStatus[];

/**
 * How a value was cut to fit the limit: `string_prefix` (the longest code-point prefix whose canonical JSON fits), `array_prefix` (trailing elements dropped), `object_prefix` (trailing keys in canonical order dropped).
 *
 * Every member of `TruncationStrategy` format v1 defines, in schema order (schemas/v1/part.schema.json#/$defs/TruncationStrategy).
 * Closed in v1: a new member needs a new major version.
 */
export const truncationStrategies = ["string_prefix", "array_prefix", "object_prefix"] as const satisfies readonly Types.TruncationStrategy[];

/**
 * A plan step's state. `blocked` requires a blocked_reason.
 *
 * Every member of `PlanStatus` format v1 defines, in schema order (schemas/v1/part.schema.json#/$defs/PlanStatus).
 * Closed in v1: a new member needs a new major version.
 */
export const planStatuses = ["pending", "in_progress", "complete", "blocked", "cancelled"] as const satisfies readonly Types.PlanStatus[];

/**
 * One line of a workspace snapshot bundle (Oz snapshot declarations, taken): a UTF-8 JSONL file, one JSON object per LF-terminated line, that carries what a run changed in its workspace to another machine. The first line is the header (`snapshot`); then, for each declared repository, a `repository` line followed by the chunks of its patch, and for each declared file a `file` line followed by the chunks of its content; the last line is `end`. Content is never one large value: it is cut into `chunk` lines of at most 1 MiB of data each, so a bundle is written and read in memory bounded by a chunk, whatever the size of the files it holds. A bundle without its `end` line is incomplete (a torn write) and is refused. Every path inside a bundle is relative (to the bundle's `root`, or to its repository) and never climbs out with `..`.
 *
 * The `type` of every `SnapshotBundleLine` format v1 defines, in schema order (schemas/v1/snapshot-bundle.schema.json).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const snapshotBundleLineTypes = ["snapshot", "repository", "file", "chunk", "end"] as const satisfies readonly Types.SnapshotBundleLine["type"][];

/**
 * How the `chunk` lines after a repository or file line hold its bytes: `utf8`, as text (the content is valid UTF-8, so a person or `jq -r` can read it); `base64`, as standard base64 with padding (binary content). Each chunk decodes on its own; the content is the chunks' bytes in order.
 *
 * Every member of `SnapshotEncoding` format v1 defines, in schema order (schemas/v1/snapshot-bundle.schema.json#/$defs/SnapshotEncoding).
 * Closed in v1: a new member needs a new major version.
 */
export const snapshotEncodings = ["utf8", "base64"] as const satisfies readonly Types.SnapshotEncoding[];

/**
 * The format a document was imported from: this format (`agent-transcript`), our event log, a provider API format, an agent tool's own format, or an interchange format (`atif`: Harbor's Agent Trajectory Interchange Format; `awf-transcript`: AWF's transcript logs as AWF writes them), or OpenTelemetry traces (`otlp-json`: OTLP/JSON spans that follow the OpenTelemetry GenAI semantic conventions, read back into runs; since 1.1.0).
 *
 * Every member of `SourceFormat` format v1 defines, in schema order (schemas/v1/transcript.schema.json#/$defs/SourceFormat).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const sourceFormats = ["agent-transcript", "event-log", "openai-chat", "openai-responses", "anthropic", "gemini", "ollama", "portable", "bedrock-converse", "mistral", "claude-code", "codex", "gemini-cli", "warp-export", "devflow", "atif", "awf-transcript", "otlp-json"] as const satisfies readonly Types.SourceFormat[];

/**
 * A run's state: `running`, `completed`, `failed` (error carries why) or `canceled`.
 *
 * Every member of `RunStatus` format v1 defines, in schema order (schemas/v1/transcript.schema.json#/$defs/RunStatus).
 * Closed in v1: a new member needs a new major version.
 */
export const runStatuses = ["running", "completed", "failed", "canceled"] as const satisfies readonly Types.RunStatus[];

/**
 * Something the run produced or referenced besides messages.
 *
 * The `type` of every `Artifact` format v1 defines, in schema order (schemas/v1/transcript.schema.json#/$defs/Artifact).
 * Extensible: a newer minor version may add members, which tolerant readers accept, so code reading a document must expect others.
 */
export const artifactTypes = ["snapshot", "file"] as const satisfies readonly Types.Artifact["type"][];

/** The generated type each vocabulary lists: a type-level test checks that each constant holds exactly its members. */
export interface VocabularyTypes {
  costStatuses: Types.Cost["status"];
  eventTypes: Types.EventType;
  roles: Types.Role;
  finishReasons: Types.FinishReason;
  partTypes: Types.Part["type"];
  fidelities: Types.Fidelity;
  toolResultStatuses: Types.ToolResultStatus;
  truncationStrategies: Types.TruncationStrategy;
  planStatuses: Types.PlanStatus;
  snapshotBundleLineTypes: Types.SnapshotBundleLine["type"];
  snapshotEncodings: Types.SnapshotEncoding;
  sourceFormats: Types.SourceFormat;
  runStatuses: Types.RunStatus;
  artifactTypes: Types.Artifact["type"];
}
