import { eventLogQuery } from "../../command-definition.js";

export const tools = eventLogQuery({
  name: "tools",
  description: "each tool call paired with its result by call_id: call id, tool, ok or error, duration",
  recipe: "group_by(.payload.call_id) over tool.call and tool.result",
  example: "agent-transcript tools storage/transcripts/<run-id>.jsonl --json | jq 'sort_by(.call_id)'",
  load: async () => (await import("./run.js")).runTools,
});
