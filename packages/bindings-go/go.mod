module github.com/agent-transcript/agent-transcript/packages/bindings-go

go 1.19
