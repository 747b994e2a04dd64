// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate

use serde::{Serialize, Deserialize};
use std::collections::HashMap;

pub type ProviderFields = HashMap<String, HashMap<String, Option<serde_json::Value>>>;

/// One line of an append-only JSONL event log (the AWF transcript envelope). Every line is
/// one complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing
/// `seq` order starting at 1. Event-specific data lives in `payload`, whose shape is chosen
/// by `type`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// UUID of a spawned child run. Required on `step.call_workflow.started` and
    /// `step.call_workflow.completed` lines in the parent's file; absent (never empty) on other
    /// lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub child_run_id: Option<String>,

    /// Zero-based loop or retry iteration counter; 0 outside loops.
    pub iteration: i64,

    /// UUID of the enclosing parent run. Present on every line of a child run's file when the
    /// run was started by another run; absent (never empty) otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_run_id: Option<String>,

    /// Dot-separated step path within the workflow definition (for example `analyze` or
    /// `parallel_block.branch_a`). The empty string on run-level events.
    pub path: String,

    /// Event-specific data whose shape is determined by `type`: a StepPayload for run and step
    /// events (on run.started it declares the log's schema_version; AWF's own logs write
    /// run.started with a plain StepPayload or null, which a tolerant reader accepts as this
    /// version; run.completed may carry null), a MessagePayload for message events, a
    /// ToolPayload for tool events, an Artifact (transcript.schema.json) for artifact.created.
    /// Unknown event types of a newer minor version carry any payload.
    pub payload: Option<serde_json::Value>,

    /// UUID of the run this file records. Every line of one file carries the same run_id.
    pub run_id: String,

    /// Sequence number, strictly monotonic per file and starting at 1, with no gaps. The
    /// recorder allocates it atomically before writing the line.
    pub seq: i64,

    /// Emission time, RFC 3339 with a time-zone offset; UTC (`Z`) is preferred.
    pub timestamp: String,

    #[serde(rename = "type")]
    pub event_type: EventType,
}

/// The closed event vocabulary: AWF's ten types plus `message.system` (added in 1.0.0 for
/// system and developer instructions, which AWF folds into message.user) and
/// `artifact.created` (added in 1.0.0: something the run produced besides messages, such as
/// its end-of-run workspace snapshot). Writers emit only these values; a newer minor version
/// may add values, which tolerant readers accept and surface as warnings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum EventType {
    #[serde(rename = "artifact.created")]
    ArtifactCreated,

    #[serde(rename = "message.assistant")]
    MessageAssistant,

    #[serde(rename = "message.system")]
    MessageSystem,

    #[serde(rename = "message.user")]
    MessageUser,

    #[serde(rename = "run.completed")]
    RunCompleted,

    #[serde(rename = "run.started")]
    RunStarted,

    #[serde(rename = "step.call_workflow.completed")]
    StepCallWorkflowCompleted,

    #[serde(rename = "step.call_workflow.started")]
    StepCallWorkflowStarted,

    #[serde(rename = "step.completed")]
    StepCompleted,

    #[serde(rename = "step.started")]
    StepStarted,

    #[serde(rename = "tool.call")]
    ToolCall,

    #[serde(rename = "tool.result")]
    ToolResult,
}

/// One line of a workspace snapshot bundle (Oz snapshot declarations, taken): a UTF-8 JSONL
/// file, one JSON object per LF-terminated line, that carries what a run changed in its
/// workspace to another machine. The first line is the header (`snapshot`); then, for each
/// declared repository, a `repository` line followed by the chunks of its patch, and for
/// each declared file a `file` line followed by the chunks of its content; the last line is
/// `end`. Content is never one large value: it is cut into `chunk` lines of at most 1 MiB of
/// data each, so a bundle is written and read in memory bounded by a chunk, whatever the
/// size of the files it holds. A bundle without its `end` line is incomplete (a torn write)
/// and is refused. Every path inside a bundle is relative (to the bundle's `root`, or to its
/// repository) and never climbs out with `..`.
///
/// The first line of a bundle: when and from what it was taken, how many repositories and
/// files follow, and what the secret scanner found.
///
/// A declared git repository: the commit its working tree is based on, and its uncommitted
/// changes as one git patch (tracked changes against HEAD, staged or not, and untracked
/// files that are not ignored, as `git diff --binary` writes them: renames, deletions, file
/// modes and binary files included). The patch's bytes follow in the `chunk` lines after
/// this one. Applied with `git apply` onto a checkout of `head`, it reproduces the working
/// tree.
///
/// A declared file outside any declared repository, carried verbatim (or with its secrets
/// redacted, on request). Its bytes follow in the `chunk` lines after this one.
///
/// A piece of the content of the repository or file line before it, in that line's
/// `encoding`.
///
/// The last line: the bundle is complete. Repeats the header's counts, so a reader knows
/// nothing was lost between them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotBundleLine {
    /// Always `snapshot`.
    ///
    /// Always `repository`.
    ///
    /// Always `file`.
    ///
    /// Always `chunk`.
    ///
    /// Always `end`.
    #[serde(rename = "type")]
    pub snapshot_bundle_line_type: SnapshotBundleLineType,

    /// When the snapshot was taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,

    /// The declarations the snapshot took, redundant ones removed (Oz snapshot declarations).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarations: Option<Vec<SnapshotDeclaration>>,

    /// How many `file` entries follow.
    ///
    /// How many `file` entries the bundle holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<i64>,

    /// The size cap in force: a file larger than this was left out and named in `problems`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_file_bytes: Option<i64>,

    /// What could not be taken (a file over the size cap, a declared path that is missing or not
    /// a repository, …): left out, never fatal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<SnapshotProblem>>,

    /// How many `repository` entries follow.
    ///
    /// How many `repository` entries the bundle holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repositories: Option<i64>,

    /// The absolute path, on the machine that took it, that every `path` of the bundle is
    /// relative to: the deepest folder holding every declared repository and file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,

    /// The run the snapshot was taken at the end of, when there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub secrets: Option<SnapshotSecrets>,

    /// Bundle format version. Version 1 is the only one defined; a reader refuses another.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<i64>,

    /// The checked-out branch; absent when HEAD is detached.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub branch: Option<String>,

    /// Every path the patch changes, in the patch's order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub changes: Option<Vec<SnapshotChange>>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub encoding: Option<SnapshotEncoding>,

    /// The full object name of the HEAD commit the patch applies to; absent for a repository
    /// without commits, whose patch applies to an empty tree.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,

    /// Where the repository is, relative to the bundle's `root` (`.` when it is the root).
    ///
    /// Where the file is, relative to the bundle's `root`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub remote: Option<SnapshotRemote>,

    /// SHA-256 of the patch's bytes, lowercase hex.
    ///
    /// SHA-256 of the content carried, lowercase hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,

    /// The patch's size in bytes (0: no uncommitted change).
    ///
    /// Size in bytes of the content carried.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<i64>,

    /// The repository's absolute path on the machine that took the snapshot, as declared.
    ///
    /// The file's absolute path on the machine that took the snapshot, as declared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_path: Option<String>,

    /// `100644` a file, `100755` an executable file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<SnapshotBundleLineMode>,

    /// The file's permission bits on the machine that took the snapshot, as four octal digits
    /// (`0600`, `0755`); absent in bundles written before it was recorded. Applying never gives
    /// the file wider permissions than these (the receiving umask may narrow them further).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permissions: Option<String>,

    /// True when secrets in the content were replaced by placeholders (size and sha256 are then
    /// the redacted content's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redacted: Option<bool>,

    /// The piece: at most 1 MiB of text, or the base64 of at most 768 KiB.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data: Option<String>,
}

