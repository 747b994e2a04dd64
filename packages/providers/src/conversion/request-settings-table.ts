/**
 * The request settings of every provider API, as data: which native field holds which neutral setting
 * (`request-settings.ts`), how its values map, and what the API does where it has no field. Field names are the
 * official SDKs' (openai 6, @anthropic-ai/sdk 1, @google/genai 2, @mistralai/mistralai 2, ollama 0.6,
 * @aws-sdk/client-bedrock-runtime 3). Every converter's request writer carries settings through
 * {@link carryRequestSettings}; the README's "Settings across providers" table is this file in prose.
 */
import type { SourceFormat, Tolerant } from "@agent-transcript/core";
import type { FromCanonicalOptions } from "./contracts.js";
import { isJsonObject, type JsonObject } from "./json.js";
import type { Problems } from "./result.js";
import {
  carrySettings,
  foreignEntries,
  reasoningEfforts,
  type FormatSettings,
  type NativeSetting,
  type ReasoningEffort,
  type RequestSettings,
  type ServiceTier,
  type SettingName,
  type SettingNote,
  type WrittenSetting,
} from "./request-settings.js";

// ─── Building blocks ─────────────────────────────────────────────────────────────────────────────────────────────

type Reader = (value: unknown) => unknown;

const number: Reader = (value) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);
const integer: Reader = (value) => (typeof value === "number" && Number.isSafeInteger(value) ? value : undefined);
const text: Reader = (value) => (typeof value === "string" ? value : undefined);
const flag: Reader = (value) => (typeof value === "boolean" ? value : undefined);
const object: Reader = (value) => (isJsonObject(value) ? value : undefined);
/** Stop sequences: a list of strings, or one string (OpenAI Chat and Mistral accept both). */
const sequences: Reader = (value) =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value) && value.every((item) => typeof item === "string")
      ? value
      : undefined;

const carry = (value: unknown, ...carried: SettingName[]): WrittenSetting => ({ value, carried });

/** A field holding one setting as it is (checked by `reader`), read and written. */
function direct(path: readonly string[], setting: SettingName, reader: Reader): NativeSetting {
  return {
    path,
    read: (value) => {
      const read = reader(value);
      return read === undefined ? undefined : { [setting]: read };
    },
    write: (settings) => (settings[setting] === undefined ? undefined : carry(settings[setting], setting)),
  };
}

/** A field that is only read: another name of a setting, or a field whose meaning depends on the model. */
function readOnly(path: readonly string[], setting: SettingName, reader: Reader): NativeSetting {
  const { read } = direct(path, setting, reader);
  return { path, read };
}

/** A field only written, from settings other fields of the same object are read as (a whole JSON-schema format). */
function writeOnly(path: readonly string[], write: NonNullable<NativeSetting["write"]>): NativeSetting {
  return { path, read: () => undefined, write };
}

/** A field whose values are one of a set, each standing for a neutral value. */
function mapped<T extends string>(
  path: readonly string[],
  setting: SettingName,
  spellings: ReadonlyArray<readonly [T, string]>,
): NativeSetting {
  return {
    path,
    read: (value) => {
      const found = spellings.find(([, native]) => native === value);
      return found === undefined ? undefined : { [setting]: found[0] };
    },
    write: (settings) => {
      const found = spellings.find(([neutral]) => neutral === settings[setting]);
      return found === undefined ? undefined : carry(found[1], setting);
    },
  };
}

/** The level of `allowed` nearest to `effort` (the higher one on a tie). */
function nearestEffort(effort: ReasoningEffort, allowed: readonly ReasoningEffort[]): ReasoningEffort {
  const rank = reasoningEfforts.indexOf(effort);
  let best = allowed[0] as ReasoningEffort;
  for (const level of allowed) {
    const distance = Math.abs(reasoningEfforts.indexOf(level) - rank);
    const bestDistance = Math.abs(reasoningEfforts.indexOf(best) - rank);
    if (distance < bestDistance || (distance === bestDistance && reasoningEfforts.indexOf(level) > rank)) best = level;
  }
  return best;
}

