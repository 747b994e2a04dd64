/**
 * The server behind `agent-transcript view`: on 127.0.0.1 only, read-only (GET and HEAD), serving exactly the built
 * viewer and the one transcript, nothing else from the disk. A request naming another host (DNS rebinding: a remote
 * page resolving its own name to 127.0.0.1) is refused, and every response carries the viewer's strict
 * Content-Security-Policy.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ViewerAssets } from "./viewer-assets.js";

/** What the served page may do: its own script and style, images from data:, and fetch its own transcript. */
export const viewPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The transcript's path on the server; the page is opened with `?src=` naming it. */
export const transcriptPath = "/transcript.json";

export interface ViewServer {
  url: string;
  close: () => Promise<void>;
}

export async function startViewServer(
  assets: ViewerAssets,
  transcriptJson: string,
  options: { port?: number; name?: string } = {},
): Promise<ViewServer> {
  const page = { type: "text/html; charset=utf-8", body: Buffer.from(assets.html) };
  const files = new Map<string, { type: string; body: Buffer }>([
    ["/", page],
    ["/index.html", page],
    ["/viewer.js", { type: "text/javascript; charset=utf-8", body: Buffer.from(assets.script) }],
    ["/viewer.css", { type: "text/css; charset=utf-8", body: Buffer.from(assets.style) }],
    [transcriptPath, { type: "application/json; charset=utf-8", body: Buffer.from(transcriptJson) }],
  ]);
  let port = 0;
  const handle = (request: IncomingMessage, response: ServerResponse) => {
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
    const host = request.headers.host ?? "";
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return send(421, "text/plain; charset=utf-8", "this server answers only to 127.0.0.1\n");
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.setHeader("Allow", "GET, HEAD");
      return send(405, "text/plain; charset=utf-8", "read-only\n");
    }
    const pathname = new URL(request.url ?? "/", `http://${host}`).pathname;
    const file = files.get(pathname);
    if (file === undefined) return send(404, "text/plain; charset=utf-8", "not found\n");
    return send(200, file.type, file.body);
  };
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    // The input's name travels in the URL for the page to show; the transcript's path is always the same.
    url: `http://127.0.0.1:${port}/?src=${transcriptPath.slice(1)}${options.name === undefined ? "" : `&name=${encodeURIComponent(options.name)}`}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
