// The `view` server under generated hostile requests: thousands of request lines and headers written as raw bytes
// over sockets to the real `agent-transcript view` process (the built dist/bin.js in a child process, so that a crash
// shows as the process ending): odd methods, targets with `//`, `[`, percent escapes, control characters and
// megabytes of length, odd versions, header names and values with control characters, two Hosts or none, huge
// headers, requests cut short or reset. After every batch the process must still be running, answer a valid request
// with the transcript, and have written nothing on stderr (no uncaught exception); no request without the token may
// ever get a 2xx. turbo builds the package before its tests (turbo.json), so dist/ is this source's.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRaw, rawRequest, type RawAnswer } from "./server.test.helpers.js";

const bin = fileURLToPath(new URL("../../../dist/bin.js", import.meta.url));
const example = path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid/request-with-tools.json");

let child: ChildProcess;
let stderr = "";
let port = 0;
let token = "";

beforeAll(async () => {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build the package first (pnpm build)`);
  child = spawn(process.execPath, [bin, "view", example, "--quiet"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const url = await new Promise<URL>((resolve, reject) => {
    let stdout = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (stdout.includes("\n")) resolve(new URL(stdout.split("\n")[0] ?? ""));
    });
    child.once("exit", (code) => reject(new Error(`view exited with ${code} before printing its URL: ${stderr}`)));
  });
  port = Number(url.port);
  token = url.searchParams.get("token") ?? "";
});

afterAll(async () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
});

/** One generated request, before its bytes are put together (the port and the token are known only at run time). */
interface Generated {
  method: string;
  target: string;
  /** Whether the target carries the token: the real one, so that requests get past the token check too. */
  tokenInTarget: boolean;
  version: string;
  hosts: "valid" | "none" | "two" | "foreign" | "localhost";
  headers: Array<[string, string]>;
  tokenInCookie: boolean;
  lineEnd: string;
  body: string;
  /** Cut the request at this fraction of its length (a request cut short), or send it whole. */
  cutAt: number | undefined;
  ending: "end" | "reset";
}

const anyText = (maxLength: number) =>
  fc.string({ maxLength, unit: fc.integer({ min: 0, max: 0xff }).map((code) => String.fromCharCode(code)) });
const unicodeText = (maxLength: number) => fc.string({ maxLength, unit: "binary" });

// Each part is mostly well formed and sometimes not, so that most requests get past node's parser into the
// server's own checks, and the rest test the parser's refusals.
const method = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS") },
  { weight: 1, arbitrary: fc.constantFrom("TRACE", "CONNECT", "PRI", "get", "GET GET", "") },
  {
    weight: 1,
    arbitrary: fc.string({
      minLength: 1,
      maxLength: 12,
      unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ-_!#$%&'*+.^`|~"),
    }),
  },
  { weight: 1, arbitrary: anyText(12) },
);

/** Pieces a target is made of: everything that has tripped a URL parser or a path check somewhere. */
const targetPiece = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "/",
      "//",
      "[",
      "]",
      "[::1]",
      "%",
      "%2",
      "%2e",
      "%2E%2E",
      "%2f",
      "%00",
      "%ff",
      "%zz",
      "%u0041",
      "..",
      ".",
      "?",
      "??",
      "#",
      "@",
      ":",
      ":99999",
      "\\",
      "*",
      "~",
      "&",
      "=",
      "token=",
      "src=",
      "é",
      "\u0000",
      "\u007f",
      " ",
      "\t",
      "index.html",
      "viewer.js",
      "transcript.json",
      "http:",
      "127.0.0.1",
    ),
  },
  { weight: 1, arbitrary: anyText(8) },
  { weight: 1, arbitrary: unicodeText(4) },
);

/** Pieces of a target that is a well-formed path, so that requests reach the checks after the target's own. */
const pathPiece = fc.constantFrom(
  "/",
  "//",
  "index.html",
  "transcript.json",
  "viewer.js",
  "viewer.css",
  "..",
  ".",
  "%2e",
  "%2F",
  "%00",
  "~",
  "@",
  ":",
  "=",
  "&",
  "a",
);
const queryPiece = fc.constantFrom("token=", "src=", "name=", "&", "=", "?", "%", "%zz", "[", "]", "{", "|", "a", "/");

