/**
 * The ReDoS checker the regular-expression campaigns use: recheck (npm `recheck`, MakeNowJust's), pinned exactly in
 * package.json. Chosen over `redos-detector` because recheck decides linear patterns exactly with its automaton
 * checker and, for a vulnerable one, returns the attack string itself (prefix, pumped part, suffix), which the
 * campaigns time; redos-detector only scores backtracking and calls every pattern with a large bounded quantifier
 * (`[\w-]{4,1024}`, all the redaction rules) unsafe without an input to try. recheck is Scala compiled to JavaScript:
 * its `pure` backend needs no native binary nor Java, and its engines allow Node 20.
 */
import { check, type Diagnostics } from "recheck";

export const checkerName = "recheck 4.5.0";

/** The pumped input a checker (or a reviewer) gives for a pattern: `prefix + pump × n + suffix`. */
export interface AttackShape {
  readonly prefix: string;
  readonly pump: string;
  readonly suffix: string;
}

export interface Verdict {
  readonly status: "safe" | "vulnerable" | "unknown";
  /** `linear`, `2nd degree polynomial (fuzz)`, `exponential`, or why there is no verdict (`timeout`). */
  readonly complexity: string;
  /** Which of recheck's checkers decided: `automaton` proves, `fuzz` searched and found no attack (or found one). */
  readonly checker?: string;
  readonly attack?: AttackShape;
}

/** Flags that change which positions are tried or what is reported, never how a match backtracks. */
export const checkedFlags = (flags: string): string => flags.replace(/[dgy]/g, "");

/**
 * Checks one pattern. `d`, `g` and `y` are dropped (recheck refuses `d`; without `y` every position is tried, which
 * can only make the verdict stricter). The fuzz checker's own time limits are replaced by its step limits, so that a
 * loaded machine does not change the verdict; only the overall `timeout` can (to `unknown`).
 */
export async function checkPattern(source: string, flags: string, timeout: number): Promise<Verdict> {
  // The pure backend (recheck's Scala.js build), whatever optional native binary the install brought.
  process.env.RECHECK_BACKEND = "pure";
  const diagnostics: Diagnostics = await check(source, checkedFlags(flags), {
    timeout,
    attackTimeout: null,
    incubationTimeout: null,
    seedingTimeout: null,
    recallTimeout: -1,
  });
  if (diagnostics.status === "unknown")
    return {
      status: "unknown",
      complexity:
        diagnostics.error.kind === "unsupported" || diagnostics.error.kind === "invalid"
          ? `${diagnostics.error.kind}: ${diagnostics.error.message}`
          : diagnostics.error.kind,
      ...(diagnostics.checker === undefined ? {} : { checker: diagnostics.checker }),
    };
  if (diagnostics.status === "safe")
    return { status: "safe", complexity: diagnostics.complexity.summary, checker: diagnostics.checker };
  // One pump per ambiguous loop; repeating their concatenation drives every loop at once.
  const { pumps, suffix } = diagnostics.attack;
  return {
    status: "vulnerable",
    complexity: diagnostics.complexity.summary,
    checker: diagnostics.checker,
    attack: {
      prefix: pumps[0]?.prefix ?? "",
      pump: pumps.map((pump, index) => (index === 0 ? "" : pump.prefix) + pump.pump).join(""),
      suffix,
    },
  };
}

/** The attack at (about) `length` characters. */
export function attackString(shape: AttackShape, length: number): string {
  const repeats = Math.max(1, Math.floor((length - shape.prefix.length - shape.suffix.length) / shape.pump.length));
  return shape.prefix + shape.pump.repeat(repeats) + shape.suffix;
}

/** Milliseconds for the pattern to find every match in `text`, as the redactor runs it (global, from each match on). */
export function timeSearch(pattern: RegExp, text: string): number {
  const global = new RegExp(pattern.source, `${checkedFlags(pattern.flags)}g`);
  const start = performance.now();
  for (let match = global.exec(text); match !== null; match = global.exec(text))
    if (match[0].length === 0) global.lastIndex += 1;
  return performance.now() - start;
}
