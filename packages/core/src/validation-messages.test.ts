import { loadExamples } from "@agent-transcript/fixtures/examples";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isControlCharacter } from "./control-characters.js";
import { decodeTranscript } from "./decode.js";
import { validateEvent, validateTranscript, validatorFor } from "./validators.js";

/** ajv's own wording, which no message may show: each phrase is how ajv words one keyword. */
const ajvWording =
  /must match "(?:then|else)" schema|must be equal to one of the allowed values|must be equal to constant|must have required property|must NOT have|must be (?:string|integer|number|object|array|boolean|null)(?:,\w+)*$|boolean schema is false|must match (?:a schema in anyOf|exactly one schema in oneOf)|value of tag|tag "[^"]*" must be string|must have propert(?:y|ies) .* when property|must match format|must match pattern|must be [<>]=? ?-?\d/;

const controls = (text: string): string[] =>
  [...text].filter((character) => isControlCharacter(character.codePointAt(0) as number));

const document = (messages: unknown[], fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  schema_version: "1.0.0",
  id: "x",
  messages,
  ...fields,
});

function messagesOf(result: ReturnType<typeof validateTranscript>): string[] {
  if (result.ok) throw new Error("expected the value to be invalid");
  return result.errors.map((error) => `${error.pointer}: ${error.message}`);
}

