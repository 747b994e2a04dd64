import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { fakeSecrets, randomCharacters, deterministicRandom } from "./fake-secrets.test.helpers.js";
import type { FakeSecret } from "./fake-secrets.test.helpers.js";
import { createRedactor, defaultSensitiveKeys, RedactionRuleError } from "./index.js";
import { createRedactorWithoutPrefilter } from "./redactor.js";
import { lookaroundReach } from "./rules.js";

const redactor = createRedactor();
/** The smallest windows the rules allow: every window edge case gets exercised. */
const tinyWindowRedactor = createRedactor({ windowBytes: 1 });
const samples = [...fakeSecrets(1), ...fakeSecrets(2)];
const sampleOf = (rule: string): FakeSecret => {
  const sample = samples.find((candidate) => candidate.rule === rule);
  if (sample === undefined) throw new Error(`no sample for ${rule}`);
  return sample;
};

function lorem(random: () => number, length: number): string {
  const words = [
    "the",
    "agent",
    "token",
    "key",
    "secret",
    "password",
    "reads",
    "file",
    "config",
    "tests",
    "pass",
    "and",
    "then",
    "runs",
    "build",
    "output:",
  ];
  let text = "";
  while (text.length < length) text += `${words[Math.floor(random() * words.length)]} `;
  return text.slice(0, length);
}

describe("redactString", () => {
  it("replaces each secret with a placeholder naming its rule and counts per rule", () => {
    const github = sampleOf("github-token").text;
    const aws = sampleOf("aws-access-key-id").text;
    const result = redactor.redactString(`first ${github}, second ${github}; key id ${aws}.`);
    expect(result.text).toBe(
      "first [REDACTED:github-token], second [REDACTED:github-token]; key id [REDACTED:aws-access-key-id].",
    );
    expect(result.counts).toEqual({ "github-token": 2, "aws-access-key-id": 1 });
  });

  it("returns text without secrets unchanged, with empty counts", () => {
    expect(redactor.redactString("")).toEqual({ text: "", counts: {} });
    expect(redactor.redactString("nothing to see here")).toEqual({ text: "nothing to see here", counts: {} });
  });

  it("keeps placeholders already in the input exactly as they are, and counts nothing for them", () => {
    const text = "[REDACTED:github-token] [REDACTED:my-custom-rule][REDACTED:sensitive-field] Bearer [REDACTED:jwt]";
    expect(redactor.redactString(text)).toEqual({ text, counts: {} });
  });

  it("redacts secrets right next to placeholders without disturbing them", () => {
    const github = sampleOf("github-token").text;
    expect(redactor.redactString(`[REDACTED:jwt]${github}[REDACTED:jwt]`)).toEqual({
      text: "[REDACTED:jwt][REDACTED:github-token][REDACTED:jwt]",
      counts: { "github-token": 1 },
    });
  });

  it("treats malformed placeholders as ordinary text", () => {
    const github = sampleOf("github-token").text;
    expect(redactor.redactString(`[REDACTED:]${github} [REDACTED:Upper]`).text).toBe(
      "[REDACTED:][REDACTED:github-token] [REDACTED:Upper]",
    );
    // Rule ids have at most 64 characters, so a longer "id" is not a placeholder: under a sensitive key it is redacted.
    const longest = `[REDACTED:${"a".repeat(64)}]`;
    expect(redactor.redactValue({ password: longest }).value).toEqual({ password: longest });
    expect(redactor.redactValue({ password: `[REDACTED:${"a".repeat(65)}]` }).value).toEqual({
      password: "[REDACTED:sensitive-field]",
    });
  });

  it("names an overlap after the more specific rule and counts it once", () => {
    const jwt = sampleOf("jwt").text;
    expect(redactor.redactString(`Authorization: Bearer ${jwt}`)).toEqual({
      text: "Authorization: Bearer [REDACTED:jwt]",
      counts: { jwt: 1 },
    });
    const installationToken = `ghs_${sampleOf("github-token").text.slice(4)}`;
    expect(redactor.redactString(`https://x-access-token:${installationToken}@github.com/acme/app.git`)).toEqual({
      text: "https://x-access-token:[REDACTED:github-token]@github.com/acme/app.git",
      counts: { "github-token": 1 },
    });
  });

  it("rejects non-strings", () => {
    expect(() => redactor.redactString(42 as unknown as string)).toThrow(TypeError);
  });
});

