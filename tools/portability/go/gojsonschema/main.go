// Compiles schema definitions and validates values with Go's gojsonschema (Debian's
// golang-github-xeipuuv-gojsonschema-dev), as a Go consumer of our schemas would.
//
// Reads {"schemas": [documents], "compile": [references], "items": [{"reference", "value"}]} on stdin and writes
// {"compiled": [{"reference", "error"}], "verdicts": [{"valid", "errors"}]} on stdout. The documents are the
// draft-07 translations of our schemas (gojsonschema reads draft-04, -06 and -07 only). References resolve from the
// given documents alone: any other is refused instead of fetched.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"

	"github.com/xeipuuv/gojsonschema"
)

type item struct {
	Reference string          `json:"reference"`
	Value     json.RawMessage `json:"value"`
}

type request struct {
	Schemas []json.RawMessage `json:"schemas"`
	Compile []string          `json:"compile"`
	Items   []item            `json:"items"`
}

type compiled struct {
	Reference string  `json:"reference"`
	Error     *string `json:"error"`
}

type verdict struct {
	Valid  bool     `json:"valid"`
	Errors []string `json:"errors"`
}

type response struct {
	Compiled []compiled `json:"compiled"`
	Verdicts []*verdict `json:"verdicts"`
}

// gojsonschema fetches a reference it does not hold over HTTP; ours must all be among the given documents.
type noNetwork struct{}

func (noNetwork) RoundTrip(request *http.Request) (*http.Response, error) {
	return nil, fmt.Errorf("no network: %s is not one of the given schemas", request.URL)
}

func main() {
	http.DefaultClient.Transport = noNetwork{}
	http.DefaultTransport = noNetwork{}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	var input request
	decoder := json.NewDecoder(os.Stdin)
	decoder.UseNumber()
	if err := decoder.Decode(&input); err != nil {
		return fmt.Errorf("reading the request: %w", err)
	}
	loader := gojsonschema.NewSchemaLoader()
	loader.Draft = gojsonschema.Draft7
	for _, document := range input.Schemas {
		var header struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(document, &header); err != nil || header.ID == "" {
			return errors.New("every schema document needs an $id")
		}
		if err := loader.AddSchema(header.ID, gojsonschema.NewBytesLoader(document)); err != nil {
			return fmt.Errorf("adding %s: %w", header.ID, err)
		}
	}

	schemas := map[string]*gojsonschema.Schema{}
	compile := func(reference string) (*gojsonschema.Schema, error) {
		if schema, ok := schemas[reference]; ok {
			return schema, nil
		}
		schema, err := loader.Compile(gojsonschema.NewReferenceLoader(reference))
		if err == nil {
			schemas[reference] = schema
		}
		return schema, err
	}

	output := response{Compiled: []compiled{}, Verdicts: []*verdict{}}
	for _, reference := range input.Compile {
		entry := compiled{Reference: reference}
		if _, err := compile(reference); err != nil {
			message := err.Error()
			entry.Error = &message
		}
		output.Compiled = append(output.Compiled, entry)
	}
	for _, entry := range input.Items {
		schema, err := compile(entry.Reference)
		if err != nil {
			// A definition that does not compile has no verdict; the compile list says why.
			output.Verdicts = append(output.Verdicts, nil)
			continue
		}
		result, err := schema.Validate(gojsonschema.NewBytesLoader(entry.Value))
		if err != nil {
			return fmt.Errorf("validating against %s: %w", entry.Reference, err)
		}
		messages := []string{}
		for _, problem := range result.Errors() {
			messages = append(messages, fmt.Sprintf("%s: %s", problem.Field(), problem.Description()))
		}
		output.Verdicts = append(output.Verdicts, &verdict{Valid: result.Valid(), Errors: messages})
	}
	return json.NewEncoder(os.Stdout).Encode(output)
}
