import { canonicalize } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { isJsonObject } from "../../conversion/index.js";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { openaiResponsesConverter as format } from "../../converters.js";

/**
 * Every difference a round trip of a real payload may show, each justified. A difference not listed fails its test,
 * and an entry no payload needs fails too, so the table cannot go stale.
 */
const normalisations: ReadonlyArray<{ file: RegExp; path: RegExp; reason: string }> = [
  {
    file: /test_openai_responses_code_execution_return_image_stream|mcp_server_tool_stream|web_search_tool_stream|streaming_usage|thinking_part_iter|thinking_with_code_execution_tool_stream|programmatic-tool-calling\.1\.chunks/,
    path: /^\/output\/\d+\/encrypted_content$/,
    reason:
      "OpenAI re-encrypts reasoning between the item's output_item.done event and response.completed; a stream keeps the done event's ciphertext (where a streaming client receives it), so it differs from the terminal response's copy",
  },
  {
    file: /openai-compaction\.1\.chunks/,
    path: /^\/output\/1\/encrypted_content$/,
    reason:
      "the compaction item's encrypted_content is re-encrypted between output_item.done and response.completed, as reasoning is; the done event's is kept",
  },
  {
    file: /programmatic-tool-calling\.1\.chunks/,
    path: /^\/output\/1\/fingerprint$/,
    reason:
      "the program item's opaque fingerprint is re-encrypted between output_item.done and response.completed; the done event's is kept",
  },
  {
    file: /github-copilot-id-rotation\.1\.chunks/,
    path: /^\/output\/[01]\/id$/,
    reason:
      "a proxy (GitHub Copilot) rotates item ids between output_item.done and response.completed (the fixture exists to show it); the done events' ids are kept, since later events refer to them",
  },
];

interface Compared {
  origin: string;
  unexplained: string[];
}

const used = new Set<number>();