/** Text with fake secrets, near-misses, placeholders and tricky connectors mixed into arbitrary strings. */
const secretTexts = samples.map((sample) => sample.text);
const connectors = [
  " ",
  "\n",
  ":",
  "=",
  "@",
  "/",
  "-",
  "_",
  '"',
  "Bearer ",
  "Authorization: ",
  "https://user:",
  "[REDACTED:",
  "]",
  "[REDACTED:github-token]",
  "[REDACTED:sensitive-field]",
  "eyJ",
  "sk-",
  "ghp_",
  "-----BEGIN RSA PRIVATE KEY-----\n",
  "-----END RSA PRIVATE KEY-----",
  "\\n",
  ".",
];
const fragmentArbitrary = fc.oneof(
  { arbitrary: fc.string({ maxLength: 30 }), weight: 3 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }), weight: 1 },
  { arbitrary: fc.constantFrom(...secretTexts), weight: 3 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...secretTexts), fc.nat())
      .map(([secret, cut]) => secret.slice(0, cut % secret.length)),
    weight: 1,
  },
  { arbitrary: fc.constantFrom(...connectors), weight: 3 },
);
const textWithSecretsArbitrary = fc.array(fragmentArbitrary, { maxLength: 16 }).map((parts) => parts.join(""));

describe("redaction properties", () => {
  it("is idempotent: a second run changes nothing and counts nothing", () => {
    fc.assert(
      fc.property(textWithSecretsArbitrary, (text) => {
        for (const instance of [redactor, tinyWindowRedactor]) {
          const first = instance.redactString(text);
          const second = instance.redactString(first.text);
          expect(second.text).toBe(first.text);
          expect(second.counts).toEqual({});
        }
      }),
    );
  });

  it("leaves no fake secret behind and counts each exactly once when secrets stand apart", () => {
    const words = ["the", "token", "key", "secret", "password", "is", "Bearer", "here:", "and", "\n"];
    const piece = fc.oneof(
      fc.constantFrom(...samples).map((sample) => ({ sample })),
      fc.constantFrom(...words).map((word) => ({ word })),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.map((item) => ("sample" in item ? item.sample.text : item.word)).join(" ");
        const embedded = pieces.flatMap((item) => ("sample" in item ? [item.sample] : []));
        const result = redactor.redactString(text);
        for (const sample of embedded) expect(result.text).not.toContain(sample.secret);
        expect(Object.values(result.counts).reduce((sum, count) => sum + count, 0)).toBe(embedded.length);
      }),
    );
  });

  it("finds the same secrets whatever the window size", () => {
    const filler = fc.nat({ max: 400 }).map((length) => lorem(deterministicRandom(length), length));
    const longText = fc
      .array(fc.oneof(textWithSecretsArbitrary, filler), { maxLength: 10 })
      .map((parts) => parts.join(" "));
    fc.assert(
      fc.property(longText, (text) => {
        expect(tinyWindowRedactor.redactString(text)).toEqual(redactor.redactString(text));
      }),
    );
  });
});

