/**
 * Every converter is pure and never throws: whatever it is given (JSON of any shape, real payloads with a subtree
 * replaced by something else, keys like `__proto__`), it answers `{ ok: true, … }` or `{ ok: false, errors }` whose
 * paths are JSON pointers, and it never changes a prototype. Nor does it fail by an exception caught at its edge
 * (`guard`'s "conversion failed"): bad input is refused with an error that names the offending value.
 */
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { defaultMaxDepth, type Tolerant } from "@agent-transcript/core";
import { checkJsonValue } from "@agent-transcript/core/json";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AnyProviderConverter as AnyFormat } from "./index.js";
import { documentConverters, providerConverters as formats } from "./registry.js";

const pointerPattern = /^(?:\/(?:[^~/]|~[01])*)*$/;

/** Runs `convert` and checks the contract: no throw, a boolean `ok`, errors with JSON pointer paths. */
function expectAnswer(convert: () => unknown): void {
  let result: unknown;
  expect(() => {
    result = convert();
  }).not.toThrow();
  const answer = result as { ok: unknown; errors?: Array<{ path: unknown; message: unknown }> };
  expect(typeof answer.ok).toBe("boolean");
  if (answer.ok === false) {
    expect(answer.errors?.length ?? 0).toBeGreaterThan(0);
    for (const error of answer.errors ?? []) {
      expect(typeof error.message).toBe("string");
      // `guard` turns an exception inside a converter into this error: input must be refused by name, not by a crash.
      expect(String(error.message)).not.toMatch(/^conversion failed: /);
      expect(String(error.path)).toMatch(pointerPattern);
    }
  }
}

function expectPrototypesClean(): void {
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  expect(Object.keys(Array.prototype)).toEqual([]);
}

