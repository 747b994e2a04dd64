// The recorder taking the end-of-run workspace snapshot: on close when asked, or explicitly before run.completed;
// the bundle beside the event log and an artifact.created event that records it; nothing for a child run; one INFO
// warning when nothing is configured.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { foldEventLog, type Event } from "@agent-transcript/core";
import { afterAll, describe, expect, it } from "vitest";
import { commitAll, initRepository, removeFolder, temporaryFolder } from "../snapshot/snapshot.test.helpers.js";
import { createRecorder } from "./recorder.js";
import type { RecorderWarning } from "./recorder-types.js";

const folders: string[] = [];
function folder(): string {
  const created = temporaryFolder("recorder-snapshot-");
  folders.push(created);
  return created;
}
afterAll(() => {
  for (const created of folders) removeFolder(created);
});

/** A repository with one committed file changed and one new file, and a static declarations file naming it. */
function declaredWorkspace(): { env: Record<string, string>; repository: string } {
  const workspace = folder();
  const repository = initRepository(path.join(workspace, "repo"));
  writeFileSync(path.join(repository, "a.txt"), "one\n");
  commitAll(repository);
  writeFileSync(path.join(repository, "a.txt"), "two\n");
  writeFileSync(path.join(repository, "new file.txt"), "new\n");
  const declarations = path.join(workspace, "declarations.jsonl");
  writeFileSync(declarations, `${JSON.stringify({ version: 1, kind: "repo", path: repository })}\n`);
  return { env: { AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE: declarations }, repository };
}

const events = (file: string): Event[] =>
  readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Event);

const started = { type: "run.started" as const, payload: { kind: "workflow", name: "snapshot-test" } };

describe("the recorder's end-of-run snapshot", () => {
  it("takes it on close when asked: the bundle beside the log, recorded by an artifact.created event", async () => {
    const { env } = declaredWorkspace();
    const root = folder();
    const warnings: RecorderWarning[] = [];
    const recorder = createRecorder({
      root,
      snapshot: { env },
      validate: true,
      onWarning: (warning) => warnings.push(warning),
    });
    recorder.append(started);
    recorder.append({ type: "run.completed", payload: null });
    await recorder.close();
    const written = events(recorder.file);
    expect(written.map((event) => event.type)).toEqual(["run.started", "run.completed", "artifact.created"]);
    const artifact = written[2]?.payload as { type: string; location: string; sha256: string };
    expect(artifact.type).toBe("snapshot");
    expect(readdirSync(path.dirname(recorder.file))).toContain(artifact.location);
    expect(warnings).toEqual([]);
    const folded = foldEventLog(written);
    expect(folded.document.artifacts?.map((entry) => entry.type)).toEqual(["snapshot"]);
  });

  it("takes it once when called before run.completed, so the artifact comes first; close does not take another", async () => {
    const { env } = declaredWorkspace();
    const recorder = createRecorder({ root: folder(), snapshot: { env } });
    recorder.append(started);
    const result = await recorder.snapshot();
    expect(result.status).toBe("created");
    recorder.append({ type: "run.completed", payload: null });
    await recorder.close();
    expect(await recorder.snapshot()).toBe(result);
    expect(events(recorder.file).map((event) => event.type)).toEqual([
      "run.started",
      "artifact.created",
      "run.completed",
    ]);
    expect(readdirSync(path.dirname(recorder.file)).filter((name) => name.endsWith(".snapshot.jsonl"))).toHaveLength(1);
  });

  it("says once that nothing is configured, and records no artifact", async () => {
    const warnings: RecorderWarning[] = [];
    const recorder = createRecorder({
      root: folder(),
      snapshot: { env: {} },
      onWarning: (warning) => warnings.push(warning),
    });
    recorder.append(started);
    await recorder.close();
    await Promise.resolve();
    expect(warnings.map((warning) => warning.code)).toEqual(["snapshot-info"]);
    expect(warnings[0]?.message).toContain("AGENT_TRANSCRIPT_SNAPSHOT_DECLARATIONS_FILE");
    expect(events(recorder.file).map((event) => event.type)).toEqual(["run.started"]);
  });

  it("takes none with disabled (--no-snapshot), none without the option, and none for a child run", async () => {
    const { env } = declaredWorkspace();
    const root = folder();
    const disabled = createRecorder({ root, snapshot: { env, disabled: true } });
    disabled.append(started);
    await disabled.close();
    const plain = createRecorder({ root });
    plain.append(started);
    await plain.close();
    const parent = createRecorder({ root, snapshot: { env } });
    parent.append(started);
    const child = parent.startChildRun({ name: "child" });
    child.append(started);
    await parent.completeChildRun(child);
    expect(events(child.file).map((event) => event.type)).toEqual(["run.started"]);
    await parent.close();
    const bundles = readdirSync(path.join(root, "transcripts")).filter((name) => name.endsWith(".snapshot.jsonl"));
    expect(bundles).toEqual([`${parent.runId}.snapshot.jsonl`]);
    expect(events(disabled.file).map((event) => event.type)).toEqual(["run.started"]);
    expect(events(plain.file).map((event) => event.type)).toEqual(["run.started"]);
  });
});
