// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/event.schema.json, schemas/v1/snapshot-declaration.schema.json
// Regenerate: pnpm generate

package v1

import "encoding/json"

// RoundTrip parses JSON as the named definition and serialises the parsed value again.
var RoundTrip = map[string]func([]byte) ([]byte, error){
	"Event": roundTrip[Event],
	"EventType": roundTrip[EventType],
	"SnapshotDeclaration": roundTrip[SnapshotDeclaration],
}

func roundTrip[T any](data []byte) ([]byte, error) {
	var value T
	if err := json.Unmarshal(data, &value); err != nil {
		return nil, err
	}
	return json.Marshal(&value)
}
