/**
 * What every provider's response writer starts from: a response is one assistant message, so a whole document is
 * written as its last one, and every other message is reported as left out.
 */
import type { Tolerant } from "@agent-transcript/core";
import { withIndefiniteArticle } from "@agent-transcript/core";
import { pointer } from "./json.js";
import type { Problems } from "./result.js";

/** The fields of an assistant message every response writer maps (each adds the ones its API has a place for). */
export const responseMessageFields: readonly string[] = [
  "role",
  "parts",
  "model",
  "response_id",
  "finish_reason",
  "native_finish_reason",
  "usage",
  "provider_fields",
];

/**
 * The assistant message a response is written from: the document's last one, every other message reported as not
 * part of it; undefined (with an error) when there is none. `noun` is what the target calls a response.
 */
export function responseMessage(
  document: Tolerant.Transcript,
  noun: string,
  problems: Problems,
): { message: Tolerant.Message; path: string } | undefined {
  const index = document.messages.findLastIndex((message) => message.role === "assistant");
  const message = document.messages[index];
  if (message === undefined) {
    problems.error("/messages", `holds no assistant message to write as ${withIndefiniteArticle(noun)}`);
    return undefined;
  }
  document.messages.forEach((_, other) => {
    if (other !== index)
      problems.warn(
        "message-dropped",
        pointer("", "messages", other),
        `${withIndefiniteArticle(noun)} holds one assistant message; this message is not part of it`,
      );
  });
  return { message, path: pointer("", "messages", index) };
}
