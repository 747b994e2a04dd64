import { eventLogQuery } from "../../command-definition.js";

export const tree = eventLogQuery({
  name: "tree",
  description: "the run and every child run it started, at any depth, from the logs beside it",
  recipe: 'select(.type == "step.call_workflow.started") | .child_run_id, followed into each child\'s log',
  example: "agent-transcript tree storage/transcripts/<parent-run-id>.jsonl",
  load: async () => (await import("./run.js")).runTree,
});