/// One path a repository's patch changes, with what the working tree holds there afterwards,
/// so an applied patch can be checked byte for byte.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotChange {
    /// True when the content is binary (a NUL byte in its first 8,000 bytes, as git decides):
    /// carried in the patch as a binary patch and not scanned for secrets.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub binary: Option<bool>,

    /// Git's mode of the path afterwards: `100644` a file, `100755` an executable file, `120000`
    /// a symbolic link; absent for a deletion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<ChangeMode>,

    /// For a rename, the path it was renamed from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_path: Option<String>,

    /// The path, relative to the repository; for a rename, the new one.
    pub path: String,

    /// The file's permission bits on the machine that took the snapshot, as four octal digits
    /// (`0600`, `0755`); absent for a deletion and a symbolic link, and in bundles written
    /// before it was recorded. Git records only whether a file is executable; these keep a
    /// private file private: applying never gives the file wider permissions than these (the
    /// receiving umask may narrow them further).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub permissions: Option<String>,

    /// True when secrets in the lines this change adds were replaced by placeholders.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redacted: Option<bool>,

    /// SHA-256 of the content afterwards, lowercase hex (of a symbolic link: of its target's
    /// path); absent for a deletion, and for a file whose added lines were redacted (its content
    /// then differs from what was found).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,

    /// Size in bytes afterwards (of a symbolic link: of its target's path); absent for a
    /// deletion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<i64>,

    /// `added` (including untracked files), `modified`, `deleted`, `renamed` (from `old_path`,
    /// maybe also modified) or `type-changed` (a file became a symbolic link, or back).
    pub status: ChangeStatus,
}

/// Git's mode of the path afterwards: `100644` a file, `100755` an executable file, `120000`
/// a symbolic link; absent for a deletion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ChangeMode {
    #[serde(rename = "100644")]
    The100644,

    #[serde(rename = "100755")]
    The100755,

    #[serde(rename = "120000")]
    The120000,
}

/// `added` (including untracked files), `modified`, `deleted`, `renamed` (from `old_path`,
/// maybe also modified) or `type-changed` (a file became a symbolic link, or back).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChangeStatus {
    Added,

    Deleted,

    Modified,

    Renamed,

    #[serde(rename = "type-changed")]
    TypeChanged,
}

/// One line of an end-of-run workspace snapshot declarations file (Oz snapshot
/// declarations): a JSONL file in which each line names one repository or file to carry to
/// another machine when a run is handed off. Malformed lines are skipped and reported, never
/// fatal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotDeclaration {
    /// `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
    /// non-ignored files). `file`: a single file outside any declared repository, uploaded
    /// verbatim; a `file` inside a declared `repo` is redundant and dropped.
    pub kind: SnapshotDeclarationKind,

    /// Absolute path of the repository root or file. Relative paths are rejected as malformed.
    pub path: String,

    /// Declaration format version. Version 1 is the only one defined; a reader skips lines with
    /// another version.
    pub version: i64,
}

/// `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
/// non-ignored files). `file`: a single file outside any declared repository, uploaded
/// verbatim; a `file` inside a declared `repo` is redundant and dropped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SnapshotDeclarationKind {
    File,

    Repo,
}

/// How the `chunk` lines after a repository or file line hold its bytes: `utf8`, as text
/// (the content is valid UTF-8, so a person or `jq -r` can read it); `base64`, as standard
/// base64 with padding (binary content). Each chunk decodes on its own; the content is the
/// chunks' bytes in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SnapshotEncoding {
    Base64,

    Utf8,
}

/// `100644` a file, `100755` an executable file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SnapshotBundleLineMode {
    #[serde(rename = "100644")]
    The100644,

    #[serde(rename = "100755")]
    The100755,
}

/// Something the snapshot left out, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotProblem {
    /// What kind of problem: `too-large` (over the size cap), `missing` (a declared path that
    /// does not exist), `not-a-repository`, `not-a-file`, `unreadable`, `unsafe-path` (a path
    /// that cannot be carried safely), `git` (a git command failed); a newer version may add
    /// codes.
    pub code: String,

    /// What happened, for a person.
    pub message: String,

    /// The path concerned, as on the machine that took the snapshot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// The remote a repository's branch tracks (or `origin`, or its first remote), so the other
/// machine can clone it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotRemote {
    /// The remote's name.
    pub name: String,

    /// Its fetch URL, as configured (credentials in it are reported by the secret scanner, and
    /// redacted on request).
    pub url: String,
}

/// What the secret scanner (the built-in redaction rules) found in the text the bundle
/// carries: the lines a repository's patch adds and the content of each declared text file.
/// Binary content and a patch's context and removed lines (which the recorded HEAD commit
/// already holds) are not scanned. Counts only, never the secrets.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotSecrets {
    /// Secrets found per rule id (`github-token`, `private-key`, …); rules that found nothing
    /// are absent.
    pub counts: HashMap<String, i64>,

    /// Per file, what was found, in bundle order.
    pub findings: Vec<SnapshotFinding>,

    /// True when the secrets were replaced by `[REDACTED:<rule>]` placeholders before the
    /// content was written (`--redact`); false when they are in the bundle as found.
    pub redacted: bool,

    /// Secrets found, over all rules and files.
    pub total: i64,
}

/// The secrets found in one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotFinding {
    /// Secrets found in this file per rule id.
    pub counts: HashMap<String, i64>,

    /// The file's path: relative to its repository, or to the bundle's `root` for a declared
    /// file.
    pub path: String,

    /// The repository's `path` when the file belongs to one; absent for a declared file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repository: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SnapshotBundleLineType {
    Chunk,

    End,

    File,

    Repository,

    Snapshot,
}

/// A run this run started, linked both ways: the child's own transcript names this run as
/// its parent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChildRun {
    /// The tool call that started the child, when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call_id: Option<String>,

    /// Where the child's own transcript or event log is, relative to this document
    /// (`<run_id>.jsonl`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,

    /// The step path that started the child.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,

    /// The child's run id.
    pub run_id: String,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<RunStatus>,

    /// The child's title or workflow name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript: Option<Transcript>,
}

