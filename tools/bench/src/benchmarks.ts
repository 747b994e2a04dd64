import { canonicalize, decodeTranscript, truncateValue } from "@agent-transcript/core";
import { parseJson } from "@agent-transcript/core/json";
import { createRedactor } from "@agent-transcript/core/redact";
import { validateTranscript } from "@agent-transcript/core/validators";
import type { DecodeResult } from "@agent-transcript/core";
import { conversionBenchmark } from "./conversion.js";
import type { Corpus } from "./corpus.js";
import type { BenchmarkSpec } from "./measure.js";
import { recorderBenchmark, recorderBenchmarkIds } from "./recorder-writing.js";
import { redactionInputClasses } from "./redaction-classes.js";
import { snapshotBenchmark } from "./snapshot.js";
import { sessionImportBenchmark } from "./session-import.js";

/** The benchmark ids, in report order. */
export const benchmarkIds = [
  "decode-strict-text",
  "decode-strict-bytes",
  "validate-only",
  "redact-stringify",
  "redact-input-classes",
  "canonicalize",
  "truncate-string",
  "truncate-array",
  "convert-roundtrip",
  "refuse-deep-nesting",
  ...recorderBenchmarkIds,
  "snapshot-create",
  "snapshot-apply",
  "session-import",
] as const;

export type BenchmarkId = (typeof benchmarkIds)[number];

export function isBenchmarkId(value: string): value is BenchmarkId {
  return (benchmarkIds as readonly string[]).includes(value);
}

/** Message count of a parsed document, as the work's observable result. */
function messageCount(value: unknown): number {
  const messages = typeof value === "object" && value !== null ? (value as { messages?: unknown }).messages : undefined;
  return Array.isArray(messages) ? messages.length : -1;
}

function decodedMessageCount(result: DecodeResult): number {
  // The corpus was checked to decode; a failure here means the library changed under the benchmark.
  if (!result.ok)
    throw new Error(`decodeTranscript failed during timing: ${result.error.code}: ${result.error.message}`);
  return result.document.messages.length;
}