describe("the keyword prefilter", () => {
  const unfiltered = createRedactorWithoutPrefilter();

  it("never changes what is found: the same results as running every rule on every string", () => {
    const filler = fc.nat({ max: 400 }).map((length) => lorem(deterministicRandom(length), length));
    const text = fc.oneof(
      textWithSecretsArbitrary,
      fc.array(fc.oneof(textWithSecretsArbitrary, filler), { maxLength: 10 }).map((parts) => parts.join(" ")),
    );
    fc.assert(
      fc.property(text, (candidate) => {
        expect(redactor.redactString(candidate)).toEqual(unfiltered.redactString(candidate));
      }),
    );
  });

  it("never changes what is found in JSON values either", () => {
    const keys = fc.oneof(
      fc.constantFrom(
        "text",
        "name",
        "value",
        "password",
        "Authorization",
        "x-api-key",
        "__proto__",
        "headers",
        "token",
      ),
      fc.string({ maxLength: 8 }),
    );
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        textWithSecretsArbitrary,
        fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)),
        fc.array(tie("value"), { maxLength: 5 }),
        fc.dictionary(keys, tie("value"), { maxKeys: 5 }),
        fc
          .tuple(fc.constantFrom("Authorization", "Accept", "X-Api-Key"), textWithSecretsArbitrary)
          .map(([name, header]) => ({ name, value: header })),
      ),
    }));
    fc.assert(
      fc.property(value, (candidate) => {
        expect(redactor.redactValue(candidate)).toEqual(unfiltered.redactValue(candidate));
      }),
    );
  });

  it("finds secrets in long strings wherever they fall, including across the filter's 64 KiB chunks", () => {
    const long = lorem(deterministicRandom(12), 70_000);
    const secrets = samples.filter((_, index) => index % 3 === 0);
    for (const seam of [65_536]) {
      for (const sample of secrets) {
        for (const offset of [
          seam - sample.text.length - 1,
          seam - Math.floor(sample.text.length / 2),
          seam - 3,
          seam,
          seam + 1,
        ]) {
          const text = `${long.slice(0, offset)} ${sample.text} ${long.slice(offset)}`;
          const result = redactor.redactString(text);
          expect(result, `${sample.rule} at ${offset}`).toEqual(unfiltered.redactString(text));
          expect(result.text).not.toContain(sample.secret);
        }
      }
    }
  });

  it("runs a user rule with keywords only on strings that contain one, and one without keywords on every string", () => {
    const instance = createRedactor({
      builtIn: false,
      rules: [
        { id: "acme-token", pattern: "acme_[a-z0-9]{24}", keywords: ["ACME_"] },
        { id: "acme-pin", pattern: "PIN=(?<secret>[0-9]{4,8})" },
        // A wrong keyword hides the rule's matches: keywords must be in every match.
        { id: "acme-wrong", pattern: "wrong_[a-z]{8}", keywords: ["nowhere"] },
      ],
    });
    expect(instance.redactString("acme_0123456789abcdefghijklmn PIN=1234 wrong_abcdefgh")).toEqual({
      text: "[REDACTED:acme-token] PIN=[REDACTED:acme-pin] wrong_abcdefgh",
      counts: { "acme-token": 1, "acme-pin": 1 },
    });
    expect(instance.redactString("nowhere wrong_abcdefgh").text).toBe("nowhere [REDACTED:acme-wrong]");
    expect(instance.rules.map((rule) => rule.keywords)).toEqual([["ACME_"], undefined, ["nowhere"]]);
  });

  it("refuses malformed user keywords, naming the rule", () => {
    for (const keywords of [
      [],
      [""],
      ["caf\u00e9"],
      ["x".repeat(65)],
      Array.from({ length: 65 }, (_, index) => `k${index}`),
      [42],
      "acme_",
    ]) {
      expect(
        () =>
          createRedactor({
            rules: [{ id: "acme-token", pattern: "acme_[a-z0-9]{24}", keywords: keywords as string[] }],
          }),
        JSON.stringify(keywords),
      ).toThrow(/Redaction rule "acme-token": keywords must be/);
    }
  });
});

