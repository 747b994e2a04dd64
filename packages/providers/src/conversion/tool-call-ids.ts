// SHA-256 from noble-hashes, not node:crypto: the root entry runs in any JavaScript runtime, and the Web Crypto digest
// is asynchronous where converters are not. The ids are the same bytes either way (the tests pin them).
import { sha256 } from "@noble/hashes/sha2.js";

/**
 * Deterministic tool-call ids. Targets disagree on what an id may be (Anthropic `^[a-zA-Z0-9_-]+$`, Mistral exactly
 * nine alphanumerics, OpenAI Responses at most 64 characters, Gemini often none), so converters remap ids that break
 * the target's rule and synthesise missing ones. The same input always gives the same id, a call and its result are
 * renamed together through one table, and two different ids never collide.
 */
export class ToolCallIdMap {
  private readonly mapped = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(
    private readonly isValid: (id: string) => boolean,
    private readonly make: (basis: string, attempt: number) => string,
  ) {}

  /** The target id for a source id: unchanged when valid, otherwise a derived one, remembered for the result. */
  idFor(sourceId: string): { id: string; remapped: boolean } {
    const known = this.mapped.get(sourceId);
    if (known !== undefined) return { id: known, remapped: known !== sourceId };
    let id = sourceId;
    if (!this.isValid(sourceId) || this.used.has(sourceId)) {
      for (let attempt = 0; ; attempt += 1) {
        id = this.make(sourceId, attempt);
        if (this.isValid(id) && !this.used.has(id)) break;
      }
    }
    this.mapped.set(sourceId, id);
    this.used.add(id);
    return { id, remapped: id !== sourceId };
  }

  /** A fresh id for a call that has none (Gemini), derived from where the call is, so reruns agree. */
  synthesize(position: string): string {
    const basis = `synthetic:${position}`;
    const known = this.mapped.get(basis);
    if (known !== undefined) return known;
    for (let attempt = 0; ; attempt += 1) {
      const id = this.make(basis, attempt);
      if (this.isValid(id) && !this.used.has(id)) {
        this.mapped.set(basis, id);
        this.used.add(id);
        return id;
      }
    }
  }
}

const utf8 = new TextEncoder();

/** A short stable digest of a string, in the alphabet a target accepts. */
export function digest(basis: string, alphabet: string, length: number): string {
  const bytes = sha256(utf8.encode(basis));
  let out = "";
  for (let index = 0; out.length < length; index += 1)
    out += alphabet[(bytes[index % bytes.length] as number) % alphabet.length];
  return out;
}

const alphanumeric = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** Id rules of the targets, with the remapping each uses. */
export const idRules = {
  anthropic: {
    isValid: (id: string) => /^[\w-]{1,128}$/.test(id),
    make: (basis: string, attempt: number) => `toolu_${digest(`${basis}#${attempt}`, alphanumeric, 24)}`,
  },
  openaiResponses: {
    isValid: (id: string) => id.length > 0 && id.length <= 64,
    make: (basis: string, attempt: number) => `call_${digest(`${basis}#${attempt}`, alphanumeric, 24)}`,
  },
  openaiChat: {
    isValid: (id: string) => id.length > 0 && id.length <= 64,
    make: (basis: string, attempt: number) => `call_${digest(`${basis}#${attempt}`, alphanumeric, 24)}`,
  },
  mistral: {
    isValid: (id: string) => /^[a-z0-9]{9}$/i.test(id),
    make: (basis: string, attempt: number) => digest(`${basis}#${attempt}`, alphanumeric, 9),
  },
  gemini: {
    isValid: (id: string) => id.length > 0,
    make: (basis: string, attempt: number) => `call_${digest(`${basis}#${attempt}`, alphanumeric, 16)}`,
  },
} as const;
