import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import type { Tolerant } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { describe, expect, it } from "vitest";
import { run } from "../../cli.js";
import type { ExportReport } from "./options.js";
import { parseSize } from "./run.js";
import { captureIo } from "../../capture-io.test.helpers.js";

const capture = captureIo;

const scratch = mkdtempSync(path.join(tmpdir(), "cli-export-"));
const exampleFile = (name: string): string => path.join(repositoryRoot, "schemas/v1/examples/Transcript/valid", name);
const githubToken = `ghp_${"Q9w8E7r6T5".repeat(3)}zyxwvu`;
const parentId = "550e8400-e29b-41d4-a716-446655440000";
const childId = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const line = (
  runId: string,
  seq: number,
  type: string,
  payload: unknown,
  extra: Record<string, unknown> = {},
): string =>
  JSON.stringify({
    seq,
    run_id: runId,
    ...extra,
    type,
    path: "",
    iteration: 0,
    timestamp: `2026-06-08T08:14:4${seq}Z`,
    payload,
  });

writeFileSync(
  path.join(scratch, `${parentId}.jsonl`),
  [
    line(parentId, 1, "run.started", { schema_version: "1.0.0", name: "review", kind: "workflow" }),
    line(parentId, 2, "message.user", { role: "user", blocks: [{ type: "text", text: `token ${githubToken}` }] }),
    line(parentId, 3, "message.assistant", {
      role: "assistant",
      blocks: [
        { type: "reasoning", text: "hmm" },
        { type: "text", text: "ok" },
      ],
    }),
    line(parentId, 4, "step.call_workflow.started", { name: "fix", kind: "call_workflow" }, { child_run_id: childId }),
    line(parentId, 5, "tool.call", {
      name: "Bash",
      call_id: "c1",
      input: { command: "cat big.log" },
      fidelity: "router",
    }),
    line(parentId, 6, "tool.result", { name: "Bash", call_id: "c1", output: "y".repeat(5000), fidelity: "router" }),
    line(parentId, 7, "run.completed", { name: "review", kind: "workflow" }),
  ].join("\n") + "\n",
);
writeFileSync(
  path.join(scratch, `${childId}.jsonl`),
  [
    line(
      childId,
      1,
      "run.started",
      { schema_version: "1.0.0", name: "fix", kind: "workflow" },
      { parent_run_id: parentId },
    ),
    line(childId, 2, "run.completed", null, { parent_run_id: parentId }),
  ].join("\n") + "\n",
);
const parentLog = path.join(scratch, `${parentId}.jsonl`);