describe("window scanning", () => {
  const filler = lorem(deterministicRandom(3), 3000);

  it.each(["aws-access-key-id", "github-token", "jwt", "url-credentials", "authorization-header"])(
    "redacts a %s exactly once at every offset across window edges",
    (rule) => {
      const sample = sampleOf(rule);
      const expectedPlaceholder = sample.text.replace(sample.secret, `[REDACTED:${rule}]`);
      const windowed = tinyWindowRedactor.rules.find((candidate) => candidate.id === rule);
      const window = 2 * (windowed?.maxLength ?? 0) + 2 * lookaroundReach;
      // Sweep a span longer than two windows so the secret meets every edge in every phase.
      const stride = Math.max(1, Math.floor(window / 150));
      for (let offset = 0; offset <= Math.min(filler.length, 2 * window + 50); offset += stride) {
        const text = `${filler.slice(0, offset)} ${sample.text} ${filler.slice(offset)}`;
        const result = tinyWindowRedactor.redactString(text);
        expect(result.counts).toEqual({ [rule]: 1 });
        expect(result.text).toBe(`${filler.slice(0, offset)} ${expectedPlaceholder} ${filler.slice(offset)}`);
      }
    },
  );

  it("redacts a PEM private key straddling window edges exactly once", () => {
    const key = sampleOf("private-key").text;
    const longFiller = lorem(deterministicRandom(4), 40_000);
    for (let offset = 0; offset <= 36_000; offset += 997) {
      const text = `${longFiller.slice(0, offset)}\n${key}\n${longFiller.slice(offset)}`;
      const result = tinyWindowRedactor.redactString(text);
      expect(result.counts).toEqual({ "private-key": 1 });
      expect(result.text).toBe(`${longFiller.slice(0, offset)}\n[REDACTED:private-key]\n${longFiller.slice(offset)}`);
    }
  });

  it("never runs a regular expression over more than one window", () => {
    const secrets = samples.map((sample) => sample.text).join(" ");
    const text = `${lorem(deterministicRandom(5), 500_000)} ${secrets} ${lorem(deterministicRandom(6), 500_000)}`;
    const cases = [
      { instance: createRedactor(), limit: 65_536 },
      {
        instance: createRedactor({ windowBytes: 4096 }),
        limit: Math.max(4096, ...builtInMaxLengths().map((length) => 2 * length + 2 * lookaroundReach)),
      },
    ];
    for (const { instance, limit } of cases) {
      const exec = vi.spyOn(RegExp.prototype, "exec");
      let result: ReturnType<typeof instance.redactString>;
      try {
        result = instance.redactString(text);
      } finally {
        exec.mockRestore();
      }
      const longest = Math.max(...exec.mock.calls.map(([input]) => String(input).length));
      expect(longest).toBeLessThanOrEqual(limit);
      expect(Object.values(result.counts).reduce((sum, count) => sum + count, 0)).toBe(samples.length);
    }
  });

  it("rejects a window size that is not a positive integer", () => {
    for (const windowBytes of [0, -1, 1.5, Number.NaN, Infinity])
      expect(() => createRedactor({ windowBytes })).toThrow(RangeError);
  });
});

function builtInMaxLengths(): number[] {
  return redactor.rules.map((rule) => rule.maxLength);
}

