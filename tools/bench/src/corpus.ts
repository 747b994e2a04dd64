import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeTranscript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import type { Transcript } from "@agent-transcript/core";
import { claudeCodeTranscript } from "./claude-code.js";
import { realFixturesRoot, transcriptExamplesDirectory } from "./paths.js";

export interface CorpusDocument {
  /** Where it came from, relative to the fixtures root or the examples folder, plus the copy number. */
  readonly name: string;
  readonly document: Transcript;
  /** `JSON.stringify(document)`: compact, as a writer emits it (pretty-printing would flatter the parse side). */
  readonly text: string;
  /** The same text as UTF-8, as read from a file. */
  readonly bytes: Buffer;
}

export interface CorpusSummary {
  /** Documents timed per pass (distinct documents × copies). */
  readonly documents: number;
  readonly distinctDocuments: number;
  readonly copies: number;
  /** UTF-8 bytes of all documents' JSON text: what one pass over the corpus parses. */
  readonly bytes: number;
  readonly messages: number;
  readonly parts: number;
  readonly largestDocumentBytes: number;
  readonly sources: readonly string[];
  /** Size of the large tool outputs the truncation benchmarks cut. */
  readonly largeStringOutputBytes: number;
  readonly largeArrayOutputBytes: number;
}

export interface Corpus {
  /** Built for a smoke run: benchmarks with generated inputs make them small too. */
  readonly quick: boolean;
  readonly documents: readonly CorpusDocument[];
  /** One long real tool output (the session's outputs joined), as `truncateValue` meets it in a tool_result. */
  readonly largeStringOutput: string;
  /** A structured output: an array of records of uneven size (the real messages of the largest session). */
  readonly largeArrayOutput: readonly unknown[];
  readonly summary: CorpusSummary;
}

export interface CorpusOptions {
  quick: boolean;
}

/**
 * The Claude Code sessions used. The full corpus takes all real sessions (spotter's main session, its subagents, the
 * small sessions) plus the hand-written samples; the quick one only the small ones, so a smoke run takes seconds.
 */
const fullSessions = [
  "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl",
  "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46/subagents/agent-aa84377.jsonl",
  "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46/subagents/agent-a93ccab.jsonl",
  "spotter/test/fixtures/transcripts/fa812bfe-b295-4cca-9c2f-fdf01028cb46/subagents/agent-acompact-70d8e7.jsonl",
  "spotter/test/fixtures/transcripts/6c2214d7-b87e-4432-8e41-22ba294ea584/subagents/agent-afc096d.jsonl",
  "spotter/test/fixtures/transcripts/short.jsonl",
  "spotter/test/fixtures/transcripts/subagent.jsonl",
  "claude-code-transcripts/tests/sample_session.jsonl",
  "claude-code-transcripts/tests/sample_session.json",
];
const quickSessions = [
  "spotter/test/fixtures/transcripts/short.jsonl",
  "spotter/test/fixtures/transcripts/subagent.jsonl",
  "claude-code-transcripts/tests/sample_session.jsonl",
];

/**
 * The real sessions convert to about 1.2 MB of canonical JSON. Repeating them (as distinct documents with their own
 * ids) makes one pass a few MB, long enough that one timed sample is tens of milliseconds and timer and scheduler
 * noise stay small against it; the mix of shapes and sizes is unchanged by the repetition.
 */
const fullCopies = 3;
const largeStringOutputBytes = { full: 1024 * 1024, quick: 96 * 1024 };

function readSessionLines(file: string): unknown[] {
  const text = readFileSync(file, "utf8");
  if (file.endsWith(".json")) {
    // A claude.ai web export: the same lines, wrapped in { "loglines": [...] }.
    const parsed: unknown = JSON.parse(text);
    const loglines =
      typeof parsed === "object" && parsed !== null && "loglines" in parsed ? parsed.loglines : undefined;
    if (!Array.isArray(loglines)) throw new Error(`${file}: expected {"loglines": [...]}`);
    return loglines;
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch (error) {
        throw new Error(`${file}:${index + 1}: not JSON (${error instanceof Error ? error.message : String(error)})`, {
          cause: error,
        });
      }
    });
}

function loadExamples(): { name: string; document: Transcript }[] {
  return readdirSync(transcriptExamplesDirectory)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      name: `examples/${file}`,
      document: JSON.parse(readFileSync(path.join(transcriptExamplesDirectory, file), "utf8")) as Transcript,
    }));
}

