/**
 * Requests to the `view` server as raw bytes over a socket: node's HTTP client would refuse (or fix) most of what a
 * hostile client sends, a request target like `//[` or a second Host header among them.
 */
import { connect } from "node:net";

export interface RawAnswer {
  /** The status code of the first response, or undefined when the server closed without answering. */
  status: number | undefined;
  /** Everything the server sent, as latin1 text. */
  text: string;
  /** Header lines of the first response, lower-cased names. */
  headers: Array<[string, string]>;
  /** The body of the first response (everything after its head). */
  body: string;
}

/**
 * Writes `bytes` to 127.0.0.1:`port`, then half-closes the connection (or resets it with `reset`, or with `keepOpen`
 * leaves it open as a browser does, for a request saying `Connection: close`), and resolves with what the server sent
 * once it closes its side; rejects when the server holds the connection open past `timeoutMs` after the request
 * ended. A half-closed connection is one node's server stops answering once it sees the end (an answer made
 * asynchronously, as the run index's are, is then never sent).
 */
export function rawRequest(
  port: number,
  bytes: string | Buffer,
  options: { reset?: boolean; keepOpen?: boolean; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server held the connection open ${options.timeoutMs} ms after the request ended`));
    }, options.timeoutMs ?? 100_000);
    socket.on("close", () => clearTimeout(timer));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close on a request it refuses before reading all of it: that reset is an answer too.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
      reject(error);
    });
    socket.on("close", () => resolve(parseAnswer(Buffer.concat(chunks).toString("latin1"))));
    socket.on("connect", () => {
      socket.write(bytes, () => {
        if (options.reset) socket.resetAndDestroy();
        else if (options.keepOpen !== true) socket.end();
      });
    });
  });
}

function parseAnswer(text: string): RawAnswer {
  const headEnd = text.indexOf("\r\n\r\n");
  const head = headEnd === -1 ? text : text.slice(0, headEnd);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1];
  const headers = lines.map((line): [string, string] => {
    const colon = line.indexOf(":");
    return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
  });
  return {
    status: status === undefined ? undefined : Number(status),
    text,
    headers,
    body: headEnd === -1 ? "" : text.slice(headEnd + 4),
  };
}

/** One header of an answer (the first of that name), or undefined. */
export function headerOf(answer: RawAnswer, name: string): string | undefined {
  return answer.headers.find(([key]) => key === name)?.[1];
}

/**
 * A plain GET of `target` with the Host a browser sends for `127.0.0.1:port`, and any other headers given; the
 * connection left open as a browser leaves it, until the server closes it (`Connection: close`).
 */
export function getRaw(port: number, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return rawRequest(port, `${lines.join("\r\n")}\r\n\r\n`, { keepOpen: true });
}