describe("agent-transcript export", () => {
  it("folds an event log (with its child run beside it), redacts by default and says so on stderr", async () => {
    const output = capture();
    expect(await run(["export", parentLog], output.io)).toBe(0);
    const document = JSON.parse(output.stdout()) as Tolerant.Transcript;
    expect(validateTranscript(document).ok).toBe(true);
    expect(output.stdout()).not.toContain(githubToken);
    expect(document.run?.children?.[0]?.transcript?.run?.parent?.run_id).toBe(parentId);
    expect(document.export?.redaction?.counts).toEqual({ "github-token": 1 });
    expect(output.stderr()).toContain("agent-transcript: redacted 1 secret (github-token ×1)\n");
    expect(output.stderr()).toContain(
      "this export includes 1 reasoning part (the model's thinking); use --reasoning omit to leave them out",
    );
  });

  it("omits reasoning without a disclosure, keeps secrets with --no-redact, and truncates on request", async () => {
    const output = capture();
    expect(
      await run(
        ["export", parentLog, "--reasoning", "omit", "--no-redact", "--truncate", "--limit", "1KiB"],
        output.io,
      ),
    ).toBe(0);
    const document = JSON.parse(output.stdout()) as Tolerant.Transcript;
    expect(JSON.stringify(document)).not.toContain('"type":"reasoning"');
    expect(output.stdout()).toContain(githubToken);
    expect(output.stderr()).not.toContain("redacted");
    expect(output.stderr()).not.toContain("reasoning part");
    expect(output.stderr()).toContain("truncated 1 tool output to 1024 bytes");
    const result = document.messages.flatMap((message) => message.parts).find((part) => part.type === "tool_result");
    expect(result).toMatchObject({ truncated: true, original_size_bytes: 5002, truncation_strategy: "string_prefix" });
  });

  it("prints no redaction line when there was nothing to redact", async () => {
    const output = capture();
    expect(await run(["export", exampleFile("devflow-run.json")], output.io)).toBe(0);
    expect(output.stderr()).not.toContain("redacted");
  });

  it("renders Markdown", async () => {
    const output = capture();
    expect(await run(["export", exampleFile("devflow-run.json"), "--format", "markdown"], output.io)).toBe(0);
    expect(output.stdout()).toMatch(/^# .+\n/);
    expect(output.stdout()).toContain("## Assistant");
  });

  it("writes into a directory under a safe generated name, and gzips a .gz target", async () => {
    const folder = path.join(scratch, "exports/");
    const output = capture();
    expect(await run(["export", exampleFile("warp-export.json"), "--output", folder], output.io)).toBe(0);
    const [written] = readdirSync(folder);
    expect(written).toMatch(/^Fix-flaky-retry-test-in-http_client-\d{8}T\d{6}Z\.json$/);
    expect(output.stdout()).toBe("");
    const gz = path.join(scratch, "out.json.gz");
    expect(await run(["export", exampleFile("warp-export.json"), "--output", gz], capture().io)).toBe(0);
    expect(validateTranscript(JSON.parse(gunzipSync(readFileSync(gz)).toString("utf8"))).ok).toBe(true);
  });

  it("reports an invalid document with file, line and pointer, writes nothing, and exits 1", async () => {
    const broken = path.join(scratch, "broken.json");
    writeFileSync(
      broken,
      '{\n  "schema_version": "1.0.0",\n  "id": "x",\n  "messages": [\n    {"role": "narrator", "parts": []}\n  ]\n}\n',
    );
    const target = path.join(scratch, "never.json");
    const output = capture();
    expect(await run(["export", broken, "--output", target], output.io)).toBe(1);
    // stdout carries only an export: the problems go to stderr.
    expect(output.stdout()).toBe("");
    expect(output.stderr()).toContain(
      `${broken}:5: /messages/0/role: "narrator" is not a role; expected one of system, developer, user, assistant, tool\n`,
    );
    expect(readdirSync(scratch)).not.toContain("never.json");
  });

  it("rejects an unknown major version, naming it", async () => {
    const output = capture('{"schema_version": "2.0.0", "id": "x", "messages": []}');
    expect(await run(["export", "-"], output.io)).toBe(1);
    expect(output.stdout()).toBe("");
    expect(output.stderr()).toContain("major version 2");
  });

  it("converts a provider payload first, as convert does, from a file or standard input", async () => {
    const response = path.join(
      repositoryRoot,
      "tools/fixtures/real/vercel-ai/packages/anthropic/src/__fixtures__/anthropic-tool-no-args.json",
    );
    const target = path.join(scratch, "payload.md");
    const output = capture();
    expect(await run(["export", response, "--format", "markdown", "--json", "--output", target], output.io)).toBe(0);
    const report = JSON.parse(output.stdout()) as ExportReport;
    expect(report).toMatchObject({ ok: true, kind: "converted", readAs: "anthropic", output: target });
    const markdown = readFileSync(target, "utf8");
    expect(markdown).toContain("Okay, I will update the current issue list:");
    expect(markdown).toContain("updateIssueList");
    const piped = capture(readFileSync(response, "utf8"));
    expect(await run(["export", "-"], piped.io)).toBe(0);
    const document = JSON.parse(piped.stdout()) as Tolerant.Transcript;
    expect(document.id).toBe("msg_01GCBaV8gyWAYgMVggRqZbuQ");
    expect(validateTranscript(document).ok).toBe(true);
  });

  it("says why a payload it detects cannot be converted, naming the format", async () => {
    // An OpenAI Chat request by its shape, with a message whose content no request can hold.
    const output = capture('{"model":"m","messages":[{"role":"user","content":7}]}');
    expect(await run(["export", "-"], output.io)).toBe(1);
    expect(output.stdout()).toBe("");
    expect(output.stderr()).toContain(
      "<stdin>: /messages/0/content: openai-chat: must be a string, a list of content parts or null",
    );
  });

  it("exits 2 on usage errors", async () => {
    expect(await run(["export", parentLog, "--format", "pdf"], capture().io)).toBe(2);
    expect(await run(["export", parentLog, "--limit", "1KiB"], capture().io)).toBe(2);
    expect(await run(["export", parentLog, "--truncate", "--limit", "lots"], capture().io)).toBe(2);
    expect(await run(["export"], capture().io)).toBe(2);
  });
});

describe("parseSize", () => {
  it.each([
    ["65536", 65536],
    ["64KiB", 65536],
    ["64 kib", 65536],
    ["1MiB", 1048576],
    ["500KB", 500000],
    ["2", 2],
  ])("reads %s as %i bytes", (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it.each(["1", "0", "-5", "1.5KiB", "64 GiB", "", "9".repeat(20)])("refuses %j", (text) => {
    expect(() => parseSize(text)).toThrow(/--limit/);
  });
});

describe("agent-transcript export --format atif|awf-transcript", () => {
  const awfFolder = path.join(repositoryRoot, "packages/providers/src/formats/awf-transcript/fixtures");
  const parentRun = "550e8400-e29b-41d4-a716-446655440000.jsonl";
  const childRun = "9b2f5c1e-8d7a-4e3b-a1c6-0f4e2d8b7a95.jsonl";

  it("writes an AWF log back byte for byte, its child run's file beside it, with no warning", async () => {
    const folder = mkdtempSync(path.join(scratch, "awf-"));
    const output = capture();
    const code = await run(
      [
        "export",
        path.join(awfFolder, parentRun),
        "--format",
        "awf-transcript",
        "--no-redact",
        "--output",
        path.join(folder, parentRun),
      ],
      output.io,
    );
    expect(code).toBe(0);
    expect(output.stderr()).not.toMatch(/warning/);
    for (const name of [parentRun, childRun])
      expect(readFileSync(path.join(folder, name), "utf8")).toBe(readFileSync(path.join(awfFolder, name), "utf8"));
  });

  it("redacts before writing ATIF, and omits reasoning on request", async () => {
    const folder = mkdtempSync(path.join(scratch, "atif-"));
    const log = path.join(folder, "run.jsonl");
    const text = readFileSync(path.join(awfFolder, parentRun), "utf8").replace(
      "Review main.go for bugs.",
      `Use ${githubToken}`,
    );
    writeFileSync(log, text);
    const output = capture();
    expect(
      await run(
        ["export", log, "--format", "atif", "--reasoning", "omit", "--output", path.join(folder, "t.json")],
        output.io,
      ),
    ).toBe(0);
    const written = readFileSync(path.join(folder, "t.json"), "utf8");
    expect(written).not.toContain(githubToken);
    expect(written).not.toContain("reasoning_content");
    expect(output.stderr()).toMatch(/redacted 1 secret/);
    expect(JSON.parse(written) as unknown).toMatchObject({ schema_version: "ATIF-v1.7", steps: expect.any(Array) });
  });
});

describe("export given a folder", () => {
  it("says what to give instead of a bare EISDIR, and writes nothing", async () => {
    const folder = mkdtempSync(path.join(scratch, "a-folder-"));
    for (const format of [[], ["--format", "jsonl"]]) {
      const output = capture();
      expect(await run(["export", folder, ...format], output.io)).toBe(1);
      expect(output.stdout()).toBe("");
      expect(output.stderr()).toBe(
        `${folder}: is a folder: export writes one run; give one file in it (an event log, a document or a session), or \`import ${folder} --output <folder>\` for every session in it, \`stats ${folder}\` for the numbers of every run\n`,
      );
      expect(output.stderr()).not.toContain("EISDIR");
    }
    expect(readdirSync(folder)).toEqual([]);
  });
});

// The built command in a child process, under the umask a shell gives it: a new file's mode is set as it is created.
describe("export's file mode", () => {
  const bin = fileURLToPath(new URL("../../../dist/bin.js", import.meta.url));
  const exportUnder = (umask: string, args: string[]) =>
    spawnSync("sh", ["-c", `umask ${umask} && exec "$0" "$@"`, process.execPath, bin, "export", ...args], {
      encoding: "utf8",
    });
  const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

  it("says in --help that a new file gets mode 600, and offers --mode", () => {
    const help = execFileSync(process.execPath, [bin, "export", "--help"], { encoding: "utf8" });
    expect(help).toMatch(/a new file gets mode 600/);
    expect(help).toMatch(/--mode <octal>\s+permissions of a new file/);
  });

  it("writes 600 by default, --mode 644 with the usual umask, the umask still applied, child logs alike", () => {
    const folder = mkdtempSync(path.join(scratch, "modes-"));
    const plain = path.join(folder, "plain.json");
    expect(exportUnder("022", [exampleFile("warp-export.json"), "--output", plain]).status).toBe(0);
    expect(modeOf(plain)).toBe("600");
    const shared = path.join(folder, "shared.json");
    expect(exportUnder("022", [exampleFile("warp-export.json"), "--output", shared, "--mode", "644"]).status).toBe(0);
    expect(modeOf(shared)).toBe("644");
    const masked = path.join(folder, "masked.json");
    expect(exportUnder("077", [exampleFile("warp-export.json"), "--output", masked, "--mode", "644"]).status).toBe(0);
    expect(modeOf(masked)).toBe("600");
    // An event log streamed into a folder, its child run's log beside it: both new, both with the mode asked for.
    const logs = path.join(folder, "logs") + path.sep;
    const streamed = exportUnder("022", [parentLog, "--format", "jsonl", "--output", logs, "--mode", "640"]);
    expect(streamed.status).toBe(0);
    expect(readdirSync(logs).sort()).toEqual([`${childId}.jsonl`, `${parentId}.jsonl`].sort());
    for (const name of readdirSync(logs)) expect(modeOf(path.join(logs, name))).toBe("640");
  });

  it("refuses a mode that is not octal permission bits as a usage error, writing nothing", () => {
    const folder = mkdtempSync(path.join(scratch, "bad-mode-"));
    for (const bad of ["888", "rw-r--r--", "4755", "", "0o644"]) {
      const target = path.join(folder, "out.json");
      const outcome = exportUnder("022", [exampleFile("warp-export.json"), "--output", target, "--mode", bad]);
      expect(outcome.status).toBe(2);
      expect(outcome.stderr).toContain("--mode takes a file mode in octal, as chmod does (600, 640, 644)");
      expect(readdirSync(folder)).toEqual([]);
    }
  });
});
