import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { run } from "../cli.js";
import { captureIo } from "../capture-io.test.helpers.js";
import { htmlExportPolicy } from "../html-export.js";
import { startViewServer, transcriptPath, viewPolicy } from "../view-server.js";
import { runView } from "./view.js";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-view-"));
const example = path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid/request-with-tools.json");
const assets = { html: "<!doctype html><title>viewer</title>", script: "console.log(1)", style: "body{}" };

/** A raw HTTP request (fetch would not let the test choose the Host header). */
function get(
  url: string,
  options: { method?: string; host?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? "GET",
        headers: { Host: options.host ?? target.host },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

describe("the view server", () => {
  it("serves the viewer and the one transcript on 127.0.0.1, read-only, with the policy on every response", async () => {
    const server = await startViewServer(assets, '{"messages":[]}');
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?src=transcript\.json$/);
      const origin = new URL(server.url).origin;
      const page = await get(server.url);
      expect(page.status).toBe(200);
      expect(page.body).toBe(assets.html);
      expect(page.headers["content-security-policy"]).toBe(viewPolicy);
      expect((await get(`${origin}${transcriptPath}`)).body).toBe('{"messages":[]}');
      expect((await get(`${origin}/viewer.js`)).headers["content-type"]).toBe("text/javascript; charset=utf-8");
      // Nothing else from the disk, whatever the path says.
      for (const pathname of [
        "/package.json",
        "/../../etc/passwd",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/dist/viewer/index.html",
      ])
        expect((await get(`${origin}${pathname}`)).status).toBe(404);
      const post = await get(server.url, { method: "POST" });
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe("GET, HEAD");
      // A page on another name resolving to 127.0.0.1 (DNS rebinding) is refused.
      expect((await get(server.url, { host: `attacker.example:${new URL(server.url).port}` })).status).toBe(421);
    } finally {
      await server.close();
    }
  });
});

describe("view", () => {
  it("prints the URL on stdout, serves the input folded to a document, and stops when asked", async () => {
    const { io, stdout } = captureIo();
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const running = runView(example, {}, io, stopped);
    // The URL is printed once the server listens.
    await expect
      .poll(() => stdout(), { timeout: 20_000 })
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?src=transcript\.json&name=request-with-tools\.json\n$/);
    const origin = new URL(stdout().trim()).origin;
    const served = JSON.parse((await get(`${origin}${transcriptPath}`)).body) as { id: string };
    const expected = JSON.parse(readFileSync(example, "utf8")) as { id: string };
    expect(served.id).toBe(expected.id);
    const page = await get(`${origin}/`);
    expect(page.body).toContain('<div id="app">');
    stop();
    expect(await running).toBe(0);
    await expect(get(`${origin}/`)).rejects.toThrow(/ECONNREFUSED|socket hang up|ECONNRESET/);
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
      await expect.poll(() => stderr(), { timeout: 20_000 }).toContain("could not open a browser");
      expect(stdout()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect((await get(stdout().trim())).status).toBe(200);
      stop();
      expect(await running).toBe(0);
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

  it("rejects a port that is not one", async () => {
    const { io, stderr } = captureIo();
    expect(await run(["view", example, "--port", "70000"], io)).toBe(2);
    expect(stderr()).toContain("--port");
  });
});

describe("export --format html", () => {
  it("writes one self-contained page: the viewer inline, allowed by hash, and the document gzip + base64", async () => {
    const output = path.join(scratch, "run.html");
    const { io } = captureIo();
    expect(await run(["export", example, "--format", "html", "--output", output, "--no-redact"], io)).toBe(0);
    const html = readFileSync(output, "utf8");
    const script = /<script type="module">([\s\S]*)<\/script>\n<\/body>/.exec(html)?.[1] as string;
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
