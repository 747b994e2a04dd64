// The classes of redaction gaps found in issue "Hardening" (class 5), each generated around the boundaries of the
// rules: a token right after an escape sequence (JSON text in a string, nested JSON, C and percent escapes), a
// secret used as an object key, HTTP Basic credentials without a header name, sensitive keys in every spelling and in
// header lists, and chains of tokens each found only once its neighbour is redacted (which must cost linear work).
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ALPHANUMERIC, fakeSecrets } from "./fake-secrets.test.helpers.js";
import type { FakeSecret } from "./fake-secrets.test.helpers.js";
import { createRedactor, redactionPlaceholder } from "./index.js";
import { createRedactorWithoutPrefilter } from "./redactor.js";
import { keyWords } from "./sensitive-keys.js";
import { isBasicCredentials } from "./rules.js";

const redactor = createRedactor();
const reference = createRedactorWithoutPrefilter();
const samples = [...fakeSecrets(1), ...fakeSecrets(2), ...fakeSecrets(3)];
const HEX = "0123456789abcdefABCDEF";
const hex = (length: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...HEX), minLength: length, maxLength: length });

/** Every kind of escape sequence a token may follow in a transcript's strings. */
const escapeSequence = fc.oneof(
  fc.constantFrom("\\n", "\\t", "\\r", "\\b", "\\f", "\\v", "\\0", '\\"', "\\'", "\\\\", "\\/", "\\e", "\\a"),
  hex(4).map((digits) => `\\u${digits}`),
  hex(2).map((digits) => `\\x${digits}`),
  hex(2).map((digits) => `%${digits}`),
);
/** Token characters glued before the escape, as in `…ok\nghp_…`. */
const glue = fc.string({ unit: fc.constantFrom(...`${ALPHANUMERIC}_-`), maxLength: 4 });

/** `text` as it reads after `depth` rounds of being a JSON string inside JSON text. */
function jsonEncoded(text: string, depth: number): string {
  let encoded = text;
  for (let level = 0; level < depth; level += 1) encoded = JSON.stringify(encoded).slice(1, -1);
  return encoded;
}

function total(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

describe("a token right after an escape sequence", () => {
  it("is redacted after every escape, with token characters glued before the escape and an escape after it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        glue,
        escapeSequence,
        escapeSequence,
        (sample, before, escape, after) => {
          const text = `${before}${escape}${sample.text}${after}${before}`;
          const result = redactor.redactString(text);
          expect(result.text).not.toContain(sample.secret);
          expect(result.counts[sample.rule], `${sample.label} after ${escape}`).toBeGreaterThanOrEqual(1);
          expect(redactor.redactString(result.text)).toEqual({ text: result.text, counts: {} });
        },
      ),
      { numRuns: 1.5 * fc.readConfigureGlobal().numRuns! },
    );
  });

  it("is redacted in JSON text nested one to three times in a tool output, wherever it falls in a line", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom("", "line one\n", "ok\t", 'say "', "path\\", "caf\u00e9 \u2028"),
        (sample, depth, before) => {
          let output: unknown = { stdout: `${before}${sample.text}\nexit 0`, lines: [before, sample.text] };
          for (let level = 0; level < depth; level += 1) output = JSON.stringify(output);
          const { value, report } = redactor.redactValue({ type: "tool_result", output });
          const text = JSON.stringify(value);
          expect(text).not.toContain(jsonEncoded(sample.secret, depth + 1));
          expect(report.counts[sample.rule], `${sample.label} at depth ${depth}`).toBeGreaterThanOrEqual(2);
        },
      ),
    );
  });

  it("is still a boundary: a token glued to letters without an escape is part of a longer identifier", () => {
    const github = samples.find((sample) => sample.rule === "github-token")?.text ?? "";
    for (const text of [`x${github}`, `task-${github}`, `9${github}`])
      expect(redactor.redactString(text)).toEqual({ text, counts: {} });
  });

  it("finds header values written as JSON text with escaped quotes, at any nesting depth", () => {
    const token = samples.find((sample) => sample.label === "Bearer header")?.secret ?? "";
    const apiKey = samples.find((sample) => sample.label === "X-Api-Key header")?.secret ?? "";
    const aws = samples.find((sample) => sample.label === "STS JSON output")?.secret ?? "";
    for (let depth = 1; depth <= 3; depth += 1) {
      let text: unknown = { Authorization: `Bearer ${token}`, "x-api-key": apiKey, SecretAccessKey: aws };
      for (let level = 0; level < depth; level += 1) text = JSON.stringify(text, null, level % 2 === 0 ? 2 : 0);
      const result = redactor.redactString(text as string);
      for (const secret of [token, apiKey, aws]) expect(result.text, `depth ${depth}`).not.toContain(secret);
      expect(result.counts).toEqual({ "authorization-header": 1, "api-key-header": 1, "aws-secret-access-key": 1 });
    }
  });
});

