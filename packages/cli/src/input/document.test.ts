// What loading a document holds on to: the bytes it was read from are let go of once they are text when the caller
// gives them up (loadDocument), so a large document is not held as bytes, text and value at once; a caller that reads
// them again afterwards (the event log commands) keeps them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { loadDocumentBytes } from "./document.js";
import { defaultInputLimits } from "./limits.js";

const example = path.join(import.meta.dirname, "../../../../schemas/v1/examples/Transcript/valid");

describe("loadDocumentBytes", () => {
  it("lets go of a document's bytes when asked to, and loads the same document either way", async () => {
    const file = path.join(example, readdirSync(example).find((name) => name.endsWith(".json")) as string);
    const kept = { bytes: readFileSync(file) as Buffer | undefined };
    const released = { bytes: readFileSync(file) as Buffer | undefined };
    const one = await loadDocumentBytes(file, kept, captureIo().io, defaultInputLimits);
    const other = await loadDocumentBytes(file, released, captureIo().io, defaultInputLimits, { releaseBytes: true });
    expect(one.ok && other.ok).toBe(true);
    expect(one.ok && one.document).toEqual(other.ok && other.document);
    expect(kept.bytes).toBeInstanceOf(Buffer);
    expect(released.bytes).toBeUndefined();
  });

  it("keeps a session's bytes: its counts are taken from them after it is imported", async () => {
    const session = path.join(
      realFixturesRoot(),
      "spotter/test/fixtures/transcripts/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    );
    const read = { bytes: readFileSync(session) as Buffer | undefined };
    const loaded = await loadDocumentBytes(session, read, captureIo().io, defaultInputLimits, { releaseBytes: true });
    expect(loaded.ok && loaded.kind).toBe("session");
    const lines = readFileSync(session, "utf8")
      .split("\n")
      .filter((line) => line !== "").length;
    expect(loaded.ok && loaded.session?.lines).toBe(lines);
    expect(read.bytes).toBeInstanceOf(Buffer);
  });
});