/**
 * Every document must be strictly valid and decode strictly, or the benchmark would time the error path (ajv
 * collecting errors, the wrapper mapping them) instead of the path a real reader takes. Fails loudly otherwise.
 */
function checkDocument(name: string, document: Transcript, text: string): void {
  const validation = validateTranscript(document);
  if (!validation.ok) {
    const details = validation.errors
      .slice(0, 5)
      .map((error) => `  ${error.pointer || "/"}: ${error.message}`)
      .join("\n");
    throw new Error(
      `corpus document ${name} is not a valid Transcript (${validation.errors.length} errors):\n${details}`,
    );
  }
  const decoded = decodeTranscript(text, { mode: "strict" });
  if (!decoded.ok)
    throw new Error(
      `corpus document ${name} does not decode strictly: ${decoded.error.code}: ${decoded.error.message}`,
    );
}

function countParts(document: Transcript): number {
  let parts = 0;
  for (const message of document.messages) parts += message.parts.length;
  return parts;
}

function collectToolOutputs(documents: readonly Transcript[]): string[] {
  const outputs: string[] = [];
  for (const document of documents) {
    for (const message of document.messages) {
      for (const part of message.parts) {
        if (part.type === "tool_result" && typeof part.output === "string" && part.output.length > 0)
          outputs.push(part.output);
      }
    }
  }
  return outputs;
}

export function buildCorpus(options: CorpusOptions): Corpus {
  const root = realFixturesRoot();
  const sessions = options.quick ? quickSessions : fullSessions;
  const distinct: { name: string; document: Transcript }[] = [];
  for (const relative of sessions) {
    const file = path.join(root, relative);
    distinct.push({
      name: relative,
      document: claudeCodeTranscript(readSessionLines(file), relative, path.basename(relative)),
    });
  }
  distinct.push(...loadExamples());

  const copies = options.quick ? 1 : fullCopies;
  const documents: CorpusDocument[] = [];
  for (let copy = 1; copy <= copies; copy += 1) {
    for (const { name, document } of distinct) {
      // A fresh object graph per copy, so no pass can profit from another copy's objects being hot in cache.
      const cloned = JSON.parse(JSON.stringify(document)) as Transcript;
      if (copies > 1) cloned.id = `${document.id}~${copy}`;
      const text = JSON.stringify(cloned);
      const documentName = copies > 1 ? `${name}#${copy}` : name;
      checkDocument(documentName, cloned, text);
      documents.push({ name: documentName, document: cloned, text, bytes: Buffer.from(text, "utf8") });
    }
  }

  const outputs = collectToolOutputs(distinct.map(({ document }) => document)).sort(
    (left, right) => right.length - left.length,
  );
  if (outputs.length === 0) throw new Error("the corpus has no string tool outputs to build the truncation input from");
  const stringTarget = options.quick ? largeStringOutputBytes.quick : largeStringOutputBytes.full;
  const pieces: string[] = [];
  let length = 0;
  // Longest outputs first, cycling if needed: what a `cat` of a big log or a long test run returns.
  for (let index = 0; length < stringTarget; index += 1) {
    const piece = outputs[index % outputs.length] as string;
    pieces.push(piece);
    length += piece.length + 1;
  }
  const largeStringOutput = pieces.join("\n");
  const largest = distinct
    .map(({ document }) => document)
    .sort((left, right) => JSON.stringify(right).length - JSON.stringify(left).length)[0] as Transcript;
  const largeArrayOutput = JSON.parse(JSON.stringify(largest.messages)) as unknown[];

  const summary: CorpusSummary = {
    documents: documents.length,
    distinctDocuments: distinct.length,
    copies,
    bytes: documents.reduce((total, document) => total + document.bytes.length, 0),
    messages: documents.reduce((total, document) => total + document.document.messages.length, 0),
    parts: documents.reduce((total, document) => total + countParts(document.document), 0),
    largestDocumentBytes: Math.max(...documents.map((document) => document.bytes.length)),
    sources: distinct.map(({ name }) => name),
    largeStringOutputBytes: Buffer.byteLength(largeStringOutput, "utf8"),
    largeArrayOutputBytes: Buffer.byteLength(JSON.stringify(largeArrayOutput), "utf8"),
  };
  return { quick: options.quick, documents, largeStringOutput, largeArrayOutput, summary };
}