describe("a secret used as an object key", () => {
  const wholeTokens = samples.filter((sample) => sample.text === sample.secret && !sample.text.includes("\n"));

  it("is redacted like any string, counted, and no entry is lost or overwritten", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...wholeTokens), {
          minLength: 1,
          maxLength: 4,
          selector: (sample) => sample.text,
        }),
        fc.constantFrom("", "key ", "https://x/?t="),
        fc.boolean(),
        (tokens, prefix, withPlaceholderKey) => {
          const input: Record<string, unknown> = { plain: "value" };
          // A key that already reads like a redacted one: the redacted keys must not overwrite it.
          if (withPlaceholderKey) input[redactionPlaceholder(tokens[0]?.rule ?? "jwt")] = "was here first";
          for (const [index, token] of tokens.entries()) input[`${prefix}${token.text}`] = { index };
          const { value, report } = redactor.redactValue(input);
          const keys = Object.keys(value);
          expect(keys).toHaveLength(Object.keys(input).length);
          for (const token of tokens) for (const key of keys) expect(key).not.toContain(token.secret);
          expect(total(report.counts)).toBe(tokens.length);
          const indexes = keys.flatMap((key) => {
            const entry = value[key] as { index?: number } | undefined;
            return typeof entry === "object" && entry?.index !== undefined ? [entry.index] : [];
          });
          expect(indexes.sort()).toEqual(tokens.map((_, index) => index));
          // The placeholder-like key's value survives, and appears only when the input had it.
          expect(Object.values(value).includes("was here first")).toBe(withPlaceholderKey);
          expect(redactor.redactValue(value)).toEqual({ value, report: { counts: {}, total: 0 } });
        },
      ),
    );
  });

  it("numbers keys that redact alike in order, deeper than the recursion limit too", () => {
    const [first, second] = samples.filter((sample) => sample.rule === "github-token");
    const input = { [first?.text ?? ""]: 1, [second?.text ?? ""]: 2 };
    let deep: unknown = input;
    for (let level = 0; level < 80; level += 1) deep = { child: deep };
    const expected = { "[REDACTED:github-token]": 1, "[REDACTED:github-token] (2)": 2 };
    expect(redactor.redactValue(input).value).toEqual(expected);
    let cursor = redactor.redactValue(deep).value as { child?: unknown };
    for (let level = 0; level < 80; level += 1) cursor = cursor.child as { child?: unknown };
    expect(cursor).toEqual(expected);
  });
});

describe("HTTP Basic credentials without a header name", () => {
  const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)) });

  it("are redacted anywhere when the base64 decodes to `user:password`", () => {
    fc.assert(
      fc.property(
        printable.filter((user) => !user.includes(":")),
        printable,
        fc.constantFrom("", "use ", "-H 'X-Auth: ", "\\n", '"', "then basic "),
        (user, password, before) => {
          const credentials = Buffer.from(`${user}:${password}`).toString("base64");
          fc.pre(credentials.length >= 8);
          const result = redactor.redactString(`${before}Basic ${credentials} done`);
          expect(result.text).toBe(`${before}Basic ${redactionPlaceholder("basic-credentials")} done`);
        },
      ),
    );
  });

  it("are told from prose by decoding: a word after Basic is redacted exactly when it is the base64 of text with a colon", () => {
    const word = fc.oneof(
      fc.string({
        unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        minLength: 1,
        maxLength: 20,
      }),
      fc.constantFrom("usage", "Settings", "authentication", "Latin", "principles", "auth", "operations", "examples"),
      fc.uint8Array({ minLength: 3, maxLength: 30 }).map((bytes) => Buffer.from(bytes).toString("base64")),
    );
    fc.assert(
      fc.property(word, fc.constantFrom("Basic", "basic", "BASIC"), (candidate, basic) => {
        const text = `${basic} ${candidate} is covered here.`;
        const decoded = Buffer.from(candidate, "base64");
        const credentials =
          candidate.length >= 8 &&
          candidate.length % 4 === 0 &&
          decoded.toString("base64") === candidate &&
          new TextDecoder().decode(decoded).includes(":") &&
          !/\p{Cc}/u.test(new TextDecoder().decode(decoded)) &&
          !new TextDecoder().decode(decoded).includes("\ufffd");
        expect(isBasicCredentials(candidate) && candidate.length >= 8).toBe(credentials);
        expect(redactor.redactString(text).counts).toEqual(credentials ? { "basic-credentials": 1 } : {});
      }),
    );
  });
});

