/**
 * Strings from a transcript drawn at a bounded cost, whatever their length and whatever they are made of.
 *
 * Chromium lays out a block of text as one run, and for a run with no break opportunity its line breaker and shaper
 * cost far more than the run's length: measured (a forced layout of one pre-wrap block, 1,200 px wide), one Arabic
 * letter repeated costs 6 ms for 2,500 characters, 19 ms for 5,000, 93 ms for 10,000, 340 ms for 20,000 and 850 ms
 * for 40,000 (the joined run shaped again for every line), a Thai letter 1, 4, 15, 54 and 211 ms (the dictionary word
 * breaker over the whole run), while as much prose or Latin letters cost 0.1 to 10 ms; a whole 300 KB run took
 * seconds to minutes. So no string is drawn as one block: a text is drawn in pieces of at most `blockCharacters`,
 * each a block laid out on its own, its first `initialCharacters` at once and the rest a few pieces a frame after
 * "show all", so that the cost grows with the length and the page answers between frames; a name or a title shows its
 * first `inlineCharacters`.
 * Search hits are marked at most `maximumMarks` per string and a run of adjacent hits is one mark: a search for "a"
 * in a run of 300,000 a's drew 300,000 elements and took seconds.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import { groupDigits } from "@agent-transcript/core";

/** The most characters of one string drawn in one block (a piece): where the cost above is still a few ms. */
export const blockCharacters = 4_000;
/** The characters of a text drawn before "show all", in pieces. */
export const initialCharacters = 20_000;
/** The most characters of a name, a title or a label drawn before "show all". */
export const inlineCharacters = 300;
/** The most search hits marked in one string; the rest are found by the filter but not marked. */
export const maximumMarks = 1_000;

/** How far back from a piece's end a line break or a space is looked for, to cut there rather than inside a word. */
const lookBack = 400;
/** Pieces added each frame after "show all". */
const piecesPerFrame = 4;

/**
 * `text` cut into pieces of at most `size` characters, each ending after a line break (or else a space) near its end
 * when there is one, and never inside a surrogate pair.
 */
export function piecesOf(text: string, size: number = blockCharacters): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    let end = start + size;
    const window = text.slice(end - lookBack, end);
    const lineBreak = window.lastIndexOf("\n");
    const space = lineBreak === -1 ? window.lastIndexOf(" ") : -1;
    if (lineBreak !== -1) end = end - lookBack + lineBreak + 1;
    else if (space !== -1) end = end - lookBack + space + 1;
    else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  pieces.push(text.slice(start));
  return pieces;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** The first `limit` characters of `text`, never ending inside a surrogate pair. */
export function headOf(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return text.slice(0, isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit);
}

/** Where `query` (lower case) occurs in `text`: adjacent and overlapping hits joined, at most `maximumMarks`. */
export function hitRanges(text: string, query: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  if (query === "") return ranges;
  const lower = text.toLowerCase();
  // Lower-casing can change a string's length (İ is two code units lower-cased): offsets then no longer line up.
  if (lower.length !== text.length) return ranges;
  for (let at = lower.indexOf(query); at !== -1; at = lower.indexOf(query, at + 1)) {
    const last = ranges[ranges.length - 1];
    if (last !== undefined && at <= last[1]) last[1] = at + query.length;
    else {
      if (ranges.length === maximumMarks) break;
      ranges.push([at, at + query.length]);
    }
  }
  return ranges;
}

/** Wraps the hits of `query` in the text nodes under `root` in <mark>s, at most `maximumMarks` in all. */
export function markHits(root: Element, query: string): void {
  if (query === "") return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) nodes.push(node as Text);
  let budget = maximumMarks;
  for (const node of nodes) {
    if (budget === 0) return;
    const ranges = hitRanges(node.data, query).slice(0, budget);
    if (ranges.length === 0) continue;
    budget -= ranges.length;
    const text = node.data;
    const fragment = document.createDocumentFragment();
    let from = 0;
    for (const [start, end] of ranges) {
      fragment.append(text.slice(from, start));
      const mark = document.createElement("mark");
      mark.className = "hit";
      mark.textContent = text.slice(start, end);
      fragment.append(mark);
      from = end;
    }
    fragment.append(text.slice(from));
    node.replaceWith(fragment);
  }
}

/** Text that Preact owns, split around the hits. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  const ranges = hitRanges(text, query);
  if (ranges.length === 0) return <>{text}</>;
  const pieces: ComponentChildren[] = [];
  let from = 0;
  for (const [start, end] of ranges) {
    pieces.push(text.slice(from, start), <mark class="hit">{text.slice(start, end)}</mark>);
    from = end;
  }
  pieces.push(text.slice(from));
  return <>{pieces}</>;
}

/** How many of the leading pieces (or sections) of these lengths fit in `initialCharacters`: one at least. */
export function initialCount(lengths: readonly number[]): number {
  let count = 0;
  let total = 0;
  for (const length of lengths) {
    total += length;
    if (total > initialCharacters) break;
    count += 1;
  }
  return Math.max(1, count);
}