/**
 * A reasoning-effort field: its levels (`spell` writes each), a level it lacks sent as the nearest one
 * (`value-converted`), and, where it has one, the level that turns reasoning off (`none`).
 */
function effort(
  path: readonly string[],
  label: string,
  allowed: readonly ReasoningEffort[],
  options: { spell?: (level: ReasoningEffort) => string; none?: string } = {},
): NativeSetting {
  const spell = options.spell ?? ((level: ReasoningEffort) => level);
  return {
    path,
    read: (value) => {
      if (options.none !== undefined && value === options.none) return { reasoning: false };
      const level = allowed.find((candidate) => spell(candidate) === value);
      // A level turns reasoning on.
      return level === undefined ? undefined : { reasoning_effort: level, reasoning: true };
    },
    write: (settings) => {
      const level = settings.reasoning_effort;
      if (level !== undefined) {
        const sent = nearestEffort(level, allowed);
        const notes: SettingNote[] =
          sent === level
            ? []
            : [
                {
                  setting: "reasoning_effort",
                  code: "value-converted",
                  message: `${label} has no reasoning effort ${level}; the nearest level, ${spell(sent)}, was sent`,
                },
              ];
        const carried: SettingName[] =
          settings.reasoning === true ? ["reasoning_effort", "reasoning"] : ["reasoning_effort"];
        return { value: spell(sent), carried, notes };
      }
      if (settings.reasoning === false && options.none !== undefined) return carry(options.none, "reasoning");
      return undefined;
    },
  };
}

/** Service tiers, neutral → native. */
type TierSpellings = ReadonlyArray<readonly [ServiceTier, string]>;
const openaiTiers: TierSpellings = [
  ["auto", "auto"],
  ["standard", "default"],
  ["flex", "flex"],
  ["scale", "scale"],
  ["priority", "priority"],
];
const standardOnlyTiers: TierSpellings = [
  ["auto", "auto"],
  ["standard", "standard_only"],
];

const formats = ["text", "json_object", "json_schema"] as const;
type Format = (typeof formats)[number];
const formatType: Reader = (value) => (formats.includes(value as Format) ? value : undefined);

/**
 * The JSON-schema output format of OpenAI Chat, Responses and Mistral: `{ type, … }`, with the schema, its name
 * (required: "response" is assumed, `value-assumed`), its description and strictness `inside` a nested object
 * (Chat's and Mistral's `json_schema`) or beside `type` (Responses).
 */
function openaiFormat(path: readonly string[], label: string, inside: string | undefined): NativeSetting[] {
  const at = (field: string): string[] => (inside === undefined ? [...path, field] : [...path, inside, field]);
  return [
    readOnly([...path, "type"], "response_format", formatType),
    readOnly(at("schema"), "response_schema", object),
    readOnly(at("name"), "response_schema_name", text),
    readOnly(at("description"), "response_schema_description", text),
    readOnly(at("strict"), "response_schema_strict", flag),
    writeOnly(path, (settings) => {
      const format = settings.response_format;
      if (format === undefined) return undefined;
      if (format !== "json_schema") return carry({ type: format }, "response_format");
      if (settings.response_schema === undefined) return undefined;
      const schema: JsonObject = { name: settings.response_schema_name ?? "response" };
      if (settings.response_schema_description !== undefined)
        schema["description"] = settings.response_schema_description;
      schema["schema"] = settings.response_schema;
      if (settings.response_schema_strict !== undefined) schema["strict"] = settings.response_schema_strict;
      const notes: SettingNote[] =
        settings.response_schema_name === undefined
          ? [
              {
                setting: "response_schema",
                code: "value-assumed",
                message: `${label} names every JSON schema, and the document names none; "response" was written`,
              },
            ]
          : [];
      return {
        value: inside === undefined ? { type: "json_schema", ...schema } : { type: "json_schema", [inside]: schema },
        carried: [
          "response_format",
          "response_schema",
          "response_schema_name",
          "response_schema_description",
          "response_schema_strict",
        ],
        notes,
      };
    }),
  ];
}

