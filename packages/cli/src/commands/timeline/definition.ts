import { eventLogQuery } from "../../command-definition.js";

export const timeline = eventLogQuery({
  name: "timeline",
  description:
    "every step as it started: seq, path, kind and name, tab-separated; of a session (no steps), each message, tool call and result with its time and tokens",
  recipe: 'select(.type == "step.started") | "\\(.seq)\\t\\(.path)\\t\\(.payload.kind)\\t\\(.payload.name)"',
  example: "agent-transcript timeline storage/transcripts/<run-id>.jsonl",
  load: async () => (await import("./run.js")).runTimeline,
});
