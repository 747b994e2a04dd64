import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { run } from "./cli.js";
import { captureIo } from "./capture-io.test.helpers.js";

const capture = captureIo;

const scratch = mkdtempSync(path.join(tmpdir(), "cli-test-"));
const exampleLine = (name: string, seq: number): string =>
  JSON.stringify({
    ...(JSON.parse(readFileSync(path.join(repositoryRoot, "schemas/v1/examples/Event", name), "utf8")) as object),
    seq,
  });
const writeScratch = (name: string, text: string): string => {
  const file = path.join(scratch, name);
  writeFileSync(file, text);
  return file;
};

const validLog = writeScratch(
  "valid.jsonl",
  [
    exampleLine("valid/run-started.json", 1),
    exampleLine("valid/step-started.json", 2),
    exampleLine("valid/tool-call.json", 3),
  ].join("\n") + "\n",
);
const newerLog = writeScratch(
  "newer.jsonl",
  [exampleLine("valid/run-started.json", 1), exampleLine("newer-minor/unknown-event-type.json", 2)].join("\n") + "\n",
);
const invalidLog = writeScratch(
  "invalid.jsonl",
  [exampleLine("valid/run-started.json", 1), exampleLine("invalid/negative-iteration.json", 2)].join("\n") + "\n",
);

describe("agent-transcript validate", () => {
  it("exits 0 on a valid event log and says so on stderr, keeping stdout for data", async () => {
    const output = capture();
    expect(await run(["validate", validLog], output.io)).toBe(0);
    expect(output.stdout()).toBe("");
    expect(output.stderr()).toContain(`${validLog}: valid event-log (3 records, strict)`);
  });

  it("exits 1 and prints file, line and JSON pointer for each problem", async () => {
    const output = capture();
    expect(await run(["validate", invalidLog], output.io)).toBe(1);
    expect(output.stdout()).toBe(`${invalidLog}:2: /iteration: "iteration" must be at least 0, not -1\n`);
  });

  it("accepts a newer minor version's event types with --tolerant, warning about them", async () => {
    const strict = capture();
    expect(await run(["validate", newerLog], strict.io)).toBe(1);
    const tolerant = capture();
    expect(await run(["validate", "--tolerant", newerLog], tolerant.io)).toBe(0);
    expect(tolerant.stderr()).toContain("unknown event type run.paused");
  });

  it("prints a structured report with --json", async () => {
    const output = capture();
    expect(await run(["validate", "--json", validLog, invalidLog], output.io)).toBe(1);
    const report = JSON.parse(output.stdout()) as {
      valid: boolean;
      files: Array<{ file: string; valid: boolean; problems: unknown[] }>;
    };
    expect(report.valid).toBe(false);
    expect(report.files.map((file) => [file.file, file.valid])).toEqual([
      [validLog, true],
      [invalidLog, false],
    ]);
    expect(report.files[1]?.problems).toEqual([
      { line: 2, pointer: "/iteration", message: '"iteration" must be at least 0, not -1' },
    ]);
    expect(output.stderr()).toBe("");
  });

  it("reads standard input for -", async () => {
    const output = capture('{"version":1,"kind":"repo","path":"/workspace"}\n');
    expect(await run(["validate", "-"], output.io)).toBe(0);
    expect(output.stderr()).toContain("<stdin>: valid snapshot-declarations (1 record, strict)\n");
  });

  it("reports unreadable and unrecognised inputs as failures, not crashes", async () => {
    const output = capture();
    const unrecognised = writeScratch("other.jsonl", '{"hello":"world"}\n');
    expect(await run(["validate", path.join(scratch, "missing.jsonl"), scratch, unrecognised], output.io)).toBe(1);
    // What could not be read at all is an error on stderr, its cause first and no verdict after it; what was read
    // and found wanting is a finding on stdout.
    expect(output.stderr()).toContain(`${path.join(scratch, "missing.jsonl")}: cannot read: no such file (ENOENT)\n`);
    expect(output.stderr()).toContain(
      `${scratch}: cannot read: is a folder, not a file (give a file in it; stats and sessions read whole folders) (EISDIR)\n`,
    );
    expect(output.stderr()).not.toMatch(/missing\.jsonl: invalid|invalid unknown|0 records/);
    expect(output.stdout()).not.toContain("cannot read");
    expect(output.stdout()).toContain(`${unrecognised}: not a recognised input`);
    expect(output.stderr()).toContain(`${unrecognised}: invalid: not a recognised input\n`);
  });

  it("exits 2 on usage errors", async () => {
    expect(await run(["validate"], capture().io)).toBe(2);
    expect(await run(["validate", "--bogus", validLog], capture().io)).toBe(2);
    expect(await run(["no-such-command"], capture().io)).toBe(2);
  });
});