const noSampling = "its Messages API takes no sampling parameters since API version 2026-10-21";
const noStop = "it has no stop sequences";

// ─── The tables ──────────────────────────────────────────────────────────────────────────────────────────────────

const openaiChat: FormatSettings = {
  label: "OpenAI Chat",
  providerKey: "openai",
  snakeCase: false,
  fields: [
    direct(["model"], "model", text),
    { ...direct(["max_completion_tokens"], "max_output_tokens", integer), also: [["max_tokens"]] },
    readOnly(["max_tokens"], "max_output_tokens", integer),
    direct(["temperature"], "temperature", number),
    direct(["top_p"], "top_p", number),
    direct(["stop"], "stop", sequences),
    direct(["seed"], "seed", integer),
    direct(["frequency_penalty"], "frequency_penalty", number),
    direct(["presence_penalty"], "presence_penalty", number),
    direct(["n"], "candidate_count", integer),
    effort(["reasoning_effort"], "OpenAI Chat", ["minimal", "low", "medium", "high", "xhigh", "max"], { none: "none" }),
    ...openaiFormat(["response_format"], "OpenAI Chat", "json_schema"),
    direct(["parallel_tool_calls"], "parallel_tool_calls", flag),
    direct(["stream"], "stream", flag),
    direct(["stream_options", "include_usage"], "stream_usage", flag),
    mapped(["service_tier"], "service_tier", openaiTiers),
    direct(["user"], "user", text),
    mapped(["verbosity"], "verbosity", [
      ["low", "low"],
      ["medium", "medium"],
      ["high", "high"],
    ]),
    direct(["prompt_cache_key"], "prompt_cache_key", text),
  ],
  implicit: { response_format: "text" },
  missing: { reasoning_budget: "it sets reasoning by effort level, not by a token budget" },
};

const openaiResponses: FormatSettings = {
  label: "OpenAI Responses",
  providerKey: "openai",
  snakeCase: false,
  fields: [
    direct(["model"], "model", text),
    direct(["max_output_tokens"], "max_output_tokens", integer),
    direct(["temperature"], "temperature", number),
    direct(["top_p"], "top_p", number),
    effort(["reasoning", "effort"], "OpenAI Responses", ["minimal", "low", "medium", "high", "xhigh", "max"], {
      none: "none",
    }),
    ...openaiFormat(["text", "format"], "OpenAI Responses", undefined),
    mapped(["text", "verbosity"], "verbosity", [
      ["low", "low"],
      ["medium", "medium"],
      ["high", "high"],
    ]),
    direct(["parallel_tool_calls"], "parallel_tool_calls", flag),
    direct(["stream"], "stream", flag),
    mapped(["service_tier"], "service_tier", openaiTiers),
    direct(["user"], "user", text),
    direct(["prompt_cache_key"], "prompt_cache_key", text),
  ],
  implicit: { stream_usage: true, candidate_count: 1, response_format: "text" },
  missing: { stop: noStop, reasoning_budget: "it sets reasoning by effort level, not by a token budget" },
};

/** Anthropic's smallest thinking budget. */
const anthropicMinimumBudget = 1024;

