// Command module-zip makes the zip of a Go module that a module proxy serves for a version, with
// golang.org/x/mod/zip (the code the go command itself uses), and lays it out as a GOPROXY=file:// folder.
//
//	module-zip <module folder> <module path> <version> <proxy folder>
//
// It checks the folder as the proxy would (file names, sizes, case collisions), refuses a folder with an invalid
// file, and prints {"valid": [...], "omitted": [...]} as JSON on stdout: the files in the zip, and those left out
// (nested modules, vendor folders, files that are not regular). Built with GO111MODULE=off against Debian's
// golang-golang-x-mod-dev by the bindings' test, which reaches no module proxy.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

type report struct {
	Valid   []string `json:"valid"`
	Omitted []string `json:"omitted"`
}

func fail(format string, arguments ...interface{}) {
	fmt.Fprintf(os.Stderr, "module-zip: "+format+"\n", arguments...)
	os.Exit(1)
}

// relative gives a path CheckDir returned (joined to the folder) as a slash-separated path inside the folder.
func relative(folder, path string) string {
	inside, err := filepath.Rel(folder, path)
	if err != nil {
		fail("%v", err)
	}
	return filepath.ToSlash(inside)
}

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: module-zip <module folder> <module path> <version> <proxy folder>")
		os.Exit(2)
	}
	folder, version := os.Args[1], module.Version{Path: os.Args[2], Version: os.Args[3]}
	if err := module.Check(version.Path, version.Version); err != nil {
		fail("%v", err)
	}
	checked, err := modzip.CheckDir(folder)
	if err != nil {
		fail("%v", err)
	}
	escaped, err := module.EscapePath(version.Path)
	if err != nil {
		fail("%v", err)
	}
	versions := filepath.Join(os.Args[4], filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(versions, 0o755); err != nil {
		fail("%v", err)
	}
	archive, err := os.Create(filepath.Join(versions, version.Version+".zip"))
	if err != nil {
		fail("%v", err)
	}
	if err := modzip.CreateFromDir(archive, version, folder); err != nil {
		fail("%v", err)
	}
	if err := archive.Close(); err != nil {
		fail("%v", err)
	}
	goMod, err := os.ReadFile(filepath.Join(folder, "go.mod"))
	if err != nil {
		fail("%v", err)
	}
	info, _ := json.Marshal(map[string]string{"Version": version.Version})
	for name, content := range map[string][]byte{
		version.Version + ".mod":  goMod,
		version.Version + ".info": info,
		"list":                    []byte(version.Version + "\n"),
	} {
		if err := os.WriteFile(filepath.Join(versions, name), content, 0o644); err != nil {
			fail("%v", err)
		}
	}
	result := report{Valid: []string{}, Omitted: []string{}}
	for _, file := range checked.Valid {
		result.Valid = append(result.Valid, relative(folder, file))
	}
	for _, file := range checked.Omitted {
		result.Omitted = append(result.Omitted, relative(folder, file.Path))
	}
	sort.Strings(result.Valid)
	sort.Strings(result.Omitted)
	if err := json.NewEncoder(os.Stdout).Encode(result); err != nil {
		fail("%v", err)
	}
}
