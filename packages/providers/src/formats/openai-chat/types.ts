/**
 * The native side of OpenAI Chat Completions: the official `openai` SDK's types (types only: the converters never
 * load the SDK). What OpenAI-compatible servers add (Groq's `x_groq`, Ollama's and Groq's `reasoning`, DeepSeek's
 * `reasoning_content`, Gemini's `extra_content`) is read and written as native fields beside them.
 */
export type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
} from "openai/resources/chat/completions";
