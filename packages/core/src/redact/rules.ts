import { isValidKeyword, longestKeyword, mostKeywordsPerRule } from "./keywords.js";
import { analyzePattern } from "./pattern-safety.js";

/**
 * One kind of secret the redactor recognises in text.
 *
 * Built-in patterns are written without the `g`, `y` and `d` flags; the redactor compiles its own copy
 * with `g` and `d`. When the pattern has a named group `secret`, only that part of a match is replaced
 * (so `Authorization: Bearer [REDACTED:authorization-header]` keeps the header name readable);
 * otherwise the whole match is.
 */
export interface RedactionRule {
  /** Kebab-case; appears in placeholders (`[REDACTED:github-token]`) and in report counts. */
  readonly id: string;
  readonly description: string;
  readonly pattern: RegExp;
  /**
   * The longest text one match can cover, in UTF-16 code units. Long strings are scanned in windows
   * that overlap by at least this much, so a secret no longer than this is never cut by a window edge.
   */
  readonly maxLength: number;
  /**
   * Literal text (ASCII, compared case-insensitively), one of which every match of the pattern contains. The
   * redactor runs the rule only on strings where one of them occurs, found for all rules at once in a single pass
   * (as gitleaks does). Without keywords, the rule runs on every string.
   */
  readonly keywords?: readonly string[];
}

/** A rule supplied by a user of the library, checked by {@link compileUserRule} before it ever runs. */
export interface UserRule {
  /** Kebab-case, unique among all the rules in use; `sensitive-field` is reserved. */
  id: string;
  /**
   * A string is compiled with no flags; pass a RegExp for flags such as `i` (`g`, `y` and `d` are
   * ignored). A named group `secret` narrows what is replaced, as for built-in rules. Lookarounds
   * should not reach more than 40 characters beyond the match: that is all the context a window keeps.
   */
  pattern: string | RegExp;
  description?: string;
  /**
   * The longest secret this rule should find whole. Defaults to the pattern's own bound when it has one
   * (`[a-z]{20,40}`), otherwise 1,024. A match longer than this may be split into several redactions.
   */
  maxLength?: number;
  /**
   * Literal text, one of which every match contains (`["acme_"]` for `acme_[a-z0-9]{32}`): the rule then runs only
   * on strings containing one of them, compared case-insensitively (ASCII letters only: with the `i` and `u` flags a
   * pattern's `s` and `k` also match `ſ` and the Kelvin sign, a keyword's do not). Each is 1 to 64 ASCII characters,
   * at most 64 of them. A match without any of them is never found, so leave this out unless it is certain.
   */
  keywords?: readonly string[];
}

/** The rule id counted when a value is redacted because of the key it sits under, not its content. */
export const sensitiveFieldRuleId = "sensitive-field";

/**
 * Lookarounds in rules must not reach further than this outside their match (see the window scan). The
 * url-credentials rule needs 33: its match starts at `://` and a lookbehind checks the scheme before it.
 */
export const lookaroundReach = 40;

/** The largest `maxLength` a rule may declare: windows must hold a whole match plus context. */
export const largestRuleMaxLength = 16_384;

/** The default `maxLength` of a user rule whose pattern is unbounded. */
const defaultUserRuleMaxLength = 1024;

const ruleIdPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const longestRuleId = 64;

/** The text that replaces a secret found by rule `ruleId`. */
export function redactionPlaceholder(ruleId: string): string {
  return `[REDACTED:${ruleId}]`;
}

/** Raised for a user rule that cannot be used; `ruleId` names it (as given, even when malformed). */
export class RedactionRuleError extends Error {
  override readonly name = "RedactionRuleError";

  constructor(
    readonly ruleId: string,
    reason: string,
  ) {
    super(`Redaction rule ${JSON.stringify(ruleId)}: ${reason}`);
  }
}

// Token boundaries: `(?<![\w-])` keeps a rule from firing inside a longer identifier (`task-proj-…`, `xghp_…`).
// Every quantifier below is bounded by the longest real secret of its kind (with generous slack), so each
// regular expression does a bounded amount of work per starting position: linear time overall.

