import type { Message, Part, ToolChoice, ToolDefinition, Transcript } from "@agent-transcript/core";
import { formatVersion } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { specProblems } from "../../conformance.test.helpers.js";
import { openaiResponsesConverter as format } from "../../converters.js";
import { parseArguments } from "./content-items-to-canonical.js";
import { anyText } from "@agent-transcript/fixtures/text-arbitraries";

/**
 * Canonical documents in the shape OpenAI Responses can hold, and nothing else:
 * - system / developer / user messages of text, image and file parts (an optional first system message marked as
 *   the request's `instructions`);
 * - assistant messages of text runs, function calls (with or without an fc_ item id, JSON input, raw text that is
 *   not canonical JSON, or text that does not parse) and reasoning issued by OpenAI Responses, each reasoning part
 *   followed by the output it belongs to;
 * - tool messages of results with a string output or a multimodal content list;
 * - function tools, a tool choice, and request settings in provider_fields.
 * Responses has no message boundary between consecutive model-output items or consecutive results, so two assistant
 * messages (or two tool messages) are never adjacent: a request cannot tell them from one.
 */
const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
const text = anyText({ maxLength: 40 });
const jsonValue = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
const input = fc.dictionary(word, jsonValue, { maxKeys: 3, noNullPrototype: true });
const callId = fc.oneof(fc.stringMatching(/^call_[A-Za-z0-9]{8,40}$/), fc.stringMatching(/^toolu_[A-Za-z0-9]{1,58}$/));

const textPart = text.map((value): Part => ({ type: "text", text: value }));
const imagePart = fc.oneof(
  fc
    .record({
      url: word.map((path) => `https://example.com/${path}.png`),
      detail: fc.option(fc.constantFrom("low", "high", "auto"), { nil: undefined }),
    })
    .map(({ url, detail }): Part => ({ type: "image", url, ...(detail === undefined ? {} : { detail }) })),
  fc
    .base64String({ minLength: 4, maxLength: 24 })
    .map((data): Part => ({ type: "image", media_type: "image/png", data })),
  word.map((id): Part => ({ type: "image", file_id: `file-${id}` })),
);
const filePart = fc.oneof(
  fc.record({ id: word, filename: fc.option(word, { nil: undefined }) }).map(({ id, filename }): Part => ({
    type: "file",
    file_id: `file-${id}`,
    ...(filename === undefined ? {} : { filename: `${filename}.pdf` }),
  })),
  fc
    .base64String({ minLength: 4, maxLength: 24 })
    .map((data): Part => ({ type: "file", media_type: "application/pdf", data, filename: "doc.pdf" })),
);
const userParts = fc.array(
  fc.oneof({ weight: 3, arbitrary: textPart }, { weight: 1, arbitrary: imagePart }, { weight: 1, arbitrary: filePart }),
  { maxLength: 4 },
);

const toolCall = fc
  .record({
    id: callId,
    name: word,
    input,
    itemId: fc.option(fc.stringMatching(/^fc_[a-f0-9]{16}$/), { nil: undefined }),
    encoding: fc.constantFrom("canonical", "spaced", "broken"),
  })
  .map(({ id, name, input: value, itemId, encoding }): Part => {
    const raw =
      encoding === "canonical"
        ? JSON.stringify(value)
        : encoding === "spaced"
          ? JSON.stringify(value, null, 1)
          : `${JSON.stringify(value).slice(0, -1)},`;
    return {
      type: "tool_call",
      id,
      name,
      ...parseArguments(raw),
      ...(itemId === undefined ? {} : { item_id: itemId }),
    };
  });

const reasoning = fc
  .record({
    id: fc.stringMatching(/^rs_[a-f0-9]{16}$/),
    summary: fc.array(text, { maxLength: 2 }),
    encrypted: fc.option(fc.base64String({ minLength: 8, maxLength: 40 }), { nil: undefined }),
    readable: fc.option(text, { nil: undefined }),
  })
  .map(({ id, summary, encrypted, readable }): Part => ({
    type: "reasoning",
    id,
    summary,
    ...(encrypted === undefined ? {} : { encrypted_content: encrypted }),
    ...(readable === undefined ? {} : { text: readable }),
    issuer: { provider: "openai", api: "responses" },
  }));

