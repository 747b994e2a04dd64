/**
 * The content-blocks family: provider APIs whose conversation is a system prompt and user and assistant messages of
 * content blocks, with tool calls as blocks of the assistant message and their results as blocks at the start of the
 * next user message, reasoning with opaque signatures and redacted data, and tools the provider runs itself
 * (Anthropic Messages and Amazon Bedrock Converse, which mirrors it).
 *
 * The folds in this folder are the family's shared logic; a member states how it differs in a dialect: data where the
 * difference is a name, a rule or a message (block and field names, the id rule, the issuer, stop reasons, usage
 * counters, which parts the system prompt takes), and small hooks where it is behaviour (how a block is spelled: one
 * `type` field against a one-key union, `is_error` against `status`; which media a member takes; how reasoning without
 * the member's own signature is sent). The member's dialect objects all have the same fields, so the folds' property
 * reads stay monomorphic.
 */
import type { FinishReason, Message, Part, SourceFormat, Tolerant, Transcript } from "@agent-transcript/core";
import type { normalizeUsage } from "@agent-transcript/core";
import {
  ToolCallIdMap,
  type ConversionWarningCode,
  type ForeignReasoningPolicy,
  type FromCanonicalOptions,
  type IdRule,
  type JsonObject,
  type Problems,
  type ReasoningDecision,
} from "../../conversion/index.js";

/** Where a block goes: the content of a message, the content of a tool result, or the top-level system prompt. */
export type BlockPlace = "message" | "tool_result" | "system";

/** A warning the member gives for a part it leaves out. */
export interface DropNotice {
  readonly code: ConversionWarningCode;
  readonly message: string;
}

/** How warnings and errors name the member. */
export interface DialectNames {
  /** The API: `Anthropic`, `Bedrock Converse`. */
  readonly api: string;
  /** The provider, where a message names it rather than the API: `Anthropic`, `Bedrock`. */
  readonly short: string;
  /** A request of the API, with its article: `an Anthropic request`. */
  readonly request: string;
  /** A response of the API, with its article: `an Anthropic response`. */
  readonly response: string;
}

/** The member's tool-call id rule. */
export interface CallIdSpelling {
  readonly rule: IdRule;
  /** The rule as a rename warning states it. */
  readonly ruleText: string;
  /**
   * The rule for ids of a document the member itself produced (they are ids the service issued or accepted, replayed
   * unchanged); undefined when such ids follow `rule` like any other.
   */
  readonly ownDocumentRule: ((id: string) => boolean) | undefined;
}

/**
 * How the member spells content blocks: the names messages use, which parts go where, and the block readers and
 * writers whose difference is behaviour. A `fields` argument is a copy of the part's own provider_fields entry.
 */
export interface BlockSpelling {
  /** The tool-call block, as a message names it: `tool_use`, `toolUse`. */
  readonly toolUse: string;
  /** The tool-result block, as a message names it: `tool_result`, `toolResult`. */
  readonly toolResult: string;
  /** The key of a tool-call block's id: `id`, `toolUseId`. */
  readonly callIdKey: string;
  /** What tool input the API takes: any JSON value, or only an object (anything else is wrapped as `{"value": …}`). */
  readonly toolInput: "object" | "json";
  /** Whether the system prompt takes native blocks the member issued (Bedrock's cache points and guard content). */
  readonly systemTakesNative: boolean;
  /** What the system prompt holds, as a warning says it: `text blocks`. */
  readonly systemHolds: string;
  /** What tool-result content holds, as a warning says it: `text, images and documents`. */
  readonly toolResultHolds: string;
  /** The warnings for an audio part in a message and in a tool result. */
  readonly audio: { readonly message: DropNotice; readonly toolResult: DropNotice };

  /** One native block → one canonical part; a block it cannot read structurally becomes a native part. */
  readonly blockToPart: (block: unknown, path: string, problems: Problems, place: BlockPlace) => Part;

  /** A plain text block (fallbacks, placeholders). */
  readonly text: (text: string) => JsonObject;
  readonly textBlocks: (part: Tolerant.TextPart, path: string, context: FromCanonicalContext) => JsonObject[];
  readonly imageBlocks: (
    part: Tolerant.ImagePart,
    path: string,
    context: FromCanonicalContext,
    place: BlockPlace,
  ) => JsonObject[];
  readonly fileBlocks: (
    part: Tolerant.FilePart,
    path: string,
    context: FromCanonicalContext,
    place: BlockPlace,
  ) => JsonObject[];
  /** Reasoning the foreign-reasoning policy lets through (replayed, or kept without foreign opaque data). */
  readonly reasoningBlocks: (
    part: Tolerant.ReasoningPart,
    decision: Extract<ReasoningDecision, { action: "replay" | "as-reasoning" }>,
    path: string,
    context: FromCanonicalContext,
  ) => JsonObject[];
  readonly compactionBlocks: (
    part: Tolerant.CompactionPart,
    path: string,
    context: FromCanonicalContext,
  ) => JsonObject[];
  /** Whether a provider-executed call is one of the member's own server tools, which it can replay. */
  readonly isReplayableServerCall: (part: Tolerant.ToolCallPart) => boolean;
  /** A tool-call block with the part's fields, and the object inside it that gets the id, name and input. */
  readonly openToolUse: (part: Tolerant.ToolCallPart, fields: JsonObject) => { block: JsonObject; body: JsonObject };
  /** A client tool result in a user message. */
  readonly toolResultBlock: (
    part: Tolerant.ToolResultPart,
    path: string,
    context: FromCanonicalContext,
  ) => JsonObject | undefined;
  /** A provider-executed tool result; left out, with a warning, when another provider ran the tool. */
  readonly serverResultBlock: (
    part: Tolerant.ToolResultPart,
    path: string,
    context: FromCanonicalContext,
  ) => JsonObject | undefined;
  /** Whether a result part belongs in a response (the model's turn), as a server tool's result. */
  readonly isServerResult: (part: Tolerant.ToolResultPart) => boolean;

