// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate

// Code generated from JSON Schema using quicktype. DO NOT EDIT.
// To parse and unparse this JSON data, add this code to your project and do:
//
//    event, err := UnmarshalEvent(bytes)
//    bytes, err = event.Marshal()
//
//    snapshotDeclaration, err := UnmarshalSnapshotDeclaration(bytes)
//    bytes, err = snapshotDeclaration.Marshal()

package v1

import "time"

import "encoding/json"

func UnmarshalEvent(data []byte) (Event, error) {
	var r Event
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *Event) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalSnapshotDeclaration(data []byte) (SnapshotDeclaration, error) {
	var r SnapshotDeclaration
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *SnapshotDeclaration) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

// One line of an append-only JSONL event log (seed 001 envelope). Every line is one
// complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing `seq`
// order starting at 1. Event-specific data lives in `payload`, whose shape is chosen by
// `type`.
type Event struct {
	// UUID of a spawned child run. Required on `step.call_workflow.started` and                           
	// `step.call_workflow.completed` lines in the parent's file; absent (never empty) on other            
	// lines.                                                                                              
	ChildRunID                                                                                 *string     `json:"child_run_id,omitempty"`
	// Zero-based loop or retry iteration counter; 0 outside loops.                                        
	Iteration                                                                                  int64       `json:"iteration"`
	// UUID of the enclosing parent run. Present on every line of a child run's file when the              
	// run was started by another run; absent (never empty) otherwise.                                     
	ParentRunID                                                                                *string     `json:"parent_run_id,omitempty"`
	// Dot-separated step path within the workflow definition (for example `analyze` or                    
	// `parallel_block.branch_a`). The empty string on run-level events.                                   
	Path                                                                                       string      `json:"path"`
	// Event-specific data whose shape is determined by `type`. May be null for `run.started`              
	// and `run.completed`; must be an object for step, message and tool events.                           
	Payload                                                                                    interface{} `json:"payload"`
	// UUID of the run this file records. Every line of one file carries the same run_id.                  
	RunID                                                                                      string      `json:"run_id"`
	// Sequence number, strictly monotonic per file and starting at 1, with no gaps. The                   
	// recorder allocates it atomically before writing the line.                                           
	Seq                                                                                        int64       `json:"seq"`
	// Emission time, RFC 3339 with a time-zone offset; UTC (`Z`) is preferred.                            
	Timestamp                                                                                  time.Time   `json:"timestamp"`
	Type                                                                                       EventType   `json:"type"`
}

// One line of an end-of-run workspace snapshot declarations file (seed 003): a JSONL file
// in which each line names one repository or file to carry to another machine when a run is
// handed off. Malformed lines are skipped and reported, never fatal.
type SnapshotDeclaration struct {
	// `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,        
	// non-ignored files). `file`: a single file outside any declared repository, uploaded            
	// verbatim; a `file` inside a declared `repo` is redundant and dropped.                          
	Kind                                                                                       Kind   `json:"kind"`
	// Absolute path of the repository root or file. Relative paths are rejected as malformed.        
	Path                                                                                       string `json:"path"`
	// Declaration format version. Version 1 is the only one defined; a reader skips lines with       
	// another version.                                                                               
	Version                                                                                    int64  `json:"version"`
}

// The closed event vocabulary. Writers emit only these values; a newer minor version of the
// format may add values, which tolerant readers accept and surface as warnings.
type EventType string

const (
	MessageAssistant          EventType = "message.assistant"
	MessageUser               EventType = "message.user"
	RunCompleted              EventType = "run.completed"
	RunStarted                EventType = "run.started"
	StepCallWorkflowCompleted EventType = "step.call_workflow.completed"
	StepCallWorkflowStarted   EventType = "step.call_workflow.started"
	StepCompleted             EventType = "step.completed"
	StepStarted               EventType = "step.started"
	ToolCall                  EventType = "tool.call"
	ToolResult                EventType = "tool.result"
)

// `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
// non-ignored files). `file`: a single file outside any declared repository, uploaded
// verbatim; a `file` inside a declared `repo` is redundant and dropped.
type Kind string

const (
	File Kind = "file"
	Repo Kind = "repo"
)