const assistantBlock = fc
  .record({ reasoning: fc.option(reasoning, { nil: undefined }), output: fc.oneof(textPart, toolCall) })
  .map(({ reasoning: thought, output }) => (thought === undefined ? [output] : [thought, output]));
const assistantParts = fc.array(assistantBlock, { minLength: 1, maxLength: 4 }).map((blocks) => blocks.flat());

const toolResult = fc.oneof(
  fc
    .record({ call_id: callId, output: text })
    .map(({ call_id, output }): Part => ({ type: "tool_result", call_id, status: "ok", output })),
  fc
    .record({
      call_id: callId,
      content: fc.array(fc.oneof(textPart, imagePart, filePart), { minLength: 1, maxLength: 3 }),
    })
    .map(({ call_id, content }): Part => ({ type: "tool_result", call_id, status: "ok", content })),
);

type Kind = "system" | "developer" | "user" | "assistant" | "tool";
const message = (kind: Kind): fc.Arbitrary<Message> => {
  switch (kind) {
    case "assistant":
      return assistantParts.map((parts) => ({ role: "assistant", parts }));
    case "tool":
      return fc.array(toolResult, { minLength: 1, maxLength: 3 }).map((parts) => ({ role: "tool", parts }));
    case "user":
      return userParts.map((parts) => ({ role: "user", parts }));
    default:
      return fc.array(textPart, { minLength: 1, maxLength: 2 }).map((parts) => ({ role: kind, parts }));
  }
};

const messages = fc
  .array(fc.constantFrom<Kind>("system", "developer", "user", "user", "assistant", "assistant", "tool"), {
    maxLength: 8,
  })
  .map((kinds) =>
    kinds.filter(
      (kind, index) => !(index > 0 && (kind === "assistant" || kind === "tool") && kinds[index - 1] === kind),
    ),
  )
  .chain((kinds) => fc.tuple(...kinds.map(message)));

const instructions = fc.option(
  text.map((value): Message => ({
    role: "system",
    parts: [{ type: "text", text: value }],
    provider_fields: { openai: { instructions: true } },
  })),
  { nil: undefined },
);

const tool = fc
  .record({
    name: word,
    description: fc.option(text, { nil: undefined }),
    schema: fc.option(input, { nil: undefined }),
    strict: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ name, description, schema, strict }): ToolDefinition => ({
    name,
    ...(description === undefined ? {} : { description }),
    ...(schema === undefined ? {} : { input_schema: schema }),
    ...(strict === undefined ? {} : { strict }),
  }));

const toolChoice = fc
  .record({
    mode: fc.constantFrom("auto", "none", "required", "tool"),
    name: word,
    parallel: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ mode, name, parallel }): ToolChoice => ({
    mode: mode as ToolChoice["mode"],
    ...(mode === "tool" ? { name } : {}),
    ...(parallel === undefined ? {} : { parallel }),
  }));

const documents = fc
  .record({
    instructions,
    messages,
    tools: fc.option(fc.array(tool, { maxLength: 3 }), { nil: undefined }),
    toolChoice: fc.option(toolChoice, { nil: undefined }),
    settings: fc.option(
      // The API takes max_output_tokens from 16 (its specification's minimum).
      fc.record(
        { model: word, store: fc.boolean(), max_output_tokens: fc.integer({ min: 16, max: 1_000_000 }) },
        { noNullPrototype: true },
      ),
      { nil: undefined },
    ),
  })
  .map(({ instructions: first, messages: rest, tools, toolChoice: choice, settings }): Transcript => ({
    schema_version: formatVersion,
    id: "property",
    messages: first === undefined ? rest : [first, ...rest],
    ...(tools === undefined ? {} : { tools }),
    ...(choice === undefined ? {} : { tool_choice: choice }),
    ...(settings === undefined ? {} : { provider_fields: { openai: settings } }),
  }));