/// The run this transcript records: status, timing, error, workflow metadata, and links to
/// its parent and child runs. `usage_including_children` is the token usage of this run
/// together with every child run below it, at any depth (the document's own `usage` plus
/// each child's `usage_including_children`, or its `usage` when it has no children of its
/// own); the document's `usage` stays this run's own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// Child runs this run started (AWF call_workflow, sub-agents), in start order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub children: Option<Vec<ChildRun>>,

    /// Wall-clock duration in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<i64>,

    /// When the run ended; absent while running.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,

    /// Why the run failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,

    /// Workflow metadata from the source, verbatim (devflow: flowId, nodeId, input).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<HashMap<String, Option<serde_json::Value>>>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<ParentRun>,

    /// When the run started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started_at: Option<String>,

    pub status: RunStatus,

    /// The workflow steps the run executed (AWF step events), in start order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<Vec<Step>>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage_including_children: Option<Usage>,
}

/// A whole conversation or agent run in one JSON document: its messages, the run's status
/// and timing, usage and cost totals, links to child runs, artifacts such as workspace
/// snapshots, and what an export did to it (redaction, truncation, reasoning policy). Large
/// documents may be stored gzip-compressed (`.json.gz`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transcript {
    /// Things the run produced besides messages, such as workspace snapshots.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifacts: Option<Vec<Artifact>>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<Cost>,

    /// When the conversation or run began.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportRecord>,

    /// The transcript's id: the run id, session id or conversation id of the source.
    pub id: String,

    /// The conversation, in order.
    pub messages: Vec<Message>,

    /// Free-form metadata from the source with no canonical field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<HashMap<String, Option<serde_json::Value>>>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub producer: Option<Producer>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_fields: Option<HashMap<String, HashMap<String, Option<serde_json::Value>>>>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<Run>,

    /// Semantic version of the format this document follows. Readers accept the current major,
    /// reject an unknown major, and keep unknown fields and part types of a newer minor
    /// unchanged.
    pub schema_version: String,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<Source>,

    /// A human title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_choice: Option<ToolChoice>,

    /// The tools offered to the model, in the order the request listed them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<ToolDefinition>>,

    /// When the document was last written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub updated_at: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
}

/// A run's state: `running`, `completed`, `failed` (error carries why) or `canceled`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RunStatus {
    Canceled,

    Completed,

    Failed,

    Running,
}

/// The run that started this one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParentRun {
    /// The parent's tool call that started this run (a sub-agent's Task call).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call_id: Option<String>,

    /// The parent's step path that started this run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,

    /// The parent's run id.
    pub run_id: String,
}

/// One execution of a workflow step (AWF step.started / step.completed), with its outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step {
    /// The child run a call_workflow step started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub child_run_id: Option<String>,

    /// When the step ended; absent while running.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,

    /// Why the step failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,

    /// Zero-based loop or retry iteration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iteration: Option<i64>,

    /// Step type (`agent`, `command`, `parallel`, `call_workflow`, or a custom type name).
    pub kind: String,

    /// Step name from the workflow definition.
    pub name: String,

    /// Dot-separated step path within the workflow definition.
    pub path: String,

    /// The step's result, as the step reported it.
    pub result: Option<serde_json::Value>,

    /// When the step started.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started_at: Option<String>,

    pub status: RunStatus,
}

/// Token usage, normalised across providers, with the provider's own usage object kept
/// beside it. input_tokens includes cache reads and writes; output_tokens includes
/// reasoning. Providers count differently (Anthropic input excludes cache; Gemini output
/// excludes thoughts); the normalisation makes these totals mean the same everywhere.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Usage {
    /// Of input_tokens, those read from the provider's prompt cache.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache_read_tokens: Option<i64>,

    /// Of input_tokens, those written to the provider's prompt cache.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cache_write_tokens: Option<i64>,

    /// All input tokens, including cache reads and cache writes.
    pub input_tokens: i64,

    /// All output tokens, including reasoning tokens.
    pub output_tokens: i64,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw: Option<RawUsage>,

    /// Of output_tokens, those spent on reasoning.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reasoning_tokens: Option<i64>,

    /// The provider's own total when it reports one; otherwise input_tokens + output_tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_tokens: Option<i64>,
}

/// The provider's usage object exactly as it reported it, and which provider's shape it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RawUsage {
    /// Whose usage shape this is: `anthropic`, `openai-chat`, `openai-responses`, `gemini`,
    /// `ollama`, `bedrock-converse`, `mistral`, or a source format id.
    pub provider: String,

    /// The usage object, verbatim.
    pub usage: Option<serde_json::Value>,
}

/// Something the run produced or referenced besides messages.
///
/// An end-of-run workspace snapshot for handing the run to another machine (Oz snapshot
/// declarations): what was declared, when, and where the snapshot bundle
/// (`snapshot-bundle.schema.json`) that carries the changes is.
///
/// A file the run produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Artifact {
    /// Always `snapshot`.
    ///
    /// Always `file`.
    #[serde(rename = "type")]
    pub artifact_type: ArtifactType,

    /// When the snapshot was taken.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,

    /// The declarations, as read from the declarations file; at least one (a run that declares
    /// nothing has no snapshot).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarations: Option<Vec<SnapshotDeclaration>>,

    /// Where the snapshot's content is stored: the path of its bundle (a
    /// `snapshot-bundle.schema.json` JSONL file), relative to this document or to the event log
    /// that recorded it, or a URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,

    /// SHA-256 of the bundle file at `location`, lowercase hex, so a reader can tell it has the
    /// bundle that was written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,

    /// What the file is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,

    /// IANA media type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media_type: Option<String>,

    /// The file's path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArtifactType {
    File,

    Snapshot,
}

/// What tokens cost: computed from a dated price table, reported by the producing tool, or
/// unknown. An unknown model's cost is `unknown`, never zero.
///
/// Cost computed by this toolkit from usage and a versioned price table; prices change, so
/// the table's version, source and date travel with the amount.
///
/// Cost as the producing tool or provider reported it (devflow totalCost, a provider's
/// billed amount).
///
/// Cost that could not be computed, for example for a model missing from the price table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cost {
    /// Always `computed`.
    ///
    /// Always `reported`.
    ///
    /// Always `unknown`.
    pub status: CostStatus,

    /// Total cost.
    ///
    /// Total cost as reported.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<f64>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub breakdown: Option<CostBreakdown>,

    /// ISO 4217 currency code.
    pub currency: String,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub pricing: Option<PricingReference>,

    /// Who reported it (a tool or provider name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reported_by: Option<String>,

    /// Why the cost is unknown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The amount split by what was paid for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CostBreakdown {
    /// Cache reads.
    pub cache_read: f64,

    /// Cache writes.
    pub cache_write: f64,

    /// Uncached input tokens.
    pub input: f64,

    /// Output tokens, reasoning included.
    pub output: f64,
}

