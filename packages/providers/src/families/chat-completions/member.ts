/**
 * A member's converters: the family's folds bound to the member's dialects, so a member's request.ts, response.ts
 * and stream.ts state their dialects and nothing else.
 */
import type { FromCanonical, ToCanonical } from "../../conversion/index.js";
import type { ChatDialect, CompletionDialect, StreamDialect } from "./dialect.js";
import { requestFromCanonical } from "./request-from-canonical.js";
import { requestToCanonical } from "./request-to-canonical.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";

export function requestConverters<Request>(dialect: ChatDialect): {
  readonly requestToCanonical: ToCanonical<unknown>;
  readonly requestFromCanonical: FromCanonical<Request>;
} {
  return {
    requestToCanonical: (request) => requestToCanonical(dialect, request),
    requestFromCanonical: (document, options = {}) => requestFromCanonical<Request>(dialect, document, options),
  };
}

export function responseConverters<Response>(
  dialect: ChatDialect,
  completion: CompletionDialect,
): {
  readonly responseToCanonical: ToCanonical<unknown>;
  readonly responseFromCanonical: FromCanonical<Response>;
} {
  return {
    responseToCanonical: (response) => responseToCanonical(dialect, completion, response),
    responseFromCanonical: (document, options = {}) =>
      responseFromCanonical<Response>(dialect, completion, document, options),
  };
}

export function streamConverters<Chunk>(
  dialect: ChatDialect,
  completion: CompletionDialect,
  stream: StreamDialect,
): {
  readonly streamToCanonical: ToCanonical<readonly unknown[]>;
  readonly streamFromCanonical: FromCanonical<Chunk[]>;
} {
  return {
    streamToCanonical: (chunks) => streamToCanonical(dialect, completion, stream, chunks),
    streamFromCanonical: (document, options = {}) =>
      streamFromCanonical<Chunk>(dialect, completion, stream, document, options),
  };
}
