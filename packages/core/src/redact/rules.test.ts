import { createHash, randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fakeSecrets, randomCharacters, deterministicRandom } from "./fake-secrets.test.helpers.js";
import { isValidKeyword } from "./keywords.js";
import { analyzePattern } from "./pattern-safety.js";
import { createRedactor } from "./redactor.js";
import { builtInRules, compileUserRule, lookaroundReach, redactionPlaceholder, RedactionRuleError } from "./rules.js";

const redactor = createRedactor();
const samples = fakeSecrets();

describe("builtInRules", () => {
  it("have unique kebab-case ids and a description each", () => {
    const ids = builtInRules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of builtInRules) {
      expect(rule.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(rule.description.length).toBeGreaterThan(20);
      expect(rule.pattern.flags).not.toMatch(/[gy]/);
    }
    expect(ids).toEqual(
      expect.arrayContaining([
        "anthropic-api-key",
        "openai-api-key",
        "github-token",
        "aws-access-key-id",
        "aws-secret-access-key",
        "google-api-key",
        "slack-token",
        "slack-webhook-url",
        "stripe-key",
        "private-key",
        "jwt",
        "url-credentials",
        "authorization-header",
      ]),
    );
  });

  it("each have at least one true-positive sample", () => {
    const covered = new Set(samples.map((sample) => sample.rule));
    expect([...covered].sort()).toEqual(builtInRules.map((rule) => rule.id).sort());
  });

  it.each(samples.map((sample) => [`${sample.rule}: ${sample.label}`, sample] as const))(
    "redact %s",
    (_name, sample) => {
      const text = `Here is the output:\n${sample.text}\nas requested.`;
      const result = redactor.redactString(text);
      expect(result.text).toBe(text.replace(sample.secret, redactionPlaceholder(sample.rule)));
      expect(result.counts).toEqual({ [sample.rule]: 1 });
      expect(result.text).not.toContain(sample.secret);
    },
  );

  it("declare a maxLength no shorter than what their samples match", () => {
    for (const sample of samples) {
      const rule = builtInRules.find((candidate) => candidate.id === sample.rule);
      const match = rule?.pattern.exec(sample.text);
      expect(match, sample.label).not.toBeNull();
      expect(match?.[0].length).toBeLessThanOrEqual(rule?.maxLength ?? 0);
    }
  });

  it("declare a maxLength no shorter than the longest match their pattern allows", () => {
    // The window scan and the rescans after a redaction rely on it: a longer match could be cut or missed.
    for (const rule of builtInRules) {
      const longest = analyzePattern(rule.pattern.source, rule.pattern.flags).maximumMatchLength;
      expect(longest, rule.id).toBeLessThanOrEqual(rule.maxLength);
    }
  });

  it("redact only the password of URL credentials, keeping scheme, user and host", () => {
    expect(
      redactor.redactString("git clone https://x-access-token:s3cr3t-Pa55@git.example.com/org/repo.git").text,
    ).toBe("git clone https://x-access-token:[REDACTED:url-credentials]@git.example.com/org/repo.git");
    expect(redactor.redactString("redis://:p4ssw0rd@cache:6379/0").text).toBe(
      "redis://:[REDACTED:url-credentials]@cache:6379/0",
    );
  });

  it("redact a bare token in an Authorization header, and keep a Bearer header whose token is too short", () => {
    expect(redactor.redactString('"authorization": "8f14e45fceea167a5a36dedd4bea2543"').text).toBe(
      '"authorization": "[REDACTED:authorization-header]"',
    );
    expect(redactor.redactString("Proxy-Authorization: Basic dXNlcjpwYXNzd29yZA==").text).toBe(
      "Proxy-Authorization: Basic [REDACTED:authorization-header]",
    );
    expect(redactor.redactString("Authorization: Bearer abc").counts).toEqual({});
  });

  it("redact a private key whose END line is missing (truncated output)", () => {
    const random = deterministicRandom(7);
    const body = Array.from({ length: 5 }, () =>
      randomCharacters(random, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 64),
    ).join("\n");
    const result = redactor.redactString(
      `$ head -6 id_rsa\n-----BEGIN RSA PRIVATE KEY-----\n${body}\n... (output truncated)`,
    );
    expect(result.text).toBe("$ head -6 id_rsa\n[REDACTED:private-key]... (output truncated)");
    expect(result.text).not.toContain(body.slice(0, 64));
  });
});

