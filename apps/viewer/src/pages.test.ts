// A paged run read after its first page (`readPages`): each page checked as a whole document is, refusals naming the
// message by its place in the whole run, pages that must follow each other and add up, metadata last, and a reading
// that stops when another file is opened. The browser tests read real exports the same way; these name each rule.
import { describe, expect, it } from "vitest";
import { loadTexts, readPages, type MorePages } from "./load.js";

const message = (index: number) => ({ role: "user", parts: [{ type: "text", text: `message ${index}` }] });

/** The first page as the viewer loads it, and the rest as `next` gives it: `pages` of [first, messages] in order. */
function paged(total: number, pages: Array<[string, unknown[]]>, metadata?: string) {
  const head = loadTexts([
    { name: "run.html", text: JSON.stringify({ schema_version: "1.0.0", id: "run", messages: [message(0)] }) },
  ]);
  if (!head.ok) throw new Error("the first page does not load");
  let read = 0;
  const more: MorePages = {
    total,
    next: async () => {
      const page = pages[read];
      read += 1;
      return page === undefined ? undefined : { first: page[0], text: JSON.stringify(page[1]) };
    },
    ...(metadata === undefined ? {} : { metadata: async () => metadata }),
  };
  return { head, more };
}

describe("readPages", () => {
  it("adds each page's messages in order, says how far it is, and takes the metadata last", async () => {
    const { head, more } = paged(
      5,
      [
        ["1", [message(1), message(2)]],
        ["3", [message(3), message(4)]],
      ],
      JSON.stringify({ "claude-code": { records: [{ line: 1 }] } }),
    );
    const progress: number[] = [];
    const whole = await readPages(head, more, (count) => progress.push(count));
    expect(whole.ok).toBe(true);
    if (!whole.ok) return;
    expect(whole.document.messages).toEqual([0, 1, 2, 3, 4].map(message));
    expect(whole.document.metadata).toEqual({ "claude-code": { records: [{ line: 1 }] } });
    expect(progress).toEqual([3, 5]);
  });

  it("refuses a message that breaks the schema, naming its place in the whole run", async () => {
    const { head, more } = paged(4, [["1", [message(1), { role: 42, parts: [] }, message(3)]]]);
    const whole = await readPages(head, more, () => undefined);
    expect(whole.ok).toBe(false);
    expect(whole.ok ? [] : whole.problems.map((problem) => problem.pointer)).toContain("/messages/2/role");
  });

  it("refuses pages with a gap, an overlap, too many or too few messages, and JSON that is no page", async () => {
    const cases: Array<[number, Array<[string, unknown[]]>, string]> = [
      [4, [["2", [message(2), message(3)]]], 'a page of messages starts at "2" where message 1 comes next'],
      [3, [["0", [message(0), message(1), message(2)]]], 'a page of messages starts at "0" where message 1 comes next'],
      [2, [["1", [message(1), message(2)]]], "the page of messages from 1 holds 2, where 1 are to come"],
      [4, [["1", [message(1)]]], "the file holds 2 messages where it declares 4"],
      [3, [["1", []]], "the page of messages from 1 holds 0, where 2 are to come"],
    ];
    for (const [total, pages, problem] of cases) {
      const { head, more } = paged(total, pages);
      const whole = await readPages(head, more, () => undefined);
      expect(whole.ok ? "" : whole.problems[0]?.message, problem).toContain(problem);
    }
    const { head, more } = paged(3, []);
    more.next = async () => ({ first: "1", text: '{"not": "a page"}' });
    const whole = await readPages(head, more, () => undefined);
    expect(whole.ok).toBe(false);
    expect(whole.ok ? "" : whole.problems[0]?.pointer).toBe("/messages");
  });

  it("refuses metadata that is not an object, and stops between pages when asked", async () => {
    const { head, more } = paged(2, [["1", [message(1)]]], '["not an object"]');
    const whole = await readPages(head, more, () => undefined);
    expect(whole.ok ? [] : whole.problems.map((problem) => problem.pointer)).toEqual(["/metadata"]);

    const controller = new AbortController();
    const stopped = paged(3, [
      ["1", [message(1)]],
      ["2", [message(2)]],
    ]);
    let asked = 0;
    const next = stopped.more.next;
    stopped.more.next = async (from) => {
      asked += 1;
      controller.abort();
      return next(from);
    };
    const result = await readPages(stopped.head, stopped.more, () => undefined, controller.signal);
    expect(result.ok ? "" : result.problems[0]?.message).toBe("reading stopped: another file was opened");
    expect(asked).toBe(1);
  });
});
