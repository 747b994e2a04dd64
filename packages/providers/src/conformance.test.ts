/**
 * Conformance: every request the converters write validates against the provider's own published specification
 * (OpenAI's and Mistral's OpenAPI descriptions, Bedrock Runtime's Smithy model; tools/specs).
 *
 * Every real recorded request of the seven APIs is read with its own converter and written as a request of OpenAI
 * Chat, OpenAI Responses, Mistral and Bedrock Converse under each foreign-reasoning policy. What is written must
 * validate. The one exception is a recorded request written back to its own API: it comes back exactly as it was
 * recorded (the round-trip promise), so when the recording itself is outside the specification (a case listed in
 * tools/specs/src/traffic.ts, where the specification is stricter than the traffic the API took), the request
 * written equals the recording and its problems are exactly that case's. Property-generated documents are checked
 * in each target's property test (1,000 runs each).
 */
import { isDeepStrictEqual } from "node:util";
import type { Tolerant } from "@agent-transcript/core";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { checkAgainstSpec, isNewerThanModel } from "@agent-transcript/specs/checker";
import { trafficCaseOf } from "@agent-transcript/specs/traffic";
import { describe, expect, it } from "vitest";
import type { FromCanonicalOptions } from "./conversion/index.js";
import { checkedApis, specProblems, type CheckedApi } from "./conformance.test.helpers.js";
import { providerConverters, type ProviderFormatId } from "./registry.js";

const policies: ReadonlyArray<FromCanonicalOptions> = [{}, { foreignReasoning: "text" }, { foreignReasoning: "keep" }];

const requests = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter(
    (payload): payload is Extract<Payload, { kind: "request" }> & { api: ProviderFormatId } =>
      payload.kind === "request" && Object.hasOwn(providerConverters, payload.api),
  );

interface Outcome {
  origin: string;
  from: ProviderFormatId;
  to: CheckedApi;
  /** The written request, or undefined when there was nothing to send (the conversion failed with its errors). */
  written: unknown;
  problems: string[];
  /** Where the conversion failed, when it did. */
  errorPaths: string[];
  /** The recording's own case, when the request is a recorded one written back exactly. */
  recordedCase?: string;
}

function convertAll(): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const payload of requests) {
    const imported = providerConverters[payload.api].requestToCanonical(payload.value);
    if (!imported.ok) throw new Error(`${payload.origin} does not read: ${JSON.stringify(imported.errors)}`);
    const document: Tolerant.Transcript = imported.document;
    for (const to of checkedApis)
      for (const options of policies) {
        const result = providerConverters[to].requestFromCanonical(document, options);
        const outcome: Outcome = {
          origin: payload.origin,
          from: payload.api,
          to,
          written: undefined,
          problems: [],
          errorPaths: result.ok ? [] : result.errors.map((error) => error.path),
        };
        if (result.ok) {
          outcome.written = result.value;
          outcome.problems = specProblems(to, result.value);
          if (outcome.problems.length > 0 && payload.api === to && isDeepStrictEqual(result.value, payload.value)) {
            const problems = checkAgainstSpec(to, "request", result.value).filter(
              (problem) => !isNewerThanModel(to, problem),
            );
            outcome.recordedCase = trafficCaseOf(to, problems)?.name;
          }
        }
        outcomes.push(outcome);
      }
  }
  return outcomes;
}

let cached: Outcome[] | undefined;
const outcomes = (): Outcome[] => (cached ??= convertAll());

describe("every real recorded request → OpenAI Chat, OpenAI Responses, Mistral, Bedrock Converse", () => {
  it("reads every recorded request of the seven APIs", () => {
    expect(new Set(requests.map((payload) => payload.api)).size).toBe(7);
    expect(requests.length).toBe(384);
  });

  it.each(checkedApis)("→ %s: every request written validates against the published specification", (to) => {
    const mine = outcomes().filter((outcome) => outcome.to === to && outcome.written !== undefined);
    expect(mine.length).toBeGreaterThan(1000);
    const invalid = mine
      .filter((outcome) => outcome.problems.length > 0 && outcome.recordedCase === undefined)
      .map((outcome) => `${outcome.from} ${outcome.origin}\n  ${outcome.problems.join("\n  ")}`);
    expect(invalid).toEqual([]);
  });

  it("writes a recorded request outside its specification back only as it was recorded, for a listed reason", () => {
    const recorded = outcomes().filter((outcome) => outcome.recordedCase !== undefined);
    const perCase: Record<string, number> = {};
    for (const outcome of recorded)
      perCase[`${outcome.to} ${outcome.recordedCase}`] = (perCase[`${outcome.to} ${outcome.recordedCase}`] ?? 0) + 1;
    // Each recorded request under three policies.
    expect(perCase).toEqual({
      "openai-responses responses-output-text-logprobs": 8 * 3,
      "openai-responses responses-function-call-status-null": 1 * 3,
      "bedrock-converse bedrock-tool-use-id-pattern": 1 * 3,
    });
  });

  it("fails only where there is nothing to send (no message the target can carry), as the all-pairs test says", () => {
    const failed = outcomes().filter((outcome) => outcome.written === undefined);
    expect([...new Set(failed.flatMap((outcome) => outcome.errorPaths))]).toEqual(["/messages"]);
    const perTarget = Object.fromEntries(
      checkedApis.map((to) => [to, failed.filter((outcome) => outcome.to === to).length]),
    );
    // Three recorded requests with no message part Bedrock can carry, under three policies.
    expect(perTarget).toEqual({ "openai-chat": 0, "openai-responses": 0, mistral: 0, "bedrock-converse": 9 });
  });
});
