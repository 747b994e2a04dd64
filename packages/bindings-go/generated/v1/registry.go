// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate

package v1

import "encoding/json"

// RoundTrip parses JSON as the named definition and serialises the parsed value again.
var RoundTrip = map[string]func([]byte) ([]byte, error){
	"Cost": roundTrip[Cost],
	"ComputedCost": roundTrip[Cost],
	"ReportedCost": roundTrip[Cost],
	"UnknownCost": roundTrip[Cost],
	"CostBreakdown": roundTrip[CostBreakdown],
	"PricingReference": roundTrip[PricingReference],
	"Event": roundTrip[Event],
	"EventType": roundTrip[EventType],
	"StepPayload": roundTrip[StepPayload],
	"RunStartedPayload": roundTrip[RunStartedPayload],
	"MessagePayload": roundTrip[MessagePayload],
	"ToolPayload": roundTrip[ToolPayload],
	"AwfContentBlock": roundTrip[AwfContentBlock],
	"Message": roundTrip[Message],
	"Role": roundTrip[Role],
	"FinishReason": roundTrip[FinishReason],
	"Part": roundTrip[Part],
	"Fidelity": roundTrip[Fidelity],
	"ProviderFields": roundTrip[ProviderFields],
	"Issuer": roundTrip[Issuer],
	"Citation": roundTrip[Citation],
	"TextPart": roundTrip[Part],
	"ReasoningPart": roundTrip[Part],
	"ToolCallPart": roundTrip[Part],
	"ToolResultStatus": roundTrip[ToolResultStatus],
	"TruncationStrategy": roundTrip[TruncationStrategy],
	"ToolResultPart": roundTrip[Part],
	"ImagePart": roundTrip[Part],
	"AudioPart": roundTrip[Part],
	"FilePart": roundTrip[Part],
	"PlanStatus": roundTrip[PlanStatus],
	"PlanItem": roundTrip[PlanItem],
	"PlanStepPart": roundTrip[Part],
	"DiffLine": roundTrip[DiffLine],
	"DiffHunk": roundTrip[DiffHunk],
	"DiffFile": roundTrip[DiffFile],
	"CodeDiffPart": roundTrip[Part],
	"CommandPart": roundTrip[Part],
	"RefusalPart": roundTrip[Part],
	"CompactionPart": roundTrip[Part],
	"StreamChunkPart": roundTrip[Part],
	"NativePart": roundTrip[Part],
	"SnapshotBundleLine": roundTrip[SnapshotBundleLine],
	"SnapshotHeader": roundTrip[SnapshotBundleLine],
	"SnapshotSecrets": roundTrip[SnapshotSecrets],
	"SnapshotFinding": roundTrip[SnapshotFinding],
	"SnapshotProblem": roundTrip[SnapshotProblem],
	"SnapshotRepository": roundTrip[SnapshotBundleLine],
	"SnapshotRemote": roundTrip[SnapshotRemote],
	"SnapshotChange": roundTrip[SnapshotChange],
	"SnapshotFile": roundTrip[SnapshotBundleLine],
	"SnapshotEncoding": roundTrip[SnapshotEncoding],
	"SnapshotChunk": roundTrip[SnapshotBundleLine],
	"SnapshotEnd": roundTrip[SnapshotBundleLine],
	"SnapshotDeclaration": roundTrip[SnapshotDeclaration],
	"Transcript": roundTrip[Transcript],
	"ToolDefinition": roundTrip[ToolDefinition],
	"ToolChoice": roundTrip[ToolChoice],
	"SourceFormat": roundTrip[SourceFormat],
	"Source": roundTrip[Source],
	"Producer": roundTrip[Producer],
	"RunStatus": roundTrip[RunStatus],
	"Run": roundTrip[Run],
	"Step": roundTrip[Step],
	"ParentRun": roundTrip[ParentRun],
	"ChildRun": roundTrip[ChildRun],
	"Artifact": roundTrip[Artifact],
	"SnapshotArtifact": roundTrip[Artifact],
	"FileArtifact": roundTrip[Artifact],
	"ExportRecord": roundTrip[ExportRecord],
	"RedactionRecord": roundTrip[RedactionRecord],
	"TruncationRecord": roundTrip[TruncationRecord],
	"Usage": roundTrip[Usage],
	"RawUsage": roundTrip[RawUsage],
}

func roundTrip[T any](data []byte) ([]byte, error) {
	var value T
	if err := json.Unmarshal(data, &value); err != nil {
		return nil, err
	}
	return json.Marshal(&value)
}
