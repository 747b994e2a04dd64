// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: the types of @mistralai/mistralai 2.7.0 (tools/native-types/src/targets.ts)
// Regenerate: pnpm --filter @agent-transcript/native-types generate
//
// Mistral Chat Completions (POST /v1/chat/completions): the request as the SDK's serialiser writes it.
// Our own declarations, written from the types of @mistralai/mistralai 2.7.0 with the wire's
// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them
// check them against the SDK's in both directions. Roots: ChatCompletionRequest$Outbound, AssistantMessage$Outbound, ContentChunk$Outbound, SystemMessage$Outbound, Tool$Outbound, ToolCall$Outbound, ToolMessage$Outbound, UsageInfo$Outbound, UserMessage$Outbound.

export type APIKeyAuth$Outbound = {
    type: "api-key";
    value: string;
};
export type AssistantMessage$Outbound = {
    role: "assistant";
    content?: string | Array<ContentChunk$Outbound> | null | undefined;
    tool_calls?: Array<ToolCall$Outbound> | null | undefined;
    prefix: boolean;
};
export type AudioChunk$Outbound = {
    type: "input_audio";
    input_audio: string;
};
export type ChatCompletionRequest$Outbound = {
    model: string;
    temperature?: number | null | undefined;
    top_p?: number | null | undefined;
    max_tokens?: number | null | undefined;
    stream: boolean;
    stop?: string | Array<string> | null | undefined;
    random_seed?: number | null | undefined;
    metadata?: {
        [k: string]: unknown;
    } | null | undefined;
    messages: Array<(AssistantMessage$Outbound & {
        role: "assistant";
    }) | SystemMessage$Outbound | ToolMessage$Outbound | UserMessage$Outbound>;
    response_format?: ResponseFormat$Outbound | undefined;
    tools?: Array<(Tool$Outbound & {
        type: "function";
    }) | WebSearchTool$Outbound | WebSearchPremiumTool$Outbound | CodeInterpreterTool$Outbound | ImageGenerationTool$Outbound | DocumentLibraryTool$Outbound | CustomConnector$Outbound> | null | undefined;
    tool_choice?: ToolChoice$Outbound | string | undefined;
    presence_penalty?: number | null | undefined;
    frequency_penalty?: number | null | undefined;
    n?: number | null | undefined;
    prediction?: Prediction$Outbound | undefined;
    parallel_tool_calls?: boolean | undefined;
    reasoning_effort?: string | null | undefined;
    prompt_mode?: string | null | undefined;
    guardrails?: Array<GuardrailConfig$Outbound> | null | undefined;
    prompt_cache_key?: string | null | undefined;
    service_tier?: string | null | undefined;
    safe_prompt?: boolean | undefined;
};
export type CodeInterpreterTool$Outbound = {
    tool_configuration?: ToolConfiguration$Outbound | null | undefined;
    type: "code_interpreter";
};
export type ContentChunk$Outbound = (ImageURLChunk$Outbound & {
    type: "image_url";
}) | (DocumentURLChunk$Outbound & {
    type: "document_url";
}) | (TextChunk$Outbound & {
    type: "text";
}) | (ReferenceChunk$Outbound & {
    type: "reference";
}) | (FileChunk$Outbound & {
    type: "file";
}) | (ThinkChunk$Outbound & {
    type: "thinking";
}) | AudioChunk$Outbound;
export type CustomConnector$Outbound = {
    type: "connector";
    connector_id: string;
    authorization?: APIKeyAuth$Outbound | OAuth2TokenAuth$Outbound | null | undefined;
    tool_configuration?: ToolConfiguration$Outbound | null | undefined;
};
export type DocumentLibraryTool$Outbound = {
    tool_configuration?: ToolConfiguration$Outbound | null | undefined;
    type: "document_library";
    library_ids: Array<string>;
};
export type DocumentURLChunk$Outbound = {
    type: "document_url";
    document_url: string;
    document_name?: string | null | undefined;
};
export type FileChunk$Outbound = {
    type: "file";
    file_id: string;
};
export type FunctionCall$Outbound = {
    name: string;
    arguments: {
        [k: string]: unknown;
    } | string;
};
export type FunctionName$Outbound = {
    name: string;
};
export type FunctionT$Outbound = {
    name: string;
    description?: string | undefined;
    strict?: boolean | undefined;
    parameters: {
        [k: string]: unknown;
    };
};
export type GuardrailConfig$Outbound = {
    block_on_error: boolean;
    moderation_llm_v1?: ModerationLlmv1Config$Outbound | null | undefined;
    moderation_llm_v2?: ModerationLlmv2Config$Outbound | null | undefined;
};
export type ImageGenerationTool$Outbound = {
    tool_configuration?: ToolConfiguration$Outbound | null | undefined;
    type: "image_generation";
};
export type ImageURL$Outbound = {
    url: string;
    detail?: string | null | undefined;
};
export type ImageURLChunk$Outbound = {
    type: "image_url";
    image_url: ImageURL$Outbound | string;
};
export type JsonSchema$Outbound = {
    name: string;
    description?: string | null | undefined;
    schema: {
        [k: string]: unknown;
    };
    strict?: boolean | undefined;
};
export type ModerationLlmv1CategoryThresholds$Outbound = {
    sexual?: number | null | undefined;
    hate_and_discrimination?: number | null | undefined;
    violence_and_threats?: number | null | undefined;
    dangerous_and_criminal_content?: number | null | undefined;
    selfharm?: number | null | undefined;
    health?: number | null | undefined;
    financial?: number | null | undefined;
    law?: number | null | undefined;
    pii?: number | null | undefined;
};
export type ModerationLlmv1Config$Outbound = {
    model_name: string;
    custom_category_thresholds?: ModerationLlmv1CategoryThresholds$Outbound | null | undefined;
    ignore_other_categories: boolean;
    action?: string | undefined;
};
export type ModerationLlmv2CategoryThresholds$Outbound = {
    sexual?: number | null | undefined;
    hate_and_discrimination?: number | null | undefined;
    violence_and_threats?: number | null | undefined;
    dangerous?: number | null | undefined;
    criminal?: number | null | undefined;
    selfharm?: number | null | undefined;
    health?: number | null | undefined;
    financial?: number | null | undefined;
    law?: number | null | undefined;
    pii?: number | null | undefined;
    jailbreaking?: number | null | undefined;
};
export type ModerationLlmv2Config$Outbound = {
    model_name: string;
    custom_category_thresholds?: ModerationLlmv2CategoryThresholds$Outbound | null | undefined;
    ignore_other_categories: boolean;
    action?: string | undefined;
};
export type OAuth2TokenAuth$Outbound = {
    type: "oauth2-token";
    value: string;
};
export type Prediction$Outbound = {
    type: "content";
    content: string;
};
export type ReferenceChunk$Outbound = {
    type: "reference";
    reference_ids: Array<number | string>;
};
export type ResponseFormat$Outbound = {
    type?: string | undefined;
    json_schema?: JsonSchema$Outbound | null | undefined;
};
export type SystemMessage$Outbound = {
    role: "system";
    content: string | Array<SystemMessageContentChunks$Outbound>;
};
export type SystemMessageContentChunks$Outbound = (TextChunk$Outbound & {
    type: "text";
}) | (ThinkChunk$Outbound & {
    type: "thinking";
});
export type TextChunk$Outbound = {
    type: "text";
    text: string;
};
export type ThinkChunk$Outbound = {
    type: "thinking";
    thinking: Array<ToolReferenceChunk$Outbound | TextChunk$Outbound | ReferenceChunk$Outbound>;
    signature?: string | null | undefined;
    closed?: boolean | undefined;
};
export type Tool$Outbound = {
    type: string;
    function: FunctionT$Outbound;
};
export type ToolCall$Outbound = {
    id: string;
    type: string;
    function: FunctionCall$Outbound;
    index: number;
};
export type ToolChoice$Outbound = {
    type: string;
    function: FunctionName$Outbound;
};
export type ToolConfiguration$Outbound = {
    exclude?: Array<string> | null | undefined;
    include?: Array<string> | null | undefined;
    requires_confirmation?: Array<string> | null | undefined;
};
export type ToolMessage$Outbound = {
    role: "tool";
    content: string | Array<ContentChunk$Outbound> | null;
    tool_call_id?: string | null | undefined;
    name?: string | null | undefined;
};
export type ToolReferenceChunk$Outbound = {
    type: "tool_reference";
    tool: string | string;
    title: string;
    url?: string | null | undefined;
    favicon?: string | null | undefined;
    description?: string | null | undefined;
};
export type UsageInfo$Outbound = {
    prompt_tokens: number;
    completion_tokens: number;
    total_tokens: number;
    prompt_audio_seconds?: number | null | undefined;
    service_tier?: string | null | undefined;
    [additionalProperties: string]: unknown;
};
export type UserMessage$Outbound = {
    role: "user";
    content: string | Array<ContentChunk$Outbound> | null;
};
export type WebSearchPremiumTool$Outbound = {
    tool_configuration?: ToolConfiguration$Outbound | null | undefined;
    type: "web_search_premium";
};
export type WebSearchTool$Outbound = {
    tool_configuration?: ToolConfiguration$Outbound | null | undefined;
    type: "web_search";
};
