/**
 * What the instrumentation tests share: an HTTP server on 127.0.0.1 that replays the repository's real recorded
 * responses and streams (SSE or NDJSON, framed as each API frames them), the real fixtures by origin, and reading a
 * recorded file back through the recorder's own reader, validated against the event schema.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { validateEvent } from "@agent-transcript/core/validators";
import type { Event, MessagePayload } from "@agent-transcript/core";
import { loadRealFixtures, type Payload } from "@agent-transcript/fixtures/real-fixtures";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { readEventLog } from "../reader/read-event-log.js";
import { foldEventLogFile } from "../reader/fold-event-log-file.js";
import { createRecorder } from "../writer/recorder.js";
import type { Recorder } from "../writer/recorder-types.js";
import type { InstrumentOptions, RecordingError } from "./options.js";

// ---------------------------------------------------------------------------------------------------------------
// Real fixtures

let fixtures: Map<string, Payload> | undefined;

/** The recorded payload with this origin (a cassette interaction's `…/request` or `…/response`, or a file). */
export function payload(origin: string): Payload {
  fixtures ??= new Map(loadRealFixtures().flatMap((file) => file.payloads.map((item) => [item.origin, item])));
  const found = fixtures.get(origin);
  if (found === undefined) throw new Error(`no recorded payload ${origin}`);
  return found;
}

/** A recorded request or response body. */
export function body<T = Record<string, unknown>>(origin: string): T {
  const found = payload(origin);
  if (found.kind === "stream") throw new Error(`${origin} is a stream`);
  return structuredClone(found.value) as T;
}

/** A recorded stream's chunks. */
export function chunks(origin: string): unknown[] {
  const found = payload(origin);
  if (found.kind !== "stream") throw new Error(`${origin} is not a stream`);
  return structuredClone(found.chunks);
}

// ---------------------------------------------------------------------------------------------------------------
// The replay server

/** How a stream's chunks are framed on the wire. */
export type Framing =
  /** `data: <json>` per chunk, then `data: [DONE]` (OpenAI Chat). */
  | "sse-done"
  /** `event: <chunk.type>` and `data: <json>` per chunk (Anthropic, OpenAI Responses). */
  | "sse-typed"
  /** `data: <json>` per chunk (Gemini). */
  | "sse"
  /** One JSON value per line (Ollama). */
  | "ndjson";

export type Reply =
  | { kind: "json"; status?: number; body: unknown }
  | {
      kind: "stream";
      framing: Framing;
      chunks: readonly unknown[];
      /**
       * What happens after `cutAfter` chunks (default: all of them, then the end): `hang` keeps the connection open
       * until the client goes away (for aborts), `reset` destroys the connection (a network failure).
       */
      cutAfter?: number;
      then?: "hang" | "reset";
    };

export interface ReceivedRequest {
  method: string;
  url: string;
  body: unknown;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** The requests received so far, in order. */
  readonly requests: ReceivedRequest[];
  /** Queues the replies of the next requests, in order; a request with none queued gets a 599. */
  reply(...replies: Reply[]): void;
  close(): Promise<void>;
}

function frame(framing: Framing, chunk: unknown): string {
  const data = JSON.stringify(chunk);
  switch (framing) {
    case "sse-done":
    case "sse":
      return `data: ${data}\n\n`;
    case "sse-typed":
      return `event: ${(chunk as { type?: string }).type ?? "message"}\ndata: ${data}\n\n`;
    case "ndjson":
      return `${data}\n`;
  }
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString("utf8");
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function send(response: ServerResponse, reply: Reply): Promise<void> {
  // No Date header: two replays of one recording are then byte for byte the same, headers included.
  response.sendDate = false;
  if (reply.kind === "json") {
    const text = JSON.stringify(reply.body);
    response.writeHead(reply.status ?? 200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
    });
    response.end(text);
    return;
  }
  response.writeHead(200, {
    "content-type": reply.framing === "ndjson" ? "application/x-ndjson" : "text/event-stream",
  });
  const count = reply.cutAfter ?? reply.chunks.length;
  for (const chunk of reply.chunks.slice(0, count)) response.write(frame(reply.framing, chunk));
  if (reply.cutAfter === undefined || reply.then === undefined) {
    if (reply.framing === "sse-done") response.write("data: [DONE]\n\n");
    response.end();
    return;
  }
  if (reply.then === "reset") {
    // Let the chunks written so far reach the client before the connection goes.
    await pause(50);
    response.destroy();
    return;
  }
  // Hang: the client aborts; the connection closes from its side.
  await new Promise<void>((resolve) => response.on("close", () => resolve()));
}