const target = fc.oneof(
  {
    weight: 16,
    arbitrary: fc
      .tuple(fc.array(pathPiece, { maxLength: 4 }), fc.option(fc.array(queryPiece, { maxLength: 6 })))
      .map(([pieces, query]) => `/${pieces.join("")}${query === null ? "" : `?${query.join("")}`}`),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.constantFrom("/", "/", "//", "", "*", "http://", "http://127.0.0.1"),
        fc.array(targetPiece, { maxLength: 10 }),
      )
      .map(([start, pieces]) => `${start}${pieces.join("")}`),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom("//[", "/", "/index.html", "/transcript.json", "http://127.0.0.1//[", "//[::1]/"),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((length) => `/${"a".repeat(length)}`) },
  { weight: 1, arbitrary: anyText(64) },
);

const version = fc.oneof(
  { weight: 16, arbitrary: fc.constant("HTTP/1.1") },
  { weight: 3, arbitrary: fc.constantFrom("HTTP/1.0", "HTTP/2.0", "HTTP/0.9", "HTTP/1.", "http/1.1", "HTTP/11.1", "") },
  { weight: 1, arbitrary: anyText(12) },
);

const header = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.tuple(
      fc.constantFrom(
        "Accept",
        "User-Agent",
        "Cookie",
        "Connection",
        "Content-Length",
        "Transfer-Encoding",
        "Expect",
        "Upgrade",
        "X-Forwarded-Host",
        "Referer",
      ),
      fc.oneof(
        fc.constantFrom(
          "*/*",
          "close",
          "keep-alive",
          "chunked",
          "0",
          "5",
          "-1",
          "99999999999999999999",
          "100-continue",
          "websocket",
          "upgrade",
          "",
        ),
        unicodeText(16),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.oneof(fc.constantFrom("Host", "host", " Host", "Host ", ""), anyText(16)),
      fc.oneof(
        anyText(32),
        // Huge: past node's 16 KiB of headers, and under it.
        fc.integer({ min: 1_000, max: 80_000 }).map((length) => "v".repeat(length)),
      ),
    ),
  },
);

const generated: fc.Arbitrary<Generated> = fc.record({
  method,
  target,
  tokenInTarget: fc.boolean(),
  version,
  hosts: fc.oneof(
    { weight: 12, arbitrary: fc.constant<Generated["hosts"]>("valid") },
    { weight: 1, arbitrary: fc.constantFrom<Generated["hosts"]>("none", "two", "foreign", "localhost") },
  ),
  headers: fc.array(header, { maxLength: 4 }),
  tokenInCookie: fc.boolean(),
  lineEnd: fc.oneof(
    { weight: 12, arbitrary: fc.constant("\r\n") },
    { weight: 1, arbitrary: fc.constantFrom("\n", "\r", "\n\r") },
  ),
  body: fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 1, arbitrary: anyText(64) }),
  cutAt: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.double({ min: 0, max: 1, noNaN: true }) },
  ),
  ending: fc.oneof(
    { weight: 7, arbitrary: fc.constant<Generated["ending"]>("end") },
    { weight: 1, arbitrary: fc.constant<Generated["ending"]>("reset") },
  ),
});