describe("built-in rule keywords", () => {
  const ruleOf = (id: string): (typeof builtInRules)[number] => {
    const rule = builtInRules.find((candidate) => candidate.id === id);
    if (rule === undefined) throw new Error(`no rule ${id}`);
    return rule;
  };

  it("are declared by every built-in rule, as valid ASCII literals", () => {
    for (const rule of builtInRules) {
      expect(rule.keywords?.length, rule.id).toBeGreaterThan(0);
      for (const keyword of rule.keywords ?? []) expect(isValidKeyword(keyword), `${rule.id}: ${keyword}`).toBe(true);
    }
  });

  // The prefilter runs a rule only on strings holding one of its keywords: a match without one nearby would be lost.
  // A keyword is in the match, or (api-key-header, whose match starts at the `:` after the key name) in the context
  // its lookbehind reads, at most lookaroundReach characters before it.
  const keywordNear = (rule: (typeof builtInRules)[number], text: string, match: RegExpExecArray): boolean => {
    const around = text.slice(Math.max(0, match.index - lookaroundReach), match.index + match[0].length);
    const folded = around.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
    return rule.keywords?.some((keyword) => folded.includes(keyword)) ?? false;
  };

  it("occur in (or just before) every match of every sample secret, so the prefilter never skips a rule that would match", () => {
    const allSamples = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((start) => fakeSecrets(start));
    for (const sample of allSamples) {
      const rule = ruleOf(sample.rule);
      const global = new RegExp(rule.pattern.source, `${rule.pattern.flags}g`);
      const text = `Here is the output:\n${sample.text}\nas requested.`;
      const matches = [...text.matchAll(global)];
      expect(matches.length, sample.label).toBeGreaterThan(0);
      for (const match of matches)
        expect(keywordNear(rule, text, match), `${sample.rule} (${sample.label}): ${match[0].slice(0, 40)}`).toBe(true);
    }
  });

  it("occur in (or just before) every match of every rule on the texts the redactor tests use", () => {
    // Everything any rule matches in a mix of secrets, near misses and connectors.
    const pieces = fc.oneof(
      fc.constantFrom(...fakeSecrets(9).map((sample) => sample.text)),
      fc.constantFrom(
        " ",
        "\n",
        "\\n",
        ":",
        "=",
        "@",
        "/",
        '"',
        '\\"',
        "Bearer ",
        "Basic ",
        "Authorization: ",
        "X-Api-Key: ",
        "api_token=",
        "https://user:",
        "%3A%2F%2F",
        "aws_secret_access_key=",
        "eyJ",
        "-----BEGIN RSA PRIVATE KEY-----\n",
      ),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        for (const rule of builtInRules) {
          for (const match of text.matchAll(new RegExp(rule.pattern.source, `${rule.pattern.flags}g`)))
            expect(keywordNear(rule, text, match), `${rule.id}: ${match[0]}`).toBe(true);
        }
      }),
    );
  });
});

