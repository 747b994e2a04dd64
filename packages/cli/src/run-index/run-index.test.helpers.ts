// What the run index's tests share: the command run in-process, its JSON, and reports made comparable across where
// they were read from (the index names files by their absolute path).
import { expect } from "vitest";
import { captureIo } from "../capture-io.test.helpers.js";
import { run } from "../cli.js";
import type { RunsReport } from "../commands/runs/run.js";
import type { UsageReport } from "../commands/usage/run.js";

export async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = captureIo();
  const code = await run(argv, io.io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** The command's `--json` output, once it exits 0. */
export async function json<T>(...argv: string[]): Promise<T> {
  const result = await cli(...argv, "--json");
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/** A report without what names where it was read from. */
export function comparable(report: UsageReport | RunsReport): unknown {
  const { inputs: _inputs, skipped: _skipped, ...rest } = report as UsageReport;
  return JSON.parse(JSON.stringify(rest, (key, value: unknown) => (key === "source" ? undefined : value)));
}
