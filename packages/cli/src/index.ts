// The entry point `@agent-transcript/cli`: the `agent-transcript` command run in-process, with the streams it reads
// and writes passed in (`run(["validate", "run.json"], processIo())` is what the installed command does). What the
// commands do is the command line's contract (README); the modules behind them are internal.
export { run, version } from "./cli.js";
export { exitCodes, processIo, type CommandIo } from "./io.js";
