/**
 * Markdown from transcripts, rendered safely: transcripts are untrusted. Raw HTML is never passed through (it shows
 * as text), links keep only http, https and mailto targets and open in a new tab without a referrer, and images
 * are never loaded from anywhere: a remote image shows as a link, only an inline raster data: image is drawn. The
 * page's Content-Security-Policy says the same a second time.
 */
import MarkdownIt from "markdown-it";

const safeLink = /^(?:https?:|mailto:)/i;
const inlineImage = /^data:image\/(?:png|gif|jpeg|webp);base64,[a-z0-9+/=\s]*$/i;

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

// Tokens are created only for targets that pass; the rest stay literal text.
markdown.validateLink = (url: string): boolean => {
  const trimmed = url.trim();
  return safeLink.test(trimmed) || inlineImage.test(trimmed);
};

const defaultLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token) {
    const href = String(token.attrGet("href") ?? "");
    // An inline image passes validateLink for images; as a link target it goes nowhere.
    if (!safeLink.test(href.trim())) token.attrs = (token.attrs ?? []).filter(([name]) => name !== "href");
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer nofollow");
  }
  return defaultLinkOpen
    ? defaultLinkOpen(tokens, index, options, env, self)
    : self.renderToken(tokens, index, options);
};

markdown.renderer.rules.image = (tokens, index, _options, _env, self) => {
  const token = tokens[index];
  if (!token) return "";
  const source = String(token.attrGet("src") ?? "").trim();
  const alt = self.renderInlineAsText(token.children ?? [], _options, _env);
  const escapedAlt = markdown.utils.escapeHtml(alt);
  if (inlineImage.test(source))
    return `<img class="inline-image" src="${markdown.utils.escapeHtml(source)}" alt="${escapedAlt}">`;
  // Never fetched: a remote image is a link the reader may follow.
  const label = escapedAlt === "" ? "image" : `image: ${escapedAlt}`;
  return safeLink.test(source)
    ? `<a class="remote-image" href="${markdown.utils.escapeHtml(source)}" target="_blank" rel="noopener noreferrer nofollow">[${label}]</a>`
    : `<span class="remote-image">[${label}]</span>`;
};

const cache = new Map<string, string>();

/** HTML for Markdown text; the last few hundred results are kept, since a virtualised list renders rows again. */
export function renderMarkdown(text: string): string {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const html = markdown.render(text);
  if (cache.size > 500) cache.clear();
  cache.set(text, html);
  return html;
}

/** Whether an inline image's media type is one the viewer draws (raster formats only: no SVG from content). */
export function isDrawableImage(mediaType: string | undefined): boolean {
  return mediaType !== undefined && /^image\/(?:png|gif|jpeg|webp)$/i.test(mediaType);
}

/**
 * A part of a long Markdown text: whole top-level blocks rendered, or a piece of one block too long to render (the
 * code of a code block, or the text of any other); `length` is how many characters of the text it shows.
 */
export type MarkdownSection = { html: string; length: number } | { text: string; code: boolean; length: number };

/**
 * Long Markdown cut between its top-level blocks (paragraphs, lists, code blocks, tables…) into sections of at most
 * `size` characters, each rendered on its own, so that the page can draw them one at a time; link references defined
 * anywhere resolve in every section. A block longer than `size` (one huge paragraph or code block) is not rendered:
 * its text (a code block's code) is cut by `cut` and shown as it is.
 */
export function markdownSections(text: string, size: number, cut: (text: string) => string[]): MarkdownSection[] {
  const key = `${size}:${text}`;
  const cached = sectionsCache.get(key);
  if (cached !== undefined) return cached;
  const sections = cutMarkdown(text, size, cut);
  if (sectionsCache.size > 50) sectionsCache.clear();
  sectionsCache.set(key, sections);
  return sections;
}

// As renderMarkdown's: a virtualised list draws its rows again as they scroll back into view.
const sectionsCache = new Map<string, MarkdownSection[]>();

function cutMarkdown(text: string, size: number, cut: (text: string) => string[]): MarkdownSection[] {
  // markdown-it counts lines in the text with its line breaks normalised; the same text is cut here.
  const source = text.replace(/\r\n?/g, "\n");
  const environment: Parameters<typeof markdown.parse>[1] = {};
  const tokens = markdown.parse(source, environment);
  const lineStarts = [0];
  for (let at = source.indexOf("\n"); at !== -1; at = source.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  const offsetOfLine = (line: number): number => lineStarts[line] ?? source.length;
  const sections: MarkdownSection[] = [];
  let pending = "";
  const flush = () => {
    if (pending === "") return;
    sections.push({ html: markdown.render(pending, { ...environment }), length: pending.length });
    pending = "";
  };
  let from = 0;
  for (const token of tokens) {
    if (token.level !== 0 || token.nesting === -1 || !token.map) continue;
    // A block runs from the end of the one before (blank lines included) to its own last line.
    const to = offsetOfLine(token.map[1]);
    if (to <= from) continue;
    const block = source.slice(from, to);
    from = to;
    if (block.length > size) {
      flush();
      const code = token.type === "fence" || token.type === "code_block";
      for (const piece of cut(code ? token.content : block)) sections.push({ text: piece, code, length: piece.length });
      continue;
    }
    if (pending.length + block.length > size) flush();
    pending += block;
  }
  pending += source.slice(from);
  flush();
  return sections;
}