/// Which prices an amount was computed from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PricingReference {
    /// When they were read, as YYYY-MM-DD.
    pub date: String,

    /// The price table entry used.
    pub model: String,

    /// Where the prices were read (the provider's pricing page).
    pub source: String,

    /// Version of the price table.
    pub table_version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CostStatus {
    Computed,

    Reported,

    Unknown,
}

/// What exporting did to this document, so a reader knows what is missing and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExportRecord {
    /// When the export was written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exported_at: Option<String>,

    /// `include`: reasoning parts kept; `omit`: reasoning parts removed with no stub (the order
    /// of everything else is kept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reasoning: Option<Reasoning>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub redaction: Option<RedactionRecord>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncation: Option<TruncationRecord>,
}

/// `include`: reasoning parts kept; `omit`: reasoning parts removed with no stub (the order
/// of everything else is kept).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reasoning {
    Include,

    Omit,
}

/// Redaction applied: how many secrets each rule replaced with a `[REDACTED:<rule>]`
/// placeholder. Never the secrets themselves.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RedactionRecord {
    /// Replacements per rule id.
    pub counts: HashMap<String, i64>,

    /// All replacements.
    pub total: i64,
}

/// Tool-output truncation applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TruncationRecord {
    /// The limit: UTF-8 bytes of a value's canonical JSON (at least 2, the size of an empty
    /// string, array or object).
    pub limit_bytes: i64,

    /// How many tool outputs were truncated.
    pub truncated_count: i64,
}

/// One turn of the conversation: a role and its ordered parts, with the model, usage, cost
/// and timing of the call that produced it when known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Message {
    /// When the model finished producing it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub completed_at: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<Cost>,

    /// When the message was created or sent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,

    /// How long producing it took, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<i64>,

    /// An error the provider or agent reported instead of (or while) producing the message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish_reason: Option<FinishReason>,

    /// The message's id, unique within the transcript (a provider message id, a source turn id,
    /// or a generated one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub issuer: Option<Issuer>,

    /// The loop or retry iteration of that step (AWF transcript logs).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iteration: Option<i64>,

    /// Free-form metadata from the source with no canonical field.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<HashMap<String, Option<serde_json::Value>>>,

    /// The model that produced it, as the provider named it in its response.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,

    /// The participant's name, when the source distinguishes several speakers of one role.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,

    /// The provider's own stop reason, verbatim (`end_turn`, `tool_use`, `STOP`, `MAX_TOKENS`,
    /// …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub native_finish_reason: Option<String>,

    /// The content, in order.
    pub parts: Vec<Part>,

    /// The workflow step that produced it (AWF transcript path), dot-separated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_fields: Option<HashMap<String, HashMap<String, Option<serde_json::Value>>>>,

    /// The provider's id for the response that produced it (`msg_…`, `chatcmpl-…`, `resp_…`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response_id: Option<String>,

    pub role: Role,

    /// For a streamed reply: how long from sending the request until its first chunk arrived, in
    /// milliseconds (`duration_ms` runs until the last).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_to_first_token_ms: Option<i64>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
}

/// Why the model stopped, normalised: `stop` (natural end or stop sequence), `length` (token
/// limit), `tool_calls` (waiting for tool results), `content_filter`, `refusal`, `pause` (a
/// long turn paused to be continued), `error`, `other`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FinishReason {
    #[serde(rename = "content_filter")]
    ContentFilter,

    Error,

    Length,

    Other,

    Pause,

    Refusal,

    Stop,

    #[serde(rename = "tool_calls")]
    ToolCalls,
}

/// Who issued provider-opaque data (a reasoning signature, encrypted reasoning, a server
/// tool's encrypted result). Opaque data is replayed byte-exact to the same issuer only; for
/// any other target an explicit policy applies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Issuer {
    /// The API that issued it when a provider has several: `messages`, `chat-completions`,
    /// `responses`, `generate-content`, `converse`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api: Option<String>,

    /// The model that produced it; signatures are only valid for the model family that made them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,

    /// Provider id, lower-case: `anthropic`, `openai`, `google`, `amazon-bedrock`, `mistral`,
    /// `ollama`, …
    pub provider: String,
}

