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