function bytesOf(request: Generated): Buffer {
  const separator = request.target.includes("?") ? "&" : "?";
  const requestTarget = request.tokenInTarget ? `${request.target}${separator}token=${token}` : request.target;
  const lines = [`${request.method} ${requestTarget} ${request.version}`];
  if (request.hosts === "valid" || request.hosts === "two") lines.push(`Host: 127.0.0.1:${port}`);
  if (request.hosts === "two" || request.hosts === "foreign") lines.push(`Host: attacker.example:${port}`);
  if (request.hosts === "localhost") lines.push(`Host: localhost:${port}`);
  if (request.tokenInCookie) lines.push(`Cookie: agent-transcript-view-${port}=${token}`);
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const text = `${lines.join(request.lineEnd)}${request.lineEnd}${request.lineEnd}${request.body}`;
  // Latin-1 keeps a generated character below 256 one byte; the rest is sent as UTF-8, as a browser would.
  const latin1 = [...text].every((character) => (character.codePointAt(0) ?? 0) <= 0xff);
  const bytes = Buffer.from(text, latin1 ? "latin1" : "utf8");
  return request.cutAt === undefined ? bytes : bytes.subarray(0, Math.floor(bytes.length * request.cutAt));
}

/** Sends the requests, a few connections at a time, each within a bound (a connection held open fails the test). */
async function sendAll(requests: readonly Generated[]): Promise<Array<{ request: Generated; answer: RawAnswer }>> {
  const answers: Array<{ request: Generated; answer: RawAnswer }> = [];
  const inFlight = 8;
  for (let start = 0; start < requests.length; start += inFlight) {
    const slice = requests.slice(start, start + inFlight);
    answers.push(
      ...(await Promise.all(
        slice.map(async (request) => ({
          request,
          answer: await rawRequest(port, bytesOf(request), {
            reset: request.ending === "reset",
            timeoutMs: 30_000,
          }).catch((error: unknown) => {
            // Refused connections mean the process is gone: say how it ended, with what it wrote.
            const state = child.exitCode ?? child.signalCode;
            throw new Error(
              `${error instanceof Error ? error.message : String(error)}; the view process ${state === null ? "is still running" : `ended (${state})`}; its stderr:\n${stderr}`,
            );
          }),
        })),
      )),
    );
  }
  return answers;
}

/** Shown when a batch fails: what was sent, shortened (a generated target may be 200 KB of one letter). */
const described = (request: Generated): string =>
  JSON.stringify(request, (_key, value: unknown) =>
    typeof value === "string" && value.length > 200 ? `${value.slice(0, 200)}… (${value.length} characters)` : value,
  );

describe("the view server under generated hostile requests", () => {
  it("answers a valid request with the transcript before the fuzzing starts", async () => {
    const answer = await getRaw(port, `/transcript.json?token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"schema_version"');
  });

  it("never crashes, never lets a request without the token in, and answers a valid request after every batch (generated)", async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(generated, { minLength: 20, maxLength: 20 }), async (batch) => {
        const answers = await sendAll(batch);
        sent += batch.length;
        const context = () => `the batch:\n${batch.map(described).join("\n")}\nthe server's stderr:\n${stderr}`;
        // Whatever came back is HTTP: a status line, or nothing at all (a connection reset or closed unanswered).
        const notHttp = answers.filter(({ answer }) => answer.text !== "" && answer.status === undefined);
        expect(notHttp.map(({ request, answer }) => `${described(request)}\n${answer.text.slice(0, 300)}`)).toEqual([]);
        const letIn = answers.filter(
          ({ request, answer }) =>
            !request.tokenInTarget && !request.tokenInCookie && answer.status !== undefined && answer.status < 300,
        );
        expect(letIn.map(({ request, answer }) => `${answer.status}: ${described(request)}`)).toEqual([]);
        expect(child.exitCode, context()).toBeNull();
        expect(child.signalCode, context()).toBeNull();
        const valid = await getRaw(port, `/transcript.json?token=${token}`);
        expect(valid.status, context()).toBe(200);
        expect(valid.body, context()).toContain('"schema_version"');
        expect(stderr, context()).toBe("");
      }),
      // 1,000 batches of 20 (the suite's runs, times the long mode's factor): 20,000 requests. A crash takes the
      // server with it, so shrinking could only find the server gone: the first failing batch is reported as it was
      // sent, with the seed to replay it.
      { endOnFailure: true },
    );
    expect(sent).toBe(20 * fc.readConfigureGlobal().numRuns!);
  });
});