describe("schema errors in plain words", () => {
  it.each<[string, unknown, string]>([
    [
      "an unknown role",
      document([{ role: "narrator", parts: [] }]),
      '/messages/0/role: "narrator" is not a role; expected one of system, developer, user, assistant, tool',
    ],
    ["a message without parts", document([{ role: "user" }]), '/messages/0/parts: a user message needs "parts"'],
    [
      "an assistant message without parts",
      document([{ role: "assistant" }]),
      '/messages/0/parts: an assistant message needs "parts"',
    ],
    [
      "a part without its text",
      document([{ role: "user", parts: [{ type: "text" }] }]),
      '/messages/0/parts/0/text: a text part needs "text"',
    ],
    [
      "an image without a source",
      document([{ role: "user", parts: [{ type: "image" }] }]),
      '/messages/0/parts/0: an image part needs one of "data", "url", "path" or "file_id"',
    ],
    [
      "an unknown part type",
      document([{ role: "user", parts: [{ type: "hologram" }] }]),
      '/messages/0/parts/0: "hologram" is not a part type; expected one of text, reasoning, tool_call',
    ],
    [
      "a tool result with an unknown status",
      document([{ role: "tool", parts: [{ type: "tool_result", call_id: "c", status: "meh" }] }]),
      '/messages/0/parts/0/status: "meh" is not a status; expected one of ok, error, denied, interrupted',
    ],
    [
      "a signature without its issuer",
      document([{ role: "assistant", parts: [{ type: "reasoning", signature: "s" }] }]),
      '/messages/0/parts/0: "signature" needs "issuer" beside it',
    ],
    ["an empty id", { ...document([]), id: "" }, '/id: "id" must not be empty'],
    [
      "a timestamp that is none",
      document([], { created_at: "yesterday" }),
      '/created_at: "yesterday" is not a date-time: expected an RFC 3339 timestamp such as 2026-06-08T08:14:42Z',
    ],
    [
      "a negative token count",
      document([], { usage: { input_tokens: -1, output_tokens: 1 } }),
      '/usage/input_tokens: "input_tokens" must be at least 0, not -1',
    ],
    [
      "a part that is a string",
      document([{ role: "user", parts: ["hello"] }]),
      '/messages/0/parts/0: a part must be an object, not "hello"',
    ],
    [
      "a text that is a number",
      document([{ role: "user", parts: [{ type: "text", text: 5 }] }]),
      '/messages/0/parts/0/text: "text" must be a string, not 5',
    ],
    [
      "an unknown property",
      document([], { colour: "red" }),
      '/colour: unknown property "colour" (a strict writer emits only the fields its version defines)',
    ],
  ])("says what is wrong with %s", (_name, value, expected) => {
    expect(messagesOf(validateTranscript(value)).join("\n")).toContain(expected);
  });

  it("leaves out the if/then summary and the tag error a missing tag repeats, keeping the specific errors", () => {
    const result = validateTranscript(
      document([{ role: "assistant", parts: [{ type: "tool_call", id: "c", name: "n" }, {}] }]),
    );
    if (result.ok) throw new Error("expected the value to be invalid");
    expect(result.errors.map((error) => [error.pointer, error.keyword])).toEqual([
      ["/messages/0/parts/0/raw_input", "required"],
      ["/messages/0/parts/0/input_error", "required"],
      ["/messages/0/parts/1/type", "required"],
    ]);
  });

  it("names a constant an event type requires", () => {
    const event = {
      seq: 1,
      run_id: "550e8400-e29b-41d4-a716-446655440000",
      type: "message.user",
      path: "",
      iteration: 0,
      timestamp: "2026-06-08T08:14:42Z",
      payload: { role: "system", blocks: [{ type: "text", text: "hi" }] },
    };
    const result = validateEvent(event);
    if (result.ok) throw new Error("expected the event to be invalid");
    expect(result.errors.map((error) => `${error.pointer}: ${error.message}`)).toEqual([
      '/payload/role: "role" must be "user" here, not "system"',
    ]);
  });

  it("reaches library users through decodeTranscript", () => {
    const decoded = decodeTranscript(JSON.stringify(document([{ role: "narrator", parts: [] }])));
    if (decoded.ok) throw new Error("expected the document to be refused");
    expect(decoded.error.message).toBe(
      '/messages/0/role: "narrator" is not a role; expected one of system, developer, user, assistant, tool',
    );
    expect(decoded.error.errors?.[0]).toMatchObject({ pointer: "/messages/0/role", keyword: "enum" });
  });

  // Every valid schema example, broken at a random place in a random way: whatever ajv finds, the message is a
  // sentence of ours on one line, and points into the value.
  const valid = loadExamples().filter((example) => example.group === "valid");
  const brokenValue = fc.oneof(
    fc.constant(undefined),
    fc.constant(null),
    fc.constantFrom(-1, 0.5, 1e6, true, "", "\u001b]0;x\u0007", "narrator", [], {}, [1, "a"], { type: "hologram" }),
    fc.string({ maxLength: 8 }),
  );

  it("never shows ajv's wording, a control character or an empty message, on any broken example (generated)", () => {
    // The examples exist: the property below would hold trivially over none.
    expect(valid.length).toBeGreaterThan(20);
    let invalid = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...valid),
        fc.nat(),
        brokenValue,
        fc.constantFrom<"strict" | "tolerant">("strict", "tolerant"),
        (example, at, replacement, mode) => {
          const value = structuredClone(example.value) as unknown;
          const paths = containerPaths(value);
          const [container, key] = paths[at % paths.length] as [Record<string | number, unknown>, string | number];
          if (replacement === undefined) {
            if (Array.isArray(container)) container.splice(Number(key), 1);
            else delete container[key];
          } else container[key] = replacement;
          const validator = validatorFor(example.definition, mode);
          if (!validator) throw new Error(`no validator for ${example.definition}`);
          const result = validator(value);
          if (result.ok) return;
          invalid += 1;
          expect(result.errors.length).toBeGreaterThan(0);
          for (const error of result.errors) {
            expect(error.message).not.toMatch(ajvWording);
            expect(error.message.trim().length).toBeGreaterThan(0);
            expect(controls(error.message)).toEqual([]);
            expect(error.keyword).not.toBe("if");
            expect(error.pointer === "" || error.pointer.startsWith("/")).toBe(true);
          }
        },
      ),
      { numRuns: 3 * fc.readConfigureGlobal().numRuns! },
    );
    // Most breakages are errors: the messages above were really checked.
    expect(invalid).toBeGreaterThan(fc.readConfigureGlobal().numRuns!);
  });
});

/** Every place a value can be replaced or deleted: [container, key], the root's own fields included. */
function containerPaths(value: unknown): Array<[object, string | number]> {
  const paths: Array<[object, string | number]> = [];
  const visit = (current: unknown): void => {
    if (Array.isArray(current))
      current.forEach((item, index) => {
        paths.push([current, index]);
        visit(item);
      });
    else if (typeof current === "object" && current !== null)
      for (const [key, item] of Object.entries(current)) {
        paths.push([current, key]);
        visit(item);
      }
  };
  visit(value);
  // A value with nothing inside it can still gain an unknown field.
  if (paths.length === 0 && typeof value === "object" && value !== null) paths.push([value, "unexpected"]);
  return paths.length > 0 ? paths : [[{ value }, "value"]];
}
