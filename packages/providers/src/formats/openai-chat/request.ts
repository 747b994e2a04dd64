/**
 * OpenAI Chat Completions requests ⇄ canonical documents: the chat-completions family's folds
 * (families/chat-completions) with OpenAI Chat's dialect.
 *
 * OpenAI Chat in the family: roles system, developer (kept), user, assistant and tool; a message's `name` is the
 * canonical name; assistant `reasoning` / `reasoning_content` (sent by compatible servers: Ollama, Groq, DeepSeek)
 * are reasoning parts and `refusal` a refusal part; tool-call ids are 1–64 characters, unique in the request (an id
 * an earlier turn's call already has, as Gemini histories reuse them, is renamed for its turn, call and results
 * together); an empty id (Gemini's OpenAI-compatible endpoint) gets a made-up one and goes back empty; custom
 * (grammar) tools and their calls are kept; any tool choice object without a canonical mode is kept whole; a tool
 * result's name has no field; the key `provider_fields.openai` is shared with OpenAI Responses, so only an
 * `openai-chat` document's entries are sent back.
 */
import { withIndefiniteArticle } from "@agent-transcript/core";
import { idRules } from "../../conversion/index.js";
import { requestConverters, type ChatDialect } from "../../families/chat-completions/index.js";
import { chatContent } from "./content.js";
import { label, provider, reasoningMessageFields } from "./native-fields.js";
import type { OpenAIChatRequest } from "./types.js";

export const chatDialect: ChatDialect = {
  format: "openai-chat",
  provider,
  label,
  notRequest: "must be a Chat Completions request object",
  messagesRequired: true,
  syntheticIds: {
    prefix: "call_",
    alphabet: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    length: 24,
  },
  toolCalls: {
    notObject: "must be an object",
    missingId: "error",
    emptyId: "made-up",
    type: "function-or-custom",
    arguments: "text",
  },
  tools: { notObject: "must be an object", builtIn: "type-inside", strict: true, nullable: false },
  shortLabel: "Chat",
  requestMessageLabel: "OpenAI Chat request message",
  sharedProviderKey: true,
  idRule: idRules.openaiChat,
  idChanges: {
    renamed: (_sourceId, id) => `tool call id renamed to ${id} to fit OpenAI Chat's 1–64 character rule`,
    reusedNote: " (Gemini reuses ids across turns)",
    reused: (subject, id) => `${subject}; Chat needs unique ids, so it was renamed to ${id}`,
  },
  responseCallIds: "remapped",
  contentListMarker: "content_parts",
  content: chatContent,
  messages: {
    roles: ["system", "developer", "user", "assistant", "tool"],
    notObject: "must be an object",
    contentError: "must be a string, a list of content parts or null",
    name: true,
    developer: true,
    reasoningFields: reasoningMessageFields,
    refusalField: true,
    callsOnAssistantOnly: false,
    emptied: "empty-content",
    contentRequired: false,
    completionFieldsKey: undefined,
  },
  toolMessages: {
    name: false,
    contentError: "must be a string, a list of text parts or null",
    wording: {
      orderChanged:
        "Chat tool messages come right after the calls; the content before this result follows the tool messages",
      statusMapped: (status) =>
        `Chat tool messages have no status; ${withIndefiniteArticle(`${status} result`)} is sent as its output text only`,
      outputAsJson: "Chat tool messages are text; the output is sent as JSON text",
      mediaMoved: (type) =>
        `Chat tool messages are text only; the ${type} is sent in a user message after the tool messages`,
      listNoun: "parts",
    },
  },
  toolChoice: {
    expected: "must be auto, none, required or an object",
    requiredSynonym: undefined,
    inexactFunction: "closest",
    otherObjects: "closest",
    keptMustFit: false,
  },
  parametersRequired: false,
  roleOrder: undefined,
};

export const { requestToCanonical, requestFromCanonical } = requestConverters<OpenAIChatRequest>(chatDialect);
