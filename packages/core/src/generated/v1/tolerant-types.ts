// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate

/**
 * Any top-level entity of format v1, as a reader accepts it (tolerant): newer vocabulary members and part types included. Unknown fields are allowed at run time but not typed, so strict types stay assignable to these.
 */
export type TopLevelEntity = (Cost | Event | Message | Part | SnapshotBundleLine | SnapshotDeclaration | Transcript | Usage)
/**
 * What tokens cost: computed from a dated price table, reported by the producing tool, or unknown. An unknown model's cost is `unknown`, never zero.
 */
export type Cost = (ComputedCost | ReportedCost | UnknownCost)
/**
 * One line of an append-only JSONL event log (the AWF transcript envelope). Every line is one complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing `seq` order starting at 1. Event-specific data lives in `payload`, whose shape is chosen by `type`.
 */
export type Event = {
/**
 * Sequence number, strictly monotonic per file and starting at 1, with no gaps. The recorder allocates it atomically before writing the line.
 */
seq: number
/**
 * UUID of the run this file records. Every line of one file carries the same run_id.
 */
run_id: string
/**
 * UUID of the enclosing parent run. Present on every line of a child run's file when the run was started by another run; absent (never empty) otherwise.
 */
parent_run_id?: string
/**
 * UUID of a spawned child run. Required on `step.call_workflow.started` and `step.call_workflow.completed` lines in the parent's file; absent (never empty) on other lines.
 */
child_run_id?: string
type: EventType
/**
 * Dot-separated step path within the workflow definition (for example `analyze` or `parallel_block.branch_a`). The empty string on run-level events.
 */
path: string
/**
 * Zero-based loop or retry iteration counter; 0 outside loops.
 */
iteration: number
/**
 * Emission time, RFC 3339 with a time-zone offset; UTC (`Z`) is preferred.
 */
timestamp: string
/**
 * Event-specific data whose shape is determined by `type`: a StepPayload for run and step events (on run.started it declares the log's schema_version; AWF's own logs write run.started with a plain StepPayload or null, which a tolerant reader accepts as this version; run.completed may carry null), a MessagePayload for message events, a ToolPayload for tool events, an Artifact (transcript.schema.json) for artifact.created. Unknown event types of a newer minor version carry any payload.
 */
payload: unknown
}
/**
 * The closed event vocabulary: AWF's ten types plus `message.system` (added in 1.0.0 for system and developer instructions, which AWF folds into message.user) and `artifact.created` (added in 1.0.0: something the run produced besides messages, such as its end-of-run workspace snapshot). Writers emit only these values; a newer minor version may add values, which tolerant readers accept and surface as warnings.
 * 
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "EventType".
 */
export type EventType = string
/**
 * A run's state: `running`, `completed`, `failed` (error carries why) or `canceled`.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "RunStatus".
 */
export type RunStatus = ("running" | "completed" | "failed" | "canceled")
/**
 * Who speaks. `system` and `developer` carry instructions; `tool` carries tool results (tool_result parts may also appear in `user` messages, as Anthropic places them).
 * 
 * This interface was referenced by `Message`'s JSON-Schema
 * via the `definition` "Role".
 */
export type Role = ("system" | "developer" | "user" | "assistant" | "tool")
/**
 * One typed piece of a message: text, reasoning, a tool call or result, media, a plan step, a code diff, a command, a refusal, a compaction marker, a stream chunk, or a provider-native block. Discriminated by `type`; a newer minor version may add part types, which readers keep unchanged.
 */
export type Part = (TextPart | ReasoningPart | ToolCallPart | ToolResultPart | ImagePart | AudioPart | FilePart | PlanStepPart | CodeDiffPart | CommandPart | RefusalPart | CompactionPart | StreamChunkPart | NativePart | UnknownPart)
/**
 * Where a part came from (AWF transcript logs): `router` — synthesised at the tool router seam, authoritative for in-process tool calls; `agent_emitted` — reported by the agent itself. Consumers use it to avoid counting one tool call reported on two channels twice.
 */
export type Fidelity = string
/**
 * How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a policy refused to run it), `interrupted` (cancelled or cut off before finishing).
 */
export type ToolResultStatus = string
/**
 * How a value was cut to fit the limit: `string_prefix` (the longest code-point prefix whose canonical JSON fits), `array_prefix` (trailing elements dropped), `object_prefix` (trailing keys in canonical order dropped).
 */
export type TruncationStrategy = ("string_prefix" | "array_prefix" | "object_prefix")
/**
 * A plan step's state. `blocked` requires a blocked_reason.
 */
export type PlanStatus = ("pending" | "in_progress" | "complete" | "blocked" | "cancelled")
/**
 * Why the model stopped, normalised: `stop` (natural end or stop sequence), `length` (token limit), `tool_calls` (waiting for tool results), `content_filter`, `refusal`, `pause` (a long turn paused to be continued), `error`, `other`.
 * 
 * This interface was referenced by `Message`'s JSON-Schema
 * via the `definition` "FinishReason".
 */
export type FinishReason = string
/**
 * One line of a workspace snapshot bundle (Oz snapshot declarations, taken): a UTF-8 JSONL file, one JSON object per LF-terminated line, that carries what a run changed in its workspace to another machine. The first line is the header (`snapshot`); then, for each declared repository, a `repository` line followed by the chunks of its patch, and for each declared file a `file` line followed by the chunks of its content; the last line is `end`. Content is never one large value: it is cut into `chunk` lines of at most 1 MiB of data each, so a bundle is written and read in memory bounded by a chunk, whatever the size of the files it holds. A bundle without its `end` line is incomplete (a torn write) and is refused. Every path inside a bundle is relative (to the bundle's `root`, or to its repository) and never climbs out with `..`.
 */
export type SnapshotBundleLine = (SnapshotHeader | SnapshotRepository | SnapshotFile | SnapshotChunk | SnapshotEnd | UnknownSnapshotBundleLine)
/**
 * How the `chunk` lines after a repository or file line hold its bytes: `utf8`, as text (the content is valid UTF-8, so a person or `jq -r` can read it); `base64`, as standard base64 with padding (binary content). Each chunk decodes on its own; the content is the chunks' bytes in order.
 */