const anthropic: FormatSettings = {
  label: "Anthropic",
  providerKey: "anthropic",
  snakeCase: false,
  fields: [
    direct(["model"], "model", text),
    direct(["max_tokens"], "max_output_tokens", integer),
    direct(["stop_sequences"], "stop", sequences),
    // Sampling parameters of API versions before 2026-10-21, in recorded requests: read, never written.
    readOnly(["temperature"], "temperature", number),
    readOnly(["top_p"], "top_p", number),
    readOnly(["top_k"], "top_k", integer),
    {
      path: ["thinking", "type"],
      read: (value) =>
        value === "enabled" || value === "adaptive"
          ? { reasoning: true }
          : value === "disabled"
            ? { reasoning: false }
            : undefined,
    },
    readOnly(["thinking", "budget_tokens"], "reasoning_budget", integer),
    writeOnly(["thinking"], (settings) => {
      const budget = settings.reasoning_budget;
      if (budget !== undefined && settings.reasoning !== false) {
        const sent = Math.max(budget, anthropicMinimumBudget);
        const notes: SettingNote[] =
          sent === budget
            ? []
            : [
                {
                  setting: "reasoning_budget",
                  code: "value-converted",
                  message: `Anthropic's smallest thinking budget is ${anthropicMinimumBudget} tokens; ${sent} was sent for ${budget}`,
                },
              ];
        return { value: { type: "enabled", budget_tokens: sent }, carried: ["reasoning_budget", "reasoning"], notes };
      }
      if (settings.reasoning === false) return carry({ type: "disabled" }, "reasoning");
      // On, with no budget: the model decides how much to think.
      if (settings.reasoning === true) return carry({ type: "adaptive" }, "reasoning");
      return undefined;
    }),
    effort(["output_config", "effort"], "Anthropic", ["low", "medium", "high", "xhigh", "max"]),
    readOnly(["output_config", "format", "type"], "response_format", (value) =>
      value === "json_schema" ? value : undefined,
    ),
    readOnly(["output_config", "format", "schema"], "response_schema", object),
    writeOnly(["output_config", "format"], (settings) =>
      settings.response_format === "json_schema" && settings.response_schema !== undefined
        ? carry({ type: "json_schema", schema: settings.response_schema }, "response_format", "response_schema")
        : undefined,
    ),
    {
      path: ["tool_choice", "disable_parallel_tool_use"],
      read: (value) => (typeof value === "boolean" ? { parallel_tool_calls: !value } : undefined),
      write: (settings) =>
        settings.parallel_tool_calls === undefined
          ? undefined
          : carry(!settings.parallel_tool_calls, "parallel_tool_calls"),
      container: { type: "auto" },
    },
    direct(["stream"], "stream", flag),
    mapped(["service_tier"], "service_tier", standardOnlyTiers),
    direct(["metadata", "user_id"], "user", text),
  ],
  implicit: { stream_usage: true, candidate_count: 1, response_format: "text" },
  missing: { temperature: noSampling, top_p: noSampling, top_k: noSampling },
};

/** Gemini's thinking levels. */
const geminiEfforts: readonly ReasoningEffort[] = ["minimal", "low", "medium", "high"];

const gemini: FormatSettings = {
  label: "Gemini",
  providerKey: "google",
  snakeCase: true,
  fields: [
    direct(["generationConfig", "maxOutputTokens"], "max_output_tokens", integer),
    direct(["generationConfig", "temperature"], "temperature", number),
    direct(["generationConfig", "topP"], "top_p", number),
    direct(["generationConfig", "topK"], "top_k", integer),
    direct(["generationConfig", "stopSequences"], "stop", sequences),
    direct(["generationConfig", "seed"], "seed", integer),
    direct(["generationConfig", "frequencyPenalty"], "frequency_penalty", number),
    direct(["generationConfig", "presencePenalty"], "presence_penalty", number),
    direct(["generationConfig", "candidateCount"], "candidate_count", integer),
    effort(["generationConfig", "thinkingConfig", "thinkingLevel"], "Gemini", geminiEfforts, {
      spell: (level) => level.toUpperCase(),
    }),
    {
      path: ["generationConfig", "thinkingConfig", "thinkingBudget"],
      // -1 is dynamic thinking (the model decides), 0 turns thinking off.
      read: (value) =>
        value === -1
          ? { reasoning: true }
          : value === 0
            ? { reasoning: false }
            : typeof value === "number" && Number.isSafeInteger(value) && value > 0
              ? { reasoning_budget: value, reasoning: true }
              : undefined,
      write: (settings) => {
        // A thinking level and a budget exclude each other; the level is written.
        if (settings.reasoning_effort !== undefined) return undefined;
        if (settings.reasoning_budget !== undefined && settings.reasoning !== false)
          return carry(settings.reasoning_budget, "reasoning_budget", "reasoning");
        if (settings.reasoning === false) return carry(0, "reasoning");
        if (settings.reasoning === true) return carry(-1, "reasoning");
        return undefined;
      },
    },
    {
      path: ["generationConfig", "responseMimeType"],
      read: (value) =>
        value === "application/json"
          ? { response_format: "json_object" }
          : value === "text/plain"
            ? { response_format: "text" }
            : undefined,
      write: (settings) =>
        settings.response_format === undefined
          ? undefined
          : carry(settings.response_format === "text" ? "text/plain" : "application/json", "response_format"),
    },
    direct(["generationConfig", "responseJsonSchema"], "response_schema", object),
    mapped(["serviceTier"], "service_tier", [
      ["standard", "standard"],
      ["flex", "flex"],
      ["priority", "priority"],
    ]),
  ],
  implicit: { stream: false, stream_usage: true, response_format: "text", parallel_tool_calls: true },
  missing: {
    model: "the Gemini API names the model in the URL, models/{model}:generateContent",
    stream: "Gemini streams through the streamGenerateContent endpoint, not a body field",
  },
};

