import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRecorder } from "@agent-transcript/recorder";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "export-jsonl-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const secret = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

/** A run with a secret, reasoning with a signature, and a child run with a secret of its own, as the recorder writes it. */
async function recordRun(): Promise<{ file: string; childFile: string }> {
  const root = path.join(folder, "logs");
  const recorder = createRecorder({ root, validate: true });
  recorder.append({ type: "run.started", payload: { name: "parent", kind: "workflow" } });
  recorder.append({
    type: "message.user",
    path: "a",
    payload: { role: "user", blocks: [{ type: "text", text: `token ${secret}` }] },
  });
  recorder.append({
    type: "message.assistant",
    path: "a",
    payload: {
      role: "assistant",
      blocks: [
        { type: "reasoning", text: "Think first.", signature: "c2lnbmF0dXJl", issuer: { provider: "anthropic" } },
        { type: "text", text: "Done." },
      ],
    },
  });
  const child = recorder.startChildRun({ name: "fix", path: "a" });
  child.append({ type: "run.started", payload: { name: "fix", kind: "workflow" } });
  child.append({
    type: "message.user",
    path: "b",
    payload: { role: "user", blocks: [{ type: "text", text: `child token ${secret}` }] },
  });
  await recorder.completeChildRun(child, { status: "completed" });
  recorder.append({ type: "run.completed", payload: { name: "parent", kind: "workflow", status: "completed" } });
  await recorder.close();
  return { file: recorder.file, childFile: path.join(path.dirname(recorder.file), `${child.runId}.jsonl`) };
}

const lines = (text: string): Array<Record<string, unknown>> =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("export --format jsonl of an event log", () => {
  it("writes every event again, redacted, the child run's log beside the output", async () => {
    const { file, childFile } = await recordRun();
    const output = path.join(folder, "out", "shared.jsonl");
    const io = captureIo();
    mkdirSync(path.dirname(output));
    expect(await run(["export", file, "--format", "jsonl", "--output", output, "--json"], io.io)).toBe(0);
    const report = JSON.parse(io.stdout()) as { files: string[]; redaction: { total: number }; reasoningParts: number };
    expect(report.files).toEqual([file, childFile]);
    expect(report.redaction.total).toBe(2);
    expect(report.reasoningParts).toBe(1);
    const written = lines(readFileSync(output, "utf8"));
    const original = lines(readFileSync(file, "utf8"));
    expect(written.map((event) => [event.seq, event.type])).toEqual(original.map((event) => [event.seq, event.type]));
    expect(readFileSync(output, "utf8")).not.toContain(secret);
    expect(readFileSync(output, "utf8")).toContain("[REDACTED:github-token]");
    // The reasoning's signature is the provider's, kept byte for byte.
    expect(readFileSync(output, "utf8")).toContain('"signature":"c2lnbmF0dXJl"');
    const childOutput = path.join(path.dirname(output), path.basename(childFile));
    expect(readFileSync(childOutput, "utf8")).toContain("child token [REDACTED:github-token]");
    expect(lines(readFileSync(childOutput, "utf8"))).toHaveLength(lines(readFileSync(childFile, "utf8")).length);
  });

  it("leaves reasoning out with --reasoning omit, and redaction with --no-redact", async () => {
    const { file } = await recordRun();
    const io = captureIo();
    expect(await run(["export", file, "--format", "jsonl", "--reasoning", "omit", "--no-redact"], io.io)).toBe(0);
    expect(io.stdout()).not.toContain("Think first.");
    expect(io.stdout()).toContain(secret);
    // On stdout the child run's log cannot go beside anything: said, not silently dropped.
    expect(io.stderr()).toMatch(/child-log-not-written.*written only beside an --output file/);
  });

  it("stops at a line that cannot be read, leaving the output file untouched", async () => {
    const { file } = await recordRun();
    const text = readFileSync(file, "utf8").split("\n");
    text.splice(2, 0, "not json");
    const damaged = path.join(folder, "damaged.jsonl");
    writeFileSync(damaged, text.join("\n"));
    const output = path.join(folder, "out.jsonl");
    const io = captureIo();
    expect(await run(["export", damaged, "--format", "jsonl", "--output", output], io.io)).toBe(1);
    expect(existsSync(output)).toBe(false);
    expect(io.stderr()).toMatch(/damaged\.jsonl: line 3: invalid-json: .*the export stopped there/);
  });

  it("refuses --truncate, which a streamed log cannot record", async () => {
    const { file } = await recordRun();
    const io = captureIo();
    expect(await run(["export", file, "--format", "jsonl", "--truncate"], io.io)).toBe(2);
    expect(io.stderr()).toMatch(/--truncate works on a document/);
  });

  it("writes a document as the AWF transcript logs' exporter does", async () => {
    const { file } = await recordRun();
    const document = path.join(folder, "doc.json");
    expect(await run(["export", file, "--output", document, "--quiet"], captureIo().io)).toBe(0);
    const io = captureIo();
    expect(await run(["export", document, "--format", "jsonl", "--quiet"], io.io)).toBe(0);
    const events = lines(io.stdout());
    expect(events[0]).toMatchObject({ seq: 1, type: "run.started" });
    expect(events.at(-1)).toMatchObject({ type: "run.completed" });
    expect(io.stdout()).not.toContain(secret);
  });
});
