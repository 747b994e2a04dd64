// Fake secrets with the right shapes, for tests only. They are assembled at run time from a deterministic
// generator, so no secret-shaped literal sits in the source (secret scanners and push protection stay
// quiet) and no real credential is ever involved.
import { deterministicRandom } from "@agent-transcript/fixtures/deterministic-random";

export { deterministicRandom };

const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const DIGITS = "0123456789";
export const ALPHANUMERIC = UPPER + LOWER + DIGITS;
const BASE64URL = ALPHANUMERIC + "_-";
const BASE64 = ALPHANUMERIC + "+/";
const AWS_ID = UPPER + "234567";

export function randomCharacters(random: () => number, alphabet: string, length: number): string {
  let result = "";
  for (let index = 0; index < length; index += 1) result += alphabet[Math.floor(random() * alphabet.length)];
  return result;
}

/** Random characters from `alphabet`, with at least one digit and one upper-case letter when it has them, as real tokens do. */
function tokenCharacters(random: () => number, alphabet: string, length: number): string {
  const alphabetDigits = [...alphabet].filter((character) => DIGITS.includes(character)).join("");
  const alphabetUpper = [...alphabet].filter((character) => UPPER.includes(character)).join("");
  const required =
    (alphabetDigits === "" ? "" : randomCharacters(random, alphabetDigits, 1)) +
    (alphabetUpper === "" ? "" : randomCharacters(random, alphabetUpper, 1));
  const body = randomCharacters(random, alphabet, length - required.length);
  const at = Math.floor(random() * (body.length + 1));
  return body.slice(0, at) + required + body.slice(at);
}

function base64Url(text: string): string {
  return Buffer.from(text).toString("base64url");
}

function pem(random: () => number, label: string, lines: number): string {
  const body = Array.from({ length: lines }, () => randomCharacters(random, BASE64, 64)).join("\n");
  return `-----BEGIN ${label}-----\n${body}\n${randomCharacters(random, BASE64, 20)}==\n-----END ${label}-----`;
}

/** A sample: `text` as it would appear in a transcript, and `secret`, the part that must be replaced. */
export interface FakeSecret {
  readonly rule: string;
  readonly label: string;
  readonly text: string;
  readonly secret: string;
}

function whole(rule: string, label: string, text: string): FakeSecret {
  return { rule, label, text, secret: text };
}

