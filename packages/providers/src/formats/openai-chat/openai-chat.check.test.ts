import type { ChatCompletionCreateParams } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { openaiChatConverter } from "../../converters.js";

function request(value: unknown): ChatCompletionCreateParams {
  return value as ChatCompletionCreateParams;
}

describe("checkRequest", () => {
  const call = (id: string, args: unknown = "{}") => ({
    id,
    type: "function",
    function: { name: "f", arguments: args },
  });
  const ok = [
    { role: "user", content: "hi" },
    { role: "assistant", tool_calls: [call("a"), call("b")] },
    { role: "tool", tool_call_id: "a", content: "1" },
    { role: "tool", tool_call_id: "b", content: "2" },
    { role: "assistant", content: "done" },
  ];

  it("accepts a well-formed history", () => {
    expect(openaiChatConverter.checkRequest(request({ model: "m", messages: ok }))).toEqual([]);
  });

  it("rejects an unknown role", () => {
    expect(
      openaiChatConverter.checkRequest(request({ model: "m", messages: [{ role: "model", content: "x" }] })),
    ).toEqual([{ path: "/messages/0/role", message: 'role "model" is not one Chat knows' }]);
  });

  it("rejects arguments that are not a string", () => {
    const messages = [
      { role: "assistant", tool_calls: [call("a", { x: 1 })] },
      { role: "tool", tool_call_id: "a", content: "1" },
    ];
    expect(openaiChatConverter.checkRequest(request({ model: "m", messages }))).toEqual([
      { path: "/messages/0/tool_calls/0/function/arguments", message: "arguments must be a string of JSON text" },
    ]);
  });

  it("rejects a call without its tool message right after the assistant message", () => {
    const messages = [
      { role: "assistant", tool_calls: [call("a"), call("b")] },
      { role: "tool", tool_call_id: "a", content: "1" },
      { role: "user", content: "x" },
      { role: "tool", tool_call_id: "b", content: "2" },
    ];
    const problems = openaiChatConverter.checkRequest(request({ model: "m", messages }));
    expect(problems).toContainEqual({
      path: "/messages/0/tool_calls/1",
      message: "tool call b has no tool message right after its assistant message",
    });
    expect(problems).toContainEqual({
      path: "/messages/3/tool_call_id",
      message: "tool message for b answers no call of the assistant message right before it",
    });
  });

  it("rejects a tool message with no call and a second answer to one call", () => {
    expect(
      openaiChatConverter.checkRequest(
        request({ model: "m", messages: [{ role: "tool", tool_call_id: "z", content: "1" }] }),
      ),
    ).toEqual([
      {
        path: "/messages/0/tool_call_id",
        message: "tool message for z answers no call of the assistant message right before it",
      },
    ]);
    const twice = [
      { role: "assistant", tool_calls: [call("a")] },
      { role: "tool", tool_call_id: "a", content: "1" },
      { role: "tool", tool_call_id: "a", content: "1" },
    ];
    expect(openaiChatConverter.checkRequest(request({ model: "m", messages: twice }))).toEqual([
      {
        path: "/messages/2/tool_call_id",
        message: "tool message for a answers a call that already has its tool message",
      },
    ]);
  });

  it("rejects ids that are empty, too long or reused", () => {
    const long = "x".repeat(65);
    const messages = [
      { role: "assistant", tool_calls: [call(long), call("")] },
      { role: "assistant", tool_calls: [call("a")] },
      { role: "tool", tool_call_id: "a", content: "" },
      { role: "assistant", tool_calls: [call("a")] },
      { role: "tool", tool_call_id: "a", content: "" },
    ];
    expect(openaiChatConverter.checkRequest(request({ model: "m", messages }))).toEqual([
      { path: "/messages/0/tool_calls/0/id", message: "a tool call id must be a string of 1 to 64 characters" },
      { path: "/messages/0/tool_calls/1/id", message: "a tool call id must be a string of 1 to 64 characters" },
      { path: "/messages/3/tool_calls/0/id", message: "tool call id a is used twice" },
      {
        path: "/messages/4/tool_call_id",
        message: "tool message for a answers no call of the assistant message right before it",
      },
    ]);
  });
});
