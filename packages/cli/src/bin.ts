#!/usr/bin/env node
import { readFileSync } from "node:fs";

const argv = process.argv.slice(2);
// A reader that stops early (`| head`) closes the pipe, and the next write fails with EPIPE. On stdout, where the data
// goes, the command stops there, quietly and with the status so far, as one killed by SIGPIPE stops, not with an
// unhandled error's stack trace; on stderr, messages nobody reads are dropped and the work goes on, so that a file
// being written is finished rather than cut off. Any other failure of stdout ends the command with status 1.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE")
    process.stderr.write(`agent-transcript: cannot write to standard output: ${error.message}\n`);
  process.exit(error.code === "EPIPE" ? (process.exitCode ?? 0) : 1);
});
process.stderr.on("error", () => undefined);
// `--version` alone, what scripts run to check the command is there, is answered before the command line (commander
// and the commands' definitions) is loaded, as commander would answer it.
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  // src/ and dist/ both sit one level below package.json.
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  process.stdout.write(`${version}\n`);
} else if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
  // The program's own help, as commander writes it at the help width (cli.ts), generated from the definitions:
  // printed without building the command line.
  const { rootHelp } = await import("./generated/root-help.js");
  process.stdout.write(rootHelp);
} else {
  const [{ run }, { processIo }] = await Promise.all([import("./cli.js"), import("./io.js")]);
  process.exitCode = await run(argv, processIo());
}
