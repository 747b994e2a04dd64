import { spawn } from "node:child_process";
import path from "node:path";
import { describeOmitted, formatProblem, inputLimits, inputName, loadDocument, type InputOptions } from "../input.js";
import { exitCodes, messageLine, UserError, writeData, type CommandIo } from "../io.js";
import { startViewServer } from "../view-server.js";
import { readViewerAssets } from "../viewer-assets.js";
import { verbosityOf, warningLines, type VerbosityOptions } from "../warning-summary.js";

export interface ViewCommandOptions extends InputOptions, VerbosityOptions {
  open?: boolean;
  port?: string;
}

/** The program that opens a URL in the default browser on this platform. */
function browserCommand(url: string): { command: string; args: string[] } {
  if (process.platform === "darwin") return { command: "open", args: [url] };
  if (process.platform === "win32") return { command: "cmd", args: ["/c", "start", "", url] };
  return { command: "xdg-open", args: [url] };
}

/** Opens the URL if a browser can be; says so on stderr when none can, and never fails the command for it. */
function openBrowser(url: string, io: CommandIo): void {
  const { command, args } = browserCommand(url);
  const say = () => io.stderr(messageLine(`agent-transcript: could not open a browser (${command}); open ${url}`));
  try {
    const child = spawn(command, args, { detached: true, stdio: "ignore" });
    child.once("error", say);
    child.unref();
  } catch {
    say();
  }
}

/**
 * `view`: reads the input as `export` does (a provider payload converted as `convert` does), serves the viewer and that
 * one transcript on 127.0.0.1, prints the URL on stdout and serves until interrupted (or until `until` settles).
 */
export async function runView(
  input: string,
  options: ViewCommandOptions,
  io: CommandIo,
  until: Promise<unknown> = interrupted(),
): Promise<number> {
  const port = options.port === undefined ? 0 : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UserError(`--port must be a port number from 0 to 65535, not ${options.port}`, exitCodes.usage);
  const name = inputName(input);
  const verbosity = verbosityOf(options);
  const loaded = await loadDocument(input, io, inputLimits(options));
  if (!loaded.ok) {
    for (const problem of loaded.problems) io.stderr(messageLine(formatProblem(name, problem)));
    if (loaded.omitted > 0) io.stderr(messageLine(describeOmitted(name, loaded.omitted)));
    if (!loaded.unreadable)
      io.stderr(
        messageLine(`agent-transcript: ${name} is not a transcript, event log, session or payload that can be read`),
      );
    return exitCodes.failure;
  }
  for (const line of warningLines(name, loaded.warnings, verbosity)) io.stderr(line);
  const assets = await readViewerAssets();
  const server = await startViewServer(assets, JSON.stringify(loaded.document), {
    ...(port === 0 ? {} : { port }),
    ...(input === "-" ? {} : { name: path.basename(input) }),
  });
  writeData(io, `${server.url}\n`);
  if (verbosity !== "quiet") io.stderr(messageLine("agent-transcript: serving on 127.0.0.1 (read-only); Ctrl-C stops"));
  if (options.open) openBrowser(server.url, io);
  await until;
  await server.close();
  return exitCodes.success;
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
