import { createHash, randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fakeSecrets, randomCharacters, deterministicRandom } from "./fake-secrets.test.helpers.js";
import { isValidKeyword } from "./keywords.js";
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

  // The prefilter runs a rule only on strings holding one of its keywords: a match without one would be lost.
  it("occur in every match of every sample secret, so the prefilter never skips a rule that would match", () => {
    const allSamples = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((start) => fakeSecrets(start));
    for (const sample of allSamples) {
      const rule = ruleOf(sample.rule);
      const global = new RegExp(rule.pattern.source, `${rule.pattern.flags}g`);
      const matches = [...`Here is the output:\n${sample.text}\nas requested.`.matchAll(global)];
      expect(matches.length, sample.label).toBeGreaterThan(0);
      for (const match of matches) {
        const text = match[0].replace(/[A-Z]/g, (letter) => letter.toLowerCase());
        expect(
          rule.keywords?.some((keyword) => text.includes(keyword)),
          `${sample.rule} (${sample.label}): ${match[0].slice(0, 40)}`,
        ).toBe(true);
      }
    }
  });

  it("occur in every match of every rule on the texts the redactor tests use", () => {
    // Everything any rule matches in a mix of secrets, near misses and connectors.
    const pieces = fc.oneof(
      fc.constantFrom(...fakeSecrets(9).map((sample) => sample.text)),
      fc.constantFrom(
        " ",
        "\n",
        ":",
        "=",
        "@",
        "/",
        '"',
        "Bearer ",
        "Authorization: ",
        "X-Api-Key: ",
        "https://user:",
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
          for (const match of text.matchAll(new RegExp(rule.pattern.source, `${rule.pattern.flags}g`))) {
            const folded = match[0].replace(/[A-Z]/g, (letter) => letter.toLowerCase());
            expect(
              rule.keywords?.some((keyword) => folded.includes(keyword)),
              `${rule.id}: ${match[0]}`,
            ).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the url-credentials rule", () => {
  const rule = builtInRules.find((candidate) => candidate.id === "url-credentials");
  /** The rule's pattern before it was anchored on `://`: the scheme was part of the match. */
  const previousPattern =
    /(?<![\w+.-])[a-z][\w+.-]{1,31}:\/\/[^\s"'/:<>?@`#]{0,256}:(?<secret>[^\s"'/<>?@`#]{1,256})@/dgi;
  const secrets = (pattern: RegExp, text: string): [number, number][] =>
    [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace(/[dg]/g, "")}dg`))].map(
      (match) => match.indices?.groups?.secret ?? [-1, -1],
    );

  it("starts its pattern with the literal `://`, so the engine skips to each `://` instead of trying every position", () => {
    expect(rule?.pattern.source.startsWith(":\\/\\/")).toBe(true);
    expect(rule?.keywords).toEqual(["://"]);
  });

  it("finds exactly the passwords the previous pattern found", () => {
    // Every scheme length from 0 to 40 is equally likely: the edges (1, 2, 32, 33) are what matter.
    const scheme = fc
      .tuple(
        fc.integer({ min: 0, max: 40 }),
        fc.string({ unit: fc.constantFrom(..."aZ9_+.-x"), minLength: 40, maxLength: 40 }),
      )
      .map(([length, characters]) => characters.slice(0, length));
    const userinfo = fc.string({ unit: fc.constantFrom(..."ab9_-.%:@/ "), maxLength: 12 });
    const url = fc
      .tuple(fc.constantFrom("", " ", "/", "x", "+", "@", ":"), scheme, userinfo, userinfo)
      .map(([before, name, user, password]) => `${before}${name}://${user}:${password}@host`);
    const piece = fc.oneof(
      url,
      scheme,
      fc.constantFrom(
        "://",
        "://",
        ":",
        "@",
        "/",
        " ",
        '"',
        "#",
        "?",
        "user",
        "p4ss",
        "[REDACTED:jwt]",
        "\n",
        "https://",
        "postgres+psycopg2://",
      ),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
        const text = parts.join("");
        expect(secrets(rule?.pattern ?? /$^/, text)).toEqual(secrets(previousPattern, text));
      }),
      { numRuns: 2000 },
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
    try {
      attempt();
    } catch (error) {
      expect((error as RedactionRuleError).ruleId).toBe("user-rule");
    }
  });
});
