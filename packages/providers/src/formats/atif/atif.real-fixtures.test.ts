/**
 * Every real ATIF trajectory of the fixtures (the fixture reader classifies them), imported through the Node entry as
 * a user would: strictly valid, no loss of an unexpected kind, token totals against a count made here over the raw
 * JSON, and ATIF → canonical → ATIF giving back the same trajectory (the same bytes for Harbor's own files, which
 * are written in Harbor's field order; the same JSON value for the redacted file, whose keys were sorted).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { validateTranscript } from "@agent-transcript/core/validators";
import { realFixturesRoot } from "@agent-transcript/fixtures/paths";
import { loadRealFixtures } from "@agent-transcript/fixtures/real-fixtures";
import { describe, expect, it } from "vitest";
import { isExpectedSessionLoss } from "../../conversion/index.js";
import { importSession } from "../../node.js";
import { importSessionText } from "../../sessions.js";
import { atifExporter } from "./index.js";

const root = realFixturesRoot();
const files = loadRealFixtures().flatMap((fixture) =>
  fixture.classification.category === "trajectory" && fixture.classification.format === "atif"
    ? [{ file: fixture.file, version: fixture.classification.schemaVersion }]
    : [],
);

/** Sums written without the importer: the per-step metrics and the final_metrics of a trajectory's raw JSON. */
function rawCounts(file: string) {
  const value = JSON.parse(readFileSync(path.join(root, file), "utf8")) as {
    steps: Array<{ metrics?: Record<string, unknown> }>;
    final_metrics?: Record<string, unknown>;
  };
  const sum = (field: string): number =>
    value.steps.reduce(
      (total, step) => total + (typeof step.metrics?.[field] === "number" ? (step.metrics[field] as number) : 0),
      0,
    );
  return {
    steps: { prompt: sum("prompt_tokens"), completion: sum("completion_tokens"), cached: sum("cached_tokens") },
    final: {
      prompt: value.final_metrics?.total_prompt_tokens as number | undefined,
      completion: value.final_metrics?.total_completion_tokens as number | undefined,
    },
  };
}

