/**
 * `formats`: every format id the command knows, with what reads and writes it, what it is told apart by, the files
 * it comes in and the registry's note on it. Built from the schema's `SourceFormat` vocabulary, the providers'
 * registry and the lists the other commands' options take (format-choices.ts), so a format added to the registry
 * shows here with nothing else to change.
 */
import { sourceFormats } from "@agent-transcript/core/vocabularies";
import { formatRegistry, isFormatId, type FormatEntry } from "@agent-transcript/providers";
import {
  convertFormatIds,
  convertTargetFormatIds,
  sessionExportFormatIds,
  sessionFormatIds,
} from "../../format-choices.js";
import { exitCodes, writeData, type CommandIo } from "../../io.js";

export interface FormatsCommandOptions {
  json?: boolean;
}

/** One line of `formats`, and one object of `formats --json`. */
export interface FormatInfo {
  id: string;
  /** What the format is: ours, a provider API, another system's document, or an agent's session. */
  kind: "ours" | "provider" | "document" | "session";
  /** The command lines that read it and that write it (empty when none does). */
  read: string[];
  write: string[];
  /** What tells it apart when no option names it. */
  detection: string;
  /** The file names it usually comes in. */
  extensions: string[];
  description: string;
}

/** What the input layer reads for each kind of format: the same for every format of a kind. */
const byKind: Record<FormatInfo["kind"] | "event-log", { detection: string; extensions: string[] }> = {
  ours: {
    detection: "a JSON object with a string schema_version and an id (decodeTranscript's version policy)",
    extensions: [".json", ".json.gz"],
  },
  "event-log": {
    detection: "JSON lines whose first is a run.started event with a schema_version",
    extensions: [".jsonl", ".jsonl.gz"],
  },
  provider: {
    detection: "the payload's shape: request, response or stream fields only this API defines (detectFormat)",
    extensions: [".json", ".json.gz", ".jsonl", ".ndjson", ".chunks.txt", "server-sent events"],
  },
  document: {
    detection: "the document's own fields (detectFormat); --from settles any doubt",
    extensions: [".json", ".json.gz"],
  },
  session: {
    detection: "its first lines, by the session importer's detect",
    extensions: [".jsonl", ".json", ".gz", ".zst"],
  },
};

function kindOf(entry: FormatEntry): FormatInfo["kind"] {
  return entry.kind;
}

/** Every format of the schema's vocabulary, in its order, with what the command does with it. */
export function describeFormats(): FormatInfo[] {
  const infos: FormatInfo[] = [];
  for (const id of sourceFormats) {
    if (id === "agent-transcript")
      infos.push({
        id,
        kind: "ours",
        read: ["validate", "export", "view", "convert --from agent-transcript", "stats", "redact"],
        write: ["convert --to agent-transcript", "export --format json", "import"],
        ...byKind.ours,
        description: "The canonical Agent Transcript document (transcript.schema.json)",
      });
    else if (id === "event-log")
      infos.push({
        id,
        kind: "ours",
        read: [
          "validate",
          "export",
          "view",
          "stats",
          "tools",
          "text",
          "timeline",
          "tree",
          "check",
          "tail",
          "repair",
          "redact",
        ],
        write: ["export --format jsonl", "the recorder (createRecorder)"],
        ...byKind["event-log"],
        description:
          "The Agent Transcript event log (event.schema.json): append-only JSON lines, folded into a document",
      });
    else if (isFormatId(id)) {
      const entry: FormatEntry = formatRegistry[id];
      const kind = kindOf(entry);
      const read: string[] = [];
      if ((convertFormatIds as readonly string[]).includes(id)) read.push(`convert --from ${id}`);
      if ((sessionFormatIds as readonly string[]).includes(id)) read.push(`import --format ${id}`, "export", "stats");
      const write: string[] = [];
      if ((convertTargetFormatIds as readonly string[]).includes(id)) write.push(`convert --to ${id}`);
      if ((sessionExportFormatIds as readonly string[]).includes(id)) write.push(`export --format ${id}`);
      infos.push({ id, kind, read, write, ...byKind[kind], description: entry.description });
    }
    // A vocabulary member with no converter yet is a format documents may name, but none the command reads.
  }
  return infos;
}

export function runFormats(options: FormatsCommandOptions, io: CommandIo): number {
  const infos = describeFormats();
  if (options.json) {
    writeData(io, `${JSON.stringify(infos, null, 2)}\n`);
    return exitCodes.success;
  }
  const lines: string[] = [];
  for (const info of infos) {
    lines.push(`${info.id} (${info.kind})`);
    lines.push(`  ${info.description}`);
    lines.push(`  read:    ${info.read.length === 0 ? "no" : info.read.join("; ")}`);
    lines.push(`  write:   ${info.write.length === 0 ? "no" : info.write.join("; ")}`);
    lines.push(`  detects: ${info.detection}`);
    lines.push(`  files:   ${info.extensions.join(" ")}`);
    lines.push("");
  }
  writeData(io, `${lines.join("\n")}`);
  return exitCodes.success;
}
