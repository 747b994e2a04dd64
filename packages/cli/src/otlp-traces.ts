/**
 * A run as OTLP traces that follow the GenAI conventions, as the CLI writes them (`export --format otlp-json`) and
 * sends them (`otel push`): the providers' mapping, the input's file named for `--content reference`, this package's
 * version as the instrumentation scope's.
 */
import type { Tolerant } from "@agent-transcript/core";
import { toOtlpTraces, type OtlpTraceRequest } from "@agent-transcript/providers";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { packageJsonFile } from "./installation.js";

let version: Promise<string> | undefined;

/** This package's version, read once however many runs are written. */
function packageVersion(): Promise<string> {
  version ??= readFile(packageJsonFile, "utf8").then((text) => (JSON.parse(text) as { version: string }).version);
  return version;
}

export async function otlpTracesOf(
  document: Tolerant.Transcript,
  input: string,
  content: "none" | "attributes" | "reference",
  maxAttributeBytes: number | undefined,
): Promise<OtlpTraceRequest> {
  return toOtlpTraces(document, {
    content,
    ...(input === "-" ? {} : { sourceFile: path.resolve(input) }),
    ...(maxAttributeBytes === undefined ? {} : { maxAttributeBytes }),
    version: await packageVersion(),
  });
}
