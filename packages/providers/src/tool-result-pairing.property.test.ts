/**
 * Tool results are matched to their calls across turns, in every target.
 *
 * Histories are generated the way real sources write them: the calls of one model turn spread over one to three
 * consecutive assistant messages (Gemini writes a model Content per call; agents split parallel calls), and their
 * results grouped differently — one tool message per result, one tool message or one user message holding all of
 * them, or split over several messages in another order — optionally followed by user text. Each history is converted
 * to a request of every provider API. The request must be accepted by the target's own structural check, no result
 * may be reported unmatched or replaced by a stated "no result was recorded", and reading the request back with the
 * target's converter must pair each call (found by its unique input) with its own result (found by its unique output),
 * and writing that back must give the same request exactly (an own round trip merges and moves nothing). OpenAI
 * Chat, OpenAI Responses, Mistral and Bedrock Converse requests must also validate against the provider's published
 * specification (tools/specs).
 */
import type { Tolerant, Transcript } from "@agent-transcript/core";
import { canonicalize, formatVersion, isPartOfType } from "@agent-transcript/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkedApis, specProblems, type CheckedApi } from "./conformance.test.helpers.js";
import { providerConverters, type ProviderFormatId } from "./registry.js";

interface Call {
  id: string;
  name: string;
  /** Unique across the history: identifies the call after any id renaming. */
  marker: string;
  /** Unique across the history: identifies the result. */
  output: string;
}

/** How one model turn's results are written. */
type Grouping = "one-tool-message-each" | "one-tool-message" | "one-user-message" | "split-and-reordered";

interface Round {
  /** Calls per assistant message of the turn (consecutive assistant messages). */
  messages: Array<{ text: string | undefined; calls: number }>;
  grouping: Grouping;
  /** For `split-and-reordered`: where the result list is cut, and whether it is reversed. */
  cut: number;
  reversed: boolean;
  followUp: string | undefined;
}

