/**
 * Generated AWF transcript files (every event type, every block type, tool payloads, steps, loops, child-run links)
 * written here the way AWF's Go encoder writes them, through AWF → canonical → AWF: the same bytes; and the documents
 * they import to through canonical → AWF → canonical: the same document. Then hostile input: files cut at any
 * offset and garbage lines anywhere — never a throw, a strictly valid document, one loss per bad line naming it.
 */
import { validateTranscript } from "@agent-transcript/core/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importSessionTextWith } from "../../conversion/index.js";
import { compareGoKeys, goString, goValue } from "./from-canonical-go-json.js";
import { awfTranscriptExporter, awfTranscriptImporter } from "./index.js";

const runId = "550e8400-e29b-41d4-a716-446655440000";

const importText = (text: string) =>
  importSessionTextWith(awfTranscriptImporter, { main: { path: `${runId}.jsonl`, lines: text } });

const validationErrors = (document: unknown) => {
  const validation = validateTranscript(document);
  return validation.ok ? [] : validation.errors;
};

// Text JSON.stringify writes as Go does: no `<`, `>`, `&`, U+2028/2029 or control characters but line feed and tab.
const safeText = fc.string({
  unit: fc.constantFrom("a", "b", "Z", " ", "é", "\n", "\t", '"', "\\", "/", "…", "😀"),
  maxLength: 10,
});
const nonEmpty = safeText.filter((value) => value !== "");
const fidelity = fc.constantFrom("router", "agent_emitted");
/** A map of type `any`: Go sorts its keys, so the generator does too. */
const anyObject = fc
  .dictionary(fc.stringMatching(/^[a-z]{1,4}$/), fc.oneof(nonEmpty, fc.integer(), fc.boolean(), fc.constant(null)), {
    maxKeys: 3,
  })
  .map((object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => compareGoKeys(a, b))));

const block = fc.oneof(
  fc.record({ type: fc.constant("text"), fidelity, text: nonEmpty }),
  fc.record({ type: fc.constant("thinking"), fidelity, thinking: nonEmpty }),
  fc.record({ type: fc.constant("tool_use"), fidelity, tool_name: nonEmpty, tool_id: nonEmpty, tool_input: anyObject }),
  fc.record({
    type: fc.constant("tool_result"),
    fidelity,
    tool_id: nonEmpty,
    tool_content: fc.oneof(nonEmpty, anyObject),
  }),
  fc.record({ type: fc.constant("command"), fidelity, command: nonEmpty }),
  fc.record({ type: fc.constant("stream"), fidelity, text: nonEmpty }),
);

const stepPayload = fc.record(
  {
    name: nonEmpty,
    kind: fc.constantFrom("agent", "command", "operation", "parallel"),
    error: nonEmpty,
    result: fc.oneof(nonEmpty, anyObject),
  },
  { requiredKeys: ["name", "kind"] },
);

/** One event's type and payload (the envelope is added in file order). */
const eventBody = fc.oneof(
  fc
    .record({ type: fc.constantFrom("message.user", "message.assistant"), blocks: fc.array(block, { maxLength: 4 }) })
    .map(({ type, blocks }) => ({
      type,
      payload: { role: type === "message.user" ? "user" : "assistant", blocks },
    })),
  fc.record({ name: nonEmpty, call_id: nonEmpty, input: anyObject, fidelity }).map((payload) => ({
    type: "tool.call",
    payload: {
      name: payload.name,
      call_id: payload.call_id,
      input: payload.input,
      output: null,
      fidelity: payload.fidelity,
    },
  })),
  fc
    .record({
      name: nonEmpty,
      call_id: nonEmpty,
      output: fc.oneof(nonEmpty, anyObject),
      error: fc.option(nonEmpty, { nil: undefined }),
      fidelity,
    })
    .map((payload) => ({
      type: "tool.result",
      payload: {
        name: payload.name,
        call_id: payload.call_id,
        input: null,
        output: payload.output,
        error: payload.error,
        fidelity: payload.fidelity,
      },
    })),
  fc.record({ type: fc.constantFrom("step.started", "step.completed"), payload: stepPayload }),
  fc
    .record({ child: fc.uuid(), payload: stepPayload })
    .map(({ child, payload }) => ({ type: "step.call_workflow.started", child, payload })),
);