/**
 * Well-known secret formats. Order matters only for ties: when two rules match exactly the same text,
 * the earlier, more specific rule names the placeholder (a JWT in a Bearer header is a `jwt`).
 * Prefixes and lengths follow the providers' documented formats as collected by gitleaks.
 */
export const builtInRules: readonly RedactionRule[] = Object.freeze([
  {
    id: "private-key",
    description:
      "A PEM private key (RSA, EC, DSA, OpenSSH, PKCS#8, encrypted, PGP), from the BEGIN line through the END line; " +
      "without an END line (truncated output), the BEGIN line and the key material that follows it.",
    pattern:
      /-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{1,8192}?-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|[\s\w+/=:,\\-]{0,8192})/,
    maxLength: 8400,
    keywords: ["-----begin"],
  },
  {
    id: "jwt",
    description:
      'A JSON Web Token: three base64url segments separated by dots, the first two starting `eyJ` (an encoded `{"`).',
    pattern: /(?<![\w-])eyJ[\w-]{4,1024}\.eyJ[\w-]{4,8192}\.[\w-]{0,1024}/,
    maxLength: 10_260,
    keywords: [".eyj"],
  },
  {
    id: "anthropic-api-key",
    description:
      "An Anthropic API key such as `sk-ant-api03-…` or an admin key `sk-ant-admin01-…` (also other `sk-ant-<kind><nn>-` tokens).",
    pattern: /(?<![\w-])sk-ant-[a-z]{2,8}\d{2}-[\w-]{32,200}/,
    maxLength: 220,
    keywords: ["sk-ant-"],
  },
  {
    id: "openai-api-key",
    description:
      "An OpenAI API key: `sk-proj-…`, `sk-svcacct-…`, `sk-admin-…`, or a legacy `sk-` key with `T3BlbkFJ` in the middle.",
    pattern: /(?<![\w-])sk-(?:(?:proj|svcacct|admin)-[\w-]{20,250}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})/,
    maxLength: 270,
    keywords: ["sk-proj-", "sk-svcacct-", "sk-admin-", "t3blbkfj"],
  },
  {
    id: "github-token",
    description:
      "A GitHub token: `ghp_`, `gho_`, `ghu_`, `ghs_` or `ghr_` followed by 36 or more letters and digits, or a fine-grained `github_pat_…`.",
    pattern: /(?<![\w-])(?:gh[oprsu]_[A-Za-z0-9]{36,251}|github_pat_\w{50,240})/,
    maxLength: 260,
    keywords: ["gho_", "ghp_", "ghr_", "ghs_", "ghu_", "github_pat_"],
  },
  {
    id: "gitlab-token",
    description:
      "A GitLab token with a documented prefix: `glpat-`, `gldt-`, `glrt-`, `glptt-`, `glft-`, `glsoat-`, `glcbt-`, `gloas-`.",
    pattern: /(?<![\w-])gl(?:pat|dt|rt|ptt|ft|soat|cbt|oas)-[\w.-]{20,300}/,
    maxLength: 310,
    keywords: ["glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glsoat-", "glcbt-", "gloas-"],
  },
  {
    id: "aws-access-key-id",
    description:
      "An AWS access key id: `AKIA`, `ASIA`, `ABIA`, `ACCA` (or `A3T` plus one) followed by 16 characters of `A-Z2-7`.",
    pattern: /(?<![A-Za-z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Za-z0-9])/,
    maxLength: 20,
    keywords: ["a3t", "akia", "asia", "abia", "acca"],
  },
  {
    id: "aws-secret-access-key",
    description:
      "An AWS secret access key (40 base64 characters) introduced by its key name: `aws_secret_access_key = …`, " +
      '`AWS_SECRET_ACCESS_KEY=…`, `"SecretAccessKey": "…"`.',
    pattern:
      /(?<![a-z0-9])(?:aws[_.-]?)?secret[_.-]?access[_.-]?key["']?[ \t]{0,8}[:=][=>]?[ \t]{0,8}["']?(?<secret>[a-z0-9/+]{40})(?![a-z0-9/+=])/i,
    maxLength: 100,
    keywords: ["secret"],
  },
  {
    id: "google-api-key",
    description: "A Google API key: `AIza` followed by 35 characters of `0-9A-Za-z_-`.",
    pattern: /(?<![\w-])AIza[\w-]{35}(?![\w-])/,
    maxLength: 39,
    keywords: ["aiza"],
  },
  {
    id: "slack-token",
    description:
      "A Slack token: `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxo-`, `xoxe-`, `xoxe.xoxp-` or an app-level `xapp-` token.",
    pattern: /(?<![\w-])(?:xox[abeoprs]|xapp|xoxe\.xox[bp])-[A-Za-z0-9][A-Za-z0-9-]{8,250}/,
    maxLength: 270,
    keywords: ["xox", "xapp-"],
  },
  {
    id: "slack-webhook-url",
    description:
      "A Slack incoming-webhook, workflow or trigger URL (`https://hooks.slack.com/services/T…/B…/…`), replaced whole.",
    pattern: /(?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{20,160}/,
    maxLength: 200,
    keywords: ["hooks.slack.com/"],
  },
  {
    id: "stripe-key",
    description:
      "A Stripe secret or restricted key (`sk_live_`, `sk_test_`, `rk_live_`, `rk_test_`, `…_prod_`) or a webhook signing secret (`whsec_`).",
    pattern: /(?<![\w-])(?:[rs]k_(?:live|test|prod)_[A-Za-z0-9]{10,250}|whsec_[A-Za-z0-9+/=]{24,250})/,
    maxLength: 260,
    keywords: ["sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_", "whsec_"],
  },
  {
    id: "npm-token",
    description: "An npm access token: `npm_` followed by 36 letters and digits.",
    pattern: /(?<![\w-])npm_[A-Za-z0-9]{36}(?![\w-])/,
    maxLength: 40,
    keywords: ["npm_"],
  },
  {
    id: "huggingface-token",
    description: "A Hugging Face access token: `hf_` followed by 34 letters, at least one of them upper-case.",
    pattern: /(?<![\w-])hf_(?=[a-z]{0,33}[A-Z])[A-Za-z]{34}(?![\w-])/,
    maxLength: 37,
    keywords: ["hf_"],
  },
  {
    id: "url-credentials",
    description:
      "The password in a URL's user information (`postgres://user:password@host`): only the password is replaced, " +
      "so the scheme, user and host stay readable.",
    // The match starts at the literal `://`, so the engine skips to each `://` instead of trying the scheme at every
    // position; the lookbehind requires what `(?<![\w+.-])[a-z][\w+.-]{1,31}://` at the start of the match used to (a
    // whole scheme of 2 to 32 characters starting with a letter), and reaches 33 characters back (see lookaroundReach).
    pattern: /:\/\/(?<=(?<![\w+.-])[a-z][\w+.-]{1,31}:\/\/)[^\s"'/:<>?@`#]{0,256}:(?<secret>[^\s"'/<>?@`#]{1,256})@/i,
    maxLength: 560,
    keywords: ["://"],
  },
  {
    id: "api-key-header",
    description:
      'The value of an API-key header or field written as text (`X-Api-Key: …`, `x-goog-api-key: …`, `"api_key": "…"`, `X-Auth-Token: …`) ' +
      "when it looks like a token (8 or more token characters, at least one digit).",
    pattern:
      /\b(?:x-(?:goog-)?)?(?:api[_-]?key|auth[_-]token|access[_-]token)["']?[ \t]{0,4}:[ \t]{0,4}["']?(?=[\w.~+/=-]{0,63}\d)(?<secret>[\w.~+/=-]{8,4096})/i,
    maxLength: 4140,
    keywords: ["apikey", "api_key", "api-key", "auth_token", "auth-token", "access_token", "access-token"],
  },
  {
    id: "authorization-header",
    description:
      "The credentials of an `Authorization` or `Proxy-Authorization` header (`Authorization: Bearer …`, `Authorization: Basic …`, " +
      "or a bare token with at least one digit), and a token-like `Bearer <token>` anywhere in text (16 or more token characters, at least one digit).",
    pattern:
      /\b(?:(?:proxy-)?authorization["']?[ \t]{0,4}[:=][ \t]{0,4}["']?(?:(?:bearer|basic|token)[ \t]{1,4}|(?=[\w.~+/=-]{0,63}\d))|bearer[ \t]{1,4}(?=[\w.~+/=-]{16})(?=[\w.~+/=-]{0,63}\d))(?<secret>[\w.~+/=-]{8,4096})/i,
    maxLength: 4160,
    keywords: ["authorization", "bearer"],
  },
] satisfies RedactionRule[]);

/** Lower-cases and drops separators, so `X-API-Key`, `x_api_key` and `xApiKey` compare equal. */
export function normalizeKeyName(key: string): string {
  let normalized = "";
  for (const character of key.toLowerCase())
    if (character !== "-" && character !== "_" && character !== "." && character !== " ") normalized += character;
  return normalized;
}

/**
 * Turns a user rule into a {@link RedactionRule}, or throws a {@link RedactionRuleError} naming it.
 * Refuses malformed ids, patterns that do not compile, and patterns the static check finds able to
 * backtrack super-linearly (see `pattern-safety.ts`).
 */
export function compileUserRule(rule: UserRule): RedactionRule {
  const id: unknown = rule.id;
  if (typeof id !== "string") throw new RedactionRuleError(String(id), "the id must be a string");
  if (id.length === 0 || id.length > longestRuleId || !ruleIdPattern.test(id)) {
    throw new RedactionRuleError(
      id,
      `the id must be kebab-case (lower-case letters and digits separated by single hyphens, at most ${longestRuleId} characters)`,
    );
  }
  if (id === sensitiveFieldRuleId) throw new RedactionRuleError(id, "the id is reserved for key-based redaction");
  const description = rule.description ?? `User rule ${id}`;
  if (typeof description !== "string") throw new RedactionRuleError(id, "the description must be a string");

  const given: unknown = rule.pattern;
  let source: string;
  let flags: string;
  if (given instanceof RegExp) {
    source = given.source;
    // The redactor adds `g` and `d` itself; `y` would pin matches to window starts.
    flags = given.flags.replace(/[dgy]/g, "");
  } else if (typeof given === "string") {
    source = given;
    flags = "";
  } else throw new RedactionRuleError(id, "the pattern must be a string or a RegExp");
  if (source.length === 0 || source === "(?:)") throw new RedactionRuleError(id, "the pattern is empty");

  let pattern: RegExp;
  try {
    pattern = new RegExp(source, flags);
  } catch (error) {
    throw new RedactionRuleError(
      id,
      `the pattern does not compile: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const analysis = analyzePattern(source, flags);
  if (analysis.unsafeBecause !== undefined)
    throw new RedactionRuleError(id, `the pattern is refused because ${analysis.unsafeBecause}`);

  const maxLength =
    rule.maxLength ??
    Math.min(
      analysis.maximumMatchLength,
      Number.isFinite(analysis.maximumMatchLength) ? largestRuleMaxLength : defaultUserRuleMaxLength,
    );
  if (!Number.isSafeInteger(maxLength) || maxLength < 1 || maxLength > largestRuleMaxLength) {
    throw new RedactionRuleError(id, `maxLength must be an integer from 1 to ${largestRuleMaxLength}`);
  }
  const keywords: unknown = rule.keywords;
  if (keywords === undefined) return { id, description, pattern, maxLength };
  if (
    !Array.isArray(keywords) ||
    keywords.length === 0 ||
    keywords.length > mostKeywordsPerRule ||
    !keywords.every(isValidKeyword)
  ) {
    throw new RedactionRuleError(
      id,
      `keywords must be a list of 1 to ${mostKeywordsPerRule} strings of 1 to ${longestKeyword} ASCII characters`,
    );
  }
  return { id, description, pattern, maxLength, keywords: Object.freeze([...keywords]) };
}
