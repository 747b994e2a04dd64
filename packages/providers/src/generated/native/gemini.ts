// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: the types of @google/genai 2.32.0 (tools/native-types/src/targets.ts)
// Regenerate: pnpm --filter @agent-transcript/native-types generate
//
// The Gemini API (models/{model}:generateContent and :streamGenerateContent): the request's parts and the response.
// Our own declarations, written from the types of @google/genai 2.32.0 with the wire's
// differences the target states; nothing here imports the SDK. The type tests beside the code that uses them
// check them against the SDK's in both directions. Roots: Content, Tool, ToolConfig, GenerationConfig, SafetySetting, GenerateContentResponse.

export interface ApiAuth {
    apiKeyConfig?: ApiAuthApiKeyConfig;
}
export interface ApiAuthApiKeyConfig {
    apiKeySecretVersion?: string;
    apiKeyString?: string;
}
export interface ApiKeyConfig {
    apiKeySecret?: string;
    apiKeyString?: string;
    httpElementLocation?: HttpElementLocation;
    name?: string;
}
export type ApiSpec = "API_SPEC_UNSPECIFIED" | "SIMPLE_SEARCH" | "ELASTIC_SEARCH";
export type AspectRatio = "ASPECT_RATIO_UNSPECIFIED" | "ASPECT_RATIO_ONE_BY_ONE" | "ASPECT_RATIO_TWO_BY_THREE" | "ASPECT_RATIO_THREE_BY_TWO" | "ASPECT_RATIO_THREE_BY_FOUR" | "ASPECT_RATIO_FOUR_BY_THREE" | "ASPECT_RATIO_FOUR_BY_FIVE" | "ASPECT_RATIO_FIVE_BY_FOUR" | "ASPECT_RATIO_NINE_BY_SIXTEEN" | "ASPECT_RATIO_SIXTEEN_BY_NINE" | "ASPECT_RATIO_TWENTY_ONE_BY_NINE" | "ASPECT_RATIO_ONE_BY_EIGHT" | "ASPECT_RATIO_EIGHT_BY_ONE" | "ASPECT_RATIO_ONE_BY_FOUR" | "ASPECT_RATIO_FOUR_BY_ONE";
export interface AudioResponseFormat {
    bitRate?: number;
    delivery?: Delivery;
    mimeType?: string;
    sampleRate?: number;
}
export interface AudioTranscriptionConfig {
    languageCodes?: string[];
    languageAuto?: LanguageAuto;
    languageHints?: LanguageHints;
    customVocabulary?: string[];
    adaptationPhrases?: string[];
    wordTimestamp?: boolean;
    diarization?: boolean;
    mode?: AudioTranscriptionConfigMode;
}
export type AudioTranscriptionConfigMode = "MODE_UNSPECIFIED" | "VERBATIM" | "SMART";
export interface AuthConfig {
    apiKey?: string;
    apiKeyConfig?: ApiKeyConfig;
    authType?: AuthType;
    googleServiceAccountConfig?: AuthConfigGoogleServiceAccountConfig;
    httpBasicAuthConfig?: AuthConfigHttpBasicAuthConfig;
    oauthConfig?: AuthConfigOauthConfig;
    oidcConfig?: AuthConfigOidcConfig;
}
export interface AuthConfigGoogleServiceAccountConfig {
    serviceAccount?: string;
}
export interface AuthConfigHttpBasicAuthConfig {
    credentialSecret?: string;
}
export interface AuthConfigOauthConfig {
    accessToken?: string;
    serviceAccount?: string;
}
export interface AuthConfigOidcConfig {
    idToken?: string;
    serviceAccount?: string;
}
export type AuthType = "AUTH_TYPE_UNSPECIFIED" | "NO_AUTH" | "API_KEY_AUTH" | "HTTP_BASIC_AUTH" | "GOOGLE_SERVICE_ACCOUNT_AUTH" | "OAUTH" | "OIDC_AUTH";
export type Behavior = "UNSPECIFIED" | "BLOCKING" | "NON_BLOCKING";
export interface Blob {
    data?: string;
    displayName?: string;
    mimeType?: string;
}
export type BlockedReason = "BLOCKED_REASON_UNSPECIFIED" | "SAFETY" | "OTHER" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "IMAGE_SAFETY" | "MODEL_ARMOR" | "JAILBREAK";
export interface Candidate {
    content?: Content;
    citationMetadata?: CitationMetadata;
    finishMessage?: string;
    tokenCount?: number;
    finishReason?: FinishReason;
    groundingMetadata?: GroundingMetadata;
    avgLogprobs?: number;
    index?: number;
    logprobsResult?: LogprobsResult;
    safetyRatings?: SafetyRating[];
    urlContextMetadata?: UrlContextMetadata;
    continuationToken?: string;
}
export interface Citation {
    endIndex?: number;
    license?: string;
    publicationDate?: GoogleTypeDate;
    startIndex?: number;
    title?: string;
    uri?: string;
}
export interface CitationMetadata {
    citations?: Citation[];
}
export interface CodeExecutionResult {
    outcome?: Outcome;
    output?: string;
    id?: string;
}
export interface ComputerUse {
    enablePromptInjectionDetection?: boolean;
    environment?: Environment;
    excludedPredefinedFunctions?: string[];
    disabledSafetyPolicies?: SafetyPolicy[];
}
export interface Content {
    parts?: Part[];
    role?: string;
}
export type Delivery = "DELIVERY_UNSPECIFIED" | "INLINE" | "URI";
export interface DynamicRetrievalConfig {
    dynamicThreshold?: number;
    mode?: DynamicRetrievalConfigMode;
}
export type DynamicRetrievalConfigMode = "MODE_UNSPECIFIED" | "MODE_DYNAMIC";
export interface EnterpriseWebSearch {
    blockingConfidence?: PhishBlockThreshold;
    excludeDomains?: string[];
}
export type Environment = "ENVIRONMENT_UNSPECIFIED" | "ENVIRONMENT_BROWSER" | "ENVIRONMENT_MOBILE" | "ENVIRONMENT_DESKTOP";
export interface ExecutableCode {
    code?: string;
    language?: Language;
    id?: string;
}
export interface ExternalApi {
    apiAuth?: ApiAuth;
    apiSpec?: ApiSpec;
    authConfig?: AuthConfig;
    elasticSearchParams?: ExternalApiElasticSearchParams;
    endpoint?: string;
    simpleSearchParams?: ExternalApiSimpleSearchParams;
}
export interface ExternalApiElasticSearchParams {
    index?: string;
    numHits?: number;
    searchTemplate?: string;
}
export interface ExternalApiSimpleSearchParams {
}
export type FeatureSelectionPreference = "FEATURE_SELECTION_PREFERENCE_UNSPECIFIED" | "PRIORITIZE_QUALITY" | "BALANCED" | "PRIORITIZE_COST";
export interface FileData {
    displayName?: string;
    fileUri?: string;
    mimeType?: string;
}
export interface FileSearch {
    fileSearchStoreNames?: string[];
    metadataFilter?: string;
    topK?: number;
}
export type FinishReason = "FINISH_REASON_UNSPECIFIED" | "STOP" | "MAX_TOKENS" | "SAFETY" | "RECITATION" | "LANGUAGE" | "OTHER" | "BLOCKLIST" | "PROHIBITED_CONTENT" | "SPII" | "MALFORMED_FUNCTION_CALL" | "IMAGE_SAFETY" | "UNEXPECTED_TOOL_CALL" | "TOO_MANY_TOOL_CALLS" | "IMAGE_PROHIBITED_CONTENT" | "NO_IMAGE" | "IMAGE_RECITATION" | "IMAGE_OTHER" | "CONTINUATION";
export interface FunctionCall {
    args?: Record<string, unknown>;
    id?: string;
    name?: string;
    partialArgs?: PartialArg[];
    willContinue?: boolean;
}
export interface FunctionCallingConfig {
    allowedFunctionNames?: string[];
    mode?: FunctionCallingConfigMode;
    streamFunctionCallArguments?: boolean;
}
export type FunctionCallingConfigMode = "MODE_UNSPECIFIED" | "AUTO" | "ANY" | "NONE" | "VALIDATED";
export interface FunctionDeclaration {
    behavior?: Behavior;
    description?: string;
    name?: string;
    parameters?: Schema;
    parametersJsonSchema?: unknown;
    response?: Schema;
    responseJsonSchema?: unknown;
}
export interface FunctionResponse {
    id?: string;
    name?: string;
    parts?: FunctionResponsePart[];
    response?: Record<string, unknown>;
    scheduling?: FunctionResponseScheduling;
    willContinue?: boolean;
}
export interface FunctionResponseBlob {
    data?: string;
    displayName?: string;
    mimeType?: string;
}
export interface FunctionResponseFileData {
    displayName?: string;
    fileUri?: string;
    mimeType?: string;
}
export interface FunctionResponsePart {
    fileData?: FunctionResponseFileData;
    inlineData?: FunctionResponseBlob;
    mediaProcessing?: MediaProcessing;
}
export type FunctionResponseScheduling = "SCHEDULING_UNSPECIFIED" | "SILENT" | "WHEN_IDLE" | "INTERRUPT";
export interface GenerateContentResponse {
    candidates?: Candidate[];
    createTime?: string;
    modelVersion?: string;
    promptFeedback?: GenerateContentResponsePromptFeedback;
    responseId?: string;
    usageMetadata?: GenerateContentResponseUsageMetadata;
    modelStatus?: ModelStatus;
}
export interface GenerateContentResponsePromptFeedback {
    blockReason?: BlockedReason;
    blockReasonMessage?: string;
    safetyRatings?: SafetyRating[];
}
export interface GenerateContentResponseUsageMetadata {
    cacheTokensDetails?: ModalityTokenCount[];
    cachedContentTokenCount?: number;
    candidatesTokenCount?: number;
    candidatesTokensDetails?: ModalityTokenCount[];
    promptTokenCount?: number;
    promptTokensDetails?: ModalityTokenCount[];
    thoughtsTokenCount?: number;
    toolUsePromptTokenCount?: number;
    toolUsePromptTokensDetails?: ModalityTokenCount[];
    totalTokenCount?: number;
    trafficType?: TrafficType;
    initialPromptTokenCount?: number;
}
export interface GenerationConfig {
    modelSelectionConfig?: ModelSelectionConfig;
    responseJsonSchema?: unknown;
    audioTranscriptionConfig?: AudioTranscriptionConfig;
    audioTimestamp?: boolean;
    candidateCount?: number;
    enableAffectiveDialog?: boolean;
    frequencyPenalty?: number;
    logprobs?: number;
    maxOutputTokens?: number;
    mediaResolution?: MediaResolution;
    presencePenalty?: number;
    responseFormat?: ResponseFormat[];
    responseLogprobs?: boolean;
    responseMimeType?: string;
    responseModalities?: Modality[];
    responseSchema?: Schema;
    routingConfig?: GenerationConfigRoutingConfig;
    seed?: number;
    speechConfig?: SpeechConfig;
    stopSequences?: string[];
    temperature?: number;
    thinkingConfig?: ThinkingConfig;
    topK?: number;
    topP?: number;
    enableEnhancedCivicAnswers?: boolean;
    translationConfig?: TranslationConfig;
}
export interface GenerationConfigRoutingConfig {
    autoMode?: GenerationConfigRoutingConfigAutoRoutingMode;
    manualMode?: GenerationConfigRoutingConfigManualRoutingMode;
}
export interface GenerationConfigRoutingConfigAutoRoutingMode {
    modelRoutingPreference?: "UNKNOWN" | "PRIORITIZE_QUALITY" | "BALANCED" | "PRIORITIZE_COST";
}
export interface GenerationConfigRoutingConfigManualRoutingMode {
    modelName?: string;
}
export interface GoogleMaps {
    authConfig?: AuthConfig;
    enableWidget?: boolean;
    groundingTypes?: GoogleMapsGroundingTypes;
}
export interface GoogleMapsGroundingTypes {
    places?: GoogleMapsPlaces;
    routing?: GoogleMapsRouting;
}
export interface GoogleMapsPlaces {
}
export interface GoogleMapsRouting {
}
export interface GoogleSearch {
    blockingConfidence?: PhishBlockThreshold;
    excludeDomains?: string[];
    searchTypes?: SearchTypes;
    timeRangeFilter?: Interval;
}
export interface GoogleSearchRetrieval {
    dynamicRetrievalConfig?: DynamicRetrievalConfig;
}
export interface GoogleTypeDate {
    day?: number;
    month?: number;
    year?: number;
}
export interface GroundingChunk {
    maps?: GroundingChunkMaps;
    image?: GroundingChunkImage;
    retrievedContext?: GroundingChunkRetrievedContext;
    web?: GroundingChunkWeb;
}
export interface GroundingChunkCustomMetadata {
    key?: string;
    numericValue?: number;
    stringListValue?: GroundingChunkStringList;
    stringValue?: string;
}
export interface GroundingChunkImage {
    domain?: string;
    imageUri?: string;
    sourceUri?: string;
    title?: string;
}
export interface GroundingChunkMaps {
    placeAnswerSources?: GroundingChunkMapsPlaceAnswerSources;
    placeId?: string;
    text?: string;
    title?: string;
    uri?: string;
    route?: GroundingChunkMapsRoute;
}
export interface GroundingChunkMapsPlaceAnswerSources {
    reviewSnippet?: GroundingChunkMapsPlaceAnswerSourcesReviewSnippet[];
    flagContentUri?: string;
    reviewSnippets?: GroundingChunkMapsPlaceAnswerSourcesReviewSnippet[];
}
export interface GroundingChunkMapsPlaceAnswerSourcesAuthorAttribution {
    displayName?: string;
    photoUri?: string;
    uri?: string;
}
export interface GroundingChunkMapsPlaceAnswerSourcesReviewSnippet {
    authorAttribution?: GroundingChunkMapsPlaceAnswerSourcesAuthorAttribution;
    flagContentUri?: string;
    googleMapsUri?: string;
    relativePublishTimeDescription?: string;
    review?: string;
    reviewId?: string;
    title?: string;
}
export interface GroundingChunkMapsRoute {
    distanceMeters?: number;
    duration?: string;
    encodedPolyline?: string;
}
export interface GroundingChunkRetrievedContext {
    documentName?: string;
    ragChunk?: RagChunk;
    text?: string;
    title?: string;
    uri?: string;
    customMetadata?: GroundingChunkCustomMetadata[];
    fileSearchStore?: string;
    mediaId?: string;
    pageNumber?: number;
}
export interface GroundingChunkStringList {
    values?: string[];
}
export interface GroundingChunkWeb {
    domain?: string;
    title?: string;
    uri?: string;
}
export interface GroundingMetadata {
    groundingChunks?: GroundingChunk[];
    groundingSupports?: GroundingSupport[];
    retrievalMetadata?: RetrievalMetadata;
    searchEntryPoint?: SearchEntryPoint;
    webSearchQueries?: string[];
    googleMapsWidgetContextToken?: string;
    imageSearchQueries?: string[];
    retrievalQueries?: string[];
    sourceFlaggingUris?: GroundingMetadataSourceFlaggingUri[];
}
export interface GroundingMetadataSourceFlaggingUri {
    flagContentUri?: string;
    sourceId?: string;
}
export interface GroundingSupport {
    confidenceScores?: number[];
    groundingChunkIndices?: number[];
    segment?: Segment;
    renderedParts?: number[];
}
export type HarmBlockMethod = "HARM_BLOCK_METHOD_UNSPECIFIED" | "SEVERITY" | "PROBABILITY";
export type HarmBlockThreshold = "HARM_BLOCK_THRESHOLD_UNSPECIFIED" | "BLOCK_LOW_AND_ABOVE" | "BLOCK_MEDIUM_AND_ABOVE" | "BLOCK_ONLY_HIGH" | "BLOCK_NONE" | "OFF";
export type HarmCategory = "HARM_CATEGORY_UNSPECIFIED" | "HARM_CATEGORY_HARASSMENT" | "HARM_CATEGORY_HATE_SPEECH" | "HARM_CATEGORY_SEXUALLY_EXPLICIT" | "HARM_CATEGORY_DANGEROUS_CONTENT" | "HARM_CATEGORY_CIVIC_INTEGRITY" | "HARM_CATEGORY_JAILBREAK" | "HARM_CATEGORY_IMAGE_HATE" | "HARM_CATEGORY_IMAGE_DANGEROUS_CONTENT" | "HARM_CATEGORY_IMAGE_HARASSMENT" | "HARM_CATEGORY_IMAGE_SEXUALLY_EXPLICIT";
export type HarmProbability = "HARM_PROBABILITY_UNSPECIFIED" | "NEGLIGIBLE" | "LOW" | "MEDIUM" | "HIGH";
export type HarmSeverity = "HARM_SEVERITY_UNSPECIFIED" | "HARM_SEVERITY_NEGLIGIBLE" | "HARM_SEVERITY_LOW" | "HARM_SEVERITY_MEDIUM" | "HARM_SEVERITY_HIGH";
export type HttpElementLocation = "HTTP_IN_UNSPECIFIED" | "HTTP_IN_QUERY" | "HTTP_IN_HEADER" | "HTTP_IN_PATH" | "HTTP_IN_BODY" | "HTTP_IN_COOKIE";
export interface ImageResponseFormat {
    aspectRatio?: AspectRatio;
    delivery?: Delivery;
    imageSize?: ImageSize;
    mimeType?: string;
}
export interface ImageSearch {
}
export type ImageSize = "IMAGE_SIZE_UNSPECIFIED" | "IMAGE_SIZE_FIVE_TWELVE" | "IMAGE_SIZE_ONE_K" | "IMAGE_SIZE_TWO_K" | "IMAGE_SIZE_FOUR_K";
export interface Interval {
    endTime?: string;
    startTime?: string;
}
export type Language = "LANGUAGE_UNSPECIFIED" | "PYTHON";
export interface LanguageAuto {
}
export interface LanguageHints {
    languageCodes?: string[];
}
export interface LatLng {
    latitude?: number;
    longitude?: number;
}
export interface LogprobsResult {
    chosenCandidates?: LogprobsResultCandidate[];
    topCandidates?: LogprobsResultTopCandidates[];
    logProbabilitySum?: number;
}
export interface LogprobsResultCandidate {
    logProbability?: number;
    token?: string;
    tokenId?: number;
}
export interface LogprobsResultTopCandidates {
    candidates?: LogprobsResultCandidate[];
}
export interface McpServer {
    name?: string;
    streamableHttpTransport?: StreamableHttpTransport;
}
export type MediaModality = "MODALITY_UNSPECIFIED" | "TEXT" | "IMAGE" | "VIDEO" | "AUDIO" | "DOCUMENT";
export type MediaProcessing = "MEDIA_PROCESSING_UNSPECIFIED" | "STATIC" | "AGENTIC";
export type MediaResolution = "MEDIA_RESOLUTION_UNSPECIFIED" | "MEDIA_RESOLUTION_LOW" | "MEDIA_RESOLUTION_MEDIUM" | "MEDIA_RESOLUTION_HIGH";
export type Modality = "MODALITY_UNSPECIFIED" | "TEXT" | "IMAGE" | "AUDIO" | "VIDEO";
export interface ModalityTokenCount {
    modality?: MediaModality;
    tokenCount?: number;
}
export interface ModelSelectionConfig {
    featureSelectionPreference?: FeatureSelectionPreference;
}
export type ModelStage = "MODEL_STAGE_UNSPECIFIED" | "UNSTABLE_EXPERIMENTAL" | "EXPERIMENTAL" | "PREVIEW" | "STABLE" | "LEGACY" | "DEPRECATED" | "RETIRED";
export interface ModelStatus {
    message?: string;
    modelStage?: ModelStage;
    retirementTime?: string;
}
export interface MultiSpeakerVoiceConfig {
    speakerVoiceConfigs?: SpeakerVoiceConfig[];
}
export type Outcome = "OUTCOME_UNSPECIFIED" | "OUTCOME_OK" | "OUTCOME_FAILED" | "OUTCOME_DEADLINE_EXCEEDED";
export interface Part {
    mediaResolution?: PartMediaResolution;
    toolCall?: ToolCall;
    toolResponse?: ToolResponse;
    audioTranscription?: Transcription;
    codeExecutionResult?: CodeExecutionResult;
    executableCode?: ExecutableCode;
    fileData?: FileData;
    functionCall?: FunctionCall;
    functionResponse?: FunctionResponse;
    inlineData?: Blob;
    text?: string;
    thought?: boolean;
    thoughtSignature?: string;
    videoMetadata?: VideoMetadata;
    partMetadata?: Record<string, unknown>;
    mediaProcessing?: MediaProcessing;
    speechMetadata?: SpeechMetadata;
}
export interface PartMediaResolution {
    level?: PartMediaResolutionLevel;
    numTokens?: number;
}
export type PartMediaResolutionLevel = "MEDIA_RESOLUTION_UNSPECIFIED" | "MEDIA_RESOLUTION_LOW" | "MEDIA_RESOLUTION_MEDIUM" | "MEDIA_RESOLUTION_HIGH" | "MEDIA_RESOLUTION_ULTRA_HIGH";
export interface PartialArg {
    boolValue?: boolean;
    jsonPath?: string;
    nullValue?: "NULL_VALUE";
    numberValue?: number;
    stringValue?: string;
    willContinue?: boolean;
}
export type PhishBlockThreshold = "PHISH_BLOCK_THRESHOLD_UNSPECIFIED" | "BLOCK_LOW_AND_ABOVE" | "BLOCK_MEDIUM_AND_ABOVE" | "BLOCK_HIGH_AND_ABOVE" | "BLOCK_HIGHER_AND_ABOVE" | "BLOCK_VERY_HIGH_AND_ABOVE" | "BLOCK_ONLY_EXTREMELY_HIGH";
export interface PrebuiltVoiceConfig {
    voiceName?: string;
}
export interface RagChunk {
    chunkId?: string;
    fileId?: string;
    pageSpan?: RagChunkPageSpan;
    text?: string;
}
export interface RagChunkPageSpan {
    firstPage?: number;
    lastPage?: number;
}
export interface RagRetrievalConfig {
    filter?: RagRetrievalConfigFilter;
    hybridSearch?: RagRetrievalConfigHybridSearch;
    ranking?: RagRetrievalConfigRanking;
    topK?: number;
}
export interface RagRetrievalConfigFilter {
    metadataFilter?: string;
    vectorDistanceThreshold?: number;
    vectorSimilarityThreshold?: number;
}
export interface RagRetrievalConfigHybridSearch {
    alpha?: number;
}
export interface RagRetrievalConfigRanking {
    llmRanker?: RagRetrievalConfigRankingLlmRanker;
    rankService?: RagRetrievalConfigRankingRankService;
}
export interface RagRetrievalConfigRankingLlmRanker {
    modelName?: string;
}
export interface RagRetrievalConfigRankingRankService {
    modelName?: string;
}
export interface ReplicatedVoiceConfig {
    mimeType?: string;
    voiceSampleAudio?: string;
    consentAudio?: string;
    voiceConsentSignature?: VoiceConsentSignature;
}
export interface ResponseFormat {
    audio?: AudioResponseFormat;
    image?: ImageResponseFormat;
    text?: TextResponseFormat;
    video?: VideoResponseFormat;
}
export interface Retrieval {
    disableAttribution?: boolean;
    externalApi?: ExternalApi;
    vertexAiSearch?: VertexAISearch;
    vertexRagStore?: VertexRagStore;
}
export interface RetrievalConfig {
    languageCode?: string;
    latLng?: LatLng;
}
export interface RetrievalMetadata {
    googleSearchDynamicRetrievalScore?: number;
}
export type SafetyPolicy = "SAFETY_POLICY_UNSPECIFIED" | "FINANCIAL_TRANSACTIONS" | "SENSITIVE_DATA_MODIFICATION" | "COMMUNICATION_TOOL" | "ACCOUNT_CREATION" | "DATA_MODIFICATION" | "USER_CONSENT_MANAGEMENT" | "LEGAL_TERMS_AND_AGREEMENTS";
export interface SafetyRating {
    blocked?: boolean;
    category?: HarmCategory;
    overwrittenThreshold?: HarmBlockThreshold;
    probability?: HarmProbability;
    probabilityScore?: number;
    severity?: HarmSeverity;
    severityScore?: number;
}
export interface SafetySetting {
    category?: HarmCategory;
    method?: HarmBlockMethod;
    threshold?: HarmBlockThreshold;
}
export interface Schema {
    anyOf?: Schema[];
    default?: unknown;
    description?: string;
    enum?: string[];
    example?: unknown;
    format?: string;
    items?: Schema;
    maxItems?: string;
    maxLength?: string;
    maxProperties?: string;
    maximum?: number;
    minItems?: string;
    minLength?: string;
    minProperties?: string;
    minimum?: number;
    nullable?: boolean;
    pattern?: string;
    properties?: Record<string, Schema>;
    propertyOrdering?: string[];
    required?: string[];
    title?: string;
    type?: Type;
}
export interface SearchEntryPoint {
    renderedContent?: string;
    sdkBlob?: string;
}
export interface SearchTypes {
    imageSearch?: ImageSearch;
    webSearch?: WebSearch;
}
export interface Segment {
    startIndex?: number;
    endIndex?: number;
    partIndex?: number;
    text?: string;
}
export interface SpeakerVoiceConfig {
    speaker?: string;
    voiceConfig?: VoiceConfig;
}
export interface SpeechConfig {
    voiceConfig?: VoiceConfig;
    languageCode?: string;
    multiSpeakerVoiceConfig?: MultiSpeakerVoiceConfig;
}
export interface SpeechMetadata {
    speaker?: string;
    style?: string;
}
export interface StreamableHttpTransport {
    headers?: Record<string, string>;
    sseReadTimeout?: string;
    terminateOnClose?: boolean;
    timeout?: string;
    url?: string;
}
export interface TextResponseFormat {
    mimeType?: string;
    schema?: unknown;
}
export interface ThinkingConfig {
    includeThoughts?: boolean;
    thinkingBudget?: number;
    thinkingLevel?: ThinkingLevel;
}
export type ThinkingLevel = "THINKING_LEVEL_UNSPECIFIED" | "MINIMAL" | "LOW" | "MEDIUM" | "HIGH";
export interface Tool {
    retrieval?: Retrieval;
    googleMaps?: GoogleMaps;
    mcpServers?: McpServer[];
    codeExecution?: ToolCodeExecution;
    computerUse?: ComputerUse;
    enterpriseWebSearch?: EnterpriseWebSearch;
    exaAiSearch?: ToolExaAiSearch;
    functionDeclarations?: FunctionDeclaration[];
    googleSearch?: GoogleSearch;
    googleSearchRetrieval?: GoogleSearchRetrieval;
    parallelAiSearch?: ToolParallelAiSearch;
    urlContext?: UrlContext;
    fileSearch?: FileSearch;
}
export interface ToolCall {
    id?: string;
    toolType?: ToolType;
    args?: Record<string, unknown>;
}
export interface ToolCodeExecution {
}
export interface ToolConfig {
    functionCallingConfig?: FunctionCallingConfig;
    retrievalConfig?: RetrievalConfig;
    includeServerSideToolInvocations?: boolean;
}
export interface ToolExaAiSearch {
    apiKey?: string;
    customConfigs?: Record<string, unknown>;
}
export interface ToolParallelAiSearch {
    apiKey?: string;
    customConfigs?: Record<string, unknown>;
    enableDataRetention?: boolean;
    enableZeroDataRetention?: boolean;
}
export interface ToolResponse {
    id?: string;
    toolType?: ToolType;
    response?: Record<string, unknown>;
}
export type ToolType = "TOOL_TYPE_UNSPECIFIED" | "GOOGLE_SEARCH_WEB" | "GOOGLE_SEARCH_IMAGE" | "URL_CONTEXT" | "GOOGLE_MAPS" | "FILE_SEARCH" | "MEDIA_PROCESSING";
export type TrafficType = "TRAFFIC_TYPE_UNSPECIFIED" | "ON_DEMAND" | "ON_DEMAND_PRIORITY" | "ON_DEMAND_FLEX" | "ON_DEMAND_OFFPEAK" | "PROVISIONED_THROUGHPUT";
export interface Transcription {
    text?: string;
    finished?: boolean;
    languageCode?: string;
    speakerLabel?: string;
    words?: WordInfo[];
    startOffset?: string;
    endOffset?: string;
}
export interface TranslationConfig {
    echoTargetLanguage?: boolean;
    targetLanguageCode?: string;
}
export type Type = "TYPE_UNSPECIFIED" | "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL";
export interface UrlContext {
}
export interface UrlContextMetadata {
    urlMetadata?: UrlMetadata[];
}
export interface UrlMetadata {
    retrievedUrl?: string;
    urlRetrievalStatus?: UrlRetrievalStatus;
}
export type UrlRetrievalStatus = "URL_RETRIEVAL_STATUS_UNSPECIFIED" | "URL_RETRIEVAL_STATUS_SUCCESS" | "URL_RETRIEVAL_STATUS_ERROR" | "URL_RETRIEVAL_STATUS_PAYWALL" | "URL_RETRIEVAL_STATUS_UNSAFE";
export interface VertexAISearch {
    dataStoreSpecs?: VertexAISearchDataStoreSpec[];
    datastore?: string;
    engine?: string;
    filter?: string;
    maxResults?: number;
}
export interface VertexAISearchDataStoreSpec {
    dataStore?: string;
    filter?: string;
}
export interface VertexRagStore {
    ragCorpora?: string[];
    ragResources?: VertexRagStoreRagResource[];
    ragRetrievalConfig?: RagRetrievalConfig;
    similarityTopK?: number;
    storeContext?: boolean;
    vectorDistanceThreshold?: number;
}
export interface VertexRagStoreRagResource {
    ragCorpus?: string;
    ragFileIds?: string[];
}
export interface VideoMetadata {
    endOffset?: string;
    fps?: number;
    startOffset?: string;
}
export interface VideoResponseFormat {
    aspectRatio?: AspectRatio;
    delivery?: Delivery;
    duration?: string;
    gcsUri?: string;
    resolution?: string;
}
export interface VoiceConfig {
    replicatedVoiceConfig?: ReplicatedVoiceConfig;
    prebuiltVoiceConfig?: PrebuiltVoiceConfig;
    voice?: string;
}
export interface VoiceConsentSignature {
    signature?: string;
}
export interface WebSearch {
}
export interface WordInfo {
    word?: string;
    startOffset?: string;
    endOffset?: string;
}
