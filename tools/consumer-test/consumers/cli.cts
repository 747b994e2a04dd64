// CommonJS importing the ESM-only package (a `require` once compiled): typed by TypeScript's `nodenext` since 5.8,
// run by Node.js since 20.19 (require(esm)). Compiled beside cli.ts by the consumer test.
import { version } from "@agent-transcript/cli";

export const cliVersion: string = version;
