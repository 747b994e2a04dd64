import { damagedEvent } from "@agent-transcript/fixtures/event-lines";
import { loadExamples } from "@agent-transcript/fixtures/examples";
import fc from "fast-check";
import * as strictFast from "./generated/v1/validators/hot-definitions.strict.fast.js";
import * as tolerantFast from "./generated/v1/validators/hot-definitions.tolerant.fast.js";
import { describe, expect, it } from "vitest";
import * as eventStrict from "./generated/v1/validators/event.strict.js";
import * as eventTolerant from "./generated/v1/validators/event.tolerant.js";
import * as messageStrict from "./generated/v1/validators/message.strict.js";
import * as messageTolerant from "./generated/v1/validators/message.tolerant.js";
import * as partStrict from "./generated/v1/validators/part.strict.js";
import * as partTolerant from "./generated/v1/validators/part.tolerant.js";
import * as transcriptStrict from "./generated/v1/validators/transcript.strict.js";
import * as transcriptTolerant from "./generated/v1/validators/transcript.tolerant.js";
import type { StandaloneValidator } from "./standalone-validator.js";
import { validateMessage, validatePart, validateTranscript } from "./validators.js";

/**
 * The specialised validators (tools/codegen/src/fast-validators.ts) against ajv's, the reference: the same verdict on
 * every value, valid or not. A yes where ajv says no would let an invalid value through; a no where ajv says yes
 * only costs time, but is held to agreement all the same.
 */
interface Pair {
  name: string;
  fast: (value: unknown) => boolean;
  reference: StandaloneValidator<unknown>;
}

const pairs: Pair[] = [
  { name: "Transcript strict", fast: strictFast.Transcript, reference: transcriptStrict.Transcript },
  { name: "Transcript tolerant", fast: tolerantFast.Transcript, reference: transcriptTolerant.Transcript },
  { name: "Message strict", fast: strictFast.Message, reference: messageStrict.Message },
  { name: "Message tolerant", fast: tolerantFast.Message, reference: messageTolerant.Message },
  { name: "Part strict", fast: strictFast.Part, reference: partStrict.Part },
  { name: "Part tolerant", fast: tolerantFast.Part, reference: partTolerant.Part },
  { name: "Event strict", fast: strictFast.Event, reference: eventStrict.Event },
  { name: "Event tolerant", fast: tolerantFast.Event, reference: eventTolerant.Event },
  { name: "MessagePayload strict", fast: strictFast.MessagePayload, reference: eventStrict.MessagePayload },
  {
    name: "MessagePayload tolerant",
    fast: tolerantFast.MessagePayload,
    reference: eventTolerant.MessagePayload,
  },
  { name: "ToolPayload strict", fast: strictFast.ToolPayload, reference: eventStrict.ToolPayload },
  { name: "ToolPayload tolerant", fast: tolerantFast.ToolPayload, reference: eventTolerant.ToolPayload },
];

const pairsByDefinition = new Map<string, Pair[]>();
for (const pair of pairs) {
  const definition = pair.name.split(" ")[0] as string;
  pairsByDefinition.set(definition, [...(pairsByDefinition.get(definition) ?? []), pair]);
}

function expectAgreement(pair: Pair, value: unknown): boolean {
  const expected = pair.reference(value);
  expect(pair.fast(value), `${pair.name}: ${JSON.stringify(value)}`).toBe(expected);
  return expected;
}

const examples = loadExamples();
const examplesOf = (definition: string): unknown[] =>
  examples.filter((example) => example.definition === definition).map((example) => example.value);
const validOf = (definition: string): Array<Record<string, unknown>> =>
  examples
    .filter((example) => example.definition === definition && example.group === "valid")
    .map((example) => example.value as Record<string, unknown>);

/** A valid transcript holding `messages` instead of its own: the examples of the parts meet the whole document. */
function transcriptWith(messages: unknown[]): Record<string, unknown> {
  const [base] = validOf("Transcript");
  return { ...structuredClone(base), messages };
}