/// One typed piece of a message: text, reasoning, a tool call or result, media, a plan step,
/// a code diff, a command, a refusal, a compaction marker, a stream chunk, or a
/// provider-native block. Discriminated by `type`; a newer minor version may add part types,
/// which readers keep unchanged.
///
/// Plain text: what a person or model wrote.
///
/// Model reasoning (thinking). Readable text, a summary, or only provider-opaque data that
/// must be replayed unchanged to its issuer.
///
/// A request to run a tool, from the model (or executed by the provider itself when
/// provider_executed is true).
///
/// The result of a tool call, paired with it by call_id.
///
/// An image: inline, by URL, beside the transcript, or a provider file.
///
/// Audio: inline, by URL, beside the transcript, or a provider file.
///
/// A document or other file: inline, by URL, beside the transcript, or a provider file.
///
/// A step of the agent's plan with its status and recursive sub-steps (Warp export
/// plan_step).
///
/// A code change across one or more files, with structured hunks (Warp export code_diff).
///
/// A shell command a step ran (AWF command block).
///
/// The model declined to answer (OpenAI `refusal`).
///
/// A marker that earlier context was compacted: summarised, edited or trimmed to fit the
/// context window.
///
/// One raw chunk of a provider stream, kept for partial-output replay (AWF stream block).
///
/// A provider block with no canonical equivalent, kept verbatim so a conversion back to its
/// issuer reproduces it. Other targets drop it with a warning.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Part {
    /// Always `text`.
    ///
    /// Always `reasoning`.
    ///
    /// Always `tool_call`.
    ///
    /// Always `tool_result`.
    ///
    /// Always `image`.
    ///
    /// Always `audio`.
    ///
    /// Always `file`.
    ///
    /// Always `plan_step`.
    ///
    /// Always `code_diff`.
    ///
    /// Always `command`.
    ///
    /// Always `refusal`.
    ///
    /// Always `compaction`.
    ///
    /// Always `stream_chunk`.
    ///
    /// Always `native`.
    #[serde(rename = "type")]
    pub part_type: PartType,

    /// Sources supporting the text, in the order the provider gave them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub citations: Option<Vec<Citation>>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub fidelity: Option<Fidelity>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub issuer: Option<Issuer>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_fields: Option<HashMap<String, HashMap<String, Option<serde_json::Value>>>>,

    /// Provider-opaque signature attached to this text (Gemini `thoughtSignature` on a text
    /// part). Requires issuer.
    ///
    /// Opaque signature that lets the issuer verify the reasoning on replay (Anthropic
    /// `thinking.signature`, Gemini `thoughtSignature`, Bedrock `reasoningContent.signature`).
    /// Byte-exact; requires issuer.
    ///
    /// Opaque signature attached to the call (Gemini `thoughtSignature` on a functionCall part).
    /// Byte-exact; requires issuer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,

    /// The text, verbatim (NUL and every other character preserved).
    ///
    /// The reasoning text when the provider exposes it (Anthropic thinking, Gemini thought,
    /// Ollama thinking, OpenAI reasoning_text).
    ///
    /// The document's text, when it was provided as plain text rather than bytes.
    ///
    /// The refusal message.
    ///
    /// The chunk as received.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,

    /// How long the model reasoned, in milliseconds.
    ///
    /// How long the tool ran, in milliseconds.
    ///
    /// How long it ran, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<i64>,

    /// Encrypted reasoning only the issuer can read (OpenAI Responses `encrypted_content`).
    /// Byte-exact; requires issuer.
    ///
    /// Opaque compacted context only the issuer can read (OpenAI `compaction` items). Requires
    /// issuer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encrypted_content: Option<String>,

    /// The provider's id for the reasoning item (OpenAI Responses `rs_…`), needed to replay it
    /// next to its following item.
    ///
    /// The call id that pairs this call with its result. Unique within the transcript;
    /// converters remap it deterministically where a target's id rules differ.
    ///
    /// The provider's id for generated audio (OpenAI `audio.id`).
    ///
    /// Stable id of the step within its plan.
    ///
    /// The provider's id for the compaction item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,

    /// Reasoning the provider redacted, as the opaque data it returned (Anthropic
    /// `redacted_thinking.data`, Bedrock `redactedContent`). Byte-exact; requires issuer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redacted_data: Option<String>,

    /// Summary paragraphs, in order (OpenAI Responses `summary[].text`).
    ///
    /// The summary that replaced the earlier context, when readable.
    pub summary: Option<Summary>,

    /// The arguments as a JSON value (usually an object). Absent only when the provider sent
    /// text that does not parse as JSON; raw_input then holds that text.
    pub input: Option<serde_json::Value>,

    /// Why raw_input did not parse as JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_error: Option<String>,

    /// The provider's id of the item carrying the call when it differs from the call id (OpenAI
    /// Responses `fc_…`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_id: Option<String>,

    /// The tool's name as advertised to the model.
    ///
    /// The tool's name, when the source records it (some providers need it: Gemini matches by
    /// name, Ollama `tool_name`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,

    /// The provider's own type for this block or item when it is not the provider's plain
    /// function call (`server_tool_use`, `mcp_tool_use`, `web_search_call`, `custom_tool_call`,
    /// `local_shell_call`, …).
    ///
    /// The provider's own type for this block or item when it is not a plain tool result
    /// (`web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result`, …).
    ///
    /// The provider's block or item type (`container_upload`, `image_generation_call`,
    /// `mcp_list_tools`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub native_type: Option<String>,

    /// True for server-side tools the provider ran itself (web search, code execution, MCP calls
    /// made by the provider); their results are provider-specific.
    ///
    /// True for the result of a server-side tool the provider ran itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_executed: Option<bool>,

    /// The arguments exactly as the provider sent them as text (OpenAI `arguments`), present
    /// when that text does not parse as JSON or is not byte-for-byte what serialising input
    /// gives, so a replay to the issuer is exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub raw_input: Option<String>,

    /// The id of the tool call this answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub call_id: Option<String>,

    /// Multimodal result content (text, image, audio and file parts) when the tool returned more
    /// than one value or a non-text one, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<Part>>,

    /// Failure description when status is not ok.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,

    /// UTF-8 byte length of the canonical JSON (RFC 8785) of output before truncation. Present
    /// only when truncated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_size_bytes: Option<i64>,

    /// The result as any JSON value: a string, an object, an array, a number, a boolean or null.
    /// Absent when the result is multimodal content only.
    ///
    /// What it printed, when recorded.
    pub output: Option<serde_json::Value>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Status>,

    /// Present, and true, only when output was truncated to fit an export limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncated: Option<bool>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncation_strategy: Option<TruncationStrategy>,

    /// A text description of the image.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alt: Option<String>,

    /// The image inline, base64-encoded (standard alphabet, no data: prefix).
    ///
    /// The audio inline, base64-encoded (standard alphabet, no data: prefix).
    ///
    /// The file inline, base64-encoded (standard alphabet, no data: prefix).
    ///
    /// The native block exactly as the provider sent it.
    pub data: Option<serde_json::Value>,

    /// Requested rendering detail (`low`, `high`, `auto`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,

    /// Provider file id of an uploaded image (for example `file-…`).
    ///
    /// Provider file id of an uploaded audio (for example `file-…`).
    ///
    /// Provider file id of an uploaded file (for example `file-…`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_id: Option<String>,

    /// IANA media type of the image, e.g. `image/png`, `audio/wav`, `application/pdf`.
    ///
    /// IANA media type of the audio, e.g. `image/png`, `audio/wav`, `application/pdf`.
    ///
    /// IANA media type of the file, e.g. `image/png`, `audio/wav`, `application/pdf`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media_type: Option<String>,

    /// Path of the image stored beside the transcript, relative to the transcript file, forward
    /// slashes, never `..`.
    ///
    /// Path of the audio stored beside the transcript, relative to the transcript file, forward
    /// slashes, never `..`.
    ///
    /// Path of the file stored beside the transcript, relative to the transcript file, forward
    /// slashes, never `..`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,

    /// Where the image can be fetched (https:, or a data: URI when the source used one).
    ///
    /// Where the audio can be fetched (https:, or a data: URI when the source used one).
    ///
    /// Where the file can be fetched (https:, or a data: URI when the source used one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,

    /// A transcript of the audio, when the provider gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,

    /// The file's name as given to or by the provider.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub filename: Option<String>,

    /// A title for the document.
    ///
    /// What the step is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,

    /// Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or
    /// absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked_reason: Option<String>,

    /// More detail on the step; null or absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,

    /// Sub-steps, in order, each a PlanItem (recursively).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subitems: Option<Vec<PlanItem>>,

    /// The changed files, in order.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<DiffFile>>,

    /// The resolved command line after template interpolation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,

    /// Working directory it ran in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,

    /// Exit status, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i64>,

    /// How many earlier messages the compaction stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced_messages: Option<i64>,

    /// How the context was reduced: `summary` (replaced by a summary), `edit` (tool results or
    /// thinking cleared), `trim` (oldest messages dropped).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strategy: Option<Strategy>,

    /// Context size after, in tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens_after: Option<i64>,

    /// Context size before, in tokens.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens_before: Option<i64>,
}