  /** Native blocks as the request fold regroups them: the id of a client call, of a client result. */
  readonly clientCallId: (block: JsonObject) => string | undefined;
  readonly clientResultId: (block: JsonObject) => string | undefined;
  /**
   * The id of a server tool's call and result, for a member whose server results are tool-result blocks too (they
   * stay beside their call in the assistant message); undefined when its server results are blocks of their own.
   */
  readonly serverCallId: ((block: JsonObject) => string | undefined) | undefined;
  readonly serverResultId: ((block: JsonObject) => string | undefined) | undefined;
  /** The error result answering a call that has none. */
  readonly missingResult: (id: string, text: string) => JsonObject;
  /** A result that answers no call of the message before it, as text blocks. */
  readonly unmatchedResultAsText: (block: JsonObject, id: string) => JsonObject[];
}

/** A member's core: who it is and how it spells blocks. Every fold takes it, through its role's dialect. */
export interface ContentBlocksDialect {
  /** The format id: `source.format` of the documents it reads, and the prefix of the ids it makes up. */
  readonly format: SourceFormat;
  /** The key of the member's fields in every `provider_fields`. */
  readonly providerKey: string;
  /** Who issues the member's opaque data; the target of every foreign-reasoning decision. */
  readonly issuer: { readonly provider: string; readonly api: string };
  readonly names: DialectNames;
  readonly callIds: CallIdSpelling;
  readonly blocks: BlockSpelling;
}

/** The content of a native message may be a string, which one text part stands for. */
export interface StringContentSpelling {
  /** The message marker in the member's provider_fields: the content was a string. */
  readonly marker: string;
  /** The text of a block that a string stands for, or undefined. */
  readonly plainText: (block: JsonObject) => string | undefined;
}

/** How a member's requests differ. */
export interface RequestDialect {
  readonly content: ContentBlocksDialect;
  /** The roles a native message may have, and the error naming them. */
  readonly roles: ReadonlyArray<"user" | "assistant" | "system">;
  readonly roleError: string;
  /** Whether content (and the system prompt) may be a string; undefined when it is always a list of blocks. */
  readonly stringContent: StringContentSpelling | undefined;
  /**
   * The message marker of a system message that sat inside `messages`, written back in place; undefined when the
   * member has no system messages there.
   */
  readonly placementMarker: string | undefined;
  /** Whether an empty system list is a system prompt (read as a system message without parts, written back). */
  readonly emptySystem: boolean;
  /**
   * Why consecutive messages of one role are merged into one, as the `parts-merged` warning says it (Bedrock: the roles
   * must alternate); undefined where the API combines consecutive messages of one role into one turn itself
   * (Anthropic), so each is written as the message it was and only the turn is paired and checked as one.
   */
  readonly mergeReason: string | undefined;
  /** Request fields beside `system` and `messages` → the document's tools and tool choice; returns the rest. */
  readonly fieldsToCanonical: (request: JsonObject, document: Transcript, known: string[]) => JsonObject | undefined;
  /** Runs before the messages are written (Bedrock renames tool names it refuses, calls included). */
  readonly prepare: ((document: Tolerant.Transcript, context: FromCanonicalContext) => void) | undefined;
  /** Writes the request fields beside `system` and `messages`: tools and tool choice. */
  readonly fieldsFromCanonical: (
    document: Tolerant.Transcript,
    request: JsonObject,
    messages: JsonObject[],
    context: FromCanonicalContext,
  ) => void;
  /**
   * Writes what the API requires and the request still lacks once the settings are carried (Anthropic's model and
   * `max_tokens`), each with a `value-assumed` warning; undefined when the member requires nothing more.
   */
  readonly requiredFields:
    ((document: Tolerant.Transcript, request: JsonObject, context: FromCanonicalContext) => void) | undefined;
}

/** A member's stop reasons: the native field, and the table each way. */
export interface StopReasonSpelling {
  readonly key: string;
  readonly toFinish: Readonly<Record<string, FinishReason>>;
  readonly fromFinish: Readonly<Record<string, string>>;
  /** The warning when a message has no finish reason and the API requires a stop reason; undefined: none is written. */
  readonly missing: string | undefined;
}