/**
 * How many of `count` pieces are drawn: `initial` at first, then after "show all" a few more each frame until all
 * are. `drawing` is true while some are still to come.
 */
export function usePiecesDrawn(count: number, initial: number, all: boolean): { drawn: number; drawing: boolean } {
  const [drawn, setDrawn] = useState(initial);
  const drawing = all && drawn < count;
  useEffect(() => {
    if (!drawing) return;
    const frame = requestAnimationFrame(() => setDrawn((current) => current + piecesPerFrame));
    return () => cancelAnimationFrame(frame);
  }, [drawing, drawn]);
  return { drawn: Math.min(drawn, count), drawing };
}

/** The button that asks for the rest; with a search, it says when the rest holds a hit. */
export function ShowAll({ total, hiddenHit, onClick }: { total: number; hiddenHit: boolean; onClick: () => void }) {
  return (
    <>
      {hiddenHit && (
        <mark class="hit hidden-hit" title="the search matches further on: show all">
          match further on
        </mark>
      )}
      <button type="button" class="link-button show-all" onClick={onClick}>
        show all {groupDigits(total)} characters
      </button>
    </>
  );
}

/** Whether `query` occurs in `text` past its first `shown` characters. */
export const hitBeyond = (text: string, shown: number, query: string): boolean =>
  query !== "" &&
  text
    .slice(Math.max(0, shown - query.length + 1))
    .toLowerCase()
    .includes(query);

/**
 * A block of text of any length: all of it in one block when short; else in pieces, each a block of its own, the
 * first `initialCharacters` at once and the rest a few pieces a frame after "show all".
 */
export function BlockText({ text, query, className = "json" }: { text: string; query: string; className?: string }) {
  if (text.length <= blockCharacters)
    return (
      <pre class={className}>
        <Highlighted text={text} query={query} />
      </pre>
    );
  return <Pieces text={text} query={query} className={className} />;
}

/** `aria-busy` is true while pieces are still being drawn. */
function Pieces({
  text,
  query,
  className,
  inline = false,
}: {
  text: string;
  query: string;
  className: string;
  inline?: boolean;
}) {
  const [all, setAll] = useState(inline);
  const pieces = useMemo(() => piecesOf(text), [text]);
  const initial = inline ? 1 : initialCount(pieces.map((piece) => piece.length));
  const { drawn, drawing } = usePiecesDrawn(pieces.length, initial, all);
  const drawnPieces = pieces.slice(0, drawn).map((piece, index) => (
    <span key={index} class="piece">
      <Highlighted text={piece} query={query} />
    </span>
  ));
  const Wrapper = inline ? "span" : "div";
  return (
    <Wrapper class="long-text" aria-busy={drawing}>
      {inline ? <span class={className}>{drawnPieces}</span> : <pre class={className}>{drawnPieces}</pre>}
      {!all && drawn < pieces.length && (
        <ShowAll
          total={text.length}
          hiddenHit={hitBeyond(text, pieces.slice(0, drawn).join("").length, query)}
          onClick={() => setAll(true)}
        />
      )}
    </Wrapper>
  );
}

/**
 * A name, a title, a label, a line: its first `limit` characters in line with what is around it, and when it is
 * longer, a "show all" that draws the whole of it, piece by piece.
 */
export function InlineText({
  text,
  query = "",
  limit = inlineCharacters,
}: {
  text: string;
  query?: string;
  limit?: number;
}) {
  const [all, setAll] = useState(false);
  if (text.length <= limit) return <Highlighted text={text} query={query} />;
  if (all) return <Pieces text={text} query={query} className="inline-all" inline />;
  return (
    // A short limit is a label's: its head stays on one line, cut to the space there is, the button beside it.
    <span class={limit <= inlineCharacters ? "long-text one-line" : "long-text"}>
      <span class="head">
        <Highlighted text={headOf(text, limit)} query={query} />…
      </span>{" "}
      <ShowAll total={text.length} hiddenHit={hitBeyond(text, limit, query)} onClick={() => setAll(true)} />
    </span>
  );
}

/** Plain text for places that take no elements (an <option>, an attribute): the first `inlineCharacters`. */
export const clipped = (text: string): string =>
  text.length <= inlineCharacters
    ? text
    : `${headOf(text, inlineCharacters)}… (${groupDigits(text.length)} characters)`;
