// What the OpenTelemetry GenAI tests share: a run with parallel tool calls, a failed one and a sub-agent.
import type { Tolerant } from "@agent-transcript/core";

export const at = (second: number) => new Date(Date.UTC(2026, 5, 8, 10, 0, second)).toISOString();
export const nanos = (second: number) => (BigInt(Date.UTC(2026, 5, 8, 10, 0, second)) * 1_000_000n).toString();

/** A run that asks for two tools at once; one fails, the other starts a sub-agent, which answers. */
export function runWithChild(): Tolerant.Transcript {
  return {
    schema_version: "1.0.0",
    id: "run-1",
    title: "fix-auth",
    source: { format: "claude-code" },
    tools: [{ name: "Bash", description: "Run a command", input_schema: { type: "object" } }],
    messages: [
      { role: "system", parts: [{ type: "text", text: "Be brief." }], created_at: at(0) },
      { role: "user", parts: [{ type: "text", text: "Fix the auth test" }], created_at: at(1) },
      {
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        id: "msg_1",
        finish_reason: "tool_calls",
        created_at: at(4),
        usage: { input_tokens: 1200, output_tokens: 80, cache_read_tokens: 1000, cache_write_tokens: 100 },
        parts: [
          { type: "tool_call", id: "call_bash", name: "Bash", input: { command: "go test ./..." } },
          { type: "tool_call", id: "call_task", name: "Task", input: { description: "look at the handler" } },
        ],
      },
      {
        role: "tool",
        created_at: at(9),
        parts: [
          { type: "tool_result", call_id: "call_bash", status: "error", error: "exit status 1", duration_ms: 2500 },
          { type: "tool_result", call_id: "call_task", status: "ok", output: "the check is inverted" },
        ],
      },
      {
        role: "assistant",
        model: "claude-sonnet-4-5-20250929",
        created_at: at(12),
        usage: { input_tokens: 1400, output_tokens: 12 },
        parts: [{ type: "text", text: "Fixed." }],
      },
    ],
    run: {
      status: "completed",
      started_at: at(0),
      ended_at: at(13),
      children: [
        {
          run_id: "child-1",
          call_id: "call_task",
          transcript: {
            schema_version: "1.0.0",
            id: "child-1",
            title: "look at the handler",
            messages: [
              { role: "user", parts: [{ type: "text", text: "look at the handler" }], created_at: at(5) },
              {
                role: "assistant",
                model: "claude-haiku-4-5",
                created_at: at(8),
                usage: { input_tokens: 300, output_tokens: 5 },
                parts: [{ type: "text", text: "inverted" }],
              },
            ],
          },
        },
      ],
    },
  } as unknown as Tolerant.Transcript;
}
