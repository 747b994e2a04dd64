import { isValidKeyword, longestKeyword, mostKeywordsPerRule } from "./keywords.js";
import { analyzePattern } from "./pattern-safety.js";

/**
 * One kind of secret the redactor recognises in text.
 *
 * Built-in patterns are written without the `g`, `y` and `d` flags; the redactor compiles its own copy
 * with `g` and `d`. When the pattern has a named group `secret`, only that part of a match is replaced
 * (so `Authorization: Bearer [REDACTED:authorization-header]` keeps the header name readable);
 * otherwise the whole match is. A pattern whose alternatives need the group in two places names the others
 * `secret2`, `secret3`, … (a name may appear only once in a JavaScript pattern); the first that took part counts.
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
   * Literal text (ASCII, compared case-insensitively), one of which every match of the pattern contains (a built-in
   * rule whose match starts after its key name has the keyword in the context its lookbehind reads, at most
   * `lookaroundReach` characters before the match). The redactor runs the rule only on strings where one of them
   * occurs, found for all rules at once in a single pass (as gitleaks does). Without keywords, the rule runs on every
   * string.
   */
  readonly keywords?: readonly string[];
  /**
   * Built-in rules only: a check of each match the pattern finds, given the text it would replace (the `secret` group,
   * or the whole match), for what a regular expression cannot say (that base64 decodes to `user:password`). A refused
   * match is not redacted, and the scan goes on from the next character, as if the pattern had not matched there.
   */
  readonly accept?: (secret: string) => boolean;
}

/** A rule supplied by a user of the library, checked by {@link createRedactor} before it ever runs. */
export interface UserRule {
  /** Kebab-case, unique among all the rules in use; `sensitive-field` is reserved. */
  id: string;
  /**
   * A string is compiled with no flags; pass a RegExp for flags such as `i` (`g`, `y` and `d` are ignored). A named
   * group `secret` (or `secret2`, `secret3`, … in other alternatives) narrows what is replaced, as for built-in
   * rules. Lookarounds should not reach more than 40 characters beyond the match: that is all the context a window
   * keeps.
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
 * url-credentials rule needs 37: its match starts at `://` and a lookbehind checks the scheme (32 characters) and
 * the escape sequence before it (up to 6, `\u003d`).
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

// Token boundaries. A token must not continue a longer identifier (`task-proj-…`, `xghp_…`), so patterns start
// with a lookbehind refusing a token character before them. But a token also starts right after an escape sequence,
// where the character before it is a letter or digit of the escape: JSON text stored in a string (`…\nghp_…`,
// `\u003dghp_…`, doubly nested `\\nghp_…`), C and Python escapes (`\t`, `\x3d`) and percent-encoding
// (`%0Aghp_…`). So the boundary refuses a token character only when it does not end an escape:
//
//   (?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])
//
// (`\\` comes last only because the regexp lint reads a lookbehind's alternatives forwards, where `\\` would
// cover the others), and is written out in each pattern, so that the lint checks every one as it runs. An escape
// that encodes a letter (`\u0041ghp_…`) counts as a boundary too: redacting a token glued to an encoded letter
// loses nothing. (A boundary written as two alternative lookbehinds, `(?:(?<!…)|(?<=…))`, costs V8 its fast search
// for the pattern's first literal: 100 times slower on text where the rule's keyword occurs.) Quotes and slashes
// may come JSON-escaped at any depth of nesting (`\"`, `\\\"`, `\\\/`…): up to 15 backslashes before them.
// Every quantifier below is bounded by the longest real secret of its kind (with generous slack), so each
// regular expression does a bounded amount of work per starting position, and no two attempts scan the same
// stretch more than a bounded number of times: linear time overall.

/**
 * Whether `secret` is the base64 of `user:password` (RFC 7617): canonical padded base64 of valid UTF-8 text without
 * control characters, containing a colon. English words after "Basic" ("Basic usage", "Basic Settings") never are.
 */
export function isBasicCredentials(secret: string): boolean {
  if (secret.length % 4 !== 0 || !base64Alphabet.test(secret)) return false;
  // atob and btoa (in every runtime) work on "binary strings", one code unit per byte.
  const binary = atob(secret);
  // The cheap tests first: most candidates are words that decode to binary without a colon. Re-encoding refuses
  // the spellings of the same bytes that are not canonical (unused bits set in the last character).
  if (!binary.includes(":") || btoa(binary) !== secret) return false;
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  let text: string;
  try {
    text = utf8Decoder.decode(bytes);
  } catch {
    return false;
  }
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return false;
  }
  return true;
}

