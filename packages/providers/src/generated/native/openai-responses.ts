// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: the types of openai 6.49.0 (tools/native-types/src/targets.ts)
// Regenerate: pnpm --filter @agent-transcript/native-types generate
//
// OpenAI Responses (POST /v1/responses): request, response and stream event.
// Our own declarations, written from the types of openai 6.49.0 with the wire's
// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them
// check them against the SDK's in both directions. Roots: ResponseCreateParams, Response, ResponseStreamEvent.

export interface ApplyPatchTool {
    type: "apply_patch";
    allowed_callers?: Array<"direct" | "programmatic"> | null;
}
export type ChatModel = "gpt-5.6-sol" | "gpt-5.6-terra" | "gpt-5.6-luna" | "gpt-5.4" | "gpt-5.4-mini" | "gpt-5.4-nano" | "gpt-5.4-mini-2026-03-17" | "gpt-5.4-nano-2026-03-17" | "gpt-5.3-chat-latest" | "gpt-5.2" | "gpt-5.2-2025-12-11" | "gpt-5.2-chat-latest" | "gpt-5.2-pro" | "gpt-5.2-pro-2025-12-11" | "gpt-5.1" | "gpt-5.1-2025-11-13" | "gpt-5.1-codex" | "gpt-5.1-mini" | "gpt-5.1-chat-latest" | "gpt-5" | "gpt-5-mini" | "gpt-5-nano" | "gpt-5-2025-08-07" | "gpt-5-mini-2025-08-07" | "gpt-5-nano-2025-08-07" | "gpt-5-chat-latest" | "gpt-4.1" | "gpt-4.1-mini" | "gpt-4.1-nano" | "gpt-4.1-2025-04-14" | "gpt-4.1-mini-2025-04-14" | "gpt-4.1-nano-2025-04-14" | "o4-mini" | "o4-mini-2025-04-16" | "o3" | "o3-2025-04-16" | "o3-mini" | "o3-mini-2025-01-31" | "o1" | "o1-2024-12-17" | "o1-preview" | "o1-preview-2024-09-12" | "o1-mini" | "o1-mini-2024-09-12" | "gpt-4o" | "gpt-4o-2024-11-20" | "gpt-4o-2024-08-06" | "gpt-4o-2024-05-13" | "gpt-4o-audio-preview" | "gpt-4o-audio-preview-2024-10-01" | "gpt-4o-audio-preview-2024-12-17" | "gpt-4o-audio-preview-2025-06-03" | "gpt-4o-mini-audio-preview" | "gpt-4o-mini-audio-preview-2024-12-17" | "gpt-4o-search-preview" | "gpt-4o-mini-search-preview" | "gpt-4o-search-preview-2025-03-11" | "gpt-4o-mini-search-preview-2025-03-11" | "chatgpt-4o-latest" | "codex-mini-latest" | "gpt-4o-mini" | "gpt-4o-mini-2024-07-18" | "gpt-4-turbo" | "gpt-4-turbo-2024-04-09" | "gpt-4-0125-preview" | "gpt-4-turbo-preview" | "gpt-4-1106-preview" | "gpt-4-vision-preview" | "gpt-4" | "gpt-4-0314" | "gpt-4-0613" | "gpt-4-32k" | "gpt-4-32k-0314" | "gpt-4-32k-0613" | "gpt-3.5-turbo" | "gpt-3.5-turbo-16k" | "gpt-3.5-turbo-0301" | "gpt-3.5-turbo-0613" | "gpt-3.5-turbo-1106" | "gpt-3.5-turbo-0125" | "gpt-3.5-turbo-16k-0613";
export interface ComparisonFilter {
    key: string;
    type: "eq" | "ne" | "gt" | "gte" | "lt" | "lte" | "in" | "nin";
    value: string | number | boolean | Array<string | number>;
}
export interface CompoundFilter {
    filters: Array<ComparisonFilter | unknown>;
    type: "and" | "or";
}
export type ComputerAction = ComputerActionClick | ComputerActionDoubleClick | ComputerActionDrag | ComputerActionKeypress | ComputerActionMove | ComputerActionScreenshot | ComputerActionScroll | ComputerActionType | ComputerActionWait;
export interface ComputerActionClick {
    button: "left" | "right" | "wheel" | "back" | "forward";
    type: "click";
    x: number;
    y: number;
    keys?: Array<string> | null;
}
export interface ComputerActionDoubleClick {
    keys: Array<string> | null;
    type: "double_click";
    x: number;
    y: number;
}
export interface ComputerActionDrag {
    path: Array<ComputerActionDragPath>;
    type: "drag";
    keys?: Array<string> | null;
}
export interface ComputerActionDragPath {
    x: number;
    y: number;
}
export interface ComputerActionKeypress {
    keys: Array<string>;
    type: "keypress";
}
export type ComputerActionList = Array<ComputerAction>;
export interface ComputerActionMove {
    type: "move";
    x: number;
    y: number;
    keys?: Array<string> | null;
}
export interface ComputerActionScreenshot {
    type: "screenshot";
}
export interface ComputerActionScroll {
    scroll_x: number;
    scroll_y: number;
    type: "scroll";
    x: number;
    y: number;
    keys?: Array<string> | null;
}
export interface ComputerActionType {
    text: string;
    type: "type";
}
export interface ComputerActionWait {
    type: "wait";
}
export interface ComputerTool {
    type: "computer";
}
export interface ComputerUsePreviewTool {
    display_height: number;
    display_width: number;
    environment: "windows" | "mac" | "linux" | "ubuntu" | "browser";
    type: "computer_use_preview";
}
export interface ContainerAuto {
    type: "container_auto";
    file_ids?: Array<string>;
    memory_limit?: "1g" | "4g" | "16g" | "64g" | null;
    network_policy?: ContainerNetworkPolicyDisabled | ContainerNetworkPolicyAllowlist;
    skills?: Array<SkillReference | InlineSkill>;
}
export interface ContainerNetworkPolicyAllowlist {
    allowed_domains: Array<string>;
    type: "allowlist";
    domain_secrets?: Array<ContainerNetworkPolicyDomainSecret>;
}
export interface ContainerNetworkPolicyDisabled {
    type: "disabled";
}
export interface ContainerNetworkPolicyDomainSecret {
    domain: string;
    name: string;
    value: string;
}
export interface ContainerReference {
    container_id: string;
    type: "container_reference";
}
export interface CustomTool {
    name: string;
    type: "custom";
    allowed_callers?: Array<"direct" | "programmatic"> | null;
    defer_loading?: boolean;
    description?: string;
    format?: CustomToolInputFormat;
}
export type CustomToolInputFormat = CustomToolInputFormatText | CustomToolInputFormatGrammar;
export interface CustomToolInputFormatGrammar {
    definition: string;
    syntax: "lark" | "regex";
    type: "grammar";
}
export interface CustomToolInputFormatText {
    type: "text";
}
export interface EasyInputMessage {
    content: string | ResponseInputMessageContentList;
    role: "user" | "assistant" | "system" | "developer";
    phase?: "commentary" | "final_answer" | null;
    type?: "message";
}
export interface FileSearchTool {
    type: "file_search";
    vector_store_ids: Array<string>;
    filters?: ComparisonFilter | CompoundFilter | null;
    max_num_results?: number;
    ranking_options?: FileSearchToolRankingOptions;
}
export interface FileSearchToolRankingOptions {
    hybrid_search?: FileSearchToolRankingOptionsHybridSearch;
    ranker?: "auto" | "default-2024-11-15";
    score_threshold?: number;
}
export interface FileSearchToolRankingOptionsHybridSearch {
    embedding_weight: number;
    text_weight: number;
}
export interface FunctionShellTool {
    type: "shell";
    allowed_callers?: Array<"direct" | "programmatic"> | null;
    environment?: ContainerAuto | LocalEnvironment | ContainerReference | null;
}
export interface FunctionTool {
    name: string;
    parameters: {
        [key: string]: unknown;
    } | null;
    strict: boolean | null;
    type: "function";
    allowed_callers?: Array<"direct" | "programmatic"> | null;
    defer_loading?: boolean;
    description?: string | null;
    output_schema?: {
        [key: string]: unknown;
    } | null;
}
export interface InlineSkill {
    description: string;
    name: string;
    source: InlineSkillSource;
    type: "inline";
}
export interface InlineSkillSource {
    data: string;
    media_type: "application/zip";
    type: "base64";
}
export interface LocalEnvironment {
    type: "local";
    skills?: Array<LocalSkill>;
}
export interface LocalSkill {
    description: string;
    name: string;
    path: string;
}
export type Metadata = {
    [key: string]: string;
};
export interface NamespaceTool {
    description: string;
    name: string;
    tools: Array<NamespaceToolFunction | CustomTool>;
    type: "namespace";
}
export interface NamespaceToolFunction {
    name: string;
    type: "function";
    allowed_callers?: Array<"direct" | "programmatic"> | null;
    defer_loading?: boolean;
    description?: string | null;
    output_schema?: {
        [key: string]: unknown;
    } | null;
    parameters?: unknown | null;
    strict?: boolean | null;
}
export interface Reasoning {
    context?: "auto" | "current_turn" | "all_turns" | null;
    effort?: ReasoningEffort | null;
    generate_summary?: "auto" | "concise" | "detailed" | null;
    mode?: (string & {}) | "standard" | "pro";
    summary?: "auto" | "concise" | "detailed" | null;
}
export type ReasoningEffort = "none" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max" | null;
export interface Response {
    id: string;
    created_at: number;
    output_text: string;
    error: ResponseError | null;
    incomplete_details: ResponseIncompleteDetails | null;
    instructions: string | Array<ResponseInputItem> | null;
    metadata: Metadata | null;
    model: ResponsesModel;
    object: "response";
    output: Array<ResponseOutputItem>;
    parallel_tool_calls: boolean;
    temperature: number | null;
    tool_choice: ToolChoiceOptions | ToolChoiceAllowed | ToolChoiceTypes | ToolChoiceFunction | ToolChoiceMcp | ToolChoiceCustom | ResponseSpecificProgrammaticToolCallingParam | ToolChoiceApplyPatch | ToolChoiceShell;
    tools: Array<Tool>;
    top_p: number | null;
    background?: boolean | null;
    completed_at?: number | null;
    conversation?: ResponseConversation | null;
    max_output_tokens?: number | null;
    moderation?: ResponseModeration | null;
    previous_response_id?: string | null;
    prompt?: ResponsePrompt | null;
    prompt_cache_key?: string | null;
    prompt_cache_options?: ResponsePromptCacheOptions;
    prompt_cache_retention?: "in_memory" | "24h" | null;
    reasoning?: Reasoning | null;
    safety_identifier?: string | null;
    service_tier?: "auto" | "default" | "flex" | "scale" | "priority" | null;
    status?: ResponseStatus;
    text?: ResponseTextConfig;
    top_logprobs?: number | null;
    truncation?: "auto" | "disabled" | null;
    usage?: ResponseUsage;
    user?: string;
}
export interface ResponseApplyPatchToolCall {
    id: string;
    call_id: string;
    operation: ResponseApplyPatchToolCallCreateFile | ResponseApplyPatchToolCallDeleteFile | ResponseApplyPatchToolCallUpdateFile;
    status: "in_progress" | "completed";
    type: "apply_patch_call";
    caller?: ResponseApplyPatchToolCallDirect | ResponseApplyPatchToolCallProgram | null;
    created_by?: string;
}
export interface ResponseApplyPatchToolCallCreateFile {
    diff: string;
    path: string;
    type: "create_file";
}
export interface ResponseApplyPatchToolCallDeleteFile {
    path: string;
    type: "delete_file";
}
export interface ResponseApplyPatchToolCallDirect {
    type: "direct";
}
export interface ResponseApplyPatchToolCallOutput {
    id: string;
    call_id: string;
    status: "completed" | "failed";
    type: "apply_patch_call_output";
    caller?: ResponseApplyPatchToolCallOutputDirect | ResponseApplyPatchToolCallOutputProgram | null;
    created_by?: string;
    output?: string | null;
}
export interface ResponseApplyPatchToolCallOutputDirect {
    type: "direct";
}
export interface ResponseApplyPatchToolCallOutputProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseApplyPatchToolCallProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseApplyPatchToolCallUpdateFile {
    diff: string;
    path: string;
    type: "update_file";
}
export interface ResponseAudioDeltaEvent {
    delta: string;
    sequence_number: number;
    type: "response.audio.delta";
}
export interface ResponseAudioDoneEvent {
    sequence_number: number;
    type: "response.audio.done";
}
export interface ResponseAudioTranscriptDeltaEvent {
    delta: string;
    sequence_number: number;
    type: "response.audio.transcript.delta";
}
export interface ResponseAudioTranscriptDoneEvent {
    sequence_number: number;
    type: "response.audio.transcript.done";
}
export interface ResponseCodeInterpreterCallCodeDeltaEvent {
    delta: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.code_interpreter_call_code.delta";
}
export interface ResponseCodeInterpreterCallCodeDoneEvent {
    code: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.code_interpreter_call_code.done";
}
export interface ResponseCodeInterpreterCallCompletedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.code_interpreter_call.completed";
}
export interface ResponseCodeInterpreterCallInProgressEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.code_interpreter_call.in_progress";
}
export interface ResponseCodeInterpreterCallInterpretingEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.code_interpreter_call.interpreting";
}
export interface ResponseCodeInterpreterToolCall {
    id: string;
    code: string | null;
    container_id: string;
    outputs: Array<ResponseCodeInterpreterToolCallLogs | ResponseCodeInterpreterToolCallImage> | null;
    status: "in_progress" | "completed" | "incomplete" | "interpreting" | "failed";
    type: "code_interpreter_call";
}
export interface ResponseCodeInterpreterToolCallImage {
    type: "image";
    url: string;
}
export interface ResponseCodeInterpreterToolCallLogs {
    logs: string;
    type: "logs";
}
export interface ResponseCompactionItem {
    id: string;
    encrypted_content: string;
    type: "compaction";
    created_by?: string;
}
export interface ResponseCompactionItemParam {
    encrypted_content: string;
    type: "compaction";
    id?: string | null;
}
export interface ResponseCompletedEvent {
    response: Response;
    sequence_number: number;
    type: "response.completed";
}
export interface ResponseComputerToolCall {
    id: string;
    call_id: string;
    pending_safety_checks: Array<ResponseComputerToolCallPendingSafetyCheck>;
    status: "in_progress" | "completed" | "incomplete";
    type: "computer_call";
    action?: ResponseComputerToolCallClick | ResponseComputerToolCallDoubleClick | ResponseComputerToolCallDrag | ResponseComputerToolCallKeypress | ResponseComputerToolCallMove | ResponseComputerToolCallScreenshot | ResponseComputerToolCallScroll | ResponseComputerToolCallType | ResponseComputerToolCallWait;
    actions?: ComputerActionList;
}
export interface ResponseComputerToolCallClick {
    button: "left" | "right" | "wheel" | "back" | "forward";
    type: "click";
    x: number;
    y: number;
    keys?: Array<string> | null;
}
export interface ResponseComputerToolCallDoubleClick {
    keys: Array<string> | null;
    type: "double_click";
    x: number;
    y: number;
}
export interface ResponseComputerToolCallDrag {
    path: Array<ResponseComputerToolCallDragPath>;
    type: "drag";
    keys?: Array<string> | null;
}
export interface ResponseComputerToolCallDragPath {
    x: number;
    y: number;
}
export interface ResponseComputerToolCallKeypress {
    keys: Array<string>;
    type: "keypress";
}
export interface ResponseComputerToolCallMove {
    type: "move";
    x: number;
    y: number;
    keys?: Array<string> | null;
}
export interface ResponseComputerToolCallOutputItem {
    id: string;
    call_id: string;
    output: ResponseComputerToolCallOutputScreenshot;
    status: "completed" | "incomplete" | "failed" | "in_progress";
    type: "computer_call_output";
    acknowledged_safety_checks?: Array<ResponseComputerToolCallOutputItemAcknowledgedSafetyCheck>;
    created_by?: string;
}
export interface ResponseComputerToolCallOutputItemAcknowledgedSafetyCheck {
    id: string;
    code?: string | null;
    message?: string | null;
}
export interface ResponseComputerToolCallOutputScreenshot {
    type: "computer_screenshot";
    file_id?: string;
    image_url?: string;
}
export interface ResponseComputerToolCallPendingSafetyCheck {
    id: string;
    code?: string | null;
    message?: string | null;
}
export interface ResponseComputerToolCallScreenshot {
    type: "screenshot";
}
export interface ResponseComputerToolCallScroll {
    scroll_x: number;
    scroll_y: number;
    type: "scroll";
    x: number;
    y: number;
    keys?: Array<string> | null;
}
export interface ResponseComputerToolCallType {
    text: string;
    type: "type";
}
export interface ResponseComputerToolCallWait {
    type: "wait";
}
export interface ResponseContainerReference {
    container_id: string;
    type: "container_reference";
}
export interface ResponseContentPartAddedEvent {
    content_index: number;
    item_id: string;
    output_index: number;
    part: ResponseOutputText | ResponseOutputRefusal | ResponseContentPartAddedEventReasoningText;
    sequence_number: number;
    type: "response.content_part.added";
}
export interface ResponseContentPartAddedEventReasoningText {
    text: string;
    type: "reasoning_text";
}
export interface ResponseContentPartDoneEvent {
    content_index: number;
    item_id: string;
    output_index: number;
    part: ResponseOutputText | ResponseOutputRefusal | ResponseContentPartDoneEventReasoningText;
    sequence_number: number;
    type: "response.content_part.done";
}
export interface ResponseContentPartDoneEventReasoningText {
    text: string;
    type: "reasoning_text";
}
export interface ResponseConversation {
    id: string;
}
export interface ResponseConversationParam {
    id: string;
}
export type ResponseCreateParams = ResponseCreateParamsNonStreaming | ResponseCreateParamsStreaming;
export interface ResponseCreateParamsBase {
    background?: boolean | null;
    context_management?: Array<ResponseCreateParamsContextManagement> | null;
    conversation?: string | ResponseConversationParam | null;
    include?: Array<ResponseIncludable> | null;
    input?: string | ResponseInput;
    instructions?: string | null;
    max_output_tokens?: number | null;
    metadata?: Metadata | null;
    model?: ResponsesModel;
    moderation?: ResponseCreateParamsModeration | null;
    parallel_tool_calls?: boolean | null;
    previous_response_id?: string | null;
    prompt?: ResponsePrompt | null;
    prompt_cache_key?: string | null;
    prompt_cache_options?: ResponseCreateParamsPromptCacheOptions;
    prompt_cache_retention?: "in_memory" | "24h" | null;
    reasoning?: Reasoning | null;
    safety_identifier?: string | null;
    service_tier?: "auto" | "default" | "flex" | "scale" | "priority" | null;
    store?: boolean | null;
    stream?: boolean | null;
    stream_options?: ResponseCreateParamsStreamOptions | null;
    temperature?: number | null;
    text?: ResponseTextConfig;
    tool_choice?: ToolChoiceOptions | ToolChoiceAllowed | ToolChoiceTypes | ToolChoiceFunction | ToolChoiceMcp | ToolChoiceCustom | ResponseCreateParamsSpecificProgrammaticToolCallingParam | ToolChoiceApplyPatch | ToolChoiceShell;
    tools?: Array<Tool>;
    top_logprobs?: number | null;
    top_p?: number | null;
    truncation?: "auto" | "disabled" | null;
    user?: string;
}
export interface ResponseCreateParamsContextManagement {
    type: string;
    compact_threshold?: number | null;
}
export interface ResponseCreateParamsModeration {
    model: string;
    policy?: ResponseCreateParamsModerationPolicy | null;
}
export interface ResponseCreateParamsModerationPolicy {
    input?: ResponseCreateParamsModerationPolicyInput | null;
    output?: ResponseCreateParamsModerationPolicyOutput | null;
}
export interface ResponseCreateParamsModerationPolicyInput {
    mode: "score" | "block";
}
export interface ResponseCreateParamsModerationPolicyOutput {
    mode: "score" | "block";
}
export interface ResponseCreateParamsNonStreaming extends ResponseCreateParamsBase {
    stream?: false | null;
}
export interface ResponseCreateParamsPromptCacheOptions {
    mode?: "implicit" | "explicit";
    ttl?: "30m";
}
export interface ResponseCreateParamsSpecificProgrammaticToolCallingParam {
    type: "programmatic_tool_calling";
}
export interface ResponseCreateParamsStreamOptions {
    include_obfuscation?: boolean;
}
export interface ResponseCreateParamsStreaming extends ResponseCreateParamsBase {
    stream: true;
}
export interface ResponseCreatedEvent {
    response: Response;
    sequence_number: number;
    type: "response.created";
}
export interface ResponseCustomToolCall {
    call_id: string;
    input: string;
    name: string;
    type: "custom_tool_call";
    id?: string;
    caller?: ResponseCustomToolCallDirect | ResponseCustomToolCallProgram | null;
    namespace?: string;
}
export interface ResponseCustomToolCallDirect {
    type: "direct";
}
export interface ResponseCustomToolCallInputDeltaEvent {
    delta: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.custom_tool_call_input.delta";
}
export interface ResponseCustomToolCallInputDoneEvent {
    input: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.custom_tool_call_input.done";
}
export interface ResponseCustomToolCallOutput {
    call_id: string;
    output: string | Array<ResponseInputText | ResponseInputImage | ResponseInputFile>;
    type: "custom_tool_call_output";
    id?: string;
    caller?: ResponseCustomToolCallOutputDirect | ResponseCustomToolCallOutputProgram | null;
}
export interface ResponseCustomToolCallOutputDirect {
    type: "direct";
}
export interface ResponseCustomToolCallOutputItem extends ResponseCustomToolCallOutput {
    id: string;
    status: "in_progress" | "completed" | "incomplete";
    created_by?: string;
}
export interface ResponseCustomToolCallOutputProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseCustomToolCallProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseError {
    code: "server_error" | "rate_limit_exceeded" | "invalid_prompt" | "data_residency_mismatch" | "bio_policy" | "vector_store_timeout" | "invalid_image" | "invalid_image_format" | "invalid_base64_image" | "invalid_image_url" | "image_too_large" | "image_too_small" | "image_parse_error" | "image_content_policy_violation" | "invalid_image_mode" | "image_file_too_large" | "unsupported_image_media_type" | "empty_image_file" | "failed_to_download_image" | "image_file_not_found";
    message: string;
}
export interface ResponseErrorEvent {
    code: string | null;
    message: string;
    param: string | null;
    sequence_number: number;
    type: "error";
}
export interface ResponseFailedEvent {
    response: Response;
    sequence_number: number;
    type: "response.failed";
}
export interface ResponseFileSearchCallCompletedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.file_search_call.completed";
}
export interface ResponseFileSearchCallInProgressEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.file_search_call.in_progress";
}
export interface ResponseFileSearchCallSearchingEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.file_search_call.searching";
}
export interface ResponseFileSearchToolCall {
    id: string;
    queries: Array<string>;
    status: "in_progress" | "searching" | "completed" | "incomplete" | "failed";
    type: "file_search_call";
    results?: Array<ResponseFileSearchToolCallResult> | null;
}
export interface ResponseFileSearchToolCallResult {
    attributes?: {
        [key: string]: string | number | boolean;
    } | null;
    file_id?: string;
    filename?: string;
    score?: number;
    text?: string;
}
export interface ResponseFormatJSONObject {
    type: "json_object";
}
export interface ResponseFormatText {
    type: "text";
}
export type ResponseFormatTextConfig = ResponseFormatText | ResponseFormatTextJSONSchemaConfig | ResponseFormatJSONObject;
export interface ResponseFormatTextJSONSchemaConfig {
    name: string;
    schema: {
        [key: string]: unknown;
    };
    type: "json_schema";
    description?: string;
    strict?: boolean | null;
}
export interface ResponseFunctionCallArgumentsDeltaEvent {
    delta: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.function_call_arguments.delta";
}
export interface ResponseFunctionCallArgumentsDoneEvent {
    arguments: string;
    item_id: string;
    name: string;
    output_index: number;
    sequence_number: number;
    type: "response.function_call_arguments.done";
}
export type ResponseFunctionCallOutputItem = ResponseInputTextContent | ResponseInputImageContent | ResponseInputFileContent;
export type ResponseFunctionCallOutputItemList = Array<ResponseFunctionCallOutputItem>;
export interface ResponseFunctionShellCallOutputContent {
    outcome: ResponseFunctionShellCallOutputContentTimeout | ResponseFunctionShellCallOutputContentExit;
    stderr: string;
    stdout: string;
}
export interface ResponseFunctionShellCallOutputContentExit {
    exit_code: number;
    type: "exit";
}
export interface ResponseFunctionShellCallOutputContentTimeout {
    type: "timeout";
}
export interface ResponseFunctionShellToolCall {
    id: string;
    action: ResponseFunctionShellToolCallAction;
    call_id: string;
    environment: ResponseLocalEnvironment | ResponseContainerReference | null;
    status: "in_progress" | "completed" | "incomplete";
    type: "shell_call";
    caller?: ResponseFunctionShellToolCallDirect | ResponseFunctionShellToolCallProgram | null;
    created_by?: string;
}
export interface ResponseFunctionShellToolCallAction {
    commands: Array<string>;
    max_output_length: number | null;
    timeout_ms: number | null;
}
export interface ResponseFunctionShellToolCallDirect {
    type: "direct";
}
export interface ResponseFunctionShellToolCallOutput {
    id: string;
    call_id: string;
    max_output_length: number | null;
    output: Array<ResponseFunctionShellToolCallOutputOutput>;
    status: "in_progress" | "completed" | "incomplete";
    type: "shell_call_output";
    caller?: ResponseFunctionShellToolCallOutputDirect | ResponseFunctionShellToolCallOutputProgram | null;
    created_by?: string;
}
export interface ResponseFunctionShellToolCallOutputDirect {
    type: "direct";
}
export interface ResponseFunctionShellToolCallOutputOutput {
    outcome: ResponseFunctionShellToolCallOutputOutputTimeout | ResponseFunctionShellToolCallOutputOutputExit;
    stderr: string;
    stdout: string;
    created_by?: string;
}
export interface ResponseFunctionShellToolCallOutputOutputExit {
    exit_code: number;
    type: "exit";
}
export interface ResponseFunctionShellToolCallOutputOutputTimeout {
    type: "timeout";
}
export interface ResponseFunctionShellToolCallOutputProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseFunctionShellToolCallProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseFunctionToolCall {
    arguments: string;
    call_id: string;
    name: string;
    type: "function_call";
    id?: string;
    caller?: ResponseFunctionToolCallDirect | ResponseFunctionToolCallProgram | null;
    namespace?: string;
    status?: "in_progress" | "completed" | "incomplete";
}
export interface ResponseFunctionToolCallDirect {
    type: "direct";
}
export interface ResponseFunctionToolCallOutputItem {
    id: string;
    call_id: string;
    output: string | Array<ResponseInputText | ResponseInputImage | ResponseInputFile>;
    status: "in_progress" | "completed" | "incomplete";
    type: "function_call_output";
    caller?: ResponseFunctionToolCallOutputItemDirect | ResponseFunctionToolCallOutputItemProgram | null;
    created_by?: string;
}
export interface ResponseFunctionToolCallOutputItemDirect {
    type: "direct";
}
export interface ResponseFunctionToolCallOutputItemProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseFunctionToolCallProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseFunctionWebSearch {
    id: string;
    action: ResponseFunctionWebSearchSearch | ResponseFunctionWebSearchOpenPage | ResponseFunctionWebSearchFind;
    status: "in_progress" | "searching" | "completed" | "failed";
    type: "web_search_call";
}
export interface ResponseFunctionWebSearchFind {
    pattern: string;
    type: "find_in_page";
    url: string;
}
export interface ResponseFunctionWebSearchOpenPage {
    type: "open_page";
    url?: string | null;
}
export interface ResponseFunctionWebSearchSearch {
    type: "search";
    queries?: Array<string>;
    query?: string;
    sources?: Array<ResponseFunctionWebSearchSearchSource>;
}
export interface ResponseFunctionWebSearchSearchSource {
    type: "url";
    url: string;
}
export interface ResponseImageGenCallCompletedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.image_generation_call.completed";
}
export interface ResponseImageGenCallGeneratingEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.image_generation_call.generating";
}
export interface ResponseImageGenCallInProgressEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.image_generation_call.in_progress";
}
export interface ResponseImageGenCallPartialImageEvent {
    item_id: string;
    output_index: number;
    partial_image_b64: string;
    partial_image_index: number;
    sequence_number: number;
    type: "response.image_generation_call.partial_image";
}
export interface ResponseInProgressEvent {
    response: Response;
    sequence_number: number;
    type: "response.in_progress";
}
export type ResponseIncludable = "file_search_call.results" | "web_search_call.results" | "web_search_call.action.sources" | "message.input_image.image_url" | "computer_call_output.output.image_url" | "code_interpreter_call.outputs" | "reasoning.encrypted_content" | "message.output_text.logprobs";
export interface ResponseIncompleteDetails {
    reason?: "max_output_tokens" | "content_filter";
}
export interface ResponseIncompleteEvent {
    response: Response;
    sequence_number: number;
    type: "response.incomplete";
}
export type ResponseInput = Array<ResponseInputItem>;
export type ResponseInputContent = ResponseInputText | ResponseInputImage | ResponseInputFile;
export interface ResponseInputFile {
    type: "input_file";
    detail?: "auto" | "low" | "high";
    file_data?: string;
    file_id?: string | null;
    file_url?: string;
    filename?: string;
    prompt_cache_breakpoint?: ResponseInputFilePromptCacheBreakpoint;
}
export interface ResponseInputFileContent {
    type: "input_file";
    detail?: "auto" | "low" | "high";
    file_data?: string | null;
    file_id?: string | null;
    file_url?: string | null;
    filename?: string | null;
    prompt_cache_breakpoint?: ResponseInputFileContentPromptCacheBreakpoint | null;
}
export interface ResponseInputFileContentPromptCacheBreakpoint {
    mode: "explicit";
}
export interface ResponseInputFilePromptCacheBreakpoint {
    mode: "explicit";
}
export interface ResponseInputImage {
    detail: "low" | "high" | "auto" | "original";
    type: "input_image";
    file_id?: string | null;
    image_url?: string | null;
    prompt_cache_breakpoint?: ResponseInputImagePromptCacheBreakpoint;
}
export interface ResponseInputImageContent {
    type: "input_image";
    detail?: "low" | "high" | "auto" | "original" | null;
    file_id?: string | null;
    image_url?: string | null;
    prompt_cache_breakpoint?: ResponseInputImageContentPromptCacheBreakpoint | null;
}
export interface ResponseInputImageContentPromptCacheBreakpoint {
    mode: "explicit";
}
export interface ResponseInputImagePromptCacheBreakpoint {
    mode: "explicit";
}
export type ResponseInputItem = EasyInputMessage | ResponseInputItemMessage | ResponseOutputMessage | ResponseFileSearchToolCall | ResponseComputerToolCall | ResponseInputItemComputerCallOutput | ResponseFunctionWebSearch | ResponseFunctionToolCall | ResponseInputItemFunctionCallOutput | ResponseInputItemToolSearchCall | ResponseToolSearchOutputItemParam | ResponseInputItemAdditionalTools | ResponseReasoningItem | ResponseCompactionItemParam | ResponseInputItemImageGenerationCall | ResponseCodeInterpreterToolCall | ResponseInputItemLocalShellCall | ResponseInputItemLocalShellCallOutput | ResponseInputItemShellCall | ResponseInputItemShellCallOutput | ResponseInputItemApplyPatchCall | ResponseInputItemApplyPatchCallOutput | ResponseInputItemMcpListTools | ResponseInputItemMcpApprovalRequest | ResponseInputItemMcpApprovalResponse | ResponseInputItemMcpCall | ResponseCustomToolCallOutput | ResponseCustomToolCall | ResponseInputItemCompactionTrigger | ResponseInputItemItemReference | ResponseInputItemProgram | ResponseInputItemProgramOutput;
export interface ResponseInputItemAdditionalTools {
    role: "developer";
    tools: Array<Tool>;
    type: "additional_tools";
    id?: string | null;
}
export interface ResponseInputItemApplyPatchCall {
    call_id: string;
    operation: ResponseInputItemApplyPatchCallCreateFile | ResponseInputItemApplyPatchCallDeleteFile | ResponseInputItemApplyPatchCallUpdateFile;
    status: "in_progress" | "completed";
    type: "apply_patch_call";
    id?: string | null;
    caller?: ResponseInputItemApplyPatchCallDirect | ResponseInputItemApplyPatchCallProgram | null;
}
export interface ResponseInputItemApplyPatchCallCreateFile {
    diff: string;
    path: string;
    type: "create_file";
}
export interface ResponseInputItemApplyPatchCallDeleteFile {
    path: string;
    type: "delete_file";
}
export interface ResponseInputItemApplyPatchCallDirect {
    type: "direct";
}
export interface ResponseInputItemApplyPatchCallOutput {
    call_id: string;
    status: "completed" | "failed";
    type: "apply_patch_call_output";
    id?: string | null;
    caller?: ResponseInputItemApplyPatchCallOutputDirect | ResponseInputItemApplyPatchCallOutputProgram | null;
    output?: string | null;
}
export interface ResponseInputItemApplyPatchCallOutputDirect {
    type: "direct";
}
export interface ResponseInputItemApplyPatchCallOutputProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseInputItemApplyPatchCallProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseInputItemApplyPatchCallUpdateFile {
    diff: string;
    path: string;
    type: "update_file";
}
export interface ResponseInputItemCompactionTrigger {
    type: "compaction_trigger";
}
export interface ResponseInputItemComputerCallOutput {
    call_id: string;
    output: ResponseComputerToolCallOutputScreenshot;
    type: "computer_call_output";
    id?: string | null;
    acknowledged_safety_checks?: Array<ResponseInputItemComputerCallOutputAcknowledgedSafetyCheck> | null;
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export interface ResponseInputItemComputerCallOutputAcknowledgedSafetyCheck {
    id: string;
    code?: string | null;
    message?: string | null;
}
export interface ResponseInputItemFunctionCallOutput {
    call_id: string;
    output: string | ResponseFunctionCallOutputItemList;
    type: "function_call_output";
    id?: string | null;
    caller?: ResponseInputItemFunctionCallOutputDirect | ResponseInputItemFunctionCallOutputProgram | null;
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export interface ResponseInputItemFunctionCallOutputDirect {
    type: "direct";
}
export interface ResponseInputItemFunctionCallOutputProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseInputItemImageGenerationCall {
    id: string;
    result: string | null;
    status: "in_progress" | "completed" | "generating" | "failed";
    type: "image_generation_call";
}
export interface ResponseInputItemItemReference {
    id: string;
    type?: "item_reference" | null;
}
export interface ResponseInputItemLocalShellCall {
    id: string;
    action: ResponseInputItemLocalShellCallAction;
    call_id: string;
    status: "in_progress" | "completed" | "incomplete";
    type: "local_shell_call";
}
export interface ResponseInputItemLocalShellCallAction {
    command: Array<string>;
    env: {
        [key: string]: string;
    };
    type: "exec";
    timeout_ms?: number | null;
    user?: string | null;
    working_directory?: string | null;
}
export interface ResponseInputItemLocalShellCallOutput {
    id: string;
    output: string;
    type: "local_shell_call_output";
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export interface ResponseInputItemMcpApprovalRequest {
    id: string;
    arguments: string;
    name: string;
    server_label: string;
    type: "mcp_approval_request";
}
export interface ResponseInputItemMcpApprovalResponse {
    approval_request_id: string;
    approve: boolean;
    type: "mcp_approval_response";
    id?: string | null;
    reason?: string | null;
}
export interface ResponseInputItemMcpCall {
    id: string;
    arguments: string;
    name: string;
    server_label: string;
    type: "mcp_call";
    approval_request_id?: string | null;
    error?: string | null;
    output?: string | null;
    status?: "in_progress" | "completed" | "incomplete" | "calling" | "failed";
}
export interface ResponseInputItemMcpListTools {
    id: string;
    server_label: string;
    tools: Array<ResponseInputItemMcpListToolsTool>;
    type: "mcp_list_tools";
    error?: string | null;
}
export interface ResponseInputItemMcpListToolsTool {
    input_schema: unknown;
    name: string;
    annotations?: unknown | null;
    description?: string | null;
}
export interface ResponseInputItemMessage {
    content: ResponseInputMessageContentList;
    role: "user" | "system" | "developer";
    status?: "in_progress" | "completed" | "incomplete";
    type?: "message";
}
export interface ResponseInputItemProgram {
    id: string;
    call_id: string;
    code: string;
    fingerprint: string;
    type: "program";
}
export interface ResponseInputItemProgramOutput {
    id: string;
    call_id: string;
    result: string;
    status: "completed" | "incomplete";
    type: "program_output";
}
export interface ResponseInputItemShellCall {
    action: ResponseInputItemShellCallAction;
    call_id: string;
    type: "shell_call";
    id?: string | null;
    caller?: ResponseInputItemShellCallDirect | ResponseInputItemShellCallProgram | null;
    environment?: LocalEnvironment | ContainerReference | null;
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export interface ResponseInputItemShellCallAction {
    commands: Array<string>;
    max_output_length?: number | null;
    timeout_ms?: number | null;
}
export interface ResponseInputItemShellCallDirect {
    type: "direct";
}
export interface ResponseInputItemShellCallOutput {
    call_id: string;
    output: Array<ResponseFunctionShellCallOutputContent>;
    type: "shell_call_output";
    id?: string | null;
    caller?: ResponseInputItemShellCallOutputDirect | ResponseInputItemShellCallOutputProgram | null;
    max_output_length?: number | null;
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export interface ResponseInputItemShellCallOutputDirect {
    type: "direct";
}
export interface ResponseInputItemShellCallOutputProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseInputItemShellCallProgram {
    caller_id: string;
    type: "program";
}
export interface ResponseInputItemToolSearchCall {
    arguments: unknown;
    type: "tool_search_call";
    id?: string | null;
    call_id?: string | null;
    execution?: "server" | "client";
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export type ResponseInputMessageContentList = Array<ResponseInputContent>;
export interface ResponseInputText {
    text: string;
    type: "input_text";
    prompt_cache_breakpoint?: ResponseInputTextPromptCacheBreakpoint;
}
export interface ResponseInputTextContent {
    text: string;
    type: "input_text";
    prompt_cache_breakpoint?: ResponseInputTextContentPromptCacheBreakpoint | null;
}
export interface ResponseInputTextContentPromptCacheBreakpoint {
    mode: "explicit";
}
export interface ResponseInputTextPromptCacheBreakpoint {
    mode: "explicit";
}
export interface ResponseLocalEnvironment {
    type: "local";
}
export interface ResponseMcpCallArgumentsDeltaEvent {
    delta: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_call_arguments.delta";
}
export interface ResponseMcpCallArgumentsDoneEvent {
    arguments: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_call_arguments.done";
}
export interface ResponseMcpCallCompletedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_call.completed";
}
export interface ResponseMcpCallFailedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_call.failed";
}
export interface ResponseMcpCallInProgressEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_call.in_progress";
}
export interface ResponseMcpListToolsCompletedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_list_tools.completed";
}
export interface ResponseMcpListToolsFailedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_list_tools.failed";
}
export interface ResponseMcpListToolsInProgressEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.mcp_list_tools.in_progress";
}
export interface ResponseModeration {
    input: ResponseModerationModerationResult | ResponseModerationError;
    output: ResponseModerationModerationResult | ResponseModerationError;
}
export interface ResponseModerationError {
    code: string;
    message: string;
    type: "error";
}
export interface ResponseModerationModerationResult {
    categories: {
        [key: string]: boolean;
    };
    category_applied_input_types: {
        [key: string]: Array<"text" | "image">;
    };
    category_scores: {
        [key: string]: number;
    };
    flagged: boolean;
    model: string;
    type: "moderation_result";
}
export type ResponseOutputItem = ResponseOutputMessage | ResponseFileSearchToolCall | ResponseFunctionToolCall | ResponseFunctionToolCallOutputItem | ResponseFunctionWebSearch | ResponseComputerToolCall | ResponseComputerToolCallOutputItem | ResponseReasoningItem | ResponseOutputItemProgram | ResponseOutputItemProgramOutput | ResponseToolSearchCall | ResponseToolSearchOutputItem | ResponseOutputItemAdditionalTools | ResponseCompactionItem | ResponseOutputItemImageGenerationCall | ResponseCodeInterpreterToolCall | ResponseOutputItemLocalShellCall | ResponseOutputItemLocalShellCallOutput | ResponseFunctionShellToolCall | ResponseFunctionShellToolCallOutput | ResponseApplyPatchToolCall | ResponseApplyPatchToolCallOutput | ResponseOutputItemMcpCall | ResponseOutputItemMcpListTools | ResponseOutputItemMcpApprovalRequest | ResponseOutputItemMcpApprovalResponse | ResponseCustomToolCall | ResponseCustomToolCallOutputItem;
export interface ResponseOutputItemAddedEvent {
    item: ResponseOutputItem;
    output_index: number;
    sequence_number: number;
    type: "response.output_item.added";
}
export interface ResponseOutputItemAdditionalTools {
    id: string;
    role: "unknown" | "user" | "assistant" | "system" | "critic" | "discriminator" | "developer" | "tool";
    tools: Array<Tool>;
    type: "additional_tools";
}
export interface ResponseOutputItemDoneEvent {
    item: ResponseOutputItem;
    output_index: number;
    sequence_number: number;
    type: "response.output_item.done";
}
export interface ResponseOutputItemImageGenerationCall {
    id: string;
    result: string | null;
    status: "in_progress" | "completed" | "generating" | "failed";
    type: "image_generation_call";
}
export interface ResponseOutputItemLocalShellCall {
    id: string;
    action: ResponseOutputItemLocalShellCallAction;
    call_id: string;
    status: "in_progress" | "completed" | "incomplete";
    type: "local_shell_call";
}
export interface ResponseOutputItemLocalShellCallAction {
    command: Array<string>;
    env: {
        [key: string]: string;
    };
    type: "exec";
    timeout_ms?: number | null;
    user?: string | null;
    working_directory?: string | null;
}
export interface ResponseOutputItemLocalShellCallOutput {
    id: string;
    output: string;
    type: "local_shell_call_output";
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export interface ResponseOutputItemMcpApprovalRequest {
    id: string;
    arguments: string;
    name: string;
    server_label: string;
    type: "mcp_approval_request";
}
export interface ResponseOutputItemMcpApprovalResponse {
    id: string;
    approval_request_id: string;
    approve: boolean;
    type: "mcp_approval_response";
    reason?: string | null;
}
export interface ResponseOutputItemMcpCall {
    id: string;
    arguments: string;
    name: string;
    server_label: string;
    type: "mcp_call";
    approval_request_id?: string | null;
    error?: string | null;
    output?: string | null;
    status?: "in_progress" | "completed" | "incomplete" | "calling" | "failed";
}
export interface ResponseOutputItemMcpListTools {
    id: string;
    server_label: string;
    tools: Array<ResponseOutputItemMcpListToolsTool>;
    type: "mcp_list_tools";
    error?: string | null;
}
export interface ResponseOutputItemMcpListToolsTool {
    input_schema: unknown;
    name: string;
    annotations?: unknown | null;
    description?: string | null;
}
export interface ResponseOutputItemProgram {
    id: string;
    call_id: string;
    code: string;
    fingerprint: string;
    type: "program";
}
export interface ResponseOutputItemProgramOutput {
    id: string;
    call_id: string;
    result: string;
    status: "completed" | "incomplete";
    type: "program_output";
}
export interface ResponseOutputMessage {
    id: string;
    content: Array<ResponseOutputText | ResponseOutputRefusal>;
    role: "assistant";
    status: "in_progress" | "completed" | "incomplete";
    type: "message";
    phase?: "commentary" | "final_answer" | null;
}
export interface ResponseOutputRefusal {
    refusal: string;
    type: "refusal";
}
export interface ResponseOutputText {
    annotations: Array<ResponseOutputTextFileCitation | ResponseOutputTextURLCitation | ResponseOutputTextContainerFileCitation | ResponseOutputTextFilePath>;
    text: string;
    type: "output_text";
    logprobs?: Array<ResponseOutputTextLogprob>;
}
export interface ResponseOutputTextAnnotationAddedEvent {
    annotation: unknown;
    annotation_index: number;
    content_index: number;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.output_text.annotation.added";
}
export interface ResponseOutputTextContainerFileCitation {
    container_id: string;
    end_index: number;
    file_id: string;
    filename: string;
    start_index: number;
    type: "container_file_citation";
}
export interface ResponseOutputTextFileCitation {
    file_id: string;
    filename: string;
    index: number;
    type: "file_citation";
}
export interface ResponseOutputTextFilePath {
    file_id: string;
    index: number;
    type: "file_path";
}
export interface ResponseOutputTextLogprob {
    token: string;
    bytes: Array<number>;
    logprob: number;
    top_logprobs: Array<ResponseOutputTextLogprobTopLogprob>;
}
export interface ResponseOutputTextLogprobTopLogprob {
    token: string;
    bytes: Array<number>;
    logprob: number;
}
export interface ResponseOutputTextURLCitation {
    end_index: number;
    start_index: number;
    title: string;
    type: "url_citation";
    url: string;
}
export interface ResponsePrompt {
    id: string;
    variables?: {
        [key: string]: string | ResponseInputText | ResponseInputImage | ResponseInputFile;
    } | null;
    version?: string | null;
}
export interface ResponsePromptCacheOptions {
    mode: "implicit" | "explicit";
    ttl: "30m";
}
export interface ResponseQueuedEvent {
    response: Response;
    sequence_number: number;
    type: "response.queued";
}
export interface ResponseReasoningItem {
    id: string;
    summary: Array<ResponseReasoningItemSummary>;
    type: "reasoning";
    content?: Array<ResponseReasoningItemContent>;
    encrypted_content?: string | null;
    status?: "in_progress" | "completed" | "incomplete";
}
export interface ResponseReasoningItemContent {
    text: string;
    type: "reasoning_text";
}
export interface ResponseReasoningItemSummary {
    text: string;
    type: "summary_text";
}
export interface ResponseReasoningSummaryPartAddedEvent {
    item_id: string;
    output_index: number;
    part: ResponseReasoningSummaryPartAddedEventPart;
    sequence_number: number;
    summary_index: number;
    type: "response.reasoning_summary_part.added";
}
export interface ResponseReasoningSummaryPartAddedEventPart {
    text: string;
    type: "summary_text";
}
export interface ResponseReasoningSummaryPartDoneEvent {
    item_id: string;
    output_index: number;
    part: ResponseReasoningSummaryPartDoneEventPart;
    sequence_number: number;
    summary_index: number;
    type: "response.reasoning_summary_part.done";
    status?: "incomplete";
}
export interface ResponseReasoningSummaryPartDoneEventPart {
    text: string;
    type: "summary_text";
}
export interface ResponseReasoningSummaryTextDeltaEvent {
    delta: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    summary_index: number;
    type: "response.reasoning_summary_text.delta";
}
export interface ResponseReasoningSummaryTextDoneEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    summary_index: number;
    text: string;
    type: "response.reasoning_summary_text.done";
}
export interface ResponseReasoningTextDeltaEvent {
    content_index: number;
    delta: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.reasoning_text.delta";
}
export interface ResponseReasoningTextDoneEvent {
    content_index: number;
    item_id: string;
    output_index: number;
    sequence_number: number;
    text: string;
    type: "response.reasoning_text.done";
}
export interface ResponseRefusalDeltaEvent {
    content_index: number;
    delta: string;
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.refusal.delta";
}
export interface ResponseRefusalDoneEvent {
    content_index: number;
    item_id: string;
    output_index: number;
    refusal: string;
    sequence_number: number;
    type: "response.refusal.done";
}
export interface ResponseSpecificProgrammaticToolCallingParam {
    type: "programmatic_tool_calling";
}
export type ResponseStatus = "completed" | "failed" | "in_progress" | "cancelled" | "queued" | "incomplete";
export type ResponseStreamEvent = ResponseAudioDeltaEvent | ResponseAudioDoneEvent | ResponseAudioTranscriptDeltaEvent | ResponseAudioTranscriptDoneEvent | ResponseCodeInterpreterCallCodeDeltaEvent | ResponseCodeInterpreterCallCodeDoneEvent | ResponseCodeInterpreterCallCompletedEvent | ResponseCodeInterpreterCallInProgressEvent | ResponseCodeInterpreterCallInterpretingEvent | ResponseCompletedEvent | ResponseContentPartAddedEvent | ResponseContentPartDoneEvent | ResponseCreatedEvent | ResponseErrorEvent | ResponseFileSearchCallCompletedEvent | ResponseFileSearchCallInProgressEvent | ResponseFileSearchCallSearchingEvent | ResponseFunctionCallArgumentsDeltaEvent | ResponseFunctionCallArgumentsDoneEvent | ResponseInProgressEvent | ResponseFailedEvent | ResponseIncompleteEvent | ResponseOutputItemAddedEvent | ResponseOutputItemDoneEvent | ResponseReasoningSummaryPartAddedEvent | ResponseReasoningSummaryPartDoneEvent | ResponseReasoningSummaryTextDeltaEvent | ResponseReasoningSummaryTextDoneEvent | ResponseReasoningTextDeltaEvent | ResponseReasoningTextDoneEvent | ResponseRefusalDeltaEvent | ResponseRefusalDoneEvent | ResponseTextDeltaEvent | ResponseTextDoneEvent | ResponseWebSearchCallCompletedEvent | ResponseWebSearchCallInProgressEvent | ResponseWebSearchCallSearchingEvent | ResponseImageGenCallCompletedEvent | ResponseImageGenCallGeneratingEvent | ResponseImageGenCallInProgressEvent | ResponseImageGenCallPartialImageEvent | ResponseMcpCallArgumentsDeltaEvent | ResponseMcpCallArgumentsDoneEvent | ResponseMcpCallCompletedEvent | ResponseMcpCallFailedEvent | ResponseMcpCallInProgressEvent | ResponseMcpListToolsCompletedEvent | ResponseMcpListToolsFailedEvent | ResponseMcpListToolsInProgressEvent | ResponseOutputTextAnnotationAddedEvent | ResponseQueuedEvent | ResponseCustomToolCallInputDeltaEvent | ResponseCustomToolCallInputDoneEvent;
export interface ResponseTextConfig {
    format?: ResponseFormatTextConfig;
    verbosity?: "low" | "medium" | "high" | null;
}
export interface ResponseTextDeltaEvent {
    content_index: number;
    delta: string;
    item_id: string;
    logprobs: Array<ResponseTextDeltaEventLogprob>;
    output_index: number;
    sequence_number: number;
    type: "response.output_text.delta";
}
export interface ResponseTextDeltaEventLogprob {
    token: string;
    logprob: number;
    top_logprobs?: Array<ResponseTextDeltaEventLogprobTopLogprob>;
}
export interface ResponseTextDeltaEventLogprobTopLogprob {
    token?: string;
    logprob?: number;
}
export interface ResponseTextDoneEvent {
    content_index: number;
    item_id: string;
    logprobs: Array<ResponseTextDoneEventLogprob>;
    output_index: number;
    sequence_number: number;
    text: string;
    type: "response.output_text.done";
}
export interface ResponseTextDoneEventLogprob {
    token: string;
    logprob: number;
    top_logprobs?: Array<ResponseTextDoneEventLogprobTopLogprob>;
}
export interface ResponseTextDoneEventLogprobTopLogprob {
    token?: string;
    logprob?: number;
}
export interface ResponseToolSearchCall {
    id: string;
    arguments: unknown;
    call_id: string | null;
    execution: "server" | "client";
    status: "in_progress" | "completed" | "incomplete";
    type: "tool_search_call";
    created_by?: string;
}
export interface ResponseToolSearchOutputItem {
    id: string;
    call_id: string | null;
    execution: "server" | "client";
    status: "in_progress" | "completed" | "incomplete";
    tools: Array<Tool>;
    type: "tool_search_output";
    created_by?: string;
}
export interface ResponseToolSearchOutputItemParam {
    tools: Array<Tool>;
    type: "tool_search_output";
    id?: string | null;
    call_id?: string | null;
    execution?: "server" | "client";
    status?: "in_progress" | "completed" | "incomplete" | null;
}
export interface ResponseUsage {
    input_tokens: number;
    input_tokens_details: ResponseUsageInputTokensDetails;
    output_tokens: number;
    output_tokens_details: ResponseUsageOutputTokensDetails;
    total_tokens: number;
}
export interface ResponseUsageInputTokensDetails {
    cache_write_tokens: number;
    cached_tokens: number;
}
export interface ResponseUsageOutputTokensDetails {
    reasoning_tokens: number;
}
export interface ResponseWebSearchCallCompletedEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.web_search_call.completed";
}
export interface ResponseWebSearchCallInProgressEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.web_search_call.in_progress";
}
export interface ResponseWebSearchCallSearchingEvent {
    item_id: string;
    output_index: number;
    sequence_number: number;
    type: "response.web_search_call.searching";
}
export type ResponsesModel = (string & {}) | ChatModel | "o1-pro" | "o1-pro-2025-03-19" | "o3-pro" | "o3-pro-2025-06-10" | "o3-deep-research" | "o3-deep-research-2025-06-26" | "o4-mini-deep-research" | "o4-mini-deep-research-2025-06-26" | "computer-use-preview" | "computer-use-preview-2025-03-11" | "gpt-5-codex" | "gpt-5-pro" | "gpt-5-pro-2025-10-06" | "gpt-5.1-codex-max";
export interface SkillReference {
    skill_id: string;
    type: "skill_reference";
    version?: string;
}
export type Tool = FunctionTool | FileSearchTool | ComputerTool | ComputerUsePreviewTool | WebSearchTool | ToolMcp | ToolCodeInterpreter | ToolProgrammaticToolCalling | ToolImageGeneration | ToolLocalShell | FunctionShellTool | CustomTool | NamespaceTool | ToolSearchTool | WebSearchPreviewTool | ApplyPatchTool;
export interface ToolChoiceAllowed {
    mode: "auto" | "required";
    tools: Array<{
        [key: string]: unknown;
    }>;
    type: "allowed_tools";
}
export interface ToolChoiceApplyPatch {
    type: "apply_patch";
}
export interface ToolChoiceCustom {
    name: string;
    type: "custom";
}
export interface ToolChoiceFunction {
    name: string;
    type: "function";
}
export interface ToolChoiceMcp {
    server_label: string;
    type: "mcp";
    name?: string | null;
}
export type ToolChoiceOptions = "none" | "auto" | "required";
export interface ToolChoiceShell {
    type: "shell";
}
export interface ToolChoiceTypes {
    type: "file_search" | "web_search_preview" | "computer" | "computer_use_preview" | "computer_use" | "web_search_preview_2025_03_11" | "image_generation" | "code_interpreter" | "mcp";
}
export interface ToolCodeInterpreter {
    container: string | ToolCodeInterpreterCodeInterpreterToolAuto;
    type: "code_interpreter";
    allowed_callers?: Array<"direct" | "programmatic"> | null;
}
export interface ToolCodeInterpreterCodeInterpreterToolAuto {
    type: "auto";
    file_ids?: Array<string>;
    memory_limit?: "1g" | "4g" | "16g" | "64g" | null;
    network_policy?: ContainerNetworkPolicyDisabled | ContainerNetworkPolicyAllowlist;
}
export interface ToolImageGeneration {
    type: "image_generation";
    action?: "generate" | "edit" | "auto";
    background?: "transparent" | "opaque" | "auto";
    input_fidelity?: "high" | "low" | null;
    input_image_mask?: ToolImageGenerationInputImageMask;
    model?: (string & {}) | "gpt-image-1" | "gpt-image-1-mini" | "gpt-image-2" | "gpt-image-2-2026-04-21" | "gpt-image-1.5" | "chatgpt-image-latest";
    moderation?: "auto" | "low";
    output_compression?: number;
    output_format?: "png" | "webp" | "jpeg";
    partial_images?: number;
    quality?: "low" | "medium" | "high" | "auto";
    size?: (string & {}) | "1024x1024" | "1024x1536" | "1536x1024" | "auto";
}
export interface ToolImageGenerationInputImageMask {
    file_id?: string;
    image_url?: string;
}
export interface ToolLocalShell {
    type: "local_shell";
}
export interface ToolMcp {
    server_label: string;
    type: "mcp";
    allowed_callers?: Array<"direct" | "programmatic"> | null;
    allowed_tools?: Array<string> | ToolMcpMcpToolFilter | null;
    authorization?: string;
    connector_id?: "connector_dropbox" | "connector_gmail" | "connector_googlecalendar" | "connector_googledrive" | "connector_microsoftteams" | "connector_outlookcalendar" | "connector_outlookemail" | "connector_sharepoint";
    defer_loading?: boolean;
    headers?: {
        [key: string]: string;
    } | null;
    require_approval?: ToolMcpMcpToolApprovalFilter | "always" | "never" | null;
    server_description?: string;
    server_url?: string;
    tunnel_id?: string;
}
export interface ToolMcpMcpToolApprovalFilter {
    always?: ToolMcpMcpToolApprovalFilterAlways;
    never?: ToolMcpMcpToolApprovalFilterNever;
}
export interface ToolMcpMcpToolApprovalFilterAlways {
    read_only?: boolean;
    tool_names?: Array<string>;
}
export interface ToolMcpMcpToolApprovalFilterNever {
    read_only?: boolean;
    tool_names?: Array<string>;
}
export interface ToolMcpMcpToolFilter {
    read_only?: boolean;
    tool_names?: Array<string>;
}
export interface ToolProgrammaticToolCalling {
    type: "programmatic_tool_calling";
}
export interface ToolSearchTool {
    type: "tool_search";
    description?: string | null;
    execution?: "server" | "client";
    parameters?: unknown | null;
}
export interface WebSearchPreviewTool {
    type: "web_search_preview" | "web_search_preview_2025_03_11";
    search_content_types?: Array<"text" | "image">;
    search_context_size?: "low" | "medium" | "high";
    user_location?: WebSearchPreviewToolUserLocation | null;
}
export interface WebSearchPreviewToolUserLocation {
    type: "approximate";
    city?: string | null;
    country?: string | null;
    region?: string | null;
    timezone?: string | null;
}
export interface WebSearchTool {
    type: "web_search" | "web_search_2025_08_26";
    filters?: WebSearchToolFilters | null;
    search_context_size?: "low" | "medium" | "high";
    user_location?: WebSearchToolUserLocation | null;
}
export interface WebSearchToolFilters {
    allowed_domains?: Array<string> | null;
}
export interface WebSearchToolUserLocation {
    city?: string | null;
    country?: string | null;
    region?: string | null;
    timezone?: string | null;
    type?: "approximate";
}
