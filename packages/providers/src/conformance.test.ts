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

describe("every real recorded response and stream, as a history → the four targets", () => {
  /** A response or stream read as a one-message history, written as a request (the next turn's history). */
  const sources = loadRealFixtures()
    .flatMap((file) => file.payloads)
    .filter(
      (payload): payload is Extract<Payload, { kind: "response" | "stream" }> & { api: ProviderFormatId } =>
        (payload.kind === "response" || payload.kind === "stream") && Object.hasOwn(providerConverters, payload.api),
    )
    .map((payload) => {
      const converter = providerConverters[payload.api];
      const imported =
        payload.kind === "response"
          ? converter.responseToCanonical(payload.value)
          : converter.streamToCanonical(payload.chunks);
      if (!imported.ok) throw new Error(`${payload.origin} does not read: ${JSON.stringify(imported.errors)}`);
      return { origin: payload.origin, from: payload.api, document: imported.document };
    });

  const invalid = (sameApi: boolean): string[] => {
    const found: string[] = [];
    for (const source of sources)
      for (const to of checkedApis) {
        if ((source.from === to) !== sameApi) continue;
        for (const options of sameApi ? [{}] : policies) {
          const result = providerConverters[to].requestFromCanonical(source.document, options);
          if (!result.ok) continue;
          const problems = specProblems(to, result.value);
          if (problems.length > 0) found.push(`${source.from} → ${to} ${source.origin}: ${problems[0] ?? ""}`);
        }
      }
    return found;
  };

  it("writes a request every other API's specification accepts", () => {
    expect(sources.length).toBe(500);
    expect(invalid(false)).toEqual([]);
  });

  it("replays a response's own recorded shapes to its own API, outside the specification only where they are", () => {
    // A response's output items go back as the next request's input as they were recorded: OpenAI output_text
    // without logprobs, web_search_call items without their action; Bedrock toolUse types and content-block fields
    // the stored model predates, and a Moonshot tool-use id.
    expect(invalid(true).length).toBe(13);
  });
});

/**
 * `checkRequest` (each target's structural check, shipped) and the published specification agree on what a request
 * may look like: each rule is here with a request that breaks only it.
 * - `shape`: a rule of the request's shape; both refuse the request.
 * - `behaviour`: a rule of how the API behaves that no specification states (pairing, ordering, alternation, id
 *   lengths the service enforces); `checkRequest` refuses, the specification accepts.
 * - `traffic`: a rule the specification states that recorded traffic breaks and the API takes (tools/specs
 *   traffic.ts); the specification refuses, `checkRequest` accepts (it checks what the API enforces, and every
 *   recorded request must pass it). The converters still write what the specification says.
 */
interface Rule {
  api: CheckedApi;
  kind: "shape" | "behaviour" | "traffic";
  rule: string;
  request: Record<string, unknown>;
}

const chat = (messages: unknown[], extra: Record<string, unknown> = {}) => ({ model: "gpt-5", messages, ...extra });
const responses = (input: unknown[], extra: Record<string, unknown> = {}) => ({ model: "gpt-5", input, ...extra });
const mistral = (messages: unknown[]) => ({ model: "mistral-large-latest", messages });
const bedrock = (messages: unknown[], extra: Record<string, unknown> = {}) => ({ messages, ...extra });
const chatCall = (id: string) => ({ id, type: "function", function: { name: "f", arguments: "{}" } });
const bedrockTools = {
  toolConfig: { tools: [{ toolSpec: { name: "f", inputSchema: { json: { type: "object" } } } }] },
};
const longId = `call_${"x".repeat(70)}`;

