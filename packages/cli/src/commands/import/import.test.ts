import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Transcript } from "@agent-transcript/core";
import { validateTranscript } from "@agent-transcript/core/validators";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { ImportFolderReport, ImportReport } from "./run.js";
import { formatIds, isSessionFormatId } from "@agent-transcript/providers";

const scratch = mkdtempSync(path.join(tmpdir(), "cli-import-"));
const transcripts = path.join(realFixturesRoot(), "spotter/test/fixtures/transcripts");
// A copy, so the session's sub-agent folder travels with it and outputs land beside it, not in the fixtures.
cpSync(transcripts, path.join(scratch, "transcripts"), { recursive: true });
const session = path.join(scratch, "transcripts", "4d5611e5-241a-462a-8d15-5122611a9569.jsonl");
const short = path.join(scratch, "transcripts", "short.jsonl");

async function runImport(args: string[], stdin?: string | Uint8Array) {
  const output = captureIo(stdin);
  const code = await run(["import", ...args], output.io);
  return { code, stdout: output.stdout(), stderr: output.stderr() };
}

const validationErrors = (document: unknown) => {
  const validation = validateTranscript(document);
  return validation.ok ? [] : validation.errors;
};

describe("agent-transcript import", () => {
  it("writes a Claude Code session with its sub-agents as one valid document, its losses summarised by code", async () => {
    const target = path.join(scratch, "session.json");
    const outcome = await runImport([session, "--output", target]);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toBe("");
    const document = JSON.parse(readFileSync(target, "utf8")) as Transcript;
    expect(validationErrors(document)).toEqual([]);
    expect(document.source?.format).toBe("claude-code");
    expect(document.run?.children?.map((child) => child.run_id)).toEqual(["a2898e3", "acompact-e1f845"]);
    expect(outcome.stderr).toMatch(/: \d+ warnings: kept-as-metadata ×\d+, parent-missing ×1; --verbose lists each\n/);
    expect(outcome.stderr).toContain("warning: line 754: parent-missing: logicalParentUuid");
    // What has no canonical field is counted in two: kept by a documented rule, and what could not be read.
    const summary =
      /imported .* \(claude-code session\): 293 messages, 2 child runs; (\d+) kept as metadata or whole, 0 could not be read; wrote /.exec(
        outcome.stderr,
      );
    const report = JSON.parse(
      (await runImport([session, "--json", "--output", path.join(scratch, "again.json")])).stdout,
    ) as ImportReport;
    expect(report.unexplainedLosses).toBe(0);
    expect(Number(summary?.[1])).toBe(report.losses.length);
    expect(outcome.stderr).not.toContain("losses");
  });

  it("counts what an OpenTelemetry trace did not carry apart from what was kept, in the summary", async () => {
    // Exported without message content (the default), the trace has the calls but not what was said.
    const trace = path.join(scratch, "session.otlp.json");
    const exported = captureIo();
    expect(await run(["export", session, "--format", "otlp-json", "--output", trace], exported.io)).toBe(0);
    const outcome = await runImport([trace, "--output", path.join(scratch, "from-trace.json")]);
    expect(outcome.code).toBe(0);
    const summary =
      /imported .* \(otlp-json session\): \d+ messages?(?:, \d+ child runs?)?; (\d+) kept as metadata or whole, (\d+) not carried by the source, (?:(\d+) left out by rule, )?0 could not be read; wrote /.exec(
        outcome.stderr,
      );
    expect(summary, outcome.stderr).not.toBeNull();
    const report = JSON.parse(
      (await runImport([trace, "--json", "--output", path.join(scratch, "from-trace-again.json")])).stdout,
    ) as ImportReport;
    const byCode = (code: string) => report.losses.filter((loss) => loss.code === code).length;
    expect(Number(summary?.[2])).toBe(byCode("not-carried"));
    expect(Number(summary?.[2])).toBeGreaterThan(0);
    expect(Number(summary?.[3] ?? 0)).toBe(byCode("left-out"));
    expect(Number(summary?.[1]) + Number(summary?.[2]) + Number(summary?.[3] ?? 0)).toBe(report.losses.length);
  });

  it("prints the document on stdout by default, and every loss with its line under --verbose", async () => {
    const outcome = await runImport([short, "--verbose"]);
    expect(outcome.code).toBe(0);
    expect(validationErrors(JSON.parse(outcome.stdout))).toEqual([]);
    expect(outcome.stderr).toContain(`${short}: warning: line 2: kept-as-metadata: a progress record`);
    expect((await runImport([short, "--quiet"])).stderr).toBe("");
  });

  it("reports what was read, written and lost with --json, the usage own and rolled up", async () => {
    const target = path.join(scratch, "report.json");
    const outcome = await runImport([session, "--json", "--output", target]);
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as ImportReport;
    expect(report).toMatchObject({
      ok: true,
      input: session,
      format: "claude-code",
      output: target,
      messages: 293,
      childRuns: 2,
      unexplainedLosses: 0,
      problems: [],
    });
    expect(report.files.map((file) => path.relative(path.dirname(session), file))).toEqual([
      "4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
      "4d5611e5-241a-462a-8d15-5122611a9569/subagents/agent-a2898e3.jsonl",
      "4d5611e5-241a-462a-8d15-5122611a9569/subagents/agent-acompact-e1f845.jsonl",
    ]);
    expect(report.losses[0]).toEqual({
      code: "kept-as-metadata",
      file: session,
      line: 1,
      message: "a file-history-snapshot record has no canonical place; kept in metadata",
    });
    const written = JSON.parse(readFileSync(target, "utf8")) as Transcript;
    expect(report.usage.session).toEqual(written.usage);
    expect(report.usage.includingChildren?.input_tokens).toBeGreaterThan(report.usage.session?.input_tokens ?? 0);
  });

  it("reads gzip and standard input (without sub-agents there), and names the file in a directory", async () => {
    const zipped = path.join(scratch, "short.jsonl.gz");
    writeFileSync(zipped, gzipSync(readFileSync(short)));
    const fromGzip = await runImport([zipped, "--quiet"]);
    const fromStdin = await runImport(["-", "--quiet"], readFileSync(short));
    expect(fromGzip.code).toBe(0);
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ id: JSON.parse(fromGzip.stdout).id });
    const folder = mkdtempSync(path.join(scratch, "out-"));
    expect((await runImport([short, "--output", folder, "--quiet"])).code).toBe(0);
    expect(readdirSync(folder)).toHaveLength(1);
  });

  it("costs a bad line that line: not JSON, not UTF-8, a record repeated", async () => {
    const text = readFileSync(short);
    const broken = Buffer.concat([text, Buffer.from("{ cut off\n"), Buffer.from([0x7b, 0xc3, 0x28, 0x7d, 0x0a])]);
    const file = path.join(scratch, "broken.jsonl");
    writeFileSync(file, broken);
    const lines = text.toString("utf8").split("\n").length;
    const outcome = await runImport([file, "--json", "--output", path.join(scratch, "broken.json")]);
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as ImportReport;
    expect(
      report.losses.filter((loss) => loss.code === "unparsable-line").map((loss) => [loss.line, loss.message]),
    ).toEqual([
      [lines, expect.stringContaining("not read")],
      [lines + 1, "not valid UTF-8"],
    ]);
    expect(report.unexplainedLosses).toBe(2);
  });

  it("refuses a file that is no session, naming it, and writes nothing", async () => {
    const notes = path.join(scratch, "notes.jsonl");
    writeFileSync(notes, '{"hello": "world"}\n');
    const target = path.join(scratch, "never.json");
    const detected = await runImport([notes, "--output", target]);
    expect(detected.code).toBe(1);
    expect(detected.stderr).toContain(
      `${notes}: not a session of a known agent (${formatIds.filter(isSessionFormatId).join(", ")}); name its format with --format`,
    );
    const named = await runImport([notes, "--format", "claude-code", "--output", target]);
    expect(named.code).toBe(1);
    expect(named.stderr).toContain(`${notes}:1: invalid-line: not a Claude Code record`);
    expect(named.stderr).toContain("no line is a claude-code record");
    expect(existsSync(target)).toBe(false);
    const missing = await runImport([path.join(scratch, "missing.jsonl")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no such file");
  });

  it("refuses usage errors with exit 2", async () => {
    expect((await runImport([short, "--json"])).code).toBe(2);
    expect((await runImport([short, "--format", "cursor"])).code).toBe(2);
    expect((await runImport([short, "--quiet", "--verbose"])).code).toBe(2);
  });
});

