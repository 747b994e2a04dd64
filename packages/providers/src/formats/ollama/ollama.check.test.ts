import type { ChatRequest } from "ollama";
import { describe, expect, it } from "vitest";
import { ollamaConverter } from "../../converters.js";

function request(messages: unknown[]): ChatRequest {
  return { model: "m", messages } as ChatRequest;
}

describe("checkRequest", () => {
  const call = { function: { name: "add", arguments: { a: 1 } } };

  it("accepts a well-formed history", () => {
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "user", content: "x", images: ["iVBORw0KGgo="] },
          { role: "assistant", content: "", tool_calls: [call] },
          { role: "tool", content: "2", tool_name: "add" },
        ]),
      ),
    ).toEqual([]);
  });

  it("rejects an unknown role", () => {
    expect(ollamaConverter.checkRequest(request([{ role: "developer", content: "x" }]))).toEqual([
      { path: "/messages/0/role", message: 'role "developer" is not one Ollama knows' },
    ]);
  });

  it("rejects arguments sent as JSON text", () => {
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [{ function: { name: "add", arguments: '{"a":1}' } }] },
        ]),
      ),
    ).toEqual([
      { path: "/messages/0/tool_calls/0/function/arguments", message: "arguments must be an object, not JSON text" },
    ]);
  });

  it("rejects images with a data: prefix", () => {
    expect(
      ollamaConverter.checkRequest(request([{ role: "user", content: "x", images: ["data:image/png;base64,AAAA"] }])),
    ).toEqual([{ path: "/messages/0/images/0", message: "an image must be bare base64, without a data: prefix" }]);
  });

  it("rejects a tool message with no call before it, or naming a tool no call used", () => {
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "user", content: "x" },
          { role: "tool", content: "2", tool_name: "add" },
        ]),
      ),
    ).toEqual([{ path: "/messages/1", message: "a tool message must follow an assistant message with tool calls" }]);
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [call] },
          { role: "tool", content: "2", tool_name: "mul" },
        ]),
      ),
    ).toEqual([
      { path: "/messages/1/tool_name", message: "no call of the assistant message before names the tool mul" },
    ]);
  });
});

describe("checkRequest on tool ids", () => {
  it("rejects a tool_call_id no call of the assistant message before has, and a call id used twice", () => {
    const call = (id: string) => ({ id, function: { name: "add", arguments: { a: 1 } } });
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [call("c1")] },
          { role: "tool", content: "2", tool_name: "add", tool_call_id: "c2" },
        ]),
      ),
    ).toEqual([{ path: "/messages/1/tool_call_id", message: "no call of the assistant message before has the id c2" }]);
    expect(
      ollamaConverter.checkRequest(
        request([
          { role: "assistant", content: "", tool_calls: [call("c1")] },
          { role: "tool", content: "2", tool_name: "add", tool_call_id: "c1" },
          { role: "assistant", content: "", tool_calls: [call("c1")] },
        ]),
      ),
    ).toEqual([
      {
        path: "/messages/2/tool_calls/0/id",
        message: "an earlier call has the id c1 too; a tool message's tool_call_id would be ambiguous",
      },
    ]);
  });
});
