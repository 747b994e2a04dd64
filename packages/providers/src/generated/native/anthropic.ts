// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: the types of @anthropic-ai/sdk 1.12.0 (tools/native-types/src/targets.ts)
// Regenerate: pnpm --filter @agent-transcript/native-types generate
//
// The Anthropic Messages API (POST /v1/messages): request, response and stream event.
// Our own declarations, written from the types of @anthropic-ai/sdk 1.12.0 with the wire's
// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them
// check them against the SDK's in both directions. Roots: MessageCreateParams, Message, RawMessageStreamEvent.

export interface AssistantMessageParam {
    content: MessageContentParam;
    role: "assistant";
}
export interface Base64ImageSource {
    data: string;
    media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
    type: "base64";
}
export interface Base64PDFSource {
    data: string;
    media_type: "application/pdf";
    type: "base64";
}
export interface BashCodeExecutionOutputBlock {
    file_id: string;
    type: "bash_code_execution_output";
}
export interface BashCodeExecutionOutputBlockParam {
    file_id: string;
    type: "bash_code_execution_output";
}
export interface BashCodeExecutionResultBlock {
    content: Array<BashCodeExecutionOutputBlock>;
    return_code: number;
    stderr: string;
    stdout: string;
    type: "bash_code_execution_result";
}
export interface BashCodeExecutionResultBlockParam {
    content: Array<BashCodeExecutionOutputBlockParam>;
    return_code: number;
    stderr: string;
    stdout: string;
    type: "bash_code_execution_result";
}
export interface BashCodeExecutionToolResultBlock {
    content: BashCodeExecutionToolResultErrorObject | BashCodeExecutionResultBlock;
    tool_use_id: string;
    type: "bash_code_execution_tool_result";
}
export interface BashCodeExecutionToolResultBlockParam {
    content: BashCodeExecutionToolResultErrorParam | BashCodeExecutionResultBlockParam;
    tool_use_id: string;
    type: "bash_code_execution_tool_result";
    cache_control?: CacheControlEphemeral | null;
}
export type BashCodeExecutionToolResultErrorCode = "invalid_tool_input" | "unavailable" | "too_many_requests" | "execution_time_exceeded" | "output_file_too_large";
export interface BashCodeExecutionToolResultErrorObject {
    error_code: BashCodeExecutionToolResultErrorCode;
    type: "bash_code_execution_tool_result_error";
}
export interface BashCodeExecutionToolResultErrorParam {
    error_code: BashCodeExecutionToolResultErrorCode;
    type: "bash_code_execution_tool_result_error";
}
export interface BrowserCloseTabConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserDoubleClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserFileUploadConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserFindConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserFormInputConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserGetPageTextConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserHoldKeyConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserHoverConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserJavascriptExecConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserKeyConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserLeftClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserLeftClickDragConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserLeftMouseDownConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserLeftMouseUpConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserListTabsConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserMiddleClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserMouseMoveConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserNavigateConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserNewTabConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserReadConsoleConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserReadNetworkConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserReadPageConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserRightClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserScreenshotConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserScrollConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserScrollToConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserStateBlockParam {
    tabs: Array<BrowserStateTabEntry>;
    type: "browser_state";
    cache_control?: CacheControlEphemeral | null;
    state_changes?: Array<BrowserStateChange> | null;
}
export type BrowserStateChange = BrowserStateChangeTabOpened | BrowserStateChangeDownloadStarted | BrowserStateChangeDownloadCompleted | BrowserStateChangeDownloadFailed;
export interface BrowserStateChangeDownloadCompleted {
    download_id: string;
    type: "download_completed";
    url: string;
    path?: string | null;
    size_bytes?: number | null;
}
export interface BrowserStateChangeDownloadFailed {
    download_id: string;
    type: "download_failed";
    url: string;
    error?: string | null;
}
export interface BrowserStateChangeDownloadStarted {
    download_id: string;
    type: "download_started";
    url: string;
}
export interface BrowserStateChangeTabOpened {
    tab_id: string;
    type: "tab_opened";
}
export interface BrowserStateTabEntry {
    tab_id: string;
    title: string;
    url: string;
    active?: boolean;
}
export interface BrowserSwitchTabConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserToolset20260801 {
    type: "browser_toolset_20260801";
    cache_control?: CacheControlEphemeral | null;
    configs?: BrowserToolsetConfigs | null;
}
export interface BrowserToolsetConfigs {
    close_tab?: BrowserCloseTabConfig | null;
    double_click?: BrowserDoubleClickConfig | null;
    file_upload?: BrowserFileUploadConfig | null;
    find?: BrowserFindConfig | null;
    form_input?: BrowserFormInputConfig | null;
    get_page_text?: BrowserGetPageTextConfig | null;
    hold_key?: BrowserHoldKeyConfig | null;
    hover?: BrowserHoverConfig | null;
    javascript_exec?: BrowserJavascriptExecConfig | null;
    key?: BrowserKeyConfig | null;
    left_click?: BrowserLeftClickConfig | null;
    left_click_drag?: BrowserLeftClickDragConfig | null;
    left_mouse_down?: BrowserLeftMouseDownConfig | null;
    left_mouse_up?: BrowserLeftMouseUpConfig | null;
    list_tabs?: BrowserListTabsConfig | null;
    middle_click?: BrowserMiddleClickConfig | null;
    mouse_move?: BrowserMouseMoveConfig | null;
    navigate?: BrowserNavigateConfig | null;
    new_tab?: BrowserNewTabConfig | null;
    read_console?: BrowserReadConsoleConfig | null;
    read_network?: BrowserReadNetworkConfig | null;
    read_page?: BrowserReadPageConfig | null;
    right_click?: BrowserRightClickConfig | null;
    screenshot?: BrowserScreenshotConfig | null;
    scroll?: BrowserScrollConfig | null;
    scroll_to?: BrowserScrollToConfig | null;
    switch_tab?: BrowserSwitchTabConfig | null;
    triple_click?: BrowserTripleClickConfig | null;
    type?: BrowserTypeConfig | null;
    wait?: BrowserWaitConfig | null;
    zoom?: BrowserZoomConfig | null;
}
export interface BrowserTripleClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserTypeConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserWaitConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface BrowserZoomConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface CacheControlEphemeral {
    type: "ephemeral";
    ttl?: "5m" | "1h";
}
export interface CacheCreation {
    ephemeral_1h_input_tokens: number;
    ephemeral_5m_input_tokens: number;
}
export interface CacheMissMessagesChanged {
    cache_missed_input_tokens: number;
    type: "messages_changed";
}
export interface CacheMissModelChanged {
    cache_missed_input_tokens: number;
    type: "model_changed";
}
export interface CacheMissPreviousMessageNotFound {
    type: "previous_message_not_found";
}
export type CacheMissReason = CacheMissModelChanged | CacheMissSystemChanged | CacheMissToolsChanged | CacheMissMessagesChanged | CacheMissPreviousMessageNotFound | CacheMissUnavailable;
export interface CacheMissSystemChanged {
    cache_missed_input_tokens: number;
    type: "system_changed";
}
export interface CacheMissToolsChanged {
    cache_missed_input_tokens: number;
    type: "tools_changed";
}
export interface CacheMissUnavailable {
    type: "unavailable";
}
export interface CitationCharLocation {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_char_index: number;
    file_id: string | null;
    start_char_index: number;
    type: "char_location";
}
export interface CitationCharLocationParam {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_char_index: number;
    start_char_index: number;
    type: "char_location";
}
export interface CitationContentBlockLocation {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_block_index: number;
    file_id: string | null;
    start_block_index: number;
    type: "content_block_location";
}
export interface CitationContentBlockLocationParam {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_block_index: number;
    start_block_index: number;
    type: "content_block_location";
}
export interface CitationPageLocation {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_page_number: number;
    file_id: string | null;
    start_page_number: number;
    type: "page_location";
}
export interface CitationPageLocationParam {
    cited_text: string;
    document_index: number;
    document_title: string | null;
    end_page_number: number;
    start_page_number: number;
    type: "page_location";
}
export interface CitationSearchResultLocationParam {
    cited_text: string;
    end_block_index: number;
    search_result_index: number;
    source: string;
    start_block_index: number;
    title: string | null;
    type: "search_result_location";
}
export interface CitationWebSearchResultLocationParam {
    cited_text: string;
    encrypted_index: string;
    title: string | null;
    type: "web_search_result_location";
    url: string;
}
export interface CitationsConfig {
    enabled: boolean;
}
export interface CitationsConfigParam {
    enabled?: boolean;
}
export interface CitationsDelta {
    citation: CitationCharLocation | CitationPageLocation | CitationContentBlockLocation | CitationsWebSearchResultLocation | CitationsSearchResultLocation;
    type: "citations_delta";
}
export interface CitationsSearchResultLocation {
    cited_text: string;
    end_block_index: number;
    search_result_index: number;
    source: string;
    start_block_index: number;
    title: string | null;
    type: "search_result_location";
}
export interface CitationsWebSearchResultLocation {
    cited_text: string;
    encrypted_index: string;
    title: string | null;
    type: "web_search_result_location";
    url: string;
}
export interface CodeExecutionOutputBlock {
    file_id: string;
    type: "code_execution_output";
}
export interface CodeExecutionOutputBlockParam {
    file_id: string;
    type: "code_execution_output";
}
export interface CodeExecutionResultBlock {
    content: Array<CodeExecutionOutputBlock>;
    return_code: number;
    stderr: string;
    stdout: string;
    type: "code_execution_result";
}
export interface CodeExecutionResultBlockParam {
    content: Array<CodeExecutionOutputBlockParam>;
    return_code: number;
    stderr: string;
    stdout: string;
    type: "code_execution_result";
}
export interface CodeExecutionTool20250522 {
    name: "code_execution";
    type: "code_execution_20250522";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    strict?: boolean;
}
export interface CodeExecutionTool20250825 {
    name: "code_execution";
    type: "code_execution_20250825";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    strict?: boolean;
}
export interface CodeExecutionTool20260120 {
    name: "code_execution";
    type: "code_execution_20260120";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    strict?: boolean;
}
export interface CodeExecutionTool20260521 {
    name: "code_execution";
    type: "code_execution_20260521";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    strict?: boolean;
}
export interface CodeExecutionToolResultBlock {
    content: CodeExecutionToolResultBlockContent;
    tool_use_id: string;
    type: "code_execution_tool_result";
}
export type CodeExecutionToolResultBlockContent = CodeExecutionToolResultErrorObject | CodeExecutionResultBlock | EncryptedCodeExecutionResultBlock;
export interface CodeExecutionToolResultBlockParam {
    content: CodeExecutionToolResultBlockParamContent;
    tool_use_id: string;
    type: "code_execution_tool_result";
    cache_control?: CacheControlEphemeral | null;
}
export type CodeExecutionToolResultBlockParamContent = CodeExecutionToolResultErrorParam | CodeExecutionResultBlockParam | EncryptedCodeExecutionResultBlockParam;
export type CodeExecutionToolResultErrorCode = "invalid_tool_input" | "unavailable" | "too_many_requests" | "execution_time_exceeded";
export interface CodeExecutionToolResultErrorObject {
    error_code: CodeExecutionToolResultErrorCode;
    type: "code_execution_tool_result_error";
}
export interface CodeExecutionToolResultErrorParam {
    error_code: CodeExecutionToolResultErrorCode;
    type: "code_execution_tool_result_error";
}
export interface ComputerCursorPositionConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerDoubleClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerHoldKeyConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerKeyConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerLeftClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerLeftClickDragConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerLeftMouseDownConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerLeftMouseUpConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerMiddleClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerMouseMoveConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerRightClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerScreenshotConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerScrollConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerToolset20260801 {
    type: "computer_toolset_20260801";
    cache_control?: CacheControlEphemeral | null;
    configs?: ComputerToolsetConfigs | null;
}
export interface ComputerToolsetConfigs {
    cursor_position?: ComputerCursorPositionConfig | null;
    double_click?: ComputerDoubleClickConfig | null;
    hold_key?: ComputerHoldKeyConfig | null;
    key?: ComputerKeyConfig | null;
    left_click?: ComputerLeftClickConfig | null;
    left_click_drag?: ComputerLeftClickDragConfig | null;
    left_mouse_down?: ComputerLeftMouseDownConfig | null;
    left_mouse_up?: ComputerLeftMouseUpConfig | null;
    middle_click?: ComputerMiddleClickConfig | null;
    mouse_move?: ComputerMouseMoveConfig | null;
    right_click?: ComputerRightClickConfig | null;
    screenshot?: ComputerScreenshotConfig | null;
    scroll?: ComputerScrollConfig | null;
    triple_click?: ComputerTripleClickConfig | null;
    type?: ComputerTypeConfig | null;
    wait?: ComputerWaitConfig | null;
    zoom?: ComputerZoomConfig | null;
}
export interface ComputerTripleClickConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerTypeConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerWaitConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface ComputerZoomConfig {
    defer_loading?: boolean | null;
    enabled?: boolean | null;
}
export interface Container {
    id: string;
    expires_at: string;
    skills: Array<ContainerSkill> | null;
}
export interface ContainerParams {
    id?: string | null;
    skills?: Array<SkillParams> | null;
}
export interface ContainerSkill {
    skill_id: string;
    type: "anthropic" | "custom";
    version: string;
}
export interface ContainerUploadBlock {
    file_id: string;
    type: "container_upload";
}
export interface ContainerUploadBlockParam {
    file_id: string;
    type: "container_upload";
    cache_control?: CacheControlEphemeral | null;
}
export type ContentBlock = TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock | ServerToolUseBlock | WebSearchToolResultBlock | WebFetchToolResultBlock | CodeExecutionToolResultBlock | BashCodeExecutionToolResultBlock | TextEditorCodeExecutionToolResultBlock | ToolSearchToolResultBlock | ContainerUploadBlock;
export type ContentBlockParam = TextBlockParam | ImageBlockParam | DocumentBlockParam | SearchResultBlockParam | ThinkingBlockParam | RedactedThinkingBlockParam | ToolUseBlockParam | ToolResultBlockParam | ServerToolUseBlockParam | WebSearchToolResultBlockParam | WebFetchToolResultBlockParam | CodeExecutionToolResultBlockParam | BashCodeExecutionToolResultBlockParam | TextEditorCodeExecutionToolResultBlockParam | ToolSearchToolResultBlockParam | ContainerUploadBlockParam;
export interface ContentBlockSource {
    content: string | Array<ContentBlockSourceContent>;
    type: "content";
}
export type ContentBlockSourceContent = TextBlockParam | ImageBlockParam;
export interface Diagnostics {
    cache_miss_reason: CacheMissReason | null;
}
export interface DiagnosticsParam {
    previous_message_id?: string | null;
}
export interface DirectCaller {
    type: "direct";
}
export interface DocumentBlock {
    citations: CitationsConfig | null;
    source: Base64PDFSource | PlainTextSource;
    title: string | null;
    type: "document";
}
export interface DocumentBlockParam {
    source: Base64PDFSource | PlainTextSource | ContentBlockSource | URLPDFSource | FileDocumentSource;
    type: "document";
    cache_control?: CacheControlEphemeral | null;
    citations?: CitationsConfigParam | null;
    context?: string | null;
    title?: string | null;
}
export interface EncryptedCodeExecutionResultBlock {
    content: Array<CodeExecutionOutputBlock>;
    encrypted_stdout: string;
    return_code: number;
    stderr: string;
    type: "encrypted_code_execution_result";
}
export interface EncryptedCodeExecutionResultBlockParam {
    content: Array<CodeExecutionOutputBlockParam>;
    encrypted_stdout: string;
    return_code: number;
    stderr: string;
    type: "encrypted_code_execution_result";
}
export interface FileDocumentSource {
    file_id: string;
    type: "file";
}
export interface FileImageSource {
    file_id: string;
    type: "file";
}
export interface ImageBlockParam {
    source: Base64ImageSource | URLImageSource | FileImageSource;
    type: "image";
    cache_control?: CacheControlEphemeral | null;
    transformations?: ImageTransformationsParam | null;
}
export interface ImageTransformationsParam {
    oversized_image?: "downsize" | "error";
}
export interface InputJSONDelta {
    partial_json: string;
    type: "input_json_delta";
}
export interface JSONOutputFormat {
    schema: {
        [key: string]: unknown;
    };
    type: "json_schema";
}
export interface MemoryTool20250818 {
    name: "memory";
    type: "memory_20250818";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    input_examples?: Array<{
        [key: string]: unknown;
    }>;
    strict?: boolean;
}
export interface Message {
    id: string;
    container: Container | null;
    content: Array<ContentBlock>;
    diagnostics: Diagnostics | null;
    model: Model;
    role: "assistant";
    stop_details: RefusalStopDetails | null;
    stop_reason: StopReason | null;
    stop_sequence: string | null;
    type: "message";
    usage: Usage;
}
export type MessageContentParam = string | Array<ContentBlockParam>;
export type MessageCreateParams = MessageCreateParamsNonStreaming | MessageCreateParamsStreaming;
export interface MessageCreateParamsBase {
    max_tokens: number;
    messages: Array<MessageParam>;
    model: Model;
    cache_control?: CacheControlEphemeral | null;
    container?: MessageCreateParamsContainer | null;
    diagnostics?: DiagnosticsParam | null;
    inference_geo?: string | null;
    metadata?: Metadata;
    output_config?: OutputConfig;
    service_tier?: "auto" | "standard_only";
    speed?: "standard" | "fast" | null;
    stop_sequences?: Array<string>;
    stream?: boolean;
    system?: string | Array<TextBlockParam>;
    thinking?: ThinkingConfigParam;
    tool_choice?: ToolChoice;
    tools?: Array<ToolUnion>;
    user_profile_id?: string;
    workspace_id?: string;
}
export type MessageCreateParamsContainer = ContainerParams | string;
export interface MessageCreateParamsNonStreaming extends MessageCreateParamsBase {
    stream?: false;
}
export interface MessageCreateParamsStreaming extends MessageCreateParamsBase {
    stream: true;
}
export interface MessageDeltaUsage {
    cache_creation_input_tokens: number | null;
    cache_read_input_tokens: number | null;
    input_tokens: number | null;
    output_tokens: number;
    output_tokens_details: OutputTokensDetails | null;
    server_tool_use: ServerToolUsage | null;
}
export type MessageParam = UserMessageParam | AssistantMessageParam | SystemMessageParam;
export interface Metadata {
    user_id?: string | null;
}
export type Model = "claude-fable-5-2" | "claude-mythos-5-2" | "claude-haiku-5-5" | "claude-sonnet-5-5" | "claude-fable-5-1" | "claude-opus-5-5" | "claude-mythos-5-1" | "claude-sonnet-5" | "claude-fable-5" | "claude-mythos-5" | "claude-opus-5" | "claude-opus-4-8" | "claude-opus-4-7" | "claude-mythos-preview" | "claude-opus-4-6" | "claude-sonnet-4-6" | "claude-haiku-4-5" | "claude-haiku-4-5-20251001" | "claude-opus-4-5" | "claude-opus-4-5-20251101" | "claude-sonnet-4-5" | "claude-sonnet-4-5-20250929" | (string & {});
export interface OutputConfig {
    effort?: "low" | "medium" | "high" | "xhigh" | "max" | null;
    format?: JSONOutputFormat | null;
}
export interface OutputTokensDetails {
    thinking_tokens: number;
}
export interface PlainTextSource {
    data: string;
    media_type: "text/plain";
    type: "text";
}
export type RawContentBlockDelta = TextDelta | InputJSONDelta | CitationsDelta | ThinkingDelta | SignatureDelta;
export interface RawContentBlockDeltaEvent {
    delta: RawContentBlockDelta;
    index: number;
    type: "content_block_delta";
}
export interface RawContentBlockStartEvent {
    content_block: TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolUseBlock | ServerToolUseBlock | WebSearchToolResultBlock | WebFetchToolResultBlock | CodeExecutionToolResultBlock | BashCodeExecutionToolResultBlock | TextEditorCodeExecutionToolResultBlock | ToolSearchToolResultBlock | ContainerUploadBlock;
    index: number;
    type: "content_block_start";
}
export interface RawContentBlockStopEvent {
    index: number;
    type: "content_block_stop";
}
export interface RawMessageDeltaEvent {
    delta: RawMessageDeltaEventDelta;
    type: "message_delta";
    usage: MessageDeltaUsage;
}
export interface RawMessageDeltaEventDelta {
    container: Container | null;
    stop_details: RefusalStopDetails | null;
    stop_reason: StopReason | null;
    stop_sequence: string | null;
}
export interface RawMessageStartEvent {
    message: Message;
    type: "message_start";
}
export interface RawMessageStopEvent {
    type: "message_stop";
}
export type RawMessageStreamEvent = RawMessageStartEvent | RawMessageDeltaEvent | RawMessageStopEvent | RawContentBlockStartEvent | RawContentBlockDeltaEvent | RawContentBlockStopEvent;
export interface RedactedThinkingBlock {
    data: string;
    type: "redacted_thinking";
}
export interface RedactedThinkingBlockParam {
    data: string;
    type: "redacted_thinking";
}
export interface RefusalStopDetails {
    category: "cyber" | "bio" | "frontier_llm" | "reasoning_extraction" | "general_harms" | null;
    explanation: string | null;
    type: "refusal";
}
export interface SearchResultBlockParam {
    content: Array<TextBlockParam>;
    source: string;
    title: string;
    type: "search_result";
    cache_control?: CacheControlEphemeral | null;
    citations?: CitationsConfigParam;
}
export interface ServerToolCaller {
    tool_id: string;
    type: "code_execution_20250825";
}
export interface ServerToolCaller20260120 {
    tool_id: string;
    type: "code_execution_20260120";
}
export interface ServerToolUsage {
    web_fetch_requests: number;
    web_search_requests: number;
}
export interface ServerToolUseBlock {
    id: string;
    caller: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
    input: unknown;
    name: "web_search" | "web_fetch" | "code_execution" | "bash_code_execution" | "text_editor_code_execution" | "tool_search_tool_regex" | "tool_search_tool_bm25";
    type: "server_tool_use";
}
export interface ServerToolUseBlockParam {
    id: string;
    input: unknown;
    name: "web_search" | "web_fetch" | "code_execution" | "bash_code_execution" | "text_editor_code_execution" | "tool_search_tool_regex" | "tool_search_tool_bm25";
    type: "server_tool_use";
    cache_control?: CacheControlEphemeral | null;
    caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
}
export interface SignatureDelta {
    signature: string;
    type: "signature_delta";
}
export interface SkillParams {
    skill_id: string;
    type: "anthropic" | "custom";
    version?: string;
}
export type StopReason = "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "pause_turn" | "refusal" | "model_context_window_exceeded";
export interface SystemMessageParam {
    content: string | Array<TextBlockParam>;
    role: "system";
}
export interface TextBlock {
    citations: Array<TextCitation> | null;
    text: string;
    type: "text";
}
export interface TextBlockParam {
    text: string;
    type: "text";
    cache_control?: CacheControlEphemeral | null;
    citations?: Array<TextCitationParam> | null;
}
export type TextCitation = CitationCharLocation | CitationPageLocation | CitationContentBlockLocation | CitationsWebSearchResultLocation | CitationsSearchResultLocation;
export type TextCitationParam = CitationCharLocationParam | CitationPageLocationParam | CitationContentBlockLocationParam | CitationWebSearchResultLocationParam | CitationSearchResultLocationParam;
export interface TextDelta {
    text: string;
    type: "text_delta";
}
export interface TextEditorCodeExecutionCreateResultBlock {
    is_file_update: boolean;
    type: "text_editor_code_execution_create_result";
}
export interface TextEditorCodeExecutionCreateResultBlockParam {
    is_file_update: boolean;
    type: "text_editor_code_execution_create_result";
}
export interface TextEditorCodeExecutionStrReplaceResultBlock {
    lines: Array<string> | null;
    new_lines: number | null;
    new_start: number | null;
    old_lines: number | null;
    old_start: number | null;
    type: "text_editor_code_execution_str_replace_result";
}
export interface TextEditorCodeExecutionStrReplaceResultBlockParam {
    type: "text_editor_code_execution_str_replace_result";
    lines?: Array<string> | null;
    new_lines?: number | null;
    new_start?: number | null;
    old_lines?: number | null;
    old_start?: number | null;
}
export interface TextEditorCodeExecutionToolResultBlock {
    content: TextEditorCodeExecutionToolResultErrorObject | TextEditorCodeExecutionViewResultBlock | TextEditorCodeExecutionCreateResultBlock | TextEditorCodeExecutionStrReplaceResultBlock;
    tool_use_id: string;
    type: "text_editor_code_execution_tool_result";
}
export interface TextEditorCodeExecutionToolResultBlockParam {
    content: TextEditorCodeExecutionToolResultErrorParam | TextEditorCodeExecutionViewResultBlockParam | TextEditorCodeExecutionCreateResultBlockParam | TextEditorCodeExecutionStrReplaceResultBlockParam;
    tool_use_id: string;
    type: "text_editor_code_execution_tool_result";
    cache_control?: CacheControlEphemeral | null;
}
export type TextEditorCodeExecutionToolResultErrorCode = "invalid_tool_input" | "unavailable" | "too_many_requests" | "execution_time_exceeded" | "file_not_found";
export interface TextEditorCodeExecutionToolResultErrorObject {
    error_code: TextEditorCodeExecutionToolResultErrorCode;
    error_message: string | null;
    type: "text_editor_code_execution_tool_result_error";
}
export interface TextEditorCodeExecutionToolResultErrorParam {
    error_code: TextEditorCodeExecutionToolResultErrorCode;
    type: "text_editor_code_execution_tool_result_error";
    error_message?: string | null;
}
export interface TextEditorCodeExecutionViewResultBlock {
    content: string;
    file_type: "text" | "image" | "pdf";
    num_lines: number | null;
    start_line: number | null;
    total_lines: number | null;
    type: "text_editor_code_execution_view_result";
}
export interface TextEditorCodeExecutionViewResultBlockParam {
    content: string;
    file_type: "text" | "image" | "pdf";
    type: "text_editor_code_execution_view_result";
    num_lines?: number | null;
    start_line?: number | null;
    total_lines?: number | null;
}
export interface ThinkingBlock {
    signature: string;
    thinking: string;
    type: "thinking";
}
export interface ThinkingBlockParam {
    signature: string;
    thinking: string;
    type: "thinking";
}
export interface ThinkingConfigAdaptive {
    type: "adaptive";
    display?: "summarized" | "omitted" | null;
}
export interface ThinkingConfigBetweenTools {
    type: "between_tools";
}
export interface ThinkingConfigDisabled {
    type: "disabled";
}
export interface ThinkingConfigEnabled {
    budget_tokens: number;
    type: "enabled";
    display?: "summarized" | "omitted" | null;
}
export type ThinkingConfigParam = ThinkingConfigEnabled | ThinkingConfigDisabled | ThinkingConfigBetweenTools | ThinkingConfigAdaptive;
export interface ThinkingDelta {
    thinking: string;
    type: "thinking_delta";
}
export interface Tool {
    input_schema: ToolInputSchema;
    name: string;
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    description?: string;
    eager_input_streaming?: boolean | null;
    input_examples?: Array<{
        [key: string]: unknown;
    }>;
    strict?: boolean;
    type?: "custom" | null;
}
export interface ToolBash20250124 {
    name: "bash";
    type: "bash_20250124";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    input_examples?: Array<{
        [key: string]: unknown;
    }>;
    strict?: boolean;
}
export type ToolChoice = ToolChoiceAuto | ToolChoiceAny | ToolChoiceTool | ToolChoiceNone;
export interface ToolChoiceAny {
    type: "any";
    disable_parallel_tool_use?: boolean;
}
export interface ToolChoiceAuto {
    type: "auto";
    disable_parallel_tool_use?: boolean;
}
export interface ToolChoiceNone {
    type: "none";
}
export interface ToolChoiceTool {
    name: string;
    type: "tool";
    disable_parallel_tool_use?: boolean;
}
export interface ToolInputSchema {
    type: "object";
    properties?: unknown | null;
    required?: Array<string> | null;
    [k: string]: unknown;
}
export interface ToolReferenceBlock {
    tool_name: string;
    type: "tool_reference";
}
export interface ToolReferenceBlockParam {
    tool_name: string;
    type: "tool_reference";
    cache_control?: CacheControlEphemeral | null;
}
export interface ToolResultBlockParam {
    tool_use_id: string;
    type: "tool_result";
    cache_control?: CacheControlEphemeral | null;
    content?: string | Array<TextBlockParam | ImageBlockParam | SearchResultBlockParam | DocumentBlockParam | ToolReferenceBlockParam | BrowserStateBlockParam>;
    is_error?: boolean;
    toolset_name?: string | null;
}
export interface ToolSearchToolBm25_20251119 {
    name: "tool_search_tool_bm25";
    type: "tool_search_tool_bm25_20251119" | "tool_search_tool_bm25";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    strict?: boolean;
}
export interface ToolSearchToolRegex20251119 {
    name: "tool_search_tool_regex";
    type: "tool_search_tool_regex_20251119" | "tool_search_tool_regex";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    strict?: boolean;
}
export interface ToolSearchToolResultBlock {
    content: ToolSearchToolResultErrorObject | ToolSearchToolSearchResultBlock;
    tool_use_id: string;
    type: "tool_search_tool_result";
}
export interface ToolSearchToolResultBlockParam {
    content: ToolSearchToolResultErrorParam | ToolSearchToolSearchResultBlockParam;
    tool_use_id: string;
    type: "tool_search_tool_result";
    cache_control?: CacheControlEphemeral | null;
}
export type ToolSearchToolResultErrorCode = "invalid_tool_input" | "unavailable" | "too_many_requests" | "execution_time_exceeded";
export interface ToolSearchToolResultErrorObject {
    error_code: ToolSearchToolResultErrorCode;
    error_message: string | null;
    type: "tool_search_tool_result_error";
}
export interface ToolSearchToolResultErrorParam {
    error_code: ToolSearchToolResultErrorCode;
    type: "tool_search_tool_result_error";
    error_message?: string | null;
}
export interface ToolSearchToolSearchResultBlock {
    tool_references: Array<ToolReferenceBlock>;
    type: "tool_search_tool_search_result";
}
export interface ToolSearchToolSearchResultBlockParam {
    tool_references: Array<ToolReferenceBlockParam>;
    type: "tool_search_tool_search_result";
}
export interface ToolTextEditor20250124 {
    name: "str_replace_editor";
    type: "text_editor_20250124";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    input_examples?: Array<{
        [key: string]: unknown;
    }>;
    strict?: boolean;
}
export interface ToolTextEditor20250429 {
    name: "str_replace_based_edit_tool";
    type: "text_editor_20250429";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    input_examples?: Array<{
        [key: string]: unknown;
    }>;
    strict?: boolean;
}
export interface ToolTextEditor20250728 {
    name: "str_replace_based_edit_tool";
    type: "text_editor_20250728";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    input_examples?: Array<{
        [key: string]: unknown;
    }>;
    max_characters?: number | null;
    strict?: boolean;
}
export type ToolUnion = Tool | ToolBash20250124 | CodeExecutionTool20250522 | CodeExecutionTool20250825 | CodeExecutionTool20260120 | CodeExecutionTool20260521 | BrowserToolset20260801 | MemoryTool20250818 | ComputerToolset20260801 | ToolTextEditor20250124 | ToolTextEditor20250429 | ToolTextEditor20250728 | WebSearchTool20250305 | WebFetchTool20250910 | WebSearchTool20260209 | WebFetchTool20260209 | WebFetchTool20260309 | WebSearchTool20260318 | WebFetchTool20260318 | ToolSearchToolBm25_20251119 | ToolSearchToolRegex20251119;
export interface ToolUseBlock {
    id: string;
    caller: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
    input: unknown;
    name: string;
    type: "tool_use";
    toolset_name?: string | null;
}
export interface ToolUseBlockParam {
    id: string;
    input: unknown;
    name: string;
    type: "tool_use";
    cache_control?: CacheControlEphemeral | null;
    caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
    toolset_name?: string | null;
}
export interface URLImageSource {
    type: "url";
    url: string;
}
export interface URLPDFSource {
    type: "url";
    url: string;
}
export interface Usage {
    cache_creation: CacheCreation | null;
    cache_creation_input_tokens: number | null;
    cache_read_input_tokens: number | null;
    inference_geo: string | null;
    input_tokens: number;
    output_tokens: number;
    output_tokens_details: OutputTokensDetails | null;
    server_tool_use: ServerToolUsage | null;
    service_tier: "standard" | "priority" | "batch" | null;
    speed: "standard" | "fast" | null;
}
export interface UserLocation {
    type: "approximate";
    city?: string | null;
    country?: string | null;
    region?: string | null;
    timezone?: string | null;
}
export interface UserMessageParam {
    content: MessageContentParam;
    role: "user";
}
export interface WebFetchBlock {
    content: DocumentBlock;
    retrieved_at: string | null;
    type: "web_fetch_result";
    url: string;
}
export interface WebFetchBlockParam {
    content: DocumentBlockParam;
    type: "web_fetch_result";
    url: string;
    retrieved_at?: string | null;
}
export interface WebFetchTool20250910 {
    name: "web_fetch";
    type: "web_fetch_20250910";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    allowed_domains?: Array<string> | null;
    blocked_domains?: Array<string> | null;
    cache_control?: CacheControlEphemeral | null;
    citations?: CitationsConfigParam | null;
    defer_loading?: boolean;
    max_content_tokens?: number | null;
    max_uses?: number | null;
    strict?: boolean;
    url_sources?: WebFetchURLSources | null;
}
export interface WebFetchTool20260209 {
    name: "web_fetch";
    type: "web_fetch_20260209";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    allowed_domains?: Array<string> | null;
    blocked_domains?: Array<string> | null;
    cache_control?: CacheControlEphemeral | null;
    citations?: CitationsConfigParam | null;
    defer_loading?: boolean;
    max_content_tokens?: number | null;
    max_uses?: number | null;
    strict?: boolean;
    url_sources?: WebFetchURLSources | null;
}
export interface WebFetchTool20260309 {
    name: "web_fetch";
    type: "web_fetch_20260309";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    allowed_domains?: Array<string> | null;
    blocked_domains?: Array<string> | null;
    cache_control?: CacheControlEphemeral | null;
    citations?: CitationsConfigParam | null;
    defer_loading?: boolean;
    max_content_tokens?: number | null;
    max_uses?: number | null;
    strict?: boolean;
    url_sources?: WebFetchURLSources | null;
    use_cache?: boolean;
}
export interface WebFetchTool20260318 {
    name: "web_fetch";
    type: "web_fetch_20260318";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    allowed_domains?: Array<string> | null;
    blocked_domains?: Array<string> | null;
    cache_control?: CacheControlEphemeral | null;
    citations?: CitationsConfigParam | null;
    defer_loading?: boolean;
    max_content_tokens?: number | null;
    max_uses?: number | null;
    response_inclusion?: "full" | "excluded";
    strict?: boolean;
    url_sources?: WebFetchURLSources | null;
    use_cache?: boolean;
}
export interface WebFetchToolResultBlock {
    caller: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
    content: WebFetchToolResultErrorBlock | WebFetchBlock;
    tool_use_id: string;
    type: "web_fetch_tool_result";
}
export interface WebFetchToolResultBlockParam {
    content: WebFetchToolResultErrorBlockParam | WebFetchBlockParam;
    tool_use_id: string;
    type: "web_fetch_tool_result";
    cache_control?: CacheControlEphemeral | null;
    caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
}
export interface WebFetchToolResultErrorBlock {
    error_code: WebFetchToolResultErrorCode;
    type: "web_fetch_tool_result_error";
}
export interface WebFetchToolResultErrorBlockParam {
    error_code: WebFetchToolResultErrorCode;
    type: "web_fetch_tool_result_error";
}
export type WebFetchToolResultErrorCode = "invalid_tool_input" | "url_too_long" | "url_not_allowed" | "url_not_in_prior_context" | "url_not_accessible" | "unsupported_content_type" | "too_many_requests" | "max_uses_exceeded" | "unavailable" | "content_too_large";
export interface WebFetchURLSourceAll {
    type: "all";
}
export interface WebFetchURLSourceExcept {
    tools: Array<WebFetchURLSourceToolReference>;
    type: "except";
}
export interface WebFetchURLSourceNone {
    type: "none";
}
export interface WebFetchURLSourceOnly {
    tools: Array<WebFetchURLSourceToolReference>;
    type: "only";
}
export interface WebFetchURLSourceToolReference {
    name: string;
    type: "tool_reference";
}
export interface WebFetchURLSources {
    client_tool_results?: WebFetchURLSourceAll | WebFetchURLSourceNone | WebFetchURLSourceOnly | WebFetchURLSourceExcept;
    server_tool_results?: WebFetchURLSourceAll | WebFetchURLSourceNone | WebFetchURLSourceOnly | WebFetchURLSourceExcept;
    user_input?: WebFetchURLSourceAll | WebFetchURLSourceNone;
}
export interface WebSearchResultBlock {
    encrypted_content: string;
    page_age: string | null;
    title: string;
    type: "web_search_result";
    url: string;
}
export interface WebSearchResultBlockParam {
    encrypted_content: string;
    title: string;
    type: "web_search_result";
    url: string;
    page_age?: string | null;
}
export interface WebSearchTool20250305 {
    name: "web_search";
    type: "web_search_20250305";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    allowed_domains?: Array<string> | null;
    blocked_domains?: Array<string> | null;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    max_uses?: number | null;
    strict?: boolean;
    user_location?: UserLocation | null;
}
export interface WebSearchTool20260209 {
    name: "web_search";
    type: "web_search_20260209";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    allowed_domains?: Array<string> | null;
    blocked_domains?: Array<string> | null;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    max_uses?: number | null;
    strict?: boolean;
    user_location?: UserLocation | null;
}
export interface WebSearchTool20260318 {
    name: "web_search";
    type: "web_search_20260318";
    allowed_callers?: Array<"direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521">;
    allowed_domains?: Array<string> | null;
    blocked_domains?: Array<string> | null;
    cache_control?: CacheControlEphemeral | null;
    defer_loading?: boolean;
    max_uses?: number | null;
    response_inclusion?: "full" | "excluded";
    strict?: boolean;
    user_location?: UserLocation | null;
}
export interface WebSearchToolRequestErrorObject {
    error_code: WebSearchToolResultErrorCode;
    type: "web_search_tool_result_error";
}
export interface WebSearchToolResultBlock {
    caller: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
    content: WebSearchToolResultBlockContent;
    tool_use_id: string;
    type: "web_search_tool_result";
}
export type WebSearchToolResultBlockContent = WebSearchToolResultErrorObject | Array<WebSearchResultBlock>;
export interface WebSearchToolResultBlockParam {
    content: WebSearchToolResultBlockParamContent;
    tool_use_id: string;
    type: "web_search_tool_result";
    cache_control?: CacheControlEphemeral | null;
    caller?: DirectCaller | ServerToolCaller | ServerToolCaller20260120;
}
export type WebSearchToolResultBlockParamContent = Array<WebSearchResultBlockParam> | WebSearchToolRequestErrorObject;
export type WebSearchToolResultErrorCode = "invalid_tool_input" | "unavailable" | "max_uses_exceeded" | "too_many_requests" | "query_too_long" | "request_too_large";
export interface WebSearchToolResultErrorObject {
    error_code: WebSearchToolResultErrorCode;
    type: "web_search_tool_result_error";
}
