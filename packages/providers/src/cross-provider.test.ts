/**
 * canonical → any target yields a payload the target accepts, with zero silent drops.
 *
 * Every real recorded request, response and stream of the seven APIs is converted to canonical with
 * its own format (a response or stream becomes a one-message history), then to a request of every other target,
 * with the default options and with `foreignReasoning: "text"` and `"keep"`. Each conversion must succeed (or fail
 * for a listed reason), the target's `checkRequest` must find no problem, every part of the document must be in
 * the payload or named by a warning, and so must every request setting the document keeps for its source: carried to
 * the target's equivalent field, or named (see cross-provider.test.helpers.ts). Every document is also exported to the
 * OpenAF portable format under the same drop check, and the OpenAF example conversation is a source of its own.
 *
 * What the matrix finds that the converters do not handle yet is listed in `knownProblems`, each with why and how
 * many source documents it affects: an unlisted problem fails the test, and so does a listed one that no longer
 * occurs as often (fixing a converter means shrinking the list).
 */
import { readFileSync } from "node:fs";
import type { Tolerant } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { settingsSilentDrops, silentDrops } from "./cross-provider.test.helpers.js";
import type { ForeignReasoningPolicy, FromCanonicalResult, FromCanonicalOptions } from "./conversion/index.js";
import { portableConverter, type AnyProviderConverter } from "./index.js";
import { providerConverters as targets, type ProviderFormatId } from "./registry.js";
import { requestSettingsTables, type ConversionWarning } from "./conversion/index.js";
import { loadRealFixtures, type Payload, type PayloadApi } from "@agent-transcript/fixtures/real-fixtures";

type AnyFormat = AnyProviderConverter;
type TargetId = ProviderFormatId;
const targetIds = Object.keys(targets) as TargetId[];

const policies: ReadonlyArray<{ name: string; options: FromCanonicalOptions }> = [
  { name: "default", options: {} },
  { name: "text", options: { foreignReasoning: "text" satisfies ForeignReasoningPolicy } },
  { name: "keep", options: { foreignReasoning: "keep" satisfies ForeignReasoningPolicy } },
];

interface Source {
  origin: string;
  /** The group the source is reported in: `<api> <kind>`, or `portable`. */
  group: string;
  /** The format the document came from; it is not converted back to it here (its own tests do that). */
  from: TargetId | "portable";
  document: Tolerant.Transcript;
}

interface Issue {
  origin: string;
  target: TargetId | "portable";
  policy: string;
  kind: "conversion-failed" | "target-rejects" | "silent-drop" | "setting-dropped";
  path: string;
  detail: string;
  /** The conversion's warnings. */
  warnings: readonly ConversionWarning[];
}

const describeIssue = (issue: Issue): string =>
  `${issue.origin} → ${issue.target} [${issue.policy}] ${issue.kind} at ${issue.path}: ${issue.detail}`;

const turnRoles = new Set(["user", "assistant", "tool"]);

/**
 * Whether the target had nothing to send: every part of every user, assistant and tool message is named by a loss
 * warning of the failed conversion (or there is no such part at all).
 */
function nothingToSend(document: Tolerant.Transcript, warnings: readonly ConversionWarning[]): boolean {
  const { drops } = silentDrops(document, {}, warnings);
  return drops.every((drop) => {
    const message = document.messages[Number(/^\/messages\/(\d+)/.exec(drop.path)?.[1] ?? -1)];
    return message === undefined || !turnRoles.has(message.role);
  });
}

/**
 * What the matrix finds and a converter does not handle yet (or cannot: a request needs a message), each with why.
 * `documents` is how many source documents it affects; the test fails when that changes either way.
 */
interface KnownProblem {
  target: TargetId | "portable";
  kind: Issue["kind"];
  why: string;
  matches(issue: Issue, document: Tolerant.Transcript): boolean;
  documents: number;
}

