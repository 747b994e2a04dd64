import { describe, expect, it } from "vitest";
import { parseServerSentEvents } from "./json.js";

const values = (text: string): unknown[] => {
  const result = parseServerSentEvents(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.events.map((event) => event.value);
};

describe("parseServerSentEvents (@agent-transcript/core/json)", () => {
  it("reads each event's data as JSON, with its type and the line its data starts on", () => {
    const text = 'event: message_start\ndata: {"n":1}\n\ndata: {"n":2}\n\n';
    expect(parseServerSentEvents(text)).toEqual({
      ok: true,
      events: [
        { type: "message_start", value: { n: 1 }, line: 2 },
        { type: "message", value: { n: 2 }, line: 4 },
      ],
    });
  });

  it("ends lines at CRLF, LF or a lone CR, as the standard does", () => {
    expect(values('data: {"n":1}\r\n\r\ndata: {"n":2}\r\rdata: {"n":3}\n\n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it("joins an event's data lines by line feeds, skips comments, and ignores id and retry", () => {
    const text = ': keep-alive\nid: 7\nretry: 100\ndata: {"text":\n: a comment between\ndata: "two lines"}\n\n';
    expect(values(text)).toEqual([{ text: "two lines" }]);
  });

  it("takes one leading space off a value, no more, and reads a field with no colon as empty", () => {
    const text = "data:  two spaces\n\ndata\ndata:not json\n\n";
    expect(parseServerSentEvents(text)).toMatchObject({
      ok: true,
      events: [{ value: " two spaces" }, { value: "\nnot json" }],
    });
  });

  it("carries no payload for [DONE], an event without data or with blank data", () => {
    expect(values('event: ping\n\ndata:\n\ndata:   \n\ndata: [DONE]\n\ndata: {"n":1}\n\n')).toEqual([{ n: 1 }]);
  });

  it("ends the last event at the end of the text, and skips a byte order mark", () => {
    expect(values('\uFEFFdata: {"n":1}\n\ndata: {"n":2}')).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it("keeps data that is not JSON as its text, for the caller to report", () => {
    expect(values('data: {"n":1}\n\ndata: not json\n\n')).toEqual([{ n: 1 }, "not json"]);
  });

  it("refuses JSON past the nesting limit, naming the event, its line and column in the text and the pointer", () => {
    const text = 'data: {"n":1}\n\nevent: deep\ndata: {"a":\ndata:  [[1]]}\n\ndata: {"n":3}\n\n';
    expect(parseServerSentEvents(text, { maxDepth: 2 })).toEqual({
      ok: false,
      error: {
        code: "too-deep",
        index: 1,
        line: 5,
        column: 9,
        pointer: "/a/0",
        reason: expect.stringContaining("2"),
        message: expect.stringMatching(/^event 2 at line 5, column 9: /),
      },
    });
  });

  it("refuses a number a double cannot hold, naming where", () => {
    const result = parseServerSentEvents('data: {"id": 12345678901234567890}\n\n');
    expect(result).toMatchObject({ ok: false, error: { code: "inexact-number", line: 1, column: 14, pointer: "/id" } });
  });

  it("reads a long text of lines without a colon in linear time", () => {
    const text = `${"x".repeat(40)}\n`.repeat(200_000) + 'data: {"n":1}\n\n';
    expect(values(text)).toEqual([{ n: 1 }]);
  });
});