/** Every variant of every built-in rule, generated from `start`. */
export function fakeSecrets(start = 1): FakeSecret[] {
  const random = deterministicRandom(start);
  const characters = (alphabet: string, length: number): string => tokenCharacters(random, alphabet, length);
  const digits = (length: number): string => randomCharacters(random, DIGITS, length);
  const hex = (length: number): string => randomCharacters(random, "0123456789abcdef", length);
  const jwt = (): string =>
    `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(`{"sub":"${digits(10)}","name":"Test User","iat":${digits(10)}}`)}.${characters(BASE64URL, 43)}`;
  const awsSecret = (): string => characters(BASE64, 40);
  const urlPassword = characters(ALPHANUMERIC, 18);
  const encodedUrlPassword = `${characters(ALPHANUMERIC, 6)}%21${characters(ALPHANUMERIC, 6)}%3A${characters(ALPHANUMERIC, 4)}`;
  const escapedUrlPassword = characters(ALPHANUMERIC, 16);
  const basicCredentials = Buffer.from(`deploy:${characters(ALPHANUMERIC, 12)}`).toString("base64");
  const bearerToken = characters(`${ALPHANUMERIC}._-`, 40);
  const apiKey = characters(ALPHANUMERIC, 32);
  const envApiKey = characters(ALPHANUMERIC, 40);
  const privateToken = characters(`${ALPHANUMERIC}_-`, 24);
  const bareBasicCredentials = Buffer.from(`ci-bot:${characters(ALPHANUMERIC, 20)}`).toString("base64");
  const awsSecrets = [awsSecret(), awsSecret(), awsSecret()] as const;
  return [
    whole("anthropic-api-key", "api03 key", `sk-ant-api03-${characters(BASE64URL, 93)}AA`),
    whole("anthropic-api-key", "admin01 key", `sk-ant-admin01-${characters(BASE64URL, 93)}AA`),
    whole("openai-api-key", "project key", `sk-proj-${characters(BASE64URL, 74)}T3BlbkFJ${characters(BASE64URL, 74)}`),
    whole(
      "openai-api-key",
      "service-account key",
      `sk-svcacct-${characters(BASE64URL, 58)}T3BlbkFJ${characters(BASE64URL, 58)}`,
    ),
    whole("openai-api-key", "admin key", `sk-admin-${characters(BASE64URL, 58)}T3BlbkFJ${characters(BASE64URL, 58)}`),
    whole("openai-api-key", "legacy key", `sk-${characters(ALPHANUMERIC, 20)}T3BlbkFJ${characters(ALPHANUMERIC, 20)}`),
    ...["ghp", "gho", "ghu", "ghs", "ghr"].map((prefix) =>
      whole("github-token", `${prefix}_ token`, `${prefix}_${characters(ALPHANUMERIC, 36)}`),
    ),
    whole(
      "github-token",
      "fine-grained token",
      `github_pat_${characters(ALPHANUMERIC, 22)}_${characters(ALPHANUMERIC, 59)}`,
    ),
    whole("gitlab-token", "personal access token", `glpat-${characters(`${ALPHANUMERIC}_-`, 20)}`),
    ...["AKIA", "ASIA", "ABIA", "ACCA"].map((prefix) =>
      whole("aws-access-key-id", `${prefix} key id`, `${prefix}${characters(AWS_ID, 16)}`),
    ),
    {
      rule: "aws-secret-access-key",
      label: "credentials file",
      text: `aws_secret_access_key = ${awsSecrets[0]}`,
      secret: awsSecrets[0],
    },
    {
      rule: "aws-secret-access-key",
      label: "environment variable",
      text: `export AWS_SECRET_ACCESS_KEY=${awsSecrets[1]}`,
      secret: awsSecrets[1],
    },
    {
      rule: "aws-secret-access-key",
      label: "STS JSON output",
      text: `"SecretAccessKey": "${awsSecrets[2]}"`,
      secret: awsSecrets[2],
    },
    whole("google-api-key", "API key", `AIza${characters(BASE64URL, 35)}`),
    whole("slack-token", "bot token", `xoxb-${digits(11)}-${digits(13)}-${characters(ALPHANUMERIC, 24)}`),
    whole("slack-token", "user token", `xoxp-${digits(11)}-${digits(11)}-${digits(13)}-${hex(32)}`),
    whole("slack-token", "workspace token", `xoxa-2-${characters(ALPHANUMERIC, 40)}`),
    whole("slack-token", "refresh token", `xoxr-${characters(ALPHANUMERIC, 40)}`),
    whole("slack-token", "legacy token", `xoxs-${digits(10)}-${digits(11)}-${digits(12)}-${hex(64)}`),
    whole("slack-token", "app-level token", `xapp-1-A${characters(UPPER + DIGITS, 10)}-${digits(13)}-${hex(64)}`),
    whole(
      "slack-webhook-url",
      "incoming webhook",
      `https://hooks.slack.com/services/T${characters(UPPER + DIGITS, 8)}/B${characters(UPPER + DIGITS, 10)}/${characters(ALPHANUMERIC, 24)}`,
    ),
    whole(
      "slack-webhook-url",
      "webhook with JSON-escaped slashes",
      `https:\\/\\/hooks.slack.com\\/services\\/T${characters(UPPER + DIGITS, 8)}\\/B${characters(UPPER + DIGITS, 10)}\\/${characters(ALPHANUMERIC, 24)}`,
    ),
    ...["sk_live", "rk_live", "sk_test", "rk_test"].map((prefix) =>
      whole("stripe-key", `${prefix}_ key`, `${prefix}_${characters(ALPHANUMERIC, 99)}`),
    ),
    whole("stripe-key", "webhook secret", `whsec_${characters(ALPHANUMERIC, 32)}`),
    whole("private-key", "PKCS#8 key", pem(random, "PRIVATE KEY", 25)),
    whole("private-key", "RSA key", pem(random, "RSA PRIVATE KEY", 25)),
    whole("private-key", "EC key", pem(random, "EC PRIVATE KEY", 3)),
    whole("private-key", "OpenSSH key", pem(random, "OPENSSH PRIVATE KEY", 6)),
    whole("private-key", "encrypted key", pem(random, "ENCRYPTED PRIVATE KEY", 26)),
    whole("private-key", "key inside JSON source", pem(random, "PRIVATE KEY", 25).replaceAll("\n", "\\n")),
    whole("jwt", "signed token", jwt()),
    whole("npm-token", "access token", `npm_${characters(ALPHANUMERIC, 36)}`),
    whole("huggingface-token", "access token", `hf_${characters(UPPER + LOWER, 34)}`),
    {
      rule: "url-credentials",
      label: "database URL",
      text: `postgres://app_user:${urlPassword}@db.internal:5432/app`,
      secret: urlPassword,
    },
    {
      rule: "url-credentials",
      label: "URL with JSON-escaped slashes",
      text: `mysql:\\/\\/root:${escapedUrlPassword}@db.internal:3306`,
      secret: escapedUrlPassword,
    },
    {
      rule: "url-credentials",
      label: "percent-encoded URL in a query parameter",
      text: `?next=postgres%3A%2F%2Fapp%2540corp%3A${encodedUrlPassword}%40db.internal%2Fapp`,
      secret: encodedUrlPassword,
    },
    { rule: "api-key-header", label: "X-Api-Key header", text: `X-Api-Key: ${apiKey}`, secret: apiKey },
    { rule: "api-key-header", label: "environment variable", text: `OPENAI_API_KEY=${envApiKey}`, secret: envApiKey },
    {
      rule: "api-key-header",
      label: "GitLab PRIVATE-TOKEN header",
      text: `PRIVATE-TOKEN: ${privateToken}`,
      secret: privateToken,
    },
    {
      rule: "authorization-header",
      label: "Bearer header",
      text: `Authorization: Bearer ${bearerToken}`,
      secret: bearerToken,
    },
    {
      rule: "authorization-header",
      label: "Basic header",
      text: `authorization: Basic ${basicCredentials}`,
      secret: basicCredentials,
    },
    {
      rule: "authorization-header",
      label: "Bearer token in text",
      text: `then send Bearer ${bearerToken} with it`,
      secret: bearerToken,
    },
    {
      rule: "basic-credentials",
      label: "Basic credentials in text",
      text: `curl -H "X-Trace: 1" ... Basic ${bareBasicCredentials}`,
      secret: bareBasicCredentials,
    },
  ];
}
