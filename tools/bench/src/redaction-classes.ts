// Generated input classes for the redactor: what a transcript's strings can look like, ordinary and adversarial. The
// redactor must cost about the same per megabyte on every one of them; a class that costs far more than the rest is
// an input an attacker (or an unlucky tool output) can use to make an export crawl. Each class is the same number of
// bytes, half of them in one long string (window scanning, repeated passes) and half in many 512-byte strings
// (the per-string cost: prefilter, short-string skip), and contains no real secret. Deterministic: no Math.random.
import { deterministicRandom } from "@agent-transcript/fixtures/deterministic-random";

/** One input class: its strings, all ASCII (so code units = UTF-8 bytes). */
export interface RedactionInputClass {
  readonly label: string;
  readonly strings: readonly string[];
  readonly bytes: number;
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function characters(random: () => number, alphabet: string, length: number): string {
  let result = "";
  for (let index = 0; index < length; index += 1) result += alphabet[Math.floor(random() * alphabet.length)];
  return result;
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Concatenates pieces from `piece` until `length` characters, cut exactly there. */
function fill(length: number, piece: () => string): string {
  const parts: string[] = [];
  let total = 0;
  while (total < length) {
    const next = piece();
    parts.push(next);
    total += next.length;
  }
  return parts.join("").slice(0, length);
}

const words = [
  "the",
  "agent",
  "reads",
  "file",
  "config",
  "tests",
  "pass",
  "and",
  "then",
  "runs",
  "build",
  "output",
  "function",
  "returns",
  "value",
  "error",
  "retry",
  "request",
  "because",
  "server",
];

/** Half the bytes in one string, half in 512-byte strings. */
function split(label: string, bytes: number, generate: (length: number, seed: number) => string): RedactionInputClass {
  const long = generate(Math.floor(bytes / 2), 1);
  const shortLength = 512;
  const strings = [long];
  for (let seed = 2; strings.reduce((sum, text) => sum + text.length, 0) + shortLength <= bytes; seed += 1)
    strings.push(generate(shortLength, seed));
  return { label, strings, bytes: strings.reduce((sum, text) => sum + text.length, 0) };
}

function prose(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  return fill(length, () => {
    const sentence = Array.from({ length: 6 + Math.floor(random() * 10) }, () => pick(random, words)).join(" ");
    return `${sentence[0]?.toUpperCase() ?? ""}${sentence.slice(1)}${pick(random, [". ", ", ", ".\n", "; "])}`;
  });
}

/** JSON text stored in a string (a tool's output), one and two levels deep: escapes everywhere. */
function jsonText(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  return fill(length, () => {
    const record = {
      id: characters(random, "0123456789abcdef", 24),
      path: `/workspace/src/${pick(random, words)}/${pick(random, words)}.ts`,
      stdout: `${prose(80, seed + 1)}\n\t${pick(random, words)} "${pick(random, words)}" \\ \u00e9\u2028`,
      nested: JSON.stringify({ line: prose(60, seed + 2), code: Math.floor(random() * 1000), ok: random() < 0.5 }),
      lines: [prose(30, seed + 3), prose(30, seed + 4)],
    };
    return `${JSON.stringify(record).replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`)}\n`;
  });
}

function base64Blobs(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  const bytes = Buffer.from(Array.from({ length: Math.ceil((length * 3) / 4) + 3 }, () => Math.floor(random() * 256)));
  return (seed % 2 === 0 ? bytes.toString("base64url") : bytes.toString("base64")).slice(0, length);
}

/** Private-key BEGIN lines with no END line and no key material: the near miss of the private-key rule. */
function pemHeaders(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  const header = `-----BEGIN ${"PRIVATE"} KEY-----`;
  const labels = ["", "RSA ", "EC ", "OPENSSH ", "ENCRYPTED "];
  return fill(length, () => {
    const line = header.replace("BEGIN ", `BEGIN ${pick(random, labels)}`);
    return `${line}${pick(random, ["\n", "\\n", '", "', ". ", " "])}`;
  });
}

/** URLs and schemes everywhere, with user names, ports and colons, but no password. */
function manySchemes(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  return fill(length, () => {
    const scheme = pick(random, ["https", "http", "postgres", "s3", "git+ssh", "redis", "a", "file"]);
    const host = `${pick(random, words)}.example.com`;
    return pick(random, [
      `${scheme}://${host}/${pick(random, words)}?q=${pick(random, words)} `,
      `${scheme}://${pick(random, words)}@${host}:5432/db `,
      `${scheme}://${host}:8080 `,
      `://${pick(random, words)}:${pick(random, words)} `,
      `${scheme}%3A%2F%2F${host}%2F${pick(random, words)} `,
      `${scheme}:\\/\\/${host}\\/${pick(random, words)} `,
    ]);
  });
}

/** The keywords of every built-in rule, each followed by something that is not a secret. */
function keywordHits(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  const keywords = [
    "Bearer ",
    "Authorization: ",
    "authorization=",
    "Basic ",
    "sk-",
    "sk-ant-",
    "sk-proj-",
    "gh" + "p_",
    "github" + "_pat_",
    "glpat-",
    "xo" + "xb-",
    "xapp-",
    "AK" + "IA",
    "AI" + "za",
    "api_key: ",
    "X-Api-Key: ",
    "access_token=",
    "aws_secret_access_key = ",
    "secret",
    ".ey" + "J",
    "h" + "f_",
    "np" + "m_",
    "wh" + "sec_",
    "sk" + "_live_",
    "hooks.slack.com/",
    "-----BEGIN ",
    "://",
    "%3A%2F%2F",
  ];
  return fill(length, () => `${pick(random, keywords)}${pick(random, words)}${pick(random, [" ", "\n", ", ", "; "])}`);
}

/** Long runs of token characters, bare and after a keyword: the longest matches and lookaheads the rules allow. */
function longTokens(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  return fill(length, () => {
    const run = characters(random, `${ALPHANUMERIC}_-`, 2000 + Math.floor(random() * 6000));
    return `${pick(random, ["", "Bearer ", "token: ", "api_key=", ""])}${run} `;
  });
}

/**
 * Tokens of the longest length their rules match, back to back: each one is found only once its neighbour has been
 * redacted (the neighbour's last character hides its start), the input that makes a redact-until-stable loop rescan.
 */
function adjacentTokens(length: number, seed: number): string {
  const random = deterministicRandom(seed);
  return fill(length, () =>
    pick(random, [
      `gh${"p"}_${characters(random, ALPHANUMERIC, 251)}`,
      `sk${"_"}live_${characters(random, ALPHANUMERIC, 250)}`,
      `xox${"b"}-${characters(random, ALPHANUMERIC, 251)}`,
    ]),
  );
}

/** The classes, `bytes` each (rounded down to whole short strings). */
export function redactionInputClasses(bytes: number): RedactionInputClass[] {
  return [
    split("prose", bytes, prose),
    split("JSON text", bytes, jsonText),
    split("base64 blobs", bytes, base64Blobs),
    split("near-miss PEM headers", bytes, pemHeaders),
    split("many ://", bytes, manySchemes),
    split("keyword hits, no secrets", bytes, keywordHits),
    split("long single tokens", bytes, longTokens),
    split("adjacent longest tokens", bytes, adjacentTokens),
  ];
}
