/**
 * Where the published specifications are stricter than the traffic recorded in `tools/fixtures/real` (requests the
 * providers answered): each case with the rule it breaks. The converters write what the specification says when they
 * make a request up, accept what the traffic sends when they read one, and write a recorded request back exactly as
 * it was (its absent fields are marked), so these recorded requests stay outside the specification on a round trip.
 * The providers README's "Conformance" section lists them too.
 */
import type { CheckedApi, SpecProblem } from "./checker.js";

export interface TrafficCase {
  name: string;
  api: CheckedApi;
  /** What the traffic does and what the specification says. */
  why: string;
  /** Whether a problem the checker found is this case. */
  matches(problem: SpecProblem): boolean;
}

export const trafficCases: readonly TrafficCase[] = [
  {
    name: "responses-output-text-logprobs",
    api: "openai-responses",
    why: "an assistant message replayed as input carries output_text parts without logprobs (OpenAI's OutputTextContent requires logprobs and annotations); pydantic-ai sends them so and the API takes them",
    matches: (problem) =>
      /^\/input\/\d+\/content\/\d+$/.test(problem.path) && problem.message === "must have required property 'logprobs'",
  },
  {
    name: "responses-function-call-status-null",
    api: "openai-responses",
    why: "a replayed function_call item has status: null (the specification's status is a string: in_progress, completed or incomplete)",
    matches: (problem) => /^\/input\/\d+\/status$/.test(problem.path) && problem.message === "must be string",
  },
  {
    name: "bedrock-tool-use-id-pattern",
    api: "bedrock-converse",
    why: "a model on Bedrock (Moonshot Kimi) issues tool-use ids such as functions.get_weather:0, and the client sends them back; Bedrock's ToolUseId pattern is ^[a-zA-Z0-9_-]+$",
    matches: (problem) => problem.rule.endsWith("ToolUseId/pattern"),
  },
];

/** The traffic case a payload's problems are, when one of them is one; undefined when none explains them. */
export function trafficCaseOf(api: CheckedApi, problems: readonly SpecProblem[]): TrafficCase | undefined {
  return trafficCases.find((known) => known.api === api && problems.some((problem) => known.matches(problem)));
}