describe("user rules", () => {
  it("run alongside the built-ins, replacing only the `secret` group when there is one", () => {
    const instance = createRedactor({
      rules: [
        { id: "acme-token", pattern: "acme_[a-z0-9]{24}" },
        { id: "acme-password", pattern: /ACME_PASSWORD=(?<secret>\S{1,64})/i, description: "ACME passwords" },
      ],
    });
    const github = sampleOf("github-token").text;
    const result = instance.redactString(`acme_0123456789abcdefghijklmn acme_password=hunter2! ${github}`);
    expect(result.text).toBe("[REDACTED:acme-token] acme_password=[REDACTED:acme-password] [REDACTED:github-token]");
    expect(result.counts).toEqual({ "acme-token": 1, "acme-password": 1, "github-token": 1 });
  });

  it("may use any kebab-case id, including names that Object.prototype has", () => {
    const instance = createRedactor({ builtIn: false, rules: [{ id: "constructor", pattern: "acme_[a-z0-9]{24}" }] });
    const { counts } = instance.redactString("acme_0123456789abcdefghijklmn and acme_0123456789abcdefghijklmn");
    expect(counts).toEqual({ constructor: 2 });
    expect(Object.hasOwn(counts, "constructor")).toBe(true);
  });

  it("skip matches whose `secret` group is empty", () => {
    const instance = createRedactor({
      builtIn: false,
      rules: [{ id: "acme-pin", pattern: "PIN:(?<secret>[0-9]{0,8})!" }],
    });
    expect(instance.redactString("PIN:! and PIN:1234!")).toEqual({
      text: "PIN:! and PIN:[REDACTED:acme-pin]!",
      counts: { "acme-pin": 1 },
    });
  });

  it("replace the built-ins with builtIn: false", () => {
    const instance = createRedactor({ builtIn: false, rules: [{ id: "acme-token", pattern: "acme_[a-z0-9]{24}" }] });
    expect(instance.rules.map((rule) => rule.id)).toEqual(["acme-token"]);
    const github = sampleOf("github-token").text;
    expect(instance.redactString(`${github} acme_0123456789abcdefghijklmn`).text).toBe(
      `${github} [REDACTED:acme-token]`,
    );
  });

  it("with unbounded patterns still find matches across window edges", () => {
    const instance = createRedactor({
      builtIn: false,
      windowBytes: 1,
      rules: [{ id: "acme-token", pattern: "acme_[a-z0-9]+", maxLength: 40 }],
    });
    const filler = lorem(deterministicRandom(8), 2000);
    for (let offset = 0; offset < 300; offset += 1) {
      const text = `${filler.slice(0, offset)} acme_0123456789abcdefghijklmnopqrstuvwxyz ${filler.slice(offset)}`;
      expect(instance.redactString(text).counts).toEqual({ "acme-token": 1 });
    }
  });

  it("are rejected at creation when dangerous, malformed or duplicated, with an error naming the rule", () => {
    expect(() => createRedactor({ rules: [{ id: "nested", pattern: "(a+)+$" }] })).toThrow(
      /Redaction rule "nested": the pattern is refused/,
    );
    expect(() => createRedactor({ rules: [{ id: "overlap", pattern: "(a|a)*b" }] })).toThrow(/"overlap"/);
    expect(() => createRedactor({ rules: [{ id: "backref", pattern: "(x)\\1" }] })).toThrow(/"backref".*backreference/);
    expect(() => createRedactor({ rules: [{ id: "Bad_Id", pattern: "acme_[a-z]{8}" }] })).toThrow(
      /"Bad_Id".*kebab-case/,
    );
    expect(() => createRedactor({ rules: [{ id: "github-token", pattern: "acme_[a-z]{8}" }] })).toThrow(
      /"github-token".*already/,
    );
    expect(() =>
      createRedactor({
        rules: [
          { id: "twice", pattern: "acme_[a-z]{8}" },
          { id: "twice", pattern: "acme_[0-9]{8}" },
        ],
      }),
    ).toThrow(RedactionRuleError);
    // Without the built-ins, a built-in id is free for a user rule, which then redacts under that name.
    const own = createRedactor({ builtIn: false, rules: [{ id: "github-token", pattern: "gh_[a-z]{8}" }] });
    expect(own.redactString("token gh_abcdefgh here").text).toBe("token [REDACTED:github-token] here");
  });
});

