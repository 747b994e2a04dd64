/**
 * The server behind `agent-transcript view`: on 127.0.0.1 only, read-only (GET and HEAD), serving exactly the built
 * viewer and the one transcript, nothing else from the disk, and only to whoever holds its token.
 *
 * Any local process or user can reach 127.0.0.1, so every request must carry the server's random token (256 bits
 * from the system's generator, compared in constant time) or it gets 403. The printed URL carries it as `?token=`;
 * a request with it is answered with a cookie holding it (HttpOnly: no script reads it; SameSite=Strict: no other
 * site's page sends it; named by port: two servers never share one), so the page's own requests (its script, its
 * style, its fetch of the transcript) are let in without the viewer knowing anything of tokens: the same viewer runs
 * from a file in `export --format html`. A request naming another host (DNS rebinding: a remote page resolving its
 * own name to 127.0.0.1) is refused, and every response carries the viewer's strict Content-Security-Policy.
 *
 * Nothing a client sends may end the process: the request target is checked by hand, never handed to a URL parser
 * that throws, every answer is given inside one guard, and node's own parser answers what it cannot parse (400, 431).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ViewerAssets } from "../../viewer-assets.js";

/** What the served page may do: its own script and style, images from data:, and fetch its own transcript. */
export const viewPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The transcript's path on the server; the page is opened with `?src=` naming it. */
export const transcriptPath = "/transcript.json";

/** The second transcript's path when two runs are compared (`view A B`); the page is opened with `?compare=`. */
export const comparedPath = "/compare.json";

/**
 * The header that says a transcript is served in pages: how many messages the document has in all. The transcript's
 * path then holds the document with its first messages, `?from=N` the page of messages that starts at N, and
 * `?part=metadata` the whole metadata when {@link metadataLastHeader} says it comes last.
 */
export const pagedMessagesHeader = "X-Agent-Transcript-Messages";

/** The header that says a transcript's metadata comes last (`?part=metadata`), the first page holding a part of it. */
export const metadataLastHeader = "X-Agent-Transcript-Metadata";

/**
 * A transcript served in pages (`view` of a large run): its message count, the page that starts at an index, and its
 * whole metadata when the first page holds only its small members.
 */
export interface TranscriptPages {
  total: number;
  /** The messages from `from` on, as many as make a page, as a JSON array. */
  from: (from: number) => string;
  metadata?: string;
}

/** The query parameter that carries the token. */
const tokenParameter = "token";

/** An answer made on request (the run index's pages): its status, type and body. */
export interface ViewAnswer {
  status: number;
  type: string;
  body: Buffer | string;
}

/**
 * Answers GET requests for paths beyond the fixed files, after the token, the host and the method were checked:
 * undefined for a path it does not serve (404). A throw is answered 500 without its message (it may name files).
 */
export type DynamicRoutes = (pathname: string, query: URLSearchParams) => Promise<ViewAnswer | undefined>;

export interface ViewServer {
  /** The page's URL, token included: whoever has it can read the transcript. */
  url: string;
  close: () => Promise<void>;
}

/**
 * An origin-form request target (RFC 9112, 3.2.1): a path of RFC 3986 path characters, each `%` starting an
 * escape, then an optional query of visible ASCII. `//[`, `*`, an absolute URL, a space or a stray `%` is not one.
 */
