// The entry point `@agent-transcript/recorder/instrument`: recording the model calls of the official SDK clients and
// of the Vercel AI SDK into a `Recorder`. Nothing here loads an SDK, and no declaration names one: a wrapper takes any
// client with the methods it wraps and returns it as the caller's own type, and the middleware is typed with our own
// declaration of the AI SDK's interface (`AiSdkTypes`). The SDKs are optional peer dependencies; a program installs
// and loads only the one it uses, and compiles without the others.
export { wrapAnthropic } from "./anthropic.js";
export { recordingMiddleware, type AiSdkTypes } from "./ai-sdk.js";
export { wrapGoogleGenAI } from "./google-genai.js";
export { wrapOllama } from "./ollama.js";
export { wrapOpenAI } from "./openai.js";
export { RecordingError, recordingFailedWarningCode, type CallPlacement, type InstrumentOptions } from "./options.js";