describe("redactValue", () => {
  it("redacts strings anywhere, and keys that hold a secret; keeps numbers, booleans and null", () => {
    const github = sampleOf("github-token").text;
    const input = {
      [github]: "the key itself is a token",
      text: `token ${github}`,
      nested: [{ deeper: [github, 1, true, null] }],
      count: 3,
      flag: false,
      nothing: null,
    };
    const { value, report } = redactor.redactValue(input);
    expect(value).toEqual({
      "[REDACTED:github-token]": "the key itself is a token",
      text: "token [REDACTED:github-token]",
      nested: [{ deeper: ["[REDACTED:github-token]", 1, true, null] }],
      count: 3,
      flag: false,
      nothing: null,
    });
    expect(report).toEqual({ counts: { "github-token": 3 }, total: 3 });
    expect(redactor.redactValue("plain")).toEqual({ value: "plain", report: { counts: {}, total: 0 } });
    expect(redactor.redactValue(42)).toEqual({ value: 42, report: { counts: {}, total: 0 } });
    expect(redactor.redactValue(null).value).toBeNull();
  });

  it("never mutates its input and builds fresh containers", () => {
    const github = sampleOf("github-token").text;
    const input = deepFreeze({ headers: { Authorization: `Bearer ${github}` }, list: [[github]], empty: {} });
    const before = JSON.stringify(input);
    const { value } = redactor.redactValue(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(value).not.toBe(input);
    expect(value.list).not.toBe(input.list);
    expect(value.list[0]).not.toBe(input.list[0]);
    expect(value.empty).not.toBe(input.empty);
    expect(Object.isFrozen(value)).toBe(false);
  });

  it("keeps a __proto__ key as an own property without touching any prototype", () => {
    const input: unknown = JSON.parse('{"__proto__": {"polluted": 1, "password": "hunter2"}, "a": {"__proto__": "x"}}');
    const { value } = redactor.redactValue(input);
    const result = value as Record<string, unknown>;
    expect(Object.hasOwn(result, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe(
      '{"__proto__":{"polluted":1,"password":"[REDACTED:sensitive-field]"},"a":{"__proto__":"x"}}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((result as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("keeps null-prototype objects null-prototype and returns non-JSON values as they are", () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { note: sampleOf("github-token").text });
    const date = new Date(0);
    const { value } = redactor.redactValue({ bare, date, missing: undefined });
    expect(Object.getPrototypeOf(value.bare)).toBeNull();
    expect(value.bare.note).toBe("[REDACTED:github-token]");
    expect(value.date).toBe(date);
    expect(Object.hasOwn(value, "missing")).toBe(true);
  });

  it("survives 10,000 levels of nesting", () => {
    const github = sampleOf("github-token").text;
    let deep: unknown = github;
    for (let level = 0; level < 10_000; level += 1) deep = level % 2 === 0 ? [deep] : { child: deep };
    const { value, report } = redactor.redactValue(deep);
    expect(report.total).toBe(1);
    let cursor: unknown = value;
    for (let level = 10_000 - 1; level >= 0; level -= 1)
      cursor = level % 2 === 0 ? (cursor as unknown[])[0] : (cursor as { child: unknown }).child;
    expect(cursor).toBe("[REDACTED:github-token]");
  });

  it("treats values below the recursion limit exactly like values near the top", () => {
    const github = sampleOf("github-token").text;
    const rich = (): unknown =>
      JSON.parse(
        JSON.stringify({
          text: `token ${github}`,
          password: "hunter2",
          "Set-Cookie": ["a=1", ["b=2"], 3],
          headers: [
            { name: "Authorization", value: "Bearer abc" },
            { key: "Accept", value: "text/html" },
          ],
          authorization: { note: github, count: 2 },
          list: [[github], { deeper: [null, true, 1.5, github] }],
          [github]: { keyed: true },
          [`${github} `]: "another key that redacts alike",
          pairs: [
            ["Authorization", "Bearer abc"],
            ["Host", "example.com", "X-Api-Key", "k"],
          ],
          logprobs: [{ token: " hi", logprob: -0.5 }],
          token: "opaque",
          "X-Vault-Token": "v",
        }),
      ) as unknown;
    const top = redactor.redactValue(rich());
    for (const depth of [1, 63, 64, 65, 130]) {
      let deep: unknown = rich();
      for (let level = 0; level < depth; level += 1) deep = level % 2 === 0 ? [deep] : { child: deep };
      const { value, report } = redactor.redactValue(deep);
      let cursor: unknown = value;
      for (let level = depth - 1; level >= 0; level -= 1)
        cursor = level % 2 === 0 ? (cursor as unknown[])[0] : (cursor as { child: unknown }).child;
      expect(cursor, `depth ${depth}`).toEqual(top.value);
      expect(report, `depth ${depth}`).toEqual(top.report);
    }
    const proto: unknown = JSON.parse('{"__proto__": {"password": "x"}}');
    let deepProto: unknown = proto;
    for (let level = 0; level < 100; level += 1) deepProto = { child: deepProto };
    expect(JSON.stringify(redactor.redactValue(deepProto).value)).toContain(
      '{"__proto__":{"password":"[REDACTED:sensitive-field]"}}',
    );
    expect(({} as Record<string, unknown>).password).toBeUndefined();
  });

  it("refuses cycles wherever they close, above or below the recursion limit", () => {
    for (const [top, bottom] of [
      [3, 10],
      [10, 63],
      [10, 64],
      [10, 200],
      [70, 200],
    ] as const) {
      const root: Record<string, unknown> = {};
      let cursor = root;
      let target: Record<string, unknown> | undefined;
      for (let level = 0; level < bottom; level += 1) {
        if (level === top) target = cursor;
        const next: Record<string, unknown> = { text: "x" };
        cursor.child = level % 3 === 0 ? [next] : next;
        cursor = next;
      }
      cursor.back = target;
      expect(() => redactor.redactValue(root), `${top} → ${bottom}`).toThrow(TypeError);
      // The same shape without the back edge is fine, and so are shared (not cyclic) references.
      delete cursor.back;
      const shared = { note: "shared" };
      cursor.shared = shared;
      expect(redactor.redactValue({ a: root, b: target, c: shared }).report.total).toBe(0);
    }
  });

  it("copies only own keys even when Object.prototype has enumerable properties", () => {
    const prototype = Object.prototype as Record<string, unknown>;
    prototype.injected = "ghp_injected";
    try {
      const github = sampleOf("github-token").text;
      const { value } = redactor.redactValue({ note: github, nested: { password: "p" } });
      expect(Object.keys(value)).toEqual(["note", "nested"]);
      expect(Object.hasOwn(value, "injected")).toBe(false);
      expect(value).toEqual({ note: "[REDACTED:github-token]", nested: { password: "[REDACTED:sensitive-field]" } });
    } finally {
      delete prototype.injected;
    }
  });

  it("refuses cyclic values with a TypeError, but copies shared references", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => redactor.redactValue(cyclic)).toThrow(TypeError);
    const shared = { note: "hi" };
    const { value } = redactor.redactValue({ first: shared, second: shared });
    expect(value.first).toEqual(shared);
    expect(value.second).toEqual(shared);
  });
});

describe("key-based redaction", () => {
  it("replaces whole non-empty strings under sensitive keys, whatever their case and separators", () => {
    const input = {
      Authorization: "Bearer abc",
      "Proxy-Authorization": "Basic abc",
      "X-API-Key": "short",
      apiKey: "k",
      API_KEY: "k",
      password: "hunter2",
      Passwd: "hunter2",
      secret: "s",
      client_secret: "s",
      ACCESS_TOKEN: "t",
      refreshToken: "t",
      Cookie: "session=1",
      "set-cookie": "session=1",
      "x-goog-api-key": "g",
    };
    const { value, report } = redactor.redactValue(input);
    for (const key of Object.keys(input))
      expect(value[key as keyof typeof input], key).toBe("[REDACTED:sensitive-field]");
    expect(report).toEqual({
      counts: { "sensitive-field": Object.keys(input).length },
      total: Object.keys(input).length,
    });
  });

  it("keeps numbers, booleans, null and empty strings under sensitive keys, and walks objects under them", () => {
    const github = sampleOf("github-token").text;
    const input = {
      password: 1234,
      secret: true,
      api_key: null,
      cookie: "",
      authorization: { scheme: "Bearer", note: github, token: "x" },
    };
    const { value, report } = redactor.redactValue(input);
    expect(value).toEqual({
      password: 1234,
      secret: true,
      api_key: null,
      cookie: "",
      authorization: { scheme: "Bearer", note: "[REDACTED:github-token]", token: "[REDACTED:sensitive-field]" },
    });
    expect(report.counts).toEqual({ "github-token": 1, "sensitive-field": 1 });
  });

  it("redacts every string in an array under a sensitive key", () => {
    const { value } = redactor.redactValue({ "Set-Cookie": ["a=1; Path=/", "b=2; HttpOnly", 3, ["c=4"]] });
    expect(value["Set-Cookie"]).toEqual([
      "[REDACTED:sensitive-field]",
      "[REDACTED:sensitive-field]",
      3,
      ["[REDACTED:sensitive-field]"],
    ]);
  });

  it("redacts the value of header-list entries named after a sensitive key", () => {
    const { value } = redactor.redactValue({
      headers: [
        { name: "Authorization", value: "Bearer abc" },
        { name: "Accept", value: "application/json" },
      ],
      postman: [{ key: "x-api-key", value: "abc", type: "text" }],
    });
    expect(value.headers).toEqual([
      { name: "Authorization", value: "[REDACTED:sensitive-field]" },
      { name: "Accept", value: "application/json" },
    ]);
    expect(value.postman).toEqual([{ key: "x-api-key", value: "[REDACTED:sensitive-field]", type: "text" }]);
  });

  it("leaves keys that merely contain a sensitive word alone, and a model's output token in a log-probability record", () => {
    const input = {
      max_tokens: 1000,
      logprobs: [
        { token: " world", logprob: -0.2, bytes: [32, 119], top_logprobs: [{ token: " World", logprob: -3 }] },
      ],
      gemini: { token: "Hello", logProbability: -0.1 },
      tokenizer: "cl100k",
      eos_token: "</s>",
      next_page_token: "CgwIARIICgYKBHRlc3Q",
      password_hash: "argon2id",
      keyboard: "qwerty",
      pwd: "/home/user",
      credentials: "include",
    };
    expect(redactor.redactValue(input).value).toEqual(input);
  });

  it("is idempotent: placeholders under sensitive keys are not counted again", () => {
    const first = redactor.redactValue({ password: "hunter2", authorization: `Bearer ${sampleOf("jwt").text}` });
    const second = redactor.redactValue(first.value);
    expect(second.value).toEqual(first.value);
    expect(second.report).toEqual({ counts: {}, total: 0 });
    expect(redactor.redactValue({ password: "[REDACTED:github-token] [REDACTED:jwt]" }).report.total).toBe(0);
  });

  it("uses the sensitiveKeys option instead of the default list", () => {
    const instance = createRedactor({ sensitiveKeys: [...defaultSensitiveKeys, "X-Internal-Signature"] });
    expect(instance.redactValue({ "x-internal-signature": "abc", password: "p" }).report.counts).toEqual({
      "sensitive-field": 2,
    });
    const only = createRedactor({ sensitiveKeys: ["pin"] });
    expect(only.redactValue({ PIN: "1234", password: "p" }).value).toEqual({
      PIN: "[REDACTED:sensitive-field]",
      password: "p",
    });
  });
});

describe("a large realistic value", () => {
  it("is redacted completely (about 1 MB of mixed JSON)", () => {
    const random = deterministicRandom(11);
    const secrets = fakeSecrets(5);
    const expected: Record<string, number> = {};
    const events: unknown[] = [];
    for (let index = 0; index < 1500; index += 1) {
      const secret = index % 40 === 0 ? secrets[(index / 40) % secrets.length] : undefined;
      if (secret !== undefined) expected[secret.rule] = (expected[secret.rule] ?? 0) + 1;
      const withHeaders = index % 100 === 0;
      if (withHeaders) expected["sensitive-field"] = (expected["sensitive-field"] ?? 0) + 1;
      events.push({
        id: randomUUID(),
        seq: index,
        type: index % 3 === 0 ? "tool_call" : "message",
        role: index % 2 === 0 ? "assistant" : "user",
        content: [{ type: "text", text: lorem(random, 300) + (secret === undefined ? "" : `\n${secret.text}\n`) }],
        tool: {
          name: "bash",
          input: { command: "ls -la && git status", cwd: "/workspace/app" },
          output: lorem(random, 200),
          exitCode: 0,
        },
        usage: {
          input_tokens: Math.floor(random() * 5000),
          output_tokens: Math.floor(random() * 500),
          cached: index % 7 === 0,
        },
        ...(withHeaders
          ? {
              http: {
                status: 200,
                headers: {
                  "content-type": "application/json",
                  "x-api-key": randomCharacters(random, "abcdef0123456789", 32),
                },
              },
            }
          : {}),
      });
    }
    const transcript = {
      version: 1,
      events,
      attachments: [
        {
          mediaType: "image/png",
          data: Buffer.from(Array.from({ length: 150_000 }, () => Math.floor(random() * 256))).toString("base64"),
        },
      ],
    };
    expect(JSON.stringify(transcript).length).toBeGreaterThan(1_000_000);
    const { value, report } = redactor.redactValue(transcript);
    expect(report.counts).toEqual(expected);
    const output = JSON.stringify(value);
    for (const secret of secrets) expect(output).not.toContain(secret.secret);
    expect(value.attachments[0]?.data).toBe(transcript.attachments[0]?.data);
  });
});

function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === "object" && current !== null && !Object.isFrozen(current)) {
      Object.freeze(current);
      pending.push(...Object.values(current));
    }
  }
  return value;
}