export async function startReplayServer(): Promise<ReplayServer> {
  const queue: Reply[] = [];
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      requests.push({ method: request.method ?? "", url: request.url ?? "", body: await readBody(request) });
      const next = queue.shift();
      if (next === undefined) {
        response.writeHead(599, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "no reply queued" } }));
        return;
      }
      await send(response, next);
    })();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => {
      for (const reply of replies) queue.push(reply);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * The replay server of a test file, started before its tests and closed after them; the recorders' folders are
 * removed after each test. Call at the top of the file; the server's fields are read once it has started.
 */
export function useReplayServer(): ReplayServer {
  let started: ReplayServer | undefined;
  const running = (): ReplayServer => {
    if (started === undefined) throw new Error("the replay server is started by beforeAll: use it inside a test");
    return started;
  };
  beforeAll(async () => {
    started = await startReplayServer();
  });
  afterAll(() => running().close());
  afterEach(() => removeRecorderFolders());
  return {
    get origin() {
      return running().origin;
    },
    get requests() {
      return running().requests;
    },
    reply: (...replies) => running().reply(...replies),
    close: () => running().close(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Recorders and what they wrote

const roots: string[] = [];

/** A recorder writing into a new temporary folder (removed by `removeRecorderFolders`). */
export function newRecorder(): Recorder {
  const root = mkdtempSync(path.join(tmpdir(), "instrument-"));
  roots.push(root);
  return createRecorder({ root, durability: "none" });
}

export function removeRecorderFolders(): void {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
}

/**
 * Closes the recorder and reads its file back with the recorder's own reader: every line a valid event (strict
 * schema), no warning or problem, and a document that folds strictly valid.
 */
export async function recorded(recorder: Recorder): Promise<Event[]> {
  await recorder.close();
  const events: Event[] = [];
  const diagnostics: string[] = [];
  for await (const item of readEventLog(recorder.file, { mode: "strict" })) {
    if (item.kind !== "event") {
      diagnostics.push(`${item.code} at line ${item.line}: ${item.message}`);
      continue;
    }
    const valid = validateEvent(item.event);
    if (!valid.ok) diagnostics.push(`line ${item.line}: ${JSON.stringify(valid.errors)}`);
    events.push(item.event as Event);
  }
  expect(diagnostics).toEqual([]);
  const fold = await foldEventLogFile(recorder.file);
  expect(fold.summary.problems).toBe(0);
  expect(fold.document.messages.length).toBeGreaterThan(0);
  return events;
}

/** The events' types, in order. */
export function types(events: readonly Event[]): string[] {
  return events.map((event) => event.type);
}

/** The payload of the only event of this type (fails when there is not exactly one). */
export function only<T = Record<string, unknown>>(events: readonly Event[], type: string): T {
  const matching = events.filter((event) => event.type === type);
  expect(matching.map((event) => event.type)).toEqual([type]);
  return matching[0]?.payload as T;
}

/** Collects what an async iterable yields, and the error that ended it, if any. */
export async function drain<T>(
  iterable: AsyncIterable<T>,
  stopAfter?: { count: number; action: () => void },
): Promise<{ items: T[]; error: unknown }> {
  const items: T[] = [];
  try {
    for await (const item of iterable) {
      items.push(item);
      if (stopAfter !== undefined && items.length === stopAfter.count) stopAfter.action();
    }
  } catch (error) {
    return { items, error };
  }
  return { items, error: undefined };
}

/** An error as a comparable value: its class, name, message and HTTP status (`status_code` in Ollama's). */
export function errorShape(error: unknown): unknown {
  if (!(error instanceof Error)) return { value: error };
  return {
    class: error.constructor.name,
    name: error.name,
    message: error.message,
    status: (error as { status?: unknown }).status ?? (error as { status_code?: unknown }).status_code,
  };
}

/** A recorder whose every append throws: recording fails, the caller must not notice. */
export function throwingRecorder(): Recorder {
  const recorder = newRecorder();
  return new Proxy(recorder, {
    get(target, property) {
      if (property === "append")
        return () => {
          throw new Error("the disk is on fire");
        };
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Plain and wrapped, side by side

/** A recorded JSON body, replayed with this status (default 200). */
export function jsonReply(origin: string, status?: number): Reply {
  return { kind: "json", body: body(origin), ...(status === undefined ? {} : { status }) };
}

/** A recorded stream, replayed with this framing. */
export function streamReply(
  origin: string,
  framing: Framing,
  more: { cutAfter?: number; then?: "hang" | "reset" } = {},
): Reply {
  return { kind: "stream", framing, chunks: chunks(origin), ...more };
}

/**
 * Runs the same calls against the same replies with a plain client, then with a wrapped one recording into
 * `recorder`: what each returned, to compare.
 */
export async function plainAndWrapped<Client, T>(options: {
  server: ReplayServer;
  replies: Reply[];
  client: () => Client;
  wrap: (client: Client, recorder: Recorder, options?: InstrumentOptions) => Client;
  run: (client: Client) => Promise<T>;
  recorder?: Recorder;
  onError?: (error: RecordingError) => void;
}): Promise<{ plain: T; wrapped: T; recorder: Recorder }> {
  const recorder = options.recorder ?? newRecorder();
  options.server.reply(...options.replies);
  const plain = await options.run(options.client());
  options.server.reply(...options.replies);
  const wrapped = await options.run(
    options.wrap(options.client(), recorder, options.onError && { onError: options.onError }),
  );
  return { plain, wrapped, recorder };
}

/** {@link plainAndWrapped} for one SDK: its client, made afresh for each side, and its wrapper. */
export function plainAndWrappedWith<Client>(
  server: ReplayServer,
  client: () => Client,
  wrap: (client: Client, recorder: Recorder, options?: InstrumentOptions) => Client,
) {
  return <T>(
    replies: Reply[],
    run: (client: Client) => Promise<T>,
    recorder?: Recorder,
    onError?: (error: RecordingError) => void,
  ) => plainAndWrapped({ server, replies, client, wrap, run, recorder, onError });
}

/** A call's outcome, whatever it is, as a comparable value: its value, or its error's shape. */
export async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call() };
  } catch (error) {
    return { error: errorShape(error) };
  }
}

/** A message payload's text blocks joined, other blocks as `[type]`. */
export function blocksText(payload: MessagePayload): string {
  return payload.blocks.map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("");
}

/** The payloads of the events of this type, in order. */
export function payloads<T>(events: readonly Event[], type: string): T[] {
  return events.filter((event) => event.type === type).map((event) => event.payload as T);
}
