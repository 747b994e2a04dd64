/**
 * A member's converters: the family's request, response and stream folds bound to the member's dialects, so a
 * member's request.ts and response.ts state their dialects and nothing else, and its stream.ts its event grammar.
 */
import type { FromCanonical, ToCanonical } from "../../conversion/index.js";
import type { RequestDialect, ResponseDialect, StreamDialect } from "./dialect.js";
import { requestFromCanonical } from "./request-from-canonical.js";
import { requestToCanonical } from "./request-to-canonical.js";
import { responseFromCanonical, responseToCanonical } from "./response.js";
import { streamFromCanonical, streamToCanonical } from "./stream.js";

export function requestConverters<Request>(dialect: RequestDialect): {
  readonly requestToCanonical: ToCanonical<unknown>;
  readonly requestFromCanonical: FromCanonical<Request>;
} {
  return {
    requestToCanonical: (request) => requestToCanonical(dialect, request),
    requestFromCanonical: (document, options = {}) => requestFromCanonical<Request>(dialect, document, options),
  };
}

export function responseConverters<Response>(dialect: ResponseDialect): {
  readonly responseToCanonical: ToCanonical<unknown>;
  readonly responseFromCanonical: FromCanonical<Response>;
} {
  return {
    responseToCanonical: (response) => responseToCanonical(dialect, response),
    responseFromCanonical: (document, options = {}) => responseFromCanonical<Response>(dialect, document, options),
  };
}

export function streamConverters<Event>(dialect: StreamDialect): {
  readonly streamToCanonical: ToCanonical<readonly unknown[]>;
  readonly streamFromCanonical: FromCanonical<Event[]>;
} {
  return {
    streamToCanonical: (chunks) => streamToCanonical(dialect, chunks),
    streamFromCanonical: (document, options = {}) => streamFromCanonical<Event>(dialect, document, options),
  };
}
