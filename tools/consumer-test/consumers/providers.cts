// CommonJS importing the ESM-only package (a `require` once compiled): typed by TypeScript's `nodenext` since 5.8,
// run by Node.js since 20.19 (require(esm)). Compiled beside providers.ts by the consumer test.
import { detectFormat } from "@agent-transcript/providers";

export const format: string | undefined = detectFormat({ messages: [] })?.format;
