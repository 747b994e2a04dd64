import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeControlCharacters } from "./control-characters.js";
import { checkLinkTarget, codeBlock, codeSpan, inlineText, markdownBlock, markdownLink } from "./markdown-escape.js";
import {
  allTokens,
  hostileText,
  hostileUrl,
  normaliseSpace,
  reader,
  safeSchemes,
  schemeOf,
  shownOnOneLine,
  visibleText,
  type Token,
} from "./markdown.test.helpers.js";

describe("inlineText", () => {
  it.each([
    ["plain words", "plain words"],
    ["a < b > c", "a &lt; b &gt; c"],
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["[x](javascript:alert(1))", "\\[x\\](javascript:alert(1))"],
    ["![alt](x.png)", "!\\[alt\\](x.png)"],
    ["`code` *em* ~~s~~", "\\`code\\` \\*em\\* \\~\\~s\\~\\~"],
    ["snake_case and _em_", "snake_case and \\_em\\_"],
    ["&lt; and R&D", "&amp;lt; and R&D"],
    ["line one\n# two\r\nthree", "line one # two three"],
    ["# not a heading", "\\# not a heading"],
    ["- not a list", "\\- not a list"],
    ["1. not a list; 0.9.2 stays", "1\\. not a list; 0.9.2 stays"],
    ["C# and issue #", "C# and issue \\#"],
    ["ends with a backslash \\", "ends with a backslash \\\\"],
    ["\u001b]0;title\u0007", "\\u001b\\]0;title\\u0007"],
  ])("%j becomes %j", (text, expected) => {
    expect(inlineText(text)).toBe(expected);
  });

  it("shows exactly the text, with no structure, in a heading, a list item and a link label", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const shown = shownOnOneLine(text);
        const heading = reader.parse(`# ${inlineText(text)}`, {});
        expect(heading.map((token) => token.type)).toEqual(["heading_open", "inline", "heading_close"]);
        expect(allTokens(heading[1]?.children ?? []).every((token) => token.type === "text")).toBe(true);
        expect(visibleText(heading)).toBe(shown);

        const item = reader.parse(`- ${inlineText(text)}`, {});
        expect(item.filter((token) => token.type === "list_item_open")).toHaveLength(1);
        expect(item.some((token) => token.type === "heading_open" || token.type === "html_block")).toBe(false);
        expect(visibleText(item)).toBe(shown);

        const link = reader.parse(`[${inlineText(text)}](https://example.com/)`, {});
        const linkTokens = allTokens(link);
        expect(linkTokens.filter((token) => token.type === "link_open")).toHaveLength(1);
        expect(linkTokens.some((token) => token.type === "html_inline" || token.type === "code_inline")).toBe(false);
        expect(visibleText(link)).toBe(shown);
      }),
    );
  });
});

describe("codeSpan", () => {
  it.each([
    ["read_file", "`read_file`"],
    ["a`b", "``a`b``"],
    ["`edge`", "`` `edge` ``"],
    ["<b>", "`<b>`"],
    ["", "` `"],
  ])("%j becomes %j", (text, expected) => {
    expect(codeSpan(text)).toBe(expected);
  });

  it("is one code span holding exactly the text, whatever backticks it holds", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const children = reader.parseInline(`before ${codeSpan(text)} after`, {})[0]?.children ?? [];
        expect(children.map((token) => token.type)).toEqual(["text", "code_inline", "text"]);
        const expected = text === "" ? " " : escapeControlCharacters(text.replace(/\s+/g, " "));
        expect(children[1]?.content).toBe(expected);
      }),
    );
  });
});