const knownProblems: readonly KnownProblem[] = [
  {
    target: "mistral",
    kind: "conversion-failed",
    why: "not a bug: nothing to send. No user, assistant or tool message has a part Mistral can carry (a response of only foreign reasoning, a Responses request with only instructions); a Mistral request needs a message",
    matches: (issue, document) => issue.path === "/messages" && nothingToSend(document, issue.warnings),
    documents: 20,
  },
  {
    target: "anthropic",
    kind: "conversion-failed",
    why: "not a bug: nothing to send. No user, assistant or tool message has a part Anthropic can carry (a Responses request with only instructions, a response of only MCP approval requests); an Anthropic request needs a message",
    matches: (issue, document) => issue.path === "/messages" && nothingToSend(document, issue.warnings),
    documents: 8,
  },
  {
    target: "bedrock-converse",
    kind: "conversion-failed",
    why: "not a bug: nothing to send. No user, assistant or tool message has a part Bedrock Converse can carry (only instructions, or only another provider's server-side calls); a Converse request needs a message",
    matches: (issue, document) => issue.path === "/messages" && nothingToSend(document, issue.warnings),
    documents: 8,
  },
  {
    target: "gemini",
    kind: "conversion-failed",
    why: "not a bug: nothing to send. No user, assistant or tool message has a part Gemini can carry (only instructions, or only server-side or built-in calls); a Gemini request needs at least one Content",
    matches: (issue, document) => issue.path === "/messages" && nothingToSend(document, issue.warnings),
    documents: 17,
  },
];

function issuesOf(
  source: Source,
  target: TargetId | "portable",
  policy: string,
  result: FromCanonicalResult<unknown>,
  check: (native: unknown) => Array<{ path: string; message: string }>,
): Issue[] {
  const base = { origin: source.origin, target, policy, warnings: result.warnings };
  if (!result.ok)
    return result.errors.map((error) => ({
      ...base,
      kind: "conversion-failed",
      path: error.path,
      detail: error.message,
    }));
  const issues: Issue[] = check(result.value).map((problem) => ({
    ...base,
    kind: "target-rejects",
    path: problem.path,
    detail: problem.message,
  }));
  const { drops } = silentDrops(source.document, result.value, result.warnings);
  for (const drop of drops)
    issues.push({
      ...base,
      kind: "silent-drop",
      path: drop.path,
      detail: `a ${drop.type} part is not in the payload (missing ${JSON.stringify(drop.missing).slice(0, 120)}) and no warning names it`,
    });
  if (target !== "portable")
    for (const drop of settingsSilentDrops(source.document, target, result.value, result.warnings))
      issues.push({
        ...base,
        kind: "setting-dropped",
        path: drop.path,
        detail: `${drop.type} (${JSON.stringify(drop.missing).slice(0, 120)}) is neither in the request nor named by a warning`,
      });
  return issues;
}

/** Every conversion of one source: to each other target under each policy, and to the portable format. */
function convertEverywhere(source: Source): { issues: Issue[]; conversions: number; warnings: ConversionWarning[] } {
  const issues: Issue[] = [];
  const warnings: ConversionWarning[] = [];
  let conversions = 0;
  for (const id of targetIds) {
    if (id === source.from) continue;
    const target = targets[id];
    for (const policy of policies) {
      conversions += 1;
      const result = target.requestFromCanonical(source.document, policy.options);
      warnings.push(...result.warnings);
      issues.push(...issuesOf(source, id, policy.name, result, (native) => target.checkRequest(native)));
    }
  }
  if (source.from !== "portable") {
    conversions += 1;
    const portable = portableConverter.fromCanonical(source.document);
    issues.push(...issuesOf(source, "portable", "default", portable, () => []));
  }
  return { issues, conversions, warnings };
}

// ─── Sources ─────────────────────────────────────────────────────────────────────────────────────────────────────

const payloads: Payload[] = loadRealFixtures().flatMap((file) => file.payloads);
const isTarget = (api: PayloadApi): api is TargetId => Object.hasOwn(targets, api);

