import type { MessageCreateParams } from "@anthropic-ai/sdk/resources/messages";
import { describe, expect, it } from "vitest";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { checkRequest } from "./check.js";
import type { JsonObject } from "../../conversion/index.js";
import { asNative } from "../../families/content-blocks/index.js";

const requests = loadRealFixtures().flatMap((file) =>
  file.payloads.flatMap((payload) =>
    payload.api === "anthropic" && payload.kind === "request" ? [{ origin: payload.origin, value: payload.value }] : [],
  ),
);

function request(messages: unknown[]): MessageCreateParams {
  return asNative<MessageCreateParams>({ model: "claude-sonnet-4-5", max_tokens: 100, messages } satisfies JsonObject);
}

const call = (id: string) => ({ type: "tool_use", id, name: "lookup", input: {} });
const result = (id: string) => ({ type: "tool_result", tool_use_id: id, content: "ok" });

describe("checkRequest", () => {
  it("passes every recorded request", () => {
    expect(requests.length).toBe(92);
    for (const payload of requests)
      expect({
        origin: payload.origin,
        problems: checkRequest(asNative<MessageCreateParams>(payload.value as JsonObject)),
      }).toEqual({ origin: payload.origin, problems: [] });
  });

  it("passes a pending call in the last message, server tools without results, and a mid-conversation system message", () => {
    expect(
      checkRequest(
        request([
          { role: "user", content: "hi" },
          {
            role: "assistant",
            content: [{ type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} }, call("a")],
          },
          { role: "user", content: [result("a")] },
          { role: "system", content: "Be brief." },
          { role: "assistant", content: [call("b")] },
        ]),
      ),
    ).toEqual([]);
  });

  it("needs a first user message and at least one message", () => {
    expect(checkRequest(request([]))).toEqual([
      { path: "/messages", message: expect.stringContaining("at least one") },
    ]);
    expect(checkRequest(request([{ role: "assistant", content: "hi" }]))).toEqual([
      { path: "/messages/0/role", message: expect.stringContaining("first message") },
    ]);
    expect(
      checkRequest(
        request([
          { role: "system", content: "x" },
          { role: "user", content: "hi" },
        ]),
      )[0]?.path,
    ).toBe("/messages/0/role");
  });

  it("rejects unknown roles and empty content", () => {
    expect(checkRequest(request([{ role: "tool", content: "x" }]))).toEqual([
      { path: "/messages/0/role", message: expect.stringContaining("user, assistant or system") },
    ]);
    expect(checkRequest(request([{ role: "user", content: "" }]))).toEqual([
      { path: "/messages/0/content", message: "content must not be empty" },
    ]);
    expect(checkRequest(request([{ role: "user", content: [] }]))).toEqual([
      { path: "/messages/0/content", message: "content must not be empty" },
    ]);
  });

  it("needs every tool_use answered in the very next user message", () => {
    const unanswered = request([
      { role: "user", content: "hi" },
      { role: "assistant", content: [call("a"), call("b")] },
      { role: "user", content: [result("a")] },
    ]);
    expect(checkRequest(unanswered)).toEqual([
      { path: "/messages/1/content/1", message: expect.stringContaining("tool_use b has no tool_result") },
    ]);
    const late = request([
      { role: "user", content: "hi" },
      { role: "assistant", content: [call("a")] },
      { role: "user", content: "wait" },
      { role: "assistant", content: "ok" },
      { role: "user", content: [result("a")] },
    ]);
    expect(checkRequest(late).map((problem) => problem.path)).toEqual([
      "/messages/1/content/0",
      "/messages/4/content/0/tool_use_id",
    ]);
    const systemBetween = request([
      { role: "user", content: "hi" },
      { role: "assistant", content: [call("a")] },
      { role: "system", content: "x" },
      { role: "user", content: [result("a")] },
    ]);
    expect(checkRequest(systemBetween).map((problem) => problem.path)).toEqual([
      "/messages/1/content/0",
      "/messages/3/content/0/tool_use_id",
    ]);
  });

  it("treats consecutive messages of one role as one turn, as the API does", () => {
    expect(
      checkRequest(
        request([
          { role: "user", content: "hi" },
          { role: "assistant", content: [call("a")] },
          { role: "assistant", content: [call("b")] },
          { role: "user", content: [result("a"), result("b")] },
        ]),
      ),
    ).toEqual([]);
  });

  it("rejects results for unknown ids, answered twice, or outside user messages", () => {
    expect(checkRequest(request([{ role: "user", content: [result("ghost")] }]))).toEqual([
      { path: "/messages/0/content/0/tool_use_id", message: expect.stringContaining("answers no tool_use") },
    ]);
    const twice = request([
      { role: "user", content: "hi" },
      { role: "assistant", content: [call("a")] },
      { role: "user", content: [result("a"), result("a")] },
    ]);
    expect(checkRequest(twice)).toEqual([
      { path: "/messages/2/content/1/tool_use_id", message: expect.stringContaining("answered twice") },
    ]);
    const inAssistant = request([
      { role: "user", content: "hi" },
      { role: "assistant", content: [result("a")] },
    ]);
    expect(checkRequest(inAssistant)).toEqual([
      { path: "/messages/1/content/0/type", message: "tool_result blocks belong in user messages" },
    ]);
  });

  it("checks the id charset of calls and results", () => {
    const bad = request([
      { role: "user", content: "hi" },
      { role: "assistant", content: [call("functions.lookup:0")] },
      { role: "user", content: [result("functions.lookup:0")] },
    ]);
    expect(checkRequest(bad).map((problem) => problem.path)).toEqual([
      "/messages/1/content/0/id",
      "/messages/2/content/0/tool_use_id",
    ]);
  });

  it("keeps thinking and tool_use in assistant messages", () => {
    const misplaced = request([
      { role: "user", content: [{ type: "thinking", thinking: "x", signature: "s" }, call("a")] },
    ]);
    expect(checkRequest(misplaced).map((problem) => problem.path)).toEqual([
      "/messages/0/content/0/type",
      "/messages/0/content/1/type",
    ]);
  });
});
