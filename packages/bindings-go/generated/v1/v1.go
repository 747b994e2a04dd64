// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate

// Code generated from JSON Schema using quicktype. DO NOT EDIT.
// To parse and unparse this JSON data, add this code to your project and do:
//
//    cost, err := UnmarshalCost(bytes)
//    bytes, err = cost.Marshal()
//
//    event, err := UnmarshalEvent(bytes)
//    bytes, err = event.Marshal()
//
//    message, err := UnmarshalMessage(bytes)
//    bytes, err = message.Marshal()
//
//    part, err := UnmarshalPart(bytes)
//    bytes, err = part.Marshal()
//
//    snapshotBundleLine, err := UnmarshalSnapshotBundleLine(bytes)
//    bytes, err = snapshotBundleLine.Marshal()
//
//    snapshotDeclaration, err := UnmarshalSnapshotDeclaration(bytes)
//    bytes, err = snapshotDeclaration.Marshal()
//
//    transcript, err := UnmarshalTranscript(bytes)
//    bytes, err = transcript.Marshal()
//
//    usage, err := UnmarshalUsage(bytes)
//    bytes, err = usage.Marshal()
//
//    stepPayload, err := UnmarshalStepPayload(bytes)
//    bytes, err = stepPayload.Marshal()
//
//    runStartedPayload, err := UnmarshalRunStartedPayload(bytes)
//    bytes, err = runStartedPayload.Marshal()
//
//    messagePayload, err := UnmarshalMessagePayload(bytes)
//    bytes, err = messagePayload.Marshal()
//
//    toolPayload, err := UnmarshalToolPayload(bytes)
//    bytes, err = toolPayload.Marshal()
//
//    awfContentBlock, err := UnmarshalAwfContentBlock(bytes)
//    bytes, err = awfContentBlock.Marshal()
//
//    providerFields, err := UnmarshalProviderFields(bytes)
//    bytes, err = providerFields.Marshal()

package v1

import "bytes"
import "errors"
import "time"

import "encoding/json"

