import { describe, expect, it } from "vitest";
import { mistralConverter } from "../../converters.js";
import type { MistralChatRequest } from "./types.js";

const call = (id: string, name = "look", args: unknown = "{}") => ({
  id,
  type: "function",
  function: { name, arguments: args },
});
const request = (messages: unknown[], extra: Record<string, unknown> = {}): MistralChatRequest =>
  ({ model: "mistral-small-latest", messages, ...extra }) as MistralChatRequest;

/** A request that keeps every rule: the passing case each failing case below breaks in one place. */
const valid = [
  { role: "system", content: "Be brief." },
  { role: "user", content: "Weather in Paris and Rome?" },
  { role: "assistant", content: "", tool_calls: [call("abcdefghi"), call("ABCDEFGH1")] },
  { role: "tool", tool_call_id: "abcdefghi", name: "look", content: "sunny" },
  { role: "tool", tool_call_id: "ABCDEFGH1", content: "rain" },
  { role: "assistant", content: "Sunny in Paris, rain in Rome." },
  { role: "user", content: "Thanks." },
  { role: "assistant", content: "You are", prefix: true },
];

const rules: ReadonlyArray<{
  rule: string;
  messages: unknown[];
  tools?: unknown[];
  problem: { path: string; message: string };
}> = [
  {
    rule: "at least one message",
    messages: [],
    problem: { path: "/messages", message: "must be a non-empty array of messages" },
  },
  {
    rule: "a role Mistral knows",
    messages: [
      { role: "developer", content: "x" },
      { role: "user", content: "y" },
    ],
    problem: { path: "/messages/0/role", message: 'role "developer" is not one Mistral knows' },
  },
  {
    rule: "one message is a user or system message",
    messages: [{ role: "assistant", content: "x", prefix: true }],
    problem: { path: "/messages/0/role", message: "a conversation of one message must be a user or system message" },
  },
  {
    rule: "no user right after tool",
    messages: [...valid.slice(0, 5), { role: "user", content: "and?" }],
    problem: { path: "/messages/5/role", message: "Mistral takes no user message right after a tool message" },
  },
  {
    rule: "no system right after assistant",
    messages: [...valid.slice(0, 6), { role: "system", content: "x" }, { role: "user", content: "y" }],
    problem: { path: "/messages/6/role", message: "Mistral takes no system message right after an assistant message" },
  },
  {
    rule: "the last message is user, tool or a prefix assistant",
    messages: valid.slice(0, 6),
    problem: {
      path: "/messages/5/role",
      message: "the last message must be a user or tool message, or an assistant message with prefix true",
    },
  },
  {
    rule: "prefix only on the last message",
    messages: [valid[1], { role: "assistant", content: "a", prefix: true }, { role: "user", content: "b" }],
    problem: { path: "/messages/1/prefix", message: "prefix true is allowed on the last message only" },
  },
  {
    rule: "an assistant message has content or calls",
    messages: [valid[1], { role: "assistant", content: [] }, { role: "user", content: "b" }],
    problem: { path: "/messages/1", message: "an assistant message needs content or tool calls" },
  },
  {
    rule: "a system message has content",
    messages: [{ role: "system", content: null }, valid[1]],
    problem: { path: "/messages/0/content", message: "a system message needs content" },
  },
  {
    rule: "call ids are nine letters and digits",
    messages: [
      valid[1],
      { role: "assistant", tool_calls: [call("call_abc")] },
      { role: "tool", tool_call_id: "call_abc", content: "x" },
    ],
    problem: { path: "/messages/1/tool_calls/0/id", message: "a tool call id must be exactly nine letters and digits" },
  },
  {
    rule: "a tool message's id is nine letters and digits",
    messages: [
      valid[1],
      { role: "assistant", tool_calls: [call("abcdefghi")] },
      { role: "tool", tool_call_id: "abc", content: "x" },
    ],
    problem: {
      path: "/messages/2/tool_call_id",
      message: "a tool message needs the tool_call_id it answers: nine letters and digits",
    },
  },
  {
    rule: "every call is answered right after its message",
    messages: [
      valid[1],
      { role: "assistant", tool_calls: [call("abcdefghi"), call("bcdefghij")] },
      { role: "tool", tool_call_id: "abcdefghi", content: "x" },
    ],
    problem: {
      path: "/messages/1/tool_calls/1",
      message: "tool call bcdefghij has no tool message right after its assistant message",
    },
  },
  {
    rule: "a tool message answers a call before its run",
    messages: [
      valid[1],
      { role: "assistant", content: "a" },
      { role: "tool", tool_call_id: "abcdefghi", content: "x" },
    ],
    problem: {
      path: "/messages/2/tool_call_id",
      message: "tool message for abcdefghi answers no call of the assistant message before its run of tool messages",
    },
  },
  {
    rule: "one tool message per call",
    messages: [
      valid[1],
      { role: "assistant", tool_calls: [call("abcdefghi")] },
      { role: "tool", tool_call_id: "abcdefghi", content: "x" },
      { role: "tool", tool_call_id: "abcdefghi", content: "y" },
    ],
    problem: {
      path: "/messages/3/tool_call_id",
      message: "tool message for abcdefghi answers a call that already has its tool message",
    },
  },
  {
    rule: "function names",
    messages: [
      valid[1],
      { role: "assistant", tool_calls: [call("abcdefghi", "web.search")] },
      { role: "tool", tool_call_id: "abcdefghi", content: "x" },
    ],
    problem: {
      path: "/messages/1/tool_calls/0/function/name",
      message: "a function name must be 1 to 64 letters, digits, underscores or dashes",
    },
  },
  {
    rule: "tool names",
    messages: [valid[1]],
    tools: [{ type: "function", function: { name: "a b", parameters: {} } }],
    problem: {
      path: "/tools/0/function/name",
      message: "a function name must be 1 to 64 letters, digits, underscores or dashes",
    },
  },
  {
    rule: "a tool message's name",
    messages: [
      valid[1],
      { role: "assistant", tool_calls: [call("abcdefghi")] },
      { role: "tool", tool_call_id: "abcdefghi", name: "no spaces", content: "x" },
    ],
    problem: {
      path: "/messages/2/name",
      message: "a tool name must be 1 to 64 letters, digits, underscores or dashes",
    },
  },
  {
    rule: "arguments are JSON text or an object",
    messages: [
      valid[1],
      { role: "assistant", tool_calls: [call("abcdefghi", "look", 3)] },
      { role: "tool", tool_call_id: "abcdefghi", content: "x" },
    ],
    problem: {
      path: "/messages/1/tool_calls/0/function/arguments",
      message: "arguments must be JSON text or an object",
    },
  },
];

describe("checkRequest", () => {
  it("accepts a request that keeps every rule, object arguments and an empty tool list included", () => {
    expect(mistralConverter.checkRequest(request(valid))).toEqual([]);
    expect(
      mistralConverter.checkRequest(
        request(
          [
            valid[1],
            { role: "assistant", tool_calls: [call("abcdefghi", "look", { a: 1 })] },
            { role: "tool", tool_call_id: "abcdefghi", content: "x" },
          ],
          { tools: [] },
        ),
      ),
    ).toEqual([]);
  });

  it.each(rules)("rule: $rule", ({ messages, tools, problem }) => {
    expect(mistralConverter.checkRequest(request(messages, tools === undefined ? {} : { tools }))).toContainEqual(
      problem,
    );
  });
});
