/**
 * Days as reports count them: a moment's calendar day in a time zone, the week holding it, and the days a user names
 * (`--since`, `--until`), checked.
 */
import { exitCodes, shown, UserError } from "./io.js";

/** Whether `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A call's calendar day in a time zone. Every zone's offset is a whole number of quarter hours, so the day is
 * remembered per quarter hour: a corpus of many calls formats each quarter hour once.
 */
export class DayOfCall {
  private readonly format: Intl.DateTimeFormat;
  private readonly memo = new Map<number, string>();

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hourCycle: "h23",
    });
  }

  /** `YYYY-MM-DD`, or undefined for a time that is none. */
  of(at: string | null): string | undefined {
    if (at === null) return undefined;
    const time = Date.parse(at);
    if (!Number.isFinite(time)) return undefined;
    return this.ofTime(time);
  }

  /** The day of a time in milliseconds since the epoch. */
  ofTime(time: number): string {
    const quarter = Math.floor(time / 900_000);
    let day = this.memo.get(quarter);
    if (day === undefined) {
      const parts: Record<string, string> = {};
      for (const part of this.format.formatToParts(time)) parts[part.type] = part.value;
      day = `${parts.year}-${parts.month}-${parts.day}`;
      if (this.memo.size > 100_000) this.memo.clear();
      this.memo.set(quarter, day);
    }
    return day;
  }

  /**
   * The first millisecond of `day` (`YYYY-MM-DD`) in the zone: a day begins on a quarter hour in every zone, so the
   * first quarter hour whose day is not before it, searched within two days of its UTC midnight.
   */
  startOf(day: string): number {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    let low = Math.floor((Date.UTC(year, month - 1, date) - 2 * 86_400_000) / 900_000);
    let high = low + (4 * 86_400_000) / 900_000;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (this.ofTime(middle * 900_000) < day) low = middle + 1;
      else high = middle;
    }
    return low * 900_000;
  }

  /** The first millisecond after `day`. */
  endOf(day: string): number {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    return this.startOf(new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10));
  }
}

/** The day a week starting on `weekStart` (0 Sunday … 6 Saturday) that holds `day` begins. */
export function weekOf(day: string, weekStart: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  utc.setUTCDate(utc.getUTCDate() - ((utc.getUTCDay() - weekStart + 7) % 7));
  return utc.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` or `YYYYMMDD`, a real day, as `YYYY-MM-DD`. */
export function parseDay(text: string, option: string): string {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (match !== null) {
    const [, year, month, day] = match as unknown as [string, string, string, string];
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (
      date.getUTCFullYear() === Number(year) &&
      date.getUTCMonth() === Number(month) - 1 &&
      date.getUTCDate() === Number(day)
    )
      return `${year}-${month}-${day}`;
  }
  throw new UserError(`${option} takes a day as YYYY-MM-DD or YYYYMMDD, not "${shown(text)}"`, exitCodes.usage);
}

/** The time zone a report counts days in: the one asked for, checked, else the system's. */
export function reportTimeZone(asked: string | undefined): string {
  const zone = asked ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isTimeZone(zone))
    throw new UserError(
      `--timezone: "${shown(zone)}" is no time zone this system knows (an IANA name, e.g. Europe/Berlin or UTC)`,
      exitCodes.usage,
    );
  return zone;
}

/** `--since` and `--until`, checked and in order. */
export function dayBounds(options: { since?: string; until?: string }): { since?: string; until?: string } {
  const since = options.since === undefined ? undefined : parseDay(options.since, "--since");
  const until = options.until === undefined ? undefined : parseDay(options.until, "--until");
  if (since !== undefined && until !== undefined && since > until)
    throw new UserError(`--since ${since} is after --until ${until}`, exitCodes.usage);
  return { since, until };
}

/** Whether a day falls within the bounds; a moment without a day falls within none once a day is named. */
export function withinDays(day: string | undefined, bounds: { since?: string; until?: string }): boolean {
  if (bounds.since === undefined && bounds.until === undefined) return true;
  if (day === undefined) return false;
  return (bounds.since === undefined || day >= bounds.since) && (bounds.until === undefined || day <= bounds.until);
}

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment as `YYYY-MM-DD HH:MM` in a time zone, `-` when it is none. One formatter per zone: making one is costly. */
export function localMinute(iso: string | null, timeZone: string): string {
  const time = iso === null ? NaN : Date.parse(iso);
  if (!Number.isFinite(time)) return "-";
  let format = minuteFormats.get(timeZone);
  if (format === undefined)
    minuteFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })),
    );
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(time)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