export type SnapshotEncoding = ("utf8" | "base64")
/**
 * The format a document was imported from: this format (`agent-transcript`), our event log, a provider API format, an agent tool's own format, or an interchange format (`atif`: Harbor's Agent Trajectory Interchange Format; `awf-transcript`: AWF's transcript logs as AWF writes them), or OpenTelemetry traces (`otlp-json`: OTLP/JSON spans that follow the OpenTelemetry GenAI semantic conventions, read back into runs; since 1.1.0).
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "SourceFormat".
 */
export type SourceFormat = string
/**
 * Something the run produced or referenced besides messages.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "Artifact".
 */
export type Artifact = (SnapshotArtifact | FileArtifact | UnknownArtifact)

/**
 * Cost computed by this toolkit from usage and a versioned price table; prices change, so the table's version, source and date travel with the amount.
 */
export interface ComputedCost {
/**
 * Always `computed`.
 */
status: "computed"
/**
 * Total cost.
 */
amount: number
/**
 * ISO 4217 currency code.
 */
currency: string
breakdown?: CostBreakdown
pricing: PricingReference
}
/**
 * The amount split by what was paid for.
 */
export interface CostBreakdown {
/**
 * Uncached input tokens.
 */
input: number
/**
 * Output tokens, reasoning included.
 */
output: number
/**
 * Cache reads.
 */
cache_read: number
/**
 * Cache writes.
 */
cache_write: number
}
/**
 * Which prices an amount was computed from.
 */
export interface PricingReference {
/**
 * Version of the price table.
 */
table_version: string
/**
 * The price table entry used.
 */
model: string
/**
 * Where the prices were read (the provider's pricing page).
 */
source: string
/**
 * When they were read, as YYYY-MM-DD.
 */
date: string
}
/**
 * Cost as the producing tool or provider reported it (devflow totalCost, a provider's billed amount).
 */
export interface ReportedCost {
/**
 * Always `reported`.
 */
status: "reported"
/**
 * Total cost as reported.
 */
amount: number
/**
 * ISO 4217 currency code.
 */
currency: string
/**
 * Who reported it (a tool or provider name).
 */
reported_by?: string
}
/**
 * Cost that could not be computed, for example for a model missing from the price table.
 */
export interface UnknownCost {
/**
 * Always `unknown`.
 */
status: "unknown"
/**
 * ISO 4217 currency code.
 */
currency: string
/**
 * Why the cost is unknown.
 */
reason: string
}
/**
 * Payload of run and step events (AWF transcript logs).
 * 
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "StepPayload".
 */
export interface StepPayload {
/**
 * Step name from the workflow definition, or the workflow's name on run events.
 */
name: string
/**
 * Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`, `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.
 */
kind: string
/**
 * Failure description on *.completed events; absent on success.
 */
error?: string
/**
 * The step's result on *.completed events; its shape depends on the step kind. Absent when there is none.
 */
result?: unknown
status?: RunStatus
}
/**
 * Payload of run.started: the run's name and kind, and the declaration of the format version the whole log follows.
 * 
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "RunStartedPayload".
 */
export interface RunStartedPayload {
/**
 * The format version every line of this log follows (semver). A reader rejects an unknown major.
 */
schema_version: string
/**
 * Step name from the workflow definition, or the workflow's name on run events.
 */
name: string
/**
 * Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`, `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.
 */
kind: string
/**
 * A human title for the run.
 */
title?: string
producer?: Producer
/**
 * Workflow metadata (inputs, flow and node ids), verbatim.
 */
metadata?: {
[k: string]: unknown
}
}
/**
 * The tool that produced the run or conversation.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "Producer".
 */
export interface Producer {
/**
 * The tool's name (`claude-code`, `codex`, `warp`, `devflow`, `agent-transcript`, …).
 */
name: string
/**
 * The tool's version.
 */
version?: string
}
/**
 * Payload of message events: a role and ordered content blocks (canonical parts; text parts carry `.text`, so AWF's jq recipes work unchanged), with what the model call reported.
 * 
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "MessagePayload".
 */
export interface MessagePayload {
role: Role
/**
 * The content, in order: canonical parts. A reader also accepts AWF's own content blocks (`AwfContentBlock`), which folding maps onto parts; a writer of this format never emits them.
 */
blocks: (Part | AwfContentBlock)[]
/**
 * The message's id (a provider message id or a generated one).
 */
message_id?: string
/**
 * The model that produced an assistant message.
 */
model?: string
issuer?: Issuer
/**
 * The provider's response id.
 */
response_id?: string
finish_reason?: FinishReason
/**
 * The provider's own stop reason, verbatim.
 */
native_finish_reason?: string
usage?: Usage
cost?: Cost
/**
 * How long the model call took, in milliseconds.
 */
duration_ms?: number
/**
 * For a streamed reply: how long from sending the request until its first chunk arrived, in milliseconds (`duration_ms` runs until the last).
 */
time_to_first_token_ms?: number
/**
 * An error the provider or agent reported instead of (or while) producing the message: a failed or aborted model call, its partial reply in `blocks`.
 */
error?: string
}
/**
 * Plain text: what a person or model wrote.
 */