const originForm = /^\/(?:[\w\-.~!$&'()*+,;=:@/]|%[\da-f]{2})*(?:\?[\x21-\x7e]*)?$/i;

const sha256 = (text: string): Buffer => createHash("sha256").update(text, "utf8").digest();

/**
 * Serves the viewer with one transcript (`transcriptJson`, opened by the URL's `?src=`) and maybe a second to compare it
 * with (`?compare=`), or with none and `dynamic` routes (the run index's list, search and runs, opened by `?index=1`).
 */
export async function startViewServer(
  assets: ViewerAssets,
  transcriptJson: string | undefined,
  options: {
    port?: number;
    name?: string;
    dynamic?: DynamicRoutes;
    /** A second transcript to compare the first with, and its input's name. */
    compare?: { json: string; name?: string };
    /** The first transcript's later pages, when `transcriptJson` holds only its first messages. */
    pages?: TranscriptPages;
  } = {},
): Promise<ViewServer> {
  const page = { type: "text/html; charset=utf-8", body: Buffer.from(assets.html) };
  const files = new Map<string, { type: string; body: Buffer }>([
    ["/", page],
    ["/index.html", page],
    ["/viewer.js", { type: "text/javascript; charset=utf-8", body: Buffer.from(assets.script) }],
    ["/viewer.css", { type: "text/css; charset=utf-8", body: Buffer.from(assets.style) }],
  ]);
  if (transcriptJson !== undefined)
    files.set(transcriptPath, { type: "application/json; charset=utf-8", body: Buffer.from(transcriptJson) });
  if (transcriptJson !== undefined && options.compare !== undefined)
    files.set(comparedPath, { type: "application/json; charset=utf-8", body: Buffer.from(options.compare.json) });
  const { dynamic } = options;
  const token = randomBytes(32).toString("base64url");
  // Digests of equal length, so the comparison takes the same time whatever was sent, even a token of another length.
  const tokenDigest = sha256(token);
  const isToken = (candidate: string): boolean => timingSafeEqual(sha256(candidate), tokenDigest);
  let port = 0;
  let cookieName = "";

  const answer = (request: IncomingMessage, response: ServerResponse): void => {
    const headers: Record<string, string> = {
      "Content-Security-Policy": viewPolicy,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Cache-Control": "no-store",
    };
    const send = (status: number, type: string, body: Buffer | string) => {
      response.writeHead(status, { ...headers, "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
      response.end(request.method === "HEAD" ? undefined : body);
    };
    const refuse = (status: number, message: string) => {
      // A refused request may have a body still coming: the connection is not worth keeping.
      headers.Connection = "close";
      send(status, "text/plain; charset=utf-8", `${message}\n`);
    };

    const target = request.url ?? "";
    if (!originForm.test(target)) return refuse(400, "bad request: the target is not a path");
    // Exactly one Host (RFC 9112, 3.2): with two, which one a check reads is a guess.
    const hosts = request.rawHeaders.filter((value, index) => index % 2 === 0 && value.toLowerCase() === "host");
    if (hosts.length !== 1) return refuse(400, "bad request: one Host header is required");

    const queryAt = target.indexOf("?");
    const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
    const query = new URLSearchParams(queryAt === -1 ? "" : target.slice(queryAt + 1));
    const tokenInQuery = query.getAll(tokenParameter).some(isToken);
    if (!tokenInQuery && !cookieValues(request.headers.cookie, cookieName).some(isToken))
      return refuse(403, "forbidden: open the URL agent-transcript view printed, with its token");

    const host = request.headers.host ?? "";
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return refuse(421, "this server answers only to 127.0.0.1");
    if (request.method !== "GET" && request.method !== "HEAD") {
      headers.Allow = "GET, HEAD";
      return refuse(405, "read-only");
    }
    if (tokenInQuery) headers["Set-Cookie"] = `${cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    const { pages } = options;
    if (pathname === transcriptPath && pages !== undefined) {
      headers[pagedMessagesHeader] = String(pages.total);
      if (pages.metadata !== undefined) headers[metadataLastHeader] = "last";
      const part = query.get("part");
      if (part !== null) {
        if (part !== "metadata" || pages.metadata === undefined)
          return refuse(400, "bad request: part names what comes last (metadata)");
        return send(200, "application/json; charset=utf-8", pages.metadata);
      }
      const from = query.get("from");
      if (from !== null) {
        // A page is made when asked for: serialising a large run whole would hold the URL back by seconds.
        if (!/^\d{1,9}$/.test(from) || Number(from) >= pages.total)
          return refuse(400, `bad request: from must be a message index below ${pages.total}`);
        return send(200, "application/json; charset=utf-8", pages.from(Number(from)));
      }
    }
    const file = files.get(pathname);
    if (file !== undefined) return send(200, file.type, file.body);
    if (dynamic === undefined) return refuse(404, "not found");
    dynamic(pathname, query).then(
      (made) => {
        if (response.headersSent || response.destroyed) return;
        if (made === undefined) refuse(404, "not found");
        else send(made.status, made.type, made.body);
      },
      () => {
        if (!response.headersSent && !response.destroyed) refuse(500, "the answer could not be made");
      },
    );
  };

  const handle = (request: IncomingMessage, response: ServerResponse): void => {
    try {
      answer(request, response);
    } catch {
      // Only what the request holds reaches the handler: whatever it made throw, it was a bad request.
      if (!response.headersSent) {
        response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8", Connection: "close" });
        response.end("bad request\n");
      } else response.destroy();
    }
  };
  // A slow client is cut off instead of holding a connection open for node's default minutes.
  const server = createServer({ headersTimeout: 20_000, requestTimeout: 30_000 }, handle);
  // No body is ever read: a client asking whether to send one gets the answer instead of an invitation (node's
  // default sends "100 Continue" before the request is even looked at).
  server.on("checkContinue", handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  // Once listening, an error is one connection's (too many open files when accepting one): the server goes on.
  server.on("error", () => undefined);
  port = (server.address() as AddressInfo).port;
  // Cookies are per host, not per port: the name keeps two servers on 127.0.0.1 from overwriting each other's.
  cookieName = `agent-transcript-view-${port}`;
  const query = new URLSearchParams(
    transcriptJson === undefined
      ? { [tokenParameter]: token, index: "1" }
      : { [tokenParameter]: token, src: transcriptPath.slice(1) },
  );
  // The input's name travels in the URL for the page to show; the transcript's path is always the same.
  if (options.name !== undefined) query.set("name", options.name);
  if (transcriptJson !== undefined && options.compare !== undefined) {
    query.set("compare", comparedPath.slice(1));
    if (options.compare.name !== undefined) query.set("compareName", options.compare.name);
  }
  return {
    url: `http://127.0.0.1:${port}/?${query.toString().replaceAll("+", "%20")}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Every value of the cookie `name` in a Cookie header (a client may send a name more than once). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (header === undefined) return [];
  const values: string[] = [];
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals).trim() === name) values.push(pair.slice(equals + 1).trim());
  }
  return values;
}