describe("codeBlock", () => {
  it("uses a fence longer than any backtick run inside, and keeps only a plain language name", () => {
    expect(codeBlock("```\n# not a heading\n````", "json")).toBe("`````json\n```\n# not a heading\n````\n`````");
    expect(codeBlock("x", 'js onload="alert(1)"')).toBe("```js\nx\n```");
    expect(codeBlock("x", "a`b")).toBe("```\nx\n```");
  });

  it("holds exactly the text and ends where we end it, at the top level and in a list item", () => {
    fc.assert(
      fc.property(hostileText, fc.constantFrom("", "  ", "    "), (text, indent) => {
        const expected = `${escapeControlCharacters(text.replace(/\r\n?/g, "\n"), { keepLineFeedsAndTabs: true })}\n`;
        const markdown = `- item\n\n${codeBlock(text, "", indent)}\n\nafter <b>`;
        const tokens = reader.parse(markdown, {});
        const blocks = tokens.filter((token) => token.type === "fence" || token.type === "code_block");
        expect(blocks.map((token) => token.type)).toEqual(["fence"]);
        expect(blocks[0]?.content).toBe(expected);
        expect(tokens.at(-2)?.content).toBe("after <b>");
      }),
    );
  });
});

describe("markdownBlock", () => {
  it.each([
    [
      "keeps Markdown formatting",
      "**bold**, _em_, `a<b>`\n\n- item\n\n> quote",
      "**bold**, _em_, `a<b>`\n\n- item\n\n> quote",
    ],
    [
      "escapes raw HTML only where it forms HTML",
      "<script>x</script> a < b, x<y",
      "&lt;script>x&lt;/script> a < b, x&lt;y",
    ],
    ["escapes a character reference", "&lt; &#60; R&D", "&amp;lt; &amp;#60; R&D"],
    ["escapes link and image syntax", "[x](javascript:alert(1)) ![a](b)", "\\[x](javascript:alert(1)) !\\[a](b)"],
    ["escapes an unpaired backtick", "x ` y `` z", "x \\` y \\`\\` z"],
    ["closes a fence left open", "```js\nconst a = '<b>';\n", "```js\nconst a = '<b>';\n```"],
    ["separates a fence from what is around it", "before\n```\nx\n```\nafter", "before\n\n```\nx\n```\n\nafter"],
    ["escapes a fence it does not own", "> ~~~\n- ```", "> \\~\\~\\~\n- \\`\\`\\`"],
    ["shows control characters", "a\u001b[2Jb\rc", "a\\u001b\\[2Jb\nc"],
  ])("%s", (_name, text, expected) => {
    expect(markdownBlock(text)).toBe(expected);
  });

  it("lets no raw HTML, link or image through and ends every block it opens, inside <details> too", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const markdown = `<details>\n<summary>x</summary>\n\n${markdownBlock(text)}\n\n</details>\n\n## end`;
        const tokens = reader.parse(markdown, {});
        const flat = allTokens(tokens);
        expect(
          flat
            .filter((token) => token.type === "html_block" || token.type === "html_inline")
            .map((token) => token.content),
        ).toEqual(["<details>\n<summary>x</summary>\n", "</details>\n"]);
        expect(flat.filter((token) => token.type === "link_open" || token.type === "image")).toEqual([]);
        expect(tokens.slice(-3).map((token) => [token.type, token.content])).toEqual([
          ["heading_open", ""],
          ["inline", "end"],
          ["heading_close", ""],
        ]);
      }),
      { numRuns: 2 * fc.readConfigureGlobal().numRuns! },
    );
    // Unescaped, the same texts do make raw HTML, links and images: what the property rules out does occur.
    const unescaped = fc.sample(hostileText, 500).flatMap((text) => allTokens(reader.parse(text, {})));
    expect([...new Set(unescaped.map((token) => token.type))]).toEqual(
      expect.arrayContaining(["html_block", "html_inline", "link_open", "image"]),
    );
  });

  it("trusts no code span that a table splits into cells", () => {
    const cell = fc
      .array(fc.constantFrom("`", "``", "|", "\\", " ", "x", "<img src=x onerror=alert(1)>"), { maxLength: 8 })
      .map((pieces) => pieces.join(""));
    const rows = fc.array(cell, { minLength: 1, maxLength: 4 });
    const table = (cells: string[]): string => `| a | b |\n|---|---|\n${cells.map((row) => `| ${row} |`).join("\n")}`;
    const rawHtml = (text: string): Token[] =>
      allTokens(reader.parse(text, {})).filter((token) => token.type === "html_block" || token.type === "html_inline");
    fc.assert(
      fc.property(rows, (cells) => {
        expect(rawHtml(markdownBlock(table(cells)))).toEqual([]);
      }),
    );
    // Unescaped, such tables do make raw HTML.
    expect(fc.sample(rows, 200).some((cells) => rawHtml(table(cells)).length > 0)).toBe(true);
  });

  it("keeps a code block in its list item, and pairs backticks as a reader does", () => {
    expect(markdownBlock("1. step\n   ```sh\n   npm i\n   ```\n2. next")).toBe(
      "1. step\n\n   ```sh\n   npm i\n   ```\n\n2. next",
    );
    // `x \`` spans the two lines to a reader; on its own line each `<script>` is only code if paired there.
    expect(markdownBlock("x `\n`<script>` `")).toBe("x \\`\n`<script>` \\`");
    expect(markdownBlock("| `<b>|</b>` |")).toBe("| \\`&lt;b>|&lt;/b>\\` |");
  });
});

