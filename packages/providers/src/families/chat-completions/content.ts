/**
 * What the members' content codecs share: media sent inline as data URIs.
 */
import { pointer, type Problems } from "../../conversion/index.js";

/**
 * `data:<media type>;base64,<data>` for inline media; a part without a media type is sent as `assumed`
 * (`value-assumed`), `what` naming the part in the warning ("image", "file", "document").
 */
export function dataUri(
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
