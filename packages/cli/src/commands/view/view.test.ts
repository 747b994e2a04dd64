import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { realFixturesRoot, repositoryRoot } from "@agent-transcript/fixtures/paths";
import { afterEach, describe, expect, it, vi } from "vitest";
import { run } from "../../cli.js";
import { captureIo } from "../../capture-io.test.helpers.js";
import { htmlExportPolicy } from "../../html-export.js";
import { firstPageBytes, pageBytes } from "../../message-pages.js";
import { metadataLastHeader, pagedMessagesHeader, startViewServer, transcriptPath, viewPolicy } from "./server.js";
import { getRaw, headerOf, rawRequest, type RawAnswer } from "./server.test.helpers.js";
import { runView, type ViewCommandOptions } from "./run.js";
import type { IndexSearchAnswer, IndexedRunSummary } from "./index-routes.js";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-view-"));
const example = path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid/request-with-tools.json");
const githubToken = `ghp_${"Q9w8E7r6T5".repeat(3)}zyxwvu`;
const assets = { html: "<!doctype html><title>viewer</title>", script: "console.log(1)", style: "body{}" };

/** A request as a browser would send it for `url` (Host from the URL unless given), over a raw socket. */
function get(
  url: string,
  options: { method?: string; host?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const target = new URL(url);
  const lines = [
    `${options.method ?? "GET"} ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${options.host ?? target.host}`,
    "Connection: close",
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  return rawRequest(Number(target.port), `${lines.join("\r\n")}\r\n\r\n`);
}

/** A GET of `url` as a browser sends it, the connection left open until the server closes it; the body as UTF-8. */
async function getIndex(url: string): Promise<RawAnswer> {
  const target = new URL(url);
  const answer = await getRaw(Number(target.port), `${target.pathname}${target.search}`);
  return { ...answer, body: Buffer.from(answer.body, "latin1").toString("utf8") };
}

/** The URL with its token taken out (or replaced), and any path and extra query put in. */
function withToken(url: string, token: string | undefined, pathname = "/"): string {
  const target = new URL(url);
  target.pathname = pathname;
  target.search = "";
  if (token !== undefined) target.searchParams.set("token", token);
  return target.toString();
}

const tokenOf = (url: string): string => new URL(url).searchParams.get("token") ?? "";

/** Runs `view` until the returned stop is called; resolves once the URL is printed. */
async function startView(input: string | undefined, options: ViewCommandOptions = {}) {
  const captured = captureIo();
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const running = runView(input, options, captured.io, stopped);
  await expect.poll(() => captured.stdout(), { timeout: 100_000 }).toMatch(/\n$/);
  return { ...captured, url: captured.stdout().trim(), stop: async () => (stop(), await running) };
}

/** What this file reads of `runs --json` (a command's test names no other command's module). */
interface RunsReport {
  runs: Array<{ source: string; firstPrompt: string | null; includingChildren: { usage: unknown } }>;
}

/** A command's `--json` output, once it exits 0. */
async function cliJson<T>(...argv: string[]): Promise<T> {
  const captured = captureIo();
  expect(await run([...argv, "--json"], captured.io), captured.stderr()).toBe(0);
  return JSON.parse(captured.stdout()) as T;
}

describe("the view server", () => {
  it("serves the viewer and the one transcript on 127.0.0.1, read-only, with the policy on every response", async () => {
    const server = await startViewServer(assets, '{"messages":[]}');
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+&src=transcript\.json$/);
      const token = tokenOf(server.url);
      const page = await get(server.url);
      expect(page.status).toBe(200);
      expect(page.body).toBe(assets.html);
      expect(headerOf(page, "content-security-policy")).toBe(viewPolicy);
      expect((await get(withToken(server.url, token, transcriptPath))).body).toBe('{"messages":[]}');
      expect(headerOf(await get(withToken(server.url, token, "/viewer.js")), "content-type")).toBe(
        "text/javascript; charset=utf-8",
      );
      // Nothing else from the disk, whatever the path says.
      for (const pathname of [
        "/package.json",
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/dist/viewer/index.html",
      ])
        expect((await getRaw(Number(new URL(server.url).port), `${pathname}?token=${token}`)).status).toBe(404);
      const post = await get(server.url, { method: "POST" });
      expect(post.status).toBe(405);
      expect(headerOf(post, "allow")).toBe("GET, HEAD");
      // A page on another name resolving to 127.0.0.1 (DNS rebinding) is refused.
      expect((await get(server.url, { host: `attacker.example:${new URL(server.url).port}` })).status).toBe(421);
    } finally {
      await server.close();
    }
  });

  it("serves a large run in pages: its first messages, their count in a header, each later page from ?from=", async () => {
    const session = path.join(
      realFixturesRoot(),
      "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    );
    const whole = path.join(scratch, "served-pages.json");
    expect(await run(["export", session, "--output", whole, "-q"], captureIo().io)).toBe(0);
    const expected = JSON.parse(readFileSync(whole, "utf8")) as { messages: unknown[]; metadata: unknown };
    const view = await startView(session);
    try {
      const token = tokenOf(view.url);
      const head = await getIndex(withToken(view.url, token, transcriptPath));
      expect(headerOf(head, pagedMessagesHeader.toLowerCase())).toBe(String(expected.messages.length));
      const first = JSON.parse(head.body) as { messages: unknown[] };
      // The first page's messages are few enough to draw at once (child runs travel with it, whole).
      expect(JSON.stringify(first.messages).length).toBeLessThanOrEqual(firstPageBytes);
      let messages = first.messages;
      let pages = 0;
      while (messages.length < expected.messages.length) {
        const page = await getIndex(`${withToken(view.url, token, transcriptPath)}&from=${messages.length}`);
        expect(page.status).toBe(200);
        const read = JSON.parse(page.body) as unknown[];
        expect(read.length).toBeGreaterThan(0);
        // Within a page's size, unless one message alone is larger.
        const characters = JSON.stringify(read).length;
        expect(characters <= pageBytes || read.length === 1, `${characters}, ${read.length}`).toBe(true);
        messages = messages.concat(read);
        pages += 1;
      }
      expect(pages).toBeGreaterThanOrEqual(2);
      // Read whole, the pages are the run `export` writes (redacted as it redacts), its metadata last.
      expect(messages).toEqual(expected.messages);
      expect(headerOf(head, metadataLastHeader.toLowerCase())).toBe("last");
      const metadata = await getIndex(`${withToken(view.url, token, transcriptPath)}&part=metadata`);
      expect(JSON.parse(metadata.body)).toEqual(expected.metadata);
      expect((await getIndex(`${withToken(view.url, token, transcriptPath)}&part=other`)).status).toBe(400);
      for (const from of ["-1", "1.5", "x", String(expected.messages.length), "99999999999"]) {
        const refused = await get(`${withToken(view.url, token, transcriptPath)}&from=${from}`);
        expect(refused.status, from).toBe(400);
      }
      // Without the token, no page.
      expect((await get(`${withToken(view.url, undefined, transcriptPath)}?from=1`)).status).toBe(403);
    } finally {
      await view.stop();
    }
  });

  it("answers nothing without its token (403), and the token sets a cookie that the page's own requests carry", async () => {
    const server = await startViewServer(assets, '{"secret":"the transcript"}');
    const other = await startViewServer(assets, "{}");
    try {
      const token = tokenOf(server.url);
      // 128 bits at least, in URL-safe base64; every server its own.
      expect(token).toMatch(/^[\w-]{22,}$/);
      expect(tokenOf(other.url)).not.toBe(token);
      const port = new URL(server.url).port;
      const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      for (const pathname of ["/", "/index.html", "/viewer.js", "/viewer.css", transcriptPath, "/missing"])
        for (const wrong of [undefined, "", flipped, token.slice(0, -1), `${token}A`, tokenOf(other.url)]) {
          const answer = await get(withToken(server.url, wrong, pathname));
          expect(answer.status, `${pathname} with ${wrong}`).toBe(403);
          expect(answer.text).not.toContain("the transcript");
          expect(headerOf(answer, "set-cookie")).toBeUndefined();
        }
      // A wrong token in a cookie, or the right token under another server's cookie name, is no better.
      for (const cookie of [`agent-transcript-view-${port}=${flipped}`, `agent-transcript-view-1=${token}`])
        expect(
          (await get(withToken(server.url, undefined, transcriptPath), { headers: { Cookie: cookie } })).status,
        ).toBe(403);
      // The printed URL opens the page and sets the cookie: HttpOnly, never sent cross-site, this server's own.
      const page = await get(server.url);
      expect(page.status).toBe(200);
      const setCookie = headerOf(page, "set-cookie") ?? "";
      const [pair = "", ...attributes] = setCookie.split(/;\s*/);
      expect(pair).toBe(`agent-transcript-view-${port}=${token}`);
      expect(attributes.map((attribute) => attribute.toLowerCase()).sort()).toEqual([
        "httponly",
        "path=/",
        "samesite=strict",
      ]);
      // The page's script, style and fetch of the transcript carry the cookie and no token in their URL.
      const transcript = await get(withToken(server.url, undefined, transcriptPath), {
        headers: { Cookie: `theme=dark; ${pair}` },
      });
      expect(transcript.status).toBe(200);
      expect(transcript.body).toBe('{"secret":"the transcript"}');
    } finally {
      await server.close();
      await other.close();
    }
  });

  it("answers a request target that is not a path with 400, never crashing, and goes on serving", async () => {
    const server = await startViewServer(assets, '{"messages":[]}');
    try {
      const port = Number(new URL(server.url).port);
      const token = tokenOf(server.url);
      // What `<img src="http://127.0.0.1:PORT//[">` on any web page sends: it used to end the process.
      for (const target of ["//[", `//[?token=${token}`, "/[", "//[::1", "http://127.0.0.1//[", "*", "/%zz", "/a b"])
        expect((await getRaw(port, target)).status, target).toBe(400);
      // Exactly one Host, as HTTP/1.1 requires (RFC 9112, 3.2), and a Host even from HTTP/1.0.
      const twoHosts = `GET /?token=${token} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: attacker.example\r\n\r\n`;
      expect((await rawRequest(port, twoHosts)).status).toBe(400);
      expect((await rawRequest(port, `GET /?token=${token} HTTP/1.0\r\n\r\n`)).status).toBe(400);
      // A client asking whether to send a body gets the answer, not an invitation to send one first.
      const expecting = `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nExpect: 100-continue\r\nContent-Length: 9\r\n\r\n`;
      expect((await rawRequest(port, expecting)).status).toBe(403);
      expect((await get(server.url)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("view", () => {
  it("prints the URL with its token on stdout, serves the input folded to a document, and stops when asked", async () => {
    const view = await startView(example);
    expect(view.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{22,}&src=transcript\.json&name=request-with-tools\.json$/,
    );
    const token = tokenOf(view.url);
    const served = JSON.parse((await get(withToken(view.url, token, transcriptPath))).body) as { id: string };
    const expected = JSON.parse(readFileSync(example, "utf8")) as { id: string };
    expect(served.id).toBe(expected.id);
    const page = await get(view.url);
    expect(page.body).toContain('<div id="app">');
    expect(await view.stop()).toBe(0);
    await expect(get(view.url)).rejects.toThrow(/ECONNREFUSED/);
  });

  it("redacts what it serves as export --format html does, unless --no-redact", async () => {
    const input = path.join(scratch, "with-secret.json");
    const original = JSON.parse(readFileSync(example, "utf8")) as { messages: Array<{ parts: unknown[] }> };
    original.messages[0]?.parts.push({ type: "text", text: `the token is ${githubToken}` });
    writeFileSync(input, JSON.stringify(original));
    // What export writes, by the same options export --format html takes.
    const exported = path.join(scratch, "with-secret.exported.json");
    expect(await run(["export", input, "--output", exported, "-q"], captureIo().io)).toBe(0);
    const withoutTime = (document: { export?: { exported_at?: string } }) => ({
      ...document,
      export: { ...document.export, exported_at: undefined },
    });

    const view = await startView(input);
    const served = (await get(withToken(view.url, tokenOf(view.url), transcriptPath))).body;
    expect(served).not.toContain(githubToken);
    expect(served).toContain("[REDACTED:github-token]");
    expect(withoutTime(JSON.parse(served) as object)).toEqual(
      withoutTime(JSON.parse(readFileSync(exported, "utf8")) as object),
    );
    expect(view.stderr()).toContain("agent-transcript: redacted 1 secret (github-token ×1)\n");
    expect(await view.stop()).toBe(0);

    const unredacted = await startView(input, { redact: false });
    const shown = (await get(withToken(unredacted.url, tokenOf(unredacted.url), transcriptPath))).body;
    expect(shown).toContain(githubToken);
    expect(unredacted.stderr()).not.toContain("redacted");
    expect(await unredacted.stop()).toBe(0);
  });

  it("serves two inputs for the viewer to compare (view A B), each read and redacted as one is", async () => {
    const second = path.join(scratch, "second-with-secret.json");
    const original = JSON.parse(readFileSync(example, "utf8")) as { id: string; messages: Array<{ parts: unknown[] }> };
    original.id = "the-second-run";
    original.messages[0]?.parts.push({ type: "text", text: `the token is ${githubToken}` });
    writeFileSync(second, JSON.stringify(original));
    const view = await startView(example, { compareWith: second });
    expect(view.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{22,}&src=transcript\.json&name=request-with-tools\.json&compare=compare\.json&compareName=second-with-secret\.json$/,
    );
    const token = tokenOf(view.url);
    const first = JSON.parse((await get(withToken(view.url, token, transcriptPath))).body) as { id: string };
    expect(first.id).toBe((JSON.parse(readFileSync(example, "utf8")) as { id: string }).id);
    const compared = (await get(withToken(view.url, token, "/compare.json"))).body;
    expect((JSON.parse(compared) as { id: string }).id).toBe("the-second-run");
    expect(compared).not.toContain(githubToken);
    expect(compared).toContain("[REDACTED:github-token]");
    expect(view.stderr()).toContain("serving a comparison of the two on 127.0.0.1");
    expect(await view.stop()).toBe(0);
  });

  it("compares two inputs at most, standard input once, and takes --at with one only", async () => {
    const three = captureIo();
    expect(await run(["view", example, example, example], three.io)).toBe(2);
    expect(three.stderr()).toContain("view shows one input, or compares two: 3 were named");
    expect(three.stdout()).toBe("");
    await expect(runView("-", { compareWith: "-" }, captureIo().io, Promise.resolve())).rejects.toThrow(
      /standard input can be read once/,
    );
    await expect(
      runView(example, { compareWith: example, at: "m=1" }, captureIo().io, Promise.resolve()),
    ).rejects.toThrow(/does not apply to a comparison of two/);
  });

  it("says --no-redact in its help", async () => {
    const { io, stdout } = captureIo();
    expect(await run(["view", "--help"], io)).toBe(0);
    expect(stdout()).toContain("--no-redact");
  });

  it("--open never fails the command when no browser can be opened: it says so, and serves", async () => {
    const { io, stdout, stderr } = captureIo();
    const path_ = process.env.PATH;
    // No xdg-open (or open, or start) to be found.
    process.env.PATH = scratch;
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    try {
      const running = runView(example, { open: true }, io, stopped);
      await expect.poll(() => stderr(), { timeout: 100_000 }).toContain("could not open a browser");
      expect(stdout()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect((await get(stdout().trim())).status).toBe(200);
      stop();
      expect(await running).toBe(0);
    } finally {
      process.env.PATH = path_;
    }
  });

  it("--open hands the browser a file only this user can read, never the token on a command line", async () => {
    // A stand-in for the platform's opener that records what it was given.
    const bin = path.join(scratch, "browser-bin");
    const given = path.join(scratch, "browser-given.txt");
    mkdirSync(bin, { recursive: true });
    for (const opener of ["xdg-open", "open"])
      writeFileSync(path.join(bin, opener), `#!/bin/sh\nprintf '%s\\n' "$@" > '${given}'\n`, { mode: 0o755 });
    const path_ = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${path_ ?? ""}`;
    try {
      const view = await startView(example, { open: true });
      await expect
        .poll(() => existsSync(given) && readFileSync(given, "utf8").endsWith("\n"), { timeout: 100_000 })
        .toBe(true);
      const argument = readFileSync(given, "utf8").trim();
      expect(argument).not.toContain(tokenOf(view.url));
      expect(argument).toMatch(/^file:\/\//);
      const file = fileURLToPath(argument);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      // The file sends the browser on to the URL, token and all.
      const html = readFileSync(file, "utf8");
      expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${view.url.replaceAll("&", "&#38;")}">`);
      expect(await view.stop()).toBe(0);
      // Gone with the server.
      expect(existsSync(path.dirname(file))).toBe(false);
    } finally {
      process.env.PATH = path_;
    }
  });

  it("refuses input it cannot show, naming the problem, without serving", async () => {
    const bad = path.join(scratch, "bad.json");
    writeFileSync(bad, '{"schema_version": "1.0.0", "messages": [}');
    const { io, stdout, stderr } = captureIo();
    expect(await run(["view", bad], io)).toBe(1);
    expect(stdout()).toBe("");
    // file:line:column, as every command names a place in its input.
    expect(stderr()).toContain("bad.json:1:");
  });

  it("refuses a --at that is no place search prints, without serving: script, other fragments, control characters", async () => {
    for (const at of [
      "m=1#<script>alert(1)</script>",
      "r=1&m=2&next=javascript:alert(1)",
      "m=1\n\u001b[2J",
      "r=..&m=1",
      `r=${"1.".repeat(5000)}x`,
      "m=-1",
    ]) {
      const { io, stdout, stderr } = captureIo();
      expect(await run(["view", example, "--at", at], io), at).toBe(2);
      expect(stdout()).toBe("");
      expect(stderr()).toContain("--at takes a place as search prints it");
      // Shown with its control characters escaped: a value cannot redraw the terminal.
      expect(stderr()).not.toContain("\u001b");
    }
  });

  it("rejects a port that is not one", async () => {
    const { io, stderr } = captureIo();
    expect(await run(["view", example, "--port", "70000"], io)).toBe(2);
    expect(stderr()).toContain("--port");
  });
});

describe("view with no input: the run index", () => {
  afterEach(() => vi.unstubAllEnvs());

  /**
   * A home of the test's own: Claude Code's folder (CLAUDE_CONFIG_DIR) holds the real spotter sessions and one more
   * with a secret in it; no other agent's folder exists. The index is the test's own file.
   */
  function homeWithSessions(): { database: string; projects: string; secretSession: string } {
    const home = mkdtempSync(path.join(scratch, "home-"));
    const projects = path.join(home, ".claude", "projects");
    const spotter = path.join(projects, "-home-user-spotter");
    cpSync(path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts"), spotter, { recursive: true });
    // A session of its own with a token in a prompt: what the list serves is redacted as `view FILE` redacts it.
    const secretSession = path.join(projects, "-home-user-other", "0b6e1f7c-2d4a-4c1e-9a51-7f3e8d2c6b10.jsonl");
    mkdirSync(path.dirname(secretSession), { recursive: true });
    const short = readFileSync(path.join(spotter, "short.jsonl"), "utf8").split("\n");
    const prompt = short.findIndex((line) => line.includes('"type":"user"'));
    const record = JSON.parse(short[prompt] ?? "{}") as { message: { content: unknown } };
    record.message.content = `deploy with ${githubToken} and watch the zanzibar-canary rollout`;
    short[prompt] = JSON.stringify(record);
    writeFileSync(secretSession, short.join("\n"));
    for (const [name, value] of Object.entries({
      HOME: home,
      CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
      CODEX_HOME: path.join(home, ".codex"),
      GEMINI_CLI_HOME: home,
      XDG_DATA_HOME: path.join(home, ".local/share"),
    }))
      vi.stubEnv(name, value);
    return { database: path.join(home, "index.sqlite"), projects, secretSession };
  }

  it("indexes the agents' folders, lists their runs as runs --index does, and serves each run and search over all", async () => {
    const { database, secretSession } = homeWithSessions();
    const view = await startView(undefined, { database });
    try {
      expect(view.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{22,}&index=1$/);
      const token = tokenOf(view.url);
      const api = async <T>(pathname: string, query = ""): Promise<{ status: number | undefined; body: T }> => {
        const answer = await getIndex(`${withToken(view.url, token, pathname)}${query}`);
        return { status: answer.status, body: JSON.parse(answer.body) as T };
      };
      // The list: the runs runs --index gives on the same index, newest first, each with its totals.
      const { body: listed } = await api<{ runs: IndexedRunSummary[] }>("/api/runs");
      const runs = await cliJson<RunsReport>("runs", "--index", "--database", database);
      expect(listed.runs.map((run) => run.file)).toEqual(runs.runs.map((run) => run.source));
      expect(listed.runs.map((run) => run.number)).toEqual(listed.runs.map((_, index) => index));
      expect(listed.runs.map((run) => run.totals.usage)).toEqual(runs.runs.map((run) => run.includingChildren.usage));
      expect(listed.runs.some((run) => run.subAgents > 0)).toBe(true);
      // Each run named by its first prompt, redacted as the runs themselves are (one holds a token).
      const redacted = (text: string | null) => text?.replace(githubToken, "[REDACTED:github-token]") ?? null;
      expect(listed.runs.map((run) => run.firstPrompt)).toEqual(runs.runs.map((run) => redacted(run.firstPrompt)));
      expect(JSON.stringify(listed)).not.toContain(githubToken);
      // A run is its file read as view FILE reads it (redacted the same way).
      const secretRun = listed.runs.find((run) => run.file === secretSession);
      expect(secretRun).toBeDefined();
      const served = (await getIndex(withToken(view.url, token, `/runs/${secretRun?.number}.json`))).body;
      expect(served).not.toContain(githubToken);
      const single = await startView(secretSession);
      const alone = (await get(withToken(single.url, tokenOf(single.url), transcriptPath))).body;
      expect(await single.stop()).toBe(0);
      // The same page but for the moment each was made.
      const withoutTime = (text: string) => ({
        ...JSON.parse(text),
        export: { ...JSON.parse(text).export, exported_at: 0 },
      });
      expect(withoutTime(served)).toEqual(withoutTime(alone));
      // Search over every run: each hit names the run it opens in and its place there.
      const found = await api<IndexSearchAnswer>("/api/search", "&q=zanzibar-canary");
      expect(found.status).toBe(200);
      expect(found.body.hits).toHaveLength(1);
      expect(found.body.hits[0]).toMatchObject({ run: secretRun?.number, place: expect.stringMatching(/^m=\d+$/) });
      // Its snippet holds the token: sent redacted (and then without highlights, whose offsets were the original's).
      expect(JSON.stringify(found.body)).not.toContain(githubToken);
      expect(found.body.hits[0]?.snippet).toContain("[REDACTED:github-token]");
      // Hits in sub-agents are found too, with the run path the viewer opens them at.
      const nested = await api<IndexSearchAnswer>("/api/search", "&q=sync_transcripts_test&limit=100");
      const inChild = nested.body.hits.find((hit) => hit.depth > 0);
      expect(inChild?.place).toMatch(/^r=\d+(\.\d+)*&m=\d+$/);
      expect(inChild?.run).toEqual(expect.any(Number));
      // Filters narrow as search's do.
      const none = await api<IndexSearchAnswer>("/api/search", "&q=sync_transcripts_test&agent=codex");
      expect(none.body.total).toBe(0);
    } finally {
      expect(await view.stop()).toBe(0);
    }
  });

  it("serves no file the index did not list, whatever the request says, and refuses bad queries with 400", async () => {
    const { database } = homeWithSessions();
    const view = await startView(undefined, { database, quiet: true });
    try {
      const token = tokenOf(view.url);
      const port = Number(new URL(view.url).port);
      const { runs } = JSON.parse((await getIndex(withToken(view.url, token, "/api/runs"))).body) as {
        runs: IndexedRunSummary[];
      };
      for (const target of [
        `/runs/${runs.length}.json`,
        "/runs/-1.json",
        "/runs/1e3.json",
        "/runs/0x1.json",
        "/runs/..%2f..%2fetc%2fpasswd.json",
        "/runs/0.json/../../../etc/passwd",
        "/runs/9999999999.json",
        "/transcript.json",
        "/api/run",
      ])
        expect((await getRaw(port, `${target}${target.includes("?") ? "&" : "?"}token=${token}`)).status, target).toBe(
          404,
        );
      for (const query of [
        "q=",
        "q=%20%20",
        `q=${"x".repeat(1_001)}`,
        "q=x&limit=0",
        "q=x&limit=101",
        "q=x&limit=1e2",
        "q=x&since=yesterday",
        "q=x&since=2026-13-01",
        "q=%22%28%29",
      ]) {
        const answer = await getRaw(port, `/api/search?${query}&token=${token}`);
        expect(answer.status, query).toBe(400);
        expect((JSON.parse(answer.body) as { error: string }).error, query).toEqual(expect.any(String));
      }
      // Without the token, nothing: not the list, not a run, not a search.
      for (const target of ["/api/runs", "/runs/0.json", "/api/search?q=sync"])
        expect((await getRaw(port, target)).status).toBe(403);
    } finally {
      await view.stop();
    }
  });

  it("takes --database only with no input, and --at only with one", async () => {
    await expect(runView(example, { database: "x.sqlite" }, captureIo().io, Promise.resolve())).rejects.toThrow(
      /--database names the run index/,
    );
    await expect(runView(undefined, { at: "m=1" }, captureIo().io, Promise.resolve())).rejects.toThrow(
      /--at opens a place in one input/,
    );
  });
});

describe("export --format html", () => {
  it("writes one self-contained page: the viewer inline, allowed by hash, and the document gzip + base64", async () => {
    const output = path.join(scratch, "run.html");
    const { io } = captureIo();
    expect(await run(["export", example, "--format", "html", "--output", output, "--no-redact"], io)).toBe(0);
    const html = readFileSync(output, "utf8");
    const script = /<script type="module" async>([\s\S]*?)<\/script>\n/.exec(html)?.[1] as string;
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] as string;
    expect(script.length).toBeGreaterThan(1000);
    // The policy names exactly these two by their hashes, and nothing from anywhere else.
    const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(policy).toBe(htmlExportPolicy(script, style));
    const hash = createHash("sha256").update(script, "utf8").digest("base64");
    expect(policy).toContain(`'sha256-${hash}'`);
    expect(policy).not.toMatch(/https?:|'unsafe-inline'|'self'/);
    // Outside the inlined bundle, no element loads anything.
    const page = html.replace(script, "").replace(style, "");
    expect(/<(?:script|link|img)[^>]+(?:src|href)=/.test(page)).toBe(false);
    const data = /id="agent-transcript-data"[^>]*>([A-Za-z0-9+/=]+)<\/script>/.exec(html)?.[1] as string;
    const document = JSON.parse(gunzipSync(Buffer.from(data, "base64")).toString("utf8")) as { id: string };
    const expected = JSON.parse(readFileSync(example, "utf8")) as { id: string };
    expect(document.id).toBe(expected.id);
    // A small run is one page: the document whole, no pages after it.
    expect(html).not.toContain('class="agent-transcript-messages"');
  });

  it("pages a large run: the document with its first messages, then the rest a mebibyte at a time, nothing lost", async () => {
    const session = path.join(
      realFixturesRoot(),
      "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    );
    const whole = path.join(scratch, "paged.json");
    const { io } = captureIo();
    expect(await run(["export", session, "--output", whole, "--no-redact", "-q"], io)).toBe(0);
    const output = path.join(scratch, "paged.html");
    expect(await run(["export", session, "--format", "html", "--output", output, "--no-redact", "-q"], io)).toBe(0);
    const html = readFileSync(output, "utf8");
    const decode = (data: string): unknown => JSON.parse(gunzipSync(Buffer.from(data, "base64")).toString("utf8"));
    const head = /id="agent-transcript-data"[^>]*data-messages="(\d+)"[^>]*>([A-Za-z0-9+/=]+)<\/script>/.exec(html);
    const first = decode(head?.[2] as string) as { messages: unknown[] } & Record<string, unknown>;
    const pages = [
      ...html.matchAll(/class="agent-transcript-messages" data-first="(\d+)">([A-Za-z0-9+/=]+)<\/script>/g),
    ].map((match) => ({ first: Number(match[1]), messages: decode(match[2] as string) as unknown[] }));
    const expected = JSON.parse(readFileSync(whole, "utf8")) as { messages: unknown[] } & Record<string, unknown>;
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(Number(head?.[1])).toBe(expected.messages.length);
    // The first page is small enough to draw at once, each later one near a mebibyte, none empty.
    expect(JSON.stringify(first.messages).length).toBeLessThanOrEqual(firstPageBytes);
    for (const page of pages) expect(page.messages.length).toBeGreaterThan(0);
    for (const page of pages.slice(0, -1)) expect(JSON.stringify(page.messages).length).toBeLessThanOrEqual(pageBytes);
    // Each page starts where the one before ended, and together they are the document.
    let messages = first.messages;
    for (const page of pages) {
      expect(page.first).toBe(messages.length);
      messages = messages.concat(page.messages);
    }
    // The session importer's native records (a mebibyte here) come last; the session's header travels first.
    const metadataData = /id="agent-transcript-metadata">([A-Za-z0-9+/=]+)<\/script>/.exec(html)?.[1] as string;
    expect(head?.[0]).toContain('data-metadata="last"');
    const firstMetadata = first.metadata as Record<string, Record<string, unknown>>;
    expect(Object.keys(firstMetadata["claude-code"] ?? {})).toEqual(["session"]);
    const metadata = decode(metadataData);
    expect(html.indexOf('id="agent-transcript-metadata"')).toBeGreaterThan(
      html.lastIndexOf("agent-transcript-messages"),
    );
    // The two exports differ only in when they were made.
    expect({ ...first, messages, metadata, export: { ...(first.export as object), exported_at: "" } }).toEqual({
      ...expected,
      export: { ...(expected.export as object), exported_at: "" },
    });
    // The viewer starts before the pages after the first have been parsed.
    expect(html.indexOf('<script type="module" async>')).toBeLessThan(
      html.indexOf('class="agent-transcript-messages"'),
    );
  });

  it("escapes a title that would close the page's elements", async () => {
    const input = path.join(scratch, "hostile-title.json");
    const original = JSON.parse(readFileSync(example, "utf8")) as Record<string, unknown>;
    writeFileSync(input, JSON.stringify({ ...original, title: '</title><script>alert(1)</script>"' }));
    const output = path.join(scratch, "hostile-title.html");
    const { io } = captureIo();
    expect(await run(["export", input, "--format", "html", "--output", output], io)).toBe(0);
    const html = readFileSync(output, "utf8");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#34;");
  });
});
