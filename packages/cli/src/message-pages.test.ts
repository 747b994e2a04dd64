import { describe, expect, it } from "vitest";
import {
  deferredMetadataAbove,
  firstPageBytes,
  keptMetadataMember,
  messagePages,
  pageBytes,
  pagedDocument,
} from "./message-pages.js";

const message = (characters: number) => ({ role: "user", parts: [{ type: "text", text: "x".repeat(characters) }] });

describe("messagePages", () => {
  it("cuts at message boundaries: the first page within its size, the later ones within theirs", () => {
    const messages = Array.from({ length: 400 }, (_, index) => message(1_000 + (index % 7) * 3_000));
    const pages = messagePages(messages);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[0]?.first).toBe(0);
    expect(pages[0]?.json.length).toBeLessThanOrEqual(firstPageBytes);
    for (const page of pages.slice(1)) expect(page.json.length).toBeLessThanOrEqual(pageBytes);
    // A page is full: the next page's first message would not have fitted in it.
    for (const [index, page] of pages.slice(0, -1).entries()) {
      const following = pages[index + 1];
      const added = JSON.stringify(messages[following?.first ?? 0]).length + 1;
      expect(page.json.length + added).toBeGreaterThan(index === 0 ? firstPageBytes : pageBytes);
    }
    // Read back in order, the pages are the messages, each once.
    const read = pages.flatMap((page) => JSON.parse(page.json) as unknown[]);
    expect(read).toEqual(messages);
    expect(pages.map((page) => page.first)).toEqual(
      pages.map((_, index) =>
        pages.slice(0, index).reduce((sum, page) => sum + (JSON.parse(page.json) as []).length, 0),
      ),
    );
  });

  it("gives a message larger than a page a page of its own, and an empty run one empty page", () => {
    const messages = [message(10), message(pageBytes * 2), message(10)];
    const pages = messagePages(messages);
    expect(pages.map((page) => page.first)).toEqual([0, 1, 2]);
    expect((JSON.parse(pages[1]?.json ?? "[]") as unknown[]).length).toBe(1);
    expect(messagePages([])).toEqual([{ first: 0, json: "[]" }]);
  });
});

describe("pagedDocument", () => {
  const messages = Array.from({ length: 50 }, () => message(20_000));

  it("sends large metadata last, its small members ahead, and a small one whole with the first page", () => {
    const records = Array.from({ length: 100 }, (_, index) => ({ line: index, text: "r".repeat(1_000) }));
    const metadata = {
      "claude-code": { session: { cwd: "/work" }, records },
      // A member named __proto__ is a member of the light copy, never its prototype.
      other: JSON.parse('{"__proto__": {"polluted": true}, "big": "' + "b".repeat(keptMetadataMember + 1) + '"}'),
      flat: "f".repeat(keptMetadataMember + 1),
      note: "small",
    };
    const paged = pagedDocument({ messages, metadata });
    expect(JSON.stringify(metadata).length).toBeGreaterThan(deferredMetadataAbove);
    expect(JSON.parse(paged.metadata ?? "null")).toEqual(metadata);
    const head = JSON.parse(paged.head) as { messages: unknown[]; metadata: Record<string, unknown> };
    expect(head.metadata).toEqual({
      "claude-code": { session: { cwd: "/work" } },
      other: JSON.parse('{"__proto__": {"polluted": true}}'),
      note: "small",
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(head.messages).toEqual(messages.slice(0, paged.headMessages));
    expect(paged.headMessages).toBe(messagePages(messages)[1]?.first);
    expect(paged.total).toBe(messages.length);

    const small = pagedDocument({ messages: messages.slice(0, 2), metadata: { note: "small" } });
    expect(small.metadata).toBeUndefined();
    expect(JSON.parse(small.head)).toEqual({ messages: messages.slice(0, 2), metadata: { note: "small" } });
    expect(small.headMessages).toBe(2);
  });
});
