// The real provider requests of the seven converted APIs, read straight from the recorded HTTP cassettes under the
// real fixtures root (pydantic-ai's and openinference's VCR files): the request body of every interaction whose URL
// is a model call of Anthropic Messages, OpenAI Chat, OpenAI Responses, Gemini generateContent, Ollama /api/chat,
// Mistral chat completions or Bedrock Converse.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import {
  anthropicFormat,
  bedrockConverseFormat,
  geminiFormat,
  mistralFormat,
  ollamaFormat,
  openaiChatFormat,
  openaiResponsesFormat,
} from "@agent-transcript/providers";
import type { ProviderFormat } from "@agent-transcript/providers";
import { parse as parseYaml } from "yaml";
import { realFixturesRoot } from "./paths.js";

export type RequestApi = "anthropic" | "openai-chat" | "openai-responses" | "gemini" | "ollama" | "mistral" | "bedrock-converse";

type AnyFormat = ProviderFormat<unknown, unknown, unknown>;

export const requestFormats: Record<RequestApi, AnyFormat> = {
  anthropic: anthropicFormat as AnyFormat,
  "openai-chat": openaiChatFormat as AnyFormat,
  "openai-responses": openaiResponsesFormat as AnyFormat,
  gemini: geminiFormat as AnyFormat,
  ollama: ollamaFormat as AnyFormat,
  mistral: mistralFormat as AnyFormat,
  "bedrock-converse": bedrockConverseFormat as AnyFormat,
};

export interface ProviderRequest {
  readonly api: RequestApi;
  /** `<file relative to the fixtures root>#<interaction index>`. */
  readonly origin: string;
  readonly value: unknown;
  /** Messages of its canonical document (the conversation the request carries, system prompt included). */
  readonly messages: number;
  /** UTF-8 bytes of its compact JSON. */
  readonly bytes: number;
}

/** The API a request URL calls; every non-model URL is left out. */
function apiOf(uri: string): RequestApi | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  const route = url.pathname;
  if (url.hostname === "api.anthropic.com" && route === "/v1/messages") return "anthropic";
  if (route.endsWith("/responses")) return "openai-responses";
  if (url.hostname === "api.mistral.ai") return route.endsWith("/chat/completions") ? "mistral" : undefined;
  if (route.endsWith("/chat/completions")) return "openai-chat";
  if (url.hostname.startsWith("bedrock-runtime.") && /\/converse(?:-stream)?$/.test(route)) return "bedrock-converse";
  if (/:(?:stream)?generateContent$/i.test(route)) return "gemini";
  if (route === "/api/chat") return "ollama";
  return undefined;
}

interface Interaction {
  request?: { uri?: string; body?: unknown; parsed_body?: unknown };
}

function cassetteFiles(directory: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(directory).sort()) {
    const absolute = path.join(directory, name);
    if (statSync(absolute).isDirectory()) files.push(...cassetteFiles(absolute));
    else if (name.endsWith(".yaml")) files.push(absolute);
  }
  return files;
}

/**
 * Every real request of the seven APIs that converts native → canonical → native without error. A request that does
 * not is a converter regression, not benchmark input: this fails loudly rather than time an error path.
 */
export function loadProviderRequests(): ProviderRequest[] {
  const root = realFixturesRoot();
  const requests: ProviderRequest[] = [];
  for (const file of cassetteFiles(root)) {
    const relative = path.relative(root, file);
    const document = parseYaml(readFileSync(file, "utf8"), { customTags: ["binary"], maxAliasCount: -1 }) as { interactions?: Interaction[] } | null;
    (document?.interactions ?? []).forEach((interaction, index) => {
      const api = apiOf(interaction.request?.uri ?? "");
      if (api === undefined) return;
      const raw = interaction.request?.parsed_body ?? interaction.request?.body;
      const value: unknown = typeof raw === "string" ? JSON.parse(raw) : raw;
      if (value === undefined || value === null) return;
      const origin = `${relative}#${index}`;
      const format = requestFormats[api];
      const canonical = format.requestToCanonical(value);
      if (!canonical.ok) throw new Error(`${origin}: ${api} request does not convert to canonical: ${JSON.stringify(canonical.errors.slice(0, 3))}`);
      const back = format.requestFromCanonical(canonical.document);
      if (!back.ok) throw new Error(`${origin}: ${api} request does not convert back: ${JSON.stringify(back.errors.slice(0, 3))}`);
      requests.push({ api, origin, value, messages: canonical.document.messages.length, bytes: Buffer.byteLength(JSON.stringify(value), "utf8") });
    });
  }
  for (const api of Object.keys(requestFormats)) {
    if (!requests.some((request) => request.api === api)) throw new Error(`no real ${api} request found under ${root}`);
  }
  return requests;
}