interface RunStats {
  toolsByName: Record<string, { calls: number; errors: number; durationMs: number; timedCalls: number }>;
  own: { toolErrors: number; usage: Record<string, number>; cost: { amount: number } | null };
}

async function statsOf(file: string): Promise<RunStats> {
  const output = captureIo();
  expect(await run(["stats", file, "--json"], output.io)).toBe(0);
  const report = JSON.parse(output.stdout()) as { runs: RunStats[] };
  return report.runs[0] as RunStats;
}

describe("an ATIF round trip (import, export --format atif, import again)", () => {
  it("keeps a Claude Code session's failed calls, call durations and cache writes, so stats says the same", async () => {
    const folder = mkdtempSync(path.join(scratch, "atif-round-trip-"));
    const imported = path.join(folder, "session.json");
    const trajectory = path.join(folder, "trajectory.json");
    const back = path.join(folder, "back.json");
    expect((await runImport([session, "--output", imported, "--quiet"])).code).toBe(0);
    const exported = captureIo();
    expect(await run(["export", imported, "--format", "atif", "--output", trajectory], exported.io)).toBe(0);
    // What ATIF has no field for is carried in `extra`, not dropped: no warning says the status or the count is lost.
    expect(exported.stderr()).not.toMatch(/status-mapped|cache_write_tokens|duration_ms/);
    expect((await runImport([trajectory, "--output", back, "--quiet"])).code).toBe(0);

    const before = await statsOf(imported);
    const after = await statsOf(back);
    expect(before.own.toolErrors).toBe(5);
    expect(after.own.toolErrors).toBe(before.own.toolErrors);
    expect(after.toolsByName.Bash).toEqual(before.toolsByName.Bash);
    expect(after.toolsByName.Bash?.durationMs).toBeGreaterThan(0);
    expect(after.own.usage.cache_write_tokens).toBe(before.own.usage.cache_write_tokens);
    expect(after.own.cost?.amount).toBeCloseTo(before.own.cost?.amount ?? Number.NaN, 9);
  });

  it("keeps a trajectory's continuation when it is exported under another name", async () => {
    const folder = mkdtempSync(path.join(scratch, "atif-continued-"));
    const fixtures = path.join(realFixturesRoot(), "inspect-scout/tests/sources/atif_source/fixtures");
    cpSync(fixtures, folder, { recursive: true });
    const trajectory = path.join(folder, "terminus_2_hello-world-context-summarization-linear-history.trajectory.json");
    const imported = path.join(folder, "imported.json");
    const renamed = path.join(folder, "renamed.json");
    const back = path.join(folder, "back.json");
    const first = await runImport([trajectory, "--json", "--output", imported]);
    expect((JSON.parse(first.stdout) as ImportReport).childRuns).toBe(1);
    expect(await run(["export", imported, "--format", "atif", "--output", renamed], captureIo().io)).toBe(0);
    // The continuation goes beside the file as written, under its name, where an import finds it.
    expect(existsSync(path.join(folder, "renamed.cont-1.json"))).toBe(true);
    const again = JSON.parse((await runImport([renamed, "--json", "--output", back])).stdout) as ImportReport;
    expect(again.childRuns).toBe(1);
    expect(again.messages).toBe(9);
    const before = JSON.parse(readFileSync(imported, "utf8")) as Transcript;
    const after = JSON.parse(readFileSync(back, "utf8")) as Transcript;
    expect(after.run?.children?.[0]?.transcript?.messages).toEqual(before.run?.children?.[0]?.transcript?.messages);
  });

  it("leaves a call's duration unknown when the trajectory records no time for its result, never 0 ms", async () => {
    const folder = mkdtempSync(path.join(scratch, "atif-times-"));
    const file = path.join(folder, "trajectory.json");
    const trajectory = {
      schema_version: "ATIF-v1.7",
      session_id: "timed",
      agent: { name: "harness", version: "1.0" },
      steps: [
        { step_id: 1, timestamp: "2026-03-01T10:00:00Z", source: "user", message: "List the files." },
        {
          step_id: 2,
          timestamp: "2026-03-01T10:00:05Z",
          source: "agent",
          message: "",
          tool_calls: [{ tool_call_id: "call-1", function_name: "ls", arguments: {} }],
          observation: { results: [{ source_call_id: "call-1", content: "a.txt" }] },
        },
        { step_id: 3, timestamp: "2026-03-01T10:00:09Z", source: "agent", message: "There is a.txt." },
      ],
    };
    writeFileSync(file, `${JSON.stringify(trajectory, null, 2)}\n`);
    const imported = path.join(folder, "imported.json");
    expect((await runImport([file, "--output", imported, "--quiet"])).code).toBe(0);
    const stats = await statsOf(imported);
    expect(stats.toolsByName.ls).toMatchObject({ calls: 1, errors: 0, timedCalls: 0, durationMs: 0 });
    const tools = captureIo();
    expect(await run(["tools", imported], tools.io)).toBe(0);
    expect(tools.stdout()).toBe("call-1\tls\tok\n");
    // And the trajectory written back is the one read.
    const again = path.join(folder, "again.json");
    expect(await run(["export", imported, "--format", "atif", "--output", again], captureIo().io)).toBe(0);
    expect(JSON.parse(readFileSync(again, "utf8"))).toEqual(trajectory);
  });
});

