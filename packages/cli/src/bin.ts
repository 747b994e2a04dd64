#!/usr/bin/env node
import { readFileSync } from "node:fs";

const argv = process.argv.slice(2);
// `--version` alone, what scripts run to check the command is there, is answered before the command line (commander
// and the commands' definitions) is loaded, as commander would answer it.
if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
  // src/ and dist/ both sit one level below package.json.
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  process.stdout.write(`${version}\n`);
} else {
  const [{ run }, { processIo }] = await Promise.all([import("./cli.js"), import("./io.js")]);
  process.exitCode = await run(argv, processIo());
}