/// A source that supports part of a text part: a web page, a document passage or a search
/// result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Citation {
    /// The passage quoted from the source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cited_text: Option<String>,

    /// Zero-based index of the cited document among those provided in the request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document_index: Option<i64>,

    /// Title of the cited document.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub document_title: Option<String>,

    /// End (exclusive) of the cited range, in the same unit as start_index.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_index: Option<i64>,

    /// Provider file id of the cited file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_id: Option<String>,

    /// What is cited: `url` (a web page), `document` (a passage of a provided document, by
    /// character, page or block range), `search_result`, `file` (a provider-hosted file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<CitationKind>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_fields: Option<HashMap<String, HashMap<String, Option<serde_json::Value>>>>,

    /// Start of the cited range: a character offset into the text part for url citations (OpenAI
    /// annotations), or into the document for document citations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_index: Option<i64>,

    /// The cited source's title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,

    /// The cited page's URL.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// What is cited: `url` (a web page), `document` (a passage of a provided document, by
/// character, page or block range), `search_result`, `file` (a provider-hosted file).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CitationKind {
    Document,

    File,

    #[serde(rename = "search_result")]
    SearchResult,

    Url,
}

/// Where a part came from (AWF transcript logs): `router` — synthesised at the tool router
/// seam, authoritative for in-process tool calls; `agent_emitted` — reported by the agent
/// itself. Consumers use it to avoid counting one tool call reported on two channels twice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fidelity {
    #[serde(rename = "agent_emitted")]
    AgentEmitted,

    Router,
}

/// The change to one file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DiffFile {
    /// True for a binary file: there are no hunks, only the fact of the change.
    pub binary: bool,

    /// What happened to the file.
    pub change: Change,

    /// Text changes, in file order; empty for binary files, pure renames and mode changes.
    pub hunks: Vec<DiffHunk>,

    /// File mode after, when it changed (`100755`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_mode: Option<String>,

    /// File mode before, when it changed (`100644`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_mode: Option<String>,

    /// The file's path before a rename or copy; present only then.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_path: Option<String>,

    /// The file's path after the change (its only path unless renamed or copied).
    pub path: String,
}

/// What happened to the file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    Added,

    Copied,

    Deleted,

    Modified,

    Renamed,
}

/// A contiguous change: old_lines lines from old_start replaced by new_lines lines from
/// new_start (unified diff `@@ -old_start,old_lines +new_start,new_lines @@`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DiffHunk {
    /// Text after the closing `@@`, usually the enclosing function.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,

    /// The hunk's lines, in order.
    pub lines: Vec<DiffLine>,

    /// Number of new-file lines the hunk covers: its context plus added lines.
    pub new_lines: i64,

    /// First line of the hunk in the new file, 1-based (0 for an empty new side).
    pub new_start: i64,

    /// Number of old-file lines the hunk covers: its context plus removed lines.
    pub old_lines: i64,

    /// First line of the hunk in the old file, 1-based (0 when old_lines is 0 and the hunk
    /// inserts at the top).
    pub old_start: i64,
}

/// One line of a hunk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DiffLine {
    /// `context` (in both versions), `added`, `removed`, or `no_newline` (the marker that the
    /// previous line has no newline at end of file; text is then empty or the marker text).
    pub kind: LineKind,

    /// The line's content without its leading diff marker and without the line ending.
    pub text: String,
}

/// `context` (in both versions), `added`, `removed`, or `no_newline` (the marker that the
/// previous line has no newline at end of file; text is then empty or the marker text).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    Added,

    Context,

    #[serde(rename = "no_newline")]
    NoNewline,

    Removed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PartType {
    Audio,

    #[serde(rename = "code_diff")]
    CodeDiff,

    Command,

    Compaction,

    File,

    Image,

    Native,

    #[serde(rename = "plan_step")]
    PlanStep,

    Reasoning,

    Refusal,

    #[serde(rename = "stream_chunk")]
    StreamChunk,

    Text,

    #[serde(rename = "tool_call")]
    ToolCall,

    #[serde(rename = "tool_result")]
    ToolResult,
}

/// How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a
/// policy refused to run it), `interrupted` (cancelled or cut off before finishing).
///
/// A plan step's state. `blocked` requires a blocked_reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Blocked,

    Cancelled,

    Complete,

    Denied,

    Error,

    #[serde(rename = "in_progress")]
    InProgress,

    Interrupted,

    Pending,

    #[serde(rename = "ok")]
    StatusOk,
}

/// How the context was reduced: `summary` (replaced by a summary), `edit` (tool results or
/// thinking cleared), `trim` (oldest messages dropped).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    Edit,

    Summary,

    Trim,
}

/// One step of a plan, with its own sub-steps (Warp export).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlanItem {
    /// Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or
    /// absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked_reason: Option<String>,

    /// More detail on the step; null or absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,

    /// Stable id of the step within its plan.
    pub id: String,

    pub status: PlanStatus,

    /// Sub-steps, in order, each a PlanItem (recursively).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subitems: Option<Vec<PlanItem>>,

    /// What the step is.
    pub title: String,
}

/// A plan step's state. `blocked` requires a blocked_reason.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlanStatus {
    Blocked,

    Cancelled,

    Complete,

    #[serde(rename = "in_progress")]
    InProgress,

    Pending,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Summary {
    PurpleString(String),

    StringArray(Vec<String>),
}

/// How a value was cut to fit the limit: `string_prefix` (the longest code-point prefix
/// whose canonical JSON fits), `array_prefix` (trailing elements dropped), `object_prefix`
/// (trailing keys in canonical order dropped).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TruncationStrategy {
    #[serde(rename = "array_prefix")]
    ArrayPrefix,

    #[serde(rename = "object_prefix")]
    ObjectPrefix,

    #[serde(rename = "string_prefix")]
    StringPrefix,
}

/// Who speaks. `system` and `developer` carry instructions; `tool` carries tool results
/// (tool_result parts may also appear in `user` messages, as Anthropic places them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Assistant,

    Developer,

    System,

    Tool,

    User,
}

/// The tool that produced the run or conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Producer {
    /// The tool's name (`claude-code`, `codex`, `warp`, `devflow`, `agent-transcript`, …).
    pub name: String,

    /// The tool's version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

/// Provenance: where the document came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Source {
    pub format: SourceFormat,

    /// The source format's own version, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format_version: Option<String>,

    /// When it was converted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imported_at: Option<String>,

    /// The file it was read from, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,

    /// The source's own session or conversation id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
}

