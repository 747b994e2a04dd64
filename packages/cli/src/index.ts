export { run, version } from "./cli.js";
export { exitCodes, processIo, type CommandIo } from "./io.js";
export { detectKind, validateText, type FileProblem, type FileReport, type InputKind } from "./commands/validate.js";
