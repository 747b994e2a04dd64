/** Ollama as a member of the chat-completions family: how its `/api/chat` differs from OpenAI Chat, stated as data. */
import type { ChatMember } from "../../families/chat-completions/index.js";
import { label, provider } from "./native-fields.js";

export const ollamaMember: ChatMember = {
  format: "ollama",
  provider,
  label,
  notRequest: "must be an Ollama chat request object",
  messagesRequired: false,
  syntheticIds: { prefix: "call_", alphabet: "abcdefghijklmnopqrstuvwxyz0123456789", length: 16 },
  toolCalls: {
    notObject: "must be an object",
    missingId: "silent",
    emptyId: "made-up",
    type: "unread",
    arguments: "json",
  },
  tools: { notObject: "must be an object", builtIn: "none", strict: false, nullable: false },
};