const ollama: FormatSettings = {
  label: "Ollama",
  providerKey: "ollama",
  snakeCase: false,
  fields: [
    direct(["model"], "model", text),
    direct(["options", "num_predict"], "max_output_tokens", integer),
    direct(["options", "temperature"], "temperature", number),
    direct(["options", "top_p"], "top_p", number),
    direct(["options", "top_k"], "top_k", integer),
    direct(["options", "stop"], "stop", sequences),
    direct(["options", "seed"], "seed", integer),
    direct(["options", "frequency_penalty"], "frequency_penalty", number),
    direct(["options", "presence_penalty"], "presence_penalty", number),
    {
      path: ["think"],
      read: (value) =>
        typeof value === "boolean"
          ? { reasoning: value }
          : value === "low" || value === "medium" || value === "high"
            ? { reasoning_effort: value, reasoning: true }
            : undefined,
      write: (settings) => {
        const level = settings.reasoning_effort;
        if (level !== undefined && settings.reasoning !== false) {
          const sent = nearestEffort(level, ["low", "medium", "high"]);
          const notes: SettingNote[] =
            sent === level
              ? []
              : [
                  {
                    setting: "reasoning_effort",
                    code: "value-converted",
                    message: `Ollama thinks at low, medium or high; ${sent} was sent for ${level}`,
                  },
                ];
          return { value: sent, carried: ["reasoning_effort", "reasoning"], notes };
        }
        return settings.reasoning === undefined ? undefined : carry(settings.reasoning, "reasoning");
      },
    },
    {
      path: ["format"],
      read: (value) =>
        value === "json"
          ? { response_format: "json_object" }
          : isJsonObject(value)
            ? { response_format: "json_schema", response_schema: value }
            : undefined,
      write: (settings) =>
        settings.response_format === "json_object"
          ? carry("json", "response_format")
          : settings.response_format === "json_schema" && settings.response_schema !== undefined
            ? carry(settings.response_schema, "response_format", "response_schema")
            : undefined,
    },
    direct(["stream"], "stream", flag),
  ],
  implicit: { stream_usage: true, candidate_count: 1, response_format: "text", parallel_tool_calls: true },
  missing: {},
};

const mistral: FormatSettings = {
  label: "Mistral",
  providerKey: "mistral",
  snakeCase: false,
  fields: [
    direct(["model"], "model", text),
    direct(["max_tokens"], "max_output_tokens", integer),
    direct(["temperature"], "temperature", number),
    direct(["top_p"], "top_p", number),
    direct(["stop"], "stop", sequences),
    direct(["random_seed"], "seed", integer),
    direct(["frequency_penalty"], "frequency_penalty", number),
    direct(["presence_penalty"], "presence_penalty", number),
    direct(["n"], "candidate_count", integer),
    effort(["reasoning_effort"], "Mistral", ["minimal", "low", "medium", "high", "xhigh"], { none: "none" }),
    ...openaiFormat(["response_format"], "Mistral", "json_schema"),
    direct(["parallel_tool_calls"], "parallel_tool_calls", flag),
    direct(["stream"], "stream", flag),
    mapped(["service_tier"], "service_tier", standardOnlyTiers),
    direct(["prompt_cache_key"], "prompt_cache_key", text),
  ],
  implicit: { stream_usage: true, response_format: "text" },
  missing: { reasoning_budget: "it sets reasoning by effort level, not by a token budget" },
};

