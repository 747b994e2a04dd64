import { describe, expect, it } from "vitest";
import { isDrawableImage, renderMarkdown } from "./markdown.js";

describe("the safe Markdown renderer", () => {
  it("shows raw HTML as text, never as elements", () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold</b>');
    expect(html).not.toMatch(/<(?:script|img|b)\b/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("onerror=&quot;alert(2)&quot;");
  });

  it("links only http, https and mailto targets, in a new tab without referrer or opener", () => {
    const html = renderMarkdown(
      "[a](https://example.com/a) [b](mailto:me@example.com) [c](javascript:alert(1)) [d](vbscript:x) [e](data:text/html,x) [f](/relative)",
    );
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(["https://example.com/a", "mailto:me@example.com"]);
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain("[c](javascript:alert(1))");
  });

  it("never loads a remote image: it becomes a link; an inline raster image is drawn", () => {
    const pixel = "data:image/png;base64,iVBORw0KGgo=";
    const html = renderMarkdown(
      `![pixel](https://tracker.example/p.png) ![chart](${pixel}) ![svg](data:image/svg+xml;base64,PHN2Zz4=)`,
    );
    expect(html).toContain('<a class="remote-image" href="https://tracker.example/p.png"');
    expect(html).toContain("[image: pixel]");
    expect(html).toContain(`<img class="inline-image" src="${pixel}" alt="chart">`);
    expect(html.match(/<img /g)).toHaveLength(1);
  });

  it("escapes quotes in what it puts in attributes", () => {
    const html = renderMarkdown('![x" onload="alert(1)](https://example.com/a.png)');
    expect(html).not.toMatch(/" onload="/);
  });

  it("draws raster media types only", () => {
    expect(
      ["image/png", "image/gif", "image/jpeg", "image/webp", "image/svg+xml", "text/html", undefined].map(
        isDrawableImage,
      ),
    ).toEqual([true, true, true, true, false, false, false]);
  });
});
