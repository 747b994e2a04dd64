/**
 * Data URLs (RFC 2397: `data:[<media type>][;base64],<data>`), split into a canonical part's `media_type` and base64
 * `data`, and written back. Every converter that reads or writes one goes through here, so all agree on which URLs
 * are inline media.
 *
 * The rule: a URL is split only when it is exactly what `dataUrlOf` writes back, `data:<type>/<subtype>;base64,` and
 * base64 data of the standard alphabet. So an import that splits keeps the source's text (writing it back gives the
 * same URL), and an export hands a provider only what every provider takes: OpenAI and Mistral read data URLs of
 * this form only, and Anthropic, Bedrock and Gemini take a media type and base64 bytes. Any other data URL is not
 * split and stays a URL, kept verbatim: one without a media type (RFC 2397's default, `text/plain;charset=US-ASCII`,
 * is not what a rebuilt URL would say), one with parameters (`;charset=`), one whose data is percent-encoded or not
 * base64, one spelled in capitals.
 */

import { pointer } from "./json.js";
import type { Problems } from "./result.js";

// Linear: the token class (RFC 2045's token characters) excludes what follows it (`/`, then `;`), and the base64
// class excludes `=`.
const dataUrlPrefix = /^data:([\w!#$%&'*+.^`{|}~-]+\/[\w!#$%&'*+.^`{|}~-]+);base64,/;
const base64Data = /^[a-z\d+/]*={0,2}$/i;

/** A data URL's media type and base64 data, or undefined for any URL the rule above does not split. */
export function splitDataUrl(url: string | undefined): { mediaType: string; data: string } | undefined {
  if (url === undefined) return undefined;
  const prefix = dataUrlPrefix.exec(url);
  if (prefix === null) return undefined;
  const data = url.slice(prefix[0].length);
  if (!base64Data.test(data)) return undefined;
  return { mediaType: prefix[1] as string, data };
}

/**
 * The data URL of inline media, the inverse of `splitDataUrl`; a part without a media type is sent as `assumed`
 * (`value-assumed`), `what` naming the part in the warning ("image", "file", "document").
 */
export function dataUrlOf(
  data: string,
  mediaType: string | undefined,
  path: string,
  problems: Problems,
  what: string,
  assumed: string,
): string {
  if (mediaType === undefined)
    problems.warn(
      "value-assumed",
      pointer(path, "media_type"),
      `an inline ${what} without a media type is sent as ${assumed}`,
    );
  return `data:${mediaType ?? assumed};base64,${data}`;
}