const bedrockConverse: FormatSettings = {
  label: "Bedrock Converse",
  providerKey: "amazon-bedrock",
  snakeCase: false,
  fields: [
    // The model is in the URL; a caller may have put the SDK's modelId in the body.
    readOnly(["modelId"], "model", text),
    direct(["inferenceConfig", "maxTokens"], "max_output_tokens", integer),
    direct(["inferenceConfig", "temperature"], "temperature", number),
    direct(["inferenceConfig", "topP"], "top_p", number),
    direct(["inferenceConfig", "stopSequences"], "stop", sequences),
    effort(["outputConfig", "effort"], "Bedrock Converse", ["low", "medium", "high", "xhigh", "max"]),
    readOnly(["outputConfig", "textFormat", "type"], "response_format", (value) =>
      value === "json_schema" ? value : undefined,
    ),
    {
      path: ["outputConfig", "textFormat", "structure", "jsonSchema", "schema"],
      read: (value) => {
        if (typeof value !== "string") return undefined;
        try {
          const schema: unknown = JSON.parse(value);
          return isJsonObject(schema) ? { response_schema: schema } : undefined;
        } catch {
          return undefined;
        }
      },
    },
    readOnly(["outputConfig", "textFormat", "structure", "jsonSchema", "name"], "response_schema_name", text),
    readOnly(
      ["outputConfig", "textFormat", "structure", "jsonSchema", "description"],
      "response_schema_description",
      text,
    ),
    writeOnly(["outputConfig", "textFormat"], (settings) => {
      if (settings.response_format !== "json_schema" || settings.response_schema === undefined) return undefined;
      const jsonSchema: JsonObject = { schema: JSON.stringify(settings.response_schema) };
      if (settings.response_schema_name !== undefined) jsonSchema["name"] = settings.response_schema_name;
      if (settings.response_schema_description !== undefined)
        jsonSchema["description"] = settings.response_schema_description;
      return {
        value: { type: "json_schema", structure: { jsonSchema } },
        carried: ["response_format", "response_schema", "response_schema_name", "response_schema_description"],
        notes: [
          {
            setting: "response_schema",
            code: "value-converted",
            message: "Bedrock Converse takes the JSON schema as JSON text; it was sent as text",
          },
        ],
      };
    }),
    mapped(["serviceTier", "type"], "service_tier", [
      ["standard", "default"],
      ["flex", "flex"],
      ["priority", "priority"],
      ["reserved", "reserved"],
    ]),
    // Fields for the model behind Converse (Claude's thinking, gpt-oss's effort, top_k): read, never written, since
    // what they mean depends on the model named in the URL.
    {
      path: ["additionalModelRequestFields", "thinking", "type"],
      read: (value) =>
        value === "enabled" ? { reasoning: true } : value === "disabled" ? { reasoning: false } : undefined,
    },
    readOnly(["additionalModelRequestFields", "thinking", "budget_tokens"], "reasoning_budget", integer),
    {
      path: ["additionalModelRequestFields", "reasoning_effort"],
      read: (value) =>
        reasoningEfforts.includes(value as ReasoningEffort)
          ? { reasoning_effort: value as ReasoningEffort, reasoning: true }
          : undefined,
    },
    readOnly(["additionalModelRequestFields", "top_k"], "top_k", integer),
  ],
  implicit: {
    stream: false,
    stream_usage: true,
    candidate_count: 1,
    response_format: "text",
    parallel_tool_calls: true,
  },
  missing: {
    model: "Bedrock names the model in the URL, /model/{modelId}/converse",
    stream: "Bedrock streams through the converse-stream endpoint, not a body field",
    reasoning_budget:
      "Converse has no budget of its own; additionalModelRequestFields would carry one, in the form the model behind it takes",
    top_k:
      "Converse has no top_k of its own; additionalModelRequestFields would carry one, in the form the model takes",
  },
};

