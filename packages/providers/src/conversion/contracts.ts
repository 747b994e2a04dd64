/**
 * The contracts of the package, in one file: what a converter is (one provider API's converter, requests, responses
 * and streams, both ways; a document format's converter), the options every conversion from the canonical form takes,
 * the kinds of payload, and what an entry of the registry (`src/registry.ts`) holds. Types only: the registry, the
 * detection and the formats all name them, and none of them is named back, so no import circle goes through here.
 */
import type { SourceFormat, Tolerant } from "@agent-transcript/core";
import type { RequestSettings } from "./request-settings.js";
import type {
  ConversionError,
  ConversionWarning,
  FromCanonicalResult,
  ToCanonicalOptions,
  ToCanonicalResult,
} from "./result.js";
import type { SessionExporter, SessionExportFile, SessionImporter } from "./session.js";

/** What a payload is: a provider API's request, response or stream, or a whole document of some format. */
export type PayloadKind = "request" | "response" | "stream" | "document";

/**
 * What a provider format's converter does with reasoning another issuer produced (opaque signatures, encrypted or
 * redacted reasoning are only ever replayed byte-exact to their issuer):
 * - `drop` (default): leave it out, with a `reasoning-dropped` warning;
 * - `text`: send readable reasoning text as ordinary text (opaque data still dropped), with a warning;
 * - `keep`: send it in the target's reasoning shape without the foreign opaque data, with a warning.
 */
export type ForeignReasoningPolicy = "drop" | "text" | "keep";

/** Options of every conversion from the canonical form. */
export interface FromCanonicalOptions {
  /** Turn every warning into an error: a conversion that would lose anything fails instead. */
  strict?: boolean;
  foreignReasoning?: ForeignReasoningPolicy;
  /**
   * Request settings to send whatever the document says (`model`, `max_output_tokens`, …), each written to the
   * target's own field; one the target has no field for is named in a warning. Requests only.
   */
  settings?: RequestSettings;
  /**
   * Fail when a request would name no model (neither the settings nor an assistant message of the document name one),
   * instead of writing it without one (OpenAI Responses) or with an empty name and a `value-assumed` warning (the chat
   * family). The CLI sets it: its `--model` gives the model. Requests only.
   */
  requireModel?: boolean;
}

/** A structural rule of the target's API that a request breaks, found before sending it. */
export interface TargetProblem {
  /** JSON pointer into the native request. */
  path: string;
  message: string;
}

/**
 * One provider API, both directions, for requests, responses and streams.
 *
 * The canonical side is a transcript document:
 * - a request becomes its message history (system prompt as `system` messages), `tools` and `tool_choice`, with every
 *   other request field (model, limits, sampling, flags) in the document's `provider_fields[<provider>]`; written for
 *   another provider, those settings go to its equivalent fields (request-settings.ts);
 * - a response becomes a document with one assistant message carrying model, response_id, finish_reason (with the
 *   native one), normalised usage with the raw usage kept, and the response's remaining fields in the message's
 *   `provider_fields[<provider>]`;
 * - a stream becomes exactly what the same response, unstreamed, would have become; reasoning signatures and other
 *   opaque data are completed from their deltas.
 * Opaque data carries its issuer; it is written back byte-exact only when converting to that same issuer.
 */
export interface ProviderConverter<Request, Response, Chunk> {
  /** Its format id, under which the registry (`src/registry.ts`) lists it. */
  readonly id: SourceFormat;
  requestToCanonical(request: unknown): ToCanonicalResult;
  requestFromCanonical(document: Tolerant.Transcript, options?: FromCanonicalOptions): FromCanonicalResult<Request>;
  responseToCanonical(response: unknown): ToCanonicalResult;
  responseFromCanonical(document: Tolerant.Transcript, options?: FromCanonicalOptions): FromCanonicalResult<Response>;
  streamToCanonical(chunks: readonly unknown[]): ToCanonicalResult;
  streamFromCanonical(document: Tolerant.Transcript, options?: FromCanonicalOptions): FromCanonicalResult<Chunk[]>;
  /** The target's structural rules (tool-result adjacency, id charsets, grouping); empty when the request is fine. */
  checkRequest(request: Request): TargetProblem[];
}

/**
 * A whole-document format of another system (the Warp export, a devflow run, the OpenAF portable message list, and
 * the agent sessions and trajectories still to come): one native value ⇄ one canonical document. Unlike a provider
 * API it has no request/response/stream split: the native value is the conversation.
 */
export interface DocumentConverter<Native, Options extends ToCanonicalOptions = ToCanonicalOptions> {
  /** Its format id, under which the registry (`src/registry.ts`) lists it. */
  readonly id: SourceFormat;
  toCanonical(value: unknown, options?: Options): ToCanonicalResult;
  /**
   * Honours `strict`. `foreignReasoning` has nothing to choose here: no document format replays another issuer's
   * opaque reasoning, so it is always left out, with a warning.
   */
  fromCanonical(document: Tolerant.Transcript, options?: FromCanonicalOptions): FromCanonicalResult<Native>;
}

/** A provider format with its native types erased, for code that picks the format at run time. */
export type AnyProviderConverter = ProviderConverter<unknown, unknown, unknown>;
/** A document format with its native type erased, for code that picks the format at run time. */
export type AnyDocumentConverter = DocumentConverter<unknown>;

/** One format of the registry: its converter or importer, by kind, and a line saying what the format is. */
export type FormatEntry =
  | { readonly kind: "provider"; readonly converter: AnyProviderConverter; readonly description: string }
  | { readonly kind: "document"; readonly converter: AnyDocumentConverter; readonly description: string }
  | {
      readonly kind: "session";
      readonly importer: SessionImporter;
      /** Present when the format can also be written (an interchange format). */
      readonly exporter?: SessionExporter;
      readonly description: string;
    };

/** What the registry may hold: entries under ids of the schema's `SourceFormat` vocabulary, and no other ids. */
export type FormatRegistry = { readonly [Id in SourceFormat]?: FormatEntry };

/** Options of writing a payload of any format: those of every conversion from canonical, and a file name. */
export interface PayloadFromCanonicalOptions extends FromCanonicalOptions {
  /** An interchange format's main file name, which its related files are named after (ATIF continuations). */
  name?: string;
}

/**
 * A canonical document written as a payload of some format: the payload with its kind, what the target could not
 * carry, and what the target API's rules find wrong with a request; or why it could not be written.
 */
export type PayloadFromCanonicalResult =
  | {
      ok: true;
      /** A request, a response, a stream's chunks or a document; an interchange format's main file, as text. */
      value: unknown;
      kind: PayloadKind;
      warnings: ConversionWarning[];
      /** The target API's structural rules a request breaks (kind `request` only): it would be refused as it is. */
      problems: TargetProblem[];
      /** An interchange format's files beyond the main one (child runs, continuations), to be written beside it. */
      related: SessionExportFile[];
    }
  | { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] };
