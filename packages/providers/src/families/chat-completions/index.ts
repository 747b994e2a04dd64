/**
 * The chat-completions family: the folds OpenAI Chat Completions, Mistral chat completions and Ollama `/api/chat`
 * share, each parameterised by the member's dialect (dialect.ts says what a member states and why).
 */
export type {
  AssistantFields,
  ChatDialect,
  ChatMember,
  CompletionDialect,
  ContentCodec,
  ContentPlace,
  IdChangeWording,
  MessageReader,
  PendingCall,
  RoleOrder,
  StreamDialect,
  SyntheticIds,
  ToolCallRules,
  ToolChoiceRules,
  ToolRules,
  WriteContext,
} from "./dialect.js";
export { contentCodec, fileTextEntry, leaveOutReasoning, type ContentEntries } from "./content.js";
export { finishNative, keptInner, nest, targetFields, withFields, type ChatShape } from "./native-fields.js";
export { idChangeMessage, readToolCall, syntheticCallId, writeToolCall } from "./tool-calls.js";
export { readTool } from "./tools.js";
export { readChatMessage, readContentList, readRequest, requestToCanonical } from "./request-to-canonical.js";
export { nameModel, collectAssistant, contentValue, requestFromCanonical } from "./request-from-canonical.js";
export { responseFromCanonical, responseToCanonical } from "./response.js";
export { readStream, streamFromCanonical, streamToCanonical } from "./stream.js";
export { checkEachMessage, ToolMessageRuns } from "./check.js";
export { requestConverters, responseConverters, streamConverters } from "./member.js";
