// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: the types of @ai-sdk/provider 3.0.19 (tools/native-types/src/targets.ts)
// Regenerate: pnpm --filter @agent-transcript/native-types generate
//
// The Vercel AI SDK's language-model middleware (specification v3), as `wrapLanguageModel` calls it.
// Our own declarations, written from the types of @ai-sdk/provider 3.0.19 with the wire's
// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them
// check them against the SDK's in both directions. Roots: LanguageModelV3Middleware.

export type JSONArray = JSONValue[];
export type JSONObject = {
    [key: string]: JSONValue | undefined;
};
export interface JSONSchema7 {
    $id?: string | undefined;
    $ref?: string | undefined;
    $schema?: JSONSchema7Version | undefined;
    $comment?: string | undefined;
    $defs?: {
        [key: string]: JSONSchema7Definition;
    } | undefined;
    type?: JSONSchema7TypeName | JSONSchema7TypeName[] | undefined;
    enum?: JSONSchema7Type[] | undefined;
    const?: JSONSchema7Type | undefined;
    multipleOf?: number | undefined;
    maximum?: number | undefined;
    exclusiveMaximum?: number | undefined;
    minimum?: number | undefined;
    exclusiveMinimum?: number | undefined;
    maxLength?: number | undefined;
    minLength?: number | undefined;
    pattern?: string | undefined;
    items?: JSONSchema7Definition | JSONSchema7Definition[] | undefined;
    additionalItems?: JSONSchema7Definition | undefined;
    maxItems?: number | undefined;
    minItems?: number | undefined;
    uniqueItems?: boolean | undefined;
    contains?: JSONSchema7Definition | undefined;
    maxProperties?: number | undefined;
    minProperties?: number | undefined;
    required?: string[] | undefined;
    properties?: {
        [key: string]: JSONSchema7Definition;
    } | undefined;
    patternProperties?: {
        [key: string]: JSONSchema7Definition;
    } | undefined;
    additionalProperties?: JSONSchema7Definition | undefined;
    dependencies?: {
        [key: string]: JSONSchema7Definition | string[];
    } | undefined;
    propertyNames?: JSONSchema7Definition | undefined;
    if?: JSONSchema7Definition | undefined;
    then?: JSONSchema7Definition | undefined;
    else?: JSONSchema7Definition | undefined;
    allOf?: JSONSchema7Definition[] | undefined;
    anyOf?: JSONSchema7Definition[] | undefined;
    oneOf?: JSONSchema7Definition[] | undefined;
    not?: JSONSchema7Definition | undefined;
    format?: string | undefined;
    contentMediaType?: string | undefined;
    contentEncoding?: string | undefined;
    definitions?: {
        [key: string]: JSONSchema7Definition;
    } | undefined;
    title?: string | undefined;
    description?: string | undefined;
    default?: JSONSchema7Type | undefined;
    readOnly?: boolean | undefined;
    writeOnly?: boolean | undefined;
    examples?: JSONSchema7Type | undefined;
}
export interface JSONSchema7Array extends Array<JSONSchema7Type> {
}
export type JSONSchema7Definition = JSONSchema7 | boolean;
export interface JSONSchema7Object {
    [key: string]: JSONSchema7Type;
}
export type JSONSchema7Type = string | number | boolean | JSONSchema7Object | JSONSchema7Array | null;
export type JSONSchema7TypeName = "string" | "number" | "integer" | "boolean" | "object" | "array" | "null";
export type JSONSchema7Version = string;
export type JSONValue = null | string | number | boolean | JSONObject | JSONArray;
export type LanguageModelV3 = {
    readonly specificationVersion: "v3";
    readonly provider: string;
    readonly modelId: string;
    supportedUrls: PromiseLike<Record<string, RegExp[]>> | Record<string, RegExp[]>;
    doGenerate(options: LanguageModelV3CallOptions): PromiseLike<LanguageModelV3GenerateResult>;
    doStream(options: LanguageModelV3CallOptions): PromiseLike<LanguageModelV3StreamResult>;
};
export type LanguageModelV3CallOptions = {
    prompt: LanguageModelV3Prompt;
    maxOutputTokens?: number;
    temperature?: number;
    stopSequences?: string[];
    topP?: number;
    topK?: number;
    presencePenalty?: number;
    frequencyPenalty?: number;
    responseFormat?: {
        type: "text";
    } | {
        type: "json";
        schema?: JSONSchema7;
        name?: string;
        description?: string;
    };
    seed?: number;
    tools?: Array<LanguageModelV3FunctionTool | LanguageModelV3ProviderTool>;
    toolChoice?: LanguageModelV3ToolChoice;
    includeRawChunks?: boolean;
    abortSignal?: AbortSignal;
    headers?: Record<string, string | undefined>;
    providerOptions?: SharedV3ProviderOptions;
};
export type LanguageModelV3Content = LanguageModelV3Text | LanguageModelV3Reasoning | LanguageModelV3File | LanguageModelV3ToolApprovalRequest | LanguageModelV3Source | LanguageModelV3ToolCall | LanguageModelV3ToolResult;
export type LanguageModelV3DataContent = Uint8Array | string | URL;
export type LanguageModelV3File = {
    type: "file";
    mediaType: string;
    data: string | Uint8Array;
    providerMetadata?: SharedV3ProviderMetadata;
};
export interface LanguageModelV3FilePart {
    type: "file";
    filename?: string;
    data: LanguageModelV3DataContent;
    originalUrl?: string;
    mediaType: string;
    providerOptions?: SharedV3ProviderOptions;
}
export type LanguageModelV3FinishReason = {
    unified: "stop" | "length" | "content-filter" | "tool-calls" | "error" | "other";
    raw: string | undefined;
};
export type LanguageModelV3FunctionTool = {
    type: "function";
    name: string;
    description?: string;
    inputSchema: JSONSchema7;
    inputExamples?: Array<{
        input: JSONObject;
    }>;
    strict?: boolean;
    providerOptions?: SharedV3ProviderOptions;
};
export type LanguageModelV3GenerateResult = {
    content: Array<LanguageModelV3Content>;
    finishReason: LanguageModelV3FinishReason;
    usage: LanguageModelV3Usage;
    providerMetadata?: SharedV3ProviderMetadata;
    request?: {
        body?: unknown;
    };
    response?: LanguageModelV3ResponseMetadata & {
        headers?: SharedV3Headers;
        body?: unknown;
    };
    warnings: Array<SharedV3Warning>;
};
export type LanguageModelV3Message = ({
    role: "system";
    content: string;
} | {
    role: "user";
    content: Array<LanguageModelV3TextPart | LanguageModelV3FilePart>;
} | {
    role: "assistant";
    content: Array<LanguageModelV3TextPart | LanguageModelV3FilePart | LanguageModelV3ReasoningPart | LanguageModelV3ToolCallPart | LanguageModelV3ToolResultPart>;
} | {
    role: "tool";
    content: Array<LanguageModelV3ToolResultPart | LanguageModelV3ToolApprovalResponsePart>;
}) & {
    providerOptions?: SharedV3ProviderOptions;
};
export type LanguageModelV3Middleware = {
    readonly specificationVersion: "v3";
    overrideProvider?: (options: {
        model: LanguageModelV3;
    }) => string;
    overrideModelId?: (options: {
        model: LanguageModelV3;
    }) => string;
    overrideSupportedUrls?: (options: {
        model: LanguageModelV3;
    }) => PromiseLike<Record<string, RegExp[]>> | Record<string, RegExp[]>;
    transformParams?: (options: {
        type: "generate" | "stream";
        params: LanguageModelV3CallOptions;
        model: LanguageModelV3;
    }) => PromiseLike<LanguageModelV3CallOptions>;
    wrapGenerate?: (options: {
        doGenerate: () => PromiseLike<LanguageModelV3GenerateResult>;
        doStream: () => PromiseLike<LanguageModelV3StreamResult>;
        params: LanguageModelV3CallOptions;
        model: LanguageModelV3;
    }) => PromiseLike<LanguageModelV3GenerateResult>;
    wrapStream?: (options: {
        doGenerate: () => PromiseLike<LanguageModelV3GenerateResult>;
        doStream: () => PromiseLike<LanguageModelV3StreamResult>;
        params: LanguageModelV3CallOptions;
        model: LanguageModelV3;
    }) => PromiseLike<LanguageModelV3StreamResult>;
};
export type LanguageModelV3Prompt = Array<LanguageModelV3Message>;
export type LanguageModelV3ProviderTool = {
    type: "provider";
    id: `${string}.${string}`;
    name: string;
    args: Record<string, unknown>;
};
export type LanguageModelV3Reasoning = {
    type: "reasoning";
    text: string;
    providerMetadata?: SharedV3ProviderMetadata;
};
export interface LanguageModelV3ReasoningPart {
    type: "reasoning";
    text: string;
    providerOptions?: SharedV3ProviderOptions;
}
export interface LanguageModelV3ResponseMetadata {
    id?: string;
    timestamp?: Date;
    modelId?: string;
}
export type LanguageModelV3Source = {
    type: "source";
    sourceType: "url";
    id: string;
    url: string;
    title?: string;
    providerMetadata?: SharedV3ProviderMetadata;
} | {
    type: "source";
    sourceType: "document";
    id: string;
    mediaType: string;
    title: string;
    filename?: string;
    providerMetadata?: SharedV3ProviderMetadata;
};
export type LanguageModelV3StreamPart = {
    type: "text-start";
    providerMetadata?: SharedV3ProviderMetadata;
    id: string;
} | {
    type: "text-delta";
    id: string;
    providerMetadata?: SharedV3ProviderMetadata;
    delta: string;
} | {
    type: "text-end";
    providerMetadata?: SharedV3ProviderMetadata;
    id: string;
} | {
    type: "reasoning-start";
    providerMetadata?: SharedV3ProviderMetadata;
    id: string;
} | {
    type: "reasoning-delta";
    id: string;
    providerMetadata?: SharedV3ProviderMetadata;
    delta: string;
} | {
    type: "reasoning-end";
    id: string;
    providerMetadata?: SharedV3ProviderMetadata;
} | {
    type: "tool-input-start";
    id: string;
    toolName: string;
    inputEncoding?: "json" | "text";
    providerMetadata?: SharedV3ProviderMetadata;
    providerExecuted?: boolean;
    dynamic?: boolean;
    title?: string;
} | {
    type: "tool-input-delta";
    id: string;
    delta: string;
    providerMetadata?: SharedV3ProviderMetadata;
} | {
    type: "tool-input-end";
    id: string;
    providerMetadata?: SharedV3ProviderMetadata;
} | LanguageModelV3ToolApprovalRequest | LanguageModelV3ToolCall | LanguageModelV3ToolResult | LanguageModelV3File | LanguageModelV3Source | {
    type: "stream-start";
    warnings: Array<SharedV3Warning>;
} | ({
    type: "response-metadata";
} & LanguageModelV3ResponseMetadata) | {
    type: "finish";
    usage: LanguageModelV3Usage;
    finishReason: LanguageModelV3FinishReason;
    providerMetadata?: SharedV3ProviderMetadata;
} | {
    type: "raw";
    rawValue: unknown;
} | {
    type: "error";
    error: unknown;
};
export type LanguageModelV3StreamResult = {
    stream: ReadableStream<LanguageModelV3StreamPart>;
    request?: {
        body?: unknown;
    };
    response?: {
        headers?: SharedV3Headers;
    };
};
export type LanguageModelV3Text = {
    type: "text";
    text: string;
    providerMetadata?: SharedV3ProviderMetadata;
};
export interface LanguageModelV3TextPart {
    type: "text";
    text: string;
    providerOptions?: SharedV3ProviderOptions;
}
export type LanguageModelV3ToolApprovalRequest = {
    type: "tool-approval-request";
    approvalId: string;
    toolCallId: string;
    providerMetadata?: SharedV3ProviderMetadata;
};
export interface LanguageModelV3ToolApprovalResponsePart {
    type: "tool-approval-response";
    approvalId: string;
    approved: boolean;
    reason?: string;
    providerOptions?: SharedV3ProviderOptions;
}
export type LanguageModelV3ToolCall = {
    type: "tool-call";
    toolCallId: string;
    toolName: string;
    input: string;
    providerExecuted?: boolean;
    dynamic?: boolean;
    providerMetadata?: SharedV3ProviderMetadata;
};
export interface LanguageModelV3ToolCallPart {
    type: "tool-call";
    toolCallId: string;
    toolName: string;
    input: unknown;
    providerExecuted?: boolean;
    providerOptions?: SharedV3ProviderOptions;
}
export type LanguageModelV3ToolChoice = {
    type: "auto";
} | {
    type: "none";
} | {
    type: "required";
} | {
    type: "tool";
    toolName: string;
};
export type LanguageModelV3ToolResult = {
    type: "tool-result";
    toolCallId: string;
    toolName: string;
    result: NonNullable<JSONValue>;
    isError?: boolean;
    preliminary?: boolean;
    dynamic?: boolean;
    providerMetadata?: SharedV3ProviderMetadata;
};
export type LanguageModelV3ToolResultOutput = {
    type: "text";
    value: string;
    providerOptions?: SharedV3ProviderOptions;
} | {
    type: "json";
    value: JSONValue;
    providerOptions?: SharedV3ProviderOptions;
} | {
    type: "execution-denied";
    reason?: string;
    providerOptions?: SharedV3ProviderOptions;
} | {
    type: "error-text";
    value: string;
    providerOptions?: SharedV3ProviderOptions;
} | {
    type: "error-json";
    value: JSONValue;
    providerOptions?: SharedV3ProviderOptions;
} | {
    type: "content";
    value: Array<{
        type: "text";
        text: string;
        providerOptions?: SharedV3ProviderOptions;
    } | {
        type: "file-data";
        data: string;
        mediaType: string;
        filename?: string;
        providerOptions?: SharedV3ProviderOptions;
    } | {
        type: "file-url";
        url: string;
        mediaType?: string;
        providerOptions?: SharedV3ProviderOptions;
    } | {
        type: "file-id";
        fileId: string | Record<string, string>;
        providerOptions?: SharedV3ProviderOptions;
    } | {
        type: "image-data";
        data: string;
        mediaType: string;
        providerOptions?: SharedV3ProviderOptions;
    } | {
        type: "image-url";
        url: string;
        providerOptions?: SharedV3ProviderOptions;
    } | {
        type: "image-file-id";
        fileId: string | Record<string, string>;
        providerOptions?: SharedV3ProviderOptions;
    } | {
        type: "custom";
        providerOptions?: SharedV3ProviderOptions;
    }>;
};
export interface LanguageModelV3ToolResultPart {
    type: "tool-result";
    toolCallId: string;
    toolName: string;
    output: LanguageModelV3ToolResultOutput;
    providerOptions?: SharedV3ProviderOptions;
}
export type LanguageModelV3Usage = {
    inputTokens: {
        total: number | undefined;
        noCache: number | undefined;
        cacheRead: number | undefined;
        cacheWrite: number | undefined;
    };
    outputTokens: {
        total: number | undefined;
        text: number | undefined;
        reasoning: number | undefined;
    };
    raw?: JSONObject;
};
export type SharedV3Headers = Record<string, string>;
export type SharedV3ProviderMetadata = Record<string, JSONObject>;
export type SharedV3ProviderOptions = Record<string, JSONObject>;
export type SharedV3Warning = {
    type: "unsupported";
    feature: string;
    details?: string;
} | {
    type: "compatibility";
    feature: string;
    details?: string;
} | {
    type: "other";
    message: string;
};
