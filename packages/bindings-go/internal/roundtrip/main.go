// Command roundtrip parses JSON values with the generated Go types and serialises them again.
//
// It reads a JSON array of {"version", "definition", "value"} on stdin and writes a JSON array of
// {"output": value} or {"error": message} in the same order on stdout. A definition the bindings
// do not generate is reported as an error, so nothing is skipped silently.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	v1 "github.com/agent-transcript/agent-transcript/packages/bindings-go/generated/v1"
)

type request struct {
	Version    string          `json:"version"`
	Definition string          `json:"definition"`
	Value      json.RawMessage `json:"value"`
}

type result struct {
	Output json.RawMessage `json:"output,omitempty"`
	Error  string          `json:"error,omitempty"`
}

var registries = map[string]map[string]func([]byte) ([]byte, error){
	"v1": v1.RoundTrip,
}

func roundTrip(item request) result {
	registry, ok := registries[item.Version]
	if !ok {
		return result{Error: fmt.Sprintf("no Go bindings for format %s", item.Version)}
	}
	convert, ok := registry[item.Definition]
	if !ok {
		return result{Error: fmt.Sprintf("the Go bindings have no type %s", item.Definition)}
	}
	output, err := convert(item.Value)
	if err != nil {
		return result{Error: err.Error()}
	}
	return result{Output: output}
}

func main() {
	var items []request
	if err := json.NewDecoder(os.Stdin).Decode(&items); err != nil {
		fmt.Fprintln(os.Stderr, "roundtrip: cannot read the request:", err)
		os.Exit(1)
	}
	results := make([]result, len(items))
	for index, item := range items {
		results[index] = roundTrip(item)
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		fmt.Fprintln(os.Stderr, "roundtrip: cannot write the results:", err)
		os.Exit(1)
	}
}
