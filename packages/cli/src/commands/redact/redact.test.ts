import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { runRedact, type RedactReport } from "./run.js";

// Shaped like real credentials, made up for the test (the redactor's own tests hold the full catalogue).
const githubToken = `ghp_${"A1b2C3d4E5f6G7h8I9j0".repeat(2).slice(0, 36)}`;
const awsKey = "AKIAIOSFODNN7EXAMPLE";

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), "redact-command-"));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

describe("redact", () => {
  it("keeps JSON lines as JSON lines, redacts every line, and redacts a broken line as text", async () => {
    const input = path.join(directory, "run.jsonl");
    writeFileSync(
      input,
      [
        JSON.stringify({ seq: 1, type: "tool.call", payload: { input: { token: githubToken } } }),
        `{"seq": 2, "broken": "${awsKey}"`,
        JSON.stringify({ seq: 3, type: "message.user", payload: { text: "nothing secret" } }),
        "",
      ].join("\n"),
    );
    const output = path.join(directory, "shared.jsonl");
    const io = captureIo();
    expect(await runRedact(input, { output, json: true }, io.io)).toBe(0);
    const report = JSON.parse(io.stdout()) as RedactReport;
    expect(report).toMatchObject({ ok: true, format: "jsonl", output });
    expect(report.redaction.total).toBe(2);
    expect(report.warnings).toEqual([expect.objectContaining({ code: "line-redacted-as-text", at: "line 2" })]);
    const written = readFileSync(output, "utf8");
    expect(written).not.toContain(githubToken);
    expect(written).not.toContain(awsKey);
    const lines = written.split("\n");
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[2] as string)).toEqual({
      seq: 3,
      type: "message.user",
      payload: { text: "nothing secret" },
    });
    expect(lines[1]).toMatch(/^\{"seq": 2, "broken": "\[REDACTED:[a-z-]+\]"$/);
  });

  it("keeps a pretty JSON document pretty and a compact one compact, reporting by rule on stderr", async () => {
    const pretty = path.join(directory, "doc.json");
    writeFileSync(pretty, JSON.stringify({ messages: [{ text: `key ${awsKey}` }] }, null, 2));
    const io = captureIo();
    expect(await runRedact(pretty, {}, io.io)).toBe(0);
    expect(io.stdout()).toMatch(/^\{\n {2}"messages": \[/);
    expect(io.stdout()).not.toContain(awsKey);
    expect(io.stderr()).toMatch(/redacted 1 secret \([a-z-]+ ×1\)/);
    const compact = captureIo(JSON.stringify({ a: githubToken }));
    expect(await runRedact("-", {}, compact.io)).toBe(0);
    expect(compact.stdout()).toMatch(/^\{"a":"\[REDACTED:[a-z-]+\]"\}\n$/);
  });

  it("says when nothing was found, and refuses what is not JSON, writing nothing", async () => {
    const clean = captureIo('{"a": 1}');
    expect(await runRedact("-", {}, clean.io)).toBe(0);
    expect(clean.stderr()).toContain("no secrets found");
    const output = path.join(directory, "out.json");
    const bad = captureIo("not json at all");
    expect(await runRedact("-", { output }, bad.io)).toBe(1);
    expect(bad.stderr()).toContain("<stdin>: not JSON or JSON lines");
    expect(() => readFileSync(output)).toThrow(/ENOENT/);
  });

  it("refuses --json without --output, and an output that is the input", async () => {
    const input = path.join(directory, "a.json");
    writeFileSync(input, "{}");
    await expect(runRedact(input, { json: true }, captureIo().io)).rejects.toMatchObject({ exitCode: 2 });
    await expect(runRedact(input, { output: input }, captureIo().io)).rejects.toThrow(/input/);
    expect(readFileSync(input, "utf8")).toBe("{}");
  });
});
