import { formatVersion } from "@agent-transcript/core";
import { describe, expect, it } from "vitest";
import { documentConverters } from "./index.js";

// The write direction of the three document formats shares one frame (conversion/document-writer.ts): these tests
// hold each writer to it through the public registry.
const writers = [
  { id: "devflow", target: "devflow", kept: "devflow" },
  { id: "portable", target: "portable", kept: undefined },
  { id: "warp-export", target: "Warp export", kept: "warp" },
] as const;

function transcript(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    schema_version: formatVersion,
    id: "run-1",
    messages: [{ role: "user", parts: [{ type: "text", text: "hello" }] }],
    ...extra,
  };
}

describe.each(writers)("the $id writer", ({ id, target }) => {
  const write = documentConverters[id].fromCanonical;

  it("refuses what is not a transcript with errors naming where, and never throws", () => {
    for (const input of [42, null, "text", {}, { ...transcript(), messages: "none" }]) {
      expect(write(input as never)).toMatchObject({ ok: false, errors: expect.arrayContaining([expect.anything()]) });
    }
    const invalid = write(transcript({ messages: [{ role: "narrator", parts: [] }] }) as never);
    expect(invalid).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(/^\/messages\/0/) })]),
    });
  });

  it("names a top-level field it has no place for, and strict makes that an error", () => {
    const document = transcript({ provider_fields: { elsewhere: { a: 1 } } });
    const result = write(document as never);
    expect(result.ok).toBe(true);
    expect(result.warnings).toContainEqual({
      code: "field-dropped",
      path: "/provider_fields",
      message: `provider_fields has no ${target} equivalent`,
    });
    // Strict turns every warning into an error at the same place, this one among them.
    expect(write(document as never, { strict: true })).toMatchObject({
      ok: false,
      errors: result.warnings.map((warning) => expect.objectContaining({ path: warning.path })),
    });
  });
});

// portable keeps nothing of its own in the transcript's metadata; devflow and Warp do.
describe.each(writers.filter((writer) => writer.kept !== undefined))("the $id writer", ({ id, target, kept }) => {
  const write = documentConverters[id].fromCanonical;

  it("puts its own kept metadata fields back, never over a field it writes", () => {
    const key = kept ?? "";
    const result = write(transcript({ metadata: { [key]: { kept_field: [1, 2] }, other: true } }) as never);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((result.value as Record<string, unknown>)["kept_field"]).toEqual([1, 2]);
    expect(result.warnings).toContainEqual({
      code: "field-dropped",
      path: "/metadata/other",
      message: `transcript metadata other has no ${target} equivalent`,
    });
    const written = Object.keys(result.value as object)[0] ?? "";
    const clash = write(transcript({ metadata: { [key]: { [written]: "mine" } } }) as never);
    expect(clash.ok).toBe(true);
    if (!clash.ok) return;
    expect((clash.value as Record<string, unknown>)[written]).not.toBe("mine");
    expect(clash.warnings).toContainEqual({
      code: "field-dropped",
      path: `/metadata/${key}/${written}`,
      message: `${written} is written by the converter itself`,
    });
  });
});