describe("a Claude Code session through convert and export", () => {
  it("converts with --from claude-code and by detection, to a document or a provider request", async () => {
    const named = captureIo();
    expect(
      await run(["convert", short, "--from", "claude-code", "--to", "agent-transcript", "--quiet"], named.io),
    ).toBe(0);
    const detected = captureIo();
    expect(await run(["convert", short, "--to", "agent-transcript", "--quiet"], detected.io)).toBe(0);
    expect(detected.stdout()).toBe(named.stdout());
    expect(validationErrors(JSON.parse(named.stdout()))).toEqual([]);
    const request = captureIo();
    expect(
      await run(
        ["convert", short, "--to", "anthropic", "--json", "--output", path.join(scratch, "r.json")],
        request.io,
      ),
    ).toBe(0);
    expect(JSON.parse(request.stdout())).toMatchObject({
      ok: true,
      from: "claude-code",
      kind: "document",
      outputKind: "request",
    });
  });

  it("is named by validate, which checks documents, with the command that makes one of it", async () => {
    const output = captureIo();
    expect(await run(["validate", short], output.io)).toBe(1);
    expect(output.stdout()).toContain(
      "a claude-code session, not a transcript: import it with `agent-transcript import`",
    );
  });

  it("is never a target of convert", async () => {
    const output = captureIo();
    expect(await run(["convert", short, "--to", "claude-code"], output.io)).toBe(2);
  });

  it("exports as Markdown, imported as import does", async () => {
    const output = captureIo();
    expect(await run(["export", session, "--format", "markdown", "--quiet"], output.io)).toBe(0);
    expect(output.stdout()).toContain("## User");
    expect(output.stdout()).toContain("a2898e3");
    const report = captureIo();
    expect(await run(["export", short, "--json", "--output", path.join(scratch, "e.json")], report.io)).toBe(0);
    expect(JSON.parse(report.stdout())).toMatchObject({ ok: true, kind: "session" });
  });
});

