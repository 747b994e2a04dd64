import type { Tolerant } from "@agent-transcript/core";
import type { ConversionWarning } from "./result.js";
import type { ForeignReasoningPolicy } from "./contracts.js";

export interface TargetIssuer {
  provider: string;
  /** When set, opaque data issued by another API of the same provider is foreign too. */
  api?: string;
}

/** Whether opaque data issued by `issuer` may be replayed to `target`. */
export function isSameIssuer(issuer: { provider: string; api?: string } | undefined, target: TargetIssuer): boolean {
  if (!issuer || issuer.provider !== target.provider) return false;
  return target.api === undefined || issuer.api === undefined || issuer.api === target.api;
}

export type ReasoningDecision =
  | { action: "replay"; part: Tolerant.ReasoningPart }
  | { action: "as-reasoning"; part: Tolerant.ReasoningPart; warning: ConversionWarning }
  | { action: "as-text"; text: string; warning: ConversionWarning }
  | { action: "drop"; warning?: ConversionWarning };

/** The readable text of a reasoning part: its text and summaries, the non-empty ones joined by a blank line. */
export function readableReasoning(part: Tolerant.ReasoningPart): string {
  return [part.text, ...(part.summary ?? [])]
    .filter((entry): entry is string => typeof entry === "string" && entry !== "")
    .join("\n\n");
}

/** Who issued a reasoning part, as warnings name it: `<provider> <api>`, or "another provider" when it says not. */
export function reasoningIssuerName(part: Tolerant.ReasoningPart): string {
  return part.issuer ? `${part.issuer.provider}${part.issuer.api ? ` ${part.issuer.api}` : ""}` : "another provider";
}

/**
 * The one rule every converter applies to a reasoning part: replay it whole to its issuer; otherwise follow the
 * foreign-reasoning policy, never sending another issuer's signature, encrypted or redacted data, and reporting
 * every loss. Reasoning with no issuer and no opaque data (plain thinking text) is not foreign.
 */
export function decideReasoning(
  part: Tolerant.ReasoningPart,
  target: TargetIssuer,
  policy: ForeignReasoningPolicy,
  path: string,
): ReasoningDecision {
  const opaque =
    part.signature !== undefined || part.encrypted_content !== undefined || part.redacted_data !== undefined;
  if (!opaque || isSameIssuer(part.issuer, target)) return { action: "replay", part };
  const text = readableReasoning(part);
  const from = reasoningIssuerName(part);
  if (policy === "text" && text !== "") {
    return {
      action: "as-text",
      text,
      warning: {
        code: "reasoning-demoted",
        path,
        message: `reasoning from ${from} sent as text; its opaque data was left out`,
      },
    };
  }
  if (policy === "keep" && text !== "") {
    const {
      signature: _signature,
      encrypted_content: _encrypted,
      redacted_data: _redacted,
      issuer: _issuer,
      ...readable
    } = part;
    return {
      action: "as-reasoning",
      part: readable,
      warning: {
        code: "reasoning-demoted",
        path,
        message: `reasoning from ${from} kept without its opaque data, which only ${from} accepts`,
      },
    };
  }
  return {
    action: "drop",
    warning: {
      code: "reasoning-dropped",
      path,
      message: `reasoning from ${from} left out (only ${from} accepts its opaque data; foreignReasoning is ${policy})`,
    },
  };
}
