/**
 * The flame graph (flame.ts) drawn as positioned links, one per bar wide enough to see at the current zoom, so a bar
 * is a link to its message, readable by a screen reader and by a test; under it each turn's tokens and cost as a
 * strip, and the context each model call saw. The wheel zooms about the pointer (with Shift it pans); − + and "fit"
 * do the same from buttons. Computed only when opened.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "preact/hooks";
import { formatMoney, groupDigits } from "@agent-transcript/core";
import { flameOf, type Bar } from "./flame.js";
import { clipped } from "./long-text.js";
import { formatDuration, formatTokens, type RunView } from "./model.js";
import { permalink } from "./parts.js";

const rowHeight = 18;
/** Bars narrower than this many pixels are left out at this zoom (zoom in to see them): the page stays light. */
const minimumWidth = 1;
/** The strip's and the context chart's height. */
const stripHeight = 28;

function barHref(bar: Bar): string {
  if (bar.message === undefined) return bar.runPath === "" ? "#" : `#r=${bar.runPath}`;
  return `#${permalink(bar.runPath, bar.message)}`;
}

export function FlameGraph({ view }: { view: RunView }) {
  const flame = useMemo(() => flameOf(view), [view]);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [window_, setWindow] = useState<{ from: number; to: number } | undefined>(undefined);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(100, element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [flame]);
  const from = window_?.from ?? flame?.start ?? 0;
  const to = window_?.to ?? flame?.end ?? 1;
  const zoom = (factor: number, around = 0.5) => {
    if (flame === undefined) return;
    const span = (to - from) * factor;
    const full = flame.end - flame.start;
    if (span >= full) return setWindow(undefined);
    // At most a millisecond across the whole width.
    const clampedSpan = Math.max(span, Math.min(full, width / 1000));
    let start = from + (to - from) * around - clampedSpan * around;
    start = Math.min(Math.max(start, flame.start), flame.end - clampedSpan);
    setWindow({ from: start, to: start + clampedSpan });
  };
  const pan = (fraction: number) => {
    if (flame === undefined || window_ === undefined) return;
    const span = to - from;
    const start = Math.min(Math.max(from + span * fraction, flame.start), flame.end - span);
    setWindow({ from: start, to: start + span });
  };
  const zoomRef = useRef({ zoom, pan });
  zoomRef.current = { zoom, pan };
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Not passive: the wheel zooms the graph instead of scrolling the page.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const around = (event.clientX - element.getBoundingClientRect().left) / element.clientWidth;
      if (event.shiftKey) zoomRef.current.pan(Math.sign(event.deltaY || event.deltaX) * 0.1);
      else zoomRef.current.zoom(event.deltaY < 0 ? 0.8 : 1.25, Math.min(1, Math.max(0, around)));
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => element.removeEventListener("wheel", onWheel);
  }, [flame]);
  if (flame === undefined)
    return <div class="flame-graph muted">No flame graph: this run's messages carry no times.</div>;
  const span = Math.max(1, to - from);
  const x = (time: number) => ((time - from) / span) * width;
  const visible = flame.bars.filter(
    (bar) => bar.end >= from && bar.start <= to && x(bar.end) - x(bar.start) >= minimumWidth,
  );
  const maxTokens = flame.turns.reduce((most, turn) => Math.max(most, turn.tokens), 1);
  const maxContext = flame.context.reduce((most, point) => Math.max(most, point.tokens), 1);
  // The context chart: the largest context per pixel column in view.
  const columns = new Map<number, number>();
  for (const point of flame.context) {
    if (point.at < from || point.at > to) continue;
    const column = Math.floor(x(point.at));
    columns.set(column, Math.max(columns.get(column) ?? 0, point.tokens));
  }
  return (
    <div class="flame-graph" data-testid="flame-graph">
      <div class="flame-controls">
        <button type="button" class="chip" aria-label="zoom out" onClick={() => zoom(1.5)}>
          −
        </button>
        <button type="button" class="chip" aria-label="zoom in" onClick={() => zoom(0.5)}>
          +
        </button>
        <button type="button" class="chip" onClick={() => setWindow(undefined)} disabled={window_ === undefined}>
          fit
        </button>
        <span class="muted">
          {formatDuration(span)} shown of {formatDuration(flame.end - flame.start)} · {groupDigits(visible.length)} of{" "}
          {groupDigits(flame.bars.length)} bars · wheel zooms, Shift+wheel pans
        </span>
      </div>
      <div class="flame-bars" ref={box} style={{ height: `${flame.depth * rowHeight}px` }}>
        {visible.map((bar, index) => {
          const left = Math.max(0, x(bar.start));
          const right = Math.min(width, x(bar.end));
          const duration = bar.end - bar.start;
          return (
            <a
              key={index}
              class={`flame-bar kind-${bar.kind}${bar.status === undefined ? "" : ` status-${bar.status}`}`}
              href={barHref(bar)}
              style={{ left: `${left}px`, width: `${Math.max(1, right - left)}px`, top: `${bar.depth * rowHeight}px` }}
              title={`${clipped(bar.label)} · ${formatDuration(duration)}`}
              data-kind={bar.kind}
              data-ms={String(duration)}
              data-depth={String(bar.depth)}
              {...(bar.message === undefined ? {} : { "data-message": String(bar.message) })}
              {...(bar.callId === undefined ? {} : { "data-call": bar.callId })}
              data-run={bar.runPath}
            >
              {right - left > 40 ? clipped(bar.label) : ""}
            </a>
          );
        })}
      </div>
      <div class="flame-strip" style={{ height: `${stripHeight}px` }} title="tokens per turn">
        {flame.turns.map((turn, index) => {
          const left = Math.max(0, x(turn.start));
          const right = Math.min(width, x(Math.max(turn.end, turn.start + span / width)));
          if (right < 0 || left > width) return null;
          return (
            <a
              key={index}
              class="flame-turn"
              href={`#${permalink(turn.runPath, turn.message)}`}
              style={{
                left: `${left}px`,
                width: `${Math.max(1, right - left)}px`,
                height: `${Math.max(1, (turn.tokens / maxTokens) * stripHeight)}px`,
              }}
              title={`turn ${index + 1}: ${groupDigits(turn.tokens)} tokens · ${formatMoney(turn.cost, "USD")}`}
              data-tokens={String(turn.tokens)}
            />
          );
        })}
      </div>
      <div class="flame-context" style={{ height: `${stripHeight}px` }}>
        {[...columns].map(([column, tokens]) => (
          <span
            key={column}
            class="flame-context-point"
            style={{ left: `${column}px`, height: `${Math.max(1, (tokens / maxContext) * stripHeight)}px` }}
            title={`context ${formatTokens(tokens)} tokens`}
          />
        ))}
      </div>
      <div class="muted flame-legend">
        bars: the run · its turns · model calls and tool calls (sub-agents beneath the call that started them); strips:
        tokens per turn (up to {formatTokens(maxTokens)}), context per model call (up to {formatTokens(maxContext)})
      </div>
    </div>
  );
}