describe("the specialised validators", () => {
  it("agree with ajv on every schema example, of every definition", () => {
    expect(examples.length).toBeGreaterThan(100);
    for (const example of examples) for (const pair of pairs) expectAgreement(pair, example.value);
  });

  it("agree with ajv on every example of each definition in its own place: valid ones pass, invalid ones fail", () => {
    for (const [definition, definitionPairs] of pairsByDefinition) {
      const own = examples.filter((example) => example.definition === definition);
      expect(own.length, definition).toBeGreaterThan(0);
      for (const pair of definitionPairs) for (const example of own) expectAgreement(pair, example.value);
    }
  });

  it("agree with ajv on documents holding each part and message example (valid, invalid and newer)", () => {
    const partDefinitions = [...new Set(examples.map((example) => example.definition))].filter(
      (definition) => definition === "Part" || definition.endsWith("Part"),
    );
    const [message] = validOf("Message");
    const documents = [
      ...partDefinitions.flatMap((definition) =>
        examplesOf(definition).map((part) => transcriptWith([{ ...structuredClone(message), parts: [part] }])),
      ),
      ...examplesOf("Message").map((example) => transcriptWith([example])),
    ];
    const verdicts = documents.map((document) =>
      (pairsByDefinition.get("Transcript") ?? []).map((pair) => expectAgreement(pair, document)),
    );
    // Both kinds are there: documents that pass and documents that fail.
    expect(new Set(verdicts.flat())).toEqual(new Set([true, false]));
  });

  it("agree with ajv on damaged documents, messages, parts and events (generated)", () => {
    for (const [definition, definitionPairs] of pairsByDefinition) {
      const valid = validOf(definition);
      expect(valid.length, definition).toBeGreaterThan(0);
      let refused = 0;
      fc.assert(
        fc.property(damagedEvent(valid), (value) => {
          for (const pair of definitionPairs) if (!expectAgreement(pair, value)) refused += 1;
        }),
        { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
      );
      // The damage is real: a good share of the generated values are invalid.
      expect(refused, definition).toBeGreaterThan(fc.readConfigureGlobal().numRuns! / 5);
    }
  });

  it("agree with ajv on documents damaged twice, deep inside their messages and parts", () => {
    const documents = validOf("Transcript");
    let refused = 0;
    const once = damagedEvent(documents).filter((value) => typeof value === "object" && value !== null);
    fc.assert(
      fc.property(
        once.chain((value) => damagedEvent([value as Record<string, unknown>])),
        (value) => {
          for (const pair of pairsByDefinition.get("Transcript") ?? []) if (!expectAgreement(pair, value)) refused += 1;
        },
      ),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
    expect(refused).toBeGreaterThan(fc.readConfigureGlobal().numRuns! / 5);
  });

  it("leave values that are not plain data to ajv, whose answer the public validators give", () => {
    const [message] = validOf("Message");
    class Carrier {
      constructor(fields: Record<string, unknown>) {
        Object.assign(this, fields);
      }
    }
    const instance = new Carrier(structuredClone(message) as Record<string, unknown>);
    expect(strictFast.Message(instance)).toBe(false);
    expect(validateMessage(instance).ok).toBe(messageStrict.Message(instance));
    // A getter on the prototype is a property for ajv: the specialised check must not skip it.
    const { role: _role, ...withoutRole } = structuredClone(message) as Record<string, unknown>;
    const withGetter = Object.assign(
      Object.create(Object.defineProperty({}, "role", { get: () => "narrator", enumerable: false })) as object,
      withoutRole,
    );
    expect(strictFast.Message(withGetter)).toBe(false);
    expect(validateMessage(withGetter).ok).toBe(messageStrict.Message(withGetter));
  });

  it("answer the public validators the same way on valid and invalid values", () => {
    const [document] = validOf("Transcript");
    expect(validateTranscript(document)).toEqual({ ok: true, value: document });
    const broken = { ...structuredClone(document), messages: [{ role: "narrator", parts: [] }] };
    const result = validateTranscript(broken);
    expect(result.ok ? [] : result.errors.map((error) => error.pointer)).toContain("/messages/0/role");
    expect(validatePart({ type: "text", text: "hi" }).ok).toBe(true);
    expect(validatePart({ type: "text" }).ok).toBe(false);
  });
});
