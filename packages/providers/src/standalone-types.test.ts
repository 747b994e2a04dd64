import { readFileSync } from "node:fs";
import path from "node:path";
import {
  createStandaloneProject,
  providerSdks,
  type StandaloneProject,
} from "@agent-transcript/native-types/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A user's project with @agent-transcript/providers and nothing else: the package packed and unpacked beside its
// runtime dependencies (core, fzstd, ajv) and no provider SDK. Our declarations must compile there under `tsc
// --strict` without skipLibCheck, and none of the types it exports may be, or hold, `any`.
const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, "..", "package.json"), "utf8")) as {
  name: string;
  exports: Record<string, unknown>;
};
const entryPoints = Object.keys(manifest.exports)
  .filter((subpath) => subpath !== "./package.json")
  .map((subpath) => (subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`));

// Every public entry point, and the native types a user names, a few written out as values the APIs take.
const usesEveryEntryPoint = `
import * as providers from "@agent-transcript/providers";
import * as providersNode from "@agent-transcript/providers/node";
import type { AnthropicRequest, AnthropicResponse, AnthropicStreamEvent, AnthropicTypes } from "@agent-transcript/providers/anthropic";
import type { BedrockConverseRequest, BedrockConverseStreamEvent } from "@agent-transcript/providers/bedrock-converse";
import type { GeminiRequest, GeminiResponse } from "@agent-transcript/providers/gemini";
import type { MistralChatRequest, MistralChatChunk } from "@agent-transcript/providers/mistral";
import type { OllamaChatRequest, OllamaChatResponse } from "@agent-transcript/providers/ollama";
import type { OpenAIChatRequest, OpenAIChatChunk } from "@agent-transcript/providers/openai-chat";
import type { OpenAIResponsesRequest, OpenAIResponsesStreamEvent } from "@agent-transcript/providers/openai-responses";
import type { ClaudeCodeRecord } from "@agent-transcript/providers/claude-code";
import type { WarpExport } from "@agent-transcript/providers/warp-export";
// @ts-expect-error -- a format's native types are in its own entry point, not the root's
import type { AnthropicRequest as AtTheRoot } from "@agent-transcript/providers";

type IsAny<T> = 0 extends 1 & T ? true : false;
type NotAny<T> = IsAny<T> extends true ? never : T;

const anthropic: NotAny<AnthropicRequest> = {
  model: "claude-sonnet-4-5",
  max_tokens: 1024,
  messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
};
const text: NotAny<AnthropicTypes.TextBlockParam> = { type: "text", text: "hi" };
const openaiChat: NotAny<OpenAIChatRequest> = { model: "gpt-4o", messages: [{ role: "user", content: "hi" }] };
const responses: NotAny<OpenAIResponsesRequest> = { model: "gpt-4o", input: "hi" };
const gemini: NotAny<GeminiRequest> = {
  contents: [{ role: "user", parts: [{ text: "hi" }] }],
  safetySettings: [{ category: "HARM_CATEGORY_HATE_SPEECH", threshold: "BLOCK_NONE" }],
};
const bedrock: NotAny<BedrockConverseRequest> = { messages: [{ role: "user", content: [{ text: "hi" }] }] };
const mistral: NotAny<MistralChatRequest> = { model: "mistral-large-latest", messages: [{ role: "user", content: "hi" }] };
const ollama: NotAny<OllamaChatRequest> = { model: "llama3.2", messages: [{ role: "user", content: "hi" }] };

// A converter's output is typed: reading a field of the wrong name is an error, not an any.
const written = providers.anthropicConverter.requestFromCanonical({ schema_version: "1.0.0", messages: [] } as never);
if (written.ok) {
  const model: string = written.value.model;
  // @ts-expect-error -- no such field on a Messages request
  written.value.modle;
  void model;
}
type Others = [NotAny<ClaudeCodeRecord>, NotAny<WarpExport>, AtTheRoot];
export type { Others };
type Outputs = [
  NotAny<AnthropicResponse>, NotAny<AnthropicStreamEvent>, NotAny<BedrockConverseStreamEvent>, NotAny<GeminiResponse>,
  NotAny<MistralChatChunk>, NotAny<OllamaChatResponse>, NotAny<OpenAIChatChunk>, NotAny<OpenAIResponsesStreamEvent>,
];
export type { Outputs };
export { providers, providersNode, anthropic, text, openaiChat, responses, gemini, bedrock, mistral, ollama };
`;

describe("the providers' declarations, in a project with no provider SDK", () => {
  let project: StandaloneProject;
  beforeAll(async () => {
    project = await createStandaloneProject({
      packages: ["packages/core", "packages/providers"],
      dependencies: ["ajv", "ajv-formats", "fzstd"],
      nodeTypes: true,
    });
  }, 120_000);
  afterAll(() => project?.remove());

  it("has no SDK to fall back on", () => {
    for (const sdk of providerSdks) expect(project.resolves(sdk), sdk).toBe(false);
    expect(project.resolves("@agent-transcript/providers")).toBe(true);
  });

  it("compiles a file using every entry point and the native types under tsc --strict, without skipLibCheck", () => {
    expect(project.compile(usesEveryEntryPoint)).toEqual([]);
  }, 120_000);

  it("compiles the root entry with no Node types and no DOM: it is for any JavaScript runtime", () => {
    const rootOnly = usesEveryEntryPoint
      .replace(/^import \* as providersNode .*$/m, "")
      .replace("export { providers, providersNode,", "export { providers,");
    expect(project.compile(rootOnly, { nodeTypes: false })).toEqual([]);
  }, 120_000);

  it("exports no type that is, or holds, any", () => {
    expect(project.anyTypes(entryPoints)).toEqual([]);
  }, 120_000);
});
