import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { realFixturesRoot } from "./fixtures.js";
import { parse as parseYaml } from "yaml";

/**
 * Every file under shared/fixtures/real, read into the provider payloads it holds. Each payload says which API it
 * belongs to and whether it is a request, a response, a stream or an error; files that hold no model call (file
 * uploads, documents fetched by a test, agent sessions) say so with a reason, so nothing is passed over silently.
 */
export type PayloadApi =
  "anthropic" | "openai-chat" | "openai-responses" | "gemini" | "ollama" | "bedrock-converse" | "mistral";

export type Payload =
  | { api: PayloadApi; kind: "request"; value: unknown; origin: string }
  | { api: PayloadApi; kind: "response"; value: unknown; origin: string }
  | { api: PayloadApi; kind: "error"; value: unknown; origin: string }
  /** Stream chunks are parsed JSON payloads; a chunk that was not valid JSON is kept as its raw text (a string). */
  | { api: PayloadApi; kind: "stream"; chunks: unknown[]; origin: string };

export interface FixtureFile {
  /** Path relative to the fixtures root. */
  file: string;
  payloads: Payload[];
  /** Parts of the file that are not model calls, each with why. */
  other: Array<{ origin: string; reason: string }>;
}

const vercelFolders: Record<string, PayloadApi> = {
  anthropic: "anthropic",
  "openai/src/responses": "openai-responses",
  "openai/src/chat": "openai-chat",
  google: "gemini",
  "amazon-bedrock": "bedrock-converse",
  mistral: "mistral",
};

/** The API a request URI calls, or why it is not a model call. */
export function apiOfUri(uri: string): { api: PayloadApi } | { reason: string } {
  const url = new URL(uri);
  const route = url.pathname;
  if (url.hostname === "api.anthropic.com" && route === "/v1/messages") return { api: "anthropic" };
  if (route.endsWith("/responses") && !route.includes("/responses/")) return { api: "openai-responses" };
  if (url.hostname === "api.mistral.ai" && route.endsWith("/chat/completions")) return { api: "mistral" };
  if (route.endsWith("/chat/completions")) return { api: "openai-chat" };
  if (/:(?:stream)?generateContent$/i.test(route)) return { api: "gemini" };
  if (url.hostname.startsWith("bedrock-runtime.") && /\/converse(?:-stream)?$/.test(route))
    return { api: "bedrock-converse" };
  if (route === "/api/chat") return { api: "ollama" };
  return { reason: `not a model call: ${url.hostname}${route.length > 60 ? `${route.slice(0, 60)}…` : route}` };
}

/** Server-sent events: the JSON payload of each `data:` line, without the `[DONE]` sentinel. */
export function parseServerSentEvents(text: string): unknown[] {
  const chunks: unknown[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "" || data === "[DONE]") continue;
    chunks.push(JSON.parse(data));
  }
  return chunks;
}

/** AWS event-stream frames (Bedrock converse-stream): each frame's JSON payload under its `:event-type`. */
export function parseAwsEventStream(bytes: Uint8Array): unknown[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  for (let offset = 0; offset + 12 <= bytes.length;) {
    const totalLength = view.getUint32(offset);
    const headersLength = view.getUint32(offset + 4);
    let headerOffset = offset + 12;
    const headers: Record<string, string> = {};
    while (headerOffset < offset + 12 + headersLength) {
      const nameLength = bytes[headerOffset] as number;
      const name = decoder.decode(bytes.subarray(headerOffset + 1, headerOffset + 1 + nameLength));
      headerOffset += 1 + nameLength;
      const type = bytes[headerOffset] as number;
      if (type !== 7) throw new Error(`unsupported event-stream header type ${type}`);
      const valueLength = view.getUint16(headerOffset + 1);
      headers[name] = decoder.decode(bytes.subarray(headerOffset + 3, headerOffset + 3 + valueLength));
      headerOffset += 3 + valueLength;
    }
    const payloadStart = offset + 12 + headersLength;
    const payload = decoder.decode(bytes.subarray(payloadStart, offset + totalLength - 4));
    events.push({ [headers[":event-type"] ?? "unknown"]: payload === "" ? {} : (JSON.parse(payload) as unknown) });
    offset += totalLength;
  }
  return events;
}

