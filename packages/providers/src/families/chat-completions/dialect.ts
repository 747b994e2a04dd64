/**
 * The chat-completions family: OpenAI Chat Completions, Mistral chat completions and Ollama `/api/chat`. Each member
 * states how it differs from the others as a dialect; the folds in this folder read those statements instead of
 * asking which member they serve.
 *
 * A member's dialect comes in the sections its roles need, each defined in the member's file for that role:
 * - {@link ChatMember} (every member, `request.ts`): names, made-up ids, tool calls, tool definitions and the
 *   request document around the messages;
 * - {@link ChatDialect} (the members whose responses are `choices`, OpenAI Chat and Mistral, `request.ts`): their
 *   messages, tool messages, content codec, id rule, tool choice and role order;
 * - {@link CompletionDialect} (`response.ts`): what their completions carry;
 * - {@link StreamDialect} (`stream.ts`): what their streamed chunks carry.
 *
 * The folds are hot: every dialect object of one type is built with the same keys in the same order (so the code
 * reading them sees one object shape; src/chat-completions-dialects.test.ts checks it), and a field a loop reads on every turn is read
 * once before the loop.
 */
import type { Message, Part, SourceFormat, Tolerant } from "@agent-transcript/core";
import type { FromCanonicalOptions, IdRule, JsonObject, Problems, TurnCallIds } from "../../conversion/index.js";

// ─── Every member ────────────────────────────────────────────────────────────────────────────────────────────────

/** How a member makes up a tool-call id for a call the source sent without one, from where the call is. */
export interface SyntheticIds {
  /** Written before the digest (`call_`), or "". */
  readonly prefix: string;
  readonly alphabet: string;
  readonly length: number;
}

/** How a member reads a tool call (`{ id, type, function: { name, arguments } }`). */
export interface ToolCallRules {
  /** The error for a call that is not an object. */
  readonly notObject: string;
  /**
   * A call without an `id`: `error` (the id is required), `reported` (it gets a made-up id, with an `id-synthesized`
   * warning and `id` in `$shape.absent`, so a response is written back without one) or `silent` (the same, no
   * warning: the API never sends ids on its own).
   */
  readonly missingId: "error" | "reported" | "silent";
  /** A call with an empty `id` gets a made-up one, the empty one kept in `$shape.id` (`made-up`), or keeps it. */
  readonly emptyId: "made-up" | "kept";
  /**
   * `type`: `function-or-custom` (`function` or a custom grammar tool's `custom`, required by the writer, absent
   * marked), `function` (only `function`, absent marked), `unread` (kept among the call's native fields).
   */
  readonly type: "function-or-custom" | "function" | "unread";
  /** `arguments`: JSON `text`, `text-or-object` (an object marked so it goes back as one) or any `json` value. */
  readonly arguments: "text" | "text-or-object" | "json";
}

/** How a member reads and writes tool definitions (`{ type: "function", function: { name, … } }`). */
export interface ToolRules {
  readonly notObject: string;
  /**
   * Tools other than functions: `type-inside` (any `type` but `function`, missing included, is a built-in tool named by
   * the `name` inside its `type` field, kept whole), `type` (a `type` other than `function` is a built-in tool named by
   * its type, kept whole; a missing `type` is marked absent) or `none` (no built-in tools: `type` is read only when
   * it is `function`, and marked absent otherwise).
   */
  readonly builtIn: "type-inside" | "type" | "none";
  /** `function.strict` is the canonical `strict`. */
  readonly strict: boolean;
  /** `tools: null` is kept as a native field rather than refused. */
  readonly nullable: boolean;
}

/** The call ids of the latest assistant message a member read, which a tool message without an id answers. */
export interface PendingCall {
  id: string;
  name: string;
}

/** Reads one request message, or undefined when it is refused (with its errors in `problems`). */
export type MessageReader<Member> = (
  member: Member,
  value: unknown,
  path: string,
  problems: Problems,
  pending: PendingCall[],
) => Message | undefined;

/** What every member of the family states. */
export interface ChatMember {
  /** The format id: the source format of the documents it reads and the prefix of the ids it makes up for them. */
  readonly format: SourceFormat;
  /** The key of `provider_fields` that keeps its native fields. */
  readonly provider: string;
  /** How warnings name the API ("OpenAI Chat", "Mistral", "Ollama"). */
  readonly label: string;
  /** The error for a request that is not an object. */
  readonly notRequest: string;
  /** A request without `messages` is refused (else it is read as none, marked absent so it comes back so). */
  readonly messagesRequired: boolean;
  readonly syntheticIds: SyntheticIds;
  readonly toolCalls: ToolCallRules;
  readonly tools: ToolRules;
}

// ─── The members whose responses are `choices` ──────────────────────────────────────────────────────────────────

/** Where a content entry goes: a message of this role, or a tool message (`tool`). */
export type ContentPlace = "system" | "developer" | "user" | "assistant" | "tool";

