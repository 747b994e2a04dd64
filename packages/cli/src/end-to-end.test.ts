// The installed command, end to end: every command run as a user runs it, the built `dist/bin.js` in a child process
// of node, with real files, checking the exit code, what went to stdout (data only) and to stderr (messages only).
// turbo builds the package before its tests (turbo.json: test depends on build), so dist/ is this source's.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { createRecorder } from "@agent-transcript/recorder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const session = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts/short.jsonl");

/** What one run of the command gave. */
interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command with `args` in `cwd`, stdin from `input`, colour asked against (NO_COLOR). */
function runBuilt(args: readonly string[], options: { cwd: string; input?: string; env?: NodeJS.ProcessEnv }): Ran {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.FORCE_COLOR;
  const environment: NodeJS.ProcessEnv = { ...inherited, NO_COLOR: "1", ...options.env };
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    input: options.input ?? "",
    encoding: "utf8",
    env: environment,
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let folder: string;
let eventLog: string;

/** Our own event log, as the recorder writes it: a step, text, reasoning, a tool call and its result. */
async function recordRun(root: string): Promise<string> {
  const recorder = createRecorder({ root, validate: true });
  recorder.append({ type: "run.started", payload: { name: "e2e", kind: "workflow" } });
  recorder.append({ type: "step.started", path: "work", payload: { name: "work", kind: "agent" } });
  recorder.append({
    type: "message.user",
    path: "work",
    payload: {
      role: "user",
      blocks: [{ type: "text", text: "Use the token ghp_abcdefghijklmnopqrstuvwxyz0123456789" }],
    },
  });
  recorder.append({
    type: "message.assistant",
    path: "work",
    payload: {
      role: "assistant",
      blocks: [
        { type: "reasoning", text: "Read the file first." },
        { type: "text", text: "Reading main.go." },
      ],
    },
  });
  recorder.append({
    type: "tool.call",
    path: "work",
    payload: { name: "Read", call_id: "toolu_01", input: { path: "main.go" }, fidelity: "router" },
  });
  recorder.append({
    type: "tool.result",
    path: "work",
    payload: { name: "Read", call_id: "toolu_01", output: "package main", status: "ok", fidelity: "router" },
  });
  recorder.append({
    type: "step.completed",
    path: "work",
    payload: { name: "work", kind: "agent", status: "completed" },
  });
  recorder.append({ type: "run.completed", payload: { name: "e2e", kind: "workflow", status: "completed" } });
  await recorder.close();
  return recorder.file;
}

beforeAll(async () => {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: build the package first (pnpm build)`);
  folder = mkdtempSync(path.join(tmpdir(), "cli-e2e-"));
  mkdirSync(path.join(folder, "logs"));
  eventLog = await recordRun(path.join(folder, "logs"));
  copyFileSync(eventLog, path.join(folder, "run.jsonl"));
  copyFileSync(eventLog, path.join(folder, "to-repair.jsonl"));
  writeFileSync(path.join(folder, "to-repair.jsonl"), '{"seq":99,"run_', { flag: "a" });
  copyFileSync(session, path.join(folder, "session.jsonl"));
  const imported = runBuilt(["import", "session.jsonl", "--output", "doc.json", "--quiet"], { cwd: folder });
  if (imported.status !== 0) throw new Error(`import for the fixtures failed: ${imported.stderr}`);
  writeFileSync(
    path.join(folder, "broken.json"),
    '{\n  "schema_version": "1.0.0",\n  "id": "x",\n  "messages": [,]\n}\n',
  );
  writeFileSync(path.join(folder, "broken-line.jsonl"), '{"seq":1,\n');
  mkdirSync(path.join(folder, "no-sessions"));
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** What a case expects of a stream: anything, nothing at all, text matching, or one JSON value. */
function matcher(expected: RegExp | "" | "json" | undefined): unknown {
  if (expected === undefined) return expect.any(String);
  if (expected === "json") return expect.stringMatching(/^[[{][\s\S]*[\]}]\n$/);
  return expected === "" ? "" : expect.stringMatching(expected);
}

interface Case {
  name: string;
  args: string[];
  input?: string;
  status: 0 | 1 | 2;
  /** What stdout must match (data); "" for nothing at all. */
  stdout?: RegExp | "" | "json";
  /** What stderr must match (messages); "" for nothing at all. */
  stderr?: RegExp | "";
}

// One row per behaviour: every command at least once, bad input, and each exit code.
const cases: Case[] = [
  { name: "--version", args: ["--version"], status: 0, stdout: /^\d+\.\d+\.\d+\n$/, stderr: "" },
  { name: "--help lists the commands", args: ["--help"], status: 0, stdout: /validate[\s\S]*completion/, stderr: "" },
  { name: "an unknown command", args: ["frobnicate"], status: 2, stdout: "", stderr: /unknown command 'frobnicate'/ },
  {
    name: "an unknown option",
    args: ["validate", "doc.json", "--frob"],
    status: 2,
    stdout: "",
    stderr: /unknown option '--frob'/,
  },
  {
    name: "validate: a valid document",
    args: ["validate", "doc.json"],
    status: 0,
    stdout: "",
    stderr: /doc\.json: valid transcript/,
  },
  { name: "validate: an event log", args: ["validate", "run.jsonl", "--json"], status: 0, stdout: "json", stderr: "" },
  {
    name: "validate: bad JSON names the line and column",
    args: ["validate", "broken.json"],
    status: 1,
    stdout: /^broken\.json:4:\d+: /m,
    stderr: /broken\.json: /,
  },
  {
    name: "validate: a missing file",
    args: ["validate", "missing.json"],
    status: 1,
    stdout: "",
    stderr: /missing\.json: cannot read: no such file \(ENOENT\)/,
  },
  { name: "validate: stdin", args: ["validate", "-"], input: "{}", status: 1, stdout: /<stdin>/, stderr: /<stdin>/ },
  {
    name: "export: JSON on stdout",
    args: ["export", "doc.json", "--quiet"],
    status: 0,
    stdout: /"schema_version"/,
    stderr: "",
  },
  {
    name: "export: Markdown",
    args: ["export", "doc.json", "--format", "markdown", "--quiet"],
    status: 0,
    stdout: /^#/m,
    stderr: "",
  },
  {
    name: "export: an event log as an event log",
    args: ["export", "run.jsonl", "--format", "jsonl"],
    status: 0,
    stdout: /"type":"run\.started"/,
    stderr: /redacted 1 secret \(github-token ×1\)/,
  },
  {
    name: "export: bad JSON names line and pointer",
    args: ["export", "broken.json"],
    status: 1,
    stdout: "",
    stderr: /broken\.json:4:\d+: /,
  },
  {
    name: "export: a bad format",
    args: ["export", "doc.json", "--format", "pdf"],
    status: 2,
    stdout: "",
    stderr: /argument 'pdf' is invalid/,
  },
  {
    name: "export: --json without --output",
    args: ["export", "doc.json", "--json"],
    status: 2,
    stdout: "",
    stderr: /give --output PATH/,
  },
  {
    name: "convert: a document to Anthropic",
    args: ["convert", "doc.json", "--to", "anthropic", "--quiet"],
    status: 0,
    stdout: "json",
    stderr: "",
  },
  {
    name: "convert: an unknown format",
    args: ["convert", "doc.json", "--to", "nope"],
    status: 2,
    stdout: "",
    stderr: /argument 'nope' is invalid/,
  },
  {
    name: "convert: without --to",
    args: ["convert", "doc.json"],
    status: 2,
    stdout: "",
    stderr: /--to <format-id>' not specified/,
  },
  {
    name: "import: a Claude Code session",
    args: ["import", "session.jsonl", "--quiet"],
    status: 0,
    stdout: /"source"/,
    stderr: "",
  },
  { name: "import: a missing file", args: ["import", "nope.jsonl"], status: 1, stdout: "", stderr: /nope\.jsonl/ },
  {
    name: "sessions: an empty root",
    args: ["sessions", "--root", "no-sessions", "--json"],
    status: 0,
    stdout: "json",
    stderr: "",
  },
  { name: "tools", args: ["tools", "run.jsonl", "--json"], status: 0, stdout: /"call_id":"toolu_01"/, stderr: "" },
  { name: "text", args: ["text", "run.jsonl"], status: 0, stdout: /^Reading main\.go\.\n$/, stderr: "" },
  { name: "timeline", args: ["timeline", "run.jsonl"], status: 0, stdout: /^2\twork\tagent\twork\n$/, stderr: "" },
  { name: "tree", args: ["tree", "run.jsonl"], status: 0, stdout: /e2e/, stderr: "" },
  { name: "check", args: ["check", "run.jsonl", "--json"], status: 0, stdout: "json", stderr: "" },
  {
    name: "check: a line that is not JSON",
    args: ["check", "broken-line.jsonl"],
    status: 1,
    stderr: /broken-line\.jsonl: (error|warning): line 1/,
  },
  { name: "stats", args: ["stats", "run.jsonl", "--json"], status: 0, stdout: "json", stderr: "" },
  { name: "stats: a missing file", args: ["stats", "nope.jsonl"], status: 1, stderr: /nope\.jsonl/ },
  {
    name: "tail",
    args: ["tail", "-n", "2", "run.jsonl"],
    status: 0,
    stdout: /step\.completed[\s\S]*run\.completed/,
    stderr: "",
  },
  {
    name: "tail: -n takes a count",
    args: ["tail", "-n", "many", "run.jsonl"],
    status: 2,
    stdout: "",
    stderr: /--lines takes a whole number/,
  },
  {
    name: "redact",
    args: ["redact", "run.jsonl"],
    status: 0,
    stdout: /\[REDACTED:github-token\]/,
    stderr: /redacted 1 secret/,
  },
  { name: "repair", args: ["repair", "to-repair.jsonl", "--json"], status: 0, stdout: "json", stderr: "" },
  { name: "repair: a missing log", args: ["repair", "nope.jsonl"], status: 1, stderr: /nope\.jsonl/ },
  {
    name: "snapshot show: not a bundle",
    args: ["snapshot", "show", "doc.json"],
    status: 1,
    stdout: "",
    stderr: /doc\.json/,
  },
  {
    name: "snapshot create: nothing declared",
    args: ["snapshot", "create", "--output", "-"],
    status: 0,
    stdout: "",
    stderr: /info: no workspace snapshot/,
  },
  { name: "schema", args: ["schema", "transcript"], status: 0, stdout: "json", stderr: "" },
  {
    name: "schema: an unknown name",
    args: ["schema", "transcripts"],
    status: 2,
    stdout: "",
    stderr: /the schemas are: .*transcript/,
  },
  { name: "formats", args: ["formats", "--json"], status: 0, stdout: "json", stderr: "" },
  {
    name: "completion",
    args: ["completion", "bash"],
    status: 0,
    stdout: /complete -o default -F _agent_transcript agent-transcript/,
    stderr: "",
  },
  {
    name: "completion: an unknown shell",
    args: ["completion", "tcsh"],
    status: 2,
    stdout: "",
    stderr: /value 'tcsh' is invalid for argument 'shell'/,
  },
];

describe("the built agent-transcript command", () => {
  it.each(cases)("$name: exit $status", (testCase) => {
    const ran = runBuilt(testCase.args, {
      cwd: folder,
      ...(testCase.input === undefined ? {} : { input: testCase.input }),
      env: {
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_SCRIPT: "",
        AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: "",
        OZ_SNAPSHOT_DECLARATIONS_SCRIPT: "",
        OZ_SNAPSHOT_DECLARATIONS_FILE: "",
      },
    });
    expect({ status: ran.status, stdout: ran.stdout, stderr: ran.stderr }).toEqual({
      status: testCase.status,
      stdout: matcher(testCase.stdout),
      stderr: matcher(testCase.stderr),
    });
    // NO_COLOR: no escape sequence anywhere; and no stack trace without --debug.
    expect(ran.stdout + ran.stderr).not.toContain("\u001b[");
    expect(ran.stderr).not.toMatch(/\n {4}at /);
  });

  it("colours its own text into a pipe only with FORCE_COLOR, which wins over NO_COLOR; data stays plain", () => {
    const plain = runBuilt(["tail", "-n", "3", "run.jsonl"], { cwd: folder });
    const forced = runBuilt(["tail", "-n", "3", "run.jsonl"], { cwd: folder, env: { FORCE_COLOR: "1" } });
    expect(plain.status).toBe(0);
    expect(forced.status).toBe(0);
    expect(plain.stdout).not.toContain("\u001b[");
    expect(forced.stdout).toContain("\u001b[2m");
    // Without the colour codes, the same lines.
    const uncoloured = ["\u001b[2m", "\u001b[31m", "\u001b[32m", "\u001b[0m"].reduce(
      (text, code) => text.replaceAll(code, ""),
      forced.stdout,
    );
    expect(uncoloured).toBe(plain.stdout);
    // JSON is data: never coloured.
    const json = runBuilt(["tail", "-n", "3", "--json", "run.jsonl"], { cwd: folder, env: { FORCE_COLOR: "1" } });
    expect(json.stdout).not.toContain("\u001b[");
  });
});
