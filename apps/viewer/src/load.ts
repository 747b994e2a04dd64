/**
 * Turning what the viewer is given (a file, a same-origin URL, data embedded in the page) into one transcript
 * document, through core: a document is decoded with the version policy, an event log is read with core's line
 * reader (the recorder's and the CLI's: the same rules, the same messages) and folded as they fold it. Every refusal
 * names the file, the line and the JSON pointer.
 */
import { childLogNames, decodeTranscript, foldEventLog, readEventLogText, type Tolerant } from "@agent-transcript/core";

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
  const { error } = decoded;
  if (error.errors && error.errors.length > 0)
    return {
      ok: false,
      problems: error.errors
        .slice(0, 20)
        .map((entry) => ({ file: name, pointer: entry.pointer, message: entry.message })),
    };
  return {
    ok: false,
    problems: [
      {
        file: name,
        ...(error.line === undefined ? {} : { line: error.line }),
        pointer: error.pointer ?? "",
        message: error.reason ?? error.message,
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

/** The data `agent-transcript export --format html` embeds: gzip, then base64, in a script element that never runs. */
export async function embeddedInput(): Promise<{ name: string; text: string } | undefined> {
  const element = document.getElementById("agent-transcript-data");
  if (element === null) return undefined;
  const encoded = (element.textContent ?? "").trim();
  if (encoded === "") return undefined;
  const bytes = fromBase64(encoded);
  return { name: element.dataset.name ?? "embedded transcript", text: await inputText(bytes) };
}

/**
 * `?src=`: a transcript on the page's own origin only (the Content-Security-Policy says the same); `parameter` names
 * another (`compare`, the second run of `view A B`) and `nameParameter` the parameter naming its input.
 */
export async function sourceUrlInput(
  search: string,
  parameter = "src",
  nameParameter = "name",
): Promise<{ name: string; text: string } | undefined> {
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
  return { name, text: await inputText(new Uint8Array(await response.arrayBuffer())) };
}
