// Package agenttranscript is the root of the Go bindings of Agent Transcript, one canonical, versioned,
// schema-first format for AI-agent conversation transcripts.
//
// The types are in the package of each format major version, generated from the published JSON Schemas:
//
//	import v1 "github.com/agent-transcript/agent-transcript/packages/bindings-go/generated/v1"
//
//	transcript, err := v1.UnmarshalTranscript(data)
//
// The types do not validate: a value that decodes is not necessarily a valid document (see the README for what
// they keep and what they lose). Validate with the format's JSON Schemas first.
//
// The module's version is the format version it was generated from, FormatVersion, released under the Git tag
// packages/bindings-go/vX.Y.Z of the repository.
package agenttranscript

// FormatVersion is the format version whose schemas generated the types of this module version.
const FormatVersion = "1.1.0"
