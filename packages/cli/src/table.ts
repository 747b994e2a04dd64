/**
 * Tables for people: columns padded to their widest cell, numbers aligned right, and on a terminal narrower than the
 * table the least needed columns left out (each column says how much it is needed), then the last column cut with an
 * ellipsis. Cells are shown escaped by the caller when they hold input.
 */
import type { Cost } from "@agent-transcript/core";
import { homedir } from "node:os";
import { formatMoney } from "@agent-transcript/core/text";
import { shown } from "./io.js";

export interface TableColumn {
  title: string;
  align?: "left" | "right";
  /** Which columns go first when the table is too wide: the lowest; a column without one always stays. */
  drop?: number;
}

/** A row of cells, or a line of its own across the table (a section's heading, a note). */
export type TableRow = readonly string[] | { line: string };

const gap = "  ";

/** Characters a cell takes on screen; our cells are escaped text without wide characters, so their length. */
function widthOf(text: string): number {
  return [...text].length;
}

function cut(text: string, width: number): string {
  const characters = [...text];
  return characters.length <= width ? text : `${characters.slice(0, Math.max(0, width - 1)).join("")}…`;
}

/** The table as lines, fitted to `columns` when given (a terminal's width). */
export function renderTable(
  columns: readonly TableColumn[],
  rows: readonly TableRow[],
  options: { width?: number; separatorBefore?: ReadonlySet<number> } = {},
): string[] {
  let kept = columns.map((_, index) => index);
  const widths = columns.map((column) => widthOf(column.title));
  for (const row of rows)
    if (Array.isArray(row))
      (row as readonly string[]).forEach(
        (cell, index) => (widths[index] = Math.max(widths[index] ?? 0, widthOf(cell))),
      );
  const total = (indexes: readonly number[]) =>
    indexes.reduce((sum, index) => sum + (widths[index] ?? 0), 0) + gap.length * Math.max(0, indexes.length - 1);
  if (options.width !== undefined) {
    const droppable = kept
      .filter((index) => columns[index]?.drop !== undefined)
      .sort((a, b) => (columns[a]?.drop ?? 0) - (columns[b]?.drop ?? 0));
    while (total(kept) > options.width && droppable.length > 0) {
      const dropped = droppable.shift() as number;
      kept = kept.filter((index) => index !== dropped);
    }
  }
  const line = (cells: readonly string[]) =>
    kept
      .map((index, position) => {
        const cell = cells[index] ?? "";
        const width = widths[index] ?? 0;
        if (position === kept.length - 1 && columns[index]?.align !== "right") return cell;
        return columns[index]?.align === "right" ? cell.padStart(width) : cell.padEnd(width);
      })
      .join(gap)
      .trimEnd();
  const fit = (text: string) => (options.width === undefined ? text : cut(text, options.width));
  const lines = [fit(line(columns.map((column) => column.title)))];
  // The rule spans the columns, the last (left-aligned) one as wide as its title: a long list there is no reason
  // for a line across the screen.
  const last = kept[kept.length - 1];
  const lastWidth = last === undefined ? 0 : (widths[last] ?? 0);
  const ruleWidth =
    last !== undefined && columns[last]?.align !== "right"
      ? total(kept) - lastWidth + widthOf(columns[last]?.title ?? "")
      : total(kept);
  const rule = fit("─".repeat(ruleWidth));
  lines.push(rule);
  rows.forEach((row, index) => {
    if (options.separatorBefore?.has(index) === true) lines.push(rule);
    lines.push(fit(Array.isArray(row) ? line(row as readonly string[]) : (row as { line: string }).line));
  });
  return lines;
}

/** A total's cost in a cell: unknown stays unknown, shown as the priced part and a mark that more was spent. */
export function formatCost(cost: Cost | null, pricedAmount: number | null): string {
  if (cost === null) return "-";
  if (cost.status !== "unknown") return formatMoney(cost.amount, cost.currency);
  return pricedAmount === null ? "?" : `${formatMoney(pricedAmount, cost.currency)} + ?`;
}

/** A project as people read it: escaped, the home directory as `~`, a long one by its end (its own name is last). */
export function formatProject(project: string | null): string {
  if (project === null) return "-";
  const home = homedir();
  const short = shown(project.startsWith(`${home}/`) ? `~${project.slice(home.length)}` : project);
  const characters = [...short];
  return characters.length <= 40 ? short : `…${characters.slice(-39).join("")}`;
}

/** A span of time as people read it: seconds, minutes, hours and minutes, then days and hours; `-` when unknown. */
export function formatSpan(milliseconds: number | null): string {
  if (milliseconds === null) return "-";
  const seconds = Math.round(milliseconds / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(milliseconds / 60_000);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)} h`;
}
