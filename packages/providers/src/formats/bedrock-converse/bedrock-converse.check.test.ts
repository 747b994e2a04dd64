import { describe, expect, it } from "vitest";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { checkRequest } from "./check.js";
import type { JsonObject } from "../../conversion/index.js";
import { asNative } from "../../families/content-blocks/index.js";
import type { BedrockConverseRequest } from "./types.js";

const requests = loadRealFixtures().flatMap((file) =>
  file.payloads.flatMap((payload) =>
    payload.api === "bedrock-converse" && payload.kind === "request"
      ? [{ origin: payload.origin, value: payload.value as JsonObject }]
      : [],
  ),
);

const tools = { tools: [{ toolSpec: { name: "lookup", inputSchema: { json: { type: "object" } } } }] };

function request(messages: unknown[], extra: JsonObject = {}): BedrockConverseRequest {
  return asNative<BedrockConverseRequest>({ messages, ...extra });
}

const user = (...content: unknown[]) => ({ role: "user", content });
const assistant = (...content: unknown[]) => ({ role: "assistant", content });
const call = (id: string, name = "lookup") => ({ toolUse: { toolUseId: id, name, input: {} } });
const result = (id: string) => ({ toolResult: { toolUseId: id, content: [{ text: "ok" }], status: "success" } });
const paths = (value: BedrockConverseRequest) => checkRequest(value).map((problem) => problem.path);