/** The same words written the ways keys are: `x-vault-token`, `X_VAULT_TOKEN`, `xVaultToken`, `X-Vault-Token`, … */
function spell(words: readonly string[], style: number): string {
  const capital = (word: string): string => (word[0] ?? "").toUpperCase() + word.slice(1);
  switch (style % 7) {
    case 0:
      return words.join("-");
    case 1:
      return words.join("_");
    case 2:
      return words.map((word) => word.toUpperCase()).join("_");
    case 3:
      return words.map((word, index) => (index === 0 ? word : capital(word))).join("");
    case 4:
      return words.map(capital).join("-");
    case 5:
      return words.join(".");
    default:
      return words.map(capital).join("");
  }
}

describe("sensitive keys", () => {
  const sensitive = [
    ["authorization"],
    ["proxy", "authorization"],
    ["token"],
    ["auth"],
    ["x", "api", "key"],
    ["x", "goog", "api", "key"],
    ["x", "api", "token"],
    ["x", "vault", "token"],
    ["x", "csrf", "token"],
    ["x", "functions", "key"],
    ["api", "token"],
    ["refresh", "token"],
    ["access", "token"],
    ["github", "access", "token"],
    ["openai", "api", "key"],
    ["password"],
    ["db", "password"],
    ["new", "password"],
    ["client", "secret"],
    ["webhook", "secret"],
    ["aws", "secret", "access", "key"],
    ["ssh", "private", "key"],
    ["session", "token"],
    ["set", "cookie"],
  ];
  const ordinary = [
    ["max", "tokens"],
    ["input", "tokens"],
    ["eos", "token"],
    ["next", "page", "token"],
    ["password", "hash"],
    ["password", "min", "length"],
    ["tokenizer"],
    ["keyboard"],
    ["key"],
    ["pwd"],
    ["api", "key", "id"],
    ["credentials"],
    ["secret", "name"],
    ["author"],
  ];
  const value = fc.string({ minLength: 1, maxLength: 24 }).filter((text) => !/^\s*$/.test(text));

  it("are recognised in every spelling, and so are their values in header lists and name/value pairs", () => {
    fc.assert(
      fc.property(fc.constantFrom(...sensitive), fc.nat(), value, (words, style, secret) => {
        const key = spell(words, style);
        const placeholder = redactionPlaceholder("sensitive-field");
        const input = {
          [key]: secret,
          headers: [{ name: key, value: secret }],
          postman: [{ key, value: secret, type: "text" }],
          pairs: [[key, secret]],
          rawHeaders: ["Host", "example.com", key, secret],
        };
        const { value: result } = redactor.redactValue(input);
        expect(result).toEqual({
          [key]: placeholder,
          headers: [{ name: key, value: placeholder }],
          postman: [{ key, value: placeholder, type: "text" }],
          pairs: [[key, placeholder]],
          rawHeaders: ["Host", "example.com", key, placeholder],
        });
      }),
    );
  });

  it("are not keys that merely share a word with one, in any spelling", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ordinary),
        fc.nat(),
        fc.constantFrom("gpt-4o", "12", "abc", "</s>"),
        (words, style, text) => {
          const key = spell(words, style);
          const input = { [key]: text, pairs: [[key, text]], headers: [{ name: key, value: text }] };
          expect(redactor.redactValue(input).value).toEqual(input);
        },
      ),
    );
  });

  it("split into words at separators and case changes", () => {
    expect(keyWords("xApiToken")).toEqual(["x", "api", "token"]);
    expect(keyWords("X-Goog-Api-Key")).toEqual(["x", "goog", "api", "key"]);
    expect(keyWords("AWS_SECRET_ACCESS_KEY")).toEqual(["aws", "secret", "access", "key"]);
    expect(keyWords("HTTPHeaderToken")).toEqual(["http", "header", "token"]);
    expect(keyWords("db.password")).toEqual(["db", "password"]);
  });

  it("treat `token` beside a log-probability field as a model's output token", () => {
    const records = [
      { token: " world", logprob: -0.2, bytes: [32], top_logprobs: [] },
      { token: "Hello", logProbability: -0.1 },
      { token: "x", log_probability: -1 },
    ];
    expect(redactor.redactValue(records).value).toEqual(records);
    expect(redactor.redactValue({ token: "abc", id: 3 }).value).toEqual({ token: "[REDACTED:sensitive-field]", id: 3 });
  });

  it("take `*` in a user's list, one or more words", () => {
    const instance = createRedactor({ sensitiveKeys: ["x-*-signature", "pin"] });
    expect(
      instance.redactValue({ "X-Hub-Signature": "s", xAmzSignature: "s", "x-signature": "s", PIN: "1", password: "p" })
        .value,
    ).toEqual({
      "X-Hub-Signature": "[REDACTED:sensitive-field]",
      xAmzSignature: "[REDACTED:sensitive-field]",
      "x-signature": "s",
      PIN: "[REDACTED:sensitive-field]",
      password: "p",
    });
  });
});