/// The format a document was imported from: this format (`agent-transcript`), our event log,
/// a provider API format, an agent tool's own format, or an interchange format (`atif`:
/// Harbor's Agent Trajectory Interchange Format; `awf-transcript`: AWF's transcript logs as
/// AWF writes them), or OpenTelemetry traces (`otlp-json`: OTLP/JSON spans that follow the
/// OpenTelemetry GenAI semantic conventions, read back into runs; since 1.1.0).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SourceFormat {
    #[serde(rename = "agent-transcript")]
    AgentTranscript,

    Anthropic,

    Atif,

    #[serde(rename = "awf-transcript")]
    AwfTranscript,

    #[serde(rename = "bedrock-converse")]
    BedrockConverse,

    #[serde(rename = "claude-code")]
    ClaudeCode,

    Codex,

    Devflow,

    #[serde(rename = "event-log")]
    EventLog,

    Gemini,

    #[serde(rename = "gemini-cli")]
    GeminiCli,

    Mistral,

    Ollama,

    #[serde(rename = "openai-chat")]
    OpenaiChat,

    #[serde(rename = "openai-responses")]
    OpenaiResponses,

    #[serde(rename = "otlp-json")]
    OtlpJson,

    Portable,

    #[serde(rename = "warp-export")]
    WarpExport,
}

/// How the model may use the tools: `auto` (decides), `none` (must not call), `required`
/// (must call at least one), `tool` (must call the one named).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolChoice {
    /// The choice.
    pub mode: ToolChoiceMode,

    /// The tool to call, when mode is `tool`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,

    /// Whether several calls may come in one turn; absent means the provider's default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parallel: Option<bool>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_fields: Option<HashMap<String, HashMap<String, Option<serde_json::Value>>>>,
}

/// The choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolChoiceMode {
    Auto,

    #[serde(rename = "none")]
    ModeNone,

    Required,

    Tool,
}

/// A tool offered to the model: a function with a JSON Schema for its input, or a provider's
/// own tool (web search, code execution) named by its native type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolDefinition {
    /// What the tool does, as told to the model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,

    /// JSON Schema of the tool's input, verbatim (absent for provider tools that take none).
    pub input_schema: Option<serde_json::Value>,

    /// The name the model calls it by.
    pub name: String,

    /// The provider's own tool type for built-in tools (`web_search_20250305`, `code_execution`,
    /// `file_search`, …); absent for plain functions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub native_type: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_fields: Option<HashMap<String, HashMap<String, Option<serde_json::Value>>>>,

    /// Whether the provider must make calls follow input_schema exactly (OpenAI `strict`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
}

/// Payload of run and step events (AWF transcript logs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StepPayload {
    /// Failure description on *.completed events; absent on success.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,

    /// Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`,
    /// `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.
    pub kind: String,

    /// Step name from the workflow definition, or the workflow's name on run events.
    pub name: String,

    /// The step's result on *.completed events; its shape depends on the step kind. Absent when
    /// there is none.
    pub result: Option<serde_json::Value>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<RunStatus>,
}

/// Payload of run.started: the run's name and kind, and the declaration of the format
/// version the whole log follows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunStartedPayload {
    /// Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`,
    /// `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.
    pub kind: String,

    /// Workflow metadata (inputs, flow and node ids), verbatim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<HashMap<String, Option<serde_json::Value>>>,

    /// Step name from the workflow definition, or the workflow's name on run events.
    pub name: String,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub producer: Option<Producer>,

    /// The format version every line of this log follows (semver). A reader rejects an unknown
    /// major.
    pub schema_version: String,

    /// A human title for the run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// Payload of message events: a role and ordered content blocks (canonical parts; text parts
/// carry `.text`, so AWF's jq recipes work unchanged), with what the model call reported.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MessagePayload {
    /// The content, in order: canonical parts. A reader also accepts AWF's own content blocks
    /// (`AwfContentBlock`), which folding maps onto parts; a writer of this format never emits
    /// them.
    pub blocks: Vec<Part>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<Cost>,

    /// How long the model call took, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<i64>,

    /// An error the provider or agent reported instead of (or while) producing the message: a
    /// failed or aborted model call, its partial reply in `blocks`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub finish_reason: Option<FinishReason>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub issuer: Option<Issuer>,

    /// The message's id (a provider message id or a generated one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,

    /// The model that produced an assistant message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,

    /// The provider's own stop reason, verbatim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub native_finish_reason: Option<String>,

    /// The provider's response id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response_id: Option<String>,

    pub role: Role,

    /// For a streamed reply: how long from sending the request until its first chunk arrived, in
    /// milliseconds (`duration_ms` runs until the last).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_to_first_token_ms: Option<i64>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<Usage>,
}

/// Payload of tool.call and tool.result (AWF transcript logs): the same call_id links a call
/// to its result. input is required on tool.call, output on tool.result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolPayload {
    /// Opaque correlation token linking a tool.call to its tool.result.
    pub call_id: String,

    /// Multimodal result content (text, image, audio, file parts), on tool.result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<Vec<Part>>,

    /// How long the tool ran, in milliseconds, on tool.result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<i64>,

    /// Failure description on tool.result; absent on success.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,

    pub fidelity: Fidelity,

    /// Tool arguments as provided.
    pub input: Option<serde_json::Value>,

    /// Tool name (`Read`, `Bash`, a plugin operation name, …).
    pub name: String,

    /// Tool return value (null for errors with no output).
    pub output: Option<serde_json::Value>,

    /// True for server-side tools the provider ran itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_executed: Option<bool>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<ToolResultStatus>,
}

/// How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a
/// policy refused to run it), `interrupted` (cancelled or cut off before finishing).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolResultStatus {
    Denied,

    Error,

    Interrupted,

    #[serde(rename = "ok")]
    ToolResultStatusOk,
}

/// A content block as AWF transcript logs write it in message payloads. Writers of this
/// format never emit it (strict validation rejects it); a tolerant reader accepts it so that
/// logs AWF wrote read unchanged, and folding maps it onto the canonical part: `text` →
/// text, `thinking` → reasoning, `tool_use` → tool_call, `tool_result` → tool_result (status
/// ok), `command` → command, `stream` → stream_chunk (the chunk travels in `text`, as AWF's
/// wire format puts it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AwfContentBlock {
    /// One provider stream chunk, on `stream` (AWF's wire format carries it in `text`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chunk: Option<String>,

    /// The resolved shell command of a `command` block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,

    #[serde(skip_serializing_if = "Option::is_none")]
    pub fidelity: Option<Fidelity>,

    /// Verbatim text of a `text` block, or the chunk of a `stream` block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,

    /// Verbatim reasoning of a `thinking` block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thinking: Option<String>,

    /// The tool's output as observed, on `tool_result`: a string, structured value, or null for
    /// errors.
    pub tool_content: Option<serde_json::Value>,

    /// The provider's correlation token linking a `tool_use` to its `tool_result`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_id: Option<String>,

    /// The tool's arguments as provided, on `tool_use`.
    pub tool_input: Option<serde_json::Value>,

    /// The tool's name, on `tool_use`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_name: Option<String>,

    /// AWF's block type: one of its six.
    #[serde(rename = "type")]
    pub awf_content_block_type: AwfContentBlockType,
}

