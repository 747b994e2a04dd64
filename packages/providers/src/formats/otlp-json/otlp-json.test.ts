// OpenTelemetry traces as an import format, through the calls a user makes: detection among the other formats, the
// import of a file in each framing a collector or our export writes, the losses by line and JSON pointer, and the
// files that are not traces.
import { readFileSync } from "node:fs";
import path from "node:path";
import { formatVersion } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { describe, expect, it } from "vitest";
import { isExpectedSessionLoss } from "../../conversion/index.js";
import { toOtlpTraces } from "../../otel-genai/from-canonical.js";
import { runWithChild } from "../../otel-genai/otel-genai.test.helpers.js";
import type { OtlpTraceRequest } from "../../otel-genai/types.js";
import { detectSessionFormat, importSessionText } from "../../sessions.js";

const traces = (content: "none" | "attributes" = "attributes"): OtlpTraceRequest =>
  toOtlpTraces(runWithChild(), { content });

/** The import of `text`, which must succeed: the outcome's fields. */
function imported(text: string, path = "traces.json") {
  const outcome = importSessionText(text, { path });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

/** The spans of a request, split into two requests at `at` (as a batching exporter sends one trace). */
function split(request: OtlpTraceRequest, at: number): [OtlpTraceRequest, OtlpTraceRequest] {
  const [resource] = request.resourceSpans;
  const [scope] = resource?.scopeSpans ?? [];
  if (resource === undefined || scope === undefined) throw new Error("no spans");
  const part = (spans: typeof scope.spans): OtlpTraceRequest => ({
    resourceSpans: [{ ...resource, scopeSpans: [{ ...scope, spans }] }],
  });
  return [part(scope.spans.slice(0, at)), part(scope.spans.slice(at))];
}

describe("otlp-json import", () => {
  const compact = JSON.stringify(traces());
  const reference = imported(compact);

  it("is detected in every framing, and never in an agent's session or our own document", () => {
    const [first, second] = split(traces(), 3);
    for (const text of [
      compact,
      JSON.stringify(traces(), null, 2),
      JSON.stringify([first, second], null, 2),
      `${JSON.stringify(first)}\n${JSON.stringify(second)}\n`,
    ])
      expect(detectSessionFormat(text)).toBe("otlp-json");
    const root = realFixturesRoot();
    const session = loadRealFixtures().find(
      (fixture) =>
        fixture.classification.category === "agent-session" && fixture.classification.format === "claude-code",
    );
    expect(session).toBeDefined();
    expect(detectSessionFormat(readFileSync(path.join(root, session?.file as string), "utf8"))).toBe("claude-code");
    expect(detectSessionFormat(JSON.stringify(runWithChild(), null, 2))).toBeUndefined();
    // A tool output that mentions the key is not a file that opens with it.
    expect(detectSessionFormat('{"type":"user","text":"{\\"resourceSpans\\": []}"}')).toBeUndefined();
  });

  it("reads the run, its child run and its provenance into a strictly valid document", () => {
    const { document, children, losses, records, format } = reference;
    expect(format).toBe("otlp-json");
    expect(validateTranscript(document).ok).toBe(true);
    expect(document.schema_version).toBe(formatVersion);
    expect(document.source).toEqual({ format: "otlp-json", format_version: "1.41.1", path: "traces.json" });
    const run = runWithChild();
    expect(document.messages.map((message) => message.role)).toEqual(run.messages.map((message) => message.role));
    // The sub-agent: a child run of its own, in the result and embedded under the call that started it.
    expect(children.map((child) => child.runId)).toEqual(run.run?.children?.map((child) => child.run_id));
    expect(children[0]?.document.source?.format).toBe("otlp-json");
    expect(document.run?.children?.[0]?.call_id).toBe(run.run?.children?.[0]?.call_id);
    expect(records).toBe(traces().resourceSpans[0]?.scopeSpans[0]?.spans.length);
    expect(losses).toEqual([]);
  });

  it("reads the same document from a pretty-printed request, an array of requests and one request per line", () => {
    const [first, second] = split(traces(), 4);
    for (const text of [
      JSON.stringify(traces(), null, 2),
      JSON.stringify([first, second]),
      `${JSON.stringify(first)}\n\n${JSON.stringify(second)}\n`,
    ]) {
      const read = imported(text);
      expect(read.document).toEqual(reference.document);
      expect(read.losses).toEqual([]);
    }
  });

  it("costs a line that is not a request that line, and reads the others", () => {
    const [first, second] = split(traces(), 4);
    const read = imported(
      `${JSON.stringify(first)}\n{"resourceSpans": [\n${JSON.stringify(second)}\n["not", "a request"]\n`,
    );
    expect(read.document).toEqual(reference.document);
    expect(read.losses.map(({ code, line }) => ({ code, line }))).toEqual([
      { code: "unparsable-line", line: 2 },
      { code: "invalid-line", line: 4 },
    ]);
  });

  it("names each loss by the file's line and the span's JSON pointer", () => {
    const request = traces();
    const spans = request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    const call = spans.find((span) => span.name.startsWith("chat "));
    const output = call?.attributes.find((attribute) => attribute.key === "gen_ai.output.messages");
    if (call === undefined || output === undefined) throw new Error("the run has a model call with output messages");
    output.value = {
      stringValue: JSON.stringify([{ role: "assistant", parts: [{ type: "hologram", content: "?" }] }]),
    };
    const text = JSON.stringify(request, null, 2);
    const { losses } = imported(text);
    const index = spans.indexOf(call);
    expect(losses).toEqual([
      {
        code: "left-out",
        file: "traces.json",
        line: expect.any(Number),
        message: `/resourceSpans/0/scopeSpans/0/spans/${index}: a "hologram" part has no canonical equivalent: left out`,
      },
    ]);
    // The line is where that span opens: its ids follow on the next lines.
    const lines = text.split("\n");
    const line = losses[0]?.line as number;
    expect(lines[line - 1]?.trim()).toBe("{");
    expect(lines.slice(line, line + 3).join("\n")).toContain(`"spanId": "${call.spanId}"`);
  });

  it("says what a trace recorded without content does not carry, as an expected loss", () => {
    const { document, losses } = imported(JSON.stringify(traces("none")));
    expect(validateTranscript(document).ok).toBe(true);
    expect(losses.length).toBeGreaterThan(0);
    expect(losses.every((loss) => loss.code === "not-carried" && isExpectedSessionLoss(loss))).toBe(true);
    expect(losses[0]?.message).toContain("content capture was off");
  });

  it("reads the first of several traces and names the others", () => {
    const other = toOtlpTraces({ ...runWithChild(), id: "another-run" }, { content: "attributes" });
    const { document, losses } = imported(`${compact}\n${JSON.stringify(other)}\n`);
    expect(document).toEqual(reference.document);
    expect(losses).toHaveLength(1);
    expect(losses[0]?.code).toBe("left-out");
    expect(losses[0]?.message).toMatch(
      /^the file holds 2 traces: the first \(trace [0-9a-f]{32}\) is read; left out: [0-9a-f]{32}/,
    );
  });

  it("gives an empty, valid document and says why for a file that holds no run", () => {
    for (const [text, message] of [
      ['{"resourceSpans": []}', "the traces hold no span: no run in them"],
      ["\n\n", "the file is empty: no OTLP/JSON traces in it"],
      [
        '{"resourceSpans": [{"scopeSpans": {}}]}',
        "not OTLP/JSON traces: /resourceSpans/0/scopeSpans: expected an array of scope spans",
      ],
    ] as const) {
      const outcome = importSessionText(text, { format: "otlp-json", path: "t.json" });
      if (!outcome.ok) throw new Error(outcome.message);
      expect(validateTranscript(outcome.document).ok).toBe(true);
      expect(outcome.document.messages).toEqual([]);
      expect(outcome.document.source?.format).toBe("otlp-json");
      expect(outcome.records).toBe(0);
      expect(outcome.losses.map((loss) => loss.message)).toEqual([message]);
    }
  });

  it("refuses an agent's session named as traces, costing nothing but the import", () => {
    const outcome = importSessionText('{"type":"user","message":{"role":"user","content":"hi"}}\n{"type":"x"}\n', {
      format: "otlp-json",
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.records).toBe(0);
    expect(outcome.losses.map((loss) => [loss.code, loss.line])).toEqual([
      ["invalid-line", 1],
      ["invalid-line", 2],
      ["invalid-line", undefined],
    ]);
    expect(outcome.losses[0]?.message).toBe("line 1: not an OTLP/JSON export request (no resourceSpans array)");
  });
});