/**
 * The document as a request written from it states it: OpenAI's specification requires an image's `detail` and a
 * function tool's `strict`, so a part or tool that leaves them out is sent with their meaning written out (`auto`,
 * the API's default; `false`, since a tool that does not say it is strict is not) and comes back so.
 */
function withRequiredDefaults(document: Transcript): Transcript {
  const part = (value: Part): Part => {
    if (value.type === "image" && value.detail === undefined) return { ...value, detail: "auto" };
    if (value.type === "tool_result" && value.content !== undefined)
      return { ...value, content: value.content.map(part) };
    return value;
  };
  return {
    ...document,
    messages: document.messages.map((message) => ({ ...message, parts: message.parts.map(part) })),
    ...(document.tools === undefined
      ? {}
      : { tools: document.tools.map((tool) => (tool.strict === undefined ? { ...tool, strict: false } : tool)) }),
  };
}

describe("canonical → OpenAI Responses request → canonical", () => {
  it("is the identity on what Responses supports, with no warnings", () => {
    fc.assert(
      fc.property(documents, (document) => {
        expect(validateTranscript(document).ok).toBe(true);
        const exported = format.requestFromCanonical(document, { strict: true });
        if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
        // Results here answer random ids, so the only rule the generated requests may break is result pairing.
        expect(
          format
            .checkRequest(exported.value)
            .filter((problem) => !/answers call .* but no earlier/.test(problem.message)),
        ).toEqual([]);
        // What OpenAI publishes about a request: its specification validates what we write.
        expect(specProblems("openai-responses", exported.value)).toEqual([]);
        const imported = format.requestToCanonical(exported.value);
        if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
        expect(imported.warnings).toEqual([]);
        const { messages: back, tools, tool_choice: choice, provider_fields: fields } = imported.document;
        const expected = withRequiredDefaults(document);
        expect({ messages: back, tools, tool_choice: choice, provider_fields: fields }).toStrictEqual({
          messages: expected.messages,
          tools: expected.tools,
          tool_choice: expected.tool_choice,
          provider_fields: expected.provider_fields,
        });
      }),
    );
  });

  it("round-trips the assistant turn of a response, and its stream, the same way", () => {
    fc.assert(
      fc.property(assistantParts, word, (parts, model) => {
        const document: Transcript = {
          schema_version: formatVersion,
          id: "resp_property",
          source: { format: "openai-responses" },
          messages: [
            {
              role: "assistant",
              parts,
              model,
              response_id: "resp_property",
              finish_reason: "stop",
              native_finish_reason: "completed",
              provider_fields: { openai: { object: "response" } },
            },
          ],
        };
        const response = format.responseFromCanonical(document);
        if (!response.ok) throw new Error(JSON.stringify(response.errors));
        const back = format.responseToCanonical(response.value);
        if (!back.ok) throw new Error(JSON.stringify(back.errors));
        const stream = format.streamFromCanonical(back.document, { strict: true });
        if (!stream.ok) throw new Error(JSON.stringify(stream.errors));
        const again = format.streamToCanonical(stream.value);
        if (!again.ok) throw new Error(JSON.stringify(again.errors));
        expect(again.document).toStrictEqual(back.document);
        // Output items must be complete (type, id, status): a response made up from bare parts gains item ids,
        // statuses and empty annotation lists, which come back as provider fields. What the parts say is unchanged.
        const strip = (list: readonly Part[]): unknown[] =>
          list.map((part) => {
            if (part.type === "text") return { type: "text", text: part.text };
            if (part.type === "tool_call") {
              const { item_id: _itemId, provider_fields: _fields, ...rest } = part;
              return rest;
            }
            return part;
          });
        expect(strip(back.document.messages[0]?.parts ?? [])).toStrictEqual(strip(parts));
      }),
    );
  });
});