describe("a Codex rollout through import, convert, validate and export", () => {
  const samples = path.join(realFixturesRoot(), "agtrace/crates/agtrace-providers/tests/samples");
  // A copy of the folder, so the parent's review sub-agent rollout is found beside it and outputs land in scratch.
  cpSync(samples, path.join(scratch, "codex"), { recursive: true });
  const parent = path.join(scratch, "codex", "rollout-parent-019b88e0.jsonl");
  const rollout = path.join(scratch, "codex", "codex_session.jsonl");

  it("imports by detection with its sub-agent rollout as a child run, the losses summarised by code", async () => {
    const target = path.join(scratch, "codex-parent.json");
    const outcome = await runImport([parent, "--json", "--output", target]);
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as ImportReport;
    expect(report).toMatchObject({ ok: true, format: "codex", unexplainedLosses: 0 });
    expect(report.files.map((file) => path.basename(file))).toEqual([
      "rollout-parent-019b88e0.jsonl",
      "rollout-subagent-019b88e5.jsonl",
    ]);
    const written = JSON.parse(readFileSync(target, "utf8")) as Transcript;
    expect(validationErrors(written)).toEqual([]);
    expect(written.run?.children?.map((child) => [child.run_id, child.title])).toEqual([
      ["019b88e5-a2e4-7b90-8953-38fce393c653", "review"],
    ]);
  });

  it("imports with --format codex, its usage the last cumulative count of the file", async () => {
    const target = path.join(scratch, "codex-session.json");
    const outcome = await runImport([rollout, "--format", "codex", "--json", "--output", target]);
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as ImportReport;
    expect(report.usage.session).toMatchObject({ input_tokens: 26740, output_tokens: 408, cache_read_tokens: 22912 });
  });

  it("imports a .jsonl.zst rollout, and refuses one that decompresses past --max-decompressed-size", async () => {
    const compressed = path.join(
      import.meta.dirname,
      "../../../../providers/src/node/testdata/rollout-2026-08-01T18-07-03-019fbcca-9fd4-7d20-83dc-0762b2f839b3.jsonl.zst",
    );
    const copy = path.join(scratch, "codex", "rollout-2026-08-01T18-07-03-019fbcca.jsonl.zst");
    cpSync(compressed, copy);
    const imported = await runImport([copy, "--json", "--output", path.join(scratch, "zst.json")]);
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ ok: true, format: "codex", unexplainedLosses: 0 });
    const refused = await runImport([
      copy,
      "--max-decompressed-size",
      "1KiB",
      "--output",
      path.join(scratch, "z.json"),
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /decompresses to more than the limit of 1 KiB.*; raise it with --max-decompressed-size/,
    );
  });

  it("converts with --from codex and by detection, is named by validate, and exports as Markdown", async () => {
    const named = captureIo();
    expect(await run(["convert", rollout, "--from", "codex", "--to", "agent-transcript", "--quiet"], named.io)).toBe(0);
    const detected = captureIo();
    expect(await run(["convert", rollout, "--to", "agent-transcript", "--quiet"], detected.io)).toBe(0);
    expect(detected.stdout()).toBe(named.stdout());
    const request = captureIo();
    expect(
      await run(
        ["convert", rollout, "--to", "openai-responses", "--json", "--output", path.join(scratch, "rr.json")],
        request.io,
      ),
    ).toBe(0);
    expect(JSON.parse(request.stdout())).toMatchObject({ ok: true, from: "codex", outputKind: "request" });
    // The calls go back as Responses items, each paired with its output by call_id.
    const input = (
      JSON.parse(readFileSync(path.join(scratch, "rr.json"), "utf8")) as { input: Array<Record<string, unknown>> }
    ).input;
    const calls = input.filter((item) => item.type === "function_call" || item.type === "custom_tool_call");
    const outputs = input.filter(
      (item) => item.type === "function_call_output" || item.type === "custom_tool_call_output",
    );
    expect(calls.length).toBe(5);
    expect(outputs.map((item) => item.call_id)).toEqual(calls.map((item) => item.call_id));
    const validate = captureIo();
    expect(await run(["validate", rollout], validate.io)).toBe(1);
    expect(validate.stdout()).toContain("a codex session, not a transcript: import it with `agent-transcript import`");
    const exported = captureIo();
    expect(await run(["export", rollout, "--format", "markdown", "--quiet"], exported.io)).toBe(0);
    expect(exported.stdout()).toContain("## User");
  });
});