/** Padded base64 (RFC 4648 §4), the only spelling {@link isBasicCredentials} accepts; atob would also skip spaces. */
const base64Alphabet = /^[a-z\d+/]*={0,2}$/i;
/** Fatal, and keeping a byte order mark: text that is not UTF-8 is not credentials. */
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

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
    // The body before the END line never contains `-----`, so the search for the END line stops at the next BEGIN
    // line: each stretch of text is searched once, however many BEGIN lines there are (a body of `[\s\S]` would be
    // searched again, 8 KiB at a time, from every BEGIN line).
    pattern:
      /-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:(?:[^-]|-(?!----)){1,8192}?-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|[\s\w+/=:,\\-]{0,8192})/,
    maxLength: 8400,
    keywords: ["-----begin"],
  },
  {
    id: "jwt",
    description:
      'A JSON Web Token: three base64url segments separated by dots, the first two starting `eyJ` (an encoded `{"`).',
    pattern:
      /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])eyJ[\w-]{4,1024}\.eyJ[\w-]{4,8192}\.[\w-]{0,1024}/,
    maxLength: 10_260,
    keywords: [".eyj"],
  },
  {
    id: "anthropic-api-key",
    description:
      "An Anthropic API key such as `sk-ant-api03-…` or an admin key `sk-ant-admin01-…` (also other `sk-ant-<kind><nn>-` tokens).",
    pattern: /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])sk-ant-[a-z]{2,8}\d{2}-[\w-]{32,200}/,
    maxLength: 220,
    keywords: ["sk-ant-"],
  },
  {
    id: "openai-api-key",
    description:
      "An OpenAI API key: `sk-proj-…`, `sk-svcacct-…`, `sk-admin-…`, or a legacy `sk-` key with `T3BlbkFJ` in the middle.",
    pattern:
      /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])sk-(?:(?:proj|svcacct|admin)-[\w-]{20,250}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})/,
    maxLength: 270,
    keywords: ["sk-proj-", "sk-svcacct-", "sk-admin-", "t3blbkfj"],
  },
  {
    id: "github-token",
    description:
      "A GitHub token: `ghp_`, `gho_`, `ghu_`, `ghs_` or `ghr_` followed by 36 or more letters and digits, or a fine-grained `github_pat_…`.",
    pattern:
      /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])(?:gh[oprsu]_[A-Za-z0-9]{36,251}|github_pat_\w{50,240})/,
    maxLength: 260,
    keywords: ["gho_", "ghp_", "ghr_", "ghs_", "ghu_", "github_pat_"],
  },
  {
    id: "gitlab-token",
    description:
      "A GitLab token with a documented prefix: `glpat-`, `gldt-`, `glrt-`, `glptt-`, `glft-`, `glsoat-`, `glcbt-`, `gloas-`.",
    pattern:
      /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])gl(?:pat|dt|rt|ptt|ft|soat|cbt|oas)-[\w.-]{20,300}/,
    maxLength: 310,
    keywords: ["glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glsoat-", "glcbt-", "gloas-"],
  },
  {
    id: "aws-access-key-id",
    description:
      "An AWS access key id: `AKIA`, `ASIA`, `ABIA`, `ACCA` (or `A3T` plus one) followed by 16 characters of `A-Z2-7`.",
    pattern:
      /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[A-Za-z0-9])(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Za-z0-9])/,
    maxLength: 20,
    keywords: ["a3t", "akia", "asia", "abia", "acca"],
  },
  {
    id: "aws-secret-access-key",
    description:
      "An AWS secret access key (40 base64 characters) introduced by its key name: `aws_secret_access_key = …`, " +
      '`AWS_SECRET_ACCESS_KEY=…`, `"SecretAccessKey": "…"` (also with JSON-escaped quotes).',
    // The match starts at the literal `secret`, so the engine skips to each one; a lookbehind checks the optional
    // `aws` prefix and the boundary before it.
    pattern:
      /secret(?<=(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[a-z0-9])(?:aws[_.-]?)?secret)[_.-]?access[_.-]?key(?:\\{0,15}["'])?[ \t]{0,8}[:=][=>]?[ \t]{0,8}(?:\\{0,15}["'])?(?<secret>[a-z0-9/+]{40})(?![a-z0-9/+=])/i,
    maxLength: 120,
    keywords: ["secret"],
  },
  {
    id: "google-api-key",
    description: "A Google API key: `AIza` followed by 35 characters of `0-9A-Za-z_-`.",
    pattern: /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])AIza[\w-]{35}(?![\w-])/,
    maxLength: 39,
    keywords: ["aiza"],
  },
  {
    id: "slack-token",
    description:
      "A Slack token: `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxo-`, `xoxe-`, `xoxe.xoxp-` or an app-level `xapp-` token.",
    pattern:
      /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])(?:xox[abeoprs]|xapp|xoxe\.xox[bp])-[A-Za-z0-9][A-Za-z0-9-]{8,250}/,
    maxLength: 270,
    keywords: ["xox", "xapp-"],
  },
  {
    id: "slack-webhook-url",
    description:
      "A Slack incoming-webhook, workflow or trigger URL (`https://hooks.slack.com/services/T…/B…/…`), replaced whole; " +
      "also with JSON-escaped slashes, at any depth of nesting (`https:\\/\\/hooks.slack.com\\/services\\/…`).",
    pattern:
      /(?:https?:\\{0,15}\/\\{0,15}\/)?hooks\.slack\.com\\{0,15}\/(?:services|workflows|triggers)\\{0,15}\/(?:[A-Za-z0-9+/]|\\{1,15}\/){20,160}/,
    maxLength: 2800,
    keywords: ["hooks.slack.com/", "hooks.slack.com\\"],
  },
  {
    id: "stripe-key",
    description:
      "A Stripe secret or restricted key (`sk_live_`, `sk_test_`, `rk_live_`, `rk_test_`, `…_prod_`) or a webhook signing secret (`whsec_`).",
    pattern:
      /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])(?:[rs]k_(?:live|test|prod)_[A-Za-z0-9]{10,250}|whsec_[A-Za-z0-9+/=]{24,250})/,
    maxLength: 260,
    keywords: ["sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_", "whsec_"],
  },
  {
    id: "npm-token",
    description: "An npm access token: `npm_` followed by 36 letters and digits.",
    pattern: /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])npm_[A-Za-z0-9]{36}(?![\w-])/,
    maxLength: 40,
    keywords: ["npm_"],
  },
  {
    id: "huggingface-token",
    description: "A Hugging Face access token: `hf_` followed by 34 letters, at least one of them upper-case.",
    pattern: /(?<!(?<!\\x[\dA-Fa-f]|\\u[\dA-Fa-f]{3}|%[\dA-Fa-f]|\\)[\w-])hf_(?=[a-z]{0,33}[A-Z])[A-Za-z]{34}(?![\w-])/,
    maxLength: 37,
    keywords: ["hf_"],
  },
  {
    id: "url-credentials",
    description:
      "The password in a URL's user information (`postgres://user:password@host`): only the password is replaced, " +
      "so the scheme, user and host stay readable. The password may hold any character but whitespace, quotes, `/`, `?`, " +
      "`@`, `<`, `>` and backticks (a raw `#` or `:` included); also with JSON-escaped slashes at any depth " +
      "(`postgres:\\/\\/user:…@host`) and percent-encoded as a whole (`postgres%3A%2F%2Fuser%3Apassword%40host`, a URL " +
      "inside a query parameter).",
    // The match starts at the `:` of `://` (or of its escaped forms), so the engine skips to each one instead of
    // trying the scheme at every position; the lookbehind requires a whole scheme of 2 to 32 characters starting with a
    // letter before it, and reaches at most 37 characters back (see lookaroundReach). The user name cannot contain
    // the separator (`:`, `%3A`) and the password cannot contain the terminator (`@`, `%40`), so nothing backtracks.
    pattern:
      /:\\{0,15}\/\\{0,15}\/(?<=(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[\w+.-])[a-z][\w+.-]{1,31}:\\{0,15}\/\\{0,15}\/)[^\s"'/:<>?@`#]{0,256}:(?<secret>[^\s"'/<>?@`]{1,256})@|%3A%2F%2F(?<=(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[\w+.-])[a-z][\w+.-]{1,31}%3A%2F%2F)(?:[^\s"'/:<>?@`#%&=\\]|%(?!3A|40|2F|3F|23)[\da-f]{2}){0,128}%3A(?<secret2>(?:[^\s"'/<>?@`#%&=\\]|%(?!40|2F|3F)[\da-f]{2}){1,128})%40/i,
    maxLength: 800,
    keywords: ["://", ":\\/", ":\\\\", "%3a%2f%2f"],
  },
  {
    id: "api-key-header",
    description:
      'The value of an API-key header or field written as text (`X-Api-Key: …`, `x-goog-api-key: …`, `"api_key": "…"`, `OPENAI_API_KEY=…`, ' +
      "`X-Auth-Token: …`, `PRIVATE-TOKEN: …`, also with JSON-escaped quotes) when it looks like a token (8 or more token characters, at least one digit).",
    // The match starts at the separator (`:` or `=`, rarer than the key names' first letters, so the engine skips
    // further between attempts) and a lookbehind checks the key name before it: the keyword is in the lookbehind's
    // context (at most 30 characters back), not in the match.
    pattern:
      /[:=](?<=(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[a-z0-9])(?:api[_-]?(?:key|token)|(?:auth|access|refresh|private)[_-]token)(?:\\{0,15}["'])?(?:[ \t]{0,4}:|=))(?:(?<=:)[ \t]{0,4})?(?:\\{0,15}["'])?(?=[\w.~+/=-]{0,63}\d)(?<secret>[\w.~+/=-]{8,4096})/i,
    maxLength: 4160,
    keywords: [
      "apikey",
      "api_key",
      "api-key",
      "apitoken",
      "api_token",
      "api-token",
      "auth_token",
      "auth-token",
      "access_token",
      "access-token",
      "refresh_token",
      "refresh-token",
      "private_token",
      "private-token",
    ],
  },
  {
    id: "authorization-header",
    description:
      "The credentials of an `Authorization` or `Proxy-Authorization` header (`Authorization: Bearer …`, `Authorization: Basic …`, " +
      "or a bare token with at least one digit; also with JSON-escaped quotes), and a token-like `Bearer <token>` anywhere in text " +
      "(16 or more token characters, at least one digit).",
    pattern:
      /(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[a-z0-9])(?:authorization(?:\\{0,15}["'])?[ \t]{0,4}[:=][ \t]{0,4}(?:\\{0,15}["'])?(?:(?:bearer|basic|token)[ \t]{1,4}|(?=[\w.~+/=-]{0,63}\d))|bearer[ \t]{1,4}(?=[\w.~+/=-]{16})(?=[\w.~+/=-]{0,63}\d))(?<secret>[\w.~+/=-]{8,4096})/i,
    maxLength: 4180,
    keywords: ["authorization", "bearer"],
  },
  {
    id: "basic-credentials",
    description:
      "HTTP Basic credentials anywhere in text, `Basic <base64>`, when the base64 (8 or more characters, canonical and " +
      "padded) decodes to printable text with a colon, as `user:password` does: `Basic usage` or `Basic Settings` never match.",
    pattern:
      /(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[a-z0-9])basic[ \t]{1,4}(?<secret>(?=[a-z0-9+/=]{8})[a-z0-9+/]{4,4092}={0,2})(?![\w+/=.~-])/i,
    maxLength: 4110,
    keywords: ["basic"],
    accept: isBasicCredentials,
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
