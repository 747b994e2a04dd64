/**
 * The run's timeline on one canvas: a tick per message coloured by role on the top lane, each tool call's duration
 * as a bar on the lane below (from its call to its result), and the run's steps (agents, workflow calls) on the
 * third, from their start to their end. One canvas, not a node per message, so a 20,000-message
 * run draws in a few milliseconds. A click jumps to the nearest message.
 */
import { useLayoutEffect, useMemo, useRef } from "preact/hooks";
import { formatDuration, type RunView } from "./model.js";

const roleColours: Record<string, string> = {
  system: "#8a8f98",
  developer: "#8a8f98",
  user: "#2f6fd6",
  assistant: "#1f9d74",
  tool: "#c77d1a",
};
const stepColours: Record<string, string> = {
  completed: "#6b7fd6",
  running: "#2f6fd6",
  failed: "#d4473c",
  canceled: "#c77d1a",
};
const statusColours: Record<string, string> = {
  ok: "#1f9d74",
  error: "#d4473c",
  denied: "#a05ad6",
  interrupted: "#c77d1a",
};

interface Points {
  /** Each message's time (ms), or its index when the run has no times. */
  at: Float64Array;
  start: number;
  end: number;
  timed: boolean;
  tools: Array<{ from: number; to: number; status: string }>;
  steps: Array<{ from: number; to: number; status: string }>;
}

function pointsOf(view: RunView): Points {
  const rows = view.rows;
  const at = new Float64Array(rows.length);
  let timed = rows.length > 0;
  for (let index = 0; index < rows.length; index += 1) {
    const time = Date.parse(rows[index]?.message.created_at ?? "");
    if (!Number.isFinite(time)) {
      timed = false;
      break;
    }
    at[index] = time;
  }
  if (!timed) for (let index = 0; index < rows.length; index += 1) at[index] = index;
  let start = Infinity;
  let end = -Infinity;
  for (const value of at) {
    if (value < start) start = value;
    if (value > end) end = value;
  }
  const tools: Points["tools"] = [];
  for (const [callId, callRow] of view.calls) {
    const result = view.results.get(callId);
    if (result === undefined) continue;
    const from = at[callRow] ?? 0;
    const to =
      timed && result.part.duration_ms !== undefined ? from + result.part.duration_ms : (at[result.row] ?? from);
    tools.push({ from, to: Math.max(to, from), status: result.part.status });
    if (to > end) end = to;
  }
  const steps: Points["steps"] = [];
  if (timed)
    for (const step of view.document.run?.steps ?? []) {
      const from = Date.parse(step.started_at ?? "");
      const to = Date.parse(step.ended_at ?? "");
      if (!Number.isFinite(from)) continue;
      steps.push({ from, to: Number.isFinite(to) ? Math.max(to, from) : from, status: step.status });
      if (from < start) start = from;
      if (to > end) end = to;
    }
  return { at, start: Number.isFinite(start) ? start : 0, end: Number.isFinite(end) ? end : 1, timed, tools, steps };
}

export function Timeline({ view, onPick }: { view: RunView; onPick: (index: number) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const points = useMemo(() => pointsOf(view), [view]);
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const draw = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      const ratio = window.devicePixelRatio || 1;
      element.width = Math.max(1, Math.floor(width * ratio));
      element.height = Math.max(1, Math.floor(height * ratio));
      const context = element.getContext("2d");
      if (!context) return;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);
      const span = Math.max(1, points.end - points.start);
      const x = (value: number) => ((value - points.start) / span) * (width - 2) + 1;
      for (let index = 0; index < view.rows.length; index += 1) {
        context.fillStyle = roleColours[view.rows[index]?.role ?? ""] ?? "#888";
        context.fillRect(Math.floor(x(points.at[index] ?? 0)), 2, 1, 12);
      }
      for (const tool of points.tools) {
        context.fillStyle = statusColours[tool.status] ?? "#888";
        const left = x(tool.from);
        context.fillRect(left, 18, Math.max(1, x(tool.to) - left), 8);
      }
      for (const step of points.steps) {
        context.fillStyle = stepColours[step.status] ?? "#888";
        const left = x(step.from);
        context.fillRect(left, 30, Math.max(2, x(step.to) - left), 6);
      }
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(element);
    return () => observer.disconnect();
  }, [points, view]);
  const pick = (event: MouseEvent) => {
    const element = canvas.current;
    if (!element || view.rows.length === 0) return;
    const fraction = (event.clientX - element.getBoundingClientRect().left) / element.clientWidth;
    const wanted = points.start + fraction * (points.end - points.start);
    // The rows are in time order: a binary search finds the nearest.
    let low = 0;
    let high = view.rows.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((points.at[middle] ?? 0) < wanted) low = middle + 1;
      else high = middle;
    }
    onPick(low);
  };
  if (view.rows.length === 0) return null;
  return (
    <div class="timeline">
      <canvas
        ref={canvas}
        onClick={pick}
        aria-label="timeline"
        title="messages by role; tool calls by duration and status; steps"
      />
      <div class="timeline-axis muted">
        {points.timed
          ? `${formatDuration(points.end - points.start)} · ${points.tools.length} tool calls${points.steps.length > 0 ? ` · ${points.steps.length} steps` : ""}`
          : "no timestamps: by message order"}
      </div>
    </div>
  );
}
