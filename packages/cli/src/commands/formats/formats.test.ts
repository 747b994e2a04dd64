import { sourceFormats } from "@agent-transcript/core/vocabularies";
import { formatIds, formatRegistry, sessionExporters } from "@agent-transcript/providers";
import { describe, expect, it } from "vitest";
import { captureIo } from "../../capture-io.test.helpers.js";
import { run } from "../../cli.js";
import type { FormatInfo } from "./run.js";

async function formatsJson(): Promise<FormatInfo[]> {
  const io = captureIo();
  expect(await run(["formats", "--json"], io.io)).toBe(0);
  expect(io.stderr()).toBe("");
  return JSON.parse(io.stdout()) as FormatInfo[];
}

describe("formats", () => {
  it("lists every registered format and our own two, in the vocabulary's order", async () => {
    const ids = (await formatsJson()).map((info) => info.id);
    expect(ids).toEqual(sourceFormats.filter((id) => ids.includes(id)));
    expect(ids).toEqual(expect.arrayContaining([...formatIds, "agent-transcript", "event-log"]));
  });

  it("says what reads and writes each, from the registry", async () => {
    const infos = await formatsJson();
    const byId = new Map(infos.map((info) => [info.id, info]));
    for (const id of formatIds) {
      const info = byId.get(id) as FormatInfo;
      expect(info.kind).toBe(formatRegistry[id].kind);
      expect(info.description).toBe(formatRegistry[id].description);
      expect(info.read.length, id).toBeGreaterThan(0);
      // A session format is written only when the registry has its exporter; every other format by convert.
      const written = info.kind !== "session" || Object.hasOwn(sessionExporters, id);
      expect(info.write.includes(`convert --to ${id}`), id).toBe(written);
    }
    expect(byId.get("claude-code")?.write).toEqual([]);
    expect(byId.get("atif")?.write).toEqual(["convert --to atif", "export --format atif"]);
    expect(byId.get("event-log")?.write).toContain("export --format jsonl");
  });

  it("prints a block per format as text", async () => {
    const io = captureIo();
    expect(await run(["formats"], io.io)).toBe(0);
    expect(io.stdout()).toMatch(
      /^anthropic \(provider\)\n {2}Anthropic Messages.*\n {2}read: {4}convert --from anthropic\n/m,
    );
    expect(io.stdout()).toMatch(/^claude-code \(session\)\n(?: {2}.*\n)*? {2}write: {3}no\n/m);
  });
});
