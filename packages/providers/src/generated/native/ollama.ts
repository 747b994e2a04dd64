// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: the types of ollama 0.6.4 (tools/native-types/src/targets.ts)
// Regenerate: pnpm --filter @agent-transcript/native-types generate
//
// Ollama's chat API (POST /api/chat): request and response (each stream line is a response).
// Our own declarations, written from the types of ollama 0.6.4 with the wire's
// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them
// check them against the SDK's in both directions. Roots: ChatRequest, ChatResponse.

export interface ChatRequest {
    model: string;
    messages?: Message[];
    stream?: boolean;
    format?: string | object;
    keep_alive?: string | number;
    tools?: Tool[];
    think?: boolean | "high" | "medium" | "low";
    logprobs?: boolean;
    top_logprobs?: number;
    options?: Partial<Options>;
}
export interface ChatResponse {
    model: string;
    created_at: string;
    message: Message;
    done: boolean;
    done_reason: string;
    total_duration: number;
    load_duration: number;
    prompt_eval_count: number;
    prompt_eval_duration: number;
    eval_count: number;
    eval_duration: number;
    logprobs?: Logprob[];
}
export interface Logprob extends TokenLogprob {
    top_logprobs?: TokenLogprob[];
}
export interface Message {
    role: string;
    content: string;
    thinking?: string;
    images?: Uint8Array[] | string[];
    tool_calls?: ToolCall[];
    tool_name?: string;
}
export interface Options {
    numa: boolean;
    num_ctx: number;
    num_batch: number;
    num_gpu: number;
    main_gpu: number;
    low_vram: boolean;
    f16_kv: boolean;
    logits_all: boolean;
    vocab_only: boolean;
    use_mmap: boolean;
    use_mlock: boolean;
    embedding_only: boolean;
    num_thread: number;
    num_keep: number;
    seed: number;
    num_predict: number;
    top_k: number;
    top_p: number;
    min_p: number;
    tfs_z: number;
    typical_p: number;
    repeat_last_n: number;
    temperature: number;
    repeat_penalty: number;
    presence_penalty: number;
    frequency_penalty: number;
    mirostat: number;
    mirostat_tau: number;
    mirostat_eta: number;
    penalize_newline: boolean;
    stop: string[];
}
export interface TokenLogprob {
    token: string;
    logprob: number;
}
export interface Tool {
    type: string;
    function: {
        name?: string;
        description?: string;
        type?: string;
        parameters?: {
            type?: string;
            $defs?: unknown;
            items?: unknown;
            required?: string[];
            properties?: {
                [key: string]: {
                    type?: string | string[];
                    items?: unknown;
                    description?: string;
                    enum?: unknown[];
                };
            };
        };
    };
}
export interface ToolCall {
    function: {
        name: string;
        arguments: {
            [key: string]: unknown;
        };
    };
}