const body = fc.record({
  events: fc.array(
    fc.record({
      event: eventBody,
      path: fc.constantFrom("", "analyze", "loop.body"),
      iteration: fc.nat({ max: 3 }),
      step: fc.nat({ max: 5 }),
    }),
    {
      maxLength: 12,
    },
  ),
  completed: fc.boolean(),
  parent: fc.option(fc.uuid(), { nil: undefined }),
});

/** One line as Go's encoding/json writes it: struct fields in order, omitempty fields left out. */
function line(fields: Array<[string, unknown]>): string {
  return `{${fields
    .filter(([, value]) => value !== undefined)
    .map(
      ([key, value]) =>
        `${goString(key)}:${typeof value === "string" && value.startsWith("\u0000raw:") ? value.slice(5) : goValue(value)}`,
    )
    .join(",")}}`;
}

function payloadText(type: string, payload: Record<string, unknown> | null): string {
  if (payload === null) return "null";
  const order = type.startsWith("message.")
    ? ["role", "blocks"]
    : type.startsWith("tool.")
      ? ["name", "call_id", "input", "output", "error", "fidelity"]
      : ["name", "kind", "error", "result"];
  const blockOrder = [
    "type",
    "fidelity",
    "text",
    "thinking",
    "tool_name",
    "tool_id",
    "tool_input",
    "tool_content",
    "command",
    "chunk",
  ];
  return line(
    order.map((key) => [
      key,
      key === "blocks"
        ? `\u0000raw:[${(payload.blocks as Array<Record<string, unknown>>).map((entry) => line(blockOrder.map((name) => [name, entry[name]]))).join(",")}]`
        : payload[key],
    ]),
  );
}

function file(generated: typeof body extends fc.Arbitrary<infer T> ? T : never): string {
  let seq = 0;
  let second = 0;
  const at = () => new Date(Date.UTC(2026, 5, 8, 8, 0, second++)).toISOString();
  const envelope = (
    type: string,
    path: string,
    iteration: number,
    payload: Record<string, unknown> | null,
    child?: string,
  ) =>
    line([
      ["seq", ++seq],
      ["run_id", runId],
      ["parent_run_id", generated.parent],
      ["child_run_id", child],
      ["type", type],
      ["path", path],
      ["iteration", iteration],
      ["timestamp", at()],
      ["payload", `\u0000raw:${payloadText(type, payload)}`],
    ]);
  const lines = [envelope("run.started", "", 0, null)];
  for (const { event, path, iteration } of generated.events)
    lines.push(
      envelope(
        event.type,
        path,
        iteration,
        event.payload as Record<string, unknown>,
        "child" in event ? event.child : undefined,
      ),
    );
  if (generated.completed) lines.push(envelope("run.completed", "", 0, null));
  return `${lines.join("\n")}\n`;
}

