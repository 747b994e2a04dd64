/**
 * Generated hostile documents, rendered to Markdown and read back by a real reader that allows raw HTML: whatever
 * content reaches a title, a message, reasoning, a tool call or result, a plan, a diff, a file name, a child run or a
 * citation, the HTML holds no active content and every message keeps its heading.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isControlCharacter } from "./control-characters.js";
import type * as Tolerant from "./generated/v1/tolerant-types.js";
import { renderMarkdown } from "./markdown.js";
import { isKnownPart } from "./parts.js";
import {
  allTokens,
  hostileText,
  hostileUrl,
  reader,
  safeSchemes,
  schemeOf,
  shownOnOneLine,
  visibleText,
  type Token,
} from "./markdown.test.helpers.js";

const text = hostileText;
const isPartType = (type: string): boolean => isKnownPart({ type } as Tolerant.Part);
const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.option(arbitrary, { nil: undefined });

const citation = fc.record(
  { url: hostileUrl, title: text, cited_text: text, document_title: text },
  { requiredKeys: ["url"] },
);

const planItem: fc.Arbitrary<Tolerant.PlanItem> = fc.letrec((tie) => ({
  item: fc.record(
    {
      id: text,
      title: text,
      status: fc.constantFrom("pending", "in_progress", "complete", "blocked", "cancelled", "constructor", "<b>"),
      blocked_reason: text,
      subitems: fc.array(tie("item") as fc.Arbitrary<Tolerant.PlanItem>, { maxLength: 2, depthIdentifier: "plan" }),
    },
    { requiredKeys: ["id", "title", "status"] },
  ),
})).item as fc.Arbitrary<Tolerant.PlanItem>;

const media = {
  url: hostileUrl,
  path: hostileUrl,
  file_id: text,
  data: fc.base64String({ maxLength: 12 }),
  media_type: text,
};

const diffFile = fc.record({
  path: text,
  old_path: optional(text),
  change: fc.constantFrom("added", "modified", "deleted", "renamed", "copied", "__proto__", "<i>"),
  binary: fc.boolean(),
  hunks: fc.array(
    fc.record({
      old_start: fc.nat(),
      old_lines: fc.nat(),
      new_start: fc.nat(),
      new_lines: fc.nat(),
      header: text,
      lines: fc.array(
        fc.record({ kind: fc.constantFrom("context", "added", "removed", "no_newline", "toString"), text }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 2 },
  ),
});

const leafPart = fc.oneof(
  fc.record({ type: fc.constant("text"), text, citations: fc.array(citation, { maxLength: 2 }) }),
  fc.record(
    { type: fc.constant("reasoning"), text, summary: fc.array(text, { maxLength: 2 }) },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constant("reasoning"), encrypted_content: text, issuer: fc.record({ provider: text }) }),
  fc.record({ type: fc.constant("image"), ...media, alt: text }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("audio"), ...media, transcript: text }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("file"), ...media, filename: text, title: text }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("refusal"), text }),
  fc.record({ type: fc.constant("stream_chunk"), text }),
  fc.record(
    { type: fc.constant("compaction"), summary: text, strategy: text, tokens_before: fc.nat(), tokens_after: fc.nat() },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("native"),
    native_type: text,
    data: fc.jsonValue(),
    issuer: fc.record({ provider: text }),
  }),
  // A part type from a newer version, shown as a placeholder.
  fc.record({ type: text.filter((type) => !isPartType(type)), payload: text }),
);

const part = fc.oneof(
  leafPart,
  fc.record(
    {
      type: fc.constant("tool_call"),
      id: text,
      name: text,
      input: fc.dictionary(text, text, { maxKeys: 2 }),
      raw_input: text,
    },
    { requiredKeys: ["type", "id", "name"] },
  ),
  fc.record(
    {
      type: fc.constant("tool_result"),
      call_id: text,
      name: text,
      status: fc.constantFrom("ok", "error", "denied", "interrupted", "<b>"),
      output: fc.oneof(text, fc.dictionary(text, text, { maxKeys: 2 })),
      error: text,
      content: fc.array(leafPart, { maxLength: 2 }),
      truncated: fc.constant(true),
      truncation_strategy: text,
      original_size_bytes: fc.nat(),
    },
    { requiredKeys: ["type", "call_id", "status"] },
  ),
  fc.record({
    type: fc.constant("plan_step"),
    id: text,
    title: text,
    status: fc.constant("blocked"),
    blocked_reason: text,
    subitems: fc.array(planItem, { maxLength: 2 }),
  }),
  fc.record({ type: fc.constant("code_diff"), files: fc.array(diffFile, { minLength: 1, maxLength: 2 }) }),
  fc.record(
    { type: fc.constant("command"), command: text, output: text, exit_code: fc.integer() },
    { requiredKeys: ["type", "command"] },
  ),
);

const message = fc.record(
  {
    role: fc.constantFrom("system", "developer", "user", "assistant", "tool", "constructor", "<b>critic</b>"),
    parts: fc.array(part, { minLength: 1, maxLength: 4 }),
    model: text,
    created_at: text,
    error: text,
  },
  { requiredKeys: ["role", "parts"] },
);

const document = fc
  .record({
    title: text,
    id: text,
    messages: fc.array(message, { maxLength: 4 }),
    producer: fc.record({ name: text, version: text }),
    run: fc.record({
      status: fc.constantFrom("completed", "failed", "<b>"),
      started_at: text,
      error: text,
      children: fc.array(
        fc.record({ run_id: text, title: text, status: text, location: hostileUrl }, { requiredKeys: ["run_id"] }),
        { maxLength: 3 },
      ),
    }),
    cost: fc.oneof(
      fc.record({
        status: fc.constant("reported"),
        amount: fc.double({ noNaN: true }),
        currency: text,
        reported_by: text,
      }),
      fc.record({ status: fc.constant("unknown"), currency: text, reason: text }),
    ),
  })
  .map(
    (fields): Tolerant.Transcript =>
      ({
        schema_version: "1.0.0",
        ...fields,
        // A marker content never holds (`§` is removed from generated text): each message's heading, found by it.
        messages: fields.messages.map((entry, index) => ({ ...entry, name: `§${index}§` })),
      }) as unknown as Tolerant.Transcript,
  );

/** The reasoning parts of a document, which each become one `<details>` block. */
function countReasoning(parts: readonly Tolerant.Part[]): number {
  return parts.reduce(
    (count, entry) =>
      count +
      (entry.type === "reasoning" ? 1 : 0) +
      (entry.type === "tool_result" ? countReasoning((entry as Tolerant.ToolResultPart).content ?? []) : 0),
    0,
  );
}

