// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: the types of @aws-sdk/client-bedrock-runtime 3.1164.0 (tools/native-types/src/targets.ts)
// Regenerate: pnpm --filter @agent-transcript/native-types generate
//
// Amazon Bedrock Converse (POST /model/{modelId}/converse and /converse-stream): JSON bodies and stream events.
// Our own declarations, written from the types of @aws-sdk/client-bedrock-runtime 3.1164.0 with the wire's
// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them
// check them against the SDK's in both directions. Roots: ConverseRequest, ConverseResponse, ConverseStreamOutput, Message, ContentBlock, SystemContentBlock, Tool, ToolConfiguration, ToolUseBlock, ToolUseBlockStart.

export interface AnyToolChoice {
}
export interface AppliedGuardrailDetails {
    guardrailId?: string | undefined;
    guardrailVersion?: string | undefined;
    guardrailArn?: string | undefined;
    guardrailOrigin?: GuardrailOrigin[] | undefined;
    guardrailOwnership?: GuardrailOwnership | undefined;
}
export interface AudioBlock {
    format: AudioFormat | undefined;
    source: AudioSource | undefined;
    error?: ErrorBlock | undefined;
}
export type AudioFormat = "aac" | "flac" | "m4a" | "mka" | "mkv" | "mp3" | "mp4" | "mpeg" | "mpga" | "ogg" | "opus" | "pcm" | "wav" | "webm" | "x-aac";
export type AudioSource = AudioSourceBytesMember | AudioSourceS3LocationMember;
export interface AudioSourceBytesMember {
    bytes: string;
    s3Location?: never;
}
export interface AudioSourceS3LocationMember {
    bytes?: never;
    s3Location: S3Location;
}
export interface AutoToolChoice {
}
export interface CacheDetail {
    ttl: CacheTTL | undefined;
    inputTokens: number | undefined;
}
export interface CachePointBlock {
    type: CachePointType | undefined;
    ttl?: CacheTTL | undefined;
}
export type CachePointType = "default";
export type CacheTTL = "5m" | "1h";
export interface Citation {
    title?: string | undefined;
    source?: string | undefined;
    sourceContent?: CitationSourceContent[] | undefined;
    location?: CitationLocation | undefined;
}
export type CitationGeneratedContent = CitationGeneratedContentTextMember;
export interface CitationGeneratedContentTextMember {
    text: string;
}
export type CitationLocation = CitationLocationDocumentCharMember | CitationLocationDocumentChunkMember | CitationLocationDocumentPageMember | CitationLocationSearchResultLocationMember | CitationLocationWebMember;
export interface CitationLocationDocumentCharMember {
    web?: never;
    documentChar: DocumentCharLocation;
    documentPage?: never;
    documentChunk?: never;
    searchResultLocation?: never;
}
export interface CitationLocationDocumentChunkMember {
    web?: never;
    documentChar?: never;
    documentPage?: never;
    documentChunk: DocumentChunkLocation;
    searchResultLocation?: never;
}
export interface CitationLocationDocumentPageMember {
    web?: never;
    documentChar?: never;
    documentPage: DocumentPageLocation;
    documentChunk?: never;
    searchResultLocation?: never;
}
export interface CitationLocationSearchResultLocationMember {
    web?: never;
    documentChar?: never;
    documentPage?: never;
    documentChunk?: never;
    searchResultLocation: SearchResultLocation;
}
export interface CitationLocationWebMember {
    web: WebLocation;
    documentChar?: never;
    documentPage?: never;
    documentChunk?: never;
    searchResultLocation?: never;
}
export type CitationSourceContent = CitationSourceContentTextMember;
export interface CitationSourceContentDelta {
    text?: string | undefined;
}
export interface CitationSourceContentTextMember {
    text: string;
}
export interface CitationsConfig {
    enabled: boolean | undefined;
}
export interface CitationsContentBlock {
    content?: CitationGeneratedContent[] | undefined;
    citations?: Citation[] | undefined;
}
export interface CitationsDelta {
    title?: string | undefined;
    source?: string | undefined;
    sourceContent?: CitationSourceContentDelta[] | undefined;
    location?: CitationLocation | undefined;
}
export type ContentBlock = ContentBlockAudioMember | ContentBlockCachePointMember | ContentBlockCitationsContentMember | ContentBlockDocumentMember | ContentBlockGuardContentMember | ContentBlockImageMember | ContentBlockReasoningContentMember | ContentBlockSearchResultMember | ContentBlockTextMember | ContentBlockToolAdditionMember | ContentBlockToolRemovalMember | ContentBlockToolResultMember | ContentBlockToolUseMember | ContentBlockVideoMember;
export interface ContentBlockAudioMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio: AudioBlock;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockCachePointMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint: CachePointBlock;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockCitationsContentMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent: CitationsContentBlock;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export type ContentBlockDelta = ContentBlockDeltaCitationMember | ContentBlockDeltaImageMember | ContentBlockDeltaReasoningContentMember | ContentBlockDeltaTextMember | ContentBlockDeltaToolResultMember | ContentBlockDeltaToolUseMember;
export interface ContentBlockDeltaCitationMember {
    text?: never;
    toolUse?: never;
    toolResult?: never;
    reasoningContent?: never;
    citation: CitationsDelta;
    image?: never;
}
export interface ContentBlockDeltaEvent {
    delta: ContentBlockDelta | undefined;
    contentBlockIndex: number | undefined;
}
export interface ContentBlockDeltaImageMember {
    text?: never;
    toolUse?: never;
    toolResult?: never;
    reasoningContent?: never;
    citation?: never;
    image: ImageBlockDelta;
}
export interface ContentBlockDeltaReasoningContentMember {
    text?: never;
    toolUse?: never;
    toolResult?: never;
    reasoningContent: ReasoningContentBlockDelta;
    citation?: never;
    image?: never;
}
export interface ContentBlockDeltaTextMember {
    text: string;
    toolUse?: never;
    toolResult?: never;
    reasoningContent?: never;
    citation?: never;
    image?: never;
}
export interface ContentBlockDeltaToolResultMember {
    text?: never;
    toolUse?: never;
    toolResult: ToolResultBlockDelta[];
    reasoningContent?: never;
    citation?: never;
    image?: never;
}
export interface ContentBlockDeltaToolUseMember {
    text?: never;
    toolUse: ToolUseBlockDelta;
    toolResult?: never;
    reasoningContent?: never;
    citation?: never;
    image?: never;
}
export interface ContentBlockDocumentMember {
    text?: never;
    image?: never;
    document: DocumentBlock;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockGuardContentMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent: GuardrailConverseContentBlock;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockImageMember {
    text?: never;
    image: ImageBlock;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockReasoningContentMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent: ReasoningContentBlock;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockSearchResultMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult: SearchResultBlock;
    toolAddition?: never;
    toolRemoval?: never;
}
export type ContentBlockStart = ContentBlockStartImageMember | ContentBlockStartToolResultMember | ContentBlockStartToolUseMember;
export interface ContentBlockStartEvent {
    start: ContentBlockStart | undefined;
    contentBlockIndex: number | undefined;
}
export interface ContentBlockStartImageMember {
    toolUse?: never;
    toolResult?: never;
    image: ImageBlockStart;
}
export interface ContentBlockStartToolResultMember {
    toolUse?: never;
    toolResult: ToolResultBlockStart;
    image?: never;
}
export interface ContentBlockStartToolUseMember {
    toolUse: ToolUseBlockStart;
    toolResult?: never;
    image?: never;
}
export interface ContentBlockStopEvent {
    contentBlockIndex: number | undefined;
}
export interface ContentBlockTextMember {
    text: string;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockToolAdditionMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition: ToolAdditionBlock;
    toolRemoval?: never;
}
export interface ContentBlockToolRemovalMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval: ToolRemovalBlock;
}
export interface ContentBlockToolResultMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse?: never;
    toolResult: ToolResultBlock;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockToolUseMember {
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    audio?: never;
    toolUse: ToolUseBlock;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export interface ContentBlockVideoMember {
    text?: never;
    image?: never;
    document?: never;
    video: VideoBlock;
    audio?: never;
    toolUse?: never;
    toolResult?: never;
    guardContent?: never;
    cachePoint?: never;
    reasoningContent?: never;
    citationsContent?: never;
    searchResult?: never;
    toolAddition?: never;
    toolRemoval?: never;
}
export type ConversationRole = "assistant" | "system" | "user";
export interface ConverseMetrics {
    latencyMs: number | undefined;
}
export type ConverseOutput = ConverseOutputMessageMember;
export interface ConverseOutputMessageMember {
    message: Message;
}
export interface ConverseRequest {
    messages?: Message[] | undefined;
    system?: SystemContentBlock[] | undefined;
    inferenceConfig?: InferenceConfiguration | undefined;
    toolConfig?: ToolConfiguration | undefined;
    guardrailConfig?: GuardrailConfiguration | undefined;
    additionalModelRequestFields?: DocumentType | undefined;
    promptVariables?: Record<string, PromptVariableValues> | undefined;
    additionalModelResponseFieldPaths?: string[] | undefined;
    requestMetadata?: Record<string, string> | undefined;
    performanceConfig?: PerformanceConfiguration | undefined;
    serviceTier?: ServiceTier | undefined;
    outputConfig?: OutputConfig | undefined;
}
export interface ConverseResponse {
    output: ConverseOutput | undefined;
    stopReason: StopReason | undefined;
    usage: TokenUsage | undefined;
    metrics: ConverseMetrics | undefined;
    additionalModelResponseFields?: DocumentType | undefined;
    trace?: ConverseTrace | undefined;
    performanceConfig?: PerformanceConfiguration | undefined;
    serviceTier?: ServiceTier | undefined;
}
export interface ConverseStreamMetadataEvent {
    usage: TokenUsage | undefined;
    metrics: ConverseStreamMetrics | undefined;
    trace?: ConverseStreamTrace | undefined;
    performanceConfig?: PerformanceConfiguration | undefined;
    serviceTier?: ServiceTier | undefined;
}
export interface ConverseStreamMetrics {
    latencyMs: number | undefined;
}
export type ConverseStreamOutput = ConverseStreamOutputContentBlockDeltaMember | ConverseStreamOutputContentBlockStartMember | ConverseStreamOutputContentBlockStopMember | ConverseStreamOutputInternalServerExceptionMember | ConverseStreamOutputMessageStartMember | ConverseStreamOutputMessageStopMember | ConverseStreamOutputMetadataMember | ConverseStreamOutputModelStreamErrorExceptionMember | ConverseStreamOutputServiceUnavailableExceptionMember | ConverseStreamOutputThrottlingExceptionMember | ConverseStreamOutputValidationExceptionMember;
export interface ConverseStreamOutputContentBlockDeltaMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta: ContentBlockDeltaEvent;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputContentBlockStartMember {
    messageStart?: never;
    contentBlockStart: ContentBlockStartEvent;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputContentBlockStopMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop: ContentBlockStopEvent;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputInternalServerExceptionMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException: InternalServerException;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputMessageStartMember {
    messageStart: MessageStartEvent;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputMessageStopMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop: MessageStopEvent;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputMetadataMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata: ConverseStreamMetadataEvent;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputModelStreamErrorExceptionMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException: ModelStreamErrorException;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputServiceUnavailableExceptionMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException?: never;
    serviceUnavailableException: ServiceUnavailableException;
}
export interface ConverseStreamOutputThrottlingExceptionMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException?: never;
    throttlingException: ThrottlingException;
    serviceUnavailableException?: never;
}
export interface ConverseStreamOutputValidationExceptionMember {
    messageStart?: never;
    contentBlockStart?: never;
    contentBlockDelta?: never;
    contentBlockStop?: never;
    messageStop?: never;
    metadata?: never;
    internalServerException?: never;
    modelStreamErrorException?: never;
    validationException: ValidationException;
    throttlingException?: never;
    serviceUnavailableException?: never;
}
export interface ConverseStreamTrace {
    guardrail?: GuardrailTraceAssessment | undefined;
    promptRouter?: PromptRouterTrace | undefined;
}
export interface ConverseTrace {
    guardrail?: GuardrailTraceAssessment | undefined;
    promptRouter?: PromptRouterTrace | undefined;
}
export interface DocumentBlock {
    format?: DocumentFormat | undefined;
    name: string | undefined;
    source: DocumentSource | undefined;
    context?: string | undefined;
    citations?: CitationsConfig | undefined;
}
export interface DocumentCharLocation {
    documentIndex?: number | undefined;
    start?: number | undefined;
    end?: number | undefined;
}
export interface DocumentChunkLocation {
    documentIndex?: number | undefined;
    start?: number | undefined;
    end?: number | undefined;
}
export type DocumentContentBlock = DocumentContentBlockTextMember;
export interface DocumentContentBlockTextMember {
    text: string;
}
export type DocumentFormat = "csv" | "doc" | "docx" | "html" | "md" | "pdf" | "txt" | "xls" | "xlsx";
export interface DocumentPageLocation {
    documentIndex?: number | undefined;
    start?: number | undefined;
    end?: number | undefined;
}
export type DocumentSource = DocumentSourceBytesMember | DocumentSourceContentMember | DocumentSourceS3LocationMember | DocumentSourceTextMember;
export interface DocumentSourceBytesMember {
    bytes: string;
    s3Location?: never;
    text?: never;
    content?: never;
}
export interface DocumentSourceContentMember {
    bytes?: never;
    s3Location?: never;
    text?: never;
    content: DocumentContentBlock[];
}
export interface DocumentSourceS3LocationMember {
    bytes?: never;
    s3Location: S3Location;
    text?: never;
    content?: never;
}
export interface DocumentSourceTextMember {
    bytes?: never;
    s3Location?: never;
    text: string;
    content?: never;
}
export type DocumentType = null | boolean | number | string | DocumentType[] | {
    [prop: string]: DocumentType;
};
export interface ErrorBlock {
    message?: string | undefined;
}
export interface GuardrailAssessment {
    topicPolicy?: GuardrailTopicPolicyAssessment | undefined;
    contentPolicy?: GuardrailContentPolicyAssessment | undefined;
    wordPolicy?: GuardrailWordPolicyAssessment | undefined;
    sensitiveInformationPolicy?: GuardrailSensitiveInformationPolicyAssessment | undefined;
    contextualGroundingPolicy?: GuardrailContextualGroundingPolicyAssessment | undefined;
    automatedReasoningPolicy?: GuardrailAutomatedReasoningPolicyAssessment | undefined;
    invocationMetrics?: GuardrailInvocationMetrics | undefined;
    appliedGuardrailDetails?: AppliedGuardrailDetails | undefined;
}
export type GuardrailAutomatedReasoningFinding = GuardrailAutomatedReasoningFindingImpossibleMember | GuardrailAutomatedReasoningFindingInvalidMember | GuardrailAutomatedReasoningFindingNoTranslationsMember | GuardrailAutomatedReasoningFindingSatisfiableMember | GuardrailAutomatedReasoningFindingTooComplexMember | GuardrailAutomatedReasoningFindingTranslationAmbiguousMember | GuardrailAutomatedReasoningFindingValidMember;
export interface GuardrailAutomatedReasoningFindingImpossibleMember {
    valid?: never;
    invalid?: never;
    satisfiable?: never;
    impossible: GuardrailAutomatedReasoningImpossibleFinding;
    translationAmbiguous?: never;
    tooComplex?: never;
    noTranslations?: never;
}
export interface GuardrailAutomatedReasoningFindingInvalidMember {
    valid?: never;
    invalid: GuardrailAutomatedReasoningInvalidFinding;
    satisfiable?: never;
    impossible?: never;
    translationAmbiguous?: never;
    tooComplex?: never;
    noTranslations?: never;
}
export interface GuardrailAutomatedReasoningFindingNoTranslationsMember {
    valid?: never;
    invalid?: never;
    satisfiable?: never;
    impossible?: never;
    translationAmbiguous?: never;
    tooComplex?: never;
    noTranslations: GuardrailAutomatedReasoningNoTranslationsFinding;
}
export interface GuardrailAutomatedReasoningFindingSatisfiableMember {
    valid?: never;
    invalid?: never;
    satisfiable: GuardrailAutomatedReasoningSatisfiableFinding;
    impossible?: never;
    translationAmbiguous?: never;
    tooComplex?: never;
    noTranslations?: never;
}
export interface GuardrailAutomatedReasoningFindingTooComplexMember {
    valid?: never;
    invalid?: never;
    satisfiable?: never;
    impossible?: never;
    translationAmbiguous?: never;
    tooComplex: GuardrailAutomatedReasoningTooComplexFinding;
    noTranslations?: never;
}
export interface GuardrailAutomatedReasoningFindingTranslationAmbiguousMember {
    valid?: never;
    invalid?: never;
    satisfiable?: never;
    impossible?: never;
    translationAmbiguous: GuardrailAutomatedReasoningTranslationAmbiguousFinding;
    tooComplex?: never;
    noTranslations?: never;
}
export interface GuardrailAutomatedReasoningFindingValidMember {
    valid: GuardrailAutomatedReasoningValidFinding;
    invalid?: never;
    satisfiable?: never;
    impossible?: never;
    translationAmbiguous?: never;
    tooComplex?: never;
    noTranslations?: never;
}
export interface GuardrailAutomatedReasoningImpossibleFinding {
    translation?: GuardrailAutomatedReasoningTranslation | undefined;
    contradictingRules?: GuardrailAutomatedReasoningRule[] | undefined;
    logicWarning?: GuardrailAutomatedReasoningLogicWarning | undefined;
}
export interface GuardrailAutomatedReasoningInputTextReference {
    text?: string | undefined;
}
export interface GuardrailAutomatedReasoningInvalidFinding {
    translation?: GuardrailAutomatedReasoningTranslation | undefined;
    contradictingRules?: GuardrailAutomatedReasoningRule[] | undefined;
    logicWarning?: GuardrailAutomatedReasoningLogicWarning | undefined;
}
export interface GuardrailAutomatedReasoningLogicWarning {
    type?: GuardrailAutomatedReasoningLogicWarningType | undefined;
    premises?: GuardrailAutomatedReasoningStatement[] | undefined;
    claims?: GuardrailAutomatedReasoningStatement[] | undefined;
}
export type GuardrailAutomatedReasoningLogicWarningType = "ALWAYS_FALSE" | "ALWAYS_TRUE";
export interface GuardrailAutomatedReasoningNoTranslationsFinding {
}
export interface GuardrailAutomatedReasoningPolicyAssessment {
    findings?: GuardrailAutomatedReasoningFinding[] | undefined;
}
export interface GuardrailAutomatedReasoningRule {
    identifier?: string | undefined;
    policyVersionArn?: string | undefined;
}
export interface GuardrailAutomatedReasoningSatisfiableFinding {
    translation?: GuardrailAutomatedReasoningTranslation | undefined;
    claimsTrueScenario?: GuardrailAutomatedReasoningScenario | undefined;
    claimsFalseScenario?: GuardrailAutomatedReasoningScenario | undefined;
    logicWarning?: GuardrailAutomatedReasoningLogicWarning | undefined;
}
export interface GuardrailAutomatedReasoningScenario {
    statements?: GuardrailAutomatedReasoningStatement[] | undefined;
}
export interface GuardrailAutomatedReasoningStatement {
    logic?: string | undefined;
    naturalLanguage?: string | undefined;
}
export interface GuardrailAutomatedReasoningTooComplexFinding {
}
export interface GuardrailAutomatedReasoningTranslation {
    premises?: GuardrailAutomatedReasoningStatement[] | undefined;
    claims?: GuardrailAutomatedReasoningStatement[] | undefined;
    untranslatedPremises?: GuardrailAutomatedReasoningInputTextReference[] | undefined;
    untranslatedClaims?: GuardrailAutomatedReasoningInputTextReference[] | undefined;
    confidence?: number | undefined;
}
export interface GuardrailAutomatedReasoningTranslationAmbiguousFinding {
    options?: GuardrailAutomatedReasoningTranslationOption[] | undefined;
    differenceScenarios?: GuardrailAutomatedReasoningScenario[] | undefined;
}
export interface GuardrailAutomatedReasoningTranslationOption {
    translations?: GuardrailAutomatedReasoningTranslation[] | undefined;
}
export interface GuardrailAutomatedReasoningValidFinding {
    translation?: GuardrailAutomatedReasoningTranslation | undefined;
    claimsTrueScenario?: GuardrailAutomatedReasoningScenario | undefined;
    supportingRules?: GuardrailAutomatedReasoningRule[] | undefined;
    logicWarning?: GuardrailAutomatedReasoningLogicWarning | undefined;
}
export interface GuardrailConfiguration {
    guardrailIdentifier?: string | undefined;
    guardrailVersion?: string | undefined;
    trace?: GuardrailTrace | undefined;
}
export interface GuardrailContentFilter {
    type: GuardrailContentFilterType | undefined;
    confidence: GuardrailContentFilterConfidence | undefined;
    filterStrength?: GuardrailContentFilterStrength | undefined;
    action: GuardrailContentPolicyAction | undefined;
    detected?: boolean | undefined;
}
export type GuardrailContentFilterConfidence = "NONE" | "HIGH" | "LOW" | "MEDIUM";
export type GuardrailContentFilterStrength = "NONE" | "HIGH" | "LOW" | "MEDIUM";
export type GuardrailContentFilterType = "HATE" | "INSULTS" | "MISCONDUCT" | "PROMPT_ATTACK" | "SEXUAL" | "VIOLENCE";
export type GuardrailContentPolicyAction = "BLOCKED" | "NONE";
export interface GuardrailContentPolicyAssessment {
    filters: GuardrailContentFilter[] | undefined;
}
export interface GuardrailContextualGroundingFilter {
    type: GuardrailContextualGroundingFilterType | undefined;
    threshold: number | undefined;
    score: number | undefined;
    action: GuardrailContextualGroundingPolicyAction | undefined;
    detected?: boolean | undefined;
}
export type GuardrailContextualGroundingFilterType = "GROUNDING" | "RELEVANCE";
export type GuardrailContextualGroundingPolicyAction = "BLOCKED" | "NONE";
export interface GuardrailContextualGroundingPolicyAssessment {
    filters?: GuardrailContextualGroundingFilter[] | undefined;
}
export type GuardrailConverseContentBlock = GuardrailConverseContentBlockImageMember | GuardrailConverseContentBlockTextMember;
export interface GuardrailConverseContentBlockImageMember {
    text?: never;
    image: GuardrailConverseImageBlock;
}
export interface GuardrailConverseContentBlockTextMember {
    text: GuardrailConverseTextBlock;
    image?: never;
}
export type GuardrailConverseContentQualifier = "grounding_source" | "guard_content" | "query";
export interface GuardrailConverseImageBlock {
    format: GuardrailConverseImageFormat | undefined;
    source: GuardrailConverseImageSource | undefined;
}
export type GuardrailConverseImageFormat = "jpeg" | "png";
export type GuardrailConverseImageSource = GuardrailConverseImageSourceBytesMember;
export interface GuardrailConverseImageSourceBytesMember {
    bytes: string;
}
export interface GuardrailConverseTextBlock {
    text: string | undefined;
    qualifiers?: GuardrailConverseContentQualifier[] | undefined;
}
export interface GuardrailCoverage {
    textCharacters?: GuardrailTextCharactersCoverage | undefined;
    images?: GuardrailImageCoverage | undefined;
}
export interface GuardrailCustomWord {
    match: string | undefined;
    action: GuardrailWordPolicyAction | undefined;
    detected?: boolean | undefined;
}
export interface GuardrailImageCoverage {
    guarded?: number | undefined;
    total?: number | undefined;
}
export interface GuardrailInvocationMetrics {
    guardrailProcessingLatency?: number | undefined;
    usage?: GuardrailUsage | undefined;
    guardrailCoverage?: GuardrailCoverage | undefined;
}
export interface GuardrailManagedWord {
    match: string | undefined;
    type: GuardrailManagedWordType | undefined;
    action: GuardrailWordPolicyAction | undefined;
    detected?: boolean | undefined;
}
export type GuardrailManagedWordType = "PROFANITY";
export type GuardrailOrigin = "ACCOUNT_ENFORCED" | "ORGANIZATION_ENFORCED" | "REQUEST";
export type GuardrailOwnership = "CROSS_ACCOUNT" | "SELF";
export interface GuardrailPiiEntityFilter {
    match: string | undefined;
    type: GuardrailPiiEntityType | undefined;
    action: GuardrailSensitiveInformationPolicyAction | undefined;
    detected?: boolean | undefined;
}
export type GuardrailPiiEntityType = "ADDRESS" | "AGE" | "AWS_ACCESS_KEY" | "AWS_SECRET_KEY" | "CA_HEALTH_NUMBER" | "CA_SOCIAL_INSURANCE_NUMBER" | "CREDIT_DEBIT_CARD_CVV" | "CREDIT_DEBIT_CARD_EXPIRY" | "CREDIT_DEBIT_CARD_NUMBER" | "DRIVER_ID" | "EMAIL" | "INTERNATIONAL_BANK_ACCOUNT_NUMBER" | "IP_ADDRESS" | "LICENSE_PLATE" | "MAC_ADDRESS" | "NAME" | "PASSWORD" | "PHONE" | "PIN" | "SWIFT_CODE" | "UK_NATIONAL_HEALTH_SERVICE_NUMBER" | "UK_NATIONAL_INSURANCE_NUMBER" | "UK_UNIQUE_TAXPAYER_REFERENCE_NUMBER" | "URL" | "USERNAME" | "US_BANK_ACCOUNT_NUMBER" | "US_BANK_ROUTING_NUMBER" | "US_INDIVIDUAL_TAX_IDENTIFICATION_NUMBER" | "US_PASSPORT_NUMBER" | "US_SOCIAL_SECURITY_NUMBER" | "VEHICLE_IDENTIFICATION_NUMBER";
export interface GuardrailRegexFilter {
    name?: string | undefined;
    match?: string | undefined;
    regex?: string | undefined;
    action: GuardrailSensitiveInformationPolicyAction | undefined;
    detected?: boolean | undefined;
}
export type GuardrailSensitiveInformationPolicyAction = "BLOCKED" | "NONE" | "ANONYMIZED";
export interface GuardrailSensitiveInformationPolicyAssessment {
    piiEntities: GuardrailPiiEntityFilter[] | undefined;
    regexes: GuardrailRegexFilter[] | undefined;
}
export interface GuardrailTextCharactersCoverage {
    guarded?: number | undefined;
    total?: number | undefined;
}
export interface GuardrailTopic {
    name: string | undefined;
    type: GuardrailTopicType | undefined;
    action: GuardrailTopicPolicyAction | undefined;
    detected?: boolean | undefined;
}
export type GuardrailTopicPolicyAction = "BLOCKED" | "NONE";
export interface GuardrailTopicPolicyAssessment {
    topics: GuardrailTopic[] | undefined;
}
export type GuardrailTopicType = "DENY";
export type GuardrailTrace = "disabled" | "enabled" | "enabled_full";
export interface GuardrailTraceAssessment {
    modelOutput?: string[] | undefined;
    inputAssessment?: Record<string, GuardrailAssessment> | undefined;
    outputAssessments?: Record<string, GuardrailAssessment[]> | undefined;
    actionReason?: string | undefined;
}
export interface GuardrailUsage {
    topicPolicyUnits: number | undefined;
    contentPolicyUnits: number | undefined;
    wordPolicyUnits: number | undefined;
    sensitiveInformationPolicyUnits: number | undefined;
    sensitiveInformationPolicyFreeUnits: number | undefined;
    contextualGroundingPolicyUnits: number | undefined;
    contentPolicyImageUnits?: number | undefined;
    automatedReasoningPolicyUnits?: number | undefined;
    automatedReasoningPolicies?: number | undefined;
}
export type GuardrailWordPolicyAction = "BLOCKED" | "NONE";
export interface GuardrailWordPolicyAssessment {
    customWords: GuardrailCustomWord[] | undefined;
    managedWordLists: GuardrailManagedWord[] | undefined;
}
export interface ImageBlock {
    format: ImageFormat | undefined;
    source: ImageSource | undefined;
    error?: ErrorBlock | undefined;
}
export interface ImageBlockDelta {
    source?: ImageSource | undefined;
    error?: ErrorBlock | undefined;
}
export interface ImageBlockStart {
    format: ImageFormat | undefined;
}
export type ImageFormat = "gif" | "jpeg" | "png" | "webp";
export type ImageSource = ImageSourceBytesMember | ImageSourceS3LocationMember;
export interface ImageSourceBytesMember {
    bytes: string;
    s3Location?: never;
}
export interface ImageSourceS3LocationMember {
    bytes?: never;
    s3Location: S3Location;
}
export interface InferenceConfiguration {
    maxTokens?: number | undefined;
    temperature?: number | undefined;
    topP?: number | undefined;
    stopSequences?: string[] | undefined;
}
export interface InternalServerException {
    message?: string;
}
export interface JsonSchemaDefinition {
    schema: string | undefined;
    name?: string | undefined;
    description?: string | undefined;
}
export interface Message {
    role: ConversationRole | undefined;
    content: ContentBlock[] | undefined;
}
export interface MessageStartEvent {
    role: ConversationRole | undefined;
}
export interface MessageStopEvent {
    stopReason: StopReason | undefined;
    additionalModelResponseFields?: DocumentType | undefined;
}
export interface ModelStreamErrorException {
    message?: string;
    originalStatusCode?: number | undefined;
    originalMessage?: string | undefined;
}
export interface OutputConfig {
    textFormat?: OutputFormat | undefined;
    effort?: string | undefined;
}
export interface OutputFormat {
    type: OutputFormatType | undefined;
    structure: OutputFormatStructure | undefined;
}
export type OutputFormatStructure = OutputFormatStructureJsonSchemaMember;
export interface OutputFormatStructureJsonSchemaMember {
    jsonSchema: JsonSchemaDefinition;
}
export type OutputFormatType = "json_schema";
export type PerformanceConfigLatency = "optimized" | "standard";
export interface PerformanceConfiguration {
    latency?: PerformanceConfigLatency | undefined;
}
export interface PromptRouterTrace {
    invokedModelId?: string | undefined;
}
export type PromptVariableValues = PromptVariableValuesTextMember;
export interface PromptVariableValuesTextMember {
    text: string;
}
export type ReasoningContentBlock = ReasoningContentBlockReasoningTextMember | ReasoningContentBlockRedactedContentMember;
export type ReasoningContentBlockDelta = ReasoningContentBlockDeltaRedactedContentMember | ReasoningContentBlockDeltaSignatureMember | ReasoningContentBlockDeltaTextMember;
export interface ReasoningContentBlockDeltaRedactedContentMember {
    text?: never;
    redactedContent: string;
    signature?: never;
}
export interface ReasoningContentBlockDeltaSignatureMember {
    text?: never;
    redactedContent?: never;
    signature: string;
}
export interface ReasoningContentBlockDeltaTextMember {
    text: string;
    redactedContent?: never;
    signature?: never;
}
export interface ReasoningContentBlockReasoningTextMember {
    reasoningText: ReasoningTextBlock;
    redactedContent?: never;
}
export interface ReasoningContentBlockRedactedContentMember {
    reasoningText?: never;
    redactedContent: string;
}
export interface ReasoningTextBlock {
    text: string | undefined;
    signature?: string | undefined;
}
export interface S3Location {
    uri: string | undefined;
    bucketOwner?: string | undefined;
}
export interface SearchResultBlock {
    source: string | undefined;
    title: string | undefined;
    content: SearchResultContentBlock[] | undefined;
    citations?: CitationsConfig | undefined;
}
export interface SearchResultContentBlock {
    text: string | undefined;
}
export interface SearchResultLocation {
    searchResultIndex?: number | undefined;
    start?: number | undefined;
    end?: number | undefined;
}
export interface ServiceTier {
    type: ServiceTierType | undefined;
}
export type ServiceTierType = "default" | "flex" | "priority" | "reserved";
export interface ServiceUnavailableException {
    message?: string;
}
export interface SpecificToolChoice {
    name: string | undefined;
}
export type StopReason = "content_filtered" | "end_turn" | "guardrail_intervened" | "malformed_model_output" | "malformed_tool_use" | "max_tokens" | "model_context_window_exceeded" | "stop_sequence" | "tool_use";
export type SystemContentBlock = SystemContentBlockCachePointMember | SystemContentBlockGuardContentMember | SystemContentBlockTextMember;
export interface SystemContentBlockCachePointMember {
    text?: never;
    guardContent?: never;
    cachePoint: CachePointBlock;
}
export interface SystemContentBlockGuardContentMember {
    text?: never;
    guardContent: GuardrailConverseContentBlock;
    cachePoint?: never;
}
export interface SystemContentBlockTextMember {
    text: string;
    guardContent?: never;
    cachePoint?: never;
}
export interface SystemTool {
    name: string | undefined;
}
export interface ThrottlingException {
    message?: string;
}
export interface TokenUsage {
    inputTokens: number | undefined;
    outputTokens: number | undefined;
    totalTokens: number | undefined;
    cacheReadInputTokens?: number | undefined;
    cacheWriteInputTokens?: number | undefined;
    cacheDetails?: CacheDetail[] | undefined;
}
export type Tool = ToolCachePointMember | ToolSystemToolMember | ToolToolSpecMember;
export interface ToolAdditionBlock {
    tool: ToolReference | undefined;
}
export interface ToolCachePointMember {
    toolSpec?: never;
    systemTool?: never;
    cachePoint: CachePointBlock;
}
export type ToolChoice = ToolChoiceAnyMember | ToolChoiceAutoMember | ToolChoiceToolMember;
export interface ToolChoiceAnyMember {
    auto?: never;
    any: AnyToolChoice;
    tool?: never;
}
export interface ToolChoiceAutoMember {
    auto: AutoToolChoice;
    any?: never;
    tool?: never;
}
export interface ToolChoiceToolMember {
    auto?: never;
    any?: never;
    tool: SpecificToolChoice;
}
export interface ToolConfiguration {
    tools: Tool[] | undefined;
    toolChoice?: ToolChoice | undefined;
}
export type ToolInputSchema = ToolInputSchemaJsonMember;
export interface ToolInputSchemaJsonMember {
    json: DocumentType;
}
export interface ToolReference {
    type?: string | undefined;
    name?: string | undefined;
    serverName?: string | undefined;
}
export interface ToolRemovalBlock {
    tool: ToolReference | undefined;
}
export interface ToolResultBlock {
    toolUseId: string | undefined;
    content: ToolResultContentBlock[] | undefined;
    status?: ToolResultStatus | undefined;
    type?: string | undefined;
}
export type ToolResultBlockDelta = ToolResultBlockDeltaJsonMember | ToolResultBlockDeltaTextMember;
export interface ToolResultBlockDeltaJsonMember {
    text?: never;
    json: DocumentType;
}
export interface ToolResultBlockDeltaTextMember {
    text: string;
    json?: never;
}
export interface ToolResultBlockStart {
    toolUseId: string | undefined;
    type?: string | undefined;
    status?: ToolResultStatus | undefined;
}
export type ToolResultContentBlock = ToolResultContentBlockDocumentMember | ToolResultContentBlockImageMember | ToolResultContentBlockJsonMember | ToolResultContentBlockSearchResultMember | ToolResultContentBlockTextMember | ToolResultContentBlockVideoMember;
export interface ToolResultContentBlockDocumentMember {
    json?: never;
    text?: never;
    image?: never;
    document: DocumentBlock;
    video?: never;
    searchResult?: never;
}
export interface ToolResultContentBlockImageMember {
    json?: never;
    text?: never;
    image: ImageBlock;
    document?: never;
    video?: never;
    searchResult?: never;
}
export interface ToolResultContentBlockJsonMember {
    json: DocumentType;
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    searchResult?: never;
}
export interface ToolResultContentBlockSearchResultMember {
    json?: never;
    text?: never;
    image?: never;
    document?: never;
    video?: never;
    searchResult: SearchResultBlock;
}
export interface ToolResultContentBlockTextMember {
    json?: never;
    text: string;
    image?: never;
    document?: never;
    video?: never;
    searchResult?: never;
}
export interface ToolResultContentBlockVideoMember {
    json?: never;
    text?: never;
    image?: never;
    document?: never;
    video: VideoBlock;
    searchResult?: never;
}
export type ToolResultStatus = "error" | "success";
export interface ToolSpecification {
    name: string | undefined;
    description?: string | undefined;
    inputSchema: ToolInputSchema | undefined;
    strict?: boolean | undefined;
}
export interface ToolSystemToolMember {
    toolSpec?: never;
    systemTool: SystemTool;
    cachePoint?: never;
}
export interface ToolToolSpecMember {
    toolSpec: ToolSpecification;
    systemTool?: never;
    cachePoint?: never;
}
export interface ToolUseBlock {
    toolUseId: string | undefined;
    name: string | undefined;
    input: DocumentType | undefined;
    type?: ToolUseType | undefined;
}
export interface ToolUseBlockDelta {
    input: string | undefined;
}
export interface ToolUseBlockStart {
    toolUseId: string | undefined;
    name: string | undefined;
    type?: ToolUseType | undefined;
}
export type ToolUseType = "server_tool_use";
export interface ValidationException {
    message?: string;
}
export interface VideoBlock {
    format: VideoFormat | undefined;
    source: VideoSource | undefined;
}
export type VideoFormat = "mkv" | "mp4" | "mpeg" | "webm" | "flv" | "mov" | "mpg" | "three_gp" | "wmv";
export type VideoSource = VideoSourceBytesMember | VideoSourceS3LocationMember;
export interface VideoSourceBytesMember {
    bytes: string;
    s3Location?: never;
}
export interface VideoSourceS3LocationMember {
    bytes?: never;
    s3Location: S3Location;
}
export interface WebLocation {
    url?: string | undefined;
    domain?: string | undefined;
}