/** The writer's state while it writes one document. */
export interface WriteContext {
  problems: Problems;
  options: FromCanonicalOptions;
  /** Call ids, scoped per assistant turn (each assistant message starts a turn). */
  ids: TurnCallIds;
  /** Writing a response: ids are written as the server sent them where the member keeps them so. */
  response: boolean;
}

/** What an assistant message's parts become before the message is laid out. */
export interface AssistantFields {
  /** Content entries, in order. */
  content: JsonObject[];
  /** The message's `refusal` field, for members that have one. */
  refusal: string | undefined;
  /** Reasoning written to message fields (`reasoning`, `reasoning_content`), in order. */
  reasoning: Array<{ field: string; text: string }>;
  toolCalls: Array<{ native: JsonObject; id: string; path: string }>;
  /** The content must be a list even when it is one text entry (a replayed native entry). */
  needsList: boolean;
}

/** A member's content entries (Chat's content parts, Mistral's content chunks) ⇄ canonical parts. */
export interface ContentCodec {
  /** One entry of a content list → a canonical part, or undefined when it is refused (errors in `problems`). */
  read(value: unknown, path: string, problems: Problems): Part | undefined;
  /** A canonical part → a content entry of a message of `place`, or undefined (with a warning) when it has none. */
  write(part: Tolerant.Part, path: string, context: WriteContext, place: ContentPlace): JsonObject | undefined;
  /**
   * A known part of an assistant message other than a tool call → `fields`, with the warnings for what it loses;
   * `fields.toolCalls` holds the calls written before it.
   */
  writeAssistant(part: Tolerant.Part, path: string, context: WriteContext, fields: AssistantFields): void;
}

/** How warnings word an id renamed to fit the member's rule, or because an earlier call already had it. */
export interface IdChangeWording {
  renamed(sourceId: string, id: string): string;
  /** Said of a call whose id an earlier call has, after `tool call id <id> is already the id of an earlier call`. */
  reusedNote: string;
  reused(subject: string, id: string): string;
}

/** How a member reads `tool_choice` and writes the canonical one back. */
export interface ToolChoiceRules {
  /** The error for a value it cannot read. */
  readonly expected: string;
  /** Its synonym of `required`, kept so it comes back (Mistral's `any`). */
  readonly requiredSynonym: string | undefined;
  /**
   * A named function with other fields, or without `type`: read as that tool (`tool`) or as the closest mode
   * (`closest`, like any other object); either way the native value is kept.
   */
  readonly inexactFunction: "tool" | "closest";
  /** Any other object: read as the closest mode (`auto`, or `required` for allowed tools that require one), kept. */
  readonly otherObjects: "closest" | "refused";
  /** A kept native choice is written back only when it still says what the canonical mode says. */
  readonly keptMustFit: boolean;
}

/**
 * Role-order rules for an API that validates the order of roles (Mistral, by mistral-common's validator): after a
 * tool message comes an assistant or tool message, a system message stands before the first reply, and the
 * conversation ends with a user or tool message or a final assistant message sent as a prefix.
 */
export interface RoleOrder {
  /** The text of the assistant message put between tool messages and a following user message. */
  readonly bridgeText: string;
  /** The text of the user message put before a history that opens with the assistant. */
  readonly placeholderUserText: string;
}

/** The members whose responses are `choices` (OpenAI Chat, Mistral): everything their requests differ in. */
export interface ChatDialect extends ChatMember {
  /** How shorter warnings name the API ("Chat", "Mistral"). */
  readonly shortLabel: string;
  /** How reports of a request message name it ("OpenAI Chat request message", "Mistral message"). */
  readonly requestMessageLabel: string;
  /** The `provider_fields` key is shared with another API of the vendor (OpenAI Responses): see provider-fields.ts. */
  readonly sharedProviderKey: boolean;
  readonly idRule: IdRule;
  readonly idChanges: IdChangeWording;
  /**
   * Call ids in a response: `remapped` by the rule like a request's (the source's empty id written back), or
   * written `as-read`, as the server issued them.
   */
  readonly responseCallIds: "remapped" | "as-read";
  /** The `$shape` marker of content that was a list although one text entry would be written as a string. */
  readonly contentListMarker: "content_parts" | "content_list";
  readonly content: ContentCodec;
  readonly messages: {
    readonly roles: readonly Message["role"][];
    readonly notObject: string;
    /** The error for content that is neither a string, a list nor null. */
    readonly contentError: string;
    /** `name` is the canonical message name; else it is kept as a native field and reported dropped on export. */
    readonly name: boolean;
    /** `developer` is a role of its own; else a developer message is sent as a system message. */
    readonly developer: boolean;
    /** Assistant message fields that hold reasoning text (`reasoning`, `reasoning_content`), in order. */
    readonly reasoningFields: readonly string[];
    /** The assistant message has a `refusal` field. */
    readonly refusalField: boolean;
    /** Tool calls are paired only on assistant messages (else also on a message that kept `tool_calls`). */
    readonly callsOnAssistantOnly: boolean;
    /**
     * A message whose every part was left out: sent with empty content (`empty-content`) or left out (`left-out`,
     * where an empty message would break the role order).
     */
    readonly emptied: "empty-content" | "left-out";
    /** Every message but the assistant's has `content` ("" when there is none). */
    readonly contentRequired: boolean;
    /**
     * The key of an assistant message's kept fields that holds its completion's own fields (a response's, such as
     * Mistral's `completion`), or undefined. A request message has no place for them: they are named as left out.
     */
    readonly completionFieldsKey: string | undefined;
  };
  readonly toolMessages: {
    /** The tool message carries the tool's `name` (read as the result's name, written back, and on stated results). */
    readonly name: boolean;
    /** Content that is neither a string, a list nor null is refused with this error, or kept when undefined. */
    readonly contentError: string | undefined;
    readonly wording: {
      readonly orderChanged: string;
      readonly statusMapped: (status: string) => string;
      readonly outputAsJson: string;
      readonly mediaMoved: (type: string) => string;
      readonly listNoun: string;
    };
  };
  /** How the request reads and writes `tool_choice`. */
  readonly toolChoice: ToolChoiceRules;
  /** Tool definitions need `parameters`: a tool without an input schema is sent with an empty object schema. */
  readonly parametersRequired: boolean;
  readonly roleOrder: RoleOrder | undefined;
}