describe("checkLinkTarget", () => {
  it.each([
    ["https://example.com/a?b=1&c=2#d", "https://example.com/a?b=1&amp;c=2#d"],
    ["HTTP://example.com/", "HTTP://example.com/"],
    ["mailto:a@example.com", "mailto:a@example.com"],
    ["relative/path name.md", "relative/path%20name.md"],
    ["/absolute/(x)", "/absolute/%28x%29"],
    ["#fragment", "#fragment"],
    ["https://example.com/é<\\>", "https://example.com/%C3%A9%3C%5C%3E"],
    [" https://example.com/\n", "https://example.com/"],
  ])("links to %j as %j", (url, destination) => {
    expect(checkLinkTarget(url)).toEqual({ ok: true, destination });
  });

  it.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "java\tscript:alert(1)",
    "\u0001javascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:image/png;base64,iVBORw0KGgo=",
    "file:///etc/passwd",
    "jav&#x61;script:alert(1)",
    "javascript&colon;alert(1)",
    "C:\\Users\\x",
    "",
  ])("does not link to %j", (url) => {
    expect(checkLinkTarget(url).ok).toBe(false);
  });

  it("gives a destination whose href, as a reader makes it, is the URL checked: http, https, mailto or relative", () => {
    fc.assert(
      fc.property(hostileUrl, (url) => {
        const target = checkLinkTarget(url);
        const links = allTokens(reader.parse(`[a](${target.ok ? target.destination : "#"})`, {})).filter(
          (token) => token.type === "link_open",
        );
        expect(links).toHaveLength(1);
        const href = String(links[0]?.attrGet("href") ?? "");
        const scheme = schemeOf(href);
        expect(scheme === undefined || safeSchemes.has(scheme)).toBe(true);
        expect(scheme === undefined || safeSchemes.has(schemeOf(url) ?? "")).toBe(true);
      }),
    );
  });

  it("writes the label alone, saying why, when the URL may not be linked to", () => {
    expect(markdownLink("site", "javascript:alert(1)")).toBe("site (link left out: javascript: URL)");
    expect(markdownLink("site", "https://example.com")).toBe("[site](https://example.com)");
  });
});

describe("linear time", () => {
  const size = 200_000;
  it.each([
    [
      "unpaired backtick runs of every length",
      Array.from({ length: 600 }, (_, index) => "`".repeat(index + 1)).join(" "),
    ],
    ["one backtick run per character", "` ".repeat(size / 2)],
    ["opening brackets", "[".repeat(size)],
    ["angle brackets", "<a".repeat(size / 2)],
    ["almost character references", "&#x1234".repeat(size / 7)],
    ["fence openers", "```\n".repeat(size / 4)],
    ["blank lines", `${"\n".repeat(size)}x`],
    ["tildes", "~~~ ".repeat(size / 4)],
    ["control characters", "\u001b".repeat(size)],
  ])("escapes %s (%#) in one pass", (_name, text) => {
    // A quadratic pass over these would take minutes; the test's timeout is the bound.
    expect(normaliseSpace(markdownBlock(text)).length).toBeGreaterThan(0);
    expect(inlineText(text).length).toBeGreaterThan(0);
    expect(codeSpan(text).length).toBeGreaterThan(0);
    expect(codeBlock(text).length).toBeGreaterThan(0);
  });
});