/// AWF's block type: one of its six.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AwfContentBlockType {
    Command,

    Stream,

    Text,

    Thinking,

    #[serde(rename = "tool_result")]
    ToolResult,

    #[serde(rename = "tool_use")]
    ToolUse,
}


/// Parses JSON as the named definition and serialises the parsed value again; None for an unknown name.
pub fn round_trip(name: &str, data: &str) -> Option<Result<String, serde_json::Error>> {
    match name {
        "Cost" => Some(round_trip_as::<Cost>(data)),
        "ComputedCost" => Some(round_trip_as::<Cost>(data)),
        "ReportedCost" => Some(round_trip_as::<Cost>(data)),
        "UnknownCost" => Some(round_trip_as::<Cost>(data)),
        "CostBreakdown" => Some(round_trip_as::<CostBreakdown>(data)),
        "PricingReference" => Some(round_trip_as::<PricingReference>(data)),
        "Event" => Some(round_trip_as::<Event>(data)),
        "EventType" => Some(round_trip_as::<EventType>(data)),
        "StepPayload" => Some(round_trip_as::<StepPayload>(data)),
        "RunStartedPayload" => Some(round_trip_as::<RunStartedPayload>(data)),
        "MessagePayload" => Some(round_trip_as::<MessagePayload>(data)),
        "ToolPayload" => Some(round_trip_as::<ToolPayload>(data)),
        "AwfContentBlock" => Some(round_trip_as::<AwfContentBlock>(data)),
        "Message" => Some(round_trip_as::<Message>(data)),
        "Role" => Some(round_trip_as::<Role>(data)),
        "FinishReason" => Some(round_trip_as::<FinishReason>(data)),
        "Part" => Some(round_trip_as::<Part>(data)),
        "Fidelity" => Some(round_trip_as::<Fidelity>(data)),
        "ProviderFields" => Some(round_trip_as::<ProviderFields>(data)),
        "Issuer" => Some(round_trip_as::<Issuer>(data)),
        "Citation" => Some(round_trip_as::<Citation>(data)),
        "TextPart" => Some(round_trip_as::<Part>(data)),
        "ReasoningPart" => Some(round_trip_as::<Part>(data)),
        "ToolCallPart" => Some(round_trip_as::<Part>(data)),
        "ToolResultStatus" => Some(round_trip_as::<ToolResultStatus>(data)),
        "TruncationStrategy" => Some(round_trip_as::<TruncationStrategy>(data)),
        "ToolResultPart" => Some(round_trip_as::<Part>(data)),
        "ImagePart" => Some(round_trip_as::<Part>(data)),
        "AudioPart" => Some(round_trip_as::<Part>(data)),
        "FilePart" => Some(round_trip_as::<Part>(data)),
        "PlanStatus" => Some(round_trip_as::<PlanStatus>(data)),
        "PlanItem" => Some(round_trip_as::<PlanItem>(data)),
        "PlanStepPart" => Some(round_trip_as::<Part>(data)),
        "DiffLine" => Some(round_trip_as::<DiffLine>(data)),
        "DiffHunk" => Some(round_trip_as::<DiffHunk>(data)),
        "DiffFile" => Some(round_trip_as::<DiffFile>(data)),
        "CodeDiffPart" => Some(round_trip_as::<Part>(data)),
        "CommandPart" => Some(round_trip_as::<Part>(data)),
        "RefusalPart" => Some(round_trip_as::<Part>(data)),
        "CompactionPart" => Some(round_trip_as::<Part>(data)),
        "StreamChunkPart" => Some(round_trip_as::<Part>(data)),
        "NativePart" => Some(round_trip_as::<Part>(data)),
        "SnapshotBundleLine" => Some(round_trip_as::<SnapshotBundleLine>(data)),
        "SnapshotHeader" => Some(round_trip_as::<SnapshotBundleLine>(data)),
        "SnapshotSecrets" => Some(round_trip_as::<SnapshotSecrets>(data)),
        "SnapshotFinding" => Some(round_trip_as::<SnapshotFinding>(data)),
        "SnapshotProblem" => Some(round_trip_as::<SnapshotProblem>(data)),
        "SnapshotRepository" => Some(round_trip_as::<SnapshotBundleLine>(data)),
        "SnapshotRemote" => Some(round_trip_as::<SnapshotRemote>(data)),
        "SnapshotChange" => Some(round_trip_as::<SnapshotChange>(data)),
        "SnapshotFile" => Some(round_trip_as::<SnapshotBundleLine>(data)),
        "SnapshotEncoding" => Some(round_trip_as::<SnapshotEncoding>(data)),
        "SnapshotChunk" => Some(round_trip_as::<SnapshotBundleLine>(data)),
        "SnapshotEnd" => Some(round_trip_as::<SnapshotBundleLine>(data)),
        "SnapshotDeclaration" => Some(round_trip_as::<SnapshotDeclaration>(data)),
        "Transcript" => Some(round_trip_as::<Transcript>(data)),
        "ToolDefinition" => Some(round_trip_as::<ToolDefinition>(data)),
        "ToolChoice" => Some(round_trip_as::<ToolChoice>(data)),
        "SourceFormat" => Some(round_trip_as::<SourceFormat>(data)),
        "Source" => Some(round_trip_as::<Source>(data)),
        "Producer" => Some(round_trip_as::<Producer>(data)),
        "RunStatus" => Some(round_trip_as::<RunStatus>(data)),
        "Run" => Some(round_trip_as::<Run>(data)),
        "Step" => Some(round_trip_as::<Step>(data)),
        "ParentRun" => Some(round_trip_as::<ParentRun>(data)),
        "ChildRun" => Some(round_trip_as::<ChildRun>(data)),
        "Artifact" => Some(round_trip_as::<Artifact>(data)),
        "SnapshotArtifact" => Some(round_trip_as::<Artifact>(data)),
        "FileArtifact" => Some(round_trip_as::<Artifact>(data)),
        "ExportRecord" => Some(round_trip_as::<ExportRecord>(data)),
        "RedactionRecord" => Some(round_trip_as::<RedactionRecord>(data)),
        "TruncationRecord" => Some(round_trip_as::<TruncationRecord>(data)),
        "Usage" => Some(round_trip_as::<Usage>(data)),
        "RawUsage" => Some(round_trip_as::<RawUsage>(data)),
        _ => None,
    }
}

fn round_trip_as<T: serde::de::DeserializeOwned + serde::Serialize>(data: &str) -> Result<String, serde_json::Error> {
    let value: T = serde_json::from_str(data)?;
    serde_json::to_string(&value)
}
