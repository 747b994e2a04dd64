import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { run } from "../cli.js";

// One detection order for every command: what convert reads as a stream, export reads as that stream too.
const chunks = path.join(
  realFixturesRoot(),
  "vercel-ai/packages/amazon-bedrock/src/__fixtures__/amazon-bedrock-reasoning.chunks.txt",
);

async function report(args: string[]): Promise<Record<string, unknown>> {
  const captured = captureIo();
  const code = await run(args, captured.io);
  expect(code, captured.stderr()).toBe(0);
  return JSON.parse(captured.stdout()) as Record<string, unknown>;
}

describe("the detection order", () => {
  it("reads a stream's JSON lines as a stream for export, as convert does, not as a broken event log", async () => {
    const output = mkdtempSync(path.join(tmpdir(), "cli-detect-"));
    const converted = await report([
      "convert",
      chunks,
      "--to",
      "agent-transcript",
      "--json",
      "--output",
      path.join(output, "converted.json"),
    ]);
    const exported = await report(["export", chunks, "--json", "--output", path.join(output, "exported.json")]);
    expect(converted).toMatchObject({ from: "bedrock-converse", kind: "stream" });
    expect(exported).toMatchObject({ kind: "converted", readAs: converted.from });
    const messages = (file: string) =>
      (JSON.parse(readFileSync(path.join(output, file), "utf8")) as { messages: unknown[] }).messages.length;
    expect(messages("exported.json")).toBe(messages("converted.json"));
  });

  it("reads a one-line document, its byte order mark and CRLF end as every reader does, decoding its text once", async () => {
    // The head that decides whether an input is a session is, for a document of one line, the whole document: it is
    // decoded with the rest, not on its own first (a large document's text was held twice).
    const folder = mkdtempSync(path.join(tmpdir(), "cli-detect-"));
    const input = path.join(folder, "compact.json");
    const document = {
      schema_version: "1.1.0",
      id: "compact",
      messages: [{ role: "user", parts: [{ type: "text", text: "é".repeat(300_000) }] }],
    };
    writeFileSync(input, `\uFEFF${JSON.stringify(document)}\r\n`);
    const exported = await report(["export", input, "--json", "--output", path.join(folder, "out.json")]);
    expect(exported).toMatchObject({ kind: "transcript" });
    expect(JSON.parse(readFileSync(path.join(folder, "out.json"), "utf8"))).toMatchObject({
      id: "compact",
      messages: document.messages,
    });
    const captured = captureIo();
    expect(await run(["validate", input], captured.io), captured.stderr()).toBe(0);
  });
});
