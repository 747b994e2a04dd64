import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { repositoryRoot } from "@agent-transcript/fixtures/paths";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalize } from "./canonical-json.js";
import { decodeTranscript } from "./decode.js";
import { formatVersion } from "./format-version.js";

const example = (group: string, name: string): string =>
  readFileSync(path.join(repositoryRoot, "schemas/v1/examples/Transcript", group, name), "utf8");
const warpDocument = example("valid", "warp-export.json");

describe("decodeTranscript", () => {
  it("decodes bytes, gzip bytes, text and values of a valid document to the same typed document", () => {
    // The example is a 1.0.0 document: read by a later minor, it comes back as that minor's (an additive release needs
    // no migration step, so only its version changes).
    const written = JSON.parse(warpDocument) as Record<string, unknown>;
    expect(written.schema_version).toBe("1.0.0");
    const expected = { ...written, schema_version: formatVersion };
    for (const input of [
      warpDocument,
      Buffer.from(warpDocument),
      gzipSync(warpDocument),
      expected,
      `\uFEFF${warpDocument}`,
    ]) {
      const result = decodeTranscript(input);
      expect(result).toMatchObject({ ok: true, strict: true, warnings: [] });
      if (!result.ok) throw new Error("unreachable: ok asserted above");
      expect(result.document).toEqual(expected);
    }
  });

  it("rejects an unknown major version with an error naming it", () => {
    const result = decodeTranscript(example("invalid", "other-major.json"));
    expect(result.ok).toBe(false);
    if (result.ok) throw new Error("unreachable: failure asserted above");
    expect(result.error.code).toBe("unsupported-major");
    expect(result.error.pointer).toBe("/schema_version");
    expect(result.error.message).toMatch(/major version 2\b/);
    expect(result.error.message).toContain(formatVersion);
  });

  it("keeps a newer minor version's unknown fields and part types, lists them as warnings, and re-encodes byte-identically", () => {
    const newer = {
      schema_version: "1.7.0",
      id: "run-42",
      added_in_1_7: { anything: [1, 2, 3] },
      messages: [
        {
          role: "assistant",
          parts: [
            { type: "hologram", frames: 24, spin: "slow" },
            { type: "text", text: "hi", emphasis: "strong" },
          ],
          mood: "curious",
        },
      ],
    };
    const text = JSON.stringify(newer, null, 2);
    const result = decodeTranscript(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.strict).toBe(false);
    expect(result.version).toBe("1.7.0");
    expect(canonicalize(result.document)).toBe(canonicalize(JSON.parse(text)));
    const pointers = result.warnings.map((warning) => warning.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining([
        "/added_in_1_7",
        "/messages/0/mood",
        "/messages/0/parts/0",
        "/messages/0/parts/1/emphasis",
      ]),
    );
    expect(result.warnings.every((warning) => warning.message.includes("1.7.0"))).toBe(true);
  });

  it("still checks known parts of a newer minor document", () => {
    const broken = {
      schema_version: "1.7.0",
      id: "x",
      messages: [{ role: "user", parts: [{ type: "text", text: 42 }] }],
    };
    const result = decodeTranscript(broken);
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "schema",
        errors: expect.arrayContaining([expect.objectContaining({ pointer: "/messages/0/parts/0/text" })]),
      },
    });
  });

  it("is strict about a document of its own version, and tolerant when asked", () => {
    const withExtra = { schema_version: formatVersion, id: "x", messages: [], extra: true };
    expect(decodeTranscript(withExtra)).toMatchObject({ ok: false, error: { code: "schema", pointer: "/extra" } });
    expect(decodeTranscript(withExtra, { mode: "tolerant" })).toMatchObject({ ok: true, strict: false });
  });

  it.each([
    ['{\n  "schema_version": "1.0.0",\n  "id": }', "invalid-json", { line: 3, column: 9 }],
    ["[]", "not-an-object", { pointer: "" }],
    ['{"id": "x", "messages": []}', "missing-version", { pointer: "/schema_version" }],
    ['{"schema_version": "one", "id": "x", "messages": []}', "invalid-version", { pointer: "/schema_version" }],
    ['{"schema_version": 1, "id": "x", "messages": []}', "invalid-version", { pointer: "/schema_version" }],
  ])("reports %j as %s with where it is", (input, code, where) => {
    const result = decodeTranscript(input);
    expect(result).toMatchObject({ ok: false, error: { code, ...where } });
  });

  it("rejects invalid UTF-8, broken gzip and oversized input without throwing", () => {
    expect(decodeTranscript(Uint8Array.from([0x7b, 0xff, 0x7d]))).toMatchObject({
      ok: false,
      error: { code: "invalid-utf8" },
    });
    expect(decodeTranscript(Uint8Array.from([0x1f, 0x8b, 1, 2, 3]))).toMatchObject({
      ok: false,
      error: { code: "invalid-gzip" },
    });
    expect(decodeTranscript(warpDocument, { maxBytes: 100 })).toMatchObject({
      ok: false,
      error: { code: "too-large" },
    });
    const bomb = gzipSync(Buffer.alloc(10_000_000, 0x20));
    expect(decodeTranscript(bomb, { maxBytes: 1_000_000 })).toMatchObject({ ok: false, error: { code: "too-large" } });
  });

  it("names the byte, line and column of invalid UTF-8, and the pointer and line of a refused number or nesting", () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "id": "caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    expect(decodeTranscript(bytes)).toMatchObject({
      ok: false,
      error: { code: "invalid-utf8", byteOffset: 14, line: 2, column: 13 },
    });
    const document = JSON.parse(warpDocument) as { messages: unknown[] };
    const text = JSON.stringify({ ...document, extra: { n: 1 } }, null, 2).replace('"n": 1', '"n": 1e400');
    const line = text.slice(0, text.indexOf("1e400")).split("\n").length;
    expect(decodeTranscript(text)).toMatchObject({
      ok: false,
      error: { code: "inexact-number", pointer: "/extra/n", line },
    });
    expect(decodeTranscript(Buffer.from(text))).toMatchObject({ ok: false, error: { code: "inexact-number" } });
    expect(decodeTranscript(text.replace('"n": 1e400', `"n": ${"[".repeat(600)}${"]".repeat(600)}`))).toMatchObject({
      ok: false,
      error: { code: "too-deep", pointer: `/extra/n${"/0".repeat(510)}`, line },
    });
    expect(decodeTranscript(text, { maxDepth: 2 })).toMatchObject({ ok: false, error: { code: "too-deep" } });
  });

  it("holds an already-parsed value to the same depth and refuses the numbers JSON cannot write back", () => {
    const document = JSON.parse(warpDocument) as Record<string, unknown>;
    for (const number of [Number.POSITIVE_INFINITY, Number.NaN, -0])
      expect(decodeTranscript({ ...document, extra: [number] })).toMatchObject({
        ok: false,
        error: { code: "inexact-number", pointer: "/extra/0" },
      });
  });

  it("never throws and never pollutes a prototype on 10,000 hostile inputs", () => {
    const hostileText = fc.oneof(
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify({ schema_version: "1.0.0", id: "x", messages: [value] })),
      fc.constantFrom(
        '{"__proto__": {"polluted": true}, "schema_version": "1.0.0", "id": "x", "messages": []}',
        '{"schema_version": "1.0.0", "id": "x", "messages": [{"role": "user", "parts": [{"type": "text", "text": "a", "__proto__": {"polluted": true}}]}]}',
        '{"constructor": {"prototype": {"polluted": true}}, "schema_version": "1.0.0", "id": "x", "messages": []}',
        "[".repeat(50_000) + "]".repeat(50_000),
        '{"schema_version": "99999999999999999999.0.0", "id": "x", "messages": []}',
      ),
    );
    const hostileValue = fc.oneof(fc.anything(), fc.jsonValue(), fc.uint8Array({ maxLength: 200 }));
    fc.assert(
      fc.property(fc.oneof(hostileText, hostileValue), (input) => {
        const result = decodeTranscript(input);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 10 * fc.readConfigureGlobal().numRuns! },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});