interface CassetteInteraction {
  request: { uri: string; body?: unknown; parsed_body?: unknown; headers?: Record<string, string[]> };
  response: {
    status?: { code?: number };
    headers?: Record<string, string[]>;
    body?: { string?: unknown };
    parsed_body?: unknown;
  };
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function header(headers: Record<string, string[]> | undefined, name: string): string {
  const entry = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
  return entry?.[1]?.join(",") ?? "";
}

function cassettePayloads(file: string, text: string): FixtureFile {
  const document = parseYaml(text, { customTags: ["binary"], maxAliasCount: -1 }) as {
    interactions?: CassetteInteraction[];
  };
  const result: FixtureFile = { file, payloads: [], other: [] };
  (document.interactions ?? []).forEach((interaction, index) => {
    const origin = `${file}#interactions/${index}`;
    const target = apiOfUri(interaction.request.uri);
    if ("reason" in target) {
      result.other.push({ origin, reason: target.reason });
      return;
    }
    const { api } = target;
    const requestBody =
      interaction.request.parsed_body ??
      (typeof interaction.request.body === "string"
        ? (JSON.parse(interaction.request.body) as unknown)
        : interaction.request.body);
    if (requestBody !== undefined && requestBody !== null)
      result.payloads.push({ api, kind: "request", value: requestBody, origin: `${origin}/request` });
    const response = interaction.response;
    const status = response.status?.code ?? 200;
    const contentType = header(response.headers, "content-type");
    const raw = response.body?.string;
    const responseOrigin = `${origin}/response`;
    if (response.parsed_body !== undefined) {
      result.payloads.push({
        api,
        kind: status >= 400 ? "error" : "response",
        value: response.parsed_body,
        origin: responseOrigin,
      });
    } else if (raw instanceof Uint8Array) {
      result.payloads.push({ api, kind: "stream", chunks: parseAwsEventStream(raw), origin: responseOrigin });
    } else if (typeof raw === "string" && contentType.includes("text/event-stream")) {
      result.payloads.push({ api, kind: "stream", chunks: parseServerSentEvents(raw), origin: responseOrigin });
    } else if (typeof raw === "string" && raw.trim() !== "") {
      // One JSON document (often pretty-printed over many lines), or newline-delimited JSON (Ollama streams).
      const whole = tryParse(raw);
      const lines = raw.trim().split("\n").map(tryParse);
      if (whole.ok && !contentType.includes("ndjson"))
        result.payloads.push({
          api,
          kind: status >= 400 ? "error" : "response",
          value: whole.value,
          origin: responseOrigin,
        });
      else if (lines.every((line) => line.ok))
        result.payloads.push({
          api,
          kind: "stream",
          chunks: lines.map((line) => (line.ok ? line.value : undefined)),
          origin: responseOrigin,
        });
      else
        result.other.push({
          origin: responseOrigin,
          reason: `response body is not JSON (${contentType || "no content type"}): ${raw.slice(0, 40)}`,
        });
    } else {
      result.other.push({ origin: responseOrigin, reason: `empty response body (status ${status})` });
    }
  });
  return result;
}

function vercelPayloads(file: string, text: string): FixtureFile {
  const folder = Object.keys(vercelFolders).find((candidate) => file.startsWith(`vercel-ai/packages/${candidate}/`));
  if (!folder) throw new Error(`${file}: a vercel-ai fixture from an unknown provider folder`);
  const api = vercelFolders[folder] as PayloadApi;
  if (file.endsWith(".chunks.txt")) {
    // A few streams are deliberately broken (robustness fixtures); a line that is not JSON stays a raw string chunk.
    const chunks = text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        const parsed = tryParse(line);
        return parsed.ok ? parsed.value : line;
      });
    return { file, payloads: [{ api, kind: "stream", chunks, origin: file }], other: [] };
  }
  const value = JSON.parse(text) as Record<string, unknown>;
  // Error bodies: `{ "type": "error", … }` (Anthropic) or a non-null `error` outside a Responses object, which always
  // carries an `error` field (null on success).
  const isError =
    value.type === "error" || (value.error !== undefined && value.error !== null && value.object !== "response");
  return { file, payloads: [{ api, kind: isError ? "error" : "response", value, origin: file }], other: [] };
}

/** Reads and classifies every data file under the fixtures root. */
export function loadRealFixtures(root: string = realFixturesRoot()): FixtureFile[] {
  const files: string[] = [];
  const visit = (relative: string): void => {
    const absolute = path.join(root, relative);
    if (statSync(absolute).isDirectory())
      for (const name of readdirSync(absolute).sort()) visit(relative === "" ? name : `${relative}/${name}`);
    else files.push(relative);
  };
  visit("");
  return files
    .filter((file) => !file.endsWith("LICENSE") && file !== "README.md")
    .map((file) => {
      const text = readFileSync(path.join(root, file), "utf8");
      if (file.endsWith(".yaml")) {
        try {
          return cassettePayloads(file, text);
        } catch (error) {
          throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
      }
      if (file.startsWith("vercel-ai/")) return vercelPayloads(file, text);
      if (file.startsWith("spotter/") || file.startsWith("claude-code-transcripts/")) {
        return {
          file,
          payloads: [],
          other: [{ origin: file, reason: "an agent session (Claude Code or Codex), not a provider payload" }],
        };
      }
      throw new Error(`${file}: no reader for this fixture; add one rather than skip it`);
    });
}