const rules: readonly Rule[] = [
  {
    api: "openai-chat",
    kind: "shape",
    rule: "a message role Chat knows",
    request: chat([{ role: "bot", content: "x" }]),
  },
  {
    api: "openai-chat",
    kind: "shape",
    rule: "a tool message names the call it answers",
    request: chat([
      { role: "assistant", tool_calls: [chatCall("call_1")] },
      { role: "tool", content: "x" },
    ]),
  },
  {
    api: "openai-chat",
    kind: "shape",
    rule: "a tool message's content is a string or a non-empty list",
    request: chat([
      { role: "assistant", tool_calls: [chatCall("call_1")] },
      { role: "tool", tool_call_id: "call_1", content: [] },
    ]),
  },
  {
    api: "openai-chat",
    kind: "shape",
    rule: "tool call arguments are JSON text",
    request: chat([
      { role: "assistant", tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: {} } }] },
    ]),
  },
  {
    api: "openai-chat",
    kind: "behaviour",
    rule: "every tool call is answered right after its assistant message",
    request: chat([
      { role: "assistant", tool_calls: [chatCall("call_1")] },
      { role: "user", content: "x" },
    ]),
  },
  {
    api: "openai-chat",
    kind: "behaviour",
    rule: "a tool call id is 1 to 64 characters",
    request: chat([
      { role: "assistant", tool_calls: [chatCall(longId)] },
      { role: "tool", tool_call_id: longId, content: "x" },
    ]),
  },
  {
    api: "openai-responses",
    kind: "shape",
    rule: "a message role Responses knows",
    request: responses([{ role: "tool", content: "x" }]),
  },
  {
    api: "openai-responses",
    kind: "shape",
    rule: "a message's content is text, images and files (no input_audio)",
    request: responses([
      { role: "user", content: [{ type: "input_audio", input_audio: { data: "AAAA", format: "mp3" } }] },
    ]),
  },
  {
    api: "openai-responses",
    kind: "behaviour",
    rule: "a reasoning item is followed by the output it belongs to",
    request: responses([
      { role: "user", content: "x" },
      { type: "reasoning", id: "rs_1", summary: [] },
    ]),
  },
  {
    api: "openai-responses",
    kind: "behaviour",
    rule: "a result answers an earlier call",
    request: responses([{ type: "function_call_output", call_id: "call_1", output: "x" }]),
  },
  {
    api: "openai-responses",
    kind: "shape",
    rule: "a result's call id is 1 to 64 characters",
    request: responses([
      { type: "function_call", call_id: longId, name: "f", arguments: "{}" },
      { type: "function_call_output", call_id: longId, output: "x" },
    ]),
  },
  {
    api: "openai-responses",
    kind: "traffic",
    rule: "a function tool states strict",
    request: responses([{ role: "user", content: "x" }], { tools: [{ type: "function", name: "f", parameters: {} }] }),
  },
  {
    api: "openai-responses",
    kind: "traffic",
    rule: "an input image states its detail",
    request: responses([{ role: "user", content: [{ type: "input_image", image_url: "https://example.com/a.png" }] }]),
  },
  {
    api: "openai-responses",
    kind: "traffic",
    rule: "a function_call item's status is a string",
    request: responses([
      { type: "function_call", call_id: "call_1", name: "f", arguments: "{}", status: null },
      { type: "function_call_output", call_id: "call_1", output: "x" },
    ]),
  },
  {
    api: "openai-responses",
    kind: "traffic",
    rule: "a replayed output_text part carries logprobs",
    request: responses([
      {
        type: "message",
        role: "assistant",
        id: "msg_1",
        status: "completed",
        content: [{ type: "output_text", text: "a", annotations: [] }],
      },
    ]),
  },
  {
    api: "mistral",
    kind: "shape",
    rule: "a message role Mistral knows",
    request: mistral([{ role: "bot", content: "x" }]),
  },
  {
    api: "mistral",
    kind: "behaviour",
    rule: "the last message is a user or tool message, or an assistant prefix",
    request: mistral([
      { role: "user", content: "x" },
      { role: "assistant", content: "y" },
    ]),
  },
  {
    api: "mistral",
    kind: "behaviour",
    rule: "a tool call id is nine letters and digits",
    request: mistral([
      { role: "user", content: "x" },
      { role: "assistant", tool_calls: [{ id: "call_1", function: { name: "f", arguments: "{}" } }] },
      { role: "tool", tool_call_id: "call_1", content: "x" },
    ]),
  },
  {
    api: "bedrock-converse",
    kind: "shape",
    rule: "a role is user or assistant",
    request: bedrock([{ role: "system", content: [{ text: "x" }] }]),
  },
  {
    api: "bedrock-converse",
    kind: "shape",
    rule: "a content block holds exactly one member",
    request: bedrock([{ role: "user", content: [{ text: "x", image: { format: "png", source: { bytes: "AAAA" } } }] }]),
  },
  {
    api: "bedrock-converse",
    kind: "shape",
    rule: "a tool name matches [a-zA-Z0-9_-]+",
    request: bedrock([{ role: "user", content: [{ text: "x" }] }], {
      toolConfig: { tools: [{ toolSpec: { name: "get weather", inputSchema: { json: {} } } }] },
    }),
  },
  {
    api: "bedrock-converse",
    kind: "shape",
    rule: "a tool description is not empty",
    request: bedrock([{ role: "user", content: [{ text: "x" }] }], {
      toolConfig: { tools: [{ toolSpec: { name: "f", description: "", inputSchema: { json: {} } } }] },
    }),
  },
  {
    api: "bedrock-converse",
    kind: "shape",
    rule: "a toolSpec has an input schema",
    request: bedrock([{ role: "user", content: [{ text: "x" }] }], {
      toolConfig: { tools: [{ toolSpec: { name: "f" } }] },
    }),
  },
  {
    api: "bedrock-converse",
    kind: "behaviour",
    rule: "the first message is a user message",
    request: bedrock([{ role: "assistant", content: [{ text: "x" }] }]),
  },
  {
    api: "bedrock-converse",
    kind: "behaviour",
    rule: "roles alternate",
    request: bedrock([
      { role: "user", content: [{ text: "x" }] },
      { role: "user", content: [{ text: "y" }] },
    ]),
  },
  {
    api: "bedrock-converse",
    kind: "behaviour",
    rule: "a text block is not blank",
    request: bedrock([{ role: "user", content: [{ text: " " }] }]),
  },
  {
    api: "bedrock-converse",
    kind: "behaviour",
    rule: "a toolUse is answered in the next user message",
    request: bedrock(
      [
        { role: "user", content: [{ text: "x" }] },
        { role: "assistant", content: [{ toolUse: { toolUseId: "t1", name: "f", input: {} } }] },
        { role: "user", content: [{ text: "y" }] },
      ],
      bedrockTools,
    ),
  },
  {
    api: "bedrock-converse",
    kind: "traffic",
    rule: "a tool-use id matches [a-zA-Z0-9_-]+",
    request: bedrock(
      [
        { role: "user", content: [{ text: "x" }] },
        { role: "assistant", content: [{ toolUse: { toolUseId: "functions.f:0", name: "f", input: {} } }] },
        { role: "user", content: [{ toolResult: { toolUseId: "functions.f:0", content: [{ text: "y" }] } }] },
      ],
      bedrockTools,
    ),
  },
];

describe("checkRequest and the published specification agree", () => {
  it.each(rules.map((rule) => [`${rule.api} ${rule.kind}: ${rule.rule}`, rule] as const))("%s", (_name, rule) => {
    const checked = providerConverters[rule.api].checkRequest(rule.request as never).length > 0;
    const specified = specProblems(rule.api, rule.request).length > 0;
    expect({ checkRequest: checked, specification: specified }).toEqual({
      checkRequest: rule.kind !== "traffic",
      specification: rule.kind !== "behaviour",
    });
  });

  it("covers each target, and its base request passes both", () => {
    const bases: Record<CheckedApi, unknown> = {
      "openai-chat": chat([{ role: "user", content: "hi" }]),
      "openai-responses": responses([{ role: "user", content: "hi" }]),
      mistral: mistral([{ role: "user", content: "hi" }]),
      "bedrock-converse": bedrock([{ role: "user", content: [{ text: "hi" }] }]),
    };
    for (const api of checkedApis) {
      expect(providerConverters[api].checkRequest(bases[api] as never)).toEqual([]);
      expect(specProblems(api, bases[api])).toEqual([]);
      expect(rules.filter((rule) => rule.api === api && rule.kind === "shape").length).toBeGreaterThan(0);
    }
  });
});