/** Every provider API's request settings, by format id. */
export const requestSettingsTables = {
  "openai-chat": openaiChat,
  "openai-responses": openaiResponses,
  anthropic,
  gemini,
  ollama,
  mistral,
  "bedrock-converse": bedrockConverse,
} as const satisfies Partial<Record<SourceFormat, FormatSettings>>;

export type SettingsFormat = keyof typeof requestSettingsTables;

/** Whether a format has a request-settings table (the provider APIs). */
export function isSettingsFormat(format: string): format is SettingsFormat {
  return Object.hasOwn(requestSettingsTables, format);
}

/**
 * The tables a document's `provider_fields[key]` is read through: its source format's, when that format keeps its
 * fields under the key; otherwise every format keeping fields under it (OpenAI Chat's and Responses', for a document
 * naming no source).
 */
export function tablesForKey(key: string, source: SourceFormat | undefined): FormatSettings[] {
  const all = Object.entries(requestSettingsTables) as Array<[SettingsFormat, FormatSettings]>;
  const own = all.find(([format, table]) => format === source && table.providerKey === key);
  if (own !== undefined) return [own[1]];
  return all.filter(([, table]) => table.providerKey === key).map(([, table]) => table);
}

/**
 * Writes into `request` (the target's request as built so far, its own kept fields included) the settings the
 * document keeps for other formats, and the caller's `options.settings`, each to the target's equivalent field; every
 * setting the target cannot take is named in a warning.
 */
export function carryRequestSettings(
  target: SettingsFormat,
  document: Tolerant.Transcript,
  request: JsonObject,
  options: FromCanonicalOptions,
  problems: Problems,
): void {
  const table = requestSettingsTables[target];
  carrySettings({
    target: table,
    entries: foreignEntries(document, { format: target, providerKey: table.providerKey }, tablesForKey),
    document,
    request,
    overrides: options.settings,
    problems,
  });
}

/**
 * The model a request written from `document` is for when no setting names one: the latest an assistant message
 * names (a session's documents, Codex's and Claude Code's, record the model per response and no request settings).
 */
export function recordedModel(document: Tolerant.Transcript): string | undefined {
  for (let index = document.messages.length - 1; index >= 0; index -= 1) {
    const message = document.messages[index];
    if (message?.role === "assistant" && typeof message.model === "string" && message.model !== "")
      return message.model;
  }
  return undefined;
}

/**
 * Names the request's model when no setting did: the model the document records. Without one, an error when the
 * caller asks for a model (`requireModel`: an empty name would only move the failure to the sending); else, where the
 * target requires the field (`empty`), an empty name to be set before sending with a `value-assumed` warning, and
 * nothing where it may be left out (`absent`: OpenAI Responses, whose stored prompts may name the model).
 */
export function nameRequestModel(
  document: Tolerant.Transcript,
  request: JsonObject,
  target: { label: string; missing: "empty" | "absent" },
  options: FromCanonicalOptions,
  problems: Problems,
): void {
  if (typeof request.model === "string" && request.model !== "") return;
  const model = recordedModel(document);
  if (model !== undefined) {
    request.model = model;
    return;
  }
  const named = "the document names no model (no request setting, no assistant message's model)";
  if (options.requireModel === true) {
    problems.error("/provider_fields", `${named}; give the one to send (settings.model; the CLI's --model)`);
    return;
  }
  // A model the request keeps that is no name, and a target whose model is optional, are written as they are.
  if (request.model !== undefined || target.missing === "absent") return;
  request.model = "";
  problems.warn(
    "value-assumed",
    "/provider_fields",
    `${named}; the ${target.label} request is written with an empty model, to be set before sending`,
  );
}

export type { RequestSettings };