export interface TextPart {
/**
 * Always `text`.
 */
type: "text"
/**
 * The text, verbatim (NUL and every other character preserved).
 */
text: string
/**
 * Sources supporting the text, in the order the provider gave them.
 */
citations?: Citation[]
/**
 * Provider-opaque signature attached to this text (Gemini `thoughtSignature` on a text part). Requires issuer.
 */
signature?: string
issuer?: Issuer
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * A source that supports part of a text part: a web page, a document passage or a search result.
 */
export interface Citation {
/**
 * What is cited: `url` (a web page), `document` (a passage of a provided document, by character, page or block range), `search_result`, `file` (a provider-hosted file).
 */
kind?: string
/**
 * The cited page's URL.
 */
url?: string
/**
 * The cited source's title.
 */
title?: string
/**
 * The passage quoted from the source.
 */
cited_text?: string
/**
 * Start of the cited range: a character offset into the text part for url citations (OpenAI annotations), or into the document for document citations.
 */
start_index?: number
/**
 * End (exclusive) of the cited range, in the same unit as start_index.
 */
end_index?: number
/**
 * Zero-based index of the cited document among those provided in the request.
 */
document_index?: number
/**
 * Title of the cited document.
 */
document_title?: string
/**
 * Provider file id of the cited file.
 */
file_id?: string
provider_fields?: ProviderFields
}
/**
 * Fields of the native block that have no canonical equivalent, keyed by provider id (`anthropic`, `openai`, `google`, …). A converter writing to that provider merges them back, so a native → canonical → native round trip reproduces the block; converters for other providers ignore them.
 */
export interface ProviderFields {
[k: string]: {
[k: string]: unknown
}
}
/**
 * Who issued provider-opaque data (a reasoning signature, encrypted reasoning, a server tool's encrypted result). Opaque data is replayed byte-exact to the same issuer only; for any other target an explicit policy applies.
 */
export interface Issuer {
/**
 * Provider id, lower-case: `anthropic`, `openai`, `google`, `amazon-bedrock`, `mistral`, `ollama`, …
 */
provider: string
/**
 * The API that issued it when a provider has several: `messages`, `chat-completions`, `responses`, `generate-content`, `converse`.
 */
api?: string
/**
 * The model that produced it; signatures are only valid for the model family that made them.
 */
model?: string
}
/**
 * Model reasoning (thinking). Readable text, a summary, or only provider-opaque data that must be replayed unchanged to its issuer.
 */
export interface ReasoningPart {
/**
 * Always `reasoning`.
 */
type: "reasoning"
/**
 * The reasoning text when the provider exposes it (Anthropic thinking, Gemini thought, Ollama thinking, OpenAI reasoning_text).
 */
text?: string
/**
 * Summary paragraphs, in order (OpenAI Responses `summary[].text`).
 */
summary?: string[]
/**
 * How long the model reasoned, in milliseconds.
 */
duration_ms?: number
/**
 * Opaque signature that lets the issuer verify the reasoning on replay (Anthropic `thinking.signature`, Gemini `thoughtSignature`, Bedrock `reasoningContent.signature`). Byte-exact; requires issuer.
 */
signature?: string
/**
 * Encrypted reasoning only the issuer can read (OpenAI Responses `encrypted_content`). Byte-exact; requires issuer.
 */
encrypted_content?: string
/**
 * Reasoning the provider redacted, as the opaque data it returned (Anthropic `redacted_thinking.data`, Bedrock `redactedContent`). Byte-exact; requires issuer.
 */
redacted_data?: string
/**
 * The provider's id for the reasoning item (OpenAI Responses `rs_…`), needed to replay it next to its following item.
 */
id?: string
issuer?: Issuer
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * A request to run a tool, from the model (or executed by the provider itself when provider_executed is true).
 */
export interface ToolCallPart {
/**
 * Always `tool_call`.
 */
type: "tool_call"
/**
 * The call id that pairs this call with its result. Unique within the transcript; converters remap it deterministically where a target's id rules differ.
 */
id: string
/**
 * The tool's name as advertised to the model.
 */
name: string
/**
 * The arguments as a JSON value (usually an object). Absent only when the provider sent text that does not parse as JSON; raw_input then holds that text.
 */
input?: unknown
/**
 * The arguments exactly as the provider sent them as text (OpenAI `arguments`), present when that text does not parse as JSON or is not byte-for-byte what serialising input gives, so a replay to the issuer is exact.
 */
raw_input?: string
/**
 * Why raw_input did not parse as JSON.
 */
input_error?: string
/**
 * True for server-side tools the provider ran itself (web search, code execution, MCP calls made by the provider); their results are provider-specific.
 */
provider_executed?: boolean
/**
 * The provider's own type for this block or item when it is not the provider's plain function call (`server_tool_use`, `mcp_tool_use`, `web_search_call`, `custom_tool_call`, `local_shell_call`, …).
 */
native_type?: string
/**
 * The provider's id of the item carrying the call when it differs from the call id (OpenAI Responses `fc_…`).
 */
item_id?: string
/**
 * Opaque signature attached to the call (Gemini `thoughtSignature` on a functionCall part). Byte-exact; requires issuer.
 */
signature?: string
issuer?: Issuer
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * The result of a tool call, paired with it by call_id.
 */
export interface ToolResultPart {
/**
 * Always `tool_result`.
 */
type: "tool_result"
/**
 * The id of the tool call this answers.
 */
call_id: string
/**
 * The tool's name, when the source records it (some providers need it: Gemini matches by name, Ollama `tool_name`).
 */
name?: string
status: ToolResultStatus
/**
 * The result as any JSON value: a string, an object, an array, a number, a boolean or null. Absent when the result is multimodal content only.
 */
output?: unknown
/**
 * Multimodal result content (text, image, audio and file parts) when the tool returned more than one value or a non-text one, in order.
 */
content?: Part[]
/**
 * Failure description when status is not ok.
 */
error?: string
/**
 * How long the tool ran, in milliseconds.
 */
duration_ms?: number
/**
 * True for the result of a server-side tool the provider ran itself.
 */
provider_executed?: boolean
/**
 * The provider's own type for this block or item when it is not a plain tool result (`web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result`, …).
 */
native_type?: string
/**
 * Present, and true, only when output was truncated to fit an export limit.
 */
truncated?: true
/**
 * UTF-8 byte length of the canonical JSON (RFC 8785) of output before truncation. Present only when truncated.
 */
original_size_bytes?: number
truncation_strategy?: TruncationStrategy
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * An image: inline, by URL, beside the transcript, or a provider file.
 */
export interface ImagePart {
/**
 * Always `image`.
 */
type: "image"
/**
 * IANA media type of the image, e.g. `image/png`, `audio/wav`, `application/pdf`.
 */
media_type?: string
/**
 * The image inline, base64-encoded (standard alphabet, no data: prefix).
 */
data?: string
/**
 * Where the image can be fetched (https:, or a data: URI when the source used one).
 */
url?: string
/**
 * Path of the image stored beside the transcript, relative to the transcript file, forward slashes, never `..`.
 */
path?: string
/**
 * Provider file id of an uploaded image (for example `file-…`).
 */
file_id?: string
/**
 * Requested rendering detail (`low`, `high`, `auto`).
 */
detail?: string
/**
 * A text description of the image.
 */
alt?: string
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * Audio: inline, by URL, beside the transcript, or a provider file.
 */
export interface AudioPart {
/**
 * Always `audio`.
 */
type: "audio"
/**
 * IANA media type of the audio, e.g. `image/png`, `audio/wav`, `application/pdf`.
 */
media_type?: string
/**
 * The audio inline, base64-encoded (standard alphabet, no data: prefix).
 */
data?: string
/**
 * Where the audio can be fetched (https:, or a data: URI when the source used one).
 */
url?: string
/**
 * Path of the audio stored beside the transcript, relative to the transcript file, forward slashes, never `..`.
 */
path?: string
/**
 * Provider file id of an uploaded audio (for example `file-…`).
 */
file_id?: string
/**
 * A transcript of the audio, when the provider gave one.
 */
transcript?: string
/**
 * The provider's id for generated audio (OpenAI `audio.id`).
 */
id?: string
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * A document or other file: inline, by URL, beside the transcript, or a provider file.
 */
export interface FilePart {
/**
 * Always `file`.
 */
type: "file"
/**
 * IANA media type of the file, e.g. `image/png`, `audio/wav`, `application/pdf`.
 */
media_type?: string
/**
 * The file inline, base64-encoded (standard alphabet, no data: prefix).
 */
data?: string
/**
 * Where the file can be fetched (https:, or a data: URI when the source used one).
 */
url?: string
/**
 * Path of the file stored beside the transcript, relative to the transcript file, forward slashes, never `..`.
 */
path?: string
/**
 * Provider file id of an uploaded file (for example `file-…`).
 */
file_id?: string
/**
 * The file's name as given to or by the provider.
 */
filename?: string
/**
 * A title for the document.
 */
title?: string
/**
 * The document's text, when it was provided as plain text rather than bytes.
 */
text?: string
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * A step of the agent's plan with its status and recursive sub-steps (Warp export plan_step).
 */
export interface PlanStepPart {
/**
 * Always `plan_step`.
 */
type: "plan_step"
/**
 * Stable id of the step within its plan.
 */
id: string
/**
 * What the step is.
 */
title: string
status: PlanStatus
/**
 * Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or absent.
 */
blocked_reason?: (string | null)
/**
 * More detail on the step; null or absent when there is none.
 */
description?: (string | null)
/**
 * Sub-steps, in order, each a PlanItem (recursively).
 */
subitems?: PlanItem[]
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * One step of a plan, with its own sub-steps (Warp export).
 */
export interface PlanItem {
/**
 * Stable id of the step within its plan.
 */
id: string
/**
 * What the step is.
 */
title: string
status: PlanStatus
/**
 * Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or absent.
 */
blocked_reason?: (string | null)
/**
 * More detail on the step; null or absent when there is none.
 */
description?: (string | null)
/**
 * Sub-steps, in order, each a PlanItem (recursively).
 */
subitems?: PlanItem[]
}
/**
 * A code change across one or more files, with structured hunks (Warp export code_diff).
 */
export interface CodeDiffPart {
/**
 * Always `code_diff`.
 */
type: "code_diff"
/**
 * The changed files, in order.
 * 
 * @minItems 1
 */
files: DiffFile[]
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * The change to one file.
 */
export interface DiffFile {
/**
 * The file's path after the change (its only path unless renamed or copied).
 */
path: string
/**
 * The file's path before a rename or copy; present only then.
 */
old_path?: string
/**
 * What happened to the file.
 */
change: ("added" | "modified" | "deleted" | "renamed" | "copied")
/**
 * True for a binary file: there are no hunks, only the fact of the change.
 */
binary: boolean
/**
 * File mode before, when it changed (`100644`).
 */
old_mode?: string
/**
 * File mode after, when it changed (`100755`).
 */
new_mode?: string
/**
 * Text changes, in file order; empty for binary files, pure renames and mode changes.
 */
hunks: DiffHunk[]
}
/**
 * A contiguous change: old_lines lines from old_start replaced by new_lines lines from new_start (unified diff `@@ -old_start,old_lines +new_start,new_lines @@`).
 */
export interface DiffHunk {
/**
 * First line of the hunk in the old file, 1-based (0 when old_lines is 0 and the hunk inserts at the top).
 */
old_start: number
/**
 * Number of old-file lines the hunk covers: its context plus removed lines.
 */
old_lines: number
/**
 * First line of the hunk in the new file, 1-based (0 for an empty new side).
 */
new_start: number
/**
 * Number of new-file lines the hunk covers: its context plus added lines.
 */
new_lines: number
/**
 * Text after the closing `@@`, usually the enclosing function.
 */
header?: string
/**
 * The hunk's lines, in order.
 */
lines: DiffLine[]
}
/**
 * One line of a hunk.
 */
export interface DiffLine {
/**
 * `context` (in both versions), `added`, `removed`, or `no_newline` (the marker that the previous line has no newline at end of file; text is then empty or the marker text).
 */
kind: ("context" | "added" | "removed" | "no_newline")
/**
 * The line's content without its leading diff marker and without the line ending.
 */
text: string
}
/**
 * A shell command a step ran (AWF command block).
 */
export interface CommandPart {
/**
 * Always `command`.
 */
type: "command"
/**
 * The resolved command line after template interpolation.
 */
command: string
/**
 * Working directory it ran in.
 */
cwd?: string
/**
 * Exit status, when known.
 */
exit_code?: number
/**
 * What it printed, when recorded.
 */
output?: string
/**
 * How long it ran, in milliseconds.
 */
duration_ms?: number
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * The model declined to answer (OpenAI `refusal`).
 */
export interface RefusalPart {
/**
 * Always `refusal`.
 */
type: "refusal"
/**
 * The refusal message.
 */
text: string
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * A marker that earlier context was compacted: summarised, edited or trimmed to fit the context window.
 */
export interface CompactionPart {
/**
 * Always `compaction`.
 */
type: "compaction"
/**
 * How the context was reduced: `summary` (replaced by a summary), `edit` (tool results or thinking cleared), `trim` (oldest messages dropped).
 */
strategy?: string
/**
 * The summary that replaced the earlier context, when readable.
 */
summary?: string
/**
 * Opaque compacted context only the issuer can read (OpenAI `compaction` items). Requires issuer.
 */
encrypted_content?: string
/**
 * The provider's id for the compaction item.
 */
id?: string
/**
 * Context size before, in tokens.
 */
tokens_before?: number
/**
 * Context size after, in tokens.
 */
tokens_after?: number
/**
 * How many earlier messages the compaction stands for.
 */
replaced_messages?: number
issuer?: Issuer
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * One raw chunk of a provider stream, kept for partial-output replay (AWF stream block).
 */
export interface StreamChunkPart {
/**
 * Always `stream_chunk`.
 */
type: "stream_chunk"
/**
 * The chunk as received.
 */
text: string
fidelity?: Fidelity
provider_fields?: ProviderFields
}
/**
 * A provider block with no canonical equivalent, kept verbatim so a conversion back to its issuer reproduces it. Other targets drop it with a warning.
 */
export interface NativePart {
/**
 * Always `native`.
 */
type: "native"
/**
 * The provider's block or item type (`container_upload`, `image_generation_call`, `mcp_list_tools`, …).
 */
native_type: string
/**
 * The native block exactly as the provider sent it.
 */
data: unknown
issuer: Issuer
fidelity?: Fidelity
}
/**
 * A member added by a newer minor version: its `type` is none of the known values. Readers keep it unchanged.
 */
export interface UnknownPart {
/**
 * The member's tag.
 */
type: string
}
/**
 * A content block as AWF transcript logs write it in message payloads. Writers of this format never emit it (strict validation rejects it); a tolerant reader accepts it so that logs AWF wrote read unchanged, and folding maps it onto the canonical part: `text` → text, `thinking` → reasoning, `tool_use` → tool_call, `tool_result` → tool_result (status ok), `command` → command, `stream` → stream_chunk (the chunk travels in `text`, as AWF's wire format puts it).
 * 
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "AwfContentBlock".
 */
export interface AwfContentBlock {
/**
 * AWF's block type: one of its six.
 */
type: ("text" | "thinking" | "tool_use" | "tool_result" | "command" | "stream")
fidelity?: Fidelity
/**
 * Verbatim text of a `text` block, or the chunk of a `stream` block.
 */
text?: string
/**
 * Verbatim reasoning of a `thinking` block.
 */
thinking?: string
/**
 * The tool's name, on `tool_use`.
 */
tool_name?: string
/**
 * The provider's correlation token linking a `tool_use` to its `tool_result`.
 */
tool_id?: string
/**
 * The tool's arguments as provided, on `tool_use`.
 */
tool_input?: unknown
/**
 * The tool's output as observed, on `tool_result`: a string, structured value, or null for errors.
 */
tool_content?: unknown
/**
 * The resolved shell command of a `command` block.
 */
command?: string
/**
 * One provider stream chunk, on `stream` (AWF's wire format carries it in `text`).
 */
chunk?: string
}
/**
 * Token usage, normalised across providers, with the provider's own usage object kept beside it. input_tokens includes cache reads and writes; output_tokens includes reasoning. Providers count differently (Anthropic input excludes cache; Gemini output excludes thoughts); the normalisation makes these totals mean the same everywhere.
 */
export interface Usage {
/**
 * All input tokens, including cache reads and cache writes.
 */
input_tokens: number
/**
 * All output tokens, including reasoning tokens.
 */
output_tokens: number
/**
 * Of input_tokens, those read from the provider's prompt cache.
 */
cache_read_tokens?: number
/**
 * Of input_tokens, those written to the provider's prompt cache.
 */
cache_write_tokens?: number
/**
 * Of output_tokens, those spent on reasoning.
 */
reasoning_tokens?: number
/**
 * The provider's own total when it reports one; otherwise input_tokens + output_tokens.
 */
total_tokens?: number
raw?: RawUsage
}
/**
 * The provider's usage object exactly as it reported it, and which provider's shape it is.
 * 
 * This interface was referenced by `Usage`'s JSON-Schema
 * via the `definition` "RawUsage".
 */
export interface RawUsage {
/**
 * Whose usage shape this is: `anthropic`, `openai-chat`, `openai-responses`, `gemini`, `ollama`, `bedrock-converse`, `mistral`, or a source format id.
 */
provider: string
/**
 * The usage object, verbatim.
 */
usage: unknown
}
/**
 * Payload of tool.call and tool.result (AWF transcript logs): the same call_id links a call to its result. input is required on tool.call, output on tool.result.
 * 
 * This interface was referenced by `undefined`'s JSON-Schema
 * via the `definition` "ToolPayload".
 */
export interface ToolPayload {
/**
 * Tool name (`Read`, `Bash`, a plugin operation name, …).
 */
name: string
/**
 * Opaque correlation token linking a tool.call to its tool.result.
 */
call_id: string
/**
 * Tool arguments as provided.
 */
input?: unknown
/**
 * Tool return value (null for errors with no output).
 */
output?: unknown
/**
 * Failure description on tool.result; absent on success.
 */
error?: string
fidelity: Fidelity
status?: ToolResultStatus
/**
 * Multimodal result content (text, image, audio, file parts), on tool.result.
 */
content?: Part[]
/**
 * How long the tool ran, in milliseconds, on tool.result.
 */
duration_ms?: number
/**
 * True for server-side tools the provider ran itself.
 */
provider_executed?: boolean
}
/**
 * One turn of the conversation: a role and its ordered parts, with the model, usage, cost and timing of the call that produced it when known.
 */
export interface Message {
/**
 * The message's id, unique within the transcript (a provider message id, a source turn id, or a generated one).
 */
id?: string
role: Role
/**
 * The content, in order.
 */
parts: Part[]
/**
 * The participant's name, when the source distinguishes several speakers of one role.
 */
name?: string
/**
 * When the message was created or sent.
 */
created_at?: string
/**
 * When the model finished producing it.
 */
completed_at?: string
/**
 * How long producing it took, in milliseconds.
 */
duration_ms?: number
/**
 * For a streamed reply: how long from sending the request until its first chunk arrived, in milliseconds (`duration_ms` runs until the last).
 */
time_to_first_token_ms?: number
/**
 * The model that produced it, as the provider named it in its response.
 */
model?: string
issuer?: Issuer
/**
 * The provider's id for the response that produced it (`msg_…`, `chatcmpl-…`, `resp_…`).
 */
response_id?: string
finish_reason?: FinishReason
/**
 * The provider's own stop reason, verbatim (`end_turn`, `tool_use`, `STOP`, `MAX_TOKENS`, …).
 */
native_finish_reason?: string
/**
 * An error the provider or agent reported instead of (or while) producing the message.
 */
error?: string
usage?: Usage
cost?: Cost
/**
 * The workflow step that produced it (AWF transcript path), dot-separated.
 */
path?: string
/**
 * The loop or retry iteration of that step (AWF transcript logs).
 */
iteration?: number
/**
 * Free-form metadata from the source with no canonical field.
 */
metadata?: {
[k: string]: unknown
}
provider_fields?: ProviderFields
}
/**
 * The first line of a bundle: when and from what it was taken, how many repositories and files follow, and what the secret scanner found.
 */
export interface SnapshotHeader {
/**
 * Always `snapshot`.
 */
type: "snapshot"
/**
 * Bundle format version. Version 1 is the only one defined; a reader refuses another.
 */
version: 1
/**
 * The run the snapshot was taken at the end of, when there was one.
 */
run_id?: string
/**
 * When the snapshot was taken.
 */
created_at: string
/**
 * The absolute path, on the machine that took it, that every `path` of the bundle is relative to: the deepest folder holding every declared repository and file.
 */
root: string
/**
 * The declarations the snapshot took, redundant ones removed (Oz snapshot declarations).
 * 
 * @minItems 1
 */
declarations: SnapshotDeclaration[]
/**
 * How many `repository` entries follow.
 */
repositories: number
/**
 * How many `file` entries follow.
 */
files: number
/**
 * The size cap in force: a file larger than this was left out and named in `problems`.
 */
max_file_bytes?: number
secrets: SnapshotSecrets
/**
 * What could not be taken (a file over the size cap, a declared path that is missing or not a repository, …): left out, never fatal.
 */
problems: SnapshotProblem[]
}
/**
 * One line of an end-of-run workspace snapshot declarations file (Oz snapshot declarations): a JSONL file in which each line names one repository or file to carry to another machine when a run is handed off. Malformed lines are skipped and reported, never fatal.
 */
export interface SnapshotDeclaration {
/**
 * Declaration format version. Version 1 is the only one defined; a reader skips lines with another version.
 */
version: 1
/**
 * `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked, non-ignored files). `file`: a single file outside any declared repository, uploaded verbatim; a `file` inside a declared `repo` is redundant and dropped.
 */
kind: ("repo" | "file")
/**
 * Absolute path of the repository root or file. Relative paths are rejected as malformed.
 */
path: string
}
/**
 * What the secret scanner (the built-in redaction rules) found in the text the bundle carries: the lines a repository's patch adds and the content of each declared text file. Binary content and a patch's context and removed lines (which the recorded HEAD commit already holds) are not scanned. Counts only, never the secrets.
 */
export interface SnapshotSecrets {
/**
 * Secrets found, over all rules and files.
 */
total: number
/**
 * Secrets found per rule id (`github-token`, `private-key`, …); rules that found nothing are absent.
 */
counts: {
[k: string]: number
}
/**
 * Per file, what was found, in bundle order.
 */
findings: SnapshotFinding[]
/**
 * True when the secrets were replaced by `[REDACTED:<rule>]` placeholders before the content was written (`--redact`); false when they are in the bundle as found.
 */
redacted: boolean
}
/**
 * The secrets found in one file.
 */
export interface SnapshotFinding {
/**
 * The repository's `path` when the file belongs to one; absent for a declared file.
 */
repository?: string
/**
 * The file's path: relative to its repository, or to the bundle's `root` for a declared file.
 */
path: string
/**
 * Secrets found in this file per rule id.
 */
counts: {
[k: string]: number
}
}
/**
 * Something the snapshot left out, and why.
 */
export interface SnapshotProblem {
/**
 * What kind of problem: `too-large` (over the size cap), `missing` (a declared path that does not exist), `not-a-repository`, `not-a-file`, `unreadable`, `unsafe-path` (a path that cannot be carried safely), `git` (a git command failed); a newer version may add codes.
 */
code: string
/**
 * The path concerned, as on the machine that took the snapshot.
 */
path?: string
/**
 * What happened, for a person.
 */
message: string
}
/**
 * A declared git repository: the commit its working tree is based on, and its uncommitted changes as one git patch (tracked changes against HEAD, staged or not, and untracked files that are not ignored, as `git diff --binary` writes them: renames, deletions, file modes and binary files included). The patch's bytes follow in the `chunk` lines after this one. Applied with `git apply` onto a checkout of `head`, it reproduces the working tree.
 */
export interface SnapshotRepository {
/**
 * Always `repository`.
 */
type: "repository"
/**
 * Where the repository is, relative to the bundle's `root` (`.` when it is the root).
 */
path: string
/**
 * The repository's absolute path on the machine that took the snapshot, as declared.
 */
source_path: string
/**
 * The full object name of the HEAD commit the patch applies to; absent for a repository without commits, whose patch applies to an empty tree.
 */
head?: string
/**
 * The checked-out branch; absent when HEAD is detached.
 */
branch?: string
remote?: SnapshotRemote
encoding: SnapshotEncoding
/**
 * The patch's size in bytes (0: no uncommitted change).
 */
size: number
/**
 * SHA-256 of the patch's bytes, lowercase hex.
 */
sha256: string
/**
 * Every path the patch changes, in the patch's order.
 */
changes: SnapshotChange[]
}
/**
 * The remote a repository's branch tracks (or `origin`, or its first remote), so the other machine can clone it.
 */
export interface SnapshotRemote {
/**
 * The remote's name.
 */
name: string
/**
 * Its fetch URL, as configured (credentials in it are reported by the secret scanner, and redacted on request).
 */
url: string
}
/**
 * One path a repository's patch changes, with what the working tree holds there afterwards, so an applied patch can be checked byte for byte.
 */
export interface SnapshotChange {
/**
 * `added` (including untracked files), `modified`, `deleted`, `renamed` (from `old_path`, maybe also modified) or `type-changed` (a file became a symbolic link, or back).
 */
status: ("added" | "modified" | "deleted" | "renamed" | "type-changed")
/**
 * The path, relative to the repository; for a rename, the new one.
 */
path: string
/**
 * For a rename, the path it was renamed from.
 */
old_path?: string
/**
 * Git's mode of the path afterwards: `100644` a file, `100755` an executable file, `120000` a symbolic link; absent for a deletion.
 */
mode?: ("100644" | "100755" | "120000")
/**
 * The file's permission bits on the machine that took the snapshot, as four octal digits (`0600`, `0755`); absent for a deletion and a symbolic link, and in bundles written before it was recorded. Git records only whether a file is executable; these keep a private file private: applying never gives the file wider permissions than these (the receiving umask may narrow them further).
 */
permissions?: string
/**
 * Size in bytes afterwards (of a symbolic link: of its target's path); absent for a deletion.
 */
size?: number
/**
 * SHA-256 of the content afterwards, lowercase hex (of a symbolic link: of its target's path); absent for a deletion, and for a file whose added lines were redacted (its content then differs from what was found).
 */
sha256?: string
/**
 * True when the content is binary (a NUL byte in its first 8,000 bytes, as git decides): carried in the patch as a binary patch and not scanned for secrets.
 */
binary?: boolean
/**
 * True when secrets in the lines this change adds were replaced by placeholders.
 */
redacted?: boolean
}
/**
 * A declared file outside any declared repository, carried verbatim (or with its secrets redacted, on request). Its bytes follow in the `chunk` lines after this one.
 */
export interface SnapshotFile {
/**
 * Always `file`.
 */
type: "file"
/**
 * Where the file is, relative to the bundle's `root`.
 */
path: string
/**
 * The file's absolute path on the machine that took the snapshot, as declared.
 */
source_path: string
/**
 * `100644` a file, `100755` an executable file.
 */
mode: ("100644" | "100755")
/**
 * The file's permission bits on the machine that took the snapshot, as four octal digits (`0600`, `0755`); absent in bundles written before it was recorded. Applying never gives the file wider permissions than these (the receiving umask may narrow them further).
 */
permissions?: string
encoding: SnapshotEncoding
/**
 * Size in bytes of the content carried.
 */
size: number
/**
 * SHA-256 of the content carried, lowercase hex.
 */
sha256: string
/**
 * True when secrets in the content were replaced by placeholders (size and sha256 are then the redacted content's).
 */
redacted?: boolean
}
/**
 * A piece of the content of the repository or file line before it, in that line's `encoding`.
 */
export interface SnapshotChunk {
/**
 * Always `chunk`.
 */
type: "chunk"
/**
 * The piece: at most 1 MiB of text, or the base64 of at most 768 KiB.
 */
data: string
}
/**
 * The last line: the bundle is complete. Repeats the header's counts, so a reader knows nothing was lost between them.
 */
export interface SnapshotEnd {
/**
 * Always `end`.
 */
type: "end"
/**
 * How many `repository` entries the bundle holds.
 */
repositories: number
/**
 * How many `file` entries the bundle holds.
 */
files: number
}
/**
 * A member added by a newer minor version: its `type` is none of the known values. Readers keep it unchanged.
 */
export interface UnknownSnapshotBundleLine {
/**
 * The member's tag.
 */
type: string
}
/**
 * A whole conversation or agent run in one JSON document: its messages, the run's status and timing, usage and cost totals, links to child runs, artifacts such as workspace snapshots, and what an export did to it (redaction, truncation, reasoning policy). Large documents may be stored gzip-compressed (`.json.gz`).
 */
export interface Transcript {
/**
 * Semantic version of the format this document follows. Readers accept the current major, reject an unknown major, and keep unknown fields and part types of a newer minor unchanged.
 */
schema_version: string
/**
 * The transcript's id: the run id, session id or conversation id of the source.
 */
id: string
/**
 * A human title.
 */
title?: string
/**
 * When the conversation or run began.
 */
created_at?: string
/**
 * When the document was last written.
 */
updated_at?: string
source?: Source
producer?: Producer
run?: Run
/**
 * The conversation, in order.
 */
messages: Message[]
/**
 * The tools offered to the model, in the order the request listed them.
 */
tools?: ToolDefinition[]
tool_choice?: ToolChoice
usage?: Usage
cost?: Cost
/**
 * Things the run produced besides messages, such as workspace snapshots.
 */
artifacts?: Artifact[]
export?: ExportRecord
/**
 * Free-form metadata from the source with no canonical field.
 */
metadata?: {
[k: string]: unknown
}
provider_fields?: ProviderFields
}
/**
 * Provenance: where the document came from.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "Source".
 */
export interface Source {
format: SourceFormat
/**
 * The source format's own version, when it has one.
 */
format_version?: string
/**
 * The file it was read from, as given.
 */
path?: string
/**
 * The source's own session or conversation id.
 */
session_id?: string
/**
 * When it was converted.
 */
imported_at?: string
}
/**
 * The run this transcript records: status, timing, error, workflow metadata, and links to its parent and child runs. `usage_including_children` is the token usage of this run together with every child run below it, at any depth (the document's own `usage` plus each child's `usage_including_children`, or its `usage` when it has no children of its own); the document's `usage` stays this run's own.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "Run".
 */
export interface Run {
status: RunStatus
/**
 * When the run started.
 */
started_at?: string
/**
 * When the run ended; absent while running.
 */
ended_at?: string
/**
 * Wall-clock duration in milliseconds.
 */
duration_ms?: number
/**
 * Why the run failed.
 */
error?: string
parent?: ParentRun
/**
 * Child runs this run started (AWF call_workflow, sub-agents), in start order.
 */
children?: ChildRun[]
/**
 * The workflow steps the run executed (AWF step events), in start order.
 */
steps?: Step[]
usage_including_children?: Usage
/**
 * Workflow metadata from the source, verbatim (devflow: flowId, nodeId, input).
 */
metadata?: {
[k: string]: unknown
}
}
/**
 * The run that started this one.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "ParentRun".
 */
export interface ParentRun {
/**
 * The parent's run id.
 */
run_id: string
/**
 * The parent's tool call that started this run (a sub-agent's Task call).
 */
call_id?: string
/**
 * The parent's step path that started this run.
 */
path?: string
}
/**
 * A run this run started, linked both ways: the child's own transcript names this run as its parent.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "ChildRun".
 */
export interface ChildRun {
/**
 * The child's run id.
 */
run_id: string
/**
 * The child's title or workflow name.
 */
title?: string
status?: RunStatus
/**
 * The tool call that started the child, when one did.
 */
call_id?: string
/**
 * The step path that started the child.
 */
path?: string
/**
 * Where the child's own transcript or event log is, relative to this document (`<run_id>.jsonl`).
 */
location?: string
transcript?: Transcript
}
/**
 * One execution of a workflow step (AWF step.started / step.completed), with its outcome.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "Step".
 */
export interface Step {
/**
 * Dot-separated step path within the workflow definition.
 */
path: string
/**
 * Step name from the workflow definition.
 */
name: string
/**
 * Step type (`agent`, `command`, `parallel`, `call_workflow`, or a custom type name).
 */
kind: string
/**
 * Zero-based loop or retry iteration.
 */
iteration?: number
status: RunStatus
/**
 * When the step started.
 */
started_at?: string
/**
 * When the step ended; absent while running.
 */
ended_at?: string
/**
 * Why the step failed.
 */
error?: string
/**
 * The step's result, as the step reported it.
 */
result?: unknown
/**
 * The child run a call_workflow step started.
 */
child_run_id?: string
}
/**
 * A tool offered to the model: a function with a JSON Schema for its input, or a provider's own tool (web search, code execution) named by its native type.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "ToolDefinition".
 */
export interface ToolDefinition {
/**
 * The name the model calls it by.
 */
name: string
/**
 * What the tool does, as told to the model.
 */
description?: string
/**
 * JSON Schema of the tool's input, verbatim (absent for provider tools that take none).
 */
input_schema?: unknown
/**
 * Whether the provider must make calls follow input_schema exactly (OpenAI `strict`).
 */
strict?: boolean
/**
 * The provider's own tool type for built-in tools (`web_search_20250305`, `code_execution`, `file_search`, …); absent for plain functions.
 */
native_type?: string
provider_fields?: ProviderFields
}
/**
 * How the model may use the tools: `auto` (decides), `none` (must not call), `required` (must call at least one), `tool` (must call the one named).
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "ToolChoice".
 */
export interface ToolChoice {
/**
 * The choice.
 */
mode: ("auto" | "none" | "required" | "tool")
/**
 * The tool to call, when mode is `tool`.
 */
name?: string
/**
 * Whether several calls may come in one turn; absent means the provider's default.
 */
parallel?: boolean
provider_fields?: ProviderFields
}
/**
 * An end-of-run workspace snapshot for handing the run to another machine (Oz snapshot declarations): what was declared, when, and where the snapshot bundle (`snapshot-bundle.schema.json`) that carries the changes is.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "SnapshotArtifact".
 */
export interface SnapshotArtifact {
/**
 * Always `snapshot`.
 */
type: "snapshot"
/**
 * The declarations, as read from the declarations file; at least one (a run that declares nothing has no snapshot).
 * 
 * @minItems 1
 */
declarations: SnapshotDeclaration[]
/**
 * When the snapshot was taken.
 */
created_at?: string
/**
 * Where the snapshot's content is stored: the path of its bundle (a `snapshot-bundle.schema.json` JSONL file), relative to this document or to the event log that recorded it, or a URL.
 */
location?: string
/**
 * SHA-256 of the bundle file at `location`, lowercase hex, so a reader can tell it has the bundle that was written.
 */
sha256?: string
}
/**
 * A file the run produced.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "FileArtifact".
 */
export interface FileArtifact {
/**
 * Always `file`.
 */
type: "file"
/**
 * The file's path.
 */
path: string
/**
 * IANA media type.
 */
media_type?: string
/**
 * What the file is.
 */
description?: string
}
/**
 * A member added by a newer minor version: its `type` is none of the known values. Readers keep it unchanged.
 */
export interface UnknownArtifact {
/**
 * The member's tag.
 */
type: string
}
/**
 * What exporting did to this document, so a reader knows what is missing and why.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "ExportRecord".
 */
export interface ExportRecord {
/**
 * When the export was written.
 */
exported_at?: string
/**
 * `include`: reasoning parts kept; `omit`: reasoning parts removed with no stub (the order of everything else is kept).
 */
reasoning?: ("include" | "omit")
redaction?: RedactionRecord
truncation?: TruncationRecord
}
/**
 * Redaction applied: how many secrets each rule replaced with a `[REDACTED:<rule>]` placeholder. Never the secrets themselves.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "RedactionRecord".
 */
export interface RedactionRecord {
/**
 * Replacements per rule id.
 */
counts: {
[k: string]: number
}
/**
 * All replacements.
 */
total: number
}
/**
 * Tool-output truncation applied.
 * 
 * This interface was referenced by `Transcript`'s JSON-Schema
 * via the `definition` "TruncationRecord".
 */
export interface TruncationRecord {
/**
 * The limit: UTF-8 bytes of a value's canonical JSON (at least 2, the size of an empty string, array or object).
 */
limit_bytes: number
/**
 * How many tool outputs were truncated.
 */
truncated_count: number
}
