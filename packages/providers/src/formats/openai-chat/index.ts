export { openaiChatConverter } from "./openai-chat-format.js";