describe("tokens each found only once their neighbour is redacted", () => {
  /** A token of the longest length its rule matches: whatever follows it starts a token glued to it. */
  const longest = fc.constantFrom(
    (random: string): string => `gh${"p"}_${random.slice(0, 251)}`,
    (random: string): string => `sk${"_"}live_${random.slice(0, 250)}`,
    (random: string): string => `xox${"b"}-${random.slice(0, 251)}`,
    (random: string): string =>
      `AK${"IA"}${random
        .toUpperCase()
        .replace(/[^A-Z2-7]/g, "A")
        .slice(0, 16)}`,
  );
  const body = fc.string({ unit: fc.constantFrom(...ALPHANUMERIC), minLength: 260, maxLength: 260 });
  const chain = fc
    .array(fc.tuple(longest, body), { minLength: 1, maxLength: 12 })
    .map((items) => items.map(([make, random]) => make(random)));
  const separator = fc.constantFrom("", "", "", " ", "\\n", "[REDACTED:jwt]");
  const piece = fc.oneof(
    chain.map((tokens) => tokens.join("")),
    fc.constantFrom(...samples).map((sample: FakeSecret) => sample.text),
    fc.string({ maxLength: 12 }),
  );

  it("are all found, exactly as rescanning every changed stretch whole would find them, and once", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, separator), { maxLength: 6 }), fc.boolean(), (parts, tiny) => {
        const text = parts.map(([part, glueText]) => part + glueText).join("");
        const instance = tiny ? createRedactor({ windowBytes: 1 }) : redactor;
        const result = instance.redactString(text);
        expect(result).toEqual(reference.redactString(text));
        expect(instance.redactString(result.text)).toEqual({ text: result.text, counts: {} });
      }),
    );
  });

  describe("cost work in proportion to their number", () => {
    afterEach(() => vi.restoreAllMocks());

    /** The characters handed to regular-expression runs from where each starts: an upper bound of what they scan. */
    function scanned(text: string): { characters: number; total: number } {
      const original = RegExp.prototype.exec;
      let characters = 0;
      vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, input: string) {
        characters += input.length - Math.min(this.global || this.sticky ? this.lastIndex : 0, input.length);
        return original.call(this, input);
      });
      const result = redactor.redactString(text);
      vi.restoreAllMocks();
      return { characters, total: total(result.counts) };
    }

    it("for a chain of 200 and of 400 back-to-back tokens", () => {
      const random = "q7".repeat(200);
      const token = (index: number): string =>
        index % 2 === 0 ? `gh${"p"}_${random.slice(0, 251)}` : `sk${"_"}live_${random.slice(0, 250)}`;
      const text = (count: number): string =>
        `start -----BEGIN .eyJ authorization api_key basic :// ` +
        Array.from({ length: count }, (_, index) => token(index)).join("");
      const small = scanned(text(200));
      const large = scanned(text(400));
      expect(small.total).toBe(200);
      expect(large.total).toBe(400);
      // Rescanning the whole remaining text after each redaction would make this ratio about 4.
      expect(large.characters / small.characters).toBeLessThan(2.3);
    });
  });
});
