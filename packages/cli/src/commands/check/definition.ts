import { eventLogQuery } from "../../command-definition.js";

export const check = eventLogQuery({
  name: "check",
  description:
    "check a log's rules (seq sorted and contiguous from 1, one run id, every line readable) and count tool calls by fidelity; exit 1 when broken",
  recipe: "[.[].seq] | . == (sort), and group_by(.payload.fidelity) over tool.call",
  example: "agent-transcript check storage/transcripts/<run-id>.jsonl --json",
  load: async () => (await import("./run.js")).runCheck,
});
