/**
 * The native fields Ollama keeps: everything of a request, response, message, call or tool without a canonical field
 * is kept in its `provider_fields.ollama`, with the family's `$shape` markers (`absent`: a field the writer would add,
 * `id`: the source's own empty id).
 */
import type { ChatShape } from "../../families/chat-completions/index.js";
import { shapeOf as sharedShapeOf, type JsonObject } from "../../conversion/index.js";

/** The key of `provider_fields` Ollama keeps its native fields under. */
export const provider = "ollama";
/** How warnings name the API. */
export const label = "Ollama";

/** Ollama's `$shape` markers: the family's `absent` and `id`. */
export type Shape = Pick<ChatShape, "absent" | "id">;

/** The `$shape` marker of a provider entry. */
export function shapeOf(own: JsonObject | undefined): Shape | undefined {
  return sharedShapeOf<Shape>(own);
}

/** The response's count and duration fields: its usage. */
export const usageFields = [
  "total_duration",
  "load_duration",
  "prompt_eval_count",
  "prompt_eval_duration",
  "eval_count",
  "eval_duration",
];