function importPayload(payload: Payload & { api: TargetId }): ReturnType<AnyFormat["requestToCanonical"]> {
  const format = targets[payload.api];
  if (payload.kind === "request") return format.requestToCanonical(payload.value);
  if (payload.kind === "response") return format.responseToCanonical(payload.value);
  if (payload.kind === "stream") return format.streamToCanonical(payload.chunks);
  throw new Error(`${payload.origin}: an error body is no document`);
}

const importFailures: string[] = [];
const sources: Source[] = [];
for (const payload of payloads) {
  if (!isTarget(payload.api) || payload.kind === "error") continue;
  const imported = importPayload(payload as Payload & { api: TargetId });
  if (!imported.ok) {
    importFailures.push(`${payload.origin}: ${JSON.stringify(imported.errors)}`);
    continue;
  }
  sources.push({
    origin: payload.origin,
    group: `${payload.api} ${payload.kind}`,
    from: payload.api,
    document: imported.document,
  });
}
const portableExample = portableConverter.toCanonical(
  JSON.parse(
    readFileSync(new URL("./formats/portable/fixtures/lisbon-conversation.json", import.meta.url), "utf8"),
  ) as unknown,
);
if (portableExample.ok)
  sources.push({
    origin: "formats/portable/fixtures/lisbon-conversation.json",
    group: "portable",
    from: "portable",
    document: portableExample.document,
  });

const groups = [...new Set(sources.map((source) => source.group))];

type Found = Issue & { group: string; document: Tolerant.Transcript };

let matrix: { issues: Found[]; conversions: number } | undefined;
function runMatrix(): NonNullable<typeof matrix> {
  if (matrix !== undefined) return matrix;
  const issues: Found[] = [];
  let conversions = 0;
  for (const source of sources) {
    const result = convertEverywhere(source);
    conversions += result.conversions;
    issues.push(...result.issues.map((issue) => ({ ...issue, group: source.group, document: source.document })));
  }
  matrix = { issues, conversions };
  return matrix;
}

const knownFor = (issue: Issue, document: Tolerant.Transcript): KnownProblem | undefined =>
  knownProblems.find(
    (known) => known.target === issue.target && known.kind === issue.kind && known.matches(issue, document),
  );

// ─── Tests ───────────────────────────────────────────────────────────────────────────────────────────────────────

describe("every real fixture → every other target", () => {
  it("takes every request, response and stream of the seven APIs: every recorded API has a converter", () => {
    const byApi = (api: PayloadApi) => payloads.filter((payload) => payload.api === api);
    expect(new Set(payloads.map((payload) => payload.api))).toEqual(new Set(targetIds));
    expect(byApi("bedrock-converse").length).toBe(119);
    expect(importFailures).toEqual([]);
    const counts = Object.fromEntries(
      groups.map((group) => [group, sources.filter((source) => source.group === group).length]),
    );
    expect(counts).toEqual({
      "anthropic request": 92,
      "anthropic response": 105,
      "anthropic stream": 32,
      "openai-chat request": 57,
      "openai-chat response": 52,
      "openai-chat stream": 5,
      "openai-responses request": 82,
      "openai-responses response": 88,
      "openai-responses stream": 40,
      "gemini request": 82,
      "gemini response": 75,
      "gemini stream": 16,
      "ollama request": 7,
      "ollama response": 5,
      "ollama stream": 1,
      "bedrock-converse request": 53,
      "bedrock-converse response": 51,
      "bedrock-converse stream": 14,
      "mistral request": 11,
      "mistral response": 12,
      "mistral stream": 4,
      portable: 1,
    });
    // Each document goes to the six other targets under three policies, and to the portable format.
    expect(runMatrix().conversions).toBe(
      (sources.length - 1) * ((targetIds.length - 1) * 3 + 1) + targetIds.length * 3,
    );
  });

  it.each(groups)("%s: converts, is accepted and drops nothing silently", (group) => {
    const issues = runMatrix().issues.filter((issue) => issue.group === group);
    const unexpected = issues.filter((issue) => knownFor(issue, issue.document) === undefined).map(describeIssue);
    expect(unexpected).toEqual([]);
  });

  it("lists only problems that still occur, each for as many documents as it says", () => {
    const affected = knownProblems.map((known) => {
      const origins = new Set(
        runMatrix()
          .issues.filter((issue) => knownFor(issue, issue.document) === known)
          .map((issue) => issue.origin),
      );
      return `${known.target} ${known.kind}: ${origins.size} (${known.why.slice(0, 60)}…)`;
    });
    expect(affected).toEqual(
      knownProblems.map((known) => `${known.target} ${known.kind}: ${known.documents} (${known.why.slice(0, 60)}…)`),
    );
  });
});