const word = fc.stringMatching(/^[a-z]{1,8}$/);
const round: fc.Arbitrary<Round> = fc.record({
  messages: fc.array(fc.record({ text: fc.option(word, { nil: undefined }), calls: fc.integer({ min: 0, max: 2 }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  grouping: fc.constantFrom<Grouping>(
    "one-tool-message-each",
    "one-tool-message",
    "one-user-message",
    "split-and-reordered",
  ),
  cut: fc.nat({ max: 5 }),
  reversed: fc.boolean(),
  followUp: fc.option(word, { nil: undefined }),
});

function resultPart(call: Call): Tolerant.ToolResultPart {
  return { type: "tool_result", call_id: call.id, name: call.name, status: "ok", output: call.output };
}

/** A history of rounds, and every call in it. */
function historyOf(rounds: readonly Round[]): { document: Transcript; calls: Call[] } {
  const messages: Tolerant.Message[] = [{ role: "user", parts: [{ type: "text", text: "Start." }] }];
  const calls: Call[] = [];
  rounds.forEach((entry, roundIndex) => {
    const roundCalls: Call[] = [];
    entry.messages.forEach((message, messageIndex) => {
      const parts: Tolerant.Part[] = [];
      if (message.text !== undefined) parts.push({ type: "text", text: message.text });
      for (let index = 0; index < message.calls; index += 1) {
        const key = `${roundIndex}x${messageIndex}x${index}`;
        const call: Call = {
          id: `call_${key}`,
          name: `tool_${messageIndex}_${index}`,
          marker: `in-${key}`,
          output: `out-${key}`,
        };
        roundCalls.push(call);
        parts.push({ type: "tool_call", id: call.id, name: call.name, input: { marker: call.marker } });
      }
      // An assistant message needs something to say.
      if (parts.length === 0) parts.push({ type: "text", text: `thinking ${roundIndex}.${messageIndex}` });
      messages.push({ role: "assistant", parts });
    });
    calls.push(...roundCalls);
    const results = roundCalls.map(resultPart);
    if (results.length > 0) {
      switch (entry.grouping) {
        case "one-tool-message-each":
          for (const result of results) messages.push({ role: "tool", parts: [result] });
          break;
        case "one-tool-message":
          messages.push({ role: "tool", parts: results });
          break;
        case "one-user-message":
          messages.push({ role: "user", parts: results });
          break;
        case "split-and-reordered": {
          const ordered = entry.reversed ? [...results].reverse() : results;
          const cut = Math.min(entry.cut, ordered.length);
          for (const group of [ordered.slice(0, cut), ordered.slice(cut)])
            if (group.length > 0) messages.push({ role: "tool", parts: group });
          break;
        }
      }
    }
    messages.push({ role: "user", parts: [{ type: "text", text: entry.followUp ?? `next ${roundIndex}` }] });
  });
  return { document: { schema_version: formatVersion, id: "pairing", messages } as Transcript, calls };
}

/** Each call's output as the target pairs it: call (by its marker) → the output of the result with its id. */
function pairsIn(document: Transcript): Map<string, string[]> {
  const outputsById = new Map<string, string[]>();
  const markersById = new Map<string, string>();
  for (const message of document.messages)
    for (const part of message.parts) {
      if (isPartOfType(part, "tool_call")) {
        const input = part.input as { marker?: unknown } | undefined;
        if (typeof input?.marker === "string") markersById.set(part.id, input.marker);
      } else if (isPartOfType(part, "tool_result")) {
        const output = typeof part.output === "string" ? part.output : JSON.stringify(part.output ?? part.content);
        outputsById.set(part.call_id, [...(outputsById.get(part.call_id) ?? []), output]);
      }
    }
  const pairs = new Map<string, string[]>();
  for (const [id, marker] of markersById) pairs.set(marker, outputsById.get(id) ?? []);
  return pairs;
}

const targets = Object.keys(providerConverters) as ProviderFormatId[];

describe("tool results are matched to their calls across turns, in every target", () => {
  it.each(targets)("%s", (target) => {
    const converter = providerConverters[target];
    fc.assert(
      fc.property(fc.array(round, { minLength: 1, maxLength: 3 }), (rounds) => {
        const { document, calls } = historyOf(rounds);
        const written = converter.requestFromCanonical(document);
        if (!written.ok) throw new Error(JSON.stringify(written.errors));
        expect(converter.checkRequest(written.value as never)).toEqual([]);
        // The four targets with a published specification: the request validates against it too.
        const specified = (checkedApis as readonly string[]).includes(target);
        expect(specified ? specProblems(target as CheckedApi, written.value) : []).toEqual([]);
        const lost = written.warnings.filter(
          (warning) =>
            warning.code === "tool-result-unmatched" ||
            (warning.code === "value-assumed" && /no result/i.test(warning.message)),
        );
        expect(lost).toEqual([]);
        const read = converter.requestToCanonical(written.value);
        if (!read.ok) throw new Error(JSON.stringify(read.errors));
        const pairs = pairsIn(read.document);
        expect(
          calls.map((call) => [call.marker, (pairs.get(call.marker) ?? []).filter((o) => o.includes(call.output))]),
        ).toEqual(calls.map((call) => [call.marker, [expect.stringContaining(call.output)]]));
        // The target's own request, read and written again, comes back exactly: nothing merged, moved or added.
        const again = converter.requestFromCanonical(read.document, { strict: true });
        if (!again.ok) throw new Error(JSON.stringify(again.errors));
        expect(canonicalize(again.value)).toBe(canonicalize(written.value));
      }),
    );
  });
});

describe("the reported case: a Gemini history with two consecutive model turns, answered by one turn", () => {
  const gemini = {
    contents: [
      { role: "user", parts: [{ text: "Weather in Rome and Paris?" }] },
      { role: "model", parts: [{ functionCall: { name: "weather", args: { city: "Rome" } } }] },
      { role: "model", parts: [{ functionCall: { name: "weather", args: { city: "Paris" } } }] },
      {
        role: "user",
        parts: [
          { functionResponse: { name: "weather", response: { forecast: "sunny in Rome" } } },
          { functionResponse: { name: "weather", response: { forecast: "rainy in Paris" } } },
        ],
      },
    ],
  };
  const imported = providerConverters.gemini.requestToCanonical(gemini);

  it.each(targets.filter((target) => target !== "gemini"))("%s carries both real results", (target) => {
    if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
    const written = providerConverters[target].requestFromCanonical(imported.document);
    if (!written.ok) throw new Error(JSON.stringify(written.errors));
    const text = JSON.stringify(written.value);
    expect(text).toContain("sunny in Rome");
    expect(text).toContain("rainy in Paris");
    expect(text).not.toMatch(/No result was recorded/);
    expect(written.warnings.filter((warning) => warning.code === "tool-result-unmatched")).toEqual([]);
    expect(providerConverters[target].checkRequest(written.value as never)).toEqual([]);
  });
});

describe("reading: tool messages without ids pair with calls spread over consecutive assistant messages", () => {
  const pairedIds = (document: Transcript): Array<[string, string]> => {
    const calls = new Map<string, string>();
    const pairs: Array<[string, string]> = [];
    for (const message of document.messages)
      for (const part of message.parts) {
        if (isPartOfType(part, "tool_call")) calls.set(part.id, part.name);
        if (isPartOfType(part, "tool_result")) pairs.push([calls.get(part.call_id) ?? "unpaired", String(part.output)]);
      }
    return pairs;
  };

  it("Ollama, by tool name, and writes the request back as it was", () => {
    const request = {
      model: "qwen3",
      messages: [
        { role: "user", content: "Weather and time in Rome?" },
        { role: "assistant", content: "", tool_calls: [{ function: { name: "weather", arguments: {} } }] },
        { role: "assistant", content: "", tool_calls: [{ function: { name: "time", arguments: {} } }] },
        { role: "tool", tool_name: "weather", content: "sunny" },
        { role: "tool", tool_name: "time", content: "noon" },
      ],
    };
    const read = providerConverters.ollama.requestToCanonical(request);
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(pairedIds(read.document)).toEqual([
      ["weather", "sunny"],
      ["time", "noon"],
    ]);
    const written = providerConverters.ollama.requestFromCanonical(read.document, { strict: true });
    expect(written).toEqual({ ok: true, value: request, warnings: [] });
    expect(providerConverters.ollama.checkRequest(request as never)).toEqual([]);
  });

  it("OpenAI Chat, by empty ids in call order", () => {
    const call = (name: string) => ({ id: "", type: "function", function: { name, arguments: "{}" } });
    const read = providerConverters["openai-chat"].requestToCanonical({
      model: "gemini-2.5-flash",
      messages: [
        { role: "user", content: "Weather and time in Rome?" },
        { role: "assistant", content: null, tool_calls: [call("weather")] },
        { role: "assistant", content: null, tool_calls: [call("time")] },
        { role: "tool", tool_call_id: "", content: "sunny" },
        { role: "tool", tool_call_id: "", content: "noon" },
      ],
    });
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(pairedIds(read.document)).toEqual([
      ["weather", "sunny"],
      ["time", "noon"],
    ]);
  });
});
