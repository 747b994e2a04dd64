/**
 * Anthropic `MessageCreateParams` ⇄ canonical transcript: the content-blocks family's request folds with Anthropic's
 * request dialect.
 *
 * How Anthropic's requests differ from the family's other member:
 * - content and the top-level `system` may be strings: a string becomes one text part and the message is marked
 *   `provider_fields.anthropic.string_content`, so the string form is written back while it is still one plain text;
 * - a `system` message may sit inside `messages` (the API accepts them mid-way): it is marked
 *   `provider_fields.anthropic.placement: "messages"` and written back in place instead of hoisted;
 * - an empty `system` list is a system prompt without blocks, and comes back as one;
 * - consecutive messages of one role stay separate messages, as the source had them: the API combines them into one
 *   turn itself (tool results are paired turn by turn);
 * - tools, tool choice and the required `model` and `max_tokens` are request-tools.ts.
 */
import type { AnthropicRequest } from "./types.js";
import { requestConverters, type RequestDialect } from "../../families/content-blocks/index.js";
import { anthropicContent } from "./content.js";
import { placementMarker, stringContentMarker } from "./native-fields.js";
import { fieldsFromCanonical, fieldsToCanonical, requiredFields } from "./request-tools.js";

const requestDialect: RequestDialect = {
  content: anthropicContent,
  roles: ["user", "assistant", "system"],
  roleError: 'must be "user", "assistant" or "system"',
  stringContent: {
    marker: stringContentMarker,
    plainText: (block) =>
      block.type === "text" && typeof block.text === "string" && Object.keys(block).length === 2
        ? block.text
        : undefined,
  },
  placementMarker,
  emptySystem: true,
  mergeReason: undefined,
  fieldsToCanonical,
  prepare: undefined,
  fieldsFromCanonical,
  requiredFields,
};

export const { requestToCanonical, requestFromCanonical } = requestConverters<AnthropicRequest>(requestDialect);
