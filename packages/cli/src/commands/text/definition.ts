import { eventLogQuery } from "../../command-definition.js";

export const text = eventLogQuery({
  name: "text",
  description: "the assistant's text: every text block of every message.assistant event",
  recipe: 'select(.type == "message.assistant") | .payload.blocks[] | select(.type == "text") | .text',
  example: "agent-transcript text storage/transcripts/<run-id>.jsonl",
  load: async () => (await import("./run.js")).runText,
});
