// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate

use serde::{Serialize, Deserialize};

/// One line of an append-only JSONL event log (seed 001 envelope). Every line is one
/// complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing `seq`
/// order starting at 1. Event-specific data lives in `payload`, whose shape is chosen by
/// `type`.
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

    /// Event-specific data whose shape is determined by `type`. May be null for `run.started`
    /// and `run.completed`; must be an object for step, message and tool events.
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

/// The closed event vocabulary. Writers emit only these values; a newer minor version of the
/// format may add values, which tolerant readers accept and surface as warnings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum EventType {
    #[serde(rename = "message.assistant")]
    MessageAssistant,

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

/// One line of an end-of-run workspace snapshot declarations file (seed 003): a JSONL file
/// in which each line names one repository or file to carry to another machine when a run is
/// handed off. Malformed lines are skipped and reported, never fatal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SnapshotDeclaration {
    /// `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
    /// non-ignored files). `file`: a single file outside any declared repository, uploaded
    /// verbatim; a `file` inside a declared `repo` is redundant and dropped.
    pub kind: Kind,

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
pub enum Kind {
    File,

    Repo,
}


/// Parses JSON as the named definition and serialises the parsed value again; None for an unknown name.
pub fn round_trip(name: &str, data: &str) -> Option<Result<String, serde_json::Error>> {
    match name {
        "Event" => Some(round_trip_as::<Event>(data)),
        "EventType" => Some(round_trip_as::<EventType>(data)),
        "SnapshotDeclaration" => Some(round_trip_as::<SnapshotDeclaration>(data)),
        _ => None,
    }
}

fn round_trip_as<T: serde::de::DeserializeOwned + serde::Serialize>(data: &str) -> Result<String, serde_json::Error> {
    let value: T = serde_json::from_str(data)?;
    serde_json::to_string(&value)
}