describe("agent-transcript import <folder>", () => {
  const geminiSingle = path.join(
    realFixturesRoot(),
    "codemie-code/tests/integration/metrics/fixtures/gemini/session-2025-12-01T21-45-5b959dae.json",
  );
  /** A folder of sessions: the Claude Code transcripts (sub-agents beside their sessions), a Gemini CLI chat, a note. */
  function folder(): string {
    const root = mkdtempSync(path.join(tmpdir(), "cli-import-folder-"));
    cpSync(transcripts, path.join(root, "claude"), { recursive: true });
    mkdirSync(path.join(root, "gemini", "chats"), { recursive: true });
    cpSync(geminiSingle, path.join(root, "gemini", "chats", path.basename(geminiSingle)));
    writeFileSync(path.join(root, "notes.txt"), "no session\n");
    return root;
  }

  it("writes each main session, with its sub-agents, as a document of its own into the output folder", async () => {
    const root = folder();
    const out = path.join(mkdtempSync(path.join(tmpdir(), "cli-import-out-")), "documents");
    const outcome = await runImport([root, "--output", `${out}/`, "--json"]);
    expect(outcome.code).toBe(0);
    const report = JSON.parse(outcome.stdout) as ImportFolderReport;
    const relative = (file: string) => path.relative(root, file);
    expect(report.sessions.map((session) => [relative(session.input), session.format])).toEqual([
      ["claude/4d5611e5-241a-462a-8d15-5122611a9569.jsonl", "claude-code"],
      ["claude/6c2214d7-b87e-4432-8e41-22ba294ea584/subagents/agent-afc096d.jsonl", "claude-code"],
      ["claude/fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl", "claude-code"],
      ["claude/short.jsonl", "claude-code"],
      ["claude/subagent.jsonl", "claude-code"],
      ["gemini/chats/session-2025-12-01T21-45-5b959dae.json", "gemini-cli"],
    ]);
    expect(report.sessions[0]?.childRuns).toBe(2);
    expect(report.skipped.map((entry) => relative(entry.path))).toEqual(["notes.txt"]);
    const written = readdirSync(out).sort();
    expect(written).toHaveLength(6);
    expect(report.sessions.map((session) => path.basename(session.output ?? "")).sort()).toEqual(written);
    for (const name of written)
      expect(validationErrors(JSON.parse(readFileSync(path.join(out, name), "utf8"))), name).toEqual([]);
  });

  it("says what it did on stderr, needs an output folder, and fails on a folder with no session", async () => {
    const root = folder();
    const out = mkdtempSync(path.join(tmpdir(), "cli-import-out-"));
    const outcome = await runImport([root, "--output", out, "--format", "gemini-cli"]);
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toContain("passed over 1 file of");
    expect(outcome.stderr).toMatch(
      /imported .*session-2025-12-01T21-45-5b959dae\.json \(gemini-cli session\): 22 messages; 0 kept as metadata or whole, 0 could not be read; wrote /,
    );
    expect(outcome.stderr).toMatch(/imported 1 session of /);
    expect(readdirSync(out)).toHaveLength(1);
    const toStdout = await runImport([root]);
    expect(toStdout.code).toBe(2);
    expect(toStdout.stderr).toContain("--output must name a folder");
    const empty = mkdtempSync(path.join(tmpdir(), "cli-import-empty-"));
    const none = await runImport([empty, "--output", `${out}/`]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("holds no session of a known agent; nothing was written");
  });
});

describe("hostile records spliced into a real session", () => {
  const real = path.join(scratch, "transcripts", "subagent.jsonl");
  const records = readFileSync(real, "utf8")
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown> & { message?: Record<string, unknown> });
  const first = records[5] as (typeof records)[number];
  const final = records.at(-1) as (typeof records)[number];
  const write = (name: string, list: readonly unknown[]): string => {
    const file = path.join(scratch, name);
    writeFileSync(file, `${list.map((item) => JSON.stringify(item)).join("\n")}\n`);
    return file;
  };
  const importJson = async (file: string) => {
    const outcome = await runImport([file, "--json", "--output", `${file}.json`]);
    expect(outcome.code).toBe(0);
    return JSON.parse(outcome.stdout) as ImportReport;
  };
  const prompt = (uuid: string, parentUuid: unknown) => ({
    ...final,
    type: "user",
    subtype: undefined,
    uuid,
    parentUuid,
    message: { role: "user", content: "Again" },
  });
  const again = (uuid: string, parentUuid: string, input: number) => ({
    ...first,
    uuid,
    parentUuid,
    message: {
      ...first.message,
      usage: { input_tokens: input, output_tokens: 5, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    },
  });

  it("counts three responses sharing one message.id, user turns between, and says two are unexplained", async () => {
    const clean = await importJson(real);
    const file = write("reused-id.jsonl", [
      ...records,
      prompt("spliced-u1", final.uuid),
      again("spliced-a1", "spliced-u1", 1_000_000),
      prompt("spliced-u2", "spliced-a1"),
      again("spliced-a2", "spliced-u2", 100),
    ]);
    const report = await importJson(file);
    expect(report.messages).toBe(clean.messages + 4);
    expect(report.usage.session?.input_tokens).toBe((clean.usage.session?.input_tokens ?? 0) + 1_000_100);
    expect(report.unexplainedLosses).toBe(2);
    const outcome = await runImport([file, "--output", path.join(scratch, "reused-id.json")]);
    expect(outcome.stderr).toMatch(
      /warning: invalid-field ×2, first at line 98: message\.id \S+ is that of the response at line 6,/,
    );
    expect(outcome.stderr).toContain(
      `; ${report.losses.length - 2} kept as metadata or whole, 2 could not be read; wrote `,
    );
  });

  it("reports a token sum past 2^53 − 1 as 2^53 − 1 with a loss naming it and the exact sum, never rounded", async () => {
    const clean = await importJson(real);
    const max = Number.MAX_SAFE_INTEGER;
    // The first response's final record (line 12) claims 2^53 − 1 − 100 input tokens in all: a safe count alone.
    const last = records[11] as (typeof records)[number];
    const usage = last.message?.usage as Record<string, number>;
    const claimed = max - 100;
    const uncached = claimed - (usage.cache_read_input_tokens ?? 0) - (usage.cache_creation_input_tokens ?? 0);
    const grown = { ...last, message: { ...last.message, usage: { ...usage, input_tokens: uncached } } };
    const file = write(
      "near-2-53.jsonl",
      records.map((record, index) => (index === 11 ? grown : record)),
    );
    const report = await importJson(file);
    expect(report.usage.session?.input_tokens).toBe(max);
    const firstInput =
      (usage.input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
    const exact = BigInt(claimed) + BigInt((clean.usage.session?.input_tokens ?? 0) - firstInput);
    expect(report.losses.filter((loss) => loss.code === "clamped-total").map((loss) => loss.message)).toEqual([
      expect.stringMatching(new RegExp(`^/usage/input_tokens adds up to ${exact}, .* written as ${max}`)),
      expect.stringMatching(/^\/usage\/total_tokens /),
    ]);
    expect(report.unexplainedLosses).toBe(2);
  });
});

describe("hostile token counts spliced into a real Codex rollout", () => {
  const real = path.join(
    realFixturesRoot(),
    "codemie-code/src/agents/plugins/codex/__tests__/fixtures/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl",
  );
  const lines = readFileSync(real, "utf8").replace(/\n$/, "").split("\n");
  // Line 385, the rollout's last token_count: 6,055,836 input tokens over its one long turn.
  const last = JSON.parse(lines[384] as string) as { payload: { info: Record<string, unknown> } };
  const withCounters = (total: unknown) =>
    JSON.stringify({ ...last, payload: { ...last.payload, info: { ...last.payload.info, total_token_usage: total } } });
  const importLines = async (name: string, list: readonly string[]) => {
    const file = path.join(scratch, name);
    writeFileSync(file, `${list.join("\n")}\n`);
    const outcome = await runImport([file, "--json", "--output", `${file}.json`]);
    expect(outcome.code).toBe(0);
    return JSON.parse(outcome.stdout) as ImportReport;
  };

  it("keeps the turn's count when its cumulative counters fall, and says where", async () => {
    const clean = await importLines("codex-clean.jsonl", lines);
    const fallen = {
      input_tokens: 5,
      cached_input_tokens: 0,
      output_tokens: 1,
      reasoning_output_tokens: 0,
      total_tokens: 6,
    };
    const report = await importLines("codex-fallen.jsonl", [...lines, withCounters(fallen)]);
    expect(report.usage.session?.input_tokens).toBe((clean.usage.session?.input_tokens ?? 0) + 5);
    expect(report.unexplainedLosses).toBe(1);
    expect(report.losses.find((loss) => loss.line === 387)).toMatchObject({
      code: "invalid-field",
      message: expect.stringContaining("went down within a turn (input_tokens 6055836 → 5 since line 385)"),
    });
  });

  it("names a counter that is no count as an invalid field, not as rate limits", async () => {
    const counters = (last.payload.info.total_token_usage ?? {}) as Record<string, unknown>;
    const broken = [...lines.slice(0, 384), withCounters({ ...counters, input_tokens: -5 }), ...lines.slice(385)];
    const report = await importLines("codex-negative.jsonl", broken);
    expect(report.unexplainedLosses).toBe(1);
    expect(report.losses.find((loss) => loss.line === 385)).toMatchObject({
      code: "invalid-field",
      message: expect.stringContaining("info.total_token_usage.input_tokens is -5, not a token count"),
    });
  });
});
