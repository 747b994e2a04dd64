/**
 * A large run in pages, for the viewer to draw the first at once and read the rest after: the HTML export embeds them
 * as elements of their own, and `view` serves them on request. Pages are cut at message boundaries by the size of
 * their JSON, so no page keeps the viewer busy for long; large metadata (the native records a session importer keeps
 * for a lossless round trip, tens of megabytes in a long Claude Code session) comes last, after every message.
 */

/** The first page's size: what the first frame waits for. */
export const firstPageBytes = 256 * 1024;
/** Each later page's size: what the page is busy with between two chances to answer the reader. */
export const pageBytes = 1024 * 1024;

export interface MessagePage {
  /** The index of the page's first message in the document's messages. */
  first: number;
  /** The page's messages as a JSON array. */
  json: string;
}

/**
 * The page of messages that starts at `from`: as many as fit in `limit` characters of JSON (at least one, however
 * large), as a JSON array, and the index after its last message. Each message is serialised once.
 */
export function messagePageAt(
  messages: readonly unknown[],
  from: number,
  limit: number,
): { json: string; end: number } {
  const pieces: string[] = [];
  let characters = 2;
  let end = from;
  while (end < messages.length) {
    const json = JSON.stringify(messages[end]);
    if (pieces.length > 0 && characters + json.length > limit) break;
    pieces.push(json);
    characters += json.length + 1;
    end += 1;
  }
  return { json: `[${pieces.join(",")}]`, end };
}

/**
 * The document's messages cut into pages at message boundaries: the first up to `firstPageBytes` of JSON, the rest
 * up to `pageBytes` each; a page holds at least one message, however large.
 */
export function messagePages(messages: readonly unknown[]): MessagePage[] {
  const pages: MessagePage[] = [];
  let from = 0;
  do {
    const page = messagePageAt(messages, from, pages.length === 0 ? firstPageBytes : pageBytes);
    pages.push({ first: from, json: page.json });
    from = page.end;
  } while (from < messages.length);
  return pages;
}

/** Metadata larger than this (as JSON) is sent after the messages, its small members ahead of them. */
export const deferredMetadataAbove = 64 * 1024;
/** A member of a metadata namespace this large or smaller travels with the first page (a session's header does). */
export const keptMetadataMember = 16 * 1024;

export interface PagedDocument {
  /** The document as the first page gives it: its first messages, and its metadata's small members if it is large. */
  head: string;
  /** How many messages the head holds. */
  headMessages: number;
  /** How many messages the document holds. */
  total: number;
  /** The whole metadata as JSON, when the head holds only part of it. */
  metadata?: string;
}

/** The document cut for the viewer: the head, its message count, and the metadata sent last (when it is large). */
export function pagedDocument(document: { messages: readonly unknown[]; metadata?: unknown }): PagedDocument {
  const { messages } = document;
  const first = messagePageAt(messages, 0, firstPageBytes);
  const metadata = document.metadata === undefined ? undefined : JSON.stringify(document.metadata);
  const deferred = metadata !== undefined && metadata.length > deferredMetadataAbove;
  const head = JSON.stringify({
    ...document,
    messages: first.end === messages.length ? messages : messages.slice(0, first.end),
    ...(deferred ? { metadata: smallMembers(document.metadata) } : {}),
  });
  return { head, headMessages: first.end, total: messages.length, ...(deferred ? { metadata } : {}) };
}

/**
 * Of each metadata namespace, the members small enough to send ahead (a namespace that is not an object, when it is
 * small itself). Built by `Object.fromEntries`, so a member named `__proto__` is a member, never a prototype.
 */
function smallMembers(metadata: unknown): unknown {
  if (typeof metadata !== "object" || metadata === null || Array.isArray(metadata)) return {};
  const small = (value: unknown) => (JSON.stringify(value) ?? "").length <= keptMetadataMember;
  return Object.fromEntries(
    Object.entries(metadata).flatMap(([namespace, value]) => {
      if (typeof value === "object" && value !== null && !Array.isArray(value))
        return [[namespace, Object.fromEntries(Object.entries(value).filter(([, member]) => small(member)))]];
      return small(value) ? [[namespace, value]] : [];
    }),
  );
}