describe("the url-credentials rule", () => {
  const rule = builtInRules.find((candidate) => candidate.id === "url-credentials");
  /** The rule's plain and JSON-escaped forms written straightforwardly: the scheme starts the match. */
  const plainForm =
    /(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[\w+.-])[a-z][\w+.-]{1,31}:\\{0,15}\/\\{0,15}\/[^\s"'/:<>?@`#]{0,256}:(?<secret>[^\s"'/<>?@`]{1,256})@/dgi;
  /** The percent-encoded form, written the same way. */
  const encodedForm =
    /(?<!(?<!\\x[\da-f]|\\u[\da-f]{3}|%[\da-f]|\\)[\w+.-])[a-z][\w+.-]{1,31}%3A%2F%2F(?:[^\s"'/:<>?@`#%&=\\]|%(?!3A|40|2F|3F|23)[\da-f]{2}){0,128}%3A(?<secret>(?:[^\s"'/<>?@`#%&=\\]|%(?!40|2F|3F)[\da-f]{2}){1,128})%40/dgi;
  const secrets = (pattern: RegExp, text: string): [number, number][] =>
    [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace(/[dg]/g, "")}dg`))].map(
      (match) => match.indices?.groups?.secret ?? match.indices?.groups?.secret2 ?? [-1, -1],
    );
  // Every scheme length from 0 to 40 is equally likely: the edges (1, 2, 32, 33) are what matter.
  const scheme = fc
    .tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.string({ unit: fc.constantFrom(..."aZ9_+.-x"), minLength: 40, maxLength: 40 }),
    )
    .map(([length, characters]) => characters.slice(0, length));
  const before = fc.constantFrom("", " ", "/", "x", "+", "@", ":", "\\n", "%3D", "\\u003d", "\\\\");

  it("starts its pattern with the separator, so the engine skips to each `://` (or `:\\/\\/`, `%3A%2F%2F`) instead of trying every position", () => {
    expect(rule?.pattern.source.startsWith(":\\\\{0,15}\\/\\\\{0,15}\\/(?<=")).toBe(true);
    expect(rule?.pattern.source).toContain("|%3A%2F%2F(?<=");
    expect(rule?.keywords).toEqual(["://", ":\\/", ":\\\\", "%3a%2f%2f"]);
  });

  it("finds exactly the passwords the plain form finds, with slashes as they are or JSON-escaped", () => {
    const userinfo = fc.string({ unit: fc.constantFrom(..."ab9_-.%:@/#? "), maxLength: 12 });
    const url = fc
      .tuple(before, scheme, fc.constantFrom("://", ":\\/\\/", ":\\\\/\\\\/", ":\\/"), userinfo, userinfo)
      .map(([prefix, name, separator, user, password]) => `${prefix}${name}${separator}${user}:${password}@host`);
    const piece = fc.oneof(
      url,
      scheme,
      fc.constantFrom("://", ":\\/\\/", ":", "@", "/", " ", '"', "#", "?", "user", "p4ss", "[REDACTED:jwt]", "\n"),
      fc.constantFrom("https://", "postgres+psycopg2://", "\\n", "%3D"),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
        const text = parts.join("");
        expect(secrets(rule?.pattern ?? /$^/, text)).toEqual(secrets(plainForm, text));
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("finds exactly the passwords the percent-encoded form finds", () => {
    const encoded = fc.string({
      unit: fc.constantFrom("a", "9", "_", ".", "%3A", "%40", "%2F", "%25", "%", "&", "="),
      maxLength: 8,
    });
    const url = fc
      .tuple(before, scheme, encoded, encoded)
      .map(([prefix, name, user, password]) => `${prefix}${name}%3A%2F%2F${user}%3A${password}%40host`);
    const piece = fc.oneof(
      url,
      scheme,
      fc.constantFrom("%3A%2F%2F", "%3A", "%40", "%2F", "&next=", " "),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (parts) => {
        const text = parts.join("");
        expect(secrets(rule?.pattern ?? /$^/, text)).toEqual(secrets(encodedForm, text));
      }),
    );
  });

  it("replaces exactly the password of any URL with credentials, plain, JSON-escaped or percent-encoded, keeping scheme, user and host", () => {
    const schemeName = fc
      .tuple(
        fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"),
        fc.string({ unit: fc.constantFrom(..."abcxyz019+.-"), minLength: 1, maxLength: 31 }),
      )
      .map(([first, rest]) => first + rest);
    const user = fc.string({ unit: fc.constantFrom(..."abcXYZ019._-~!$&()*+,;=%"), maxLength: 16 });
    const password = fc.string({
      unit: fc.constantFrom(..."abcXYZ019._-~!$&()*+,;=%:#[]{}|^"),
      minLength: 1,
      maxLength: 24,
    });
    const host = fc.constantFrom("db.internal", "10.0.0.7:5432", "[::1]:6379", "example.com");
    const form = fc.constantFrom("plain", "escaped", "encoded");
    fc.assert(
      fc.property(schemeName, user, password, host, form, (givenName, userName, secret, hostName, shape) => {
        // Percent-encoded, a `+` in the scheme becomes `%2B`, which the rule does not read as part of a scheme.
        const name = shape === "encoded" ? givenName.replaceAll("+", ".") : givenName;
        const placeholder = redactionPlaceholder("url-credentials");
        const [head, tail] = [`${name}://${userName}:`, `@${hostName}/app?x=1`];
        const [text, expected] =
          shape === "plain"
            ? [head + secret + tail, head + placeholder + tail]
            : shape === "escaped"
              ? [
                  head.replace("//", "\\/\\/") + secret + tail.replace("/", "\\/"),
                  head.replace("//", "\\/\\/") + placeholder + tail.replace("/", "\\/"),
                ]
              : [
                  encodeURIComponent(head + secret + tail),
                  encodeURIComponent(head) + placeholder + encodeURIComponent(tail),
                ];
        const result = redactor.redactString(`see ${text} now`);
        expect(result.text).toBe(`see ${expected} now`);
        expect(result.counts).toEqual({ "url-credentials": 1 });
      }),
    );
  });

  it("leaves URLs without credentials alone: a port followed by a path or query with an `@` is not a password", () => {
    const port = fc.integer({ min: 1, max: 65535 });
    const tail = fc.constantFrom("/users/me@example.com", "?email=a@b.c", "/p?x=1@2", "/#/login@x");
    fc.assert(
      fc.property(fc.constantFrom("http", "https", "postgres", "redis"), port, tail, (name, number, rest) => {
        for (const text of [
          `${name}://localhost:${number}${rest}`,
          encodeURIComponent(`${name}://localhost:${number}${rest}`),
        ])
          expect(redactor.redactString(text).text).toBe(text);
      }),
    );
  });

  it("accepts schemes of 2 to 32 characters starting with a letter, as before", () => {
    const redact = (scheme: string): string =>
      createRedactor().redactString(`see ${scheme}://deploy:hunter22@db.internal/app`).text;
    for (const scheme of ["ab", "postgresql+psycopg2", `s${"x".repeat(31)}`, "git+ssh", "A.b-c"]) {
      expect(redact(scheme), scheme).toBe(`see ${scheme}://deploy:[REDACTED:url-credentials]@db.internal/app`);
    }
    for (const scheme of ["a", `s${"x".repeat(32)}`, "9pg", "_pg", "-pg"])
      expect(redact(scheme), scheme).toBe(`see ${scheme}://deploy:hunter22@db.internal/app`);
    expect(createRedactor().redactString("ab://:c@").text).toBe("ab://:[REDACTED:url-credentials]@");
  });

  it("sees the whole scheme in its lookbehind at every window edge, even a 32-character one", () => {
    const tiny = createRedactor({ windowBytes: 1 });
    const filler = Array.from({ length: 400 }, (_, index) => `word${index % 10}`).join(" ");
    const window = 2 * (rule?.maxLength ?? 0) + 2 * lookaroundReach;
    for (const [scheme, redacted] of [
      [`s${"x".repeat(31)}`, true],
      [`s${"x".repeat(32)}`, false],
      [`1${"x".repeat(20)}`, false],
    ] as const) {
      const url = `${scheme}://deploy:hunter22@db.internal/app`;
      for (let offset = 0; offset <= Math.min(filler.length, window + 80); offset += 1) {
        const text = `${filler.slice(0, offset)} ${url} ${filler.slice(offset)}`;
        const expected = redacted ? text.replace("hunter22", "[REDACTED:url-credentials]") : text;
        expect(tiny.redactString(text).text, `${scheme} at ${offset}`).toBe(expected);
      }
    }
  });
});

describe("built-in rules leave ordinary transcript text alone", () => {
  const random = deterministicRandom(42);
  const integrity = (text: string): string => `sha512-${createHash("sha512").update(text).digest("base64")}`;
  const imageBytes = Buffer.from(Array.from({ length: 150_000 }, () => Math.floor(random() * 256)));

  const ordinaryTexts: Record<string, string> = {
    prose: [
      "Your API key is stored in the keychain; rotate the secret every 90 days and never share the password.",
      "The token budget is 200000 tokens: 1,234 input tokens and 567 output tokens so far. Max tokens: 4096.",
      "I'll add a `key` prop to each list item, then store the session token in a secure cookie.",
      "Authorization is handled by the gateway. The bearer of this token has access; Bearer tokens expire after an hour.",
      "Authorization: required for every endpoint. Proxy-Authorization: optional-when-tunnelling.",
      "Send the header as `Authorization: Bearer $ANTHROPIC_API_KEY` or `Authorization: Bearer <token>`.",
      'Set `password_min_length = 12`, `secret_rotation_days = 90` and keep `api_key = os.environ["API_KEY"]`.',
      "const client = new Client({ apiKey: process.env.OPENAI_API_KEY, baseURL: 'https://api.example.com/v1' });",
      '{"api_key": "YOUR_API_KEY", "access_token": "${{ secrets.GITHUB_TOKEN }}"}',
      "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
      "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ\n-----END CERTIFICATE-----",
      "Clone with git@github.com:acme/widgets.git or ssh://git@github.com/acme/widgets.git, then open http://localhost:3000/login?next=/home.",
      "Mail support@example.com; see https://example.com:8443/docs/auth#tokens and http://user@example.com/profile.",
      "The AKIA prefix marks long-term AWS keys; sk- prefixes are OpenAI's, ghp_ GitHub's, xoxb- Slack's, AIza Google's.",
      "Run `npm install --save-dev fast-check` then `git rebase -i HEAD~3`. Keys: Ctrl+C, Esc, Enter.",
      'The JWT header starts with eyJ, which is just base64 for {"; a Basic auth header carries base64 of user:password.',
      "task-proj-dashboard-refactoring-plan-v2 and disk-admin-tools-for-the-cluster are branch names.",
      "Basic usage: run the tool with --help. BASIC programs, Basic Settings, basic authentication and Basic Latin.",
      "Set OPENAI_API_KEY=$OPENAI_API_KEY or api_key=your-api-key-here; the refresh_token: is optional.",
      '{\\"url\\": \\"https:\\/\\/example.com\\/docs\\/auth\\", \\"next\\": \\"http%3A%2F%2Flocalhost%3A3000%2Flogin\\"}',
      "Open http://localhost:3000?email=me@example.com or http://localhost:8080/users/me@example.com in the browser.",
    ].join("\n"),
    "base64 image data": `data:image/png;base64,${imageBytes.toString("base64")}`,
    "base64url data": imageBytes.toString("base64url").slice(0, 50_000),
    UUIDs: Array.from({ length: 200 }, () => randomUUID()).join(", "),
    "git SHAs": Array.from({ length: 200 }, (_, index) => createHash("sha1").update(String(index)).digest("hex")).join(
      "\n",
    ),
    "npm integrity hashes": Array.from(
      { length: 200 },
      (_, index) => `"integrity": "${integrity(`package-${index}`)}"`,
    ).join(",\n"),
    "sha256 digests": Array.from(
      { length: 200 },
      (_, index) => `sha256:${createHash("sha256").update(String(index)).digest("hex")}`,
    ).join(" "),
  };

  it.each(Object.entries(ordinaryTexts))("%s", (_name, text) => {
    const result = redactor.redactString(text);
    expect(result.counts).toEqual({});
    expect(result.text).toBe(text);
  });
});

describe("compileUserRule", () => {
  it("accepts a valid rule given as a string or a RegExp", () => {
    expect(compileUserRule({ id: "acme-token", pattern: "acme_[a-z0-9]{32}" })).toMatchObject({
      id: "acme-token",
      description: "User rule acme-token",
      maxLength: 37,
    });
    const rule = compileUserRule({
      id: "acme-key",
      pattern: /ACME-KEY=(?<secret>[a-z0-9]{16,64})/giy,
      description: "ACME keys",
    });
    expect(rule.pattern.flags).toBe("i");
    expect(rule.description).toBe("ACME keys");
    expect(compileUserRule({ id: "unbounded", pattern: "acme_[a-z0-9]+" }).maxLength).toBe(1024);
    expect(compileUserRule({ id: "declared", pattern: "acme_[a-z0-9]+", maxLength: 100 }).maxLength).toBe(100);
  });

  it.each([
    ["Acme-Token", "upper case"],
    ["acme_token", "underscore"],
    ["-acme", "leading hyphen"],
    ["acme--token", "double hyphen"],
    ["acme-", "trailing hyphen"],
    ["", "empty"],
    ["a".repeat(65), "too long"],
    ["sensitive-field", "reserved"],
  ])("rejects the id %j (%s)", (id) => {
    expect(() => compileUserRule({ id, pattern: "acme_[a-z]{8}" })).toThrow(RedactionRuleError);
    expect(() => compileUserRule({ id, pattern: "acme_[a-z]{8}" })).toThrow(JSON.stringify(id));
  });

  it("rejects patterns that do not compile, are empty, or are not patterns", () => {
    expect(() => compileUserRule({ id: "broken", pattern: "acme_[a-z" })).toThrow(
      /"broken": the pattern does not compile/,
    );
    expect(() => compileUserRule({ id: "empty", pattern: "" })).toThrow(/"empty": the pattern is empty/);
    expect(() => compileUserRule({ id: "number", pattern: 42 as unknown as string })).toThrow(
      /"number": the pattern must be/,
    );
    expect(() => compileUserRule({ id: "huge", pattern: "acme_[a-z]{8}", maxLength: 1e9 })).toThrow(
      /"huge": maxLength/,
    );
  });

  it.each([
    ["(a+)+", "nested quantifier"],
    ["(a*)*b", "nested quantifier"],
    ["(?:x\\w+)+y", "nested quantifier"],
    ["(a|a)*b", "overlapping alternation"],
    ["(?:ab|ac)+", "overlapping alternation"],
    ["(\\w|\\d)+!", "overlapping alternation"],
    ["(a)b\\1", "backreference"],
    ["(?<quote>['\"])x\\k<quote>", "named backreference"],
    ["x\\w+\\w*y", "adjacent overlapping quantifiers"],
    ["secret.*.*=", "adjacent overlapping quantifiers"],
    ["\\w+@example\\.com", "unbounded quantifier at the start"],
    ["a\\w+b", "unbounded quantifier that can contain its own prefix"],
    ["a*", "matches the empty string"],
  ])("rejects the dangerous pattern %s (%s), naming the rule", (pattern) => {
    const attempt = (): unknown => compileUserRule({ id: "user-rule", pattern });
    expect(attempt).toThrow(RedactionRuleError);
    expect(attempt).toThrow(/^Redaction rule "user-rule": the pattern is refused because /);
    expect(attempt).toThrow(expect.objectContaining({ ruleId: "user-rule" }));
  });
});