/** JSON values whose objects may carry the keys that pollute prototypes when assigned carelessly. */
const hostileKey = fc.constantFrom("__proto__", "constructor", "prototype", "polluted", "toString", "hasOwnProperty");
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 12 }),
    ),
    fc.array(tie("value"), { maxLength: 4 }),
    fc
      .array(fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), tie("value")), { maxLength: 5 })
      .map((entries) => {
        // JSON.parse defines `__proto__` as an own key, as a wire payload would have it.
        const text = `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
        return JSON.parse(text) as unknown;
      }),
  ),
})).value;

describe("every converter on hostile input", () => {
  for (const [id, format] of Object.entries(formats)) {
    it(`${id}: answers arbitrary JSON without throwing or touching a prototype`, () => {
      fc.assert(
        fc.property(hostileJson, (value) => {
          expectAnswer(() => format.requestToCanonical(value));
          expectAnswer(() => format.responseToCanonical(value));
          expectAnswer(() => format.streamToCanonical(Array.isArray(value) ? value : [value]));
          expectAnswer(() => format.requestFromCanonical(value as Tolerant.Transcript));
          expectAnswer(() => format.responseFromCanonical(value as Tolerant.Transcript));
          expectAnswer(() => format.streamFromCanonical(value as Tolerant.Transcript));
          expectPrototypesClean();
        }),
      );
    });
  }

  for (const [id, format] of Object.entries(documentConverters)) {
    it(`${id}: answers arbitrary JSON without throwing or touching a prototype`, () => {
      fc.assert(
        fc.property(hostileJson, (value) => {
          expectAnswer(() => format.toCanonical(value));
          expectAnswer(() => format.fromCanonical(value as Tolerant.Transcript));
          expectPrototypesClean();
        }),
      );
    });
  }

  const payloads = loadRealFixtures()
    .flatMap((file) => file.payloads)
    .filter(
      (payload): payload is Exclude<Payload, { kind: "error" }> =>
        payload.kind !== "error" && Object.hasOwn(formats, payload.api),
    );

  /** The payload with the value at one path (chosen by `choice`) replaced by `replacement`. */
  function mutate(value: unknown, choice: number, replacement: unknown): unknown {
    const copy = structuredClone(value);
    const containers: Array<{ parent: Record<string, unknown> | unknown[]; key: string | number }> = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) {
        node.forEach((item, index) => {
          containers.push({ parent: node, key: index });
          walk(item);
        });
      } else if (typeof node === "object" && node !== null) {
        for (const [key, item] of Object.entries(node)) {
          containers.push({ parent: node as Record<string, unknown>, key });
          walk(item);
        }
      }
    };
    walk(copy);
    if (containers.length === 0) return replacement;
    const target = containers[choice % containers.length] as (typeof containers)[number];
    (target.parent as Record<string | number, unknown>)[target.key] = replacement;
    return copy;
  }

  it("answers every real payload with one value replaced by something else, for 2,000 mutations", () => {
    fc.assert(
      fc.property(fc.nat(payloads.length - 1), fc.nat(), hostileJson, (which, choice, replacement) => {
        const payload = payloads[which] as (typeof payloads)[number];
        const format = formats[payload.api] as AnyFormat;
        if (payload.kind === "stream") {
          const chunks = mutate(payload.chunks, choice, replacement);
          expectAnswer(() => format.streamToCanonical(Array.isArray(chunks) ? chunks : [chunks]));
        } else {
          const value = mutate(payload.value, choice, replacement);
          expectAnswer(() =>
            payload.kind === "request" ? format.requestToCanonical(value) : format.responseToCanonical(value),
          );
          const imported =
            payload.kind === "request"
              ? format.requestToCanonical(payload.value)
              : format.responseToCanonical(payload.value);
          // And a valid document with one value replaced, converted back.
          if (imported.ok) {
            const document = mutate(imported.document, choice, replacement) as Tolerant.Transcript;
            for (const target of Object.values(formats)) expectAnswer(() => target.requestFromCanonical(document));
          }
        }
        expectPrototypesClean();
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("sends a Gemini code execution call whose input is not an object as code text, with a warning", () => {
    // Found by the mutations above: the input became `code: String(input)`, which throws on an array holding an object
    // with a `toString` key (and silently wrote `[object Object]` for any other object inside an array).
    const call = (input: unknown): Tolerant.Transcript =>
      JSON.parse(
        JSON.stringify({
          schema_version: "1.0.0",
          id: "hostile",
          messages: [
            { role: "user", parts: [{ type: "text", text: "run it" }] },
            {
              role: "assistant",
              parts: [
                {
                  type: "tool_call",
                  id: "call-1",
                  name: "codeExecution",
                  input,
                  provider_executed: true,
                  native_type: "executableCode",
                },
              ],
            },
          ],
        }),
      ) as Tolerant.Transcript;
    for (const [input, code] of [
      [[{ toString: 0 }], '[{"toString":0}]'],
      [[{ a: 1 }], '[{"a":1}]'],
      [7, "7"],
      ["print(1)", "print(1)"],
    ] as const) {
      const result = formats.gemini.requestFromCanonical(call(input));
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      expect(JSON.stringify(result.value)).toContain(`"executableCode":{"code":${JSON.stringify(code)}`);
      expect(result.warnings).toContainEqual(
        expect.objectContaining({ code: "value-converted", path: "/messages/1/parts/0/input" }),
      );
    }
  });

  /** Arrays nested `levels` deep. */
  function nestArrays(levels: number): unknown {
    let value: unknown = 1;
    for (let level = 0; level < levels; level += 1) value = [value];
    return value;
  }

  it("refuses a value nested past the limit anywhere in a real payload or document by its pointer, in every converter", () => {
    fc.assert(
      fc.property(
        fc.nat(payloads.length - 1),
        fc.nat(),
        fc.oneof(fc.integer({ min: defaultMaxDepth - 4, max: defaultMaxDepth + 50 }), fc.constant(100_000)),
        (which, choice, levels) => {
          const payload = payloads[which] as (typeof payloads)[number];
          const format = formats[payload.api] as AnyFormat;
          const source = payload.kind === "stream" ? payload.chunks : payload.value;
          const mutated = mutate(source, choice, nestArrays(levels));
          const convert = (): ReturnType<AnyFormat["requestToCanonical"]> =>
            payload.kind === "stream"
              ? format.streamToCanonical(mutated as unknown[])
              : payload.kind === "request"
                ? format.requestToCanonical(mutated)
                : format.responseToCanonical(mutated);
          expectAnswer(convert);
          // Stream chunks are held to the limit one by one, as the lines or events they were read from.
          const chunks = payload.kind === "stream" ? (mutated as unknown[]) : [mutated];
          const deepChunk = chunks.findIndex((chunk) => checkJsonValue(chunk) !== undefined);
          const expected =
            deepChunk === -1
              ? undefined
              : `${payload.kind === "stream" ? `/${deepChunk}` : ""}${checkJsonValue(chunks[deepChunk])?.pointer}`;
          const result = convert();
          // Refused by the first container past the limit; or, when the input is within it, a document within it
          // too (a value moved deeper by the conversion is refused as "the converted document would be nested …").
          const refusedAt = result.ok ? undefined : result.errors[0]?.path;
          expect(expected === undefined || refusedAt === expected, `${refusedAt} should be ${expected}`).toBe(true);
          expect(result.ok ? checkJsonValue(result.document) : undefined).toBeUndefined();
          const imported =
            payload.kind === "stream"
              ? format.streamToCanonical(payload.chunks)
              : payload.kind === "request"
                ? format.requestToCanonical(payload.value)
                : format.responseToCanonical(payload.value);
          const document = mutate(imported.ok ? imported.document : {}, choice, nestArrays(levels));
          const documentPointer = checkJsonValue(document)?.pointer;
          for (const target of [...Object.values(formats), ...Object.values(documentConverters)]) {
            const written =
              "requestFromCanonical" in target
                ? target.requestFromCanonical(document as Tolerant.Transcript)
                : target.fromCanonical(document as Tolerant.Transcript);
            const writtenRefusedAt = written.ok ? undefined : written.errors[0]?.path;
            expect(documentPointer === undefined || writtenRefusedAt === documentPointer, target.id).toBe(true);
            expect(written.ok ? checkJsonValue(written.value) : undefined, target.id).toBeUndefined();
          }
        },
      ),
    );
  });

  it("keeps a tool call's arguments as raw text, with the reason, when they nest past the limit or hold an inexact number", () => {
    for (const args of [
      `{"a": ${"[".repeat(600)}${"]".repeat(600)}}`,
      '{"big": 1e400}',
      '{"id": 12345678901234567890}',
    ]) {
      const result = formats["openai-chat"]?.requestToCanonical({
        model: "gpt-4o",
        messages: [
          { role: "user", content: "go" },
          {
            role: "assistant",
            tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: args } }],
          },
        ],
      });
      const part = result?.ok ? result.document.messages[1]?.parts[0] : undefined;
      expect(part).toMatchObject({
        type: "tool_call",
        raw_input: args,
        input_error: expect.stringMatching(/nested deeper than 512|the number/),
      });
      expect(part).not.toHaveProperty("input");
    }
  });

  it("refuses a streamed tool input whose JSON holds a number no double can (1e400 would be written as null)", () => {
    const events = [
      {
        type: "message_start",
        message: {
          id: "msg_1",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-5",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      },
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "toolu_1", name: "f", input: {} },
      },
      { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: '{"big": 1e400}' } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 2 } },
      { type: "message_stop" },
    ];
    const result = formats.anthropic?.streamToCanonical(events);
    expect(result?.ok).toBe(false);
    expect(result?.ok ? [] : result?.errors).toEqual([
      { path: "/messages/0/parts/0/input/big", message: expect.stringMatching(/the number Infinity/) },
    ]);
  });

  /** Every object inside `value`, with a way to put a key into it (as JSON.parse would: an own property). */
  function objectsOf(value: unknown): Array<Record<string, unknown>> {
    const found: Array<Record<string, unknown>> = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === "object" && node !== null) {
        found.push(node as Record<string, unknown>);
        Object.values(node).forEach(walk);
      }
    };
    walk(value);
    return found;
  }

  /** Adds own `__proto__` and `constructor` keys to `target`, as JSON.parse gives them to a parsed object. */
  function poison(target: object): void {
    const keys = JSON.parse(
      '{"__proto__":{"polluted":true,"parts":[1]},"constructor":{"prototype":{"polluted":true}}}',
    ) as Record<string, unknown>;
    for (const [key, value] of Object.entries(keys))
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  }

  it("never pollutes a prototype when any object of a real payload or document carries __proto__ or constructor keys", () => {
    // Every object of a sample of payloads (and of their documents), one at a time, through import and every export.
    const sample = payloads.filter((_, index) => index % 9 === 0);
    let conversions = 0;
    for (const payload of sample) {
      const format = formats[payload.api] as AnyFormat;
      const source = payload.kind === "stream" ? payload.chunks : payload.value;
      const objects = objectsOf(source).length;
      for (let at = 0; at < Math.min(objects, 60); at += 1) {
        const copy = structuredClone(source);
        poison(objectsOf(copy)[at] as object);
        expectAnswer(() =>
          payload.kind === "stream"
            ? format.streamToCanonical(copy as unknown[])
            : payload.kind === "request"
              ? format.requestToCanonical(copy)
              : format.responseToCanonical(copy),
        );
        expectPrototypesClean();
        conversions += 1;
      }
      const imported =
        payload.kind === "stream"
          ? format.streamToCanonical(payload.chunks)
          : payload.kind === "request"
            ? format.requestToCanonical(payload.value)
            : format.responseToCanonical(payload.value);
      if (!imported.ok) continue;
      const documentObjects = objectsOf(imported.document).length;
      for (let at = 0; at < Math.min(documentObjects, 60); at += 1) {
        const document = structuredClone(imported.document);
        poison(objectsOf(document)[at] as object);
        for (const target of Object.values(formats)) {
          expectAnswer(() => target.requestFromCanonical(document));
          expectAnswer(() => target.responseFromCanonical(document));
          expectAnswer(() => target.streamFromCanonical(document));
          expectPrototypesClean();
          conversions += 3;
        }
      }
    }
    expect(conversions).toBeGreaterThan(10_000);
  });
});
