/**
 * Calendar days as `YYYY-MM-DD` strings and months as `YYYY-MM`.
 * All arithmetic runs on UTC day numbers, so the host's local timezone never shifts a day.
 */

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

function parseDay(day: string): { year: number; month: number; date: number } {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const date = Number(match[3]);
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar day: ${day}`);
  }
  return { year, month, date };
}

function parseMonthOrDay(value: string): { year: number; month: number } {
  const monthMatch = MONTH_PATTERN.exec(value);
  if (monthMatch) {
    const month = Number(monthMatch[2]);
    if (month < 1 || month > 12) throw new RangeError(`Not a month (YYYY-MM): ${value}`);
    return { year: Number(monthMatch[1]), month };
  }
  const { year, month } = parseDay(value);
  return { year, month };
}

function formatDay(year: number, month: number, date: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
}

/** Days since 1970-01-01 (UTC). */
function toDayNumber(day: string): number {
  const { year, month, date } = parseDay(day);
  return Date.UTC(year, month - 1, date) / DAY_MS;
}

function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidDay(value: string): boolean {
  try {
    parseDay(value);
    return true;
  } catch {
    return false;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** One formatter per time zone: building one costs far more than using it. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The last day read per time zone, with the second it was read for. A wall clock's day changes at
 * midnight, and every UTC offset is a whole number of seconds, so every instant of one UTC second
 * falls on the same day in any zone: the day of the second is exact. Every cached read asks for
 * today (its cache key holds it), and formatting it cost ~10 µs per request.
 */
const lastDays = new Map<string, { second: number; day: string }>();

/** The calendar day at `now` as seen on a wall clock in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  const parts = dayFormatter(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((candidate) => candidate.type === type)?.value);
  const day = formatDay(part("year"), part("month"), part("day"));
  lastDays.set(timeZone, { second, day });
  return day;
}

export function addDays(day: string, n: number): string {
  return fromDayNumber(toDayNumber(day) + n);
}

/** Same day of month n months later, clamped to the month's end (2024-01-31 + 1 -> 2024-02-29). */
export function addMonths(day: string, n: number): string {
  const { year, month, date } = parseDay(day);
  const index = year * 12 + (month - 1) + n;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatDay(targetYear, targetMonth, Math.min(date, daysInMonth(targetYear, targetMonth)));
}

export function monthOf(day: string): string {
  parseDay(day);
  return day.slice(0, 7);
}

/** The first day of a month, given the month (`YYYY-MM`) or any day in it. */
export function startOfMonth(monthOrDay: string): string {
  const { year, month } = parseMonthOrDay(monthOrDay);
  return formatDay(year, month, 1);
}

/** The last day of a month, given the month (`YYYY-MM`) or any day in it. */
export function endOfMonth(monthOrDay: string): string {
  const { year, month } = parseMonthOrDay(monthOrDay);
  return formatDay(year, month, daysInMonth(year, month));
}

/** Whole days from a to b (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}

/** 0 = Sunday ... 6 = Saturday. */
export function dayOfWeek(day: string): number {
  // 1970-01-01 was a Thursday (4).
  return (((toDayNumber(day) + 4) % 7) + 7) % 7;
}

/** UTC midnight of the day: what Prisma reads and writes for a @db.Date column. */
export function dayToDate(day: string): Date {
  return new Date(toDayNumber(day) * DAY_MS);
}

/** The day of a @db.Date value (UTC midnight) as `YYYY-MM-DD`. */
export function dateToDay(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date");
  return date.toISOString().slice(0, 10);
}