describe("AWF transcript round trips over generated files", () => {
  it("AWF → canonical → AWF gives back the bytes, and canonical → AWF → canonical the document", () => {
    fc.assert(
      fc.property(body, (generated) => {
        const text = file(generated);
        const imported = importText(text);
        expect(imported.losses).toEqual([]);
        expect(validationErrors(imported.document)).toEqual([]);
        const exported = awfTranscriptExporter.fromCanonical(imported.document);
        if (!exported.ok) throw new Error("export failed");
        expect(exported.warnings).toEqual([]);
        expect(exported.files[0]?.text).toBe(text);
        expect(importText(exported.files[0]?.text ?? "").document).toEqual(imported.document);
      }),
    );
  });

  it("escapes text as Go does: <, >, & and U+2028/2029 as \\u escapes, other controls as \\u00XX", () => {
    expect(goString("<a href='x'>&\u2028\u2029\u0001\b\f\n\u007f")).toBe(
      "\"\\u003ca href='x'\\u003e\\u0026\\u2028\\u2029\\u0001\\b\\f\\n\u007f\"",
    );
    expect(goString("a\ud800b\ud83d\ude00")).toBe('"a\\ufffdb\ud83d\ude00"');
    expect(goValue({ b: 1, a: [true, null, "é"], "😀": 2, Z: 0 })).toBe('{"Z":0,"a":[true,null,"é"],"b":1,"😀":2}');
  });
});

describe("hostile AWF transcript files", () => {
  const sample = fc
    .sample(body, { numRuns: 30, seed: 7 })
    .map(file)
    .filter((text) => text.split("\n").length > 4);

  it("a file cut at any offset loses at most the cut line, with a loss naming it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...sample), fc.double({ min: 0, max: 1, noNaN: true }), (text, fraction) => {
        const cut = text.slice(0, Math.floor(text.length * fraction));
        const result = importText(cut);
        expect(validationErrors(result.document)).toEqual([]);
        const lines = cut.split("\n");
        const last = lines.at(-1) ?? "";
        let whole = true;
        try {
          JSON.parse(last);
        } catch {
          whole = last === "";
        }
        expect(result.losses.map((loss) => loss.line)).toEqual(whole ? [] : [lines.length]);
      }),
    );
  });

  it("garbage lines anywhere: one loss per garbage line, by its line number, the rest read", () => {
    const garbage = fc.oneof(
      fc
        .string({ maxLength: 20 })
        .filter((value) => value.trim() !== "" && !value.includes("\n") && !value.includes("\r")),
      fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...sample),
        fc.array(fc.tuple(fc.nat(), garbage), { minLength: 1, maxLength: 4 }),
        (text, inserts) => {
          const lines = text.trimEnd().split("\n");
          const bad: string[] = [];
          for (const [position, value] of inserts) {
            let valid: boolean;
            try {
              const parsed: unknown = JSON.parse(value);
              valid = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && "seq" in parsed;
            } catch {
              valid = false;
            }
            if (valid) continue;
            lines.splice(position % (lines.length + 1), 0, value);
            bad.push(value);
          }
          const result = importText(lines.join("\n"));
          expect(validationErrors(result.document)).toEqual([]);
          const lost = result.losses.filter((loss) => loss.code === "unparsable-line" || loss.code === "invalid-line");
          expect(lost.map((loss) => lines[(loss.line ?? 0) - 1]).sort()).toEqual(bad.sort());
          // A garbage line that is a number no double holds exactly (`-0`, `1e400`) is refused by the parser's number
          // check, whose message names the number instead of saying "not valid JSON".
          for (const loss of lost)
            expect(loss.message).toMatch(/^(not valid JSON|not an AWF transcript event|the value nests|the number )/);
        },
      ),
    );
  });

  it("a garbage line holding a number JSON cannot write back costs that line, with a loss naming the number", () => {
    // Found by the generated test above (a garbage line `-0`): its loss names the number, not "not valid JSON".
    const lines = (sample[0] as string).trimEnd().split("\n");
    for (const garbage of ["-0", "1e400", "-0.0e5"]) {
      const result = importText([lines[0], garbage, ...lines.slice(1)].join("\n"));
      expect(validationErrors(result.document)).toEqual([]);
      const lost = result.losses.filter((loss) => loss.code === "unparsable-line" || loss.code === "invalid-line");
      expect(lost.map((loss) => [loss.line, loss.message.slice(0, `the number ${garbage} `.length)])).toEqual([
        [2, `the number ${garbage} `],
      ]);
    }
  });
});