const ourOpening = /^<details>\n<summary>Reasoning(?: \(\d+(?:\.\d)? m?s\))?<\/summary>\n$/;

describe("renderMarkdown with hostile content everywhere", () => {
  it("writes no active content, keeps our <details> balanced and every message heading exactly once", () => {
    // The URL check below holds trivially for a document that renders no link or image: count those that do.
    let documentsWithUrls = 0;
    fc.assert(
      fc.property(document, (transcript) => {
        const markdown = renderMarkdown(transcript);
        const tokens = reader.parse(markdown, {});
        const flat = allTokens(tokens);
        const html = reader.renderer.render(tokens, reader.options, {});

        // No control character but line feed and tab reaches the Markdown.
        expect(
          [...markdown].filter(
            (character) =>
              isControlCharacter(character.codePointAt(0) as number) && character !== "\n" && character !== "\t",
          ),
        ).toEqual([]);

        // The only raw HTML is our own reasoning blocks, opened and closed in turn.
        const rawHtml = flat.filter((token) => token.type === "html_block" || token.type === "html_inline");
        const expected = transcript.messages.reduce((count, entry) => count + countReasoning(entry.parts), 0);
        expect(rawHtml.map((token) => (ourOpening.test(token.content) ? "open" : token.content))).toEqual(
          Array.from({ length: expected }, () => ["open", "</details>\n"]).flat(),
        );

        // No script, no event handler, no unsafe URL in what the reader makes.
        expect(html).not.toMatch(/<script/i);
        // Tags come only from the reader (raw HTML being ours), so their attributes are all it writes.
        const attributes = new Set(flat.flatMap((token) => (token.attrs ?? []).map(([name]) => name)));
        expect(
          [...attributes].filter((name) => !["href", "src", "alt", "class", "start", "style"].includes(name)),
        ).toEqual([]);
        const urls = flat
          .flatMap((token: Token) => [token.attrGet("href"), token.attrGet("src")])
          .filter((url) => url !== null)
          .map(String);
        expect(urls.filter((url) => !safeSchemes.has(schemeOf(url) ?? "http"))).toEqual([]);
        documentsWithUrls += urls.length > 0 ? 1 : 0;

        // One h1, the title; one h2 per message, in order, each holding its marker, which appears nowhere else.
        expect(tokens[0]?.tag).toBe("h1");
        expect(visibleText(tokens.slice(0, 3))).toBe(shownOnOneLine(transcript.title ?? ""));
        const markers = visibleText(tokens).match(/§\d+§/g) ?? [];
        expect(markers).toEqual(transcript.messages.map((_entry, index) => `§${index}§`));
        const headings = tokens.flatMap((token, index) =>
          token.type === "heading_open" && token.tag === "h2" ? [visibleText([tokens[index + 1] as Token])] : [],
        );
        for (const [index] of transcript.messages.entries())
          expect(headings.filter((heading) => heading.includes(`§${index}§`))).toHaveLength(1);
      }),
    );
    expect(documentsWithUrls).toBeGreaterThan((3 * fc.readConfigureGlobal().numRuns!) / 100);
  });
});