describe("checkRequest", () => {
  it("passes every recorded request", () => {
    expect(requests.length).toBe(53);
    for (const payload of requests) {
      expect({ origin: payload.origin, problems: paths(asNative<BedrockConverseRequest>(payload.value)) }).toEqual({
        origin: payload.origin,
        problems: [],
      });
    }
  });

  it("needs at least one message, the first from the user", () => {
    expect(paths(request([]))).toEqual(["/messages"]);
    expect(paths(request([assistant({ text: "hi" })]))).toEqual(["/messages/0/role"]);
    expect(paths(request([user({ text: "hi" })]))).toEqual([]);
  });

  it("takes user and assistant roles only, alternating", () => {
    expect(paths(request([{ role: "system", content: [{ text: "x" }] }]))).toEqual(["/messages/0/role"]);
    expect(paths(request([user({ text: "a" }), user({ text: "b" })]))).toEqual(["/messages/1/role"]);
    expect(paths(request([user({ text: "a" }), assistant({ text: "b" }), user({ text: "c" })]))).toEqual([]);
  });

  it("needs non-empty content of one-member blocks, with no blank text", () => {
    expect(paths(request([user()]))).toEqual(["/messages/0/content"]);
    expect(paths(request([user({ text: " \n" })]))).toEqual(["/messages/0/content/0/text"]);
    expect(paths(request([user({ text: "a", image: { format: "png", source: { bytes: "AA==" } } })]))).toEqual([
      "/messages/0/content/0",
    ]);
    expect(paths(request([user({ type: "text" })]))).toEqual(["/messages/0/content/0/type"]);
    expect(paths(request([user({ text: "a" }, { cachePoint: { type: "default" } })]))).toEqual([]);
  });

  it("takes text, cache points and guard content in the system prompt only", () => {
    expect(paths(request([user({ text: "a" })], { system: [{ text: "x" }, { image: {} }, { text: "" }] }))).toEqual([
      "/system/1",
      "/system/2/text",
    ]);
    expect(
      paths(request([user({ text: "a" })], { system: [{ text: "x" }, { cachePoint: { type: "default" } }] })),
    ).toEqual([]);
  });

  it("keeps toolUse and reasoning in assistant messages and client results in user messages", () => {
    const misplaced = request(
      [user(call("a"), { reasoningContent: { reasoningText: { text: "x" } } }), assistant(result("a"))],
      { toolConfig: tools },
    );
    expect(paths(misplaced)).toEqual([
      "/messages/0/content/0/toolUse",
      "/messages/0/content/1/reasoningContent",
      "/messages/1/content/0/toolResult",
    ]);
    const server = {
      toolResult: { toolUseId: "s", type: "nova_code_interpreter_result", content: [{ json: {} }], status: "success" },
    };
    const serverCall = {
      toolUse: { toolUseId: "s", name: "nova_code_interpreter", input: {}, type: "server_tool_use" },
    };
    expect(
      paths(
        request([user({ text: "a" }), assistant(serverCall, server, { text: "done" })], {
          toolConfig: { tools: [{ systemTool: { name: "nova_code_interpreter" } }] },
        }),
      ),
    ).toEqual([]);
  });

  it("needs every toolUse answered in the very next user message, once, unless it is the last message", () => {
    expect(
      paths(request([user({ text: "a" }), assistant(call("a"), call("b")), user(result("a"))], { toolConfig: tools })),
    ).toEqual(["/messages/1/content/1"]);
    expect(
      paths(
        request(
          [
            user({ text: "a" }),
            assistant(call("a")),
            user({ text: "wait" }),
            assistant({ text: "ok" }),
            user(result("a")),
          ],
          { toolConfig: tools },
        ),
      ),
    ).toEqual(["/messages/1/content/0", "/messages/4/content/0/toolResult/toolUseId"]);
    expect(
      paths(
        request([user({ text: "a" }), assistant(call("a")), user(result("a"), result("a"))], { toolConfig: tools }),
      ),
    ).toEqual(["/messages/2/content/1/toolResult/toolUseId"]);
    expect(
      paths(
        request([user({ text: "a" }), assistant(call("a")), user(result("a"), { text: "thanks" })], {
          toolConfig: tools,
        }),
      ),
    ).toEqual([]);
    expect(paths(request([user({ text: "a" }), assistant(call("a"))], { toolConfig: tools }))).toEqual([]);
  });

  it("checks the charset and length of tool-use ids and tool names", () => {
    expect(
      paths(request([user({ text: "a" }), assistant(call("bad id")), user(result("bad id"))], { toolConfig: tools })),
    ).toEqual(["/messages/1/content/0/toolUse/toolUseId", "/messages/2/content/0/toolResult/toolUseId"]);
    expect(
      paths(
        request([user({ text: "a" }), assistant(call("x".repeat(65))), user(result("x".repeat(65)))], {
          toolConfig: tools,
        }),
      ),
    ).toHaveLength(2);
    // The documented charset includes `.` and `:`: Kimi K2 on Bedrock issues ids such as functions.get_temperature:0.
    expect(
      paths(
        request([user({ text: "a" }), assistant(call("functions.lookup:0")), user(result("functions.lookup:0"))], {
          toolConfig: tools,
        }),
      ),
    ).toEqual([]);
    expect(
      paths(
        request([user({ text: "a" }), assistant(call("a", "web.search")), user(result("a"))], {
          toolConfig: { tools: [{ toolSpec: { name: "web.search", inputSchema: { json: {} } } }] },
        }),
      ),
    ).toEqual(["/messages/1/content/0/toolUse/name", "/toolConfig/tools/0/toolSpec/name"]);
  });

  it("states the rule a tool-use id or a tool name breaks: ids may hold . and :, names may not", () => {
    const problems = checkRequest(
      request([user({ text: "a" }), assistant(call("bad id", "web.search")), user(result("bad id"))], {
        toolConfig: { tools: [{ toolSpec: { name: "web.search", inputSchema: { json: {} } } }] },
      }),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      'tool-use id "bad id" must match [a-zA-Z0-9_.:-]+ (1 to 64 characters)',
      'tool name "web.search" must match [a-zA-Z0-9_-]+ (1 to 64 characters)',
      'tool-use id "bad id" must match [a-zA-Z0-9_.:-]+ (1 to 64 characters)',
      'tool name "web.search" must match [a-zA-Z0-9_-]+ (1 to 64 characters)',
    ]);
  });

  it("needs a toolConfig with tools when messages use tools, unique names and a valid tool choice", () => {
    expect(paths(request([user({ text: "a" }), assistant(call("a")), user(result("a"))]))).toEqual(["/toolConfig"]);
    expect(paths(request([user({ text: "a" })], { toolConfig: { tools: [] } }))).toEqual(["/toolConfig/tools"]);
    expect(paths(request([user({ text: "a" })], { toolConfig: { tools: [...tools.tools, ...tools.tools] } }))).toEqual([
      "/toolConfig/tools/1/toolSpec/name",
    ]);
    expect(paths(request([user({ text: "a" })], { toolConfig: { tools: [{ toolSpec: { name: "x" } }] } }))).toEqual([
      "/toolConfig/tools/0/toolSpec/inputSchema",
    ]);
    expect(paths(request([user({ text: "a" })], { toolConfig: { ...tools, toolChoice: { none: {} } } }))).toEqual([
      "/toolConfig/toolChoice",
    ]);
    expect(
      paths(request([user({ text: "a" })], { toolConfig: { ...tools, toolChoice: { tool: { name: "other" } } } })),
    ).toEqual(["/toolConfig/toolChoice/tool/name"]);
    expect(
      paths(request([user({ text: "a" })], { toolConfig: { ...tools, toolChoice: { tool: { name: "lookup" } } } })),
    ).toEqual([]);
  });
});
