// Compiles patterns with Go's regexp (RE2 syntax, as gojsonschema does) and matches strings against them.
//
// Reads {"patterns": [...], "strings": [...]} on stdin and writes one {"pattern", "error", "matches"} per pattern:
// the compile error, or whether each string matches anywhere (JSON Schema's `pattern` is not anchored).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
)

type request struct {
	Patterns []string `json:"patterns"`
	Strings  []string `json:"strings"`
}

type result struct {
	Pattern string  `json:"pattern"`
	Error   *string `json:"error"`
	Matches []bool  `json:"matches"`
}

func main() {
	var input request
	if err := json.NewDecoder(os.Stdin).Decode(&input); err != nil {
		fmt.Fprintln(os.Stderr, "reading the request:", err)
		os.Exit(1)
	}
	results := []result{}
	for _, pattern := range input.Patterns {
		entry := result{Pattern: pattern, Matches: []bool{}}
		compiled, err := regexp.Compile(pattern)
		if err != nil {
			message := err.Error()
			entry.Error = &message
		} else {
			for _, text := range input.Strings {
				entry.Matches = append(entry.Matches, compiled.MatchString(text))
			}
		}
		results = append(results, entry)
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
