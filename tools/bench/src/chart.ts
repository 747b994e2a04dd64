// One group's chart for BENCHMARKS.md: a horizontal bar per row with a target, its length the measured value ÷ the
// target, so every row of a group shares one target line (at 1) whatever its unit. Hand-written SVG: a bar chart is
// a few rectangles and labels, and the output must be byte-stable for the staleness test.
export type PageVerdict = "met" | "missed" | "borderline" | "context";

export interface ChartRow {
  /** The benchmark id, shown on the left. */
  readonly label: string;
  readonly value: number;
  readonly target: number | null;
  /** The spread around the value, in its unit; drawn as a whisker. */
  readonly whisker: { readonly low: number; readonly high: number } | null;
  readonly verdict: PageVerdict;
  /** What the right-hand label says, e.g. "1.56× (≤ 1.15×) missed". */
  readonly text: string;
}

const width = 840;
const labelRight = 256;
const plotLeft = 264;
const plotRight = 572;
const textLeft = 584;
const rowHeight = 22;
const barHeight = 12;
const top = 74;
const colours: Record<PageVerdict, string> = {
  met: "#2e7d32",
  missed: "#c62828",
  borderline: "#e08a00",
  context: "#757575",
};

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

const coordinate = (value: number): string => value.toFixed(1);

/** The axis runs from 0 to the first half step at or past every bar and whisker, at least 1.5, at most 3. */
function axisMaximum(rows: readonly ChartRow[]): number {
  let largest = 0;
  for (const row of rows)
    if (row.target !== null) largest = Math.max(largest, row.value / row.target, (row.whisker?.high ?? 0) / row.target);
  return Math.min(3, Math.max(1.5, Math.ceil(largest * 2) / 2));
}

export function renderChart(title: string, rows: readonly ChartRow[]): string {
  const maximum = axisMaximum(rows);
  const x = (share: number): number => plotLeft + (Math.min(share, maximum) / maximum) * (plotRight - plotLeft);
  const height = top + rows.length * rowHeight + 36;
  const lines: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}" font-family="-apple-system, 'Segoe UI', Helvetica, Arial, sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    // Opaque, so the chart stays readable on a dark page.
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="600" fill="#111111">${escapeXml(title)}</text>`,
    `<text x="12" y="42" fill="#444444">Bar: measured ÷ target (lower is better); dashed line: the target; whisker: the spread.</text>`,
  ];
  for (let tick = 0; tick <= maximum + 1e-9; tick += 0.5) {
    const at = coordinate(x(tick));
    lines.push(
      `<line x1="${at}" y1="${top - 8}" x2="${at}" y2="${top + rows.length * rowHeight}" stroke="#e0e0e0"/>`,
      `<text x="${at}" y="${top - 12}" text-anchor="middle" fill="#666666">${tick.toFixed(1)}</text>`,
    );
  }
  rows.forEach((row, index) => {
    const middle = top + index * rowHeight + rowHeight / 2;
    lines.push(
      `<text x="${labelRight}" y="${coordinate(middle + 4)}" text-anchor="end" fill="#111111">${escapeXml(row.label)}</text>`,
    );
    if (row.target !== null) {
      const share = row.value / row.target;
      lines.push(
        `<rect x="${plotLeft}" y="${coordinate(middle - barHeight / 2)}" width="${coordinate(x(share) - plotLeft)}" height="${barHeight}" fill="${colours[row.verdict]}"/>`,
      );
      if (share > maximum)
        lines.push(
          `<path d="M${coordinate(plotRight + 1)} ${coordinate(middle - 6)} l6 6 l-6 6 z" fill="${colours[row.verdict]}"/>`,
        );
      if (row.whisker !== null) {
        const low = coordinate(x(row.whisker.low / row.target));
        const high = coordinate(x(row.whisker.high / row.target));
        lines.push(
          `<path d="M${low} ${coordinate(middle)} H${high} M${low} ${coordinate(middle - 4)} V${coordinate(middle + 4)} M${high} ${coordinate(middle - 4)} V${coordinate(middle + 4)}" stroke="#111111" stroke-width="1.2" fill="none"/>`,
        );
      }
    }
    lines.push(
      `<text x="${textLeft}" y="${coordinate(middle + 4)}" fill="${colours[row.verdict]}">${escapeXml(row.text)}</text>`,
    );
  });
  const line = coordinate(x(1));
  lines.push(
    `<line x1="${line}" y1="${top - 8}" x2="${line}" y2="${top + rows.length * rowHeight}" stroke="#111111" stroke-width="1.5" stroke-dasharray="5 3"/>`,
    `<text x="12" y="${height - 12}" fill="#444444">` +
      `<tspan fill="${colours.met}">■ met</tspan><tspan dx="14" fill="${colours.borderline}">■ borderline</tspan>` +
      `<tspan dx="14" fill="${colours.missed}">■ missed</tspan><tspan dx="14" fill="${colours.context}">context: no target, no bar</tspan>` +
      (rows.some((row) => row.target !== null && row.value / row.target > maximum)
        ? `<tspan dx="14">▸ bar cut at ${maximum.toFixed(1)}× the target</tspan>`
        : "") +
      `</text>`,
    `</svg>`,
  );
  return `${lines.join("\n")}\n`;
}