/** A member's usage counters. */
export interface UsageSpelling {
  /** The shape `normalizeUsage` reads, and the `raw.provider` of a normalised usage. */
  readonly provider: Parameters<typeof normalizeUsage>[0];
  /** The warning when a response's usage cannot be read. */
  readonly unreadable: string;
  readonly input: string;
  readonly output: string;
  /** The total, when the API has one. */
  readonly total: string | undefined;
  readonly cacheRead: string;
  readonly cacheWrite: string;
  /** Reasoning tokens: written in a nested counter, or dropped with a warning (they are part of the output). */
  readonly reasoning:
    | { readonly kind: "written"; readonly field: string; readonly counter: string }
    | { readonly kind: "dropped"; readonly message: string };
  /** Whether a stream whose message has no usage is written without one (its usage event never came). */
  readonly omittedInStreams: boolean;
}

/** How a member's responses differ. */
export interface ResponseDialect {
  readonly content: ContentBlocksDialect;
  readonly stopReasons: StopReasonSpelling;
  readonly usage: UsageSpelling;
  /** A response as a message-field warning names it: `an Anthropic Message`. */
  readonly noun: string;
  /** The message fields a response has a place for. */
  readonly messageFields: readonly string[];
  /** Ends the error for a message that records an error: why the response cannot carry it. */
  readonly errorCannotCarry: string;
  /** A response (or an error body) → the assistant message; undefined, with errors, when it is neither. */
  readonly readResponse: (value: unknown, problems: Problems) => Message | undefined;
  /** The document holding converted response messages. */
  readonly documentOf: (messages: Message[], source: unknown) => Transcript;
  /** The response object around an assistant message's blocks. */
  readonly writeResponse: (
    message: Tolerant.Message,
    content: JsonObject[],
    path: string,
    context: FromCanonicalContext,
  ) => JsonObject;
}

/** How a member's streams differ (the event grammars themselves are the members' stream folds). */
export interface StreamDialect {
  readonly response: ResponseDialect;
  /** The warning for a message that is not the model's. */
  readonly notAssistant: string;
  /** The warning for an assistant message after the first, when a stream carries one; undefined: it carries any. */
  readonly oneMessage: string | undefined;
  /**
   * The member's event grammar: its events → the messages they stand for, and the value the document's id is a
   * fingerprint of when no message has a response id (`ResponseDialect.documentOf`); undefined, with errors, when they
   * stand for none.
   */
  readonly readEvents: (
    chunks: readonly unknown[],
    problems: Problems,
  ) => { messages: Message[]; source: unknown } | undefined;
  /** The events that stream one native response message. */
  readonly eventsOf: (response: JsonObject, context: FromCanonicalContext, path: string) => JsonObject[];
}

// The state of one conversion lives beside the dialect: the dialect's hooks are called with it and it holds the
// dialect, so apart the two files would import each other.

/** What is written: a request, a response, or a stream (which carries input that is not JSON as it was received). */
export type FromCanonicalMode = "request" | "response" | "stream";

/** The state of one conversion from the canonical form. */
export class FromCanonicalContext {
  readonly ids: ToolCallIdMap;
  private readonly reported = new Set<string>();
  /** The canonical path each block was converted from, so later regrouping can name it. */
  readonly paths = new WeakMap<JsonObject, string>();
  /** Streaming only: calls whose arguments never parsed, by the object holding their input, with their text. */
  readonly partialInputs = new WeakMap<JsonObject, string>();
  /** Tool names renamed to fit the member's rule, canonical → native (Bedrock). */
  readonly toolNames = new Map<string, string>();
  private documents = 0;

  constructor(
    readonly dialect: ContentBlocksDialect,
    readonly problems: Problems,
    readonly policy: ForeignReasoningPolicy,
    readonly mode: FromCanonicalMode,
    /** The document came from this member, so its ids are ones the service issued or accepted. */
    ownIds: boolean,
  ) {
    const { rule, ownDocumentRule } = dialect.callIds;
    this.ids = new ToolCallIdMap(ownIds && ownDocumentRule !== undefined ? ownDocumentRule : rule.isValid, rule.make);
  }

  /** The id the member accepts for a canonical call id, reporting a rename once per id. */
  callId(id: string, path: string): string {
    const mapped = this.ids.idFor(id);
    if (mapped.remapped && !this.reported.has(id)) {
      this.reported.add(id);
      const { names, callIds } = this.dialect;
      this.problems.warn(
        "id-remapped",
        path,
        `tool-call id ${JSON.stringify(id)} breaks ${names.short}'s rule ${callIds.ruleText} (or repeats an earlier id); sent as ${mapped.id}, with its result`,
      );
    }
    return mapped.id;
  }

  /** The next default document name (Bedrock documents need one). */
  documentName(): string {
    this.documents += 1;
    return `Document ${this.documents}`;
  }
}

export function fromCanonicalContext(
  dialect: ContentBlocksDialect,
  document: Tolerant.Transcript,
  problems: Problems,
  options: FromCanonicalOptions,
  mode: FromCanonicalMode,
): FromCanonicalContext {
  return new FromCanonicalContext(
    dialect,
    problems,
    options.foreignReasoning ?? "drop",
    mode,
    document.source?.format === dialect.format,
  );
}