/** Paths (JSON pointers) where two JSON values differ, leaf by leaf; key order never matters. */
function differences(actual: unknown, expected: unknown, path = ""): string[] {
  if (Array.isArray(actual) && Array.isArray(expected)) {
    const length = Math.max(actual.length, expected.length);
    const found: string[] = [];
    for (let index = 0; index < length; index += 1) {
      if (index >= actual.length || index >= expected.length) found.push(`${path}/${index}`);
      else found.push(...differences(actual[index], expected[index], `${path}/${index}`));
    }
    return found;
  }
  if (isJsonObject(actual) && isJsonObject(expected)) {
    const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    const found: string[] = [];
    for (const key of keys) {
      const child = `${path}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      if (!Object.hasOwn(actual, key) || !Object.hasOwn(expected, key)) found.push(child);
      else found.push(...differences(actual[key], expected[key], child));
    }
    return found;
  }
  return Object.is(actual, expected) ? [] : [path];
}

function compare(origin: string, actual: unknown, expected: unknown): Compared {
  const unexplained: string[] = [];
  for (const path of differences(actual, expected)) {
    const index = normalisations.findIndex((entry) => entry.file.test(origin) && entry.path.test(path));
    if (index === -1) unexplained.push(path);
    else used.add(index);
  }
  return { origin, unexplained };
}

const payloads = loadRealFixtures()
  .flatMap((file) => file.payloads)
  .filter((payload) => payload.api === "openai-responses");
const requests = payloads.flatMap((payload) => (payload.kind === "request" ? [payload] : []));
const responses = payloads.flatMap((payload) => (payload.kind === "response" ? [payload] : []));
const errors = payloads.flatMap((payload) => (payload.kind === "error" ? [payload] : []));
const streams = payloads.flatMap((payload) => (payload.kind === "stream" ? [payload] : []));

/**
 * The streams in a stream payload. One fixture (openai-shell-tool.1.chunks.txt) holds two streams back to back,
 * each starting with response.created; each is tested on its own.
 */
function splitStreams(chunks: readonly unknown[]): unknown[][] {
  const result: unknown[][] = [];
  for (const chunk of chunks) {
    const starts = isJsonObject(chunk) && chunk.type === "response.created";
    if (starts || result.length === 0) result.push([]);
    (result.at(-1) as unknown[]).push(chunk);
  }
  return result;
}

function terminalResponse(chunks: readonly unknown[]): Record<string, unknown> | undefined {
  for (const chunk of chunks) {
    if (
      isJsonObject(chunk) &&
      typeof chunk.type === "string" &&
      ["response.completed", "response.incomplete", "response.failed"].includes(chunk.type) &&
      isJsonObject(chunk.response)
    )
      return chunk.response;
  }
  return undefined;
}

describe("real OpenAI Responses fixtures", () => {
  it("has the corpus the brief names", () => {
    expect(requests.length).toBe(82);
    expect(responses.length).toBeGreaterThanOrEqual(85);
    expect(streams.length).toBeGreaterThanOrEqual(40);
    expect(errors.length).toBe(1);
  });

  describe("requests: native → canonical (strict) → native is the identity", () => {
    it.each(requests.map((payload) => [payload.origin, payload.value] as const))("%s", (origin, value) => {
      const imported = format.requestToCanonical(value);
      if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
      expect(imported.warnings).toEqual([]);
      expect(validateTranscript(imported.document).ok).toBe(true);
      const exported = format.requestFromCanonical(imported.document, { strict: true });
      if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
      expect(compare(origin, exported.value, value).unexplained).toEqual([]);
      expect(canonicalize(exported.value)).toBe(canonicalize(value));
    });
  });

  describe("requests: the checker finds nothing wrong with a real request", () => {
    it.each(requests.map((payload) => [payload.origin, payload.value] as const))("%s", (_origin, value) => {
      expect(format.checkRequest(value as never)).toEqual([]);
    });
  });

  describe("responses: native → canonical (strict) → native is the identity", () => {
    it.each(responses.map((payload) => [payload.origin, payload.value] as const))("%s", (origin, value) => {
      const imported = format.responseToCanonical(value);
      if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
      expect(imported.warnings).toEqual([]);
      expect(validateTranscript(imported.document).ok).toBe(true);
      const exported = format.responseFromCanonical(imported.document, { strict: true });
      if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
      expect(compare(origin, exported.value, value).unexplained).toEqual([]);
      expect(canonicalize(exported.value)).toBe(canonicalize(value));
    });
  });

  it("refuses an API error body by name: it answers a request that produced no Response", () => {
    for (const payload of errors) {
      const result = format.responseToCanonical(payload.value);
      expect(result.ok).toBe(false);
      if (result.ok) throw new Error("unreachable: failure asserted above");
      expect(result.errors[0]?.message).toMatch(
        /^an API error body \(insufficient_quota\), not a Response: You exceeded your current quota/,
      );
    }
  });

  describe("streams: aggregate to what the events carried, and export → import is idempotent", () => {
    const cases = streams.flatMap((payload) =>
      splitStreams(payload.chunks).map(
        (chunks, index, all) =>
          [all.length === 1 ? payload.origin : `${payload.origin} (stream ${index + 1})`, chunks] as const,
      ),
    );
    it("end in a terminal response, all but the broken fixture", () => {
      expect(cases.filter(([, chunks]) => terminalResponse(chunks) === undefined).map(([origin]) => origin)).toEqual([
        expect.stringMatching(/\/parallel-tool-call-wrapper\.1\.chunks\.txt$/),
      ]);
    });

    it.each(cases.filter(([, chunks]) => terminalResponse(chunks) !== undefined))(
      "%s, written as a Response, is its terminal response",
      (origin, chunks) => {
        const imported = format.streamToCanonical(chunks);
        if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
        // Every item as its done event carried it, with the envelope, status and usage of the terminal event.
        const asResponse = format.responseFromCanonical(imported.document, { strict: true });
        if (!asResponse.ok) throw new Error(JSON.stringify(asResponse.errors));
        expect(compare(origin, asResponse.value, terminalResponse(chunks)).unexplained).toEqual([]);
      },
    );

    it.each(cases)("%s", (origin, chunks) => {
      const imported = format.streamToCanonical(chunks);
      if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
      expect(validateTranscript(imported.document).ok).toBe(true);
      const reexported = format.streamFromCanonical(imported.document, { strict: true });
      if (!reexported.ok) throw new Error(JSON.stringify(reexported.errors));
      const again = format.streamToCanonical(reexported.value);
      if (!again.ok) throw new Error(JSON.stringify(again.errors));
      // A document from a stream without response events (the broken fixture) exports as item events only, which
      // the importer reports again; every other re-import is silent.
      const expected =
        imported.document.messages[0]?.response_id === undefined
          ? ["the stream has no response event; the document has only the streamed items"]
          : [];
      expect(again.warnings.map((warning) => warning.message)).toEqual(expected);
      expect(again.document).toStrictEqual(imported.document);
    });

    it("carries every streamed text: the deltas of each output_text add up to a text part", () => {
      // Holds trivially for streams without text deltas: count the texts checked.
      let textsChecked = 0;
      for (const [origin, chunks] of cases) {
        const imported = format.streamToCanonical(chunks);
        if (!imported.ok) throw new Error(origin);
        const texts = new Set(
          imported.document.messages.flatMap((message) =>
            message.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])),
          ),
        );
        const deltas = new Map<string, string>();
        for (const chunk of chunks) {
          if (!isJsonObject(chunk) || chunk.type !== "response.output_text.delta" || typeof chunk.delta !== "string")
            continue;
          const key = `${String(chunk.output_index)}/${String(chunk.content_index)}`;
          deltas.set(key, (deltas.get(key) ?? "") + chunk.delta);
        }
        for (const text of deltas.values()) expect(texts.has(text), origin).toBe(true);
        textsChecked += deltas.size;
      }
      expect(textsChecked).toBeGreaterThan(10);
    });

    it("reports what it could not read in the deliberately broken stream instead of dropping it silently", () => {
      const broken = cases.find(([origin]) => origin.includes("parallel-tool-call-wrapper"));
      expect(broken).toBeDefined();
      const imported = format.streamToCanonical(broken?.[1] ?? []);
      expect(imported.ok).toBe(true);
      if (!imported.ok) return;
      expect(imported.warnings.map((warning) => `${warning.code} ${warning.path}`)).toEqual([
        "input-normalized /0",
        "input-normalized /5",
        "input-normalized ",
      ]);
      expect(imported.document.messages[0]?.parts).toEqual([
        {
          type: "tool_call",
          id: "call_parallel",
          name: "parallel",
          input: {
            tool_uses: [
              { recipient_name: "functions.weather", parameters: { location: "San Francisco" } },
              { recipient_name: "functions.cityAttractions", parameters: { city: "Rome" } },
            ],
          },
          item_id: "fc_parallel",
          provider_fields: { openai: { status: "completed" } },
        },
      ]);
    });

    it("keeps a failed stream's error and says which error-event fields it did not keep", () => {
      const failed = cases.find(([origin]) => origin.includes("openai-error.1.chunks"));
      const imported = format.streamToCanonical(failed?.[1] ?? []);
      if (!imported.ok) throw new Error("failed to import");
      expect(imported.document.messages[0]).toMatchObject({
        finish_reason: "error",
        native_finish_reason: "failed",
        error: expect.stringMatching(/^You exceeded your current quota/),
      });
      expect(imported.warnings).toEqual([
        { code: "field-dropped", path: "", message: "the error event's type is not kept (only its message is)" },
      ]);
    });
  });

  it("uses every normalisation", () => {
    expect(normalisations.map((_entry, index) => index).filter((index) => !used.has(index))).toEqual([]);
  });
});