/** Plain words, each different, between hostile pieces whose text a reader shows as it is. */
const literalFragments = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "</details>",
  "<!-- x -->",
  "<https://example.com>",
  "[x](javascript:alert(1))",
  "![alt](https://tracker.example/pixel.png)",
  "[ref]: javascript:alert(1)",
  "&lt;b&gt;",
  "&#x202e;",
  "a < b",
  "R&D",
  "\u001b]0;pwned\u0007",
  "\u009b2J",
  "\u202e",
];
const word = fc.stringMatching(/^[a-z]{4,8}$/);
const wordyText = fc
  .array(
    fc.oneof(
      word,
      fc.constantFrom(...literalFragments),
      fc.constantFrom("`", "``", "```\n", "\n```\n", "~~~\n", "\n", "\n\n", "> ", "- ", "# ", "|"),
    ),
    { maxLength: 16 },
  )
  .map((pieces) => pieces.join(" "));

describe("renderMarkdown keeps the text", () => {
  it("shows every word and every hostile piece of message text as written, nothing swallowed", () => {
    fc.assert(
      fc.property(fc.array(wordyText, { minLength: 1, maxLength: 3 }), (texts) => {
        const transcript: Tolerant.Transcript = {
          schema_version: "1.0.0",
          id: "x",
          messages: texts.map((entry) => ({
            role: "assistant",
            parts: [
              { type: "text", text: entry },
              { type: "reasoning", text: entry },
            ],
          })),
        };
        const shown = visibleText(reader.parse(renderMarkdown(transcript), {}));
        for (const entry of texts) {
          const pieces = entry.split(" ").filter((piece) => /^[a-z]{4,8}$/.test(piece));
          for (const piece of pieces) expect(shown).toContain(piece);
          for (const fragment of literalFragments.filter((fragment) => entry.includes(fragment)))
            expect(shown).toContain(shownOnOneLine(fragment));
        }
      }),
    );
  });
});
