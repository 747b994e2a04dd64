import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { describe, expect, it } from "vitest";
import { checkAgainstSpec, checkedShapes, describeProblems, type CheckedApi } from "./checker.js";
import { trafficCaseOf, trafficCases } from "./traffic.js";

const apis = Object.keys(checkedShapes) as CheckedApi[];
const requests = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter(
    (payload): payload is Extract<Payload, { kind: "request" }> & { api: CheckedApi } =>
      payload.kind === "request" && (apis as string[]).includes(payload.api),
  );

describe("recorded requests against the published specifications", () => {
  it("reads the recorded requests of the four APIs", () => {
    const counts = Object.fromEntries(
      apis.map((api) => [api, requests.filter((payload) => payload.api === api).length]),
    );
    expect(counts).toEqual({ "openai-chat": 57, "openai-responses": 82, mistral: 11, "bedrock-converse": 53 });
  });

  it("conform, but for the listed cases where the specification is stricter than the traffic", () => {
    const unexplained: string[] = [];
    const perCase = new Map<string, number>();
    for (const payload of requests) {
      const problems = checkAgainstSpec(payload.api, "request", payload.value);
      if (problems.length === 0) continue;
      const known = trafficCaseOf(payload.api, problems);
      if (known === undefined) unexplained.push(`${payload.origin}\n  ${describeProblems(problems).join("\n  ")}`);
      else perCase.set(known.name, (perCase.get(known.name) ?? 0) + 1);
    }
    expect(unexplained).toEqual([]);
    expect(Object.fromEntries(trafficCases.map((known) => [known.name, perCase.get(known.name) ?? 0]))).toEqual({
      "responses-output-text-logprobs": 8,
      "responses-function-call-status-null": 1,
      "bedrock-tool-use-id-pattern": 1,
    });
  });

  it("finds what a converter could get wrong: a change to a conforming request is caught", () => {
    const chat = requests.find((payload) => payload.api === "openai-chat") as (typeof requests)[number];
    expect(checkAgainstSpec("openai-chat", "request", chat.value)).toEqual([]);
    const broken = { ...(chat.value as object), messages: [{ role: "tool", tool_call_id: "call_1", content: [] }] };
    expect(describeProblems(checkAgainstSpec("openai-chat", "request", broken))).toContain(
      "/messages/0/content: must NOT have fewer than 1 items [#/properties/content/anyOf/1/minItems]",
    );
  });
});
