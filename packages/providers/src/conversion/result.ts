/**
 * The result vocabulary every converter speaks: what a conversion returns, the errors that stop it and the warnings
 * that name everything it could not carry. Converters are pure and never throw: bad input becomes
 * `{ ok: false, errors }`, each error naming the offending value by JSON pointer, and every loss becomes a warning.
 */
import type { Transcript } from "@agent-transcript/core";

/** A reason the input could not be converted. */
export interface ConversionError {
  /** RFC 6901 JSON pointer into the input; "" is the input itself. */
  path: string;
  message: string;
}

/**
 * Why a warning was raised. Import warnings mean the input was not quite what its format defines and was read in
 * a documented way; export warnings mean something of the canonical document has no place in the target format.
 */
export type ConversionWarningCode =
  /** A field has no equivalent in the target and was left out. */
  | "field-dropped"
  /** A whole part or content block has no equivalent in the target and was left out. */
  | "part-dropped"
  /** A whole message has no equivalent in the target and was left out. */
  | "message-dropped"
  /** A role was mapped to a different role (`developer` → `system`). */
  | "role-mapped"
  /** A tool status was mapped to a coarser one (`denied` → `error`). */
  | "status-mapped"
  /** A value changed its JSON type to fit the target (a JSON-encoded string, a wrapped array). */
  | "value-converted"
  /** The target requires a field the document does not have; a stated default was written. */
  | "value-assumed"
  /** Several parts were joined into one field. */
  | "parts-merged"
  /** The order of parts within a message could not be kept. */
  | "order-changed"
  /** A tool result whose call is not in the document. */
  | "tool-result-unmatched"
  /** An input value outside what its format defines, read in a documented, lenient way. */
  | "input-normalized"
  /** Reasoning (or its opaque signature / encrypted data) from another issuer was left out. */
  | "reasoning-dropped"
  /** Reasoning from another issuer was sent as ordinary text or without its opaque data. */
  | "reasoning-demoted"
  /** A tool-call id broke the target's rules and was renamed, together with its result. */
  | "id-remapped"
  /** The source had no tool-call id and one was made up, deterministically. */
  | "id-synthesized"
  /** Media the target cannot carry where it was (an image in a tool result) went by a documented fallback. */
  | "media-fallback"
  /** Several tool results were regrouped into the shape the target requires. */
  | "results-regrouped";

/** Something lost or changed by a conversion, reported instead of dropped silently. */
export interface ConversionWarning {
  code: ConversionWarningCode;
  /** JSON pointer into the converter's input (the source value on import, the canonical document on export). */
  path: string;
  message: string;
}

export type ToCanonicalResult =
  | { ok: true; document: Transcript; warnings: ConversionWarning[] }
  | { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] };

export type FromCanonicalResult<T> =
  | { ok: true; value: T; warnings: ConversionWarning[] }
  | { ok: false; errors: ConversionError[]; warnings: ConversionWarning[] };

/** Provenance a caller may know and the source value does not carry. */
export interface ToCanonicalOptions {
  /** The file the value was read from, recorded as `source.path`. */
  path?: string;
  /** When the conversion ran (RFC 3339), recorded as `source.imported_at`; converters never read the clock. */
  importedAt?: string;
}

/** Collects errors and warnings in the order they are found. */
export class Problems {
  readonly errors: ConversionError[] = [];
  readonly warnings: ConversionWarning[] = [];

  error(path: string, message: string): void {
    this.errors.push({ path, message });
  }

  warn(code: ConversionWarningCode, path: string, message: string): void {
    this.warnings.push({ code, path, message });
  }
}