describe("real ATIF trajectories", () => {
  it("finds the three recorded trajectories (two Harbor Terminus files, one NeMo Relay file)", () => {
    expect(files.map((entry) => path.basename(entry.file)).sort()).toEqual([
      "nemo_relay_atif_v1.7_real_redacted.json",
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.cont-1.json",
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.json",
    ]);
  });

  for (const { file, version } of files) {
    describe(`${path.basename(file)}`, () => {
      it("imports strictly valid, every loss of an expected kind, each naming its JSON pointer", async () => {
        const imported = await importSession(path.join(root, file), { format: "atif" });
        expect(imported.ok).toBe(true);
        if (!imported.ok) return;
        const validation = validateTranscript(imported.document);
        expect(validation.ok, JSON.stringify(validation.ok ? [] : validation.errors)).toBe(true);
        for (const child of imported.children) expect(validateTranscript(child.document).ok).toBe(true);
        expect(imported.losses.filter((loss) => !isExpectedSessionLoss(loss))).toEqual([]);
        for (const loss of imported.losses) expect(loss.message).toMatch(/^(\(root\)|\/)/);
        expect(imported.document.source?.format_version).toBe(version);
      });

      it("gives back the same trajectory from the canonical document", async () => {
        const text = readFileSync(path.join(root, file), "utf8");
        // Imported alone: a continuation beside the file is a file of its own, tested as such.
        const imported = await importSession(path.join(root, file), { format: "atif" });
        if (!imported.ok) throw new Error(imported.message);
        const withoutContinuations = structuredClone(imported.document);
        if (withoutContinuations.run?.children !== undefined) {
          withoutContinuations.run.children = withoutContinuations.run.children.filter(
            (child) => !/^continuation /.test(child.title ?? ""),
          );
          if (withoutContinuations.run.children.length === 0) delete withoutContinuations.run;
        }
        const exported = atifExporter.fromCanonical(withoutContinuations, { name: path.basename(file) });
        expect(exported.ok).toBe(true);
        if (!exported.ok) return;
        expect(exported.warnings).toEqual([]);
        expect(JSON.parse(exported.files[0]?.text ?? "")).toEqual(JSON.parse(text));
        // Harbor's files come back byte for byte; the redacted file's keys were sorted by its redactor, so only its value does.
        expect(exported.files[0]?.text === text).toBe(!file.includes("redacted"));
        // And the document, through ATIF and back, is the document.
        const again = importSessionText(exported.files[0]?.text ?? "", { format: "atif", path: path.join(root, file) });
        expect(again.ok && again.document).toEqual(withoutContinuations);
      });

      it("carries the token totals a count over the raw JSON gives", async () => {
        const imported = await importSession(path.join(root, file), { format: "atif" });
        if (!imported.ok) throw new Error(imported.message);
        const counts = rawCounts(file);
        // The document's usage is final_metrics as written; each message's is its step's metrics.
        expect(imported.document.usage?.input_tokens).toBe(counts.final.prompt);
        expect(imported.document.usage?.output_tokens).toBe(counts.final.completion);
        const messages = imported.document.messages;
        const sum = (pick: (usage: NonNullable<(typeof messages)[number]["usage"]>) => number) =>
          messages.reduce((total, message) => total + (message.usage === undefined ? 0 : pick(message.usage)), 0);
        expect(sum((usage) => usage.input_tokens)).toBe(counts.steps.prompt);
        expect(sum((usage) => usage.output_tokens)).toBe(counts.steps.completion);
      });
    });
  }

  it("finds what holds between the steps' metrics and final_metrics in each file", () => {
    const relation = Object.fromEntries(
      files.map(({ file }) => {
        const counts = rawCounts(file);
        return [
          path.basename(file),
          counts.steps.prompt === counts.final.prompt && counts.steps.completion === counts.final.completion,
        ];
      }),
    );
    // A Terminus continuation's final_metrics count the whole run (the summarisation calls and the file it continues
    // included), so they exceed its own steps' sum; the first file's and NeMo Relay's equal theirs.
    expect(relation).toEqual({
      "nemo_relay_atif_v1.7_real_redacted.json": true,
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.cont-1.json": false,
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.json": true,
    });
  });

  it("reads a trajectory and its continuation as one session: the continuation a child run", async () => {
    const main = files.find((entry) => entry.file.endsWith("history.trajectory.json"));
    const imported = await importSession(path.join(root, main?.file ?? ""), { format: "atif" });
    if (!imported.ok) throw new Error(imported.message);
    expect(imported.files.map((file) => path.basename(file))).toEqual([
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.json",
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.cont-1.json",
    ]);
    expect(imported.document.run?.children?.map((child) => child.title)).toEqual(["continuation 1"]);
    // Both files give the session_id NORMALIZED_SESSION_ID: the continuation's run has an id of its own all the same
    // (the same id would make the run its own child), and is written back under the session_id it was read with.
    expect(imported.document.id).toBe("NORMALIZED_SESSION_ID");
    expect(imported.document.run?.children?.map((child) => child.run_id)).toEqual(["NORMALIZED_SESSION_ID.cont-1"]);
    const continuation = imported.children[0]?.document;
    expect(continuation?.id).toBe("NORMALIZED_SESSION_ID.cont-1");
    // The continuation's first four steps are the context it was handed (is_copied_context), kept as such.
    expect(
      continuation?.messages.filter((message) => message.provider_fields?.atif?.is_copied_context === true),
    ).toHaveLength(4);
    const exported = atifExporter.fromCanonical(imported.document, { name: path.basename(main?.file ?? "") });
    if (!exported.ok) throw new Error("export failed");
    expect(exported.files.map((file) => file.name)).toEqual([
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.json",
      "terminus_2_hello-world-context-summarization-linear-history.trajectory.cont-1.json",
    ]);
    for (const written of exported.files)
      expect(written.text).toBe(readFileSync(path.join(root, path.dirname(main?.file ?? ""), written.name), "utf8"));
  });
});
