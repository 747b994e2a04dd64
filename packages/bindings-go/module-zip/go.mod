// A module of its own, so that the bindings' module neither requires golang.org/x/mod nor ships this folder: a
// folder holding a go.mod is left out of the enclosing module's zip.
module github.com/agent-transcript/agent-transcript/packages/bindings-go/module-zip

go 1.19

require golang.org/x/mod v0.7.0
