/**
 * Turning what the viewer is given (a file, a same-origin URL, data embedded in the page) into one transcript
 * document, through core: a document is decoded with the version policy, an event log is read with core's line
 * reader (the recorder's and the CLI's: the same rules, the same messages) and folded as they fold it. Every refusal
 * names the file, the line and the JSON pointer.
 */
import {
  childLogNames,
  decodeTranscript,
  foldEventLog,
  readEventLogText,
  type DecodeError,
  type Tolerant,
} from "@agent-transcript/core";

export interface LoadProblem {
  file: string;
  line?: number;
  pointer: string;
  message: string;
}

export type Loaded =
  | { ok: true; document: Tolerant.Transcript; name: string; kind: "transcript" | "event-log"; notes: string[] }
  | { ok: false; problems: LoadProblem[] };

/** The bytes of one input, gunzipped when they start with gzip's magic bytes (whatever the name). */
export async function inputText(bytes: Uint8Array): Promise<string> {
  let body = bytes;
  if (body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b) body = await gunzip(body);
  return new TextDecoder("utf-8", { fatal: true }).decode(body);
}

export async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Base64 text into bytes (the platform's decoder where there is one). */
export function fromBase64(text: string): Uint8Array {
  const native = (Uint8Array as unknown as { fromBase64?: (text: string) => Uint8Array }).fromBase64;
  if (native) return native(text);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A transcript document (one JSON value) or an event log (one event per line), told apart by the first line. */
export function looksLikeEventLog(text: string): boolean {
  const start = text.search(/\S/);
  if (start === -1 || text[start] !== "{") return false;
  const end = text.indexOf("\n", start);
  const first = end === -1 ? text.slice(start) : text.slice(start, end);
  try {
    const value = JSON.parse(first) as unknown;
    return typeof value === "object" && value !== null && "seq" in value && "run_id" in value && "type" in value;
  } catch {
    return false;
  }
}

/** Whether a text holds one line (a newline at its end, and white space after it, aside). */
function isOneLine(text: string): boolean {
  const newline = text.indexOf("\n");
  return newline === -1 || text.slice(newline).trim() === "";
}

/** Reads one or more inputs: one document, or the event logs of a run and its child runs. */
export function loadTexts(inputs: ReadonlyArray<{ name: string; text: string }>): Loaded {
  const [first] = inputs;
  if (first === undefined) return { ok: false, problems: [{ file: "", pointer: "", message: "nothing to open" }] };
  if (inputs.length === 1) {
    // One line is a compact document far more often than a log of one event: it is decoded as a document first,
    // and read as a log only when it is not one and its line is an event (a document is parsed once, not twice).
    const oneLine = isOneLine(first.text);
    if (oneLine || !looksLikeEventLog(first.text)) {
      const document = loadDocument(first.name, first.text);
      if (document.ok || !oneLine || !looksLikeEventLog(first.text)) return document;
    }
  }
  const problems: LoadProblem[] = [];
  const notes: string[] = [];
  const runs = new Map<string, Tolerant.Event[]>();
  const roots: string[] = [];
  for (const input of inputs) {
    if (!looksLikeEventLog(input.text)) {
      problems.push({ file: input.name, pointer: "", message: "not an event log: open one document at a time" });
      continue;
    }
    readEventLines(input.name, input.text, runs, roots, problems, notes);
  }
  if (problems.length > 0) return { ok: false, problems };
  const rootId = roots[0] ?? runs.keys().next().value;
  const events = rootId === undefined ? undefined : runs.get(rootId);
  if (events === undefined || events.length === 0)
    return { ok: false, problems: [{ file: first.name, pointer: "", message: "the event log holds no events" }] };
  const folded = foldEventLog(events, { runs });
  return {
    ok: true,
    document: folded.document,
    name: first.name,
    kind: "event-log",
    notes: [
      ...notes,
      ...missingChildLogs(runs),
      ...folded.warnings.map((warning) =>
        warning.seq === undefined ? warning.message : `seq ${warning.seq}: ${warning.message}`,
      ),
    ],
  };
}

/** Child runs whose logs were not opened with their parent's, with the names those logs have beside it. */
function missingChildLogs(runs: ReadonlyMap<string, readonly Tolerant.Event[]>): string[] {
  const notes: string[] = [];
  for (const events of runs.values())
    for (const event of events) {
      const childRunId = event.child_run_id;
      if (event.type !== "step.call_workflow.started" || childRunId === undefined || runs.has(childRunId)) continue;
      const names = childLogNames(childRunId);
      if (names.length > 0)
        notes.push(`child run ${childRunId}: open its log (${names.join(" or ")}) with this one to see it`);
    }
  return notes;
}

function loadDocument(name: string, text: string): Loaded {
  const decoded = decodeTranscript(text, { mode: "auto", maxBytes: Number.MAX_SAFE_INTEGER });
  if (decoded.ok)
    return {
      ok: true,
      document: decoded.document,
      name,
      kind: "transcript",
      notes: decoded.warnings.map((warning) => `${warning.pointer}: ${warning.message}`),
    };
  return refusal(name, decoded.error);
}

/**
 * A decoding's refusal as the viewer shows it: every schema error (the first 20), else the one error with its line
 * and pointer. For a part of a paged run, `part` maps the part's pointers onto the whole document's, says which part
 * the error is in, and leaves out the line (of a text the reader never sees).
 */
function refusal(
  name: string,
  error: DecodeError,
  part?: { inDocument: (pointer: string) => string; pointer: string; label: string },
): Loaded {
  const inDocument = part?.inDocument ?? ((pointer: string) => pointer);
  if (error.errors && error.errors.length > 0)
    return {
      ok: false,
      problems: error.errors
        .slice(0, 20)
        .map((entry) => ({ file: name, pointer: inDocument(entry.pointer), message: entry.message })),
    };
  const message = error.reason ?? error.message;
  return {
    ok: false,
    problems: [
      {
        file: name,
        ...(error.line === undefined || part !== undefined ? {} : { line: error.line }),
        pointer: inDocument(error.pointer ?? part?.pointer ?? ""),
        message: part === undefined ? message : `${part.label}: ${message}`,
      },
    ],
  };
}

/**
 * One file's lines, read as every reader of event logs reads them (core's line reader, tolerant): a line that is not
 * an event refuses the load with its file, line and pointer; a warning (a torn last line, a type of a newer minor)
 * becomes a note. Events are grouped by run, the runs without a parent being the roots.
 */
function readEventLines(
  name: string,
  text: string,
  runs: Map<string, Tolerant.Event[]>,
  roots: string[],
  problems: LoadProblem[],
  notes: string[],
): void {
  for (const item of readEventLogText(text, "tolerant")) {
    if (item.kind === "warning") {
      notes.push(`${name}${item.line === undefined ? "" : `, line ${item.line}`}: ${item.message}`);
      continue;
    }
    if (item.kind === "problem") {
      problems.push({
        file: name,
        ...(item.line === undefined ? {} : { line: item.line }),
        pointer: item.pointer,
        message: item.message,
      });
      if (problems.length >= 20) return;
      continue;
    }
    const event = item.event;
    let list = runs.get(event.run_id);
    if (list === undefined) {
      list = [];
      runs.set(event.run_id, list);
      if (event.parent_run_id === undefined) roots.push(event.run_id);
    }
    list.push(event);
  }
}

/**
 * The rest of a run given in pages (a large run's HTML export, or `view` of one): how many messages the document has
 * in all, and the page that starts at a message, read after the first frame by {@link readPages}.
 */
export interface MorePages {
  total: number;
  /**
   * The page that comes after the messages read so far (`from` of them): where it says it starts, and its text (a
   * JSON array of messages); undefined when there is none.
   */
  next: (from: number) => Promise<{ first: string; text: string } | undefined>;
  /**
   * The document's whole metadata as JSON, when the first page holds only its small members (a session importer's
   * native records, tens of megabytes in a long session, come after every message).
   */
  metadata?: () => Promise<string>;
}

/** What the viewer is given to open: a name, a text, and for a paged run the rest of its messages. */
export interface Input {
  name: string;
  text: string;
  more?: MorePages;
}

/** A count of messages as a page's element or a server's header states it. */
const countPattern = /^\d{1,9}$/;

/**
 * The data `agent-transcript export --format html` embeds: gzip, then base64, in a script element that never runs.
 * In a paged export it holds the document with its first messages, and the elements after it the rest.
 */
export async function embeddedInput(): Promise<Input | undefined> {
  const element = document.getElementById("agent-transcript-data");
  if (element === null) return undefined;
  const encoded = (element.textContent ?? "").trim();
  if (encoded === "") return undefined;
  const bytes = fromBase64(encoded);
  const total = element.dataset.messages;
  const input: Input = { name: element.dataset.name ?? "embedded transcript", text: await inputText(bytes) };
  if (total === undefined || !countPattern.test(total)) return input;
  let read = 0;
  const metadataLast = element.dataset.metadata === "last";
  input.more = {
    total: Number(total),
    ...(metadataLast
      ? {
          metadata: async () => {
            await pageParsed();
            const metadata = document.getElementById("agent-transcript-metadata");
            if (metadata === null) throw new Error("the file says its metadata comes last, and it is not there");
            try {
              return await inputText(fromBase64((metadata.textContent ?? "").trim()));
            } catch (error) {
              throw new Error(`the metadata does not decode: ${messageOf(error)}`, { cause: error });
            }
          },
        }
      : {}),
    next: async () => {
      // The parser has read the whole file by now: the viewer's script comes before the later pages.
      await pageParsed();
      const page = document.querySelectorAll<HTMLScriptElement>("script.agent-transcript-messages")[read];
      if (page === undefined) return undefined;
      read += 1;
      const first = page.dataset.first ?? "";
      try {
        return { first, text: await inputText(fromBase64((page.textContent ?? "").trim())) };
      } catch (error) {
        throw new Error(`the page of messages from ${first} does not decode: ${messageOf(error)}`, { cause: error });
      }
    },
  };
  return input;
}

/** A task of its own (not a timer: nested timers are held back to 4 ms each), so the page can answer in between. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** Resolves once the parser has read the whole page. */
function pageParsed(): Promise<void> {
  if (document.readyState !== "loading") return Promise.resolve();
  return new Promise((resolve) => document.addEventListener("DOMContentLoaded", () => resolve(), { once: true }));
}

/**
 * The later pages of a paged run, read a page per task after the first frame: each page (a JSON array of messages)
 * is decoded as a document of its own with the first page's version and id, so it meets every check a whole document
 * does (size, depth, exact numbers, the schema, the version policy), and a refusal names the message by its place in
 * the whole document (`/messages/4211/parts/0`). Pages must follow each other without gap or overlap and add up to
 * `total`. `onProgress` hears how many messages have been read; `signal` stops the reading between two pages.
 */
export async function readPages(
  loaded: Extract<Loaded, { ok: true }>,
  more: MorePages,
  onProgress: (read: number) => void,
  signal?: AbortSignal,
): Promise<Loaded> {
  const head = loaded.document;
  const messages = head.messages.slice();
  const notes: string[] = [];
  const name = loaded.name;
  const fail = (pointer: string, message: string): Loaded => ({
    ok: false,
    problems: [{ file: name, pointer, message }],
  });
  const wrapper = `{"schema_version":${JSON.stringify(head.schema_version)},"id":${JSON.stringify(head.id)},"messages":`;
  if (messages.length > more.total)
    return fail(
      "/messages",
      `the file holds ${messages.length} messages where it declares ${more.total}: it is damaged`,
    );
  while (messages.length < more.total) {
    await nextTask();
    // Another file opened meanwhile: this one's pages are no longer wanted.
    if (signal?.aborted) return fail("/messages", "reading stopped: another file was opened");
    const from = messages.length;
    let page: Awaited<ReturnType<MorePages["next"]>>;
    try {
      page = await more.next(from);
    } catch (error) {
      return fail(`/messages/${from}`, messageOf(error));
    }
    if (page === undefined)
      return fail("/messages", `the file holds ${from} messages where it declares ${more.total}: it is damaged`);
    if (!countPattern.test(page.first) || Number(page.first) !== from)
      return fail(
        `/messages/${from}`,
        `a page of messages starts at ${JSON.stringify(page.first)} where message ${from} comes next: the file is damaged`,
      );
    const decoded = decodeTranscript(`${wrapper}${page.text}}`, { mode: "auto", maxBytes: Number.MAX_SAFE_INTEGER });
    // A pointer into the page's messages, as a pointer into the whole document's.
    const inDocument = (pointer: string) =>
      pointer.replace(/^\/messages\/(\d+)/, (_, index: string) => `/messages/${from + Number(index)}`);
    if (!decoded.ok)
      return refusal(name, decoded.error, {
        inDocument,
        pointer: `/messages/${from}`,
        label: `the page of messages from ${from}`,
      });
    const read = decoded.document.messages;
    if (read.length === 0 || from + read.length > more.total)
      return fail(
        `/messages/${from}`,
        `the page of messages from ${from} holds ${read.length}, where ${more.total - from} are to come: the file is damaged`,
      );
    for (const message of read) messages.push(message);
    for (const warning of decoded.warnings) notes.push(`${inDocument(warning.pointer)}: ${warning.message}`);
    onProgress(messages.length);
  }
  let { metadata } = head;
  if (more.metadata !== undefined) {
    await nextTask();
    let text: string;
    try {
      text = await more.metadata();
    } catch (error) {
      return fail("/metadata", messageOf(error));
    }
    // Checked as the rest of the document is: the metadata of a document with no messages.
    const decoded = decodeTranscript(`${wrapper}[],"metadata":${text}}`, {
      mode: "auto",
      maxBytes: Number.MAX_SAFE_INTEGER,
    });
    if (!decoded.ok)
      return refusal(name, decoded.error, {
        inDocument: (pointer) => pointer,
        pointer: "/metadata",
        label: "the metadata",
      });
    for (const warning of decoded.warnings) notes.push(`${warning.pointer}: ${warning.message}`);
    metadata = decoded.document.metadata;
  }
  return {
    ok: true,
    document: { ...head, messages, ...(metadata === undefined ? {} : { metadata }) },
    name,
    kind: loaded.kind,
    notes: [...loaded.notes, ...notes],
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `?src=`: a transcript on the page's own origin only (the Content-Security-Policy says the same); `parameter` names
 * another (`compare`, the second run of `view A B`) and `nameParameter` the parameter naming its input.
 */
export async function sourceUrlInput(
  search: string,
  parameter = "src",
  nameParameter = "name",
): Promise<Input | undefined> {
  const parameters = new URLSearchParams(search);
  const source = parameters.get(parameter);
  if (source === null) return undefined;
  const url = new URL(source, location.href);
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol))
    throw new Error(
      `?${parameter}= must name a file on this page's own origin (${location.origin}), not ${url.origin}`,
    );
  const response = await fetch(url, { credentials: "same-origin", redirect: "error" });
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  // `view` names the input it serves (`&name=`); otherwise the file's own name.
  const name = parameters.get(nameParameter) ?? decodeURIComponent(url.pathname.split("/").pop() ?? "transcript");
  const input: Input = { name, text: await inputText(new Uint8Array(await response.arrayBuffer())) };
  // `view` of a large run: the document with its first messages, and the rest from `?from=N`.
  const total = response.headers.get("x-agent-transcript-messages");
  if (total === null || !countPattern.test(total)) return input;
  input.more = {
    total: Number(total),
    ...(response.headers.get("x-agent-transcript-metadata") === "last"
      ? {
          metadata: async () => {
            const metadataUrl = new URL(url);
            metadataUrl.searchParams.set("part", "metadata");
            const answer = await fetch(metadataUrl, { credentials: "same-origin", redirect: "error" });
            if (!answer.ok) throw new Error(`the metadata: HTTP ${answer.status}`);
            return inputText(new Uint8Array(await answer.arrayBuffer()));
          },
        }
      : {}),
    next: async (from) => {
      const pageUrl = new URL(url);
      pageUrl.searchParams.set("from", String(from));
      const page = await fetch(pageUrl, { credentials: "same-origin", redirect: "error" });
      if (!page.ok) throw new Error(`the page of messages from ${from}: HTTP ${page.status}`);
      return { first: String(from), text: await inputText(new Uint8Array(await page.arrayBuffer())) };
    },
  };
  return input;
}
