// @ts-check
// What the tests import: how to run the programs tools/setup made sure of (index.d.mts declares it for TypeScript).
export { goPathEnvironment, systemCommand, systemEnvironment } from "./system-environment.mjs";
export { postgresBinaries } from "./requirements.mjs";