// ─── Completions and streams ─────────────────────────────────────────────────────────────────────────────────────

/** What a member's completion (`{ id, object, created, model, choices: [{ message, finish_reason }], usage }`) carries. */
export interface CompletionDialect {
  /** The error for a response that is not an object. */
  readonly notObject: string;
  /** How reports name the completion ("chat completion", "Mistral completion"). */
  readonly label: string;
  /** The provider id `normalizeUsage` reads the usage as, and raw usage is kept under. */
  readonly usageProvider: "openai-chat" | "mistral";
  /** An error body's path and message, or undefined when the value is not one. */
  readonly errorBody: (value: JsonObject) => { path: string; message: string } | undefined;
  /** The choice has `logprobs`: the writer writes it (null), so its absence is marked. */
  readonly logprobs: boolean;
  /** Message fields the writer always writes (null when empty): their absence is marked. */
  readonly alwaysWritten: readonly string[];
  /** The message content: a `string`, or a string or a list of entries (`string-or-list`). */
  readonly content: "string" | "string-or-list";
  /** url citations of the text are the message's `annotations`. */
  readonly citations: boolean;
  /** Native finish reasons → canonical ones; any other is `other`. */
  readonly finishReasons: Readonly<Record<string, NonNullable<Message["finish_reason"]>>>;
  /** Canonical finish reasons written as they are. */
  readonly writtenFinishReasons: readonly string[];
  /** The native finish reason written for a canonical one it has not (else `stop`). */
  readonly finishFallbacks: Readonly<Record<string, string>>;
  /**
   * When the kept native finish reason is written back: `with-kept-fields` (the message kept this member's fields, or
   * it is one of `writtenFinishReasons`) or `when-consistent` (it still maps to the canonical finish reason).
   */
  readonly nativeFinish: "with-kept-fields" | "when-consistent";
  /** The key of `provider_fields[provider]` that holds the completion's native fields, or undefined for the entry itself. */
  readonly fieldsKey: string | undefined;
}

/** What a member's streamed chunks carry, folded into a completion and written from one. */
export interface StreamDialect {
  /**
   * Tool calls stream as deltas joined by `index` (`indexed`: every delta has one, the index is no field of the call,
   * the joined calls come in index order, each with an id, "" when no delta had one) or also whole
   * (`indexed-or-whole`: a delta without an index is a call of its own, an index is kept as the call's, the calls
   * come in the order they came; written back, one whole call per chunk).
   */
  readonly toolCalls: "indexed" | "indexed-or-whole";
  /** Delta fields whose strings are joined (`content` too, unless content may be a list of entries). */
  readonly joinedFields: readonly string[];
  /** `content` may be a list of entries, joined entry by entry (consecutive text and thinking merged). */
  readonly listContent: boolean;
  /** Delta fields whose lists are concatenated (Chat's `annotations`). */
  readonly concatenatedFields: readonly string[];
  /** Message fields the writer streams in a chunk of their own each (reasoning), after the first. */
  readonly ownChunkFields: readonly string[];
  /** Per-chunk `obfuscation` padding, left out with a warning. */
  readonly obfuscation: boolean;
  /** Per-chunk `choices[].logprobs`, joined. */
  readonly logprobs: boolean;
  /** The usage goes in a chunk of its own with no choices (`own-chunk`) or in the finish chunk. */
  readonly usage: "own-chunk" | "finish-chunk";
}