export function benchmarkSpec(id: BenchmarkId, corpus: Corpus): BenchmarkSpec {
  const { documents, summary } = corpus;
  const corpusBytes = summary.bytes;
  const count = documents.length;
  switch (id) {
    case "decode-strict-text":
      return {
        id,
        title: "decode + strict validation vs JSON.parse (string)",
        baseline: {
          label: "JSON.parse(text)",
          pass: () => documents.reduce((sum, { text }) => sum + messageCount(JSON.parse(text)), 0),
        },
        candidate: {
          label: 'decodeTranscript(text, { mode: "strict" })',
          pass: () =>
            documents.reduce(
              (sum, { text }) => sum + decodedMessageCount(decodeTranscript(text, { mode: "strict" })),
              0,
            ),
        },
        bytesPerPass: corpusBytes,
        itemsPerPass: count,
        maxRatio: 1.15,
      };
    case "decode-strict-bytes":
      return {
        id,
        title: "decode + strict validation vs JSON.parse (UTF-8 Buffer)",
        baseline: {
          label: "JSON.parse(buffer.toString())",
          pass: () => documents.reduce((sum, { bytes }) => sum + messageCount(JSON.parse(bytes.toString())), 0),
        },
        candidate: {
          label: 'decodeTranscript(buffer, { mode: "strict" })',
          pass: () =>
            documents.reduce(
              (sum, { bytes }) => sum + decodedMessageCount(decodeTranscript(bytes, { mode: "strict" })),
              0,
            ),
        },
        bytesPerPass: corpusBytes,
        itemsPerPass: count,
        maxRatio: 1.1,
        note: "decodeTranscript decodes with a fatal TextDecoder (rejects invalid UTF-8); buffer.toString() replaces it silently.",
      };
    case "validate-only":
      return {
        id,
        title: "strict validation alone vs JSON.parse (context: V2)",
        baseline: {
          label: "JSON.parse(text)",
          pass: () => documents.reduce((sum, { text }) => sum + messageCount(JSON.parse(text)), 0),
        },
        candidate: {
          label: "validateTranscript(parsed)",
          pass: () =>
            documents.reduce(
              (sum, { document }) => sum + (validateTranscript(document).ok ? document.messages.length : -1),
              0,
            ),
        },
        bytesPerPass: corpusBytes,
        itemsPerPass: count,
        note: "Validation time as a fraction of parse time; decode's 1.15 target leaves validation about 0.15 of it.",
      };
    case "redact-stringify": {
      // Creating the redactor (compiling its rules) is a one-off per export, not per document.
      const redactor = createRedactor();
      return {
        id,
        title: "redact + stringify vs stringify",
        baseline: {
          label: "JSON.stringify(doc)",
          pass: () => documents.reduce((sum, { document }) => sum + JSON.stringify(document).length, 0),
        },
        candidate: {
          label: "JSON.stringify(redactor.redactValue(doc).value)",
          pass: () =>
            documents.reduce(
              (sum, { document }) => sum + JSON.stringify(redactor.redactValue(document).value).length,
              0,
            ),
        },
        bytesPerPass: corpusBytes,
        itemsPerPass: count,
        maxRatio: 2,
        note: `Built-in rules only (${redactor.rules.length}), default sensitive keys.`,
      };
    }
    case "redact-input-classes": {
      const redactor = createRedactor();
      const classes = redactionInputClasses(corpus.quick ? 64 * 1024 : 512 * 1024);
      return {
        id,
        title: "redaction cost per MB: slowest input class vs the average of all classes",
        baseline: { label: "mean over the classes of redactValue(strings) time per MB" },
        candidate: { label: "slowest class's redactValue(strings) time per MB" },
        classes: classes.map((inputClass) => ({
          label: inputClass.label,
          bytes: inputClass.bytes,
          pass: () => {
            const { value, report } = redactor.redactValue(inputClass.strings);
            return value.length + report.total;
          },
        })),
        // Times are per megabyte: one "pass" of either side is one megabyte.
        bytesPerPass: 1e6,
        itemsPerPass: 1,
        maxRatio: 3,
        note: `${classes.length} generated classes of ${formatSize(classes[0]?.bytes ?? 0)} each (half one long string, half 512-byte strings; tools/bench/src/redaction-classes.ts), built-in rules. Ratio = the slowest class's time per MB ÷ the mean of all classes' times per MB, per round; the slowest class is the one with the highest median. Target ≤ 3×.`,
      };
    }
    case "canonicalize":
      return {
        id,
        title: "canonicalize (RFC 8785) vs JSON.stringify (context)",
        baseline: {
          label: "JSON.stringify(doc)",
          pass: () => documents.reduce((sum, { document }) => sum + JSON.stringify(document).length, 0),
        },
        candidate: {
          label: "canonicalize(doc)",
          pass: () => documents.reduce((sum, { document }) => sum + canonicalize(document).length, 0),
        },
        bytesPerPass: corpusBytes,
        itemsPerPass: count,
      };
    case "truncate-string": {
      const output = corpus.largeStringOutput;
      return {
        id,
        title: `truncateValue of a ${formatSize(summary.largeStringOutputBytes)} string tool output to 64 KiB vs JSON.stringify of it (context)`,
        baseline: { label: "JSON.stringify(output)", pass: () => JSON.stringify(output).length },
        candidate: { label: "truncateValue(output)", pass: () => truncatedLength(truncateValue(output).value) },
        bytesPerPass: summary.largeStringOutputBytes,
        itemsPerPass: 1,
      };
    }
    case "truncate-array": {
      const output = corpus.largeArrayOutput;
      return {
        id,
        title: `truncateValue of a ${formatSize(summary.largeArrayOutputBytes)} array tool output to 64 KiB vs JSON.stringify of it (context)`,
        baseline: { label: "JSON.stringify(output)", pass: () => JSON.stringify(output).length },
        candidate: { label: "truncateValue(output)", pass: () => truncatedLength(truncateValue(output).value) },
        bytesPerPass: summary.largeArrayOutputBytes,
        itemsPerPass: 1,
      };
    }
    case "refuse-deep-nesting": {
      // The input that once hung every command: arrays and objects 100,000 deep. Refusing it (naming the first value
      // past the limit by its pointer, line and column) must cost what parsing it costs, not a walk per value.
      const deepArrays = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
      const deepObjects = `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`;
      const texts = [deepArrays, deepObjects];
      return {
        id,
        title: "refusing JSON 100,000 levels deep vs JSON.parse of it",
        baseline: {
          label: "JSON.parse(text)",
          pass: () => texts.reduce((sum, text) => sum + (JSON.parse(text) === null ? 0 : 1), 0),
        },
        candidate: {
          label: "parseJson(text): refused at depth 512 with pointer, line and column",
          pass: () =>
            texts.reduce((sum, text) => {
              const parsed = parseJson(text);
              if (parsed.ok || parsed.error.code !== "too-deep")
                throw new Error("a 100,000-deep value was not refused");
              return sum + 1;
            }, 0),
        },
        bytesPerPass: deepArrays.length + deepObjects.length,
        itemsPerPass: texts.length,
        maxRatio: 2,
        note: "Measures the depth limit (512): refusal is one linear scan, so 100,000 levels cost what parsing them does.",
      };
    }
    case "snapshot-create":
    case "snapshot-apply":
      return snapshotBenchmark(id, corpus.quick);
    case "convert-roundtrip":
      // Its own corpus: the real provider requests, not the canonical documents.
      return conversionBenchmark();
    case "recorder-vs-pino-300b":
    case "recorder-vs-pino-4kb":
    case "recorder-vs-raw-300b":
    case "recorder-vs-raw-4kb":
    case "recorder-interval-vs-none":
    case "recorder-every-event-vs-none":
    case "recorder-subscriber-overhead":
      // Their own events, written to files: the corpus only says whether this is a quick run.
      return recorderBenchmark(id, corpus.quick);
    case "session-import":
      return sessionImportBenchmark();
  }
}

function truncatedLength(value: unknown): number {
  return typeof value === "string" ? value.length : Array.isArray(value) ? value.length : -1;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(0)} KiB`;
  return `${bytes} B`;
}
