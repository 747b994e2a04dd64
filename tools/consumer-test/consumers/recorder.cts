// CommonJS importing the ESM-only package (a `require` once compiled): typed by TypeScript's `nodenext` since 5.8,
// run by Node.js since 20.19 (require(esm)). Compiled beside recorder.ts by the consumer test.
import { checkEventLog } from "@agent-transcript/recorder";

export const problems: number = checkEventLog("").problems.length;
