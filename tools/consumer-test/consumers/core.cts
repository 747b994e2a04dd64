// CommonJS importing the ESM-only package (a `require` once compiled): typed by TypeScript's `nodenext` since 5.8,
// run by Node.js since 20.19 (require(esm)). Compiled beside core.ts by the consumer test.
import { decodeTranscript, formatVersion } from "@agent-transcript/core";

export const decoded: boolean = decodeTranscript("{}").ok;
export const version: string = formatVersion;