// ─── The drop check itself ───────────────────────────────────────────────────────────────────────────────────────

describe("the silent-drop check", () => {
  const lisbon = sources.find((source) => source.group === "portable") as Source;
  type AnthropicRequest = {
    messages: Array<{ role: string; content: string | Array<{ type: string; id?: string; tool_use_id?: string }> }>;
  };

  /** Anthropic, but `lose` edits the request after conversion and `warn` adds warnings: a converter that loses things. */
  function lossyTarget(
    lose: (request: AnthropicRequest) => void,
    warn: (document: Tolerant.Transcript) => ConversionWarning[] = () => [],
  ): AnyFormat {
    return {
      ...targets.anthropic,
      requestFromCanonical(document, options) {
        const result = targets.anthropic.requestFromCanonical(document, options);
        if (!result.ok) return result;
        const request = structuredClone(result.value) as AnthropicRequest;
        lose(request);
        return { ok: true, value: request, warnings: [...result.warnings, ...warn(document as Tolerant.Transcript)] };
      },
    };
  }

  function drops(target: AnyFormat): string[] {
    const result = target.requestFromCanonical(lisbon.document, {});
    return issuesOf(lisbon, "anthropic", "default", result, () => []).map((issue) => `${issue.kind} ${issue.path}`);
  }

  it("finds nothing missing in what the real converter writes", () => {
    expect(drops(targets.anthropic)).toEqual([]);
    expect(lisbon.document.messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
  });

  it("catches a message left out without a warning", () => {
    const target = lossyTarget((request) => {
      request.messages.pop();
    });
    expect(drops(target)).toEqual(["silent-drop /messages/8/parts/0"]);
  });

  it("catches a tool call and its result left out without a warning", () => {
    const target = lossyTarget((request) => {
      for (const message of request.messages) {
        if (Array.isArray(message.content))
          message.content = message.content.filter(
            (block) => block.id !== "call_Lp4sN8rT2vX6zB0d" && block.tool_use_id !== "call_Lp4sN8rT2vX6zB0d",
          );
      }
    });
    expect(drops(target)).toEqual(["silent-drop /messages/6/parts/0", "silent-drop /messages/7/parts/0"]);
  });

  it("catches an id renamed without a warning, and accepts it renamed with one", () => {
    const rename = (request: AnthropicRequest) => {
      for (const message of request.messages) {
        if (!Array.isArray(message.content)) continue;
        for (const block of message.content) {
          if (block.id === "call_Qm3r8Xk2PzL1aB4c") block.id = "toolu_renamed";
          if (block.tool_use_id === "call_Qm3r8Xk2PzL1aB4c") block.tool_use_id = "toolu_renamed";
        }
      }
    };
    expect(drops(lossyTarget(rename))).toEqual(["silent-drop /messages/2/parts/0", "silent-drop /messages/3/parts/0"]);
    const reported = lossyTarget(rename, () => [
      {
        code: "id-remapped",
        path: "/messages/2/parts/0/id",
        message: "tool-call id call_Qm3r8Xk2PzL1aB4c sent as toolu_renamed",
      },
    ]);
    expect(drops(reported)).toEqual([]);
  });

  it("accepts a loss named by a warning at the part or its message, and no wider one", () => {
    const lose = (request: AnthropicRequest) => {
      request.messages.pop();
    };
    const at = (path: string, code: ConversionWarning["code"] = "part-dropped") =>
      lossyTarget(lose, () => [{ code, path, message: "left out" }]);
    expect(drops(at("/messages/8/parts/0"))).toEqual([]);
    expect(drops(at("/messages/8"))).toEqual([]);
    // A document-wide warning, a warning on another message and a warning that is no loss cover nothing.
    expect(drops(at(""))).toEqual(["silent-drop /messages/8/parts/0"]);
    expect(drops(at("/messages"))).toEqual(["silent-drop /messages/8/parts/0"]);
    expect(drops(at("/messages/7"))).toEqual(["silent-drop /messages/8/parts/0"]);
    expect(drops(at("/messages/8/parts/0", "order-changed"))).toEqual(["silent-drop /messages/8/parts/0"]);
  });
});

// ─── Chat ↔ Responses: each keeps its own fields ─────────────────────────────────────────────────────────────────

describe("OpenAI Chat and Responses documents exported to the other API", () => {
  const openaiKeys = (document: Tolerant.Transcript): string[] => {
    const found: string[] = [];
    const visit = (value: unknown, path: string): void => {
      if (Array.isArray(value)) value.forEach((item, index) => visit(item, `${path}/${index}`));
      else if (typeof value === "object" && value !== null) {
        for (const [key, item] of Object.entries(value)) {
          if (key === "provider_fields" && typeof item === "object" && item !== null && "openai" in item) {
            for (const field of Object.keys((item as { openai: object }).openai))
              found.push(`${path}/provider_fields/openai/${field.replaceAll("~", "~0").replaceAll("/", "~1")}`);
          } else if (!["input", "output", "data", "input_schema", "raw", "provider_fields"].includes(key))
            visit(item, `${path}/${key}`);
        }
      }
    };
    visit(document, "");
    return found;
  };

  const pairs = [
    {
      from: "openai-chat",
      to: "openai-responses",
      writes: ["input", "instructions", "tools", "tool_choice", "parallel_tool_calls"],
    },
    {
      from: "openai-responses",
      to: "openai-chat",
      writes: ["messages", "model", "tools", "tool_choice", "parallel_tool_calls"],
    },
  ] as const;

  // The request settings (document-level fields) are carried to their equivalents or reported; every other field
  // (of a message, part, tool or tool choice) is the other API's alone and reported.
  it.each(pairs)(
    "every $from document → $to carries its settings and none of its other fields, each reported",
    ({ from, to, writes }) => {
      const problems: string[] = [];
      // The report check holds trivially for documents without OpenAI fields: count the fields it checks.
      let fieldsChecked = 0;
      const own = sources.filter((source) => source.from === from);
      expect(own.length).toBeGreaterThan(100);
      // What the target's settings table writes at the top of a request is the target's own field, not a leak.
      const settingFields = requestSettingsTables[to].fields.flatMap((field) =>
        field.write === undefined ? [] : [field.path[0]],
      );
      for (const source of own) {
        for (const policy of policies) {
          const result = targets[to].requestFromCanonical(source.document, policy.options);
          if (!result.ok) {
            problems.push(`${source.origin} [${policy.name}]: ${JSON.stringify(result.errors)}`);
            continue;
          }
          const reported = new Set(
            result.warnings.filter((warning) => warning.code === "field-dropped").map((warning) => warning.path),
          );
          const fields = openaiKeys(source.document);
          fieldsChecked += fields.length;
          for (const path of fields)
            if (!path.startsWith("/provider_fields/openai/") && !reported.has(path))
              problems.push(`${source.origin} [${policy.name}]: ${path} not reported`);
          for (const drop of settingsSilentDrops(source.document, to, result.value, result.warnings))
            problems.push(`${source.origin} [${policy.name}]: setting ${drop.path} neither carried nor reported`);
          const top = (source.document.provider_fields?.["openai"] ?? {}) as Record<string, unknown>;
          for (const key of Object.keys(top)) {
            if (
              !writes.includes(key as never) &&
              !settingFields.includes(key) &&
              Object.hasOwn(result.value as object, key)
            )
              problems.push(`${source.origin} [${policy.name}]: ${from} field ${key} leaked into the ${to} request`);
          }
          for (const problem of targets[to].checkRequest(result.value))
            problems.push(`${source.origin} [${policy.name}]: ${to} rejects ${problem.path}: ${problem.message}`);
        }
      }
      expect(problems).toEqual([]);
      expect(fieldsChecked).toBeGreaterThan(0);
    },
  );

  it("leaves a Chat message's name and Chat-only settings out of a Responses request", () => {
    const imported = targets["openai-chat"].requestToCanonical({
      model: "gpt-4o",
      n: 2,
      logprobs: true,
      max_tokens: 100,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", name: "alice", content: "Weather in Rome?" },
        {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } }],
        },
        { role: "tool", tool_call_id: "call_1", content: "sunny" },
      ],
    });
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    const result = targets["openai-responses"].requestFromCanonical(imported.document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    // The model and the token limit are carried (to max_output_tokens); n (2) and logprobs have no Responses field.
    expect(result.value).toEqual({
      input: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Rome?" },
        { type: "function_call", call_id: "call_1", name: "weather", arguments: '{"city":"Rome"}' },
        { type: "function_call_output", call_id: "call_1", output: "sunny" },
      ],
      model: "gpt-4o",
      max_output_tokens: 100,
    });
    expect(targets["openai-responses"].checkRequest(result.value)).toEqual([]);
    expect(
      result.warnings.filter((warning) => warning.code === "field-dropped").map((warning) => warning.path),
    ).toEqual(
      expect.arrayContaining([
        "/provider_fields/openai/n",
        "/provider_fields/openai/logprobs",
        "/messages/2/provider_fields/openai/content",
      ]),
    );
    // The name is a canonical field, which Responses has no place for either.
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ code: "field-dropped", path: "/messages/1/name" }),
    );
    // Back to Chat, its own converter, the fields are all there again.
    const chat = targets["openai-chat"].requestFromCanonical(imported.document, { strict: true });
    expect(chat.ok && (chat.value as { n?: number }).n).toBe(2);
  });

  it("leaves Responses-only settings and item fields out of a Chat request", () => {
    const imported = targets["openai-responses"].requestToCanonical({
      model: "gpt-5",
      store: false,
      include: ["reasoning.encrypted_content"],
      previous_response_id: "resp_1",
      reasoning: { effort: "low" },
      input: [
        { type: "message", id: "msg_1", role: "user", content: [{ type: "input_text", text: "Weather in Rome?" }] },
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "weather",
          arguments: '{"city":"Rome"}',
          status: "completed",
        },
        { type: "function_call_output", call_id: "call_1", output: "sunny" },
      ],
    });
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    const result = targets["openai-chat"].requestFromCanonical(imported.document);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    // The model and the reasoning effort are carried (to reasoning_effort); store, include and the previous
    // response have no Chat field.
    expect(result.value).toEqual({
      model: "gpt-5",
      reasoning_effort: "low",
      messages: [
        { role: "user", content: "Weather in Rome?" },
        {
          role: "assistant",
          tool_calls: [{ id: "call_1", type: "function", function: { name: "weather", arguments: '{"city":"Rome"}' } }],
        },
        { role: "tool", tool_call_id: "call_1", content: "sunny" },
      ],
    });
    expect(targets["openai-chat"].checkRequest(result.value)).toEqual([]);
    expect(
      result.warnings.filter((warning) => warning.code === "field-dropped").map((warning) => warning.path),
    ).toEqual(
      expect.arrayContaining([
        "/provider_fields/openai/store",
        "/provider_fields/openai/include",
        "/provider_fields/openai/previous_response_id",
        "/messages/0/provider_fields/openai/type",
        "/messages/0/provider_fields/openai/id",
        "/messages/1/parts/0/provider_fields/openai/status",
      ]),
    );
  });
});
