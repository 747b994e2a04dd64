/**
 * A worker thread of the read pool (read-pool.ts): reads the documents, sessions and payloads it is sent, one at a
 * time, each through the same `RunFileReader` as the main thread, and answers with what the reading gave and the lines
 * it would have written to stderr, for the main thread to write in the order of the files.
 */
import { parentPort, workerData } from "node:worker_threads";
import { RunFileReader } from "../collect-runs.js";
import type { CommandIo } from "../io.js";
import type { ReadRequest, ReadResponse, ReadSettings } from "./read-pool.js";

const settings = workerData as ReadSettings;
const port = parentPort;
if (port !== null)
  port.on("message", (request: ReadRequest) => {
    void answer(request).then((response) => port.postMessage(response));
  });

async function answer(request: ReadRequest): Promise<ReadResponse> {
  const lines: string[] = [];
  const io: CommandIo = {
    stdout: () => undefined,
    stderr: (text) => {
      lines.push(text);
    },
    stdin: async function* () {
      // A worker is sent files, never standard input.
    },
    color: settings.color,
    stdoutIsTerminal: false,
  };
  try {
    const reader = new RunFileReader(io, settings.options);
    const read = await reader.read(request.file, "other", request.found);
    return { id: request.id, ok: true, read, stderr: lines };
  } catch (error) {
    return {
      id: request.id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      stderr: lines,
    };
  }
}
