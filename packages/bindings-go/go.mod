module agent-transcript.dev/bindings-go

go 1.19
