// Reading a bundle's chunk lines: the writer's own spelling is decoded without parsing the line, anything else is
// parsed and validated. Both must give the same bytes, and the same refusals, for any content.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSnapshotBundle, writeSnapshotBundle } from "./bundle.js";
import { takeSnapshot } from "./create.js";
import { removeFolder, temporaryFolder } from "./snapshot.test.helpers.js";

let folder: string;
beforeAll(() => {
  folder = temporaryFolder("snapshot-bundle-test-");
});
afterAll(() => {
  removeFolder(folder);
});

/** Every content piece the reader hands on, copied (a piece is a view valid until the next one), joined. */
async function contentOf(bundle: string): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for await (const event of readSnapshotBundle(bundle))
    if (event.kind === "content") pieces.push(Buffer.from(event.bytes));
  return Buffer.concat(pieces);
}

/** A bundle carrying one declared file with `content`, and its lines. */
async function bundleOf(name: string, content: Buffer): Promise<{ bundle: string; lines: string[] }> {
  const source = path.join(folder, `${name}.source`);
  writeFileSync(source, content);
  const staged = await takeSnapshot([{ version: 1, kind: "file", path: source }]);
  const bundle = path.join(folder, `${name}.jsonl`);
  await writeSnapshotBundle(staged, bundle);
  await staged.dispose();
  return { bundle, lines: readFileSync(bundle, "utf8").split("\n") };
}

/** The same bundle with every chunk line spelt another way (keys swapped, spaces): the general path reads it. */
function respelt(lines: string[]): string {
  return lines
    .map((line) => {
      if (!line.startsWith('{"type":"chunk"')) return line;
      const { data } = JSON.parse(line) as { data: string };
      return `{"data": ${JSON.stringify(data)}, "type": "chunk"}`;
    })
    .join("\n");
}

const textContent = fc
  .array(
    fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.constantFrom("\n", "\r\n", "\t", '"', "\\", "/", "\u0000", "\u001f", "\u007f", "é", "😀", "\\u0041"),
    ),
    { maxLength: 60 },
  )
  .map((parts) => Buffer.from(parts.join(""), "utf8"));

describe("chunk lines", () => {
  it("give the file's bytes back, text or binary, whether written by the writer or spelt any other way", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          textContent,
          fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
        ),
        async (content) => {
          run += 1;
          const { bundle, lines } = await bundleOf(`case-${run}`, content);
          expect(await contentOf(bundle)).toEqual(content);
          writeFileSync(bundle, respelt(lines));
          expect(await contentOf(bundle)).toEqual(content);
        },
      ),
    );
  });

  it("carry a patch's many escaped line feeds and a large binary across many chunks", async () => {
    const text = Buffer.from(Array.from({ length: 20_000 }, (_, index) => `+line "${index}"\t\\ ü\n`).join(""), "utf8");
    const binary = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 2654435761) >>> 24));
    for (const [name, content] of [
      ["text", text],
      ["binary", binary],
    ] as const) {
      const { bundle, lines } = await bundleOf(name, content);
      expect(lines.filter((line) => line.startsWith('{"type":"chunk"')).length).toBeGreaterThan(3);
      expect(await contentOf(bundle)).toEqual(content);
    }
  });

  it("are refused, naming the line, when their data is not what the entry's encoding allows", async () => {
    const text = await bundleOf("hostile-text", Buffer.from("hello\n"));
    const binary = await bundleOf("hostile-binary", Buffer.from([0xff, 0x00, 0x10]));
    const cases: Array<[typeof text, string, RegExp]> = [
      // A raw control character, a bad escape, an unescaped quote: not JSON.
      [text, '{"type":"chunk","data":"hello\u0001"}', /line 3: not JSON/],
      [text, '{"type":"chunk","data":"hello\\x"}', /line 3: not JSON/],
      [text, '{"type":"chunk","data":"hel"lo"}', /line 3: not JSON/],
      // Valid JSON, other content: the hash says so.
      [text, '{"type":"chunk","data":"hell\\u00f6"}', /SHA-256/],
      // Not base64, padding inside, and base64 whose leftover bits are not zero (a second spelling of the bytes).
      [binary, '{"type":"chunk","data":"/w@Q"}', /line 3: the chunk is not valid base64/],
      [binary, '{"type":"chunk","data":"/w==AAAA"}', /line 3: the chunk is not valid base64/],
      [binary, '{"type":"chunk","data":"/wAR"}', /SHA-256/],
      [binary, '{"type":"chunk","data":"/x=="}', /line 3: the chunk is not valid base64/],
    ];
    for (const [{ bundle, lines }, chunk, refusal] of cases) {
      expect(lines[2]).toMatch(/^\{"type":"chunk"/);
      writeFileSync(bundle, [...lines.slice(0, 2), chunk, ...lines.slice(3)].join("\n"));
      await expect(contentOf(bundle), chunk).rejects.toThrow(refusal);
    }
  });
});
