/**
 * Mistral chat completion requests ⇄ canonical documents: the chat-completions family's folds
 * (families/chat-completions) with Mistral's dialect.
 *
 * Mistral in the family: roles system, user, assistant and tool (a `developer` message is sent as a system message,
 * `role-mapped`); content is a string or a list of content chunks (content.ts; thinking is reasoning issued by
 * Mistral); a message's `name` has no canonical field (kept on import, `field-dropped` on export), a tool message's
 * `name` is its result's; tool-call ids are nine letters and digits, renamed call and result together
 * (`id-remapped`), a call read without an id gets a made-up one (`id-synthesized`); `arguments` may be an object,
 * written back as one; built-in tools (web search, code interpreter, …) are kept whole and a function tool needs
 * `parameters`; `tool_choice: "any"`, Mistral's synonym of `required`, is kept so it comes back; tool messages
 * carry text (media of a result goes to a user message after them: models before tokenizer v15 reject media in tool
 * messages). Mistral's role order (role-order.ts in the family): an assistant message "OK" between tool messages
 * and a following user message, a final assistant message sent with `prefix: true`, a placeholder user message
 * before a history that opens with the assistant, each with a warning.
 */
import { withIndefiniteArticle } from "@agent-transcript/core";
import { idRules } from "../../conversion/index.js";
import { requestConverters, type ChatDialect } from "../../families/chat-completions/index.js";
import { mistralContent } from "./content.js";
import { label, provider } from "./native-fields.js";
import type { MistralChatRequest } from "./types.js";

export const mistralDialect: ChatDialect = {
  format: "mistral",
  provider,
  label,
  notRequest: "must be a Mistral chat completion request object",
  messagesRequired: true,
  syntheticIds: { prefix: "", alphabet: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", length: 9 },
  toolCalls: {
    notObject: "must be a tool call object",
    missingId: "reported",
    emptyId: "kept",
    type: "function",
    arguments: "text-or-object",
  },
  tools: { notObject: "must be a tool object", builtIn: "type", strict: true, nullable: true },
  shortLabel: "Mistral",
  requestMessageLabel: "Mistral message",
  sharedProviderKey: false,
  idRule: idRules.mistral,
  idChanges: {
    renamed: (sourceId, id) =>
      `tool call id ${sourceId} renamed to ${id}: Mistral takes exactly nine letters and digits`,
    reusedNote: "",
    reused: (subject, id) => `${subject}; it was renamed to ${id} so each result pairs with its own call`,
  },
  responseCallIds: "as-read",
  contentListMarker: "content_list",
  content: mistralContent,
  messages: {
    roles: ["system", "user", "assistant", "tool"],
    notObject: "must be a message object",
    contentError: "must be a string, a list of content chunks or null",
    name: false,
    developer: false,
    reasoningFields: [],
    refusalField: false,
    callsOnAssistantOnly: true,
    emptied: "left-out",
    contentRequired: true,
    completionFieldsKey: "completion",
  },
  toolMessages: {
    name: true,
    contentError: undefined,
    wording: {
      orderChanged: "Mistral tool messages come right after the calls; the content before this result follows them",
      statusMapped: (status) =>
        `Mistral tool messages have no status; ${withIndefiniteArticle(`${status} result`)} is sent as its content only`,
      outputAsJson: "Mistral tool messages carry text; the output is sent as JSON text",
      mediaMoved: (type) =>
        `Mistral tool messages carry text only (media in tool results needs tokenizer v15); the ${type} is sent in a user message after the tool messages`,
      listNoun: "chunks",
    },
  },
  toolChoice: {
    expected: "must be auto, none, any, required or a named function",
    requiredSynonym: "any",
    inexactFunction: "tool",
    otherObjects: "refused",
    keptMustFit: true,
  },
  parametersRequired: true,
  roleOrder: { bridgeText: "OK", placeholderUserText: "Continue." },
};

export const { requestToCanonical, requestFromCanonical } = requestConverters<MistralChatRequest>(mistralDialect);