func UnmarshalCost(data []byte) (Cost, error) {
	var r Cost
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *Cost) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalEvent(data []byte) (Event, error) {
	var r Event
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *Event) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalMessage(data []byte) (Message, error) {
	var r Message
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *Message) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalPart(data []byte) (Part, error) {
	var r Part
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *Part) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalSnapshotBundleLine(data []byte) (SnapshotBundleLine, error) {
	var r SnapshotBundleLine
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *SnapshotBundleLine) Marshal() ([]byte, error) {
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

func UnmarshalTranscript(data []byte) (Transcript, error) {
	var r Transcript
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *Transcript) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalUsage(data []byte) (Usage, error) {
	var r Usage
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *Usage) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalStepPayload(data []byte) (StepPayload, error) {
	var r StepPayload
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *StepPayload) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalRunStartedPayload(data []byte) (RunStartedPayload, error) {
	var r RunStartedPayload
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *RunStartedPayload) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalMessagePayload(data []byte) (MessagePayload, error) {
	var r MessagePayload
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *MessagePayload) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalToolPayload(data []byte) (ToolPayload, error) {
	var r ToolPayload
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *ToolPayload) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

func UnmarshalAwfContentBlock(data []byte) (AwfContentBlock, error) {
	var r AwfContentBlock
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *AwfContentBlock) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

type ProviderFields map[string]map[string]interface{}

func UnmarshalProviderFields(data []byte) (ProviderFields, error) {
	var r ProviderFields
	err := json.Unmarshal(data, &r)
	return r, err
}

func (r *ProviderFields) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

// One line of an append-only JSONL event log (the AWF transcript envelope). Every line is
// one complete Event; lines are UTF-8, LF-terminated, and appear in strictly increasing
// `seq` order starting at 1. Event-specific data lives in `payload`, whose shape is chosen
// by `type`.
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
	// Event-specific data whose shape is determined by `type`: a StepPayload for run and step             
	// events (on run.started it declares the log's schema_version; AWF's own logs write                   
	// run.started with a plain StepPayload or null, which a tolerant reader accepts as this               
	// version; run.completed may carry null), a MessagePayload for message events, a                      
	// ToolPayload for tool events, an Artifact (transcript.schema.json) for artifact.created.             
	// Unknown event types of a newer minor version carry any payload.                                     
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

// One line of a workspace snapshot bundle (Oz snapshot declarations, taken): a UTF-8 JSONL
// file, one JSON object per LF-terminated line, that carries what a run changed in its
// workspace to another machine. The first line is the header (`snapshot`); then, for each
// declared repository, a `repository` line followed by the chunks of its patch, and for
// each declared file a `file` line followed by the chunks of its content; the last line is
// `end`. Content is never one large value: it is cut into `chunk` lines of at most 1 MiB of
// data each, so a bundle is written and read in memory bounded by a chunk, whatever the
// size of the files it holds. A bundle without its `end` line is incomplete (a torn write)
// and is refused. Every path inside a bundle is relative (to the bundle's `root`, or to its
// repository) and never climbs out with `..`.
//
// The first line of a bundle: when and from what it was taken, how many repositories and
// files follow, and what the secret scanner found.
//
// A declared git repository: the commit its working tree is based on, and its uncommitted
// changes as one git patch (tracked changes against HEAD, staged or not, and untracked
// files that are not ignored, as `git diff --binary` writes them: renames, deletions, file
// modes and binary files included). The patch's bytes follow in the `chunk` lines after
// this one. Applied with `git apply` onto a checkout of `head`, it reproduces the working
// tree.
//
// A declared file outside any declared repository, carried verbatim (or with its secrets
// redacted, on request). Its bytes follow in the `chunk` lines after this one.
//
// A piece of the content of the repository or file line before it, in that line's
// `encoding`.
//
// The last line: the bundle is complete. Repeats the header's counts, so a reader knows
// nothing was lost between them.
type SnapshotBundleLine struct {
	// Always `snapshot`.                                                                                               
	//                                                                                                                  
	// Always `repository`.                                                                                             
	//                                                                                                                  
	// Always `file`.                                                                                                   
	//                                                                                                                  
	// Always `chunk`.                                                                                                  
	//                                                                                                                  
	// Always `end`.                                                                                                    
	Type                                                                                        SnapshotBundleLineType  `json:"type"`
	// When the snapshot was taken.                                                                                     
	CreatedAt                                                                                   *time.Time              `json:"created_at,omitempty"`
	// The declarations the snapshot took, redundant ones removed (Oz snapshot declarations).                           
	Declarations                                                                                *[]SnapshotDeclaration  `json:"declarations,omitempty"`
	// How many `file` entries follow.                                                                                  
	//                                                                                                                  
	// How many `file` entries the bundle holds.                                                                        
	Files                                                                                       *int64                  `json:"files,omitempty"`
	// The size cap in force: a file larger than this was left out and named in `problems`.                             
	MaxFileBytes                                                                                *int64                  `json:"max_file_bytes,omitempty"`
	// What could not be taken (a file over the size cap, a declared path that is missing or not                        
	// a repository, …): left out, never fatal.                                                                         
	Problems                                                                                    *[]SnapshotProblem      `json:"problems,omitempty"`
	// How many `repository` entries follow.                                                                            
	//                                                                                                                  
	// How many `repository` entries the bundle holds.                                                                  
	Repositories                                                                                *int64                  `json:"repositories,omitempty"`
	// The absolute path, on the machine that took it, that every `path` of the bundle is                               
	// relative to: the deepest folder holding every declared repository and file.                                      
	Root                                                                                        *string                 `json:"root,omitempty"`
	// The run the snapshot was taken at the end of, when there was one.                                                
	RunID                                                                                       *string                 `json:"run_id,omitempty"`
	Secrets                                                                                     *SnapshotSecrets        `json:"secrets,omitempty"`
	// Bundle format version. Version 1 is the only one defined; a reader refuses another.                              
	Version                                                                                     *int64                  `json:"version,omitempty"`
	// The checked-out branch; absent when HEAD is detached.                                                            
	Branch                                                                                      *string                 `json:"branch,omitempty"`
	// Every path the patch changes, in the patch's order.                                                              
	Changes                                                                                     *[]SnapshotChange       `json:"changes,omitempty"`
	Encoding                                                                                    *SnapshotEncoding       `json:"encoding,omitempty"`
	// The full object name of the HEAD commit the patch applies to; absent for a repository                            
	// without commits, whose patch applies to an empty tree.                                                           
	Head                                                                                        *string                 `json:"head,omitempty"`
	// Where the repository is, relative to the bundle's `root` (`.` when it is the root).                              
	//                                                                                                                  
	// Where the file is, relative to the bundle's `root`.                                                              
	Path                                                                                        *string                 `json:"path,omitempty"`
	Remote                                                                                      *SnapshotRemote         `json:"remote,omitempty"`
	// SHA-256 of the patch's bytes, lowercase hex.                                                                     
	//                                                                                                                  
	// SHA-256 of the content carried, lowercase hex.                                                                   
	Sha256                                                                                      *string                 `json:"sha256,omitempty"`
	// The patch's size in bytes (0: no uncommitted change).                                                            
	//                                                                                                                  
	// Size in bytes of the content carried.                                                                            
	Size                                                                                        *int64                  `json:"size,omitempty"`
	// The repository's absolute path on the machine that took the snapshot, as declared.                               
	//                                                                                                                  
	// The file's absolute path on the machine that took the snapshot, as declared.                                     
	SourcePath                                                                                  *string                 `json:"source_path,omitempty"`
	// `100644` a file, `100755` an executable file.                                                                    
	Mode                                                                                        *SnapshotBundleLineMode `json:"mode,omitempty"`
	// The file's permission bits on the machine that took the snapshot, as four octal digits                           
	// (`0600`, `0755`); absent in bundles written before it was recorded. Applying never gives                         
	// the file wider permissions than these (the receiving umask may narrow them further).                             
	Permissions                                                                                 *string                 `json:"permissions,omitempty"`
	// True when secrets in the content were replaced by placeholders (size and sha256 are then                         
	// the redacted content's).                                                                                         
	Redacted                                                                                    *bool                   `json:"redacted,omitempty"`
	// The piece: at most 1 MiB of text, or the base64 of at most 768 KiB.                                              
	Data                                                                                        *string                 `json:"data,omitempty"`
}

// One path a repository's patch changes, with what the working tree holds there afterwards,
// so an applied patch can be checked byte for byte.
type SnapshotChange struct {
	// True when the content is binary (a NUL byte in its first 8,000 bytes, as git decides):                
	// carried in the patch as a binary patch and not scanned for secrets.                                   
	Binary                                                                                      *bool        `json:"binary,omitempty"`
	// Git's mode of the path afterwards: `100644` a file, `100755` an executable file, `120000`             
	// a symbolic link; absent for a deletion.                                                               
	Mode                                                                                        *ChangeMode  `json:"mode,omitempty"`
	// For a rename, the path it was renamed from.                                                           
	OldPath                                                                                     *string      `json:"old_path,omitempty"`
	// The path, relative to the repository; for a rename, the new one.                                      
	Path                                                                                        string       `json:"path"`
	// The file's permission bits on the machine that took the snapshot, as four octal digits                
	// (`0600`, `0755`); absent for a deletion and a symbolic link, and in bundles written                   
	// before it was recorded. Git records only whether a file is executable; these keep a                   
	// private file private: applying never gives the file wider permissions than these (the                 
	// receiving umask may narrow them further).                                                             
	Permissions                                                                                 *string      `json:"permissions,omitempty"`
	// True when secrets in the lines this change adds were replaced by placeholders.                        
	Redacted                                                                                    *bool        `json:"redacted,omitempty"`
	// SHA-256 of the content afterwards, lowercase hex (of a symbolic link: of its target's                 
	// path); absent for a deletion, and for a file whose added lines were redacted (its content             
	// then differs from what was found).                                                                    
	Sha256                                                                                      *string      `json:"sha256,omitempty"`
	// Size in bytes afterwards (of a symbolic link: of its target's path); absent for a                     
	// deletion.                                                                                             
	Size                                                                                        *int64       `json:"size,omitempty"`
	// `added` (including untracked files), `modified`, `deleted`, `renamed` (from `old_path`,               
	// maybe also modified) or `type-changed` (a file became a symbolic link, or back).                      
	Status                                                                                      ChangeStatus `json:"status"`
}

// One line of an end-of-run workspace snapshot declarations file (Oz snapshot
// declarations): a JSONL file in which each line names one repository or file to carry to
// another machine when a run is handed off. Malformed lines are skipped and reported, never
// fatal.
type SnapshotDeclaration struct {
	// `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,                         
	// non-ignored files). `file`: a single file outside any declared repository, uploaded                             
	// verbatim; a `file` inside a declared `repo` is redundant and dropped.                                           
	Kind                                                                                       SnapshotDeclarationKind `json:"kind"`
	// Absolute path of the repository root or file. Relative paths are rejected as malformed.                         
	Path                                                                                       string                  `json:"path"`
	// Declaration format version. Version 1 is the only one defined; a reader skips lines with                        
	// another version.                                                                                                
	Version                                                                                    int64                   `json:"version"`
}

// Something the snapshot left out, and why.
type SnapshotProblem struct {
	// What kind of problem: `too-large` (over the size cap), `missing` (a declared path that        
	// does not exist), `not-a-repository`, `not-a-file`, `unreadable`, `unsafe-path` (a path        
	// that cannot be carried safely), `git` (a git command failed); a newer version may add         
	// codes.                                                                                        
	Code                                                                                     string  `json:"code"`
	// What happened, for a person.                                                                  
	Message                                                                                  string  `json:"message"`
	// The path concerned, as on the machine that took the snapshot.                                 
	Path                                                                                     *string `json:"path,omitempty"`
}

// The remote a repository's branch tracks (or `origin`, or its first remote), so the other
// machine can clone it.
type SnapshotRemote struct {
	// The remote's name.                                                                            
	Name                                                                                      string `json:"name"`
	// Its fetch URL, as configured (credentials in it are reported by the secret scanner, and       
	// redacted on request).                                                                         
	URL                                                                                       string `json:"url"`
}

// What the secret scanner (the built-in redaction rules) found in the text the bundle
// carries: the lines a repository's patch adds and the content of each declared text file.
// Binary content and a patch's context and removed lines (which the recorded HEAD commit
// already holds) are not scanned. Counts only, never the secrets.
type SnapshotSecrets struct {
	// Secrets found per rule id (`github-token`, `private-key`, …); rules that found nothing                  
	// are absent.                                                                                             
	Counts                                                                                   map[string]int64  `json:"counts"`
	// Per file, what was found, in bundle order.                                                              
	Findings                                                                                 []SnapshotFinding `json:"findings"`
	// True when the secrets were replaced by `[REDACTED:<rule>]` placeholders before the                      
	// content was written (`--redact`); false when they are in the bundle as found.                           
	Redacted                                                                                 bool              `json:"redacted"`
	// Secrets found, over all rules and files.                                                                
	Total                                                                                    int64             `json:"total"`
}

// The secrets found in one file.
type SnapshotFinding struct {
	// Secrets found in this file per rule id.                                                               
	Counts                                                                                  map[string]int64 `json:"counts"`
	// The file's path: relative to its repository, or to the bundle's `root` for a declared                 
	// file.                                                                                                 
	Path                                                                                    string           `json:"path"`
	// The repository's `path` when the file belongs to one; absent for a declared file.                     
	Repository                                                                              *string          `json:"repository,omitempty"`
}

// A run this run started, linked both ways: the child's own transcript names this run as
// its parent.
type ChildRun struct {
	// The tool call that started the child, when one did.                                    
	CallID                                                                        *string     `json:"call_id,omitempty"`
	// Where the child's own transcript or event log is, relative to this document            
	// (`<run_id>.jsonl`).                                                                    
	Location                                                                      *string     `json:"location,omitempty"`
	// The step path that started the child.                                                  
	Path                                                                          *string     `json:"path,omitempty"`
	// The child's run id.                                                                    
	RunID                                                                         string      `json:"run_id"`
	Status                                                                        *RunStatus  `json:"status,omitempty"`
	// The child's title or workflow name.                                                    
	Title                                                                         *string     `json:"title,omitempty"`
	Transcript                                                                    *Transcript `json:"transcript,omitempty"`
}

// The run this transcript records: status, timing, error, workflow metadata, and links to
// its parent and child runs. `usage_including_children` is the token usage of this run
// together with every child run below it, at any depth (the document's own `usage` plus
// each child's `usage_including_children`, or its `usage` when it has no children of its
// own); the document's `usage` stays this run's own.
type Run struct {
	// Child runs this run started (AWF call_workflow, sub-agents), in start order.                        
	Children                                                                        *[]ChildRun            `json:"children,omitempty"`
	// Wall-clock duration in milliseconds.                                                                
	DurationMS                                                                      *int64                 `json:"duration_ms,omitempty"`
	// When the run ended; absent while running.                                                           
	EndedAt                                                                         *time.Time             `json:"ended_at,omitempty"`
	// Why the run failed.                                                                                 
	Error                                                                           *string                `json:"error,omitempty"`
	// Workflow metadata from the source, verbatim (devflow: flowId, nodeId, input).                       
	Metadata                                                                        *map[string]interface{} `json:"metadata,omitempty"`
	Parent                                                                          *ParentRun             `json:"parent,omitempty"`
	// When the run started.                                                                               
	StartedAt                                                                       *time.Time             `json:"started_at,omitempty"`
	Status                                                                          RunStatus              `json:"status"`
	// The workflow steps the run executed (AWF step events), in start order.                              
	Steps                                                                           *[]Step                `json:"steps,omitempty"`
	UsageIncludingChildren                                                          *Usage                 `json:"usage_including_children,omitempty"`
}

// A whole conversation or agent run in one JSON document: its messages, the run's status
// and timing, usage and cost totals, links to child runs, artifacts such as workspace
// snapshots, and what an export did to it (redaction, truncation, reasoning policy). Large
// documents may be stored gzip-compressed (`.json.gz`).
type Transcript struct {
	// Things the run produced besides messages, such as workspace snapshots.                                                   
	Artifacts                                                                                 *[]Artifact                       `json:"artifacts,omitempty"`
	Cost                                                                                      *Cost                             `json:"cost,omitempty"`
	// When the conversation or run began.                                                                                      
	CreatedAt                                                                                 *time.Time                        `json:"created_at,omitempty"`
	Export                                                                                    *ExportRecord                     `json:"export,omitempty"`
	// The transcript's id: the run id, session id or conversation id of the source.                                            
	ID                                                                                        string                            `json:"id"`
	// The conversation, in order.                                                                                              
	Messages                                                                                  []Message                         `json:"messages"`
	// Free-form metadata from the source with no canonical field.                                                              
	Metadata                                                                                  *map[string]interface{}           `json:"metadata,omitempty"`
	Producer                                                                                  *Producer                         `json:"producer,omitempty"`
	ProviderFields                                                                            *map[string]map[string]interface{} `json:"provider_fields,omitempty"`
	Run                                                                                       *Run                              `json:"run,omitempty"`
	// Semantic version of the format this document follows. Readers accept the current major,                                  
	// reject an unknown major, and keep unknown fields and part types of a newer minor                                         
	// unchanged.                                                                                                               
	SchemaVersion                                                                             string                            `json:"schema_version"`
	Source                                                                                    *Source                           `json:"source,omitempty"`
	// A human title.                                                                                                           
	Title                                                                                     *string                           `json:"title,omitempty"`
	ToolChoice                                                                                *ToolChoice                       `json:"tool_choice,omitempty"`
	// The tools offered to the model, in the order the request listed them.                                                    
	Tools                                                                                     *[]ToolDefinition                 `json:"tools,omitempty"`
	// When the document was last written.                                                                                      
	UpdatedAt                                                                                 *time.Time                        `json:"updated_at,omitempty"`
	Usage                                                                                     *Usage                            `json:"usage,omitempty"`
}

// The run that started this one.
type ParentRun struct {
	// The parent's tool call that started this run (a sub-agent's Task call).        
	CallID                                                                    *string `json:"call_id,omitempty"`
	// The parent's step path that started this run.                                  
	Path                                                                      *string `json:"path,omitempty"`
	// The parent's run id.                                                           
	RunID                                                                     string  `json:"run_id"`
}

// One execution of a workflow step (AWF step.started / step.completed), with its outcome.
type Step struct {
	// The child run a call_workflow step started.                                                    
	ChildRunID                                                                            *string     `json:"child_run_id,omitempty"`
	// When the step ended; absent while running.                                                     
	EndedAt                                                                               *time.Time  `json:"ended_at,omitempty"`
	// Why the step failed.                                                                           
	Error                                                                                 *string     `json:"error,omitempty"`
	// Zero-based loop or retry iteration.                                                            
	Iteration                                                                             *int64      `json:"iteration,omitempty"`
	// Step type (`agent`, `command`, `parallel`, `call_workflow`, or a custom type name).            
	Kind                                                                                  string      `json:"kind"`
	// Step name from the workflow definition.                                                        
	Name                                                                                  string      `json:"name"`
	// Dot-separated step path within the workflow definition.                                        
	Path                                                                                  string      `json:"path"`
	// The step's result, as the step reported it.                                                    
	Result                                                                                interface{} `json:"result,omitempty"`
	// When the step started.                                                                         
	StartedAt                                                                             *time.Time  `json:"started_at,omitempty"`
	Status                                                                                RunStatus   `json:"status"`
}

// Token usage, normalised across providers, with the provider's own usage object kept
// beside it. input_tokens includes cache reads and writes; output_tokens includes
// reasoning. Providers count differently (Anthropic input excludes cache; Gemini output
// excludes thoughts); the normalisation makes these totals mean the same everywhere.
type Usage struct {
	// Of input_tokens, those read from the provider's prompt cache.                                  
	CacheReadTokens                                                                         *int64    `json:"cache_read_tokens,omitempty"`
	// Of input_tokens, those written to the provider's prompt cache.                                 
	CacheWriteTokens                                                                        *int64    `json:"cache_write_tokens,omitempty"`
	// All input tokens, including cache reads and cache writes.                                      
	InputTokens                                                                             int64     `json:"input_tokens"`
	// All output tokens, including reasoning tokens.                                                 
	OutputTokens                                                                            int64     `json:"output_tokens"`
	Raw                                                                                     *RawUsage `json:"raw,omitempty"`
	// Of output_tokens, those spent on reasoning.                                                    
	ReasoningTokens                                                                         *int64    `json:"reasoning_tokens,omitempty"`
	// The provider's own total when it reports one; otherwise input_tokens + output_tokens.          
	TotalTokens                                                                             *int64    `json:"total_tokens,omitempty"`
}

// The provider's usage object exactly as it reported it, and which provider's shape it is.
type RawUsage struct {
	// Whose usage shape this is: `anthropic`, `openai-chat`, `openai-responses`, `gemini`,            
	// `ollama`, `bedrock-converse`, `mistral`, or a source format id.                                 
	Provider                                                                               string      `json:"provider"`
	// The usage object, verbatim.                                                                     
	Usage                                                                                  interface{} `json:"usage"`
}

// Something the run produced or referenced besides messages.
//
// An end-of-run workspace snapshot for handing the run to another machine (Oz snapshot
// declarations): what was declared, when, and where the snapshot bundle
// (`snapshot-bundle.schema.json`) that carries the changes is.
//
// A file the run produced.
type Artifact struct {
	// Always `snapshot`.                                                                                            
	//                                                                                                               
	// Always `file`.                                                                                                
	Type                                                                                       ArtifactType          `json:"type"`
	// When the snapshot was taken.                                                                                  
	CreatedAt                                                                                  *time.Time            `json:"created_at,omitempty"`
	// The declarations, as read from the declarations file; at least one (a run that declares                       
	// nothing has no snapshot).                                                                                     
	Declarations                                                                               *[]SnapshotDeclaration `json:"declarations,omitempty"`
	// Where the snapshot's content is stored: the path of its bundle (a                                             
	// `snapshot-bundle.schema.json` JSONL file), relative to this document or to the event log                      
	// that recorded it, or a URL.                                                                                   
	Location                                                                                   *string               `json:"location,omitempty"`
	// SHA-256 of the bundle file at `location`, lowercase hex, so a reader can tell it has the                      
	// bundle that was written.                                                                                      
	Sha256                                                                                     *string               `json:"sha256,omitempty"`
	// What the file is.                                                                                             
	Description                                                                                *string               `json:"description,omitempty"`
	// IANA media type.                                                                                              
	MediaType                                                                                  *string               `json:"media_type,omitempty"`
	// The file's path.                                                                                              
	Path                                                                                       *string               `json:"path,omitempty"`
}

// What tokens cost: computed from a dated price table, reported by the producing tool, or
// unknown. An unknown model's cost is `unknown`, never zero.
//
// Cost computed by this toolkit from usage and a versioned price table; prices change, so
// the table's version, source and date travel with the amount.
//
// Cost as the producing tool or provider reported it (devflow totalCost, a provider's
// billed amount).
//
// Cost that could not be computed, for example for a model missing from the price table.
type Cost struct {
	// Always `computed`.                                          
	//                                                             
	// Always `reported`.                                          
	//                                                             
	// Always `unknown`.                                           
	Status                                       CostStatus        `json:"status"`
	// Total cost.                                                 
	//                                                             
	// Total cost as reported.                                     
	Amount                                       *float64          `json:"amount,omitempty"`
	Breakdown                                    *CostBreakdown    `json:"breakdown,omitempty"`
	// ISO 4217 currency code.                                     
	Currency                                     string            `json:"currency"`
	Pricing                                      *PricingReference `json:"pricing,omitempty"`
	// Who reported it (a tool or provider name).                  
	ReportedBy                                   *string           `json:"reported_by,omitempty"`
	// Why the cost is unknown.                                    
	Reason                                       *string           `json:"reason,omitempty"`
}

// The amount split by what was paid for.
type CostBreakdown struct {
	// Cache reads.                              
	CacheRead                            float64 `json:"cache_read"`
	// Cache writes.                             
	CacheWrite                           float64 `json:"cache_write"`
	// Uncached input tokens.                    
	Input                                float64 `json:"input"`
	// Output tokens, reasoning included.        
	Output                               float64 `json:"output"`
}

// Which prices an amount was computed from.
type PricingReference struct {
	// When they were read, as YYYY-MM-DD.                             
	Date                                                        string `json:"date"`
	// The price table entry used.                                     
	Model                                                       string `json:"model"`
	// Where the prices were read (the provider's pricing page).       
	Source                                                      string `json:"source"`
	// Version of the price table.                                     
	TableVersion                                                string `json:"table_version"`
}

// What exporting did to this document, so a reader knows what is missing and why.
type ExportRecord struct {
	// When the export was written.                                                                              
	ExportedAt                                                                                 *time.Time        `json:"exported_at,omitempty"`
	// `include`: reasoning parts kept; `omit`: reasoning parts removed with no stub (the order                  
	// of everything else is kept).                                                                              
	Reasoning                                                                                  *ReasoningEnum    `json:"reasoning,omitempty"`
	Redaction                                                                                  *RedactionRecord  `json:"redaction,omitempty"`
	Truncation                                                                                 *TruncationRecord `json:"truncation,omitempty"`
}

// Redaction applied: how many secrets each rule replaced with a `[REDACTED:<rule>]`
// placeholder. Never the secrets themselves.
type RedactionRecord struct {
	// Replacements per rule id.                 
	Counts                      map[string]int64 `json:"counts"`
	// All replacements.                         
	Total                       int64            `json:"total"`
}

// Tool-output truncation applied.
type TruncationRecord struct {
	// The limit: UTF-8 bytes of a value's canonical JSON (at least 2, the size of an empty      
	// string, array or object).                                                                 
	LimitBytes                                                                             int64 `json:"limit_bytes"`
	// How many tool outputs were truncated.                                                     
	TruncatedCount                                                                         int64 `json:"truncated_count"`
}

// One turn of the conversation: a role and its ordered parts, with the model, usage, cost
// and timing of the call that produced it when known.
type Message struct {
	// When the model finished producing it.                                                                                      
	CompletedAt                                                                                 *time.Time                        `json:"completed_at,omitempty"`
	Cost                                                                                        *Cost                             `json:"cost,omitempty"`
	// When the message was created or sent.                                                                                      
	CreatedAt                                                                                   *time.Time                        `json:"created_at,omitempty"`
	// How long producing it took, in milliseconds.                                                                               
	DurationMS                                                                                  *int64                            `json:"duration_ms,omitempty"`
	// An error the provider or agent reported instead of (or while) producing the message.                                       
	Error                                                                                       *string                           `json:"error,omitempty"`
	FinishReason                                                                                *FinishReason                     `json:"finish_reason,omitempty"`
	// The message's id, unique within the transcript (a provider message id, a source turn id,                                   
	// or a generated one).                                                                                                       
	ID                                                                                          *string                           `json:"id,omitempty"`
	Issuer                                                                                      *Issuer                           `json:"issuer,omitempty"`
	// The loop or retry iteration of that step (AWF transcript logs).                                                            
	Iteration                                                                                   *int64                            `json:"iteration,omitempty"`
	// Free-form metadata from the source with no canonical field.                                                                
	Metadata                                                                                    *map[string]interface{}           `json:"metadata,omitempty"`
	// The model that produced it, as the provider named it in its response.                                                      
	Model                                                                                       *string                           `json:"model,omitempty"`
	// The participant's name, when the source distinguishes several speakers of one role.                                        
	Name                                                                                        *string                           `json:"name,omitempty"`
	// The provider's own stop reason, verbatim (`end_turn`, `tool_use`, `STOP`, `MAX_TOKENS`,                                    
	// …).                                                                                                                        
	NativeFinishReason                                                                          *string                           `json:"native_finish_reason,omitempty"`
	// The content, in order.                                                                                                     
	Parts                                                                                       []Part                            `json:"parts"`
	// The workflow step that produced it (AWF transcript path), dot-separated.                                                   
	Path                                                                                        *string                           `json:"path,omitempty"`
	ProviderFields                                                                              *map[string]map[string]interface{} `json:"provider_fields,omitempty"`
	// The provider's id for the response that produced it (`msg_…`, `chatcmpl-…`, `resp_…`).                                     
	ResponseID                                                                                  *string                           `json:"response_id,omitempty"`
	Role                                                                                        Role                              `json:"role"`
	// For a streamed reply: how long from sending the request until its first chunk arrived, in                                  
	// milliseconds (`duration_ms` runs until the last).                                                                          
	TimeToFirstTokenMS                                                                          *int64                            `json:"time_to_first_token_ms,omitempty"`
	Usage                                                                                       *Usage                            `json:"usage,omitempty"`
}

// Who issued provider-opaque data (a reasoning signature, encrypted reasoning, a server
// tool's encrypted result). Opaque data is replayed byte-exact to the same issuer only; for
// any other target an explicit policy applies.
type Issuer struct {
	// The API that issued it when a provider has several: `messages`, `chat-completions`,               
	// `responses`, `generate-content`, `converse`.                                                      
	API                                                                                          *string `json:"api,omitempty"`
	// The model that produced it; signatures are only valid for the model family that made them.        
	Model                                                                                        *string `json:"model,omitempty"`
	// Provider id, lower-case: `anthropic`, `openai`, `google`, `amazon-bedrock`, `mistral`,            
	// `ollama`, …                                                                                       
	Provider                                                                                     string  `json:"provider"`
}

// One typed piece of a message: text, reasoning, a tool call or result, media, a plan step,
// a code diff, a command, a refusal, a compaction marker, a stream chunk, or a
// provider-native block. Discriminated by `type`; a newer minor version may add part types,
// which readers keep unchanged.
//
// Plain text: what a person or model wrote.
//
// Model reasoning (thinking). Readable text, a summary, or only provider-opaque data that
// must be replayed unchanged to its issuer.
//
// A request to run a tool, from the model (or executed by the provider itself when
// provider_executed is true).
//
// The result of a tool call, paired with it by call_id.
//
// An image: inline, by URL, beside the transcript, or a provider file.
//
// Audio: inline, by URL, beside the transcript, or a provider file.
//
// A document or other file: inline, by URL, beside the transcript, or a provider file.
//
// A step of the agent's plan with its status and recursive sub-steps (Warp export
// plan_step).
//
// A code change across one or more files, with structured hunks (Warp export code_diff).
//
// A shell command a step ran (AWF command block).
//
// The model declined to answer (OpenAI `refusal`).
//
// A marker that earlier context was compacted: summarised, edited or trimmed to fit the
// context window.
//
// One raw chunk of a provider stream, kept for partial-output replay (AWF stream block).
//
// A provider block with no canonical equivalent, kept verbatim so a conversion back to its
// issuer reproduces it. Other targets drop it with a warning.
type Part struct {
	// Always `text`.                                                                                                             
	//                                                                                                                            
	// Always `reasoning`.                                                                                                        
	//                                                                                                                            
	// Always `tool_call`.                                                                                                        
	//                                                                                                                            
	// Always `tool_result`.                                                                                                      
	//                                                                                                                            
	// Always `image`.                                                                                                            
	//                                                                                                                            
	// Always `audio`.                                                                                                            
	//                                                                                                                            
	// Always `file`.                                                                                                             
	//                                                                                                                            
	// Always `plan_step`.                                                                                                        
	//                                                                                                                            
	// Always `code_diff`.                                                                                                        
	//                                                                                                                            
	// Always `command`.                                                                                                          
	//                                                                                                                            
	// Always `refusal`.                                                                                                          
	//                                                                                                                            
	// Always `compaction`.                                                                                                       
	//                                                                                                                            
	// Always `stream_chunk`.                                                                                                     
	//                                                                                                                            
	// Always `native`.                                                                                                           
	Type                                                                                        PartType                          `json:"type"`
	// Sources supporting the text, in the order the provider gave them.                                                          
	Citations                                                                                   *[]Citation                       `json:"citations,omitempty"`
	Fidelity                                                                                    *Fidelity                         `json:"fidelity,omitempty"`
	Issuer                                                                                      *Issuer                           `json:"issuer,omitempty"`
	ProviderFields                                                                              *map[string]map[string]interface{} `json:"provider_fields,omitempty"`
	// Provider-opaque signature attached to this text (Gemini `thoughtSignature` on a text                                       
	// part). Requires issuer.                                                                                                    
	//                                                                                                                            
	// Opaque signature that lets the issuer verify the reasoning on replay (Anthropic                                            
	// `thinking.signature`, Gemini `thoughtSignature`, Bedrock `reasoningContent.signature`).                                    
	// Byte-exact; requires issuer.                                                                                               
	//                                                                                                                            
	// Opaque signature attached to the call (Gemini `thoughtSignature` on a functionCall part).                                  
	// Byte-exact; requires issuer.                                                                                               
	Signature                                                                                   *string                           `json:"signature,omitempty"`
	// The text, verbatim (NUL and every other character preserved).                                                              
	//                                                                                                                            
	// The reasoning text when the provider exposes it (Anthropic thinking, Gemini thought,                                       
	// Ollama thinking, OpenAI reasoning_text).                                                                                   
	//                                                                                                                            
	// The document's text, when it was provided as plain text rather than bytes.                                                 
	//                                                                                                                            
	// The refusal message.                                                                                                       
	//                                                                                                                            
	// The chunk as received.                                                                                                     
	Text                                                                                        *string                           `json:"text,omitempty"`
	// How long the model reasoned, in milliseconds.                                                                              
	//                                                                                                                            
	// How long the tool ran, in milliseconds.                                                                                    
	//                                                                                                                            
	// How long it ran, in milliseconds.                                                                                          
	DurationMS                                                                                  *int64                            `json:"duration_ms,omitempty"`
	// Encrypted reasoning only the issuer can read (OpenAI Responses `encrypted_content`).                                       
	// Byte-exact; requires issuer.                                                                                               
	//                                                                                                                            
	// Opaque compacted context only the issuer can read (OpenAI `compaction` items). Requires                                    
	// issuer.                                                                                                                    
	EncryptedContent                                                                            *string                           `json:"encrypted_content,omitempty"`
	// The provider's id for the reasoning item (OpenAI Responses `rs_…`), needed to replay it                                    
	// next to its following item.                                                                                                
	//                                                                                                                            
	// The call id that pairs this call with its result. Unique within the transcript;                                            
	// converters remap it deterministically where a target's id rules differ.                                                    
	//                                                                                                                            
	// The provider's id for generated audio (OpenAI `audio.id`).                                                                 
	//                                                                                                                            
	// Stable id of the step within its plan.                                                                                     
	//                                                                                                                            
	// The provider's id for the compaction item.                                                                                 
	ID                                                                                          *string                           `json:"id,omitempty"`
	// Reasoning the provider redacted, as the opaque data it returned (Anthropic                                                 
	// `redacted_thinking.data`, Bedrock `redactedContent`). Byte-exact; requires issuer.                                         
	RedactedData                                                                                *string                           `json:"redacted_data,omitempty"`
	// Summary paragraphs, in order (OpenAI Responses `summary[].text`).                                                          
	//                                                                                                                            
	// The summary that replaced the earlier context, when readable.                                                              
	Summary                                                                                     *SummaryUnion                     `json:"summary,omitempty"`
	// The arguments as a JSON value (usually an object). Absent only when the provider sent                                      
	// text that does not parse as JSON; raw_input then holds that text.                                                          
	Input                                                                                       interface{}                       `json:"input,omitempty"`
	// Why raw_input did not parse as JSON.                                                                                       
	InputError                                                                                  *string                           `json:"input_error,omitempty"`
	// The provider's id of the item carrying the call when it differs from the call id (OpenAI                                   
	// Responses `fc_…`).                                                                                                         
	ItemID                                                                                      *string                           `json:"item_id,omitempty"`
	// The tool's name as advertised to the model.                                                                                
	//                                                                                                                            
	// The tool's name, when the source records it (some providers need it: Gemini matches by                                     
	// name, Ollama `tool_name`).                                                                                                 
	Name                                                                                        *string                           `json:"name,omitempty"`
	// The provider's own type for this block or item when it is not the provider's plain                                         
	// function call (`server_tool_use`, `mcp_tool_use`, `web_search_call`, `custom_tool_call`,                                   
	// `local_shell_call`, …).                                                                                                    
	//                                                                                                                            
	// The provider's own type for this block or item when it is not a plain tool result                                          
	// (`web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result`, …).                                            
	//                                                                                                                            
	// The provider's block or item type (`container_upload`, `image_generation_call`,                                            
	// `mcp_list_tools`, …).                                                                                                      
	NativeType                                                                                  *string                           `json:"native_type,omitempty"`
	// True for server-side tools the provider ran itself (web search, code execution, MCP calls                                  
	// made by the provider); their results are provider-specific.                                                                
	//                                                                                                                            
	// True for the result of a server-side tool the provider ran itself.                                                         
	ProviderExecuted                                                                            *bool                             `json:"provider_executed,omitempty"`
	// The arguments exactly as the provider sent them as text (OpenAI `arguments`), present                                      
	// when that text does not parse as JSON or is not byte-for-byte what serialising input                                       
	// gives, so a replay to the issuer is exact.                                                                                 
	RawInput                                                                                    *string                           `json:"raw_input,omitempty"`
	// The id of the tool call this answers.                                                                                      
	CallID                                                                                      *string                           `json:"call_id,omitempty"`
	// Multimodal result content (text, image, audio and file parts) when the tool returned more                                  
	// than one value or a non-text one, in order.                                                                                
	Content                                                                                     *[]Part                           `json:"content,omitempty"`
	// Failure description when status is not ok.                                                                                 
	Error                                                                                       *string                           `json:"error,omitempty"`
	// UTF-8 byte length of the canonical JSON (RFC 8785) of output before truncation. Present                                    
	// only when truncated.                                                                                                       
	OriginalSizeBytes                                                                           *int64                            `json:"original_size_bytes,omitempty"`
	// The result as any JSON value: a string, an object, an array, a number, a boolean or null.                                  
	// Absent when the result is multimodal content only.                                                                         
	//                                                                                                                            
	// What it printed, when recorded.                                                                                            
	Output                                                                                      interface{}                       `json:"output,omitempty"`
	Status                                                                                      *Status                           `json:"status,omitempty"`
	// Present, and true, only when output was truncated to fit an export limit.                                                  
	Truncated                                                                                   *bool                             `json:"truncated,omitempty"`
	TruncationStrategy                                                                          *TruncationStrategy               `json:"truncation_strategy,omitempty"`
	// A text description of the image.                                                                                           
	Alt                                                                                         *string                           `json:"alt,omitempty"`
	// The image inline, base64-encoded (standard alphabet, no data: prefix).                                                     
	//                                                                                                                            
	// The audio inline, base64-encoded (standard alphabet, no data: prefix).                                                     
	//                                                                                                                            
	// The file inline, base64-encoded (standard alphabet, no data: prefix).                                                      
	//                                                                                                                            
	// The native block exactly as the provider sent it.                                                                          
	Data                                                                                        interface{}                       `json:"data,omitempty"`
	// Requested rendering detail (`low`, `high`, `auto`).                                                                        
	Detail                                                                                      *string                           `json:"detail,omitempty"`
	// Provider file id of an uploaded image (for example `file-…`).                                                              
	//                                                                                                                            
	// Provider file id of an uploaded audio (for example `file-…`).                                                              
	//                                                                                                                            
	// Provider file id of an uploaded file (for example `file-…`).                                                               
	FileID                                                                                      *string                           `json:"file_id,omitempty"`
	// IANA media type of the image, e.g. `image/png`, `audio/wav`, `application/pdf`.                                            
	//                                                                                                                            
	// IANA media type of the audio, e.g. `image/png`, `audio/wav`, `application/pdf`.                                            
	//                                                                                                                            
	// IANA media type of the file, e.g. `image/png`, `audio/wav`, `application/pdf`.                                             
	MediaType                                                                                   *string                           `json:"media_type,omitempty"`
	// Path of the image stored beside the transcript, relative to the transcript file, forward                                   
	// slashes, never `..`.                                                                                                       
	//                                                                                                                            
	// Path of the audio stored beside the transcript, relative to the transcript file, forward                                   
	// slashes, never `..`.                                                                                                       
	//                                                                                                                            
	// Path of the file stored beside the transcript, relative to the transcript file, forward                                    
	// slashes, never `..`.                                                                                                       
	Path                                                                                        *string                           `json:"path,omitempty"`
	// Where the image can be fetched (https:, or a data: URI when the source used one).                                          
	//                                                                                                                            
	// Where the audio can be fetched (https:, or a data: URI when the source used one).                                          
	//                                                                                                                            
	// Where the file can be fetched (https:, or a data: URI when the source used one).                                           
	URL                                                                                         *string                           `json:"url,omitempty"`
	// A transcript of the audio, when the provider gave one.                                                                     
	Transcript                                                                                  *string                           `json:"transcript,omitempty"`
	// The file's name as given to or by the provider.                                                                            
	Filename                                                                                    *string                           `json:"filename,omitempty"`
	// A title for the document.                                                                                                  
	//                                                                                                                            
	// What the step is.                                                                                                          
	Title                                                                                       *string                           `json:"title,omitempty"`
	// Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or                                    
	// absent.                                                                                                                    
	BlockedReason                                                                               *string                           `json:"blocked_reason,omitempty"`
	// More detail on the step; null or absent when there is none.                                                                
	Description                                                                                 *string                           `json:"description,omitempty"`
	// Sub-steps, in order, each a PlanItem (recursively).                                                                        
	Subitems                                                                                    *[]PlanItem                       `json:"subitems,omitempty"`
	// The changed files, in order.                                                                                               
	Files                                                                                       *[]DiffFile                       `json:"files,omitempty"`
	// The resolved command line after template interpolation.                                                                    
	Command                                                                                     *string                           `json:"command,omitempty"`
	// Working directory it ran in.                                                                                               
	Cwd                                                                                         *string                           `json:"cwd,omitempty"`
	// Exit status, when known.                                                                                                   
	ExitCode                                                                                    *int64                            `json:"exit_code,omitempty"`
	// How many earlier messages the compaction stands for.                                                                       
	ReplacedMessages                                                                            *int64                            `json:"replaced_messages,omitempty"`
	// How the context was reduced: `summary` (replaced by a summary), `edit` (tool results or                                    
	// thinking cleared), `trim` (oldest messages dropped).                                                                       
	Strategy                                                                                    *Strategy                         `json:"strategy,omitempty"`
	// Context size after, in tokens.                                                                                             
	TokensAfter                                                                                 *int64                            `json:"tokens_after,omitempty"`
	// Context size before, in tokens.                                                                                            
	TokensBefore                                                                                *int64                            `json:"tokens_before,omitempty"`
}

// A source that supports part of a text part: a web page, a document passage or a search
// result.
type Citation struct {
	// The passage quoted from the source.                                                                                        
	CitedText                                                                                   *string                           `json:"cited_text,omitempty"`
	// Zero-based index of the cited document among those provided in the request.                                                
	DocumentIndex                                                                               *int64                            `json:"document_index,omitempty"`
	// Title of the cited document.                                                                                               
	DocumentTitle                                                                               *string                           `json:"document_title,omitempty"`
	// End (exclusive) of the cited range, in the same unit as start_index.                                                       
	EndIndex                                                                                    *int64                            `json:"end_index,omitempty"`
	// Provider file id of the cited file.                                                                                        
	FileID                                                                                      *string                           `json:"file_id,omitempty"`
	// What is cited: `url` (a web page), `document` (a passage of a provided document, by                                        
	// character, page or block range), `search_result`, `file` (a provider-hosted file).                                         
	Kind                                                                                        *CitationKind                     `json:"kind,omitempty"`
	ProviderFields                                                                              *map[string]map[string]interface{} `json:"provider_fields,omitempty"`
	// Start of the cited range: a character offset into the text part for url citations (OpenAI                                  
	// annotations), or into the document for document citations.                                                                 
	StartIndex                                                                                  *int64                            `json:"start_index,omitempty"`
	// The cited source's title.                                                                                                  
	Title                                                                                       *string                           `json:"title,omitempty"`
	// The cited page's URL.                                                                                                      
	URL                                                                                         *string                           `json:"url,omitempty"`
}

// The change to one file.
type DiffFile struct {
	// True for a binary file: there are no hunks, only the fact of the change.                      
	Binary                                                                                bool       `json:"binary"`
	// What happened to the file.                                                                    
	Change                                                                                Change     `json:"change"`
	// Text changes, in file order; empty for binary files, pure renames and mode changes.           
	Hunks                                                                                 []DiffHunk `json:"hunks"`
	// File mode after, when it changed (`100755`).                                                  
	NewMode                                                                               *string    `json:"new_mode,omitempty"`
	// File mode before, when it changed (`100644`).                                                 
	OldMode                                                                               *string    `json:"old_mode,omitempty"`
	// The file's path before a rename or copy; present only then.                                   
	OldPath                                                                               *string    `json:"old_path,omitempty"`
	// The file's path after the change (its only path unless renamed or copied).                    
	Path                                                                                  string     `json:"path"`
}

// A contiguous change: old_lines lines from old_start replaced by new_lines lines from
// new_start (unified diff `@@ -old_start,old_lines +new_start,new_lines @@`).
type DiffHunk struct {
	// Text after the closing `@@`, usually the enclosing function.                                  
	Header                                                                                *string    `json:"header,omitempty"`
	// The hunk's lines, in order.                                                                   
	Lines                                                                                 []DiffLine `json:"lines"`
	// Number of new-file lines the hunk covers: its context plus added lines.                       
	NewLines                                                                              int64      `json:"new_lines"`
	// First line of the hunk in the new file, 1-based (0 for an empty new side).                    
	NewStart                                                                              int64      `json:"new_start"`
	// Number of old-file lines the hunk covers: its context plus removed lines.                     
	OldLines                                                                              int64      `json:"old_lines"`
	// First line of the hunk in the old file, 1-based (0 when old_lines is 0 and the hunk           
	// inserts at the top).                                                                          
	OldStart                                                                              int64      `json:"old_start"`
}

// One line of a hunk.
type DiffLine struct {
	// `context` (in both versions), `added`, `removed`, or `no_newline` (the marker that the         
	// previous line has no newline at end of file; text is then empty or the marker text).           
	Kind                                                                                     LineKind `json:"kind"`
	// The line's content without its leading diff marker and without the line ending.                
	Text                                                                                     string   `json:"text"`
}

// One step of a plan, with its own sub-steps (Warp export).
type PlanItem struct {
	// Why the step is blocked: a non-empty string when status is `blocked`, otherwise null or           
	// absent.                                                                                           
	BlockedReason                                                                             *string    `json:"blocked_reason,omitempty"`
	// More detail on the step; null or absent when there is none.                                       
	Description                                                                               *string    `json:"description,omitempty"`
	// Stable id of the step within its plan.                                                            
	ID                                                                                        string     `json:"id"`
	Status                                                                                    PlanStatus `json:"status"`
	// Sub-steps, in order, each a PlanItem (recursively).                                               
	Subitems                                                                                  *[]PlanItem `json:"subitems,omitempty"`
	// What the step is.                                                                                 
	Title                                                                                     string     `json:"title"`
}

// The tool that produced the run or conversation.
type Producer struct {
	// The tool's name (`claude-code`, `codex`, `warp`, `devflow`, `agent-transcript`, …).        
	Name                                                                                  string  `json:"name"`
	// The tool's version.                                                                        
	Version                                                                               *string `json:"version,omitempty"`
}

// Provenance: where the document came from.
type Source struct {
	Format                                              SourceFormat `json:"format"`
	// The source format's own version, when it has one.             
	FormatVersion                                       *string      `json:"format_version,omitempty"`
	// When it was converted.                                        
	ImportedAt                                          *time.Time   `json:"imported_at,omitempty"`
	// The file it was read from, as given.                          
	Path                                                *string      `json:"path,omitempty"`
	// The source's own session or conversation id.                  
	SessionID                                           *string      `json:"session_id,omitempty"`
}

// How the model may use the tools: `auto` (decides), `none` (must not call), `required`
// (must call at least one), `tool` (must call the one named).
type ToolChoice struct {
	// The choice.                                                                                                       
	Mode                                                                               ToolChoiceMode                    `json:"mode"`
	// The tool to call, when mode is `tool`.                                                                            
	Name                                                                               *string                           `json:"name,omitempty"`
	// Whether several calls may come in one turn; absent means the provider's default.                                  
	Parallel                                                                           *bool                             `json:"parallel,omitempty"`
	ProviderFields                                                                     *map[string]map[string]interface{} `json:"provider_fields,omitempty"`
}

// A tool offered to the model: a function with a JSON Schema for its input, or a provider's
// own tool (web search, code execution) named by its native type.
type ToolDefinition struct {
	// What the tool does, as told to the model.                                                                                  
	Description                                                                                 *string                           `json:"description,omitempty"`
	// JSON Schema of the tool's input, verbatim (absent for provider tools that take none).                                      
	InputSchema                                                                                 interface{}                       `json:"input_schema,omitempty"`
	// The name the model calls it by.                                                                                            
	Name                                                                                        string                            `json:"name"`
	// The provider's own tool type for built-in tools (`web_search_20250305`, `code_execution`,                                  
	// `file_search`, …); absent for plain functions.                                                                             
	NativeType                                                                                  *string                           `json:"native_type,omitempty"`
	ProviderFields                                                                              *map[string]map[string]interface{} `json:"provider_fields,omitempty"`
	// Whether the provider must make calls follow input_schema exactly (OpenAI `strict`).                                        
	Strict                                                                                      *bool                             `json:"strict,omitempty"`
}

// Payload of run and step events (AWF transcript logs).
type StepPayload struct {
	// Failure description on *.completed events; absent on success.                                       
	Error                                                                                      *string     `json:"error,omitempty"`
	// Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`,            
	// `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.              
	Kind                                                                                       string      `json:"kind"`
	// Step name from the workflow definition, or the workflow's name on run events.                       
	Name                                                                                       string      `json:"name"`
	// The step's result on *.completed events; its shape depends on the step kind. Absent when            
	// there is none.                                                                                      
	Result                                                                                     interface{} `json:"result,omitempty"`
	Status                                                                                     *RunStatus  `json:"status,omitempty"`
}

// Payload of run.started: the run's name and kind, and the declaration of the format
// version the whole log follows.
type RunStartedPayload struct {
	// Step type (`agent`, `command`, `operation`, `terminal`, `parallel`, `for_each`, `while`,                       
	// `call_workflow`, or a custom type name); `workflow` or the agent's kind on run events.                         
	Kind                                                                                       string                 `json:"kind"`
	// Workflow metadata (inputs, flow and node ids), verbatim.                                                       
	Metadata                                                                                   *map[string]interface{} `json:"metadata,omitempty"`
	// Step name from the workflow definition, or the workflow's name on run events.                                  
	Name                                                                                       string                 `json:"name"`
	Producer                                                                                   *Producer              `json:"producer,omitempty"`
	// The format version every line of this log follows (semver). A reader rejects an unknown                        
	// major.                                                                                                         
	SchemaVersion                                                                              string                 `json:"schema_version"`
	// A human title for the run.                                                                                     
	Title                                                                                      *string                `json:"title,omitempty"`
}

// Payload of message events: a role and ordered content blocks (canonical parts; text parts
// carry `.text`, so AWF's jq recipes work unchanged), with what the model call reported.
type MessagePayload struct {
	// The content, in order: canonical parts. A reader also accepts AWF's own content blocks                 
	// (`AwfContentBlock`), which folding maps onto parts; a writer of this format never emits                
	// them.                                                                                                  
	Blocks                                                                                      []Part        `json:"blocks"`
	Cost                                                                                        *Cost         `json:"cost,omitempty"`
	// How long the model call took, in milliseconds.                                                         
	DurationMS                                                                                  *int64        `json:"duration_ms,omitempty"`
	// An error the provider or agent reported instead of (or while) producing the message: a                 
	// failed or aborted model call, its partial reply in `blocks`.                                           
	Error                                                                                       *string       `json:"error,omitempty"`
	FinishReason                                                                                *FinishReason `json:"finish_reason,omitempty"`
	Issuer                                                                                      *Issuer       `json:"issuer,omitempty"`
	// The message's id (a provider message id or a generated one).                                           
	MessageID                                                                                   *string       `json:"message_id,omitempty"`
	// The model that produced an assistant message.                                                          
	Model                                                                                       *string       `json:"model,omitempty"`
	// The provider's own stop reason, verbatim.                                                              
	NativeFinishReason                                                                          *string       `json:"native_finish_reason,omitempty"`
	// The provider's response id.                                                                            
	ResponseID                                                                                  *string       `json:"response_id,omitempty"`
	Role                                                                                        Role          `json:"role"`
	// For a streamed reply: how long from sending the request until its first chunk arrived, in              
	// milliseconds (`duration_ms` runs until the last).                                                      
	TimeToFirstTokenMS                                                                          *int64        `json:"time_to_first_token_ms,omitempty"`
	Usage                                                                                       *Usage        `json:"usage,omitempty"`
}

// Payload of tool.call and tool.result (AWF transcript logs): the same call_id links a call
// to its result. input is required on tool.call, output on tool.result.
type ToolPayload struct {
	// Opaque correlation token linking a tool.call to its tool.result.                             
	CallID                                                                        string            `json:"call_id"`
	// Multimodal result content (text, image, audio, file parts), on tool.result.                  
	Content                                                                       *[]Part           `json:"content,omitempty"`
	// How long the tool ran, in milliseconds, on tool.result.                                      
	DurationMS                                                                    *int64            `json:"duration_ms,omitempty"`
	// Failure description on tool.result; absent on success.                                       
	Error                                                                         *string           `json:"error,omitempty"`
	Fidelity                                                                      Fidelity          `json:"fidelity"`
	// Tool arguments as provided.                                                                  
	Input                                                                         interface{}       `json:"input,omitempty"`
	// Tool name (`Read`, `Bash`, a plugin operation name, …).                                      
	Name                                                                          string            `json:"name"`
	// Tool return value (null for errors with no output).                                          
	Output                                                                        interface{}       `json:"output,omitempty"`
	// True for server-side tools the provider ran itself.                                          
	ProviderExecuted                                                              *bool             `json:"provider_executed,omitempty"`
	Status                                                                        *ToolResultStatus `json:"status,omitempty"`
}

// A content block as AWF transcript logs write it in message payloads. Writers of this
// format never emit it (strict validation rejects it); a tolerant reader accepts it so that
// logs AWF wrote read unchanged, and folding maps it onto the canonical part: `text` →
// text, `thinking` → reasoning, `tool_use` → tool_call, `tool_result` → tool_result (status
// ok), `command` → command, `stream` → stream_chunk (the chunk travels in `text`, as AWF's
// wire format puts it).
type AwfContentBlock struct {
	// One provider stream chunk, on `stream` (AWF's wire format carries it in `text`).                            
	Chunk                                                                                      *string             `json:"chunk,omitempty"`
	// The resolved shell command of a `command` block.                                                            
	Command                                                                                    *string             `json:"command,omitempty"`
	Fidelity                                                                                   *Fidelity           `json:"fidelity,omitempty"`
	// Verbatim text of a `text` block, or the chunk of a `stream` block.                                          
	Text                                                                                       *string             `json:"text,omitempty"`
	// Verbatim reasoning of a `thinking` block.                                                                   
	Thinking                                                                                   *string             `json:"thinking,omitempty"`
	// The tool's output as observed, on `tool_result`: a string, structured value, or null for                    
	// errors.                                                                                                     
	ToolContent                                                                                interface{}         `json:"tool_content,omitempty"`
	// The provider's correlation token linking a `tool_use` to its `tool_result`.                                 
	ToolID                                                                                     *string             `json:"tool_id,omitempty"`
	// The tool's arguments as provided, on `tool_use`.                                                            
	ToolInput                                                                                  interface{}         `json:"tool_input,omitempty"`
	// The tool's name, on `tool_use`.                                                                             
	ToolName                                                                                   *string             `json:"tool_name,omitempty"`
	// AWF's block type: one of its six.                                                                           
	Type                                                                                       AwfContentBlockType `json:"type"`
}

// The closed event vocabulary: AWF's ten types plus `message.system` (added in 1.0.0 for
// system and developer instructions, which AWF folds into message.user) and
// `artifact.created` (added in 1.0.0: something the run produced besides messages, such as
// its end-of-run workspace snapshot). Writers emit only these values; a newer minor version
// may add values, which tolerant readers accept and surface as warnings.
type EventType string

const (
	ArtifactCreated           EventType = "artifact.created"
	MessageAssistant          EventType = "message.assistant"
	MessageSystem             EventType = "message.system"
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

// Git's mode of the path afterwards: `100644` a file, `100755` an executable file, `120000`
// a symbolic link; absent for a deletion.
type ChangeMode string

const (
	Purple100644 ChangeMode = "100644"
	Purple100755 ChangeMode = "100755"
	The120000    ChangeMode = "120000"
)

// `added` (including untracked files), `modified`, `deleted`, `renamed` (from `old_path`,
// maybe also modified) or `type-changed` (a file became a symbolic link, or back).
type ChangeStatus string

const (
	StatusAdded    ChangeStatus = "added"
	StatusDeleted  ChangeStatus = "deleted"
	StatusModified ChangeStatus = "modified"
	StatusRenamed  ChangeStatus = "renamed"
	TypeChanged    ChangeStatus = "type-changed"
)

// `repo`: a git repository root, snapshotted as its diff (tracked changes plus untracked,
// non-ignored files). `file`: a single file outside any declared repository, uploaded
// verbatim; a `file` inside a declared `repo` is redundant and dropped.
type SnapshotDeclarationKind string

const (
	Repo          SnapshotDeclarationKind = "repo"
	TentacledFile SnapshotDeclarationKind = "file"
)

// How the `chunk` lines after a repository or file line hold its bytes: `utf8`, as text
// (the content is valid UTF-8, so a person or `jq -r` can read it); `base64`, as standard
// base64 with padding (binary content). Each chunk decodes on its own; the content is the
// chunks' bytes in order.
type SnapshotEncoding string

const (
	Base64 SnapshotEncoding = "base64"
	Utf8   SnapshotEncoding = "utf8"
)

// `100644` a file, `100755` an executable file.
type SnapshotBundleLineMode string

const (
	Fluffy100644 SnapshotBundleLineMode = "100644"
	Fluffy100755 SnapshotBundleLineMode = "100755"
)

type SnapshotBundleLineType string

const (
	Chunk          SnapshotBundleLineType = "chunk"
	End            SnapshotBundleLineType = "end"
	PurpleSnapshot SnapshotBundleLineType = "snapshot"
	Repository     SnapshotBundleLineType = "repository"
	StickyFile     SnapshotBundleLineType = "file"
)

// A run's state: `running`, `completed`, `failed` (error carries why) or `canceled`.
type RunStatus string

const (
	Canceled  RunStatus = "canceled"
	Completed RunStatus = "completed"
	Failed    RunStatus = "failed"
	Running   RunStatus = "running"
)

type ArtifactType string

const (
	FluffySnapshot ArtifactType = "snapshot"
	IndigoFile     ArtifactType = "file"
)

type CostStatus string

const (
	Computed CostStatus = "computed"
	Reported CostStatus = "reported"
	Unknown  CostStatus = "unknown"
)

// `include`: reasoning parts kept; `omit`: reasoning parts removed with no stub (the order
// of everything else is kept).
type ReasoningEnum string

const (
	Include ReasoningEnum = "include"
	Omit    ReasoningEnum = "omit"
)

// Why the model stopped, normalised: `stop` (natural end or stop sequence), `length` (token
// limit), `tool_calls` (waiting for tool results), `content_filter`, `refusal`, `pause` (a
// long turn paused to be continued), `error`, `other`.
type FinishReason string

const (
	ContentFilter       FinishReason = "content_filter"
	FinishReasonError   FinishReason = "error"
	FinishReasonRefusal FinishReason = "refusal"
	Length              FinishReason = "length"
	Other               FinishReason = "other"
	Pause               FinishReason = "pause"
	Stop                FinishReason = "stop"
	ToolCalls           FinishReason = "tool_calls"
)

// What is cited: `url` (a web page), `document` (a passage of a provided document, by
// character, page or block range), `search_result`, `file` (a provider-hosted file).
type CitationKind string

const (
	Document     CitationKind = "document"
	PurpleFile   CitationKind = "file"
	SearchResult CitationKind = "search_result"
	URL          CitationKind = "url"
)

// Where a part came from (AWF transcript logs): `router` — synthesised at the tool router
// seam, authoritative for in-process tool calls; `agent_emitted` — reported by the agent
// itself. Consumers use it to avoid counting one tool call reported on two channels twice.
type Fidelity string

const (
	AgentEmitted Fidelity = "agent_emitted"
	Router       Fidelity = "router"
)

// What happened to the file.
type Change string

const (
	ChangeAdded    Change = "added"
	ChangeDeleted  Change = "deleted"
	ChangeModified Change = "modified"
	ChangeRenamed  Change = "renamed"
	Copied         Change = "copied"
)

// `context` (in both versions), `added`, `removed`, or `no_newline` (the marker that the
// previous line has no newline at end of file; text is then empty or the marker text).
type LineKind string

const (
	Context   LineKind = "context"
	KindAdded LineKind = "added"
	NoNewline LineKind = "no_newline"
	Removed   LineKind = "removed"
)

// How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a
// policy refused to run it), `interrupted` (cancelled or cut off before finishing).
//
// A plan step's state. `blocked` requires a blocked_reason.
type Status string

const (
	StatusBlocked     Status = "blocked"
	StatusCancelled   Status = "cancelled"
	StatusComplete    Status = "complete"
	StatusDenied      Status = "denied"
	StatusError       Status = "error"
	StatusInProgress  Status = "in_progress"
	StatusInterrupted Status = "interrupted"
	StatusOk          Status = "ok"
	StatusPending     Status = "pending"
)

// How the context was reduced: `summary` (replaced by a summary), `edit` (tool results or
// thinking cleared), `trim` (oldest messages dropped).
type Strategy string

const (
	Edit    Strategy = "edit"
	Summary Strategy = "summary"
	Trim    Strategy = "trim"
)

// A plan step's state. `blocked` requires a blocked_reason.
type PlanStatus string

const (
	PlanStatusBlocked    PlanStatus = "blocked"
	PlanStatusCancelled  PlanStatus = "cancelled"
	PlanStatusComplete   PlanStatus = "complete"
	PlanStatusInProgress PlanStatus = "in_progress"
	PlanStatusPending    PlanStatus = "pending"
)

// How a value was cut to fit the limit: `string_prefix` (the longest code-point prefix
// whose canonical JSON fits), `array_prefix` (trailing elements dropped), `object_prefix`
// (trailing keys in canonical order dropped).
type TruncationStrategy string

const (
	ArrayPrefix  TruncationStrategy = "array_prefix"
	ObjectPrefix TruncationStrategy = "object_prefix"
	StringPrefix TruncationStrategy = "string_prefix"
)

type PartType string

const (
	Audio            PartType = "audio"
	CodeDiff         PartType = "code_diff"
	Compaction       PartType = "compaction"
	FluffyFile       PartType = "file"
	Image            PartType = "image"
	Native           PartType = "native"
	PlanStep         PartType = "plan_step"
	PurpleCommand    PartType = "command"
	PurpleText       PartType = "text"
	PurpleToolResult PartType = "tool_result"
	Reasoning        PartType = "reasoning"
	StreamChunk      PartType = "stream_chunk"
	TypeRefusal      PartType = "refusal"
	TypeToolCall     PartType = "tool_call"
)

// Who speaks. `system` and `developer` carry instructions; `tool` carries tool results
// (tool_result parts may also appear in `user` messages, as Anthropic places them).
type Role string

const (
	Assistant Role = "assistant"
	Developer Role = "developer"
	RoleTool  Role = "tool"
	System    Role = "system"
	User      Role = "user"
)

// The format a document was imported from: this format (`agent-transcript`), our event log,
// a provider API format, an agent tool's own format, or an interchange format (`atif`:
// Harbor's Agent Trajectory Interchange Format; `awf-transcript`: AWF's transcript logs as
// AWF writes them), or OpenTelemetry traces (`otlp-json`: OTLP/JSON spans that follow the
// OpenTelemetry GenAI semantic conventions, read back into runs; since 1.1.0).
type SourceFormat string

const (
	AgentTranscript SourceFormat = "agent-transcript"
	Anthropic       SourceFormat = "anthropic"
	Atif            SourceFormat = "atif"
	AwfTranscript   SourceFormat = "awf-transcript"
	BedrockConverse SourceFormat = "bedrock-converse"
	ClaudeCode      SourceFormat = "claude-code"
	Codex           SourceFormat = "codex"
	Devflow         SourceFormat = "devflow"
	EventLog        SourceFormat = "event-log"
	Gemini          SourceFormat = "gemini"
	GeminiCLI       SourceFormat = "gemini-cli"
	Mistral         SourceFormat = "mistral"
	Ollama          SourceFormat = "ollama"
	OpenaiChat      SourceFormat = "openai-chat"
	OpenaiResponses SourceFormat = "openai-responses"
	OtlpJSON        SourceFormat = "otlp-json"
	Portable        SourceFormat = "portable"
	WarpExport      SourceFormat = "warp-export"
)

// The choice.
type ToolChoiceMode string

const (
	Auto     ToolChoiceMode = "auto"
	ModeTool ToolChoiceMode = "tool"
	None     ToolChoiceMode = "none"
	Required ToolChoiceMode = "required"
)

// How a tool call ended: `ok`, `error` (the tool ran and failed), `denied` (the user or a
// policy refused to run it), `interrupted` (cancelled or cut off before finishing).
type ToolResultStatus string

const (
	ToolResultStatusDenied      ToolResultStatus = "denied"
	ToolResultStatusError       ToolResultStatus = "error"
	ToolResultStatusInterrupted ToolResultStatus = "interrupted"
	ToolResultStatusOk          ToolResultStatus = "ok"
)

// AWF's block type: one of its six.
type AwfContentBlockType string

const (
	FluffyCommand    AwfContentBlockType = "command"
	FluffyText       AwfContentBlockType = "text"
	FluffyToolResult AwfContentBlockType = "tool_result"
	Stream           AwfContentBlockType = "stream"
	Thinking         AwfContentBlockType = "thinking"
	ToolUse          AwfContentBlockType = "tool_use"
)

type SummaryUnion struct {
	String      *string
	StringArray []string
}

func (x *SummaryUnion) UnmarshalJSON(data []byte) error {
	x.StringArray = nil
	object, err := unmarshalUnion(data, nil, nil, nil, &x.String, true, &x.StringArray, false, nil, false, nil, false, nil, false)
	if err != nil {
		return err
	}
	if object {
	}
	return nil
}

func (x *SummaryUnion) MarshalJSON() ([]byte, error) {
	return marshalUnion(nil, nil, nil, x.String, x.StringArray != nil, x.StringArray, false, nil, false, nil, false, nil, false)
}

func unmarshalUnion(data []byte, pi **int64, pf **float64, pb **bool, ps **string, haveArray bool, pa interface{}, haveObject bool, pc interface{}, haveMap bool, pm interface{}, haveEnum bool, pe interface{}, nullable bool) (bool, error) {
	if pi != nil {
			*pi = nil
	}
	if pf != nil {
			*pf = nil
	}
	if pb != nil {
			*pb = nil
	}
	if ps != nil {
			*ps = nil
	}

	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
			return false, err
	}

	switch v := tok.(type) {
	case json.Number:
			if pi != nil {
					i, err := v.Int64()
					if err == nil {
							*pi = &i
							return false, nil
					}
			}
			if pf != nil {
					f, err := v.Float64()
					if err == nil {
							*pf = &f
							return false, nil
					}
					return false, errors.New("Unparsable number")
			}
			return false, errors.New("Union does not contain number")
	case float64:
			return false, errors.New("Decoder should not return float64")
	case bool:
			if pb != nil {
					*pb = &v
					return false, nil
			}
			return false, errors.New("Union does not contain bool")
	case string:
			if haveEnum {
					return false, json.Unmarshal(data, pe)
			}
			if ps != nil {
					*ps = &v
					return false, nil
			}
			return false, errors.New("Union does not contain string")
	case nil:
			if nullable {
					return false, nil
			}
			return false, errors.New("Union does not contain null")
	case json.Delim:
			if v == '{' {
					if haveObject {
							return true, json.Unmarshal(data, pc)
					}
					if haveMap {
							return false, json.Unmarshal(data, pm)
					}
					return false, errors.New("Union does not contain object")
			}
			if v == '[' {
					if haveArray {
							return false, json.Unmarshal(data, pa)
					}
					return false, errors.New("Union does not contain array")
			}
			return false, errors.New("Cannot handle delimiter")
	}
	return false, errors.New("Cannot unmarshal union")
}

func marshalUnion(pi *int64, pf *float64, pb *bool, ps *string, haveArray bool, pa interface{}, haveObject bool, pc interface{}, haveMap bool, pm interface{}, haveEnum bool, pe interface{}, nullable bool) ([]byte, error) {
	if pi != nil {
			return json.Marshal(*pi)
	}
	if pf != nil {
			return json.Marshal(*pf)
	}
	if pb != nil {
			return json.Marshal(*pb)
	}
	if ps != nil {
			return json.Marshal(*ps)
	}
	if haveArray {
			return json.Marshal(pa)
	}
	if haveObject {
			return json.Marshal(pc)
	}
	if haveMap {
			return json.Marshal(pm)
	}
	if haveEnum {
			return json.Marshal(pe)
	}
	if nullable {
			return json.Marshal(nil)
	}
	return nil, errors.New("Union must not be null")
}

