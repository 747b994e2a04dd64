import { mkdtempSync, readFileSync } from "node:fs";
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
});
