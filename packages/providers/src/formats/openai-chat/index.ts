export { openaiChatFormat } from "./openai-chat-format.js";
