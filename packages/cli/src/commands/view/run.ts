import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { prepareExport, type Tolerant } from "@agent-transcript/core";
import { inputName, reportUnloaded } from "../../input/problems.js";
import { inputLimits, type InputOptions } from "../../input/limits.js";
import { loadDocument } from "../../input/document.js";
import { exitCodes, messageLine, shown, UserError, writeData, type CommandIo } from "../../io.js";
import { withProgress } from "../../progress.js";
import { redactionSummary } from "../../redaction-summary.js";
import { messagePageAt, pageBytes, pagedDocument } from "../../message-pages.js";
import { startViewServer, type TranscriptPages } from "./server.js";
import { readViewerAssets } from "../../viewer-assets.js";
import { verbosityOf, warningLines, type VerbosityOptions } from "../../warning-summary.js";

export interface ViewCommandOptions extends InputOptions, VerbosityOptions {
  /** With no input: the run index's database (default the user's own). */
  database?: string;
  open?: boolean;
  port?: string;
  /** A permalink to open at (`r=<run path>&m=<message>`). */
  at?: string;
  /** Redact secrets before serving (on unless false), as `export` does. */
  redact?: boolean;
  /** A second input to compare the first with (`view A B`). */
  compareWith?: string;
}

/** The program that opens a URL in the default browser on this platform. */
function browserCommand(url: string): { command: string; args: string[] } {
  if (process.platform === "darwin") return { command: "open", args: [url] };
  if (process.platform === "win32") return { command: "cmd", args: ["/c", "start", "", url] };
  return { command: "xdg-open", args: [url] };
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Opens the URL in a browser if one can be opened; says so on stderr when none can, and never fails the command for
 * it. The URL holds the token, and a command line is there for every user of the machine to read (ps), so the
 * browser is handed a file only this user can read, which sends it on to the URL. Resolves with what removes it.
 */
async function openBrowser(url: string, io: CommandIo): Promise<() => Promise<void>> {
  // mkdtemp makes the folder readable by its owner only; the file is created new, never through a link.
  const folder = await mkdtemp(path.join(tmpdir(), "agent-transcript-view-"));
  const remove = () => rm(folder, { recursive: true, force: true });
  const file = path.join(folder, "open.html");
  const href = escapeHtml(url);
  await writeFile(
    file,
    `<!doctype html>\n<meta charset="utf-8">\n<meta name="referrer" content="no-referrer">\n<meta http-equiv="refresh" content="0;url=${href}">\n<title>agent-transcript view</title>\n<a href="${href}">Open the transcript</a>\n`,
    { mode: 0o600, flag: "wx" },
  );
  const { command, args } = browserCommand(pathToFileURL(file).href);
  const say = () =>
    io.stderr(messageLine(`agent-transcript: could not open a browser (${command}); open the URL printed on stdout`));
  try {
    const child = spawn(command, args, { detached: true, stdio: "ignore" });
    child.once("error", say);
    child.unref();
  } catch {
    say();
  }
  return remove;
}

/**
 * `view` with no input: brings the run index up to date with its roots (as `runs --index` does), then serves the
 * viewer with the index's runs, newest first, and search over them; each run is read from its file when opened.
 */
async function runIndexView(
  options: ViewCommandOptions,
  io: CommandIo,
  until: Promise<unknown> | undefined,
  port: number,
): Promise<number> {
  const { collectIndexedRuns, databaseFile, describeIndexing } = await import("../../run-index/indexed-runs.js");
  const { openStore } = await import("../../run-index/open-store.js");
  const { indexRoutes, summariseRuns } = await import("./index-routes.js");
  const verbosity = verbosityOf(options);
  const collected = await withProgress(io, options, (watched) => collectIndexedRuns([], options, watched));
  if (verbosity !== "quiet") io.stderr(describeIndexing(collected.summary));
  const runs = summariseRuns(collected.runs);
  const store = await openStore(databaseFile(options), { create: false, readOnly: true });
  try {
    const assets = await readViewerAssets();
    const server = await startViewServer(assets, undefined, {
      ...(port === 0 ? {} : { port }),
      dynamic: indexRoutes(runs, store, { ...options, redact: options.redact !== false }, io),
    });
    writeData(io, `${server.url}\n`);
    if (verbosity !== "quiet")
      io.stderr(
        messageLine(
          `agent-transcript: serving ${runs.length} run${runs.length === 1 ? "" : "s"} of the run index (${store.location}) on 127.0.0.1 (read-only) to whoever has the URL: it holds the access token; Ctrl-C stops`,
        ),
      );
    const removeOpener = options.open ? await openBrowser(server.url, io) : undefined;
    await (until ?? interrupted());
    await server.close();
    await removeOpener?.();
    return exitCodes.success;
  } finally {
    await store.close();
  }
}

/**
 * `view`: reads the input as `export` does (a provider payload converted as `convert` does), redacts it as `export`
 * does (unless `redact` is false), serves the viewer and that one transcript on 127.0.0.1 to the holder of a token,
 * prints the URL with the token on stdout and serves until interrupted (or until `until` settles); with
 * `compareWith`, the two inputs side by side in the viewer's compare mode. Ctrl-C is taken
 * as "stop serving" only once serving has begun: before that (reading a large input, bringing the index up to date,
 * which keeps every run it finished) it ends the command as it ends any other.
 */
export async function runView(
  input: string | undefined,
  options: ViewCommandOptions,
  io: CommandIo,
  until?: Promise<unknown>,
): Promise<number> {
  // A permalink as the viewer writes them: the run's child indices, the message's place in it.
  if (options.at !== undefined && !/^(?:r=(?:\d+(?:\.\d+)*)?)?(?:&?m=\d+)?$/.test(options.at))
    throw new UserError(
      `--at takes a place as search prints it (r=0.1&m=12), not "${shown(options.at)}"`,
      exitCodes.usage,
    );
  const port = options.port === undefined ? 0 : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UserError(`--port must be a port number from 0 to 65535, not ${options.port}`, exitCodes.usage);
  if (input === undefined) {
    if (options.at !== undefined)
      throw new UserError("--at opens a place in one input: name the input, or open the run from the list", 2);
    return runIndexView(options, io, until, port);
  }
  if (options.database !== undefined)
    throw new UserError("--database names the run index, which view serves with no input: leave one out", 2);
  if (options.compareWith !== undefined && options.at !== undefined)
    throw new UserError("--at opens a place in one input: it does not apply to a comparison of two", 2);
  if (input === "-" && options.compareWith === "-")
    throw new UserError("standard input can be read once: name a file for one of the two runs", 2);
  const verbosity = verbosityOf(options);
  const first = await servedInput(input, options, io);
  if (typeof first === "number") return first;
  const second = options.compareWith === undefined ? undefined : await servedInput(options.compareWith, options, io);
  if (typeof second === "number") return second;
  const assets = await readViewerAssets();
  // One run is served in pages (two compared are served whole: the compare page aligns them whole).
  const served = second === undefined ? pagedTranscript(first.document) : { json: JSON.stringify(first.document) };
  const server = await startViewServer(assets, served.json, {
    ...(port === 0 ? {} : { port }),
    ...(first.name === undefined ? {} : { name: first.name }),
    ...(served.pages === undefined ? {} : { pages: served.pages }),
    ...(second === undefined
      ? {}
      : {
          compare: {
            json: JSON.stringify(second.document),
            ...(second.name === undefined ? {} : { name: second.name }),
          },
        }),
  });
  const url = options.at === undefined || options.at === "" ? server.url : `${server.url}#${options.at}`;
  writeData(io, `${url}\n`);
  if (verbosity !== "quiet")
    io.stderr(
      messageLine(
        `agent-transcript: serving ${second === undefined ? "" : "a comparison of the two "}on 127.0.0.1 (read-only) to whoever has the URL: it holds the access token; Ctrl-C stops`,
      ),
    );
  const removeOpener = options.open ? await openBrowser(url, io) : undefined;
  await (until ?? interrupted());
  await server.close();
  await removeOpener?.();
  return exitCodes.success;
}

/**
 * One input as the page is given it: read as `export` reads it (a provider payload converted as `convert` does), its
 * warnings said, and redacted as `export` redacts it (unless `redact` is false), so the page is `export --format
 * html`'s. A number is the exit code of an input that could not be read (said on stderr).
 */
async function servedInput(
  input: string,
  options: ViewCommandOptions,
  io: CommandIo,
): Promise<{ document: Tolerant.Transcript; name: string | undefined } | number> {
  const name = inputName(input);
  const loaded = await loadDocument(input, io, inputLimits(options));
  if (!loaded.ok)
    return reportUnloaded(
      io,
      name,
      loaded,
      `${name} is not a transcript, event log, session or payload that can be read`,
    );
  const verbosity = verbosityOf(options);
  for (const line of warningLines(name, loaded.warnings, verbosity)) io.stderr(line);
  const prepared = prepareExport(loaded.document, { redact: options.redact === false ? false : {} });
  const redaction = redactionSummary(prepared.redaction);
  if (redaction !== undefined && verbosity !== "quiet") io.stderr(redaction);
  return { document: prepared.document, name: input === "-" ? undefined : path.basename(input) };
}

/**
 * A run as `view` serves it: the document with its first page of messages (all of them when they fit) and, when its
 * metadata is large, that metadata's small members; the later pages and the whole metadata made when the page asks,
 * as the HTML export cuts them.
 */
function pagedTranscript(document: Tolerant.Transcript): { json: string; pages?: TranscriptPages } {
  const { messages } = document;
  const paged = pagedDocument(document);
  if (paged.headMessages === paged.total && paged.metadata === undefined) return { json: paged.head };
  return {
    json: paged.head,
    pages: {
      total: paged.total,
      from: (from) => messagePageAt(messages, from, pageBytes).json,
      ...(paged.metadata === undefined ? {} : { metadata: paged.metadata }),
    },
  };
}

/** Settles on Ctrl-C or a termination signal. */
function interrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