describe("the agent-transcript binary", () => {
  const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), "bin.ts");
  const tsx = path.join(repositoryRoot, "node_modules/.bin/tsx");

  it("sets the process exit code and writes to the real streams", () => {
    const result = spawnSync(tsx, [bin, "validate", invalidLog], {
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "" },
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`${invalidLog}:2: /iteration: "iteration" must be at least 0, not -1\n`);
    expect(result.stderr).toContain("invalid event-log");
    expect(result.stderr).not.toContain("\u001b[");
  });

  it("runs the event log queries as commands: data on stdout, exit 1 for a broken log, 2 for a bad flag", () => {
    const env = { ...process.env, NO_COLOR: "1", FORCE_COLOR: "" };
    const awfLog = path.join(repositoryRoot, "packages/recorder/src/fixtures/awf-documented-example.jsonl");
    const text = spawnSync(tsx, [bin, "text", awfLog], { encoding: "utf8", env });
    expect(text.status).toBe(0);
    expect(text.stdout.length).toBeGreaterThan(0);
    const check = spawnSync(tsx, [bin, "check", invalidLog, "--json"], { encoding: "utf8", env });
    expect(check.status).toBe(1);
    expect(JSON.parse(check.stdout)).toMatchObject({ ok: false });
    expect(check.stderr).toContain("line 2: invalid-event");
    const usage = spawnSync(tsx, [bin, "tools", awfLog, "--no-such-flag"], { encoding: "utf8", env });
    expect(usage.status).toBe(2);
    const help = spawnSync(tsx, [bin, "tools", "--help"], { encoding: "utf8", env });
    expect(help.stdout).toContain("group_by(.payload.call_id)");
  });

  it("prints its version", () => {
    const result = spawnSync(tsx, [bin, "--version"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe("0.0.0");
  });
});

describe("agent-transcript validate on transcript documents", () => {
  const transcripts = path.join(repositoryRoot, "schemas/v1/examples/Transcript");

  it("accepts the Warp export and devflow example documents and counts its messages", async () => {
    const output = capture();
    const files = ["warp-export.json", "devflow-run.json"].map((name) => path.join(transcripts, "valid", name));
    expect(await run(["validate", ...files], output.io)).toBe(0);
    expect(output.stderr()).toMatch(/warp-export\.json: valid transcript \(\d+ records, strict\)/);
  });

  it("names the line of each problem, and the nearest line for a missing property", async () => {
    const broken = writeScratch(
      "broken.json",
      '{\n  "schema_version": "1.0.0",\n  "id": "",\n  "messages": [\n    {"role": "user"}\n  ]\n}\n',
    );
    const output = capture();
    expect(await run(["validate", broken], output.io)).toBe(1);
    expect(output.stdout()).toContain(`${broken}:3: /id: "id" must not be empty\n`);
    expect(output.stdout()).toContain(`${broken}:5: /messages/0/parts: a user message needs "parts"\n`);
  });

  it("accepts a newer minor version's additions only with --tolerant, warning about each", async () => {
    const newer = path.join(transcripts, "newer-minor", "unknown-part-type.json");
    expect(await run(["validate", newer], capture().io)).toBe(1);
    const tolerant = capture();
    expect(await run(["validate", "--tolerant", newer], tolerant.io)).toBe(0);
    expect(tolerant.stderr()).toContain("warning:");
  });
});

describe("logs AWF wrote, as its documentation prints them", () => {
  const awfLog = path.join(repositoryRoot, "packages/recorder/src/fixtures/awf-documented-example.jsonl");

  it("validate tolerantly (exit 0) and name the lines a strict read refuses", async () => {
    const tolerant = capture();
    expect(await run(["validate", "--tolerant", awfLog], tolerant.io)).toBe(0);
    expect(tolerant.stderr()).toMatch(/valid event-log \(6 records, tolerant\)/);
    const strict = capture();
    expect(await run(["validate", awfLog], strict.io)).toBe(1);
    expect(strict.stdout()).not.toMatch(/skips/);
    expect(strict.stdout()).toMatch(/awf-documented-example\.jsonl:1: \/payload/);
  });

  it("export to a document holding every block, mapped onto canonical parts", async () => {
    const output = capture();
    expect(await run(["export", awfLog], output.io)).toBe(0);
    const document = JSON.parse(output.stdout()) as {
      messages: Array<{ role: string; parts: Array<{ type: string }> }>;
    };
    expect(document.messages.map((message) => message.role)).toEqual(["user", "assistant", "assistant"]);
    expect(document.messages[2]?.parts.map((part) => part.type)).toEqual([
      "text",
      "reasoning",
      "tool_call",
      "tool_result",
      "command",
      "stream_chunk",
    ]);
  });
});
